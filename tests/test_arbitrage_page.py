"""The shot builder /arbitrage, server side (no JavaScript): the page, the plain form
submission, the prefill from the query string and bad input (French 400, never a 500)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qa.engine.scenario import parse_scenario
from web.arbitrage import form_values, scenario_from_form
from werkzeug.datastructures import MultiDict

# the shared examples, as copied into the repository (test_engine_scenarios checks the copy is current)
EXAMPLES = Path(__file__).resolve().parent / "data" / "shared_examples.yaml"

# nine-ball, 2-3-9 on the table, the 3 hit first and the 9 pocketed: a foul, the 9 is spotted.
WRONG_BALL_NINE = [("form", "1"), ("game", "nine-ball"), ("prev_game", "nine-ball"),
                   ("on_table", "2"), ("on_table", "3"), ("on_table", "9"),
                   ("kind", "normal"), ("first_contact", "3"), ("pocketed", "9"), ("cue_ball", "table")]


def text_of(resp) -> str:
    """The page's visible text, tags removed, entities decoded, whitespace collapsed."""
    body = resp.get_data(as_text=True)
    body = re.sub(r"<script\b.*?</script>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def column(resp, ruleset: str) -> str:
    """The HTML of one ruleset's column."""
    body = resp.get_data(as_text=True)
    m = re.search(r'<article [^>]*class="arb-col[^"]*"[^>]*data-ruleset="%s"[^>]*>(.*?)</article>' % re.escape(ruleset), body, re.S)
    assert m, f"no column for {ruleset}"
    return m.group(1)


def row(col_html: str, key: str) -> str:
    """The text of one row's value (``dd``) in a column."""
    m = re.search(r'<div class="arb-row row-%s[^"]*">.*?<dd>(.*?)</dd>' % key, col_html, re.S)
    assert m, f"no row {key}"
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip()


# ----------------------------------------------------------------------------- the page
def test_page_renders_the_builder_for_nine_ball_by_default(client, rulebook):
    resp = client.get("/arbitrage")
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    assert '<form id="arb-form"' in body and 'method="get"' in body
    for n in range(1, 10):
        assert re.search(r'name="on_table" value="%d" checked' % n, body)
    assert re.search(r'name="on_table" value="10" disabled', body)  # no 10 in the jeu de la 9
    for rid in rulebook.rulesets_of_game("nine-ball"):
        assert rulebook.rulesets[rid].title in html.unescape(body)
    assert "arbitrage.js" in body and "arbitrage.css" in body
    assert "Composez le coup" in text_of(resp)


def test_page_has_no_external_resource_and_no_inline_script(client):
    body = client.get("/arbitrage").get_data(as_text=True)
    assert not re.search(r'(src|href)="(https?:)?//', body)
    for attrs in re.findall(r"<script\b([^>]*)>", body):
        assert "src=" in attrs or 'type="application/json"' in attrs
    assert "<style" not in body and " style=" not in body  # CSP: style-src 'self'


def test_every_other_foul_is_offered_with_its_french_label(client):
    labels = yaml.safe_load((Path(__file__).resolve().parents[1] / "rules_data" / "foul_codes.yaml").read_text("utf-8"))
    body = html.unescape(client.get("/arbitrage").get_data(as_text=True))
    for code in ("double_hit", "touched_ball", "no_foot_on_floor", "push_shot"):
        assert f'name="fouls" value="{code}"' in body
        assert labels[code] in body


def test_ten_ball_game_shows_three_rulesets_and_the_ten(client, rulebook):
    resp = client.get("/arbitrage?game=ten-ball")
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    assert 'name="on_table" value="10" checked' in body
    for rid in rulebook.rulesets_of_game("ten-ball"):
        assert rulebook.rulesets[rid].title in html.unescape(body)


# ----------------------------------------------------------------------------- the no-JS form
def test_form_submission_rules_the_shot_under_both_nine_ball_rulesets(client, rulebook):
    resp = client.get("/arbitrage?" + urlencode(WRONG_BALL_NINE))
    assert resp.status_code == 200
    for rid in ("9-bca", "9-ffb"):
        col = column(resp, rid)
        assert row(col, "verdict").startswith("Faute")
        assert row(col, "spotted").startswith("la 9")
        assert "Mauvaise bille touchée en premier" in row(col, "fouls")
        assert row(col, "next_shooter") == "L’adversaire"
        assert row(col, "ball_in_hand") == "Oui"
        # each reason links to its clause, and the cited text is shown verbatim
        links = re.findall(r'href="/regles/%s#(%s/[a-z0-9-]+)"' % (rid, rid), col)
        assert links
        clause = rulebook.clauses[links[0]]
        assert html.escape(clause.text, quote=False) in col.replace("&#39;", "'") or clause.text in html.unescape(col)
        assert "<blockquote" in col
    # the form shows the shot that was ruled
    body = resp.get_data(as_text=True)
    assert re.search(r'name="pocketed" value="9" checked', body)
    assert re.search(r'name="first_contact" value="3" checked', body)
    assert not re.search(r'name="on_table" value="1" checked', body)
    assert "Lien vers ce coup" in body


def test_a_legal_shot_says_the_shooter_continues(client):
    params = [("form", "1"), ("game", "nine-ball"), ("on_table", "1"), ("on_table", "2"), ("on_table", "9"),
              ("first_contact", "1"), ("pocketed", "1"), ("rail_after_contact", "yes")]
    resp = client.get("/arbitrage?" + urlencode(params))
    assert resp.status_code == 200
    for rid in ("9-bca", "9-ffb"):
        col = column(resp, rid)
        assert row(col, "verdict").startswith("Coup régulier")
        assert row(col, "next_shooter") == "Le tireur (il rejoue)"


def test_rows_that_differ_between_rulesets_are_marked_in_words(client):
    # ten-ball, the 10 pocketed on a legal break: Dooly's gives the game, the others spot it.
    scenario = {"shot": {"kind": "break", "first_contact": 1, "pocketed": [2, 10], "balls_to_rail": 4}}
    resp = client.get("/arbitrage?" + urlencode({"game": "ten-ball", "scenario": json.dumps(scenario)}))
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    assert "arb-row row-game_over differs" in body
    assert "Diffère selon le règlement" in body
    assert "≠" in body


def test_notes_and_assumptions_are_labelled(client):
    # first contact not stated: the engine assumes it and says so
    params = [("form", "1"), ("game", "nine-ball"), ("on_table", "4"), ("on_table", "9"), ("pocketed", "4")]
    resp = client.get("/arbitrage?" + urlencode(params))
    assert resp.status_code == 200
    text = text_of(resp)
    assert "Ce que l’Arbitre a supposé" in text and "supposé" in text
    # a text that is silent: Dooly's states the scratch as a foul for the break only (rule 4 B,
    # 10-doolys/4b-bris-non-valable), so a scratch in play is a referee's call, said as such
    scenario = {"state": {"on_table": [2, 3, 5, 7, 10]}, "shot": {"first_contact": 2, "cue_ball": "pocketed"}}
    r = client.get("/arbitrage?" + urlencode({"game": "ten-ball", "scenario": json.dumps(scenario)}))
    col = column(r, "10-doolys")
    doolys = html.unescape(re.sub(r"<[^>]+>", " ", col))
    assert "Ce que le texte ne dit pas" in doolys and "Le texte ne tranche pas" in doolys
    assert "Décision d’arbitre : le texte ne dit rien" in doolys      # a reason resting on no clause
    assert row(col, "verdict").startswith("Faute") and "(le texte ne le dit pas" in row(col, "verdict")


def test_switching_game_without_javascript_resets_the_builder(client):
    params = [("form", "1"), ("game", "ten-ball"), ("prev_game", "nine-ball")] + [("on_table", str(n)) for n in range(1, 10)]
    resp = client.get("/arbitrage?" + urlencode(params))
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    assert "Jeu choisi" in html.unescape(body)
    assert 'name="on_table" value="10" checked' in body
    assert 'class="arb-col' not in body


def test_impossible_shot_shows_the_french_reason_and_the_clause(client, rulebook):
    params = [("form", "1"), ("game", "nine-ball"), ("kind", "push_out"), ("first_contact", "1")] + \
        [("on_table", str(n)) for n in range(1, 10)]
    resp = client.get("/arbitrage?" + urlencode(params))
    assert resp.status_code == 422
    for rid in ("9-bca", "9-ffb"):
        col = column(resp, rid)
        assert "Coup impossible selon ce règlement" in html.unescape(col)
        assert "coup poussé" in html.unescape(col).lower()
        assert re.search(r'href="/regles/%s#%s/' % (rid, rid), col)
        assert "<blockquote" in col


def test_unknown_foul_code_is_impossible_not_a_crash(client):
    resp = client.get("/arbitrage?" + urlencode([("form", "1"), ("on_table", "9"), ("fouls", "not_a_foul")]))
    assert resp.status_code == 422
    assert "Code de faute inconnu" in html.unescape(resp.get_data(as_text=True))


def test_post_is_not_allowed_the_form_is_get(client):
    assert client.post("/arbitrage", data=dict(WRONG_BALL_NINE)).status_code == 405


# ----------------------------------------------------------------------------- prefill
def test_prefill_from_a_contract_scenario(client):
    scenario = {"ruleset": "9-bca", "state": {"on_table": [4, 6, 9], "fouls": {"shooter": 1, "opponent": 2}},
                "shot": {"first_contact": 4, "pocketed": [], "cue_ball": "pocketed", "called": "safe", "jump": True}}
    resp = client.get("/arbitrage?scenario=" + json.dumps(scenario))
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    for n in (4, 6, 9):
        assert 'name="on_table" value="%d" checked' % n in body
    assert 'name="on_table" value="1" checked' not in body
    assert 'name="cue_ball" value="pocketed" checked' in body
    assert 'name="called" value="safe" checked' in body
    assert 'name="jump" value="1" checked' in body
    assert re.search(r'name="fouls_opponent">.*?<option value="2" selected', body, re.S)
    assert "ruleset" not in scenario["shot"]
    # ruled at once, under every ruleset of the game of the named ruleset
    assert row(column(resp, "9-bca"), "verdict").startswith("Faute")
    assert row(column(resp, "9-ffb"), "verdict").startswith("Faute")


def test_prefill_infers_the_game_from_the_ruleset(client):
    scenario = {"ruleset": "10-guide", "state": {"on_table": [5, 7, 10]},
                "shot": {"first_contact": 7, "pocketed": [10], "called": {"ball": 10, "pocket": "coin haut droit"}}}
    resp = client.get("/arbitrage?" + urlencode({"scenario": json.dumps(scenario)}))
    assert resp.status_code == 200
    body = html.unescape(resp.get_data(as_text=True))
    assert 'name="game" value="ten-ball" checked' in body
    assert 'value="coin haut droit"' in body
    for rid in ("10-doolys", "10-ffb", "10-guide"):
        assert row(column(resp, rid), "spotted").startswith("la 10")


def test_prefill_with_rulesets_restricts_the_columns(client):
    resp = client.get("/arbitrage?" + urlencode({"rulesets": "9-ffb", "scenario": json.dumps({"shot": {"first_contact": 1}})}))
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    assert 'data-ruleset="9-ffb"' in body and 'data-ruleset="9-bca"' not in body
    assert 'name="rulesets" value="9-ffb"' in body  # kept through the next submission


def test_simple_game_param_without_scenario_rules_nothing_yet(client):
    resp = client.get("/arbitrage?game=nine-ball")
    assert resp.status_code == 200
    assert 'class="arb-col' not in resp.get_data(as_text=True)


def test_share_link_gives_back_the_same_ruling(client):
    first = client.get("/arbitrage?" + urlencode(WRONG_BALL_NINE))
    link = html.unescape(re.search(r'id="arb-share" href="([^"]+)"', first.get_data(as_text=True)).group(1))
    again = client.get(link)
    assert again.status_code == 200
    for rid in ("9-bca", "9-ffb"):
        assert column(again, rid) == column(first, rid)


def test_every_shared_example_scenario_prefills_and_rules(client):
    for ex in yaml.safe_load(EXAMPLES.read_text("utf-8")):
        sc = ex["scenario"]
        resp = client.get("/arbitrage?" + urlencode({"scenario": json.dumps(sc)}))
        assert resp.status_code == 200, ex["name"]
        col = column(resp, sc["ruleset"])
        expect = ex["expect"]
        if "legal" in expect:
            assert row(col, "verdict").startswith("Coup régulier" if expect["legal"] else "Faute"), ex["name"]
        if "spotted" in expect and expect["spotted"]:
            assert row(col, "spotted").startswith(", ".join(f"la {b}" for b in expect["spotted"])), ex["name"]


def test_form_and_scenario_round_trip(rulebook):
    params = MultiDict([("on_table", "2"), ("on_table", "3"), ("on_table", "9"), ("first_contact", "none"),
                        ("pocketed", "9"), ("called", "ball"), ("called_ball", "9"), ("called_pocket", "coin"),
                        ("pocket_wrong", "1"), ("rail_after_contact", "no"), ("fouls", "double_hit"),
                        ("fouls_shooter", "2"), ("warned", "1"), ("kind", "normal")])
    data = scenario_from_form(params)
    assert data["shot"]["first_contact"] is None
    assert data["shot"]["called"] == {"ball": 9, "pocket": "coin", "pocket_ok": False}
    scenario, _ = parse_scenario(data)
    values = form_values(scenario.to_json(), 9)
    assert values["first_contact"] == "none" and values["rail_after_contact"] == "no"
    assert values["called"] == "ball" and values["called_ball"] == "9" and values["pocket_wrong"] is True
    assert values["on_table"] == {2, 3, 9} and values["fouls"] == {"double_hit"} and values["warned"] is True
    assert scenario_from_form(MultiDict([("kind", "normal")]))["shot"].keys().isdisjoint(
        {"first_contact", "rail_after_contact", "called"})  # « non précisé »: left out, so the engine says what it assumed


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("query, word", [
    ({"scenario": "{not json"}, "JSON"),
    ({"scenario": "[1, 2]"}, "objet"),
    ({"scenario": json.dumps({"shot": {"kind": "bogus"}})}, "shot.kind"),
    ({"scenario": json.dumps({"state": {"on_table": [0, 11]}})}, "1 à 10"),
    ({"scenario": json.dumps({"ruleset": "snooker"})}, "inconnu"),
    ({"scenario": json.dumps({"shot": {"surprise": 1}})}, "inconnu"),
    ({"scenario": "x" * 9000}, "trop long"),
    ({"game": "snooker"}, "Jeu inconnu"),
    ({"rulesets": "9-bca,10-ffb"}, "même jeu"),
    ({"rulesets": "9-zzz"}, "inconnu"),
    ({"game": "ten-ball", "scenario": json.dumps({"ruleset": "9-ffb"})}, "même jeu"),
    # a form field in a link, without the form's hidden « form=1 », is checked as the form would be (README)
    ({"called_ball": "0"}, "called_ball"),
    ({"balls_to_rail": "-5"}, "balls_to_rail"),
    ({"game": "nine-ball", "first_contact": "99"}, "first_contact"),
])
def test_bad_query_is_a_french_400_page_with_the_builder(client, query, word):
    resp = client.get("/arbitrage?" + urlencode(query))
    assert resp.status_code == 400
    body = html.unescape(resp.get_data(as_text=True))
    assert word in body
    assert "Saisie invalide" in body and '<form id="arb-form"' in body
    assert 'class="arb-col' not in body


@pytest.mark.parametrize("params, word", [
    ([("on_table", "abc")], "on_table"),
    ([("fouls_shooter", "7")], "fouls_shooter"),
    ([("kind", "massé")], "kind"),
    ([("first_contact", "11")], "first_contact"),
    ([("called", "ball")], "bille annoncée"),
    ([("balls_to_rail", "-1"), ("kind", "break")], "balls_to_rail"),
    ([("rail_after_contact", "peut-être")], "rail_after_contact"),
    ([("called_ball", "0")], "« called_ball » : une valeur de 1 à 10"),       # ball 0 is no ball, not « none »
    ([("called", "ball"), ("called_ball", "0")], "« called_ball » : une valeur de 1 à 10"),
    ([("called", "safe"), ("called_ball", "11")], "« called_ball »"),
    ([("balls_to_rail", "-5")], "« balls_to_rail » : une valeur de 0 à 10"),   # checked on any shot, used on a break
])
def test_bad_form_values_are_a_french_400_and_the_form_is_kept(client, params, word):
    resp = client.get("/arbitrage?" + urlencode([("form", "1"), ("game", "nine-ball"), ("on_table", "5")] + params))
    assert resp.status_code == 400
    body = html.unescape(resp.get_data(as_text=True))
    assert word in body and "Saisie invalide" in body


def test_markup_in_input_is_escaped(client):
    evil = '</script><script>alert(1)</script>"><img src=x onerror=alert(1)>'
    scenario = {"state": {"on_table": [1, 9]}, "shot": {"first_contact": 1, "called": {"ball": 1, "pocket": evil}}}
    resp = client.get("/arbitrage?" + urlencode({"scenario": json.dumps(scenario)}))
    assert resp.status_code == 200
    body = resp.get_data(as_text=True)
    assert "<script>alert" not in body and "<img src=x" not in body


_field = st.sampled_from(["form", "game", "prev_game", "rulesets", "scenario", "on_table", "pocketed", "off_table",
                          "first_contact", "kind", "cue_ball", "rail_after_contact", "called", "called_ball",
                          "balls_to_rail", "crossed_head_string", "fouls", "fouls_shooter", "rack", "warned"])
_value = st.one_of(st.sampled_from(["1", "9", "10", "0", "", "none", "ball", "break", "push_out", "nine-ball",
                                    "ten-ball", "9-ffb", "{}", '{"shot": {}}', "null", "-3", "1e9"]),
                   st.text(max_size=30))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(_field, _value), max_size=8))
