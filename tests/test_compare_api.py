"""GET /api/compare (contract shape, 400 JSON errors naming the field), the /comparer page,
its exports, and /regles-maison/nouveau, through the Flask test client."""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import yaml

from api_support import assert_error
from qa.compare import compare
from qa.rulebook import SILENT, load_rulebook

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_DIR = ROOT / "examples" / "house-rules"
CLUB = "club-les-queues-9"
CLAUSE_KEYS = {"id", "ruleset", "game", "kind", "section", "title", "text", "topics"}


@pytest.fixture(scope="module")
def house_book():
    return load_rulebook(house_rules=EXAMPLE_DIR)


@pytest.fixture
def house_client(make_app, house_book):
    return make_app(RULEBOOK=house_book).test_client()


def html(resp) -> str:
    return resp.get_data(as_text=True)


# ----------------------------------------------------------------------------- API
def test_api_compare_contract_shape(client, rulebook):
    r = client.get("/api/compare?rulesets=9-bca,9-ffb")
    assert r.status_code == 200 and r.mimetype == "application/json"
    data = r.get_json()
    assert data["rulesets"] == ["9-bca", "9-ffb"]
    assert data["topics"] and data["policies"]
    for t in data["topics"]:
        assert {"topic", "label", "clauses"} <= set(t)
        assert set(t["clauses"]) == {"9-bca", "9-ffb"}
        for cs in t["clauses"].values():
            for c in cs:
                assert CLAUSE_KEYS <= set(c)
    for p in data["policies"]:
        assert {"name", "label", "values", "differs"} <= set(p)
        assert isinstance(p["differs"], bool)
        for v in p["values"].values():
            assert {"value", "clause"} <= set(v)
            if v["value"] == SILENT:
                assert v["clause"] is None
    three = next(p for p in data["policies"] if p["name"] == "three_ball_rule")
    assert three["differs"] is True
    bca = three["values"]["9-bca"]
    assert (bca["value"], bca["clause"], bca["value_label"]) == ("silent", None, "silencieux")
    assert data == compare(rulebook, ["9-bca", "9-ffb"])


def test_api_compare_repeated_parameter_and_topic(client):
    data = client.get("/api/compare?rulesets=10-doolys&rulesets=10-ffb,10-guide&topic=break").get_json()
    assert data["rulesets"] == ["10-doolys", "10-ffb", "10-guide"]
    assert [t["topic"] for t in data["topics"]] == ["break"]
    req = next(p for p in data["policies"] if p["name"] == "break_requirement")
    assert req["differs"] and req["values"]["10-ffb"]["value"] == "four_rails"
    assert req["values"]["10-doolys"]["value"] == "pocket_or_four_rails"


@pytest.mark.parametrize("query, field, code, needle", [
    ("?rulesets=9-ffb", "rulesets", "invalid_rulesets", "au moins 2"),
    ("?rulesets=9-bca,9-fbb", "rulesets", "unknown_ruleset", "vouliez-vous dire « 9-ffb »"),
    ("?rulesets=9-bca,9-ffb,10-ffb,10-guide,10-doolys,9-bca", None, None, None),
    ("?rulesets=9-bca,9-ffb&topic=brek", "topic", "unknown_topic", "vouliez-vous dire « break »"),
    ("?rulesets=9-bca,9-ffb&format=pdf", "format", "invalid_field", "format inconnu"),
])
def test_api_compare_errors(client, query, field, code, needle):
    r = client.get("/api/compare" + query)
    if field is None:   # a repeated id is dropped: five distinct rulesets is fine
        assert r.status_code == 200
        return
    err = assert_error(r, 400, field, code)
    assert needle in err["message"]


def test_api_compare_six_rulesets_is_refused(house_client):
    ids = "9-bca,9-ffb,10-ffb,10-guide,10-doolys," + CLUB
    err = assert_error(house_client.get(f"/api/compare?rulesets={ids}"), 400, "rulesets", "invalid_rulesets")
    assert "au plus 5" in err["message"]


