"""Issue 15 through the Flask test client: the shared vocabulary, /arbitrage's verdict lines and
« seulement ces billes », the server-written decision the JavaScript puts in place, reading pages
(table of contents, filter, no file names), offline delivery (manifest, service worker, the
offline page), compression and local times."""
from __future__ import annotations

import gzip
import html
import json
import re
from urllib.parse import urlencode

import pytest

from qa import ruling_words as words
from qa.engine.everywhere import rule_under
from qa.engine.scenario import parse_scenario


def text(resp) -> str:
    return resp.get_data(as_text=True)


# ----------------------------------------------------------------------------- one vocabulary
def _outcome(book, rid, data):
    sc, _ = parse_scenario({**data, "ruleset": rid})
    return rule_under(book, sc, [rid])[rid].to_json(book.clauses)


def test_verdict_line_of_a_scratch_names_the_foul_and_the_next_player(rulebook):
    # 9-bca: the cue ball pocketed is a foul, the opponent has the ball in hand (the BCA text)
    o = _outcome(rulebook, "9-bca", {"state": {"on_table": [4, 6, 9]}, "shot": {"first_contact": 4, "cue_ball": "pocketed"}})
    line = words.verdict_line(o, 9, rulebook.foul_labels)
    label = rulebook.foul_labels["cue_ball_pocketed"].lower()
    assert line == f"Faute ({label}) : l’adversaire joue, bille en main."


def test_verdict_line_of_the_nine_on_a_legal_shot_wins(rulebook):
    o = _outcome(rulebook, "9-ffb", {"state": {"on_table": [8, 9]}, "shot": {"first_contact": 8, "pocketed": [9]}})
    assert words.verdict_line(o, 9, rulebook.foul_labels) == \
        "Coup régulier : partie gagnée par le tireur (la 9 empochée régulièrement)."


def test_the_same_words_on_the_builder_in_the_comparison_and_in_the_cli(client, rulebook, runner, cli, tmp_path):
    shot = {"state": {"on_table": [4, 6, 9]}, "shot": {"first_contact": 4, "cue_ball": "pocketed"}}
    page = text(client.get("/arbitrage?" + urlencode({"scenario": json.dumps(shot)})))
    row_next = words.ROWS["next_shooter"]
    assert f"<dt>{row_next}" in page and "Joueur suivant" not in page and "Verdict" not in page
    assert "texte muet" not in page
    from qa.compare import rule_everywhere
    res = rule_everywhere(rulebook, shot, ["9-bca", "9-ffb"])
    assert {f["label"] for f in res["fields"]} <= set(words.ROWS.values())
    nxt = next(f for f in res["fields"] if f["name"] == "next_shooter")
    assert nxt["values"] == {"9-bca": words.WHO_NEXT["opponent"], "9-ffb": words.WHO_NEXT["opponent"]}
    f = tmp_path / "coup.json"
    f.write_text(json.dumps({**shot, "ruleset": "9-bca"}), encoding="utf-8")
    out = runner.invoke(cli, ["evaluate", str(f)]).stdout
    assert f"{row_next} : {words.WHO_NEXT['opponent']}" in out


# ----------------------------------------------------------------------------- /arbitrage
def test_only_these_balls_in_one_entry(client):
    resp = client.get("/arbitrage?" + urlencode({"form": 1, "game": "nine-ball", "prev_game": "nine-ball",
                                                 "only_balls": "4, 6 et 9", "first_contact": 4, "pocketed": 4}))
    assert resp.status_code == 200
    body = text(resp)
    on = sorted(int(n) for n in re.findall(r'name="on_table" value="(\d+)" checked', body))
    assert on == [4, 6, 9]
    assert "scenario=" in body and "%22on_table%22%3A%5B4%2C6%2C9%5D" in body.replace("&amp;", "&")


@pytest.mark.parametrize("raw", ["4 12", "quatre", "4 x"])
def test_only_these_balls_refuses_what_is_not_a_ball(client, raw):
    resp = client.get("/arbitrage?" + urlencode({"form": 1, "only_balls": raw}))
    assert resp.status_code == 400
    assert "only_balls" in text(resp)


def test_one_line_verdict_per_ruleset_on_top(client):
    shot = {"state": {"on_table": [4, 6, 9]}, "shot": {"first_contact": 4, "cue_ball": "pocketed"}}
    body = text(client.get("/arbitrage?" + urlencode({"scenario": json.dumps(shot)})))
    top = re.search(r'<ul class="arb-verdicts".*?</ul>', body, re.S).group(0)
    assert top.count('class="arb-pick"') == 2
    assert body.index('class="arb-verdicts"') < body.index('class="arb-columns"')
    assert "Faute (" in top and "l’adversaire joue, bille en main." in top