def test_any_query_string_is_answered_without_a_server_error(client, params):
    resp = client.get("/arbitrage?" + urlencode(params))
    assert resp.status_code in (200, 400, 422)


def test_arbitrage_url_links_a_scenario_into_the_builder(app, client):
    from web.arbitrage import arbitrage_url

    scenario = {"ruleset": "9-ffb", "state": {"on_table": [1, 2, 3, 9]}, "shot": {"first_contact": 1, "pocketed": [1]}}
    url = arbitrage_url(scenario)
    assert url.startswith("/arbitrage?scenario=")
    resp = client.get(url)
    assert resp.status_code == 200
    for rid in ("9-bca", "9-ffb"):
        assert row(column(resp, rid), "verdict").startswith("Coup régulier")
    with app.test_request_context():
        from flask import render_template_string
        assert render_template_string("{{ arbitrage_url(none, 'ten-ball') }}") == "/arbitrage?game=ten-ball"


def test_page_skeleton_has_one_h1_and_labelled_controls(client):
    body = client.get("/arbitrage?" + urlencode(WRONG_BALL_NINE)).get_data(as_text=True)
    assert body.count("<h1") == 1
    # every ball is a labelled control: the number is drawn, « Bille n » is what is read out
    assert body.count('<span class="arb-vh">Bille 9</span>') == 4  # table, first ball, pocketed, off the table
    assert body.count("<fieldset") == body.count("<legend")
    assert 'role="status"' in body