def test_api_compare_without_rulesets_compares_the_published_texts(house_client, rulebook):
    for query in ("", "?rulesets=", "?topic=break"):
        data = house_client.get("/api/compare" + query).get_json()
        assert data["rulesets"] == list(rulebook.rulesets), query
        assert CLUB not in data["rulesets"]


def test_api_compare_formats(client):
    r = client.get("/api/compare?rulesets=9-bca,9-ffb&format=csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0][0] == "politique"
    r = client.get("/api/compare?rulesets=9-bca,9-ffb&format=markdown")
    assert r.status_code == 200 and r.mimetype == "text/markdown"
    assert r.get_data(as_text=True).startswith("# Comparaison")


def test_api_compare_with_house_rules(house_client):
    data = house_client.get(f"/api/compare?rulesets=9-ffb,{CLUB}").get_json()
    assert {p["name"] for p in data["policies"] if p["differs"]} == {"jump_shots", "masse_shots", "break_requirement"}
    assert data["ruleset_info"][CLUB]["house"] is True
    rulesets = house_client.get("/api/rulesets").get_json()
    club = next(r for r in rulesets if r["id"] == CLUB)
    assert club["game"] == "nine-ball" and club["policy"]["jump_shots"]["value"] == "forbidden"


def test_house_ruleset_in_evaluate(house_client):
    body = {"rulesets": ["9-ffb", CLUB], "state": {"on_table": [2, 9]}, "shot": {"first_contact": 2, "jump": True}}
    r = house_client.post("/api/evaluate", json=body)
    assert r.status_code == 200, r.get_data(as_text=True)
    out = r.get_json()["outcomes"]
    assert out["9-ffb"]["legal"] is True and out[CLUB]["legal"] is False


# ----------------------------------------------------------------------------- /comparer
def test_page_without_choice_shows_the_form(client):
    r = client.get("/comparer")
    assert r.status_code == 200
    page = html(r)
    assert 'name="rulesets"' in page and "les deux règles du 9" in page and "les trois règles du 10" in page
    assert "/comparer?rulesets=9-bca,9-ffb" in page
    assert 'id="cmp-policies"' not in page
    assert "compare.css" in page and "compare.js" in page


def test_page_marks_differing_rows_with_text(client, rulebook):
    r = client.get("/comparer?rulesets=9-bca&rulesets=9-ffb")
    assert r.status_code == 200
    page = html(r)
    three = re.search(r'<tr id="pol-three_ball_rule"[^>]*>.*?</tr>', page, re.S).group(0)
    assert 'class="cmp-differs"' in three and "≠ diffère" in three and "silencieux" in three
    clause = rulebook.rulesets["9-ffb"].policy["three_ball_rule"].clause
    assert f'href="/regles/9-ffb#{clause}"' in three
    same = re.search(r'<tr id="pol-break_first_contact"[^>]*>.*?</tr>', page, re.S).group(0)
    assert 'class="cmp-same"' in same and "≠" not in same and "identique" in same
    n = len(re.findall(r'<tr id="pol-[a-z_]+" class="cmp-differs"', page))
    assert n == sum(p["differs"] for p in compare(rulebook, ["9-bca", "9-ffb"])["policies"])
    # the texts side by side, with word differences in <mark>
    assert 'id="theme-break"' in page and "<mark>" in page
    # « le même coup partout »: into the /arbitrage builder
    link = re.search(r'href="(/arbitrage\?[^"]+)"', page).group(1).replace("&amp;", "&")
    q = parse_qs(urlparse(link).query)
    assert q["game"] == ["nine-ball"] and q["rulesets"] == ["9-bca,9-ffb"]
    # exports
    assert "/comparer/export.md?rulesets=9-bca%2C9-ffb" in page
    assert "/comparer/export.csv?rulesets=9-bca%2C9-ffb" in page


def test_page_only_differences_by_default(client):
    """Issue 15: differences only unless asked; the form sends 0 then 1 when the box is ticked."""
    for query in ("", "&only_diff=1", "&only_diff=0&only_diff=1"):
        page = html(client.get("/comparer?rulesets=9-bca,9-ffb" + query))
        assert 'class="cmp-table cmp-only-diff"' in page and 'class="compare-page is-only-diff"' in page, query
        assert "only_diff=0" in page   # the way to every decision
    page = html(client.get("/comparer?rulesets=9-bca,9-ffb&only_diff=0"))
    assert 'class="cmp-table"' in page and "only_diff=1" in page and "is-only-diff" not in page


def test_page_groups_decisions_by_topic_and_folds_the_texts(client, rulebook):
    import html as html_lib

    from qa import compare as wc
    from qa.compare import _norm_word as _norm
    values = {v["value_label"] for p in compare(rulebook, ["9-bca", "9-ffb"])["policies"] for v in p["values"].values()}
    page = html(client.get("/comparer?rulesets=9-bca,9-ffb"))
    groups = re.findall(r'<tbody class="cmp-group( cmp-group-same)?" data-topic="([a-z-]+)">', page)
    assert [t for _, t in groups] == [t for t in rulebook.topics if t in {t for _, t in groups}]
    # jump-masse: jumps and massés differ (9-bca allows them, 9-ffb is silent); a topic with no
    # differing decision is marked so and hidden in « seulement les différences »
    assert ("", "jump-masse") in groups and (" cmp-group-same", "call-shot") in groups
    assert '<details class="cmp-topic" id="theme-jump-masse">' in page      # folded, and it differs
    assert '<details class="cmp-topic cmp-topic-same" id="theme-call-shot">' in page
    # the clause stating a decision that differs says which, and marks only its rule words
    label = rulebook.policy_specs["jump_shots"].label
    decides = re.findall(r'<article class="cmp-clause cmp-clause-decides">.*?</article>', page, re.S)
    assert any(f"Fonde « {label} »" in a for a in decides)
    texts = "".join(re.findall(r"<blockquote.*?</blockquote>|<table.*?</table>", page, re.S))
    marked = [html_lib.unescape(m.strip()) for m in re.findall(r"<mark>([^<]*)</mark>", texts)]
    assert marked and all(m and (wc._RULE_WORD.match(_norm(m)) or m in values) for m in marked), marked


def test_page_topic_filter(client):
    page = html(client.get("/comparer?rulesets=10-doolys,10-ffb,10-guide&topic=three-fouls"))
    assert 'id="theme-three-fouls"' in page and 'id="theme-break"' not in page
    assert 'id="pol-unwarned_third_foul"' in page and 'id="pol-break_requirement"' not in page
    assert '<option value="three-fouls" selected>' in page


@pytest.mark.parametrize("query, needle", [
    ("?rulesets=9-bca,9-fbb", "vouliez-vous dire « 9-ffb »"),
    ("?rulesets=9-bca", "au moins 2"),
    ("?rulesets=9-bca,9-ffb&topic=brek", "vouliez-vous dire « break »"),
    ("?topic=break", "Choisissez de 2 à 5"),
])
def test_page_errors_are_french_400(client, query, needle):
    r = client.get("/comparer" + query)
    assert r.status_code == 400
    page = html(r)
    assert 'role="alert"' in page and needle in page
    assert 'name="rulesets"' in page   # the form stays


def test_page_lists_house_rules_marked(house_client):
    page = html(house_client.get(f"/comparer?rulesets=9-ffb,{CLUB}"))
    assert "règles maison" in page and "décision du club" in page
    assert f'href="/regles/{CLUB}#{CLUB}/sautes-interdits"' in page
    assert "cmp-clause-house" in page


def test_page_same_shot_in_words(client):
    r = client.get("/comparer?rulesets=9-bca,9-ffb&situation=la+blanche+tombe+%C3%A0+la+casse")
    assert r.status_code == 200
    page = html(r)
    assert 'id="meme-coup"' in page
    table = re.search(r'<table class="cmp-table" id="cmp-same-shot">.*?</table>', page, re.S).group(0)
    # a scratch on the break is a foul under both texts (9-bca/3b-bris-non-valable,
    # 9-ffb/faute-bille-blanche-empochee): the opponent has ball in hand, nothing differs
    assert "≠ diffère" not in table and table.count("Blanche empochée") == 2
    assert 'href="/regles/9-bca#9-bca/3b-bris-non-valable"' in page
    assert 'href="/regles/9-ffb#9-ffb/faute-bille-blanche-empochee"' in page
    r = client.get("/comparer?rulesets=9-bca,9-ffb&situation=" + "x" * 600)
    assert r.status_code == 200 and "trop longue" in html(r)


def test_page_same_shot_with_a_situation_answer(client, monkeypatch):
    """With a situation understood, the ruling under every chosen ruleset, differences marked."""
    import web.compare as wc

    def fake(book, text, ids):
        return {"scenario": {"shot": {"kind": "break", "first_contact": 2, "balls_to_rail": 5, "pocketed": []}},
                "follow_up": [], "answer": "", "available": True}
    monkeypatch.setattr(wc, "situation_scenario", fake)
    page = html(client.get("/comparer?rulesets=9-bca,9-ffb&situation=casse+sur+la+2"))
    table = re.search(r'<table class="cmp-table" id="cmp-same-shot">.*?</table>', page, re.S).group(0)
    push = re.search(r"<tr class=\"cmp-differs\">\s*<th scope=\"row\">Coup poussé \(push-out\) permis au coup suivant</th>.*?</tr>", table, re.S)
    assert push and "<mark>" in push.group(0) and "≠ diffère" in push.group(0)
    assert "scenario=" in page   # the /arbitrage link carries the shot


def test_exports_download(client):
    r = client.get("/comparer/export.md?rulesets=9-bca,9-ffb&topic=break")
    assert r.status_code == 200 and r.mimetype == "text/markdown"
    assert 'filename="comparaison-9-bca-9-ffb-break.md"' in r.headers["Content-Disposition"]
    r = client.get("/comparer/export.csv?rulesets=9-bca,9-ffb")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert any(row[0] == "three_ball_rule" and row[3] == "oui" for row in rows)
    r = client.get("/comparer/export.csv?rulesets=9-bca")
    assert r.status_code == 400


def test_print_stylesheet_has_one_page_per_topic(client):
    css = client.get("/static/compare.css").get_data(as_text=True)
    assert "@media print" in css
    assert re.search(r"@media print \{.*\.cmp-topic \{ break-before: page; \}", css, re.S)


# ----------------------------------------------------------------------------- /regles-maison/nouveau
def test_house_form_steps(client, rulebook):
    page = html(client.get("/regles-maison/nouveau"))
    assert 'name="base"' in page and 'name="p_jump_shots"' not in page
    page = html(client.get("/regles-maison/nouveau?base=9-ffb"))
    assert 'name="p_jump_shots"' in page and "interdits" in page and "autorisés" in page
    spec = rulebook.policy_specs["break_requirement"]
    for label in spec.values.values():
        assert label.replace("’", "&#39;") in page or label in page


def test_house_preview_and_download(client):
    q = ("/regles-maison/nouveau?base=9-ffb&id=club-test&title=Club+test&p_jump_shots=forbidden"
         "&n_jump_shots=Pas+de+jump&p_call_shot=none")
    r = client.get(q + "&action=apercu")
    assert r.status_code == 200
    page = html(r)
    assert 'id="hr-ok"' in page and "jump_shots" in page and "call_shot" not in page.split('class="house-yaml"')[1]
    r = client.get(q + "&action=telecharger")
    assert r.status_code == 200 and r.mimetype == "application/x-yaml"
    assert 'filename="club-test.yaml"' in r.headers["Content-Disposition"]
    data = yaml.safe_load(r.get_data(as_text=True))
    assert data["id"] == "club-test" and data["extends"] == "9-ffb"
    assert data["policy"] == {"jump_shots": {"value": "forbidden", "note": "Pas de jump"}}


def test_house_downloaded_file_loads(client, tmp_path):
    r = client.get("/regles-maison/nouveau?base=10-doolys&id=club-dix&title=Dix&p_jump_shots=allowed&action=telecharger")
    (tmp_path / "club-dix.yaml").write_bytes(r.get_data())
    book = load_rulebook(house_rules=tmp_path)
    assert book.rulesets["club-dix"].policy["jump_shots"].value == "allowed"


@pytest.mark.parametrize("query, needle", [
    ("base=9-fbb", "vouliez-vous dire « 9-ffb »"),
    ("base=9-ffb&id=&title=x&action=apercu", "Donnez un identifiant"),
    ("base=9-ffb&id=Club+X&title=x&action=apercu", "Identifiant invalide"),
    ("base=9-ffb&id=9-bca&title=x&action=telecharger", "déjà un règlement"),
    ("base=9-ffb&id=club-x&title=&action=apercu", "Donnez un titre"),
    ("base=9-ffb&id=club-x&title=x&p_jump_shots=sometimes&action=apercu", "Valeur non permise"),
])
def test_house_form_errors(client, query, needle):
    r = client.get("/regles-maison/nouveau?" + query)
    assert r.status_code == 400
    assert r.mimetype == "text/html"
    assert needle in html(r)


@pytest.mark.parametrize("field", ["title", "publisher", "description", "n_jump_shots"])
@pytest.mark.parametrize("char, shown", [("\x7f", "U+007F (DEL)"), ("\x00", "U+0000 (NUL)"),
                                         ("\ufffe", "U+FFFE"), ("\x1b", "U+001B")])
def test_house_form_refuses_characters_yaml_cannot_hold(client, field, char, shown):
    """A DEL, NUL or U+FFFE in a free-text field: a French 400 page naming the field, never a 500."""
    query = {"base": "9-ffb", "id": "club-x", "title": "Club X", "p_jump_shots": "forbidden", "action": "apercu"}
    query[field] = f"Texte {char} du club"
    r = client.get("/regles-maison/nouveau", query_string=query)
    assert r.status_code == 400 and r.mimetype == "text/html"
    page = html(r)
    label = {"title": "Titre", "publisher": "Club", "description": "Description",
             "n_jump_shots": "Formulation du club"}[field]
    error = re.search(rf'<span class="field-error" id="err-{field}">([^<]*)</span>', page)
    assert error, page
    assert error.group(1).startswith(label) and shown in error.group(1) and "caractère non permis" in error.group(1)
    assert 'class="house-yaml"' not in page


def test_house_preview_reports_a_file_that_does_not_read(client, monkeypatch):
    """Were a refused character to reach the file anyway, the preview lists `file:line: message`."""
    import web.compare as web_compare
    monkeypatch.setattr(web_compare, "refused_character", lambda text: None)
    r = client.get("/regles-maison/nouveau", query_string={"base": "9-ffb", "id": "club-x", "title": "Club \x7f X",
                                                           "action": "apercu"})
    assert r.status_code == 400
    page = html(r)
    assert 'id="hr-problems"' in page and "club-x.yaml:6: YAML illisible : caractère non permis U+007F (DEL)" in page


def test_page_same_shot_understood_from_words(client):
    q = "à la casse je touche la 2 en premier et la 5 rentre"
    r = client.get("/comparer", query_string={"rulesets": "9-bca,9-ffb", "situation": q})
    assert r.status_code == 200
    page = html(r)
    assert 'id="cmp-same-shot"' in page
    table = re.search(r'<table class="cmp-table" id="cmp-same-shot">.*?</table>', page, re.S).group(0)
    assert "≠ diffère" in table     # 9-bca allows a push-out after a break foul other than a scratch