def test_the_decision_fragment_is_the_pages_own(client):
    """What arbitrage.js puts in place is the server's HTML for the same query string."""
    q = urlencode({"form": 1, "game": "nine-ball", "prev_game": "nine-ball", "on_table": [2, 3, 9],
                   "first_contact": 3, "pocketed": 9}, doseq=True)
    part = text(client.get("/arbitrage/decision?" + q))
    page = text(client.get("/arbitrage?" + q))
    assert part.strip().startswith("<div class=\"arb-decision\"") and "<html" not in part
    inner = re.search(r'<div id="arb-output">.*', part, re.S).group(0)
    assert inner.split('<p class="arb-share"')[0] in page
    assert client.get("/arbitrage/decision?form=1&only_balls=99").status_code == 400


def test_arbitrage_script_writes_no_ruling_words():
    from pathlib import Path
    js = (Path(__file__).resolve().parent.parent / "web" / "static" / "arbitrage.js").read_text(encoding="utf-8")
    for phrase in (words.LEGAL, words.FOUL + " :", words.ROWS["next_shooter"], "bille en main", "Joue ensuite"):
        assert phrase not in js


# ----------------------------------------------------------------------------- reading pages
def test_ruleset_page_has_a_table_of_contents_and_no_file_name(client, rulebook):
    rs = rulebook.rulesets["9-ffb"]
    body = text(client.get("/regles/9-ffb"))
    assert rs.source not in body and "source :" not in body
    toc = re.search(r'<details class="toc" id="sommaire">.*?</details>', body, re.S).group(0)
    anchors = re.findall(r'href="#(s-[^"]+)"', toc)
    assert anchors and all(f'id="{a}"' in body for a in anchors)
    sections = {c.section for c in rulebook.by_ruleset["9-ffb"] if c.section}
    assert all(s in html.unescape(toc) for s in sections)
    # the permalinks and the decisions table name passages, not ids
    assert not re.search(r'>9-ffb/[a-z0-9-]+</a>', body)


def test_ruleset_filter_keeps_the_passages_with_every_word(client, rulebook):
    body = text(client.get("/regles/9-ffb?filtre=Trois+BILLES"))
    kept = re.findall(r'<div class="clause clause-\w+" id="(9-ffb/[^"]+)"', body)
    from qa.text import fold
    expect = [c.id for c in rulebook.by_ruleset["9-ffb"]
              if all(w in fold(c.title + " " + (c.section or "") + " " + c.text) for w in ("trois", "billes"))]
    assert kept == expect and 0 < len(kept) < len(rulebook.by_ruleset["9-ffb"])
    assert f"{len(kept)} passage" in body


def test_topic_page_groups_are_folded_with_a_table_of_contents(client):
    body = text(client.get("/themes/fouls"))
    assert '<nav aria-label="Sommaire du thème"' in body
    groups = re.findall(r'<details class="topic-group" id="grp-([a-z0-9-]+)" data-filter-group( open)?>', body)
    assert len(groups) >= 2 and all(not opened for _, opened in groups)
    body = text(client.get("/themes/fouls?filtre=blanche"))
    assert all(opened for _, opened in re.findall(r'<details class="topic-group" id="grp-([a-z0-9-]+)" data-filter-group( open)?>', body))


# ----------------------------------------------------------------------------- offline and delivery
def test_manifest_and_icons(client):
    resp = client.get("/manifest.webmanifest")
    assert resp.status_code == 200 and resp.mimetype == "application/manifest+json"
    data = resp.get_json(force=True)
    assert data["start_url"] == "/" and data["lang"] == "fr" and data["display"] == "standalone"
    for icon in data["icons"]:
        r = client.get(icon["src"])
        assert r.status_code == 200, icon
        if icon["type"] == "image/png":
            w, h = int.from_bytes(r.data[16:20], "big"), int.from_bytes(r.data[20:24], "big")
            assert f"{w}x{h}" == icon["sizes"]
    page = text(client.get("/"))
    assert 'rel="manifest"' in page and 'href="data:,"' not in page and "icon.svg" in page


