"""The JSON API: every endpoint of the contract and every error path (4xx JSON, never 5xx)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api_support import assert_error, raw_http

CONTRACT_RULESETS = {"10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb"}
CONTRACT_TOPICS = {"objective", "equipment", "lag", "rack", "break", "push-out", "play", "call-shot", "fouls",
                   "ball-in-hand", "spotting", "balls-off-table", "jump-masse", "three-fouls", "end-of-game",
                   "conduct", "variants"}
CLAUSE_KEYS = {"id", "ruleset", "game", "kind", "section", "title", "text", "topics"}
ANSWER_KEYS = {"question", "kind", "rulesets", "answer", "citations", "suggestions", "scenario", "outcomes",
               "follow_up"}
OUTCOME_KEYS = {"ruleset", "legal", "fouls", "break", "game_over", "winner", "termination", "next_shooter",
                "ball_in_hand", "spotted", "options", "push_out_available", "fouls_after", "warning_due",
                "reasons", "citations", "notes", "unsettled", "assumptions"}

SCRATCH = {"ruleset": "9-bca", "state": {"on_table": [4, 6, 9]},
           "shot": {"first_contact": 4, "pocketed": [], "cue_ball": "pocketed"}}


# ----------------------------------------------------------------------------- reading
def test_healthz(client, rulebook):
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.get_json() == {"status": "ok", "rulesets": len(rulebook.rulesets), "clauses": len(rulebook.clauses)}


def test_rulesets_lists_the_contract_ids(client, rulebook):
    data = client.get("/api/rulesets").get_json()
    assert {r["id"] for r in data} == CONTRACT_RULESETS
    for r in data:
        assert {"id", "game", "title", "source", "clauses", "policy"} <= set(r)
        assert r["clauses"] == len(rulebook.by_ruleset[r["id"]])
        assert r["game"] in ("nine-ball", "ten-ball")


def test_topics(client):
    data = client.get("/api/topics").get_json()
    assert {t["id"] for t in data} == CONTRACT_TOPICS
    assert all(t["label"] for t in data)


def test_clauses_all_in_source_order(client, rulebook):
    data = client.get("/api/clauses").get_json()
    assert len(data) == len(rulebook.clauses)
    assert CLAUSE_KEYS <= set(data[0])
    bca = [c["id"] for c in data if c["ruleset"] == "9-bca"]
    assert bca == [c.id for c in rulebook.by_ruleset["9-bca"]]


def test_clauses_filtered_by_rulesets_and_topic(client):
    data = client.get("/api/clauses?rulesets=9-bca,9-ffb&topic=break").get_json()
    assert data
    assert {c["ruleset"] for c in data} <= {"9-bca", "9-ffb"}
    assert all("break" in c["topics"] for c in data)


def test_clauses_unknown_topic_suggests(client):
    err = assert_error(client.get("/api/clauses?topic=brek"), 400, "topic", "unknown_topic")
    assert "break" in err["message"]


def test_clauses_unknown_ruleset(client):
    err = assert_error(client.get("/api/clauses?rulesets=9-bca,9-fbb"), 400, "rulesets", "unknown_ruleset")
    assert "9-fbb" in err["message"] and "9-ffb" in err["message"]


def test_clause_by_id(client, rulebook):
    cid = rulebook.by_ruleset["9-bca"][0].id
    r = client.get(f"/api/clauses/{cid}")
    assert r.status_code == 200
    c = r.get_json()
    assert c["id"] == cid and CLAUSE_KEYS <= set(c)
    assert c["text"] == rulebook.clauses[cid].text


def test_clause_unknown_is_404_json(client):
    assert_error(client.get("/api/clauses/9-bca/nexiste-pas"), 404, "id", "unknown_clause")


def test_unknown_api_path_is_404_json(client):
    assert_error(client.get("/api/nope"), 404, None, "not_found")


@pytest.mark.parametrize("method,url", [("delete", "/api/ask"), ("get", "/api/evaluate"), ("put", "/api/rack"),
                                        ("post", "/api/rulesets"), ("post", "/healthz")])
def test_wrong_method_is_405_json(client, method, url):
    r = getattr(client, method)(url)
    assert_error(r, 405, None, "method_not_allowed")
    assert r.headers.get("Allow")


# ----------------------------------------------------------------------------- ask
def test_ask_get(client):
    r = client.get("/api/ask", query_string={"q": "Au jeu de la 9, que se passe-t-il si la blanche tombe à la casse ?"})
    assert r.status_code == 200
    a = r.get_json()
    assert ANSWER_KEYS <= set(a)
    assert a["kind"] in ("lookup", "scenario") and a["rulesets"] == ["9-bca", "9-ffb"]   # « au jeu de la 9 »
    assert isinstance(a["answer"], str) and a["answer"]
    for c in a["citations"]:
        assert CLAUSE_KEYS <= set(c) and "score" in c
    # 9-bca 3 b: « Si la blanche est empochée […] il y a faute, et l'adversaire a la blanche en main »
    assert "9-bca/3b-bris-non-valable" in [c["id"] for c in a["citations"]]


def test_ask_get_with_rulesets_and_k(client):
    r = client.get("/api/ask", query_string={"q": "la 10 sort de la table", "rulesets": "10-ffb,10-guide", "k": "2"})
    assert r.status_code == 200
    a = r.get_json()
    assert len(a["citations"]) <= 2
    assert {c["ruleset"] for c in a["citations"]} <= {"10-ffb", "10-guide"}


def test_ask_post_json(client):
    r = client.post("/api/ask", json={"q": "Quelle est la règle des trois fautes au jeu de la 9 ?",
                                      "rulesets": ["9-bca"], "k": 3})
    assert r.status_code == 200
    a = r.get_json()
    assert ANSWER_KEYS <= set(a)
    assert len(a["citations"]) <= 3
    assert {c["ruleset"] for c in a["citations"]} <= {"9-bca"}


def test_ask_out_of_scope_is_unknown(client):
    a = client.get("/api/ask", query_string={"q": "Quel est le prix d'une table de billard ?"}).get_json()
    assert a["kind"] == "unknown"
    assert a["citations"] == []


@pytest.mark.parametrize("qs,field,code", [
    ({}, "q", "missing_field"),
    ({"q": ""}, "q", "empty_field"),
    ({"q": "   "}, "q", "empty_field"),
    ({"q": " \u200b\u200f "}, "q", "empty_field"),     # invisible characters only: nothing is asked
    ({"q": "x" * 10_000}, "q", "too_long"),
    ({"q": "la casse", "rulesets": "9-bca,zz"}, "rulesets", "unknown_ruleset"),
    ({"q": "la casse", "k": "cinq"}, "k", "invalid_field"),
    ({"q": "la casse", "k": "0"}, "k", "out_of_range"),
    ({"q": "la casse", "k": "1000"}, "k", "out_of_range"),
    ({"q": "la casse", "k": "+5"}, "k", "invalid_field"),     # README: an integer, written in digits alone
    ({"q": "la casse", "k": "5.0"}, "k", "invalid_field"),
])
def test_ask_get_errors(client, qs, field, code):
    assert_error(client.get("/api/ask", query_string=qs), 400, field, code)


@pytest.mark.parametrize("body,field", [
    ({}, "q"),
    ({"q": ""}, "q"),
    ({"q": 42}, "q"),
    ({"q": ["la casse"]}, "q"),
    ({"q": "la casse", "rulesets": "9-bca"}, "rulesets"),
    ({"q": "la casse", "rulesets": [9]}, "rulesets"),
    ({"q": "la casse", "rulesets": ["9-bcaa"]}, "rulesets"),
    ({"q": "la casse", "rulesets": []}, "rulesets"),     # as /api/evaluate: omit it (or null) for all
    ({"q": "la casse", "k": "5"}, "k"),
    ({"q": "la casse", "k": True}, "k"),
    ({"q": "la casse", "k": 2.5}, "k"),
    ({"q": "la casse", "k": 5.0}, "k"),      # a number with a decimal point is not an integer
    ({"q": "la casse", "question": "x"}, "question"),
])
def test_ask_post_errors(client, body, field):
    assert_error(client.post("/api/ask", json=body), 400, field)


@pytest.mark.parametrize("qs", ["rulesets=", "rulesets=,", "rulesets=%20"])
def test_ask_get_with_an_empty_rulesets_is_400_as_in_json(client, qs):
    assert_error(client.get(f"/api/ask?q=la+casse&{qs}"), 400, "rulesets")


def test_ask_post_not_json_is_415(client):
    assert_error(client.post("/api/ask", data="q=la+casse", content_type="application/x-www-form-urlencoded"),
                 415, "body", "unsupported_media_type")


@pytest.mark.parametrize("raw", ["{", "{'q': 'x'}", "", "[1, 2]", "\"q\"", "{\"q\": NaN}", "\xff"])
def test_ask_post_bad_json_is_400(client, raw):
    assert_error(client.post("/api/ask", data=raw, content_type="application/json"), 400, "body")


def test_huge_body_is_413_json(client, app):
    big = json.dumps({"q": "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)})
    assert_error(client.post("/api/ask", data=big, content_type="application/json"), 413, None, "payload_too_large")


def test_echoed_input_is_escaped_in_json(client):
    r = client.get("/api/clauses/<script>alert(1)</script>")
    assert r.status_code == 404
    assert r.mimetype == "application/json"


# ----------------------------------------------------------------------------- evaluate
def test_evaluate_one_ruleset(client, rulebook):
    r = client.post("/api/evaluate", json=SCRATCH)
    assert r.status_code == 200
    o = r.get_json()
    assert OUTCOME_KEYS <= set(o)
    assert o["ruleset"] == "9-bca"
    assert o["legal"] is False and o["next_shooter"] == "opponent" and o["ball_in_hand"] is True
    for reason in o["reasons"]:
        assert reason["clause"] is None or reason["clause"] in rulebook.clauses


def test_evaluate_with_rulesets_list(client):
    body = {k: v for k, v in SCRATCH.items() if k != "ruleset"} | {"rulesets": ["9-bca", "9-ffb"]}
    r = client.post("/api/evaluate", json=body)
    assert r.status_code == 200
    outcomes = r.get_json()["outcomes"]
    assert set(outcomes) == {"9-bca", "9-ffb"}
    assert all(o["ruleset"] == rid and o["legal"] is False for rid, o in outcomes.items())


@pytest.mark.parametrize("body,field,code", [
    ({"shot": {"first_contact": 1}}, "ruleset", "missing_field"),
    ({"ruleset": "9-xyz", "shot": {"first_contact": 1}}, "ruleset", "unknown_ruleset"),
    ({"rulesets": ["9-bca", "nope"], "shot": {"first_contact": 1}}, "rulesets", "unknown_ruleset"),
    ({"rulesets": [], "shot": {"first_contact": 1}}, "rulesets", None),
    ({"rulesets": "9-bca", "shot": {"first_contact": 1}}, "rulesets", None),
    ({"ruleset": "9-bca", "rulesets": ["9-ffb"]}, "rulesets", "conflicting_fields"),
    ({"ruleset": 9}, "ruleset", None),
    ({"ruleset": "9-bca", "shot": {"first_contact": "un"}}, "shot.first_contact", None),
    ({"ruleset": "9-bca", "shot": {"pocketed": 3}}, "shot.pocketed", None),
    ({"ruleset": "9-bca", "shot": {"cue_ball": "volée"}}, "shot.cue_ball", None),
    ({"ruleset": "9-bca", "state": {"ball_in_hand": "oui"}}, "state.ball_in_hand", None),
    ({"ruleset": "9-bca", "shot": {"colour": "rouge"}}, "shot.colour", None),
    ({"ruleset": "9-bca", "shot": []}, "shot", None),
])
def test_evaluate_bad_input_is_400(client, body, field, code):
    assert_error(client.post("/api/evaluate", json=body), 400, field, code)


def test_evaluate_not_json(client):
    assert_error(client.post("/api/evaluate", data="ruleset=9-bca"), 415, "body")
    assert_error(client.post("/api/evaluate", data="{nope", content_type="application/json"), 400, "body")
    assert_error(client.post("/api/evaluate", json=[SCRATCH]), 400, "body")


@pytest.mark.parametrize("body,field", [
    ({"ruleset": "9-bca", "shot": {"kind": "push_out", "first_contact": 2}}, "shot.kind"),
    ({"ruleset": "9-ffb", "state": {"on_table": [1, 2, 10]}, "shot": {"first_contact": 1}}, "state.on_table"),
    ({"ruleset": "9-bca", "state": {"on_table": [4, 6, 9]}, "shot": {"first_contact": 4, "pocketed": [1]}},
     "shot.pocketed"),
    ({"ruleset": "10-ffb", "shot": {"first_contact": 1, "fouls": ["sneezed"]}}, "shot.fouls"),
])
def test_evaluate_impossible_is_422_with_clause(client, rulebook, body, field):
    err = assert_error(client.post("/api/evaluate", json=body), 422, field, "impossible_scenario")
    assert err["clause"] in rulebook.clauses


def test_evaluate_rulesets_impossible_under_one_names_it(client):
    body = {"rulesets": ["10-ffb", "9-ffb"], "state": {"on_table": [3, 10]}, "shot": {"first_contact": 3}}
    err = assert_error(client.post("/api/evaluate", json=body), 422, "state.on_table", "impossible_scenario")
    assert err["ruleset"] == "9-ffb"


# ----------------------------------------------------------------------------- rack
PUSH_OUT_RACK = {
    "ruleset": "9-ffb",
    "shots": [
        {"kind": "break", "first_contact": 1, "pocketed": [3], "balls_to_rail": 4, "choice": None},
        {"kind": "push_out", "first_contact": None, "rail_after_contact": False, "choice": None},
        {"first_contact": 1, "pocketed": [1], "choice": "hand_back"},
    ],
}


def test_rack_with_a_push_out_choice(client):
    r = client.post("/api/rack", json=PUSH_OUT_RACK)
    assert r.status_code == 200, r.get_json()
    outs = r.get_json()["outcomes"]
    assert len(outs) == 3
    assert all(OUTCOME_KEYS <= set(o) and o["player"] in ("A", "B") for o in outs)
    assert outs[0]["player"] == "A" and outs[0]["legal"] and outs[0]["push_out_available"]
    assert {o["choice"] for o in outs[1]["options"]} == {"play", "hand_back"}
    # B chose to hand the table back: A, who pushed out, shoots again
    assert outs[2]["player"] == "A"


def test_rack_play_choice_gives_the_table_to_b(client):
    body = json.loads(json.dumps(PUSH_OUT_RACK))
    body["shots"][2]["choice"] = "play"
    outs = client.post("/api/rack", json=body).get_json()["outcomes"]
    assert outs[2]["player"] == "B"


def test_rack_missing_choice_is_422(client):
    body = json.loads(json.dumps(PUSH_OUT_RACK))
    body["shots"][2]["choice"] = None
    assert_error(client.post("/api/rack", json=body), 422, "shots[2].choice", "impossible_scenario")


@pytest.mark.parametrize("body,field", [
    ({"shots": [{}]}, "ruleset"),
    ({"ruleset": "9-zzz", "shots": [{}]}, "ruleset"),
    ({"ruleset": ["9-bca"], "shots": [{}]}, "ruleset"),
    ({"ruleset": "9-bca"}, "shots"),
    ({"ruleset": "9-bca", "shots": "break"}, "shots"),
    ({"ruleset": "9-bca", "shots": []}, "shots"),
    ({"ruleset": "9-bca", "shots": [5]}, "shots[0]"),
    ({"ruleset": "9-bca", "shots": [{"first_contact": "un"}]}, "shots[0].first_contact"),
    ({"ruleset": "9-bca", "state": "full", "shots": [{}]}, "state"),
    ({"ruleset": "9-bca", "shots": [{}], "player": "A"}, "player"),
])
def test_rack_bad_input_is_400(client, body, field):
    assert_error(client.post("/api/rack", json=body), 400, field)


# ----------------------------------------------------------------------------- app-wide behaviour
def test_security_headers(client):
    r = client.get("/api/topics")
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "http" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["X-Frame-Options"] == "DENY"


def test_internal_error_is_french_json_without_traceback(make_app):
    app = make_app()

    def boom():
        raise RuntimeError("secret detail")

    app.add_url_rule("/api/boom", "boom", boom)
    app.add_url_rule("/boom", "boom_page", boom)
    client = app.test_client()
    err = assert_error(client.get("/api/boom"), 500, None, "internal_error")
    assert "secret detail" not in err["message"]
    page = client.get("/boom")
    assert page.status_code == 500 and page.mimetype == "text/html"
    text = page.get_data(as_text=True)
    assert "Erreur 500" in text and "secret detail" not in text and "Traceback" not in text


def test_rate_limit_is_429_json(make_app):
    client = make_app(RATELIMIT_ENABLED=True, RATELIMIT="3 per minute").test_client()
    codes = [client.get("/api/topics").status_code for _ in range(4)]
    assert codes[:3] == [200, 200, 200]
    assert_error(client.get("/api/topics"), 429, None, "rate_limited")


def test_api_is_exempt_from_csrf_but_forms_are_not(make_app):
    client = make_app(WTF_CSRF_ENABLED=True).test_client()
    assert client.post("/api/evaluate", json=SCRATCH).status_code == 200
    r = client.post("/quiz", data={"count": "3"}, headers={"Accept": "text/html"})
    assert r.status_code == 400 and "formulaire" in r.get_data(as_text=True)
    # a page that takes no POST says so (405), whatever the token
    assert client.post("/", data={"q": "x"}, headers={"Accept": "text/html"}).status_code == 405


# ----------------------------------------------------------------------------- fuzz
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
scenario_like = st.fixed_dictionaries({}, optional={
    "ruleset": st.sampled_from(["9-bca", "9-ffb", "10-ffb", "10-doolys", "10-guide", "x", None]),
    "rulesets": st.one_of(st.none(), st.lists(st.sampled_from(["9-bca", "10-ffb", "y"]), max_size=3)),
    "state": st.one_of(json_values, st.fixed_dictionaries({}, optional={
        "on_table": st.lists(st.integers(0, 11), max_size=10), "ball_in_hand": st.booleans(),
        "push_out_available": st.booleans(), "fouls": st.fixed_dictionaries(
            {"shooter": st.integers(-1, 3), "opponent": st.integers(-1, 3)}),
        "warned": st.booleans(), "rack": st.sampled_from(["triangle", "template", "diamond"])})),
    "shot": st.one_of(json_values, st.fixed_dictionaries({}, optional={
        "kind": st.sampled_from(["break", "normal", "push_out", "jump"]),
        "first_contact": st.one_of(st.none(), st.integers(0, 11)),
        "pocketed": st.lists(st.integers(0, 11), max_size=5), "off_table": st.lists(st.integers(1, 10), max_size=3),
        "cue_ball": st.sampled_from(["table", "pocketed", "off_table", "air"]),
        "rail_after_contact": st.one_of(st.none(), st.booleans()),
        "balls_to_rail": st.one_of(st.none(), st.integers(-1, 11)),
        "crossed_head_string": st.one_of(st.none(), st.integers(0, 11)),
        "called": st.one_of(st.none(), st.just("safe"), st.fixed_dictionaries({"ball": st.integers(0, 11)})),
        "jump": st.booleans(), "masse": st.booleans(),
        "fouls": st.lists(st.sampled_from(["double_hit", "touched_ball", "nope"]), max_size=2)})),
})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(scenario_like, json_values))
def test_fuzz_evaluate_never_5xx(client, body):
    r = client.post("/api/evaluate", data=json.dumps(body), content_type="application/json")
    assert r.status_code in (200, 400, 422), (body, r.get_data(as_text=True))
    if r.status_code != 200:
        assert set(r.get_json()["error"]) >= {"code", "message", "field"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(json_values, st.fixed_dictionaries({"q": st.text(max_size=80)}, optional={
    "rulesets": st.one_of(st.none(), st.lists(st.sampled_from(["9-bca", "10-ffb", "z"]), max_size=2)),
    "k": st.one_of(st.none(), st.integers(-2, 30))})))
def test_fuzz_ask_never_5xx(client, body):
    r = client.post("/api/ask", data=json.dumps(body), content_type="application/json")
    assert r.status_code in (200, 400), (body, r.get_data(as_text=True))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.fixed_dictionaries({"ruleset": st.sampled_from(["9-bca", "10-ffb"]),
                                   "shots": st.lists(st.one_of(json_values, st.fixed_dictionaries({}, optional={
                                       "kind": st.sampled_from(["break", "normal", "push_out"]),
                                       "first_contact": st.one_of(st.none(), st.integers(1, 10)),
                                       "pocketed": st.lists(st.integers(1, 10), max_size=3),
                                       "choice": st.sampled_from([None, "play", "hand_back", 3])})), max_size=4)}))
def test_fuzz_rack_never_5xx(client, body):
    r = client.post("/api/rack", data=json.dumps(body), content_type="application/json")
    assert r.status_code in (200, 400, 422), (body, r.get_data(as_text=True))


# ----------------------------------------------------------------------------- regressions (tester's report)
ENGLISH = ("should", "Input", "String", "List ", " or ", "Expecting", "recursion", "not permitted", "per 1",
           "Field required", "valid")


def assert_french(message: str) -> None:
    for word in ENGLISH:
        assert word not in message, (word, message)


def test_deeply_nested_json_is_a_french_400(client):
    for path in ("/api/evaluate", "/api/rack", "/api/ask", "/api/quizzes"):
        e = assert_error(client.post(path, data="[" * 50000, content_type="application/json"), 400, "body",
                         "invalid_json")
        assert "imbriqués trop profondément" in e["message"]
        assert_french(e["message"])


@pytest.mark.parametrize("body", ['{', '{"a" 1}', '{"a": 1 "b": 2}', '"abc', '{"a": 1} 2', '{"a": [1,]}'])
def test_json_syntax_errors_are_french(client, body):
    e = assert_error(client.post("/api/evaluate", data=body, content_type="application/json"), 400, "body")
    assert e["message"].startswith("JSON illisible (ligne ")
    assert_french(e["message"])


@pytest.mark.parametrize("path, body, field, expected", [
    ("/api/evaluate", {"ruleset": "a" * 150}, "ruleset", "100 caractères au plus"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"called": {"ball": 9, "pocket": "p" * 250}}},
     "shot.called.pocket", "200 caractères au plus"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"kind": "casse"}}, "shot.kind",
     "« break », « normal » ou « push_out »"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"cue_ball": "x"}}, "shot.cue_ball",
     "« table », « pocketed » ou « off_table »"),
    ("/api/evaluate", {"ruleset": "9-ffb", "state": {"rack": "losange"}}, "state.rack", "« triangle » ou « template »"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"first_contact": 0}}, "shot.first_contact", "au moins 1"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"first_contact": 11}}, "shot.first_contact", "au plus 10"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"pocketed": [1] * 11}}, "shot.pocketed", "10 éléments au plus"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"called": {}}}, "shot.called.ball", "champ obligatoire manquant"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"jump": "oui"}}, "shot.jump", "true/false"),
    ("/api/evaluate", {"ruleset": "9-ffb", "shot": {"pockted": [9]}}, "shot.pockted",
     "vouliez-vous dire « pocketed »"),
    ("/api/evaluate", {"rulesets": ["9-ffb"] * 51}, "rulesets", "50 éléments au plus"),
    ("/api/rack", {"ruleset": "9-ffb", "shots": [{"kind": "x"}]}, "shots[0].kind",
     "« break », « normal » ou « push_out »"),
    ("/api/rack", {"ruleset": "9-ffb", "state": {"rack": "x"}, "shots": [{}]}, "state.rack",
     "« triangle » ou « template »"),
    ("/api/rack", {"ruleset": "9-ffb", "shots": [{"cue_ball": 3}]}, "shots[0].cue_ball", "« off_table »"),
    ("/api/rack", {"ruleset": "9-ffb", "shots": [{"called": "zzz"}]}, "shots[0].called", "« safe » ou null"),
])
def test_scenario_errors_are_french_and_list_allowed_values(client, path, body, field, expected):
    e = assert_error(client.post(path, json=body), 400, field)
    assert expected in e["message"], e["message"]
    assert_french(e["message"])


@pytest.mark.parametrize("called", ["zzz", 5, True, ["safe"]])
def test_called_of_the_wrong_shape_names_every_shape_allowed(client, called):
    e = assert_error(client.post("/api/evaluate", json={"ruleset": "9-ffb", "shot": {"called": called}}), 400,
                     "shot.called")
    assert "un objet {ball, pocket, pocket_ok, obvious}, « safe » ou null" in e["message"]


def test_rulesets_null_means_not_stated(client):
    e = assert_error(client.post("/api/evaluate", json={"rulesets": None, "shot": {}}), 400, "ruleset",
                     "missing_field")
    assert "ruleset" in e["message"] and "rulesets" in e["message"] and "requis" in e["message"]
    assert "inconnu" not in e["message"]
    r = client.post("/api/evaluate", json={"rulesets": None, **SCRATCH})
    assert r.status_code == 200 and r.get_json()["ruleset"] == "9-bca"


def test_impossible_messages_say_reglement_not_ruleset(client):
    e = assert_error(client.post("/api/evaluate", json={"ruleset": "9-ffb", "state": {"on_table": [9, 10]}}), 422)
    assert "ce règlement se joue" in e["message"] and "ruleset" not in e["message"]


def test_unknown_foul_code_cites_the_list_of_fouls(client, rulebook):
    for rid in rulebook.rulesets:
        e = assert_error(client.post("/api/evaluate", json={"ruleset": rid, "shot": {"fouls": ["zzz"]}}), 422,
                         "shot.fouls")
        clause = rulebook.clauses[e["clause"]]
        assert "casse" not in clause.id and "fouls" in clause.topics, (rid, clause.id)
    e = assert_error(client.post("/api/evaluate", json={"ruleset": "9-ffb", "shot": {"fouls": ["no_rial"]}}), 422)
    assert e["clause"] == "9-ffb/liste-des-fautes" and "vouliez-vous dire « no_rail »" in e["message"]


def test_rack_shot_after_the_game_cites_the_clause_that_ended_it(client, rulebook):
    won = {"ruleset": "9-ffb", "state": {"on_table": [9]}, "shots": [{"first_contact": 9, "pocketed": [9]}, {}]}
    e = assert_error(client.post("/api/rack", json=won), 422, "shots[1]")
    assert e["clause"] == rulebook.rulesets["9-ffb"].policy["money_ball_wins"].clause
    assert "déjà terminée" in e["message"]
    lost = {"ruleset": "9-bca", "state": {"fouls": {"shooter": 2}, "warned": True},
            "shots": [{"first_contact": None}, {}]}
    e = assert_error(client.post("/api/rack", json=lost), 422, "shots[1]")
    assert e["clause"] == rulebook.rulesets["9-bca"].policy["three_fouls"].clause
    assert "troisième faute" in e["message"]


def test_rack_shots_are_capped(client):
    from qa.engine.rack import MAX_SHOTS
    e = assert_error(client.post("/api/rack", json={"ruleset": "9-ffb", "shots": [{}] * (MAX_SHOTS + 1)}), 400,
                     "shots")
    assert f"{MAX_SHOTS} coups au plus" in e["message"]
    e = assert_error(client.post("/api/rack", json={"ruleset": "9-ffb", "shots": [{}] * 11000}), 400, "shots")


def test_rate_limit_message_is_french(make_app):
    client = make_app(RATELIMIT_ENABLED=True, RATELIMIT="2 per minute").test_client()
    for _ in range(2):
        client.get("/api/topics")
    e = assert_error(client.get("/api/topics"), 429, None, "rate_limited")
    assert "2 requêtes par minute" in e["message"]
    assert_french(e["message"])
    from web.errors import french_rate
    from limits import parse
    assert french_rate(parse("600 per minute")) == "600 requêtes par minute"
    assert french_rate(parse("10 per 5 seconds")) == "10 requêtes par tranche de 5 secondes"


def test_long_url_and_headers_reach_the_french_handlers(client):
    e = assert_error(client.get("/api/ask?q=" + "a" * 70_000), 414, None, "uri_too_long")
    assert "Adresse trop longue" in e["message"]
    e = assert_error(client.get("/api/topics", headers={"X-Big": "a" * 100_000}), 431, None, "headers_too_large")
    assert "En-têtes" in e["message"]
    page = client.get("/regles?x=" + "a" * 70_000, headers={"Accept": "text/html"})
    assert page.status_code == 414 and page.mimetype == "text/html" and "Adresse trop longue" in page.get_data(as_text=True)


def test_dev_server_refusals_are_the_apps_french_json(app):
    """Python's HTTP server refuses a request line over 64 KB and a header line over 64 KB by
    itself; with FrenchRequestHandler (what « serve » uses) the app's handlers answer."""
    import threading

    from werkzeug.serving import make_server

    from web.server import FrenchRequestHandler
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=FrenchRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_port
        _, status, headers, body = raw_http(port, b"GET /api/ask?q=" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        assert status == 414 and headers["Content-Type"] == "application/json"
        err = json.loads(body)["error"]
        assert err["code"] == "uri_too_long" and "Adresse trop longue" in err["message"]
        _, status, headers, body = raw_http(
            port, b"GET /api/topics HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n")
        assert status == 431 and json.loads(body)["error"]["code"] == "headers_too_large"
        _, status, headers, body = raw_http(
            port, b"GET /regles HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n")
        assert status == 431 and headers["Content-Type"].startswith("text/html")
        assert "En-têtes de requête trop volumineux" in body.decode("utf-8") and "Error response" not in body.decode()
        assert "Content-Security-Policy" in headers
    finally:
        server.shutdown()
        thread.join(timeout=5)
