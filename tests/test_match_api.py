"""Match mode through the JSON API (contract « Matches », « Tokens »): the racks of the engine's
own rack tests give the outcomes of /api/rack, a match survives a restart, undo, conflicting
writes (409), the three-foul loss with and without a warning under each ruleset, exports."""
from __future__ import annotations

import csv
import io

import pytest

from engine_support import RULESETS
from test_rack import BAD_RACKS, BREAK, FOUL, MISS, RACKS

TOKEN = "X-Arbitre-Token"


def new_match(client, ruleset="9-ffb", race_to=1, state=None, **extra):
    body = {"ruleset": ruleset, "players": ["Alice", "Bob"], "race_to": race_to, **extra}
    if state is not None:
        rack = state.get("rack", "triangle")
        body["rack"] = rack
        if set(state) - {"rack"}:
            body["state"] = state
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.get_json()
    m = r.get_json()
    return m["id"], m["token"], m


def shot(client, mid, token, body):
    return client.post(f"/api/matches/{mid}/shots", json=body, headers={TOKEN: token})


def rack_outcomes(client, ruleset, state, shots):
    r = client.post("/api/rack", json={"ruleset": ruleset, "state": state, "shots": shots})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["outcomes"]


# ----------------------------------------------------------------------------- same outcomes as /api/rack
@pytest.mark.parametrize("name", sorted(RACKS))
def test_every_rack_of_the_rack_tests_gives_the_rack_api_outcomes(client, name):
    ruleset, state, shots = RACKS[name]
    expected = rack_outcomes(client, ruleset, state, shots)
    mid, token, _ = new_match(client, ruleset, state=state)
    got = []
    for i, s in enumerate(shots):
        r = shot(client, mid, token, {**s, "seq": i})
        assert r.status_code == 201, r.get_json()
        got.append(r.get_json()["outcome"])
    assert got == expected
    m = client.get(f"/api/matches/{mid}").get_json()
    assert [s["outcome"] for s in m["shots"]] == expected
    assert [s["player"] for s in m["shots"]] == [o["player"] for o in expected]


@pytest.mark.parametrize("name", sorted(BAD_RACKS))
def test_a_shot_the_rack_api_refuses_is_refused_and_not_written(client, name):
    ruleset, state, shots, bad, _ = BAD_RACKS[name]
    r = client.post("/api/rack", json={"ruleset": ruleset, "state": state, "shots": shots})
    assert r.status_code == 422
    mid, token, _ = new_match(client, ruleset, race_to=1, state=state)
    for s in shots[:bad]:
        assert shot(client, mid, token, s).status_code == 201
    r = shot(client, mid, token, shots[bad])
    assert r.status_code == 422 and r.get_json()["error"]["message"]
    assert len(client.get(f"/api/matches/{mid}").get_json()["shots"]) == bad


# ----------------------------------------------------------------------------- the match itself
def test_new_match_starts_with_player_a_to_break(client):
    _, _, m = new_match(client, "10-ffb", race_to=3)
    assert m["score"] == {"A": 0, "B": 0} and m["rack"] == 1 and m["breaker"] == "A" and m["winner"] is None
    st = m["state"]
    assert st["at_table"] == "A" and st["break"] and st["on_table"] == list(range(1, 11))
    assert st["fouls"] == {"A": 0, "B": 0} and not st["warning_due"] and st["options"] == []
    assert m["shots"] == [] and len(m["token"]) >= 24


def test_racks_score_next_breaker_and_winner(client):
    mid, token, _ = new_match(client, "9-bca", race_to=2, **{"break": "alternate"})
    # rack 1: A breaks and pockets the 9 on the break (9-bca: the 9 on a legal break wins)
    r = shot(client, mid, token, {**BREAK, "pocketed": [9]})
    m = r.get_json()["match"]
    assert m["score"] == {"A": 1, "B": 0} and m["rack"] == 2 and m["breaker"] == "B"
    assert m["state"]["at_table"] == "B" and m["state"]["break"]
    # rack 2: B breaks (alternate); a non-break first shot is refused
    assert shot(client, mid, token, MISS).status_code == 422
    r = shot(client, mid, token, {**BREAK, "pocketed": [9]})
    m = r.get_json()["match"]
    assert m["score"] == {"A": 1, "B": 1} and m["rack"] == 3 and m["breaker"] == "A"
    r = shot(client, mid, token, {**BREAK, "pocketed": [9]})
    m = r.get_json()["match"]
    assert m["winner"] == "A" and m["score"] == {"A": 2, "B": 1}
    assert [k["winner"] for k in m["racks"]] == ["A", "B", "A"]
    r = shot(client, mid, token, BREAK)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "match_over"