def test_service_worker_keeps_every_ruleset_text(client, rulebook):
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Service-Worker-Allowed"] == "/"
    urls = json.loads(re.search(r"var URLS = (\[.*?\]);", text(resp)).group(1))
    for rid in rulebook.rulesets:
        assert f"/regles/{rid}" in urls
    assert "/hors-ligne" in urls and "/static/style.css" in urls
    for url in urls:                                   # cache.addAll fails on a single non-200
        assert client.get(url).status_code == 200, url


def test_offline_page_says_a_question_needs_the_server(client):
    body = text(client.get("/hors-ligne"))
    assert "besoin du serveur" in body and 'href="/regles/9-ffb"' in body


def test_responses_are_compressed(client):
    resp = client.get("/comparer?rulesets=9-bca,9-ffb", headers={"Accept-Encoding": "gzip"})
    assert resp.headers["Content-Encoding"] == "gzip"
    raw = gzip.decompress(resp.data)
    assert len(resp.data) * 5 < len(raw) and b"cmp-policies" in raw
    assert "Accept-Encoding" in resp.headers.get("Vary", "")
    plain = client.get("/comparer?rulesets=9-bca,9-ffb")
    assert "Content-Encoding" not in plain.headers and plain.data == raw


def test_times_are_marked_for_the_users_time_zone():
    from web.quiz import when
    assert str(when("2025-03-01T14:05:09.123+00:00")) == \
        '<time class="local" datetime="2025-03-01T14:05:09.123+00:00">01/03/2025 14:05 UTC</time>'


# ----------------------------------------------------------------------------- house rules without a restart
DRAFT = {"base": "9-ffb", "id": "club-essai", "title": "Club d’essai", "p_jump_shots": "forbidden",
         "n_jump_shots": "Pas de saut au club."}


def test_a_draft_is_tried_in_this_browser_only(app):
    me, other = app.test_client(), app.test_client()
    r = me.post("/regles-maison/essai", data=DRAFT)
    assert r.status_code == 303 and r.headers["Location"].startswith("/comparer?rulesets=9-ffb%2Cclub-essai")
    page = text(me.get("/comparer?rulesets=9-ffb,club-essai"))
    assert 'id="pol-jump_shots" class="cmp-differs"' in page and "Essai en cours" in page
    # the shot builder rules under the draft too: a jump is a foul at the club (its own decision)
    shot = {"state": {"on_table": [3, 9]}, "shot": {"first_contact": 3, "jump": True}}
    body = text(me.get("/arbitrage?" + urlencode({"scenario": json.dumps(shot)})))
    col = re.search(r'<article [^>]*data-ruleset="club-essai"[^>]*>(.*?)</article>', body, re.S).group(1)
    assert "Faute" in col and "Pas de saut au club." in col
    # another browser does not see it
    assert "club-essai" not in text(other.get("/arbitrage"))
    assert other.get("/regles/club-essai").status_code == 404
    # stopping the trial
    assert me.post("/regles-maison/essai/retirer").status_code == 303
    assert "club-essai" not in text(me.get("/arbitrage"))


def test_a_draft_that_does_not_load_is_refused_with_its_problems(client):
    r = client.post("/regles-maison/essai", data={**DRAFT, "id": "9-ffb"})
    assert r.status_code == 400 and "Essai impossible" in text(r)
    r = client.post("/regles-maison/ouvrir", data={"action": "essayer", "fichier": (
        __import__("io").BytesIO("id: club-x\nextends: 9-ffb\ntitle: X\npolicy:\n  jump_shot: {value: forbidden}\n".encode()),
        "club.yaml")}, content_type="multipart/form-data")
    assert r.status_code == 400
    assert "brouillon.yaml:5" in text(r) and "jump_shots" in text(r)   # file:line and the « vouliez-vous dire »


def test_an_existing_file_is_opened_in_the_form(client):
    from pathlib import Path
    example = Path(__file__).resolve().parent.parent / "examples" / "house-rules" / "club-exemple.yaml"
    r = client.post("/regles-maison/ouvrir", data={"action": "modifier", "fichier": (example.open("rb"), "club-exemple.yaml")},
                    content_type="multipart/form-data")
    assert r.status_code == 303
    page = text(client.get(r.headers["Location"]))
    assert '<option value="forbidden" selected>' in page        # jump_shots: forbidden in the example
    assert "club-les-queues-9" in page and 'id="hr-opened"' in page
    # the changed decisions' groups are open, the others folded
    groups = re.findall(r'<details class="house-group"( open)?>\s*<summary><span class="house-group-title">([^<]+)</span>', page)
    assert any(o for o, _ in groups) and any(not o for o, _ in groups)
    # and the file itself can be tried as it is (its own passages included)
    r = client.post("/regles-maison/ouvrir", data={"action": "essayer", "fichier": (example.open("rb"), "club-exemple.yaml")},
                    content_type="multipart/form-data")
    assert r.status_code == 303
    assert "club-les-queues-9/sautes-interdits" in text(client.get("/regles/club-les-queues-9"))


