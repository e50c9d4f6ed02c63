"""Every scenario the engine refuses: ImpossibleScenarioError (422) names the field and, where a
rule is involved, a clause of that ruleset; ScenarioFormatError (400) names the field."""

import pytest

from engine_support import RULESETS, book, rule

from qa.engine.evaluate import evaluate
from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.scenario import ScenarioFormatError, parse_scenario


def impossible(ruleset, shot=None, **state) -> ImpossibleScenarioError:
    with pytest.raises(ImpossibleScenarioError) as exc:
        rule(ruleset, shot, **state)
    err = exc.value
    assert err.message and err.field
    if err.clause is not None:
        c = book().clauses[err.clause]
        assert c.ruleset == ruleset and c.kind == "rule"
    return err


def table(ruleset):
    return [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]


@pytest.mark.parametrize("ruleset", ["9-bca", "9-ffb"])
def test_ball_ten_in_a_nine_ball_ruleset(ruleset):
    err = impossible(ruleset, {"first_contact": 3}, on_table=[3, 9, 10])
    assert err.field == "state.on_table" and err.clause and "10" in err.message
    err = impossible(ruleset, {"first_contact": 3, "pocketed": [10]}, on_table=[3, 9])
    assert err.field == "shot.pocketed" and err.clause
    err = impossible(ruleset, {"first_contact": 10}, on_table=[3, 9])
    assert err.field == "shot.first_contact"
    err = impossible(ruleset, {"kind": "break", "first_contact": 1, "off_table": [10]})
    assert err.field == "shot.off_table"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_money_ball_not_on_the_table(ruleset):
    err = impossible(ruleset, {"first_contact": 3}, on_table=[3, 5])
    assert err.field == "state.on_table" and err.clause


@pytest.mark.parametrize("ruleset", RULESETS)
def test_empty_table(ruleset):
    assert impossible(ruleset, {"first_contact": None}, on_table=[]).field == "state.on_table"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pocketed_ball_not_on_the_table(ruleset):
    err = impossible(ruleset, {"first_contact": 3, "pocketed": [4]}, on_table=table(ruleset))
    assert err.field == "shot.pocketed" and err.clause and "4" in err.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ball_off_the_table_that_was_not_on_it(ruleset):
    assert impossible(ruleset, {"first_contact": 3, "off_table": [7]}, on_table=table(ruleset)).field == "shot.off_table"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_first_contact_with_a_ball_not_on_the_table(ruleset):
    assert impossible(ruleset, {"first_contact": 4}, on_table=table(ruleset)).field == "shot.first_contact"


@pytest.mark.parametrize("ruleset", ["10-ffb", "10-guide"])
def test_called_ball_not_on_the_table(ruleset):
    err = impossible(ruleset, {"first_contact": 3, "pocketed": [3], "called": {"ball": 4}}, on_table=[3, 5, 10])
    assert err.field == "shot.called.ball" and err.clause == book().rulesets[ruleset].policy["call_shot"].clause


@pytest.mark.parametrize("ruleset", RULESETS)
def test_push_out_not_available(ruleset):
    err = impossible(ruleset, {"kind": "push_out", "first_contact": 3}, on_table=table(ruleset))
    assert err.field == "shot.kind" and err.clause == book().rulesets[ruleset].policy["push_out_after_break"].clause


@pytest.mark.parametrize("ruleset", ["10-doolys", "10-ffb", "10-guide", "9-ffb"])
def test_push_out_with_ball_in_hand_needs_a_legal_break(ruleset):
    err = impossible(ruleset, {"kind": "push_out", "first_contact": 3}, on_table=table(ruleset), ball_in_hand=True,
                     push_out_available=True)
    assert err.field == "state.push_out_available"
    # the clause that forbids it where the text has one (issue 12), else the push-out's own clause
    want = {"10-ffb": "10-ffb/push-out-interdit-bille-en-main", "10-guide": "10-guide/casse-faute-pas-de-push-out"}
    assert err.clause == want.get(ruleset, book().rulesets[ruleset].policy["push_out_after_break"].clause)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("fouls", [0, 1])
def test_warned_with_fewer_than_two_fouls(ruleset, fouls):
    err = impossible(ruleset, {"first_contact": 3}, on_table=table(ruleset), fouls={"shooter": fouls, "opponent": 0},
                     warned=True)
    assert err.field == "state.warned" and err.clause == book().rulesets[ruleset].policy["warning_required"].clause


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("who", ["shooter", "opponent"])
def test_more_than_two_fouls(ruleset, who):
    fouls = {"shooter": 0, "opponent": 0, who: 3}
    err = impossible(ruleset, {"first_contact": 3}, on_table=table(ruleset), fouls=fouls)
    assert err.field == "state.fouls" and err.clause == book().rulesets[ruleset].policy["three_fouls"].clause


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fouls_carried_into_a_break(ruleset):
    with pytest.raises(ImpossibleScenarioError) as exc:
        sc, _ = parse_scenario({"ruleset": ruleset, "state": {"fouls": {"shooter": 1, "opponent": 0}},
                                "shot": {"kind": "break", "first_contact": 1}})
        evaluate(book(), sc)
    assert exc.value.field == "state.fouls"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_unknown_foul_code(ruleset):
    err = impossible(ruleset, {"first_contact": 3, "fouls": ["coup_de_coude"]}, on_table=table(ruleset))
    assert err.field == "shot.fouls" and err.clause and "coup_de_coude" in err.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_break_on_a_partial_rack(ruleset):
    err = impossible(ruleset, {"kind": "break", "first_contact": 1}, on_table=table(ruleset))
    assert err.field == "state.on_table" and err.clause


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ball_pocketed_and_off_the_table_at_once(ruleset):
    err = impossible(ruleset, {"first_contact": 3, "pocketed": [5], "off_table": [5]}, on_table=table(ruleset))
    assert err.field == "shot.off_table" and err.clause