def test_winner_breaks_the_next_rack(client):
    mid, token, _ = new_match(client, "9-bca", race_to=3, **{"break": "winner"})
    m = shot(client, mid, token, {**BREAK, "pocketed": [9]}).get_json()["match"]
    assert m["breaker"] == "A" and m["state"]["at_table"] == "A"


def test_second_rack_players_are_swapped_for_the_engine(client):
    # B breaks rack 2: the rack's engine player « A » is match player B
    mid, token, _ = new_match(client, "9-ffb", race_to=2)
    shot(client, mid, token, {**BREAK, "pocketed": [9]})
    r = shot(client, mid, token, {**BREAK, "pocketed": [3]})
    assert r.get_json()["outcome"]["player"] == "B"
    r = shot(client, mid, token, {"first_contact": 1, "pocketed": [], "rail_after_contact": False})
    out, m = r.get_json()["outcome"], r.get_json()["match"]
    assert out["player"] == "B" and not out["legal"]
    assert m["state"]["at_table"] == "A" and m["state"]["ball_in_hand"] and m["state"]["fouls"] == {"A": 0, "B": 1}


def test_match_survives_a_restart_mid_match(make_app):
    app1 = make_app()
    c1 = app1.test_client()
    ruleset, state, shots = RACKS["ffb_ten_three_fouls"]
    mid, token, _ = new_match(c1, ruleset, race_to=2)
    for s in shots[:4]:
        assert shot(c1, mid, token, s).status_code == 201
    before = c1.get(f"/api/matches/{mid}").get_json()
    c2 = make_app().test_client()          # a new app on the same database: a restart
    after = c2.get(f"/api/matches/{mid}").get_json()
    assert after == before
    for s in shots[4:]:
        assert shot(c2, mid, token, s).status_code == 201
    m = c2.get(f"/api/matches/{mid}").get_json()
    assert [s["outcome"] for s in m["shots"]] == rack_outcomes(c2, ruleset, state, shots)


def test_undo_removes_the_last_shot_and_reopens_a_won_rack(client):
    mid, token, _ = new_match(client, "10-ffb", race_to=1)
    ruleset, _, shots = RACKS["ffb_ten_three_fouls"]
    states = [client.get(f"/api/matches/{mid}").get_json()]
    for s in shots:
        shot(client, mid, token, s)
        states.append(client.get(f"/api/matches/{mid}").get_json())
    assert states[-1]["winner"] == "A"
    for k in range(len(shots), 0, -1):
        r = client.post(f"/api/matches/{mid}/undo", headers={TOKEN: token})
        assert r.status_code == 200
        m = r.get_json()
        strip = lambda x: {k: v for k, v in x.items() if k != "updated"}  # noqa: E731
        assert strip(m) == strip(states[k - 1])
    r = client.post(f"/api/matches/{mid}/undo", headers={TOKEN: token})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "nothing_to_undo"


def test_undo_then_a_different_shot(client):
    mid, token, _ = new_match(client, "9-ffb")
    shot(client, mid, token, BREAK)
    shot(client, mid, token, FOUL)
    client.post(f"/api/matches/{mid}/undo", json={"seq": 2}, headers={TOKEN: token})
    r = shot(client, mid, token, {"first_contact": 1, "pocketed": [1]})
    assert r.status_code == 201 and r.get_json()["outcome"]["legal"]
    assert r.get_json()["match"]["state"]["at_table"] == "B"


def test_a_shot_based_on_an_older_state_is_409_and_not_written(client):
    mid, token, _ = new_match(client, "9-ffb")
    assert shot(client, mid, token, {**BREAK, "seq": 0}).status_code == 201
    # two devices both saw 1 shot; the first one's shot is recorded, the second's refused
    assert shot(client, mid, token, {**MISS, "seq": 1}).status_code == 201
    r = shot(client, mid, token, {**FOUL, "seq": 1})
    assert r.status_code == 409
    err = r.get_json()["error"]
    assert err["code"] == "stale_state" and err["field"] == "seq" and err["shots"] == 2 and err["seen"] == 1
    assert "2" in err["message"]
    m = client.get(f"/api/matches/{mid}").get_json()
    assert len(m["shots"]) == 2 and m["shots"][1]["outcome"]["legal"]
    r = client.post(f"/api/matches/{mid}/undo", json={"seq": 1}, headers={TOKEN: token})
    assert r.status_code == 409
    assert len(client.get(f"/api/matches/{mid}").get_json()["shots"]) == 2