@pytest.mark.parametrize("action", ["modifier", "essayer"])
def test_a_file_sent_twice_is_refused_naming_fichier(client, action):
    """README: only checkbox lists may repeat; two « fichier » is a 400 naming it, not one of them taken."""
    import io
    from pathlib import Path
    example = (Path(__file__).resolve().parent.parent / "examples" / "house-rules" / "club-exemple.yaml").read_bytes()
    other = "id: club-x\nextends: 9-ffb\ntitle: X\n".encode()
    r = client.post("/regles-maison/ouvrir", content_type="multipart/form-data", data={
        "action": action, "fichier": [(io.BytesIO(example), "club-exemple.yaml"), (io.BytesIO(other), "x.yaml")]})
    assert r.status_code == 400 and "Location" not in r.headers
    assert "« fichier »" in text(r) and "plusieurs fois" in text(r)
    assert "club-les-queues-9" not in text(client.get("/arbitrage"))      # nothing is tried


def test_trying_a_draft_needs_the_csrf_token(make_app):
    client = make_app(WTF_CSRF_ENABLED=True).test_client()
    r = client.post("/regles-maison/essai", data=DRAFT)
    assert r.status_code == 400 and "ne vient pas de ce site" in text(r)
    assert "Essai en cours" not in text(client.get("/arbitrage"))


def test_json_answers_are_compressed_too(client):
    resp = client.get("/api/rulesets", headers={"Accept-Encoding": "br, gzip"})
    assert resp.headers["Content-Encoding"] in ("br", "gzip")
    import brotli
    raw = brotli.decompress(resp.data) if resp.headers["Content-Encoding"] == "br" else gzip.decompress(resp.data)
    assert json.loads(raw) == client.get("/api/rulesets").get_json()


def test_a_file_opened_in_the_form_with_a_key_twice_is_refused_naming_it(client):
    # « check » refuses « extends: » given twice: the form does not silently take the last one
    body = "id: club-x\nextends: 9-ffb\nextends: 9-bca\ntitle: X\n".encode()
    r = client.post("/regles-maison/ouvrir", data={"action": "modifier", "fichier": (__import__("io").BytesIO(body), "club.yaml")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "clé en double « extends »" in text(r)


def test_a_file_opened_in_the_form_with_a_misnamed_policy_is_refused_naming_it(client):
    # the form has no field for « jump_shot »: opening the file would drop the decision silently
    body = "id: club-x\nextends: 9-ffb\ntitle: X\npolicy:\n  jump_shot: {value: forbidden}\n".encode()
    r = client.post("/regles-maison/ouvrir", data={"action": "modifier", "fichier": (__import__("io").BytesIO(body), "club.yaml")},
                    content_type="multipart/form-data")
    assert r.status_code == 400
    assert "Politique inconnue « jump_shot » (ligne 5) (vouliez-vous dire « jump_shots » ?)" in text(r)
    body = "id: club-x\nextends: 9-ffb\ntitle: X\npolicy:\n  jump_shots: forbidden\n".encode()
    r = client.post("/regles-maison/ouvrir", data={"action": "modifier", "fichier": (__import__("io").BytesIO(body), "club.yaml")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "« jump_shots » (ligne 5) doit s’écrire « jump_shots: {value: …} »" in text(r)


@pytest.mark.parametrize("action", ["modifier", "essayer"])
@pytest.mark.parametrize("nest", ["[" * 1000 + "]" * 1000, "{a: " * 1000 + "b" + "}" * 1000, "[" * 30000 + "]" * 30000])
def test_a_file_nested_too_deeply_is_refused_not_crashed(client, action, nest):
    # PyYAML's composer recurses once per level: deep enough, it overflowed the stack (500, or a killed worker)
    body = f"id: club-x\nextends: 9-ffb\ntitle: {nest}\n".encode()
    r = client.post("/regles-maison/ouvrir", data={"action": action, "fichier": (__import__("io").BytesIO(body), "club.yaml")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "imbriqués trop profondément" in text(r)