def test_clause_links_point_at_existing_anchors(client):
    body = client.get("/arbitrage?" + urlencode(WRONG_BALL_NINE)).get_data(as_text=True)
    links = set(re.findall(r'href="/regles/([^"#]+)#([^"]+)"', body))
    assert links
    for rid, cid in links:
        page = client.get(f"/regles/{rid}").get_data(as_text=True)
        assert f'id="{cid}"' in page


# ----------------------------------------------------------------------------- regressions (tester's report)
@pytest.mark.parametrize("name", ["on_table", "pocketed", "off_table"])
@pytest.mark.parametrize("value", ["%C2%B2", "%D9%A3%D9%A3", "x", "11"])
def test_ball_values_that_isdigit_accepts_but_int_refuses_are_a_400(client, name, value):
    """« ² » is a digit for str.isdigit() but not for int(): a 400 naming the field, not a 500."""
    r = client.get(f"/arbitrage?form=1&{name}={value}&on_table=9")
    assert r.status_code == 400
    page = html.unescape(r.get_data(as_text=True))
    assert f"« {name} »" in page


def test_the_sticky_bar_leaves_room_for_the_focused_control():
    """WCAG 2.4.11: while « Voir la décision ↓ » sticks to the bottom (narrow screens), the
    page reserves its height when scrolling a focused control into view (the browser test
    checks the effect at 390 × 844)."""
    css = (Path(__file__).resolve().parent.parent / "web" / "static" / "arbitrage.css").read_text(encoding="utf-8")
    block = css[css.index("@media not all and (min-width: 72rem)"):]
    assert "scroll-padding-bottom" in block.split("}")[0]
