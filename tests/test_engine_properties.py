"""Invariants of the engine over generated scenarios (hypothesis), for every ruleset."""
import json
from dataclasses import fields as dc_fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_support import RULESETS, book, rule_mapping as ruled

from qa.engine.outcome import ImpossibleScenarioError, Outcome

OUTCOME_FIELDS = {"legal", "fouls", "break", "game_over", "winner", "termination", "next_shooter", "ball_in_hand",
                  "spotted", "options", "push_out_available", "fouls_after", "warning_due"}
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def scenarios(draw, ruleset=None):
    """A valid Scenario mapping (dict) for one ruleset: everything it names can happen."""
    rs_id = ruleset or draw(st.sampled_from(RULESETS))
    rs = book().rulesets[rs_id]
    money = rs.money_ball
    kind = draw(st.sampled_from(["break", "normal", "normal", "push_out"]))
    state: dict = {"rack": draw(st.sampled_from(["triangle", "template"]))}
    if kind == "break":
        table = list(range(1, money + 1))
        if draw(st.booleans()):
            state["on_table"] = table
        state["ball_in_hand"] = draw(st.booleans())
    else:
        others = draw(st.lists(st.integers(1, money - 1), unique=True, max_size=money - 1))
        table = sorted(others + [money])
        state["on_table"] = table
        state["ball_in_hand"] = draw(st.booleans())
        po = kind == "push_out" or draw(st.booleans())
        if state["ball_in_hand"] and rs.policy["push_out_after_break"].value == "legal_break":
            if kind == "push_out":
                state["ball_in_hand"] = False
            else:
                po = False
        state["push_out_available"] = po
        shooter = draw(st.integers(0, 2))
        state["fouls"] = {"shooter": shooter, "opponent": draw(st.integers(0, 2))}
        state["warned"] = shooter == 2 and draw(st.booleans())
    pocketed = draw(st.lists(st.sampled_from(table), unique=True, max_size=len(table)))
    rest = [b for b in table if b not in pocketed]
    off = draw(st.lists(st.sampled_from(rest), unique=True, max_size=2)) if rest and draw(st.booleans()) else []
    shot: dict = {"kind": kind, "pocketed": pocketed, "off_table": off,
                  "cue_ball": draw(st.sampled_from(["table", "table", "table", "pocketed", "off_table"]))}
    if draw(st.integers(0, 4)):
        shot["first_contact"] = draw(st.one_of(st.none(), st.sampled_from(table)))
        if shot["first_contact"] is None:  # a cue ball that touched nothing moved nothing
            pocketed, off = [], []
            shot["pocketed"], shot["off_table"] = [], []
    if draw(st.booleans()):
        shot["rail_after_contact"] = draw(st.booleans())
    untouched = "first_contact" in shot and shot["first_contact"] is None
    if untouched:            # a cue ball that touches nothing moves no object ball
        shot["pocketed"], shot["off_table"] = [], []
    if kind == "break":
        if draw(st.integers(0, 3)):
            shot["balls_to_rail"] = 0 if untouched else draw(st.integers(0, len(table)))
        if draw(st.booleans()):
            shot["crossed_head_string"] = 0 if untouched else draw(
                st.integers(0, len(table) - len(shot["pocketed"]) - len(shot["off_table"])))
        shot["cue_rail_first"] = draw(st.booleans())
    if draw(st.booleans()):
        shot["called"] = draw(st.one_of(
            st.none(), st.just("safe"),
            st.builds(lambda b, ok: {"ball": b, "pocket": "coin", "pocket_ok": ok}, st.sampled_from(table),
                      st.booleans())))
    shot["jump"] = draw(st.integers(0, 5)) == 0
    shot["masse"] = draw(st.integers(0, 5)) == 0
    shot["obstacle_moved"] = draw(st.integers(0, 8)) == 0
    shot["fouls"] = draw(st.lists(st.sampled_from(book().foul_codes), unique=True, max_size=2)) \
        if draw(st.integers(0, 3)) == 0 else []
    return {"ruleset": rs_id, "state": state, "shot": shot}


def table_of(data):
    rs = book().rulesets[data["ruleset"]]
    return data["state"].get("on_table") or list(rs.balls)


@SETTINGS
@given(scenarios())
def test_a_foul_gives_the_other_player_ball_in_hand_unless_the_game_is_over(data):
    o = ruled(data)
    if not o.legal and not o.game_over:
        assert o.next_shooter == "opponent" and o.ball_in_hand and o.options == ()