def test_a_seq_beyond_the_shots_played_is_400_naming_seq_not_a_stale_state(client):
    """No one can have seen a shot not yet played: a 400 naming « seq », and nothing is written."""
    mid, token, _ = new_match(client, "9-ffb")
    assert shot(client, mid, token, {**BREAK, "seq": 0}).status_code == 201
    for seq in (2, 999, 10**30):
        r = shot(client, mid, token, {**MISS, "seq": seq})
        assert r.status_code == 400, r.get_json()
        err = r.get_json()["error"]
        assert err["field"] == "seq" and err["code"] == "out_of_range" and "1 coup joué" in err["message"]
        r = client.post(f"/api/matches/{mid}/undo", json={"seq": seq}, headers={TOKEN: token})
        assert r.status_code == 400 and r.get_json()["error"]["field"] == "seq"
        r = client.post(f"/api/matches/{mid}/warning", json={"warned": True, "seq": seq}, headers={TOKEN: token})
        assert r.status_code == 400 and r.get_json()["error"]["field"] == "seq"
    assert len(client.get(f"/api/matches/{mid}").get_json()["shots"]) == 1


@pytest.mark.parametrize("path, body, field", [
    ("undo", {"x": 1}, "x"),
    ("undo", {"seq": 1, "sq": 1}, "sq"),
    ("warning", {"warned": True, "joueur": "B"}, "joueur"),
])
def test_undo_and_warning_refuse_unknown_json_fields(client, path, body, field):
    """README: an unknown JSON field is refused (400 naming it), and the shot stays."""
    mid, token, _ = new_match(client, "9-ffb")
    assert shot(client, mid, token, {**BREAK, "seq": 0}).status_code == 201
    r = client.post(f"/api/matches/{mid}/{path}", json=body, headers={TOKEN: token})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["code"] == "unknown_field" and r.get_json()["error"]["field"] == field
    assert len(client.get(f"/api/matches/{mid}").get_json()["shots"]) == 1
    assert client.post(f"/api/matches/{mid}/undo", json={"seq": 1}, headers={TOKEN: token}).status_code == 200


def test_writes_need_the_match_token(client):
    mid, token, _ = new_match(client)
    for headers in ({}, {TOKEN: "faux"}, {TOKEN: token[:-1]}):
        r = client.post(f"/api/matches/{mid}/shots", json=BREAK, headers=headers)
        assert r.status_code == 403 and r.get_json()["error"]["field"] == TOKEN
        assert client.post(f"/api/matches/{mid}/undo", headers=headers).status_code == 403
        assert client.post(f"/api/matches/{mid}/warning", json={"warned": True}, headers=headers).status_code == 403
    other_id, other_token, _ = new_match(client)
    assert shot(client, mid, other_token, BREAK).status_code == 403
    assert client.get(f"/api/matches/{mid}").status_code == 200           # spectators need none
    assert "token" not in client.get(f"/api/matches/{mid}").get_json()
    assert client.get("/api/matches/inconnu").status_code == 404
    assert shot(client, "inconnu", token, BREAK).status_code == 404


@pytest.mark.parametrize("body, field", [
    ({}, "ruleset"),
    ({"ruleset": "9-fbb", "players": ["A", "B"]}, "ruleset"),
    ({"ruleset": "9-ffb"}, "players"),
    ({"ruleset": "9-ffb", "players": ["A"]}, "players"),
    ({"ruleset": "9-ffb", "players": ["A", "  "]}, "players[1]"),
    ({"ruleset": "9-ffb", "players": ["A", 3]}, "players[1]"),
    ({"ruleset": "9-ffb", "players": ["A\u0000", "B"]}, "players[0]"),     # a NUL is refused, not dropped
    ({"ruleset": "9-ffb", "players": ["A", "B"], "race_to": 0}, "race_to"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "race_to": "5"}, "race_to"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "break": "loser"}, "break"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "rack": "diamond"}, "rack"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "state": {"on_table": [12]}}, "state.on_table"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "raceto": 3}, "raceto"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "state": "x"}, "state"),
    ({"ruleset": "9-ffb", "players": ["A", "B"], "state": {"rack": "template"}}, "state.rack"),
    ({"ruleset": 9, "players": ["A", "B"]}, "ruleset"),
    ({"ruleset": ["9-ffb"], "players": ["A", "B"]}, "ruleset"),
])
def test_bad_match_settings_are_400_naming_the_field(client, body, field):
    r = client.post("/api/matches", json=body)
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == field and r.get_json()["error"]["message"]