@pytest.mark.parametrize("ruleset", ["9-bca", "9-ffb"])
def test_more_balls_to_a_rail_than_on_the_table(ruleset):
    err = impossible(ruleset, {"kind": "break", "first_contact": 1, "balls_to_rail": 10})
    assert err.field == "shot.balls_to_rail" and err.clause == book().rulesets[ruleset].policy["break_requirement"].clause


def test_more_balls_counted_than_on_the_table_on_a_template_break():
    err = impossible("9-ffb", {"kind": "break", "first_contact": 1, "pocketed": [2, 3, 4], "crossed_head_string": 7},
                     rack="template")
    assert err.field == "shot.crossed_head_string" and err.clause == "9-ffb/trois-billes-regle"


def test_unknown_or_missing_ruleset():
    for name in (None, "8-ball"):
        sc, _ = parse_scenario({"ruleset": name, "shot": {"first_contact": 1}})
        with pytest.raises(ImpossibleScenarioError) as exc:
            evaluate(book(), sc)
        assert exc.value.field == "ruleset" and exc.value.clause is None


# --------------------------------------------------------------------------- format errors (400)
@pytest.mark.parametrize("data, field", [
    ({"ruleset": "9-ffb", "shot": {"first_contact": "1"}}, "shot.first_contact"),
    ({"ruleset": "9-ffb", "shot": {"pocketed": 1}}, "shot.pocketed"),
    ({"ruleset": "9-ffb", "shot": {"pocketed": [0]}}, "shot.pocketed"),
    ({"ruleset": "9-ffb", "shot": {"pocketed": [11]}}, "shot.pocketed"),
    ({"ruleset": "9-ffb", "shot": {"kind": "massé"}}, "shot.kind"),
    ({"ruleset": "9-ffb", "shot": {"cue_ball": "lost"}}, "shot.cue_ball"),
    ({"ruleset": "9-ffb", "shot": {"jump": "yes"}}, "shot.jump"),
    ({"ruleset": "9-ffb", "shot": {"called": {"ball": "nine"}}}, "shot.called.ball"),
    ({"ruleset": "9-ffb", "shot": {"balls_to_rail": -1}}, "shot.balls_to_rail"),
    ({"ruleset": "10-ffb", "shot": {"balls_to_rail": 11}}, "shot.balls_to_rail"),
    ({"ruleset": "9-ffb", "shot": {"fouls": "no_rail"}}, "shot.fouls"),
    ({"ruleset": "9-ffb", "shot": {"spin": "left"}}, "shot.spin"),
    ({"ruleset": "9-ffb", "state": {"on_table": "1,2,9"}}, "state.on_table"),
    ({"ruleset": "9-ffb", "state": {"warned": 1}}, "state.warned"),
    ({"ruleset": "9-ffb", "state": {"fouls": {"shooter": -1}}}, "state.fouls.shooter"),
    ({"ruleset": "9-ffb", "state": {"fouls": 2}}, "state.fouls"),
    ({"ruleset": "9-ffb", "state": {"rack": "diamond"}}, "state.rack"),
    ({"ruleset": 9, "shot": {}}, "ruleset"),
    ({"ruleset": "9-ffb", "shot": []}, "shot"),
])
def test_wrong_types_name_the_field(data, field):
    with pytest.raises(ScenarioFormatError) as exc:
        parse_scenario(data)
    assert exc.value.field == field and field in exc.value.message


def test_a_scenario_must_be_an_object():
    with pytest.raises(ScenarioFormatError):
        parse_scenario(["9-ffb"])


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("shot, field", [
    ({"first_contact": None, "pocketed": [5]}, "shot.pocketed"),
    ({"first_contact": None, "off_table": [3]}, "shot.off_table"),
    ({"kind": "push_out", "first_contact": None, "pocketed": [3]}, "shot.pocketed"),
])
def test_no_ball_moves_when_the_cue_ball_touches_none(ruleset, shot, field):
    state = {"on_table": table(ruleset)}
    if shot.get("kind") == "push_out":
        state["push_out_available"] = True
    err = impossible(ruleset, shot, **state)
    assert err.field == field and "touché aucune bille" in err.message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_break_that_touches_no_ball_sends_none_to_a_rail(ruleset):
    err = impossible(ruleset, {"kind": "break", "first_contact": None, "balls_to_rail": 4})
    assert err.field == "shot.balls_to_rail"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_contact_not_stated_is_not_taken_for_no_contact(ruleset):
    # « la 5 tombe » without saying what the cue ball hit: the engine assumes a contact
    out = rule(ruleset, {"pocketed": [5]}, on_table=table(ruleset))
    assert "shot.first_contact" in {a.fact for a in out.assumptions}