@SETTINGS
@given(scenarios())
def test_the_money_ball_is_never_both_spotted_and_winning(data):
    o = ruled(data)
    money = book().rulesets[data["ruleset"]].money_ball
    if o.termination is not None and o.termination.value == "money_ball":
        assert money not in o.spotted and o.winner == "shooter" and o.legal
    assert set(o.spotted) <= {money}


@SETTINGS
@given(scenarios(), st.integers(1, 10))
def test_nothing_is_pocketed_that_was_not_on_the_table(data, extra):
    o = ruled(data)
    before = set(table_of(data))
    assert set(data["shot"]["pocketed"]) <= before
    if extra not in before:
        bad = json.loads(json.dumps(data))
        bad["shot"]["pocketed"] = bad["shot"]["pocketed"] + [extra]
        with pytest.raises(ImpossibleScenarioError) as exc:
            ruled(bad)
        assert exc.value.field in ("shot.pocketed", "shot.off_table", "state.on_table")
    assert o is not None


@SETTINGS
@given(scenarios())
def test_every_clause_cited_belongs_to_the_ruleset_and_is_a_rule(data):
    o = ruled(data)
    clauses = book().clauses
    cited = [r.clause for r in o.reasons if r.clause] + [f.clause for f in o.fouls if f.clause]
    for cid in cited:
        assert cid in clauses and clauses[cid].ruleset == data["ruleset"] and clauses[cid].kind == "rule"
    assert o.reasons  # every ruling gives at least one step


@SETTINGS
@given(scenarios())
def test_legal_iff_no_fouls_and_game_over_iff_winner_iff_termination(data):
    o = ruled(data)
    assert o.legal == (not o.fouls)
    assert o.game_over == (o.winner is not None) == (o.termination is not None)
    if o.break_info is not None:
        assert o.break_info["legal"] == o.legal
    assert (o.break_info is not None) == (data["shot"]["kind"] == "break")


@SETTINGS
@given(scenarios())
def test_options_mean_the_opponent_chooses_without_ball_in_hand(data):
    o = ruled(data)
    if o.options:
        assert o.next_shooter == "opponent" and not o.ball_in_hand and not o.push_out_available
        assert {x.choice for x in o.options} == {"play", "hand_back"} and o.legal and not o.game_over


@SETTINGS
@given(scenarios())
def test_fouls_after_stay_within_zero_and_three(data):
    o = ruled(data)
    assert 0 <= o.fouls_after["shooter"] <= 3 and 0 <= o.fouls_after["opponent"] <= 2
    assert o.fouls_after["opponent"] == data["state"].get("fouls", {}).get("opponent", 0)
    assert (o.fouls_after["shooter"] == 3) == (o.termination is not None and o.termination.value == "three_fouls")
    if o.legal:
        assert o.fouls_after["shooter"] == 0


@SETTINGS
@given(scenarios())
def test_balls_after_the_shot_were_on_the_table_or_spotted(data):
    o = ruled(data)
    before = set(table_of(data))
    assert set(o.on_table_after) <= before | set(o.spotted)
    assert not set(o.on_table_after) & (set(data["shot"]["pocketed"]) - set(o.spotted))
    if o.game_over:  # the balls still on the table when the game ends: nothing spotted any more
        gone = set(data["shot"]["pocketed"]) | set(data["shot"]["off_table"])
        assert o.on_table_after == tuple(b for b in sorted(before) if b not in gone)


@SETTINGS
@given(scenarios())
def test_whatever_the_text_leaves_open_is_listed_and_noted(data):
    o = ruled(data)
    assert set(o.unsettled) <= OUTCOME_FIELDS
    if o.unsettled or any(r.clause is None for r in o.reasons) or any(f.clause is None for f in o.fouls):
        assert o.notes
    if any(f.clause is None for f in o.fouls):
        assert "fouls" in o.unsettled


@SETTINGS
@given(scenarios())
def test_outcome_is_deterministic_frozen_and_serialisable(data):
    o1, o2 = ruled(data), ruled(data)
    assert o1 == o2
    js = o1.to_json(book().clauses)
    assert json.loads(json.dumps(js, ensure_ascii=False)) == js
    assert {f.name for f in dc_fields(Outcome)} >= {"legal", "fouls", "spotted"}
    assert all(c["id"] in book().clauses for c in js["citations"])