@pytest.mark.parametrize("value, code", [(None, "missing_field"), (["9-ffb"], "invalid_field"),
                                         ("9-fbb", "unknown_ruleset")])
def test_the_ruleset_error_says_what_is_wrong(client, value, code):
    """A list is not an unknown ruleset: each mistake has its code and its words."""
    r = client.post("/api/matches", json={"ruleset": value, "players": ["A", "B"]})
    error = r.get_json()["error"]
    assert r.status_code == 400 and error["code"] == code
    assert ("inconnu" in error["message"]) is (code == "unknown_ruleset")


@pytest.mark.parametrize("body, status, field", [
    ({"kind": "break", "first_contact": "one"}, 400, "first_contact"),
    ({"kind": "break", "seq": -1}, 400, "seq"),
    ({"kind": "break", "warned": "oui"}, 400, "warned"),
    ({"kind": "break", "choice": "play"}, 422, "choice"),
    ({"kind": "break", "pocketed": [10]}, 422, None),
    ({"kind": "break", "colour": "red"}, 400, None),
])
def test_bad_shots_are_4xx_and_not_written(client, body, status, field):
    mid, token, _ = new_match(client, "9-ffb")
    r = shot(client, mid, token, body)
    assert r.status_code == status, r.get_json()
    if field:
        assert r.get_json()["error"]["field"] == field
    assert client.get(f"/api/matches/{mid}").get_json()["shots"] == []


