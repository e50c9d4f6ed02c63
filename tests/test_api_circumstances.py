"""The Scenario fields issue 12 added, through the JSON API: ruled with their clause, refused with
the field named when they make the story impossible, and documented in openapi.yaml."""
from __future__ import annotations

from api_support import assert_error


def test_forfeit_and_spotting_places_over_http(client):
    r = client.post("/api/evaluate", json={"ruleset": "10-doolys", "state": {"on_table": [2, 5, 10]},
                                           "shot": {"first_contact": 2, "rail_after_contact": True,
                                                    "conduct": "forfeit"}})
    assert r.status_code == 200
    o = r.get_json()
    assert o["game_over"] and o["winner"] == "opponent" and o["termination"] == "forfeit"
    assert "10-doolys/5-fin-de-partie" in [c["id"] for c in o["citations"]]
    r = client.post("/api/evaluate", json={"ruleset": "9-ffb", "state": {"on_table": [3, 5, 9]},
                                           "shot": {"first_contact": 5, "pocketed": [9], "spot_taken": True}})
    assert r.get_json()["spotted_at"] == [{"ball": 9, "place": "behind_on_line", "clause": "9-ffb/bille-9-point-occupe"}]


def test_a_foul_claimed_too_late_over_http(client):
    r = client.post("/api/evaluate", json={"ruleset": "10-doolys", "state": {"on_table": [2, 5, 10]},
                                           "shot": {"first_contact": 5, "rail_after_contact": True,
                                                    "foul_claim": {"by": "opponent", "when": "after_next_shot"}}})
    o = r.get_json()
    assert r.status_code == 200 and o["legal"] and o["fouls_not_recognised"][0]["code"] == "wrong_ball_first"


def test_physically_impossible_story_is_a_422_naming_the_field(client):
    err = assert_error(client.post("/api/evaluate", json={"ruleset": "9-bca", "state": {"on_table": [3, 9]},
                                                          "shot": {"first_contact": None, "pocketed": [3]}}),
                       422, "shot.pocketed")
    assert "aucune bille" in err["message"]
    assert_error(client.post("/api/evaluate", json={"ruleset": "9-bca",
                                                    "shot": {"kind": "break", "first_contact": None,
                                                             "balls_to_rail": 4}}), 422, "shot.balls_to_rail")


def test_bad_values_of_the_new_fields_are_400_in_french(client):
    err = assert_error(client.post("/api/evaluate", json={"ruleset": "9-bca", "shot": {"conduct": "rude"}}), 400,
                       "shot.conduct")
    assert "forfeit" in err["message"]
    assert_error(client.post("/api/evaluate", json={"ruleset": "9-bca", "shot": {"foul_claim": {"by": "me"}}}), 400,
                 "shot.foul_claim.by")
    assert_error(client.post("/api/evaluate", json={"ruleset": "9-bca", "state": {"timed_match": "yes"}}), 400,
                 "state.timed_match")


def test_a_rack_shot_error_names_the_shot(client):
    body = {"ruleset": "9-ffb", "shots": [{"kind": "break", "first_contact": 1, "balls_to_rail": 5},
                                          {"first_contact": 2, "pocketed": [10]}]}
    assert_error(client.post("/api/rack", json=body), 422, "shots[1].pocketed")
