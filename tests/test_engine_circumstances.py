"""The circumstances a Scenario can now state (issue 12): each ruled per its text, with the clause
it rests on; where the text is silent, the fields in ``unsettled`` and a note. And the stories that
cannot physically happen, answered 422 with the reason."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_support import RULESETS, MONEY, book, brk, codes, rule, rule_mapping

from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.rack import play_rack
from test_engine_properties import SETTINGS, scenarios


def impossible(ruleset, shot, **state):
    with pytest.raises(ImpossibleScenarioError) as exc:
        rule(ruleset, shot, **state)
    return exc.value


def table(rs):
    return [2, 5, MONEY[rs]]


# --------------------------------------------------------------------------- physics: 422
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ball_pocketed_though_the_cue_ball_touched_nothing(ruleset):
    err = impossible(ruleset, {"first_contact": None, "pocketed": [5]}, on_table=table(ruleset))
    assert err.field == "shot.pocketed" and "aucune bille" in err.message and "5" in err.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_break_touching_nothing_yet_balls_to_a_rail(ruleset):
    err = impossible(ruleset, {"kind": "break", "first_contact": None, "balls_to_rail": 4})
    assert err.field == "shot.balls_to_rail" and "bande" in err.message
    assert err.clause == book().rulesets[ruleset].policy["break_first_contact"].clause


def test_a_push_out_touching_nothing_cannot_drive_a_ball_off():
    err = impossible("9-bca", {"kind": "push_out", "first_contact": None, "off_table": [5]}, on_table=[2, 5, 9],
                     push_out_available=True)
    assert err.field == "shot.off_table"


def test_a_missed_cue_ball_moved_nothing():
    err = impossible("9-ffb", {"cue_missed": True, "first_contact": 2}, on_table=[2, 5, 9])
    assert err.field == "shot.first_contact" and "rien n’a bougé" in err.message


def test_a_ball_that_dropped_by_itself_was_not_also_pocketed():
    err = impossible("9-ffb", {"first_contact": 2, "pocketed": [5], "dropped_by_itself": [5]}, on_table=[2, 5, 9])
    assert err.field == "shot.dropped_by_itself"
    err = impossible("9-ffb", {"first_contact": 2, "dropped_by_itself": [7]}, on_table=[2, 5, 9])
    assert err.field == "shot.dropped_by_itself"


def test_a_frozen_cue_ball_names_the_ball_it_was_frozen_to():
    err = impossible("10-guide", {"first_contact": None, "cue_frozen": True}, on_table=[3, 10])
    assert err.field == "shot.first_contact"


@settings(SETTINGS)
@given(scenarios(), st.integers(1, 10))
def test_property_nothing_moves_when_the_cue_ball_touches_nothing(data, ball):
    """Whatever the rest of the story, a cue ball that touched no ball pockets none and drives none off."""
    bad = json.loads(json.dumps(data))
    table = bad["state"].get("on_table") or list(book().rulesets[bad["ruleset"]].balls)
    bad["shot"]["first_contact"] = None
    bad["shot"].pop("balls_to_rail", None)
    bad["shot"].pop("crossed_head_string", None)
    bad["shot"]["pocketed"] = sorted(set(bad["shot"]["pocketed"]) | {table[ball % len(table)]})
    bad["shot"]["off_table"] = [b for b in bad["shot"]["off_table"] if b not in bad["shot"]["pocketed"]]
    with pytest.raises(ImpossibleScenarioError) as exc:
        rule_mapping(bad)
    assert exc.value.field in ("shot.pocketed", "shot.off_table", "state.on_table", "state.push_out_available",
                               "shot.kind", "state.fouls", "state.warned")


@settings(SETTINGS)
@given(scenarios())
def test_property_a_break_touching_nothing_sends_no_ball_to_a_rail(data):
    bad = json.loads(json.dumps(data))
    if bad["shot"]["kind"] != "break":
        return
    bad["shot"].update(first_contact=None, pocketed=[], off_table=[], balls_to_rail=1)
    with pytest.raises(ImpossibleScenarioError) as exc:
        rule_mapping(bad)
    assert exc.value.field == "shot.balls_to_rail"


@settings(SETTINGS)
@given(scenarios())
def test_property_the_stories_the_generator_tells_can_happen(data):
    """Every generated story is physically possible: it is ruled, never refused."""
    o = rule_mapping(data)
    assert o.ruleset == data["ruleset"]


# --------------------------------------------------------------------------- a missed cue ball
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_missed_cue_ball_is_no_stroke(ruleset):
    o = rule(ruleset, {"cue_missed": True}, on_table=table(ruleset), ball_in_hand=True)
    assert o.legal and o.next_shooter == "shooter" and o.ball_in_hand
    assert {"legal", "next_shooter"} <= set(o.unsettled) and o.notes


def test_a_missed_cue_ball_that_touched_a_ball_with_the_cue_is_that_foul():
    o = rule("10-ffb", {"cue_missed": True, "fouls": ["touched_ball"]}, on_table=[2, 5, 10])
    assert not o.legal and codes(o) == ["touched_ball"] and o.ball_in_hand and o.next_shooter == "opponent"


# --------------------------------------------------------------------------- frozen cue ball
def test_guide_a_frozen_ball_may_be_played():
    # « Lorsqu’une bille est « gelée » contre la bille blanche, c’est-à-dire collée à elle, on peut la jouer. »
    o = rule("10-guide", {"first_contact": 3, "rail_after_contact": True, "cue_frozen": True, "fouls": ["double_hit"]},
             on_table=[3, 10])
    assert o.legal and "10-guide/bille-gelee" in o.cited and "legal" not in o.unsettled


@pytest.mark.parametrize("ruleset", ["10-ffb", "9-ffb"])
def test_ffb_lists_are_ambiguous_on_a_frozen_ball(ruleset):
    o = rule(ruleset, {"first_contact": 3, "rail_after_contact": True, "cue_frozen": True, "fouls": ["double_hit"]},
             on_table=[3, MONEY[ruleset]])
    assert o.legal and {"legal", "fouls"} <= set(o.unsettled) and any("FFB" in n for n in o.notes)


def test_without_a_frozen_ball_a_double_hit_stays_a_foul():
    o = rule("10-guide", {"first_contact": 3, "rail_after_contact": True, "fouls": ["double_hit"]}, on_table=[3, 10])
    assert not o.legal


# --------------------------------------------------------------------------- curve shot
def test_bca_a_curve_shot_is_allowed_the_moving_obstacle_is_the_foul():
    o = rule("9-bca", {"first_contact": 3, "rail_after_contact": True, "curve": True}, on_table=[3, 9])
    assert o.legal and "9-bca/11-sautes-masses-obstacle" in o.cited and "legal" not in o.unsettled
    o = rule("9-bca", {"first_contact": 3, "rail_after_contact": True, "curve": True, "obstacle_moved": True},
             on_table=[3, 9])
    assert not o.legal and codes(o) == ["obstacle_moved"]


def test_doolys_a_curve_shot_may_be_a_masse():
    o = rule("10-doolys", {"first_contact": 3, "rail_after_contact": True, "curve": True}, on_table=[3, 10])
    assert o.legal and "legal" in o.unsettled and any("massé" in n for n in o.notes)


# --------------------------------------------------------------------------- slow play, timed match
def test_ffb9_slow_play_only_in_a_timed_match():
    shot = {"first_contact": 3, "rail_after_contact": True, "fouls": ["slow_play"]}
    assert rule("9-ffb", shot, on_table=[3, 9], timed_match=False).legal
    assert not rule("9-ffb", shot, on_table=[3, 9], timed_match=True).legal
    o = rule("9-ffb", shot, on_table=[3, 9])
    assert not o.legal and any(a.fact == "state.timed_match" for a in o.assumptions)


def test_ffb10_slow_play_is_a_foul_timed_or_not():
    o = rule("10-ffb", {"first_contact": 3, "rail_after_contact": True, "fouls": ["slow_play"]}, on_table=[3, 10],
             timed_match=False)
    assert not o.legal and o.fouls[0].clause == "10-ffb/faute-13-jeu-lent"


# --------------------------------------------------------------------------- out of turn, conduct
def test_ffb9_out_of_turn_balls_stay():
    o = rule("9-ffb", {"first_contact": 3, "pocketed": [5], "fouls": ["out_of_turn"]}, on_table=[3, 5, 9])
    assert not o.legal and "9-ffb/faute-jouer-hors-tour" in o.cited and o.on_table_after == (3, 9)


@pytest.mark.parametrize("ruleset, clause", [("10-doolys", "10-doolys/5-fin-de-partie"),
                                             ("9-bca", "9-bca/4-fin-de-partie")])
def test_forfeit_ends_the_game(ruleset, clause):
    o = rule(ruleset, {"first_contact": 2, "rail_after_contact": True, "conduct": "forfeit"}, on_table=table(ruleset))
    assert o.game_over and o.winner == "opponent" and o.termination.value == "forfeit" and clause in o.cited
    assert not {"game_over", "winner", "termination"} & set(o.unsettled)
    assert o.to_json()["termination"] == "forfeit"


def test_forfeit_where_the_text_has_none_is_the_referees():
    o = rule("10-guide", {"first_contact": 2, "rail_after_contact": True, "conduct": "forfeit"}, on_table=[2, 10])
    assert o.game_over and {"game_over", "winner", "termination"} <= set(o.unsettled) and o.notes


def test_unsportsmanlike_conduct_leaves_the_penalty_to_the_referee():
    o = rule("9-ffb", {"first_contact": 3, "rail_after_contact": True, "fouls": ["out_of_turn"],
                       "conduct": "unsportsmanlike"}, on_table=[3, 9])
    assert not o.legal and not o.game_over and "game_over" in o.unsettled
    assert any("antisportif" in r.text for r in o.reasons)


# --------------------------------------------------------------------------- who claimed the foul
def test_doolys_only_the_opponent_before_the_next_shot():
    shot = {"first_contact": 5, "rail_after_contact": True}
    o = rule("10-doolys", {**shot, "foul_claim": {"by": "opponent", "when": "before_next_shot"}}, on_table=[2, 5, 10])
    assert not o.legal and o.ball_in_hand and "10-doolys/remarque-signaler-une-faute" in o.cited
    for claim in ({"by": "referee"}, {"by": "opponent", "when": "after_next_shot"}):
        o = rule("10-doolys", {**shot, "foul_claim": claim}, on_table=[2, 5, 10])
        assert o.legal and not o.ball_in_hand and o.next_shooter == "opponent"
        assert [f["code"] for f in o.to_json()["fouls_not_recognised"]] == ["wrong_ball_first"]
        assert "10-doolys/remarque-signaler-une-faute" in o.cited


# --------------------------------------------------------------------------- spotting places
def test_spotted_at_names_the_place_and_its_clause():
    o = rule("9-ffb", {"first_contact": 5, "pocketed": [9], "spot_taken": True}, on_table=[3, 5, 9])
    assert o.to_json()["spotted_at"] == [{"ball": 9, "place": "behind_on_line", "clause": "9-ffb/bille-9-point-occupe"}]
    o = rule("10-guide", {"first_contact": 5, "pocketed": [10], "spot_taken": True}, on_table=[3, 5, 10])
    assert o.to_json()["spotted_at"][0]["place"] == "nearest_below"
    o = rule("9-ffb", {"first_contact": 5, "pocketed": [9], "spot_taken": False}, on_table=[3, 5, 9])
    assert o.to_json()["spotted_at"] == [{"ball": 9, "place": "foot_spot", "clause": "9-ffb/bille-9-replacee"}]
    assert not any("occupé" in r.text for r in o.reasons)


def test_spot_taken_where_the_text_is_silent():
    o = rule("9-bca", {"first_contact": 5, "pocketed": [9], "spot_taken": True}, on_table=[3, 5, 9])
    assert o.to_json()["spotted_at"][0] == {"ball": 9, "place": "behind_on_line", "clause": None}
    assert "spotted_at" in o.unsettled and o.notes


# --------------------------------------------------------------------------- called.obvious
def test_ffb10_an_obvious_shot_needs_no_call():
    # « il doit annoncer son coup, la bille jouée et la poche choisie si elles ne sont pas évidentes »
    o = rule("10-ffb", {"first_contact": 2, "pocketed": [2], "called": {"ball": 2, "obvious": True}}, on_table=[2, 5, 10])
    assert o.legal and o.next_shooter == "shooter" and "10-ffb/annonce-du-coup" in o.cited


def test_ffb10_a_shot_that_is_not_obvious_must_name_the_pocket():
    o = rule("10-ffb", {"first_contact": 2, "pocketed": [5], "called": {"ball": 5, "obvious": False}},
             on_table=[2, 5, 10])
    assert o.legal and o.next_shooter == "opponent" and any("poche" in r.text for r in o.reasons)


# --------------------------------------------------------------------------- a ball dropping by itself
def test_a_ball_dropping_by_itself_goes_back():
    o = rule("9-ffb", {"first_contact": 3, "pocketed": [3], "dropped_by_itself": [6]}, on_table=[3, 6, 9])
    assert o.next_shooter == "shooter" and 6 in o.on_table_after and "on_table_after" in o.unsettled and o.notes


# --------------------------------------------------------------------------- wording and contract points
def test_an_assumed_rail_count_is_said_as_assumed():
    o = brk("10-ffb", first_contact=1)
    assert not any("4 billes touchent une bande" in r.text for r in o.reasons)
    assert any("n’est pas donné" in r.text for r in o.reasons)


def test_an_assumed_first_contact_is_said_as_assumed():
    o = rule("9-ffb", {"pocketed": [5]}, on_table=[2, 5, 9])
    assert not any(r.text.startswith("La blanche touche d’abord") for r in o.reasons)
    assert any("n’est pas donnée" in r.text for r in o.reasons) and o.assumptions
    o = brk("9-ffb", balls_to_rail=5)
    assert not any(r.text == "La casse touche la 1 en premier." for r in o.reasons)


def test_push_out_balls_are_written_in_the_right_number():
    o = rule("9-bca", {"kind": "push_out", "first_contact": 3, "pocketed": [3]}, on_table=[3, 6, 9],
             push_out_available=True)
    assert any(r.text.startswith("La 3, empochée sur le coup poussé, reste empochée") for r in o.reasons)
    assert not any("(s)" in r.text for r in o.reasons)


def test_the_ten_in_another_pocket_than_called_is_not_said_uncalled():
    o = rule("10-ffb", {"first_contact": 2, "pocketed": [10], "called": {"ball": 10, "pocket": "coin",
                                                                         "pocket_ok": False}}, on_table=[2, 10])
    assert 10 in o.spotted and not any("sans annonce" in r.text and "10" in r.text for r in o.reasons)


def test_a_dry_break_says_so():
    o = brk("9-ffb", rack="template", first_contact=1, pocketed=[2], crossed_head_string=0, balls_to_rail=5)
    assert o.to_json()["break"] == {"legal": True, "three_ball_rule": "failed", "dry": True}


def test_a_foul_template_break_never_reads_legal():
    o = brk("9-ffb", rack="template", first_contact=1, pocketed=[], crossed_head_string=3, balls_to_rail=3)
    assert not o.legal and not any("casse régulière" in r.text for r in o.reasons)
    assert o.to_json()["break"]["dry"] is False


def test_rack_errors_name_the_shots_own_path():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play_rack(book(), "9-ffb", None, [{"kind": "break", "first_contact": 1, "balls_to_rail": 5},
                                          {"first_contact": 2, "pocketed": [10]}])
    assert exc.value.field == "shots[1].pocketed"