# ----------------------------------------------------------------------------- three fouls and the warning
def _two_fouls_for_b(client, ruleset):
    """A breaks (legal, dry); B fouls, A misses, B fouls again: B stands at two fouls, warning due."""
    mid, token, _ = new_match(client, ruleset, race_to=1)
    scratch = {"first_contact": 1, "pocketed": [], "rail_after_contact": True, "cue_ball": "pocketed"}
    for s in (BREAK, scratch, MISS, scratch):
        assert shot(client, mid, token, s).status_code == 201
    m = client.get(f"/api/matches/{mid}").get_json()
    assert m["state"]["fouls"]["B"] == 2 and m["state"]["warning_due"], ruleset
    assert m["state"]["warnings"] == [{"player": "B", "seq": 3, "given": None}]
    assert shot(client, mid, token, MISS).status_code == 201
    return mid, token, {"first_contact": 1, "pocketed": [], "rail_after_contact": True, "cue_ball": "pocketed"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_third_foul_after_the_warning_loses_the_rack(client, rulebook, ruleset):
    mid, token, scratch = _two_fouls_for_b(client, ruleset)
    r = client.post(f"/api/matches/{mid}/warning", json={"warned": True}, headers={TOKEN: token})
    assert r.status_code == 200 and r.get_json()["state"]["warnings"][0]["given"] is True
    r = shot(client, mid, token, scratch)
    out, m = r.get_json()["outcome"], r.get_json()["match"]
    assert out["game_over"] and out["termination"] == "three_fouls" and out["winner"] == "opponent"
    clause = rulebook.rulesets[ruleset].policy["three_fouls"].clause
    assert clause in [x["clause"] for x in out["reasons"]]
    assert m["shots"][-1]["shot"]["warned"] is True          # the answer became the shot's « warned »
    assert not any("averti" in a for a in out["assumptions"])
    assert m["winner"] == "A" and m["score"] == {"A": 1, "B": 0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_third_foul_without_the_warning_does_not_lose(client, rulebook, ruleset):
    mid, token, scratch = _two_fouls_for_b(client, ruleset)
    r = client.post(f"/api/matches/{mid}/warning", json={"warned": False}, headers={TOKEN: token})
    assert r.status_code == 200
    r = shot(client, mid, token, scratch)
    out, m = r.get_json()["outcome"], r.get_json()["match"]
    pv = rulebook.rulesets[ruleset].policy["unwarned_third_foul"]
    assert not out["game_over"] and out["fouls_after"]["shooter"] == 2 and out["warning_due"]
    if pv.silent:     # 10-doolys, 9-bca: the text does not say; the referee's WPA ruling, marked unsettled
        assert "game_over" in out["unsettled"] and out["notes"]
    else:             # FFB and the guide: « ne compte pas comme troisième »
        assert pv.value == "counts_as_second" and pv.clause in [x["clause"] for x in out["reasons"]]
    assert m["winner"] is None and m["state"]["fouls"]["B"] == 2
    # the ruling in one line says what the third foul counts for, not that three fouls lose
    assert m["shots"][-1]["line"]["text"].startswith("Troisième faute sans avertissement préalable")
    assert m["state"]["warnings"] == [{"player": "B", "seq": 5, "given": None}]   # asked again


@pytest.mark.parametrize("ruleset", RULESETS)
def test_warned_stated_on_the_shot_wins_over_nothing_recorded(client, ruleset):
    mid, token, scratch = _two_fouls_for_b(client, ruleset)
    out = shot(client, mid, token, {**scratch, "warned": False}).get_json()["outcome"]
    assert not out["game_over"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_unanswered_warning_is_assumed_given_and_listed(client, ruleset):
    mid, token, scratch = _two_fouls_for_b(client, ruleset)
    out = shot(client, mid, token, scratch).get_json()["outcome"]
    assert out["game_over"] and out["termination"] == "three_fouls"
    assert [a["fact"] for a in out["assumed"] if a["fact"] == "state.warned"] == ["state.warned"]


def test_warning_answer_needs_a_warning_due(client):
    mid, token, _ = new_match(client)
    r = client.post(f"/api/matches/{mid}/warning", json={"warned": True}, headers={TOKEN: token})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "no_warning_due"
    r = client.post(f"/api/matches/{mid}/warning", json={"warned": "oui"}, headers={TOKEN: token})
    assert r.status_code == 400 and r.get_json()["error"]["field"] == "warned"


def test_warned_on_rack_api_shots(client):
    ruleset, state = "9-ffb", {"on_table": [3, 5, 9], "fouls": {"shooter": 2, "opponent": 0}}
    outs = rack_outcomes(client, ruleset, state, [{"first_contact": 5, "warned": False}])
    assert not outs[0]["game_over"] and "9-ffb/trois-fautes-sans-avertissement" in [r["clause"] for r in outs[0]["reasons"]]
    outs = rack_outcomes(client, ruleset, state, [{"first_contact": 5, "warned": True}])
    assert outs[0]["game_over"] and outs[0]["termination"] == "three_fouls"
    r = client.post("/api/rack", json={"ruleset": ruleset, "shots": [BREAK, {**FOUL, "warned": True}]})
    assert r.status_code == 422 and r.get_json()["error"]["field"] == "shots[1].warned"


# ----------------------------------------------------------------------------- exports
def test_exports_json_csv_and_sheet(client):
    ruleset, state, shots = RACKS["ffb_ten_three_fouls"]
    mid, token, _ = new_match(client, ruleset)
    for s in shots:
        shot(client, mid, token, s)
    m = client.get(f"/api/matches/{mid}").get_json()
    r = client.get(f"/api/matches/{mid}/export?format=json")
    assert r.status_code == 200 and r.mimetype == "application/json" and r.get_json() == m
    assert "attachment" in r.headers["Content-Disposition"]
    r = client.get(f"/api/matches/{mid}/export?format=csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    assert len(rows) == len(shots)
    assert [row["joueur"] for row in rows] == [s["player"] for s in m["shots"]]
    assert rows[-1]["clause"] == "10-ffb/trois-fautes-consecutives" and rows[-1]["score_A"] == "1"
    assert rows[-1]["decision"].startswith("Troisième faute consécutive")
    assert all(row["clauses_citees"] for row in rows)
    r = client.get(f"/api/matches/{mid}/export?format=pdf")
    assert r.status_code == 400 and r.get_json()["error"]["field"] == "format"
    page = client.get(f"/partie/{mid}/feuille").get_data(as_text=True)
    assert "Feuille de match" in page and "10-ffb/trois-fautes-consecutives" in page and "Alice" in page


def test_a_match_whose_state_names_a_ball_of_another_game_is_refused_at_creation(client):
    """A 9-ball rack has no 10: the match could never be played (every shot would be a 422)."""
    r = client.post("/api/matches", json={"ruleset": "9-ffb", "players": ["Alice", "Bob"], "state": {"on_table": [10]}})
    assert r.status_code == 422 and r.get_json()["error"]["field"] == "state.on_table"


@pytest.mark.parametrize("state, field", [
    ({"on_table": [1, 2]}, "state.on_table"),                            # the 9 is gone: the rack is over
    ({"ball_in_hand": True, "push_out_available": True}, "state.push_out_available"),   # BIH comes from a foul
    ({"fouls": {"shooter": 2}}, "state.fouls"),                          # a full rack is broken: no foul runs on
])
def test_a_match_whose_first_shot_could_never_be_played_is_refused_at_creation(client, state, field):
    r = client.post("/api/matches", json={"ruleset": "9-ffb", "players": ["Alice", "Bob"], "state": state})
    assert r.status_code == 422 and r.get_json()["error"]["field"] == field
