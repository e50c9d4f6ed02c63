"""Where the five texts differ, the same shot under every ruleset of the game, side by side.
Each expectation is worked out from each text; the deciding clause is named beside it."""

import pytest

from engine_support import NINE_BALL, RULESETS, TEN_BALL, book, brk, codes, rule


# The money ball pocketed on a legal break, nothing called.
@pytest.mark.parametrize("ruleset, wins, clause", [
    ("10-doolys", True, "10-doolys/5-fin-de-partie"),
    ("10-ffb", False, "10-ffb/casse-10-empochee-annoncee"),
    ("10-guide", False, "10-guide/casse-10-annoncee"),
    ("9-bca", True, "9-bca/4-fin-de-partie"),
    ("9-ffb", True, "9-ffb/victoire-9-empochee"),
])
def test_money_ball_on_a_legal_break_uncalled(ruleset, wins, clause):
    money = 10 if ruleset.startswith("10") else 9
    o = brk(ruleset, first_contact=1, pocketed=[money], balls_to_rail=5, called=None)
    assert o.legal and o.game_over is wins and clause in o.cited
    assert o.spotted == (() if wins else (money,))


@pytest.mark.parametrize("ruleset", TEN_BALL)
def test_called_ten_on_a_legal_break_wins_everywhere(ruleset):
    o = brk(ruleset, first_contact=1, pocketed=[10], balls_to_rail=5, called={"ball": 10, "pocket": "coin"})
    assert o.game_over and o.winner == "shooter"


# A ball pocketed on the break but only three balls to a rail.
@pytest.mark.parametrize("ruleset, legal, clause", [
    ("10-doolys", True, "10-doolys/4a-bris-toucher-la-1"),
    ("10-ffb", False, "10-ffb/casse-quatre-billes-en-bande"),
    ("10-guide", False, "10-guide/casse-valable"),
    ("9-bca", True, "9-bca/3a-bris-toucher-la-1"),
    ("9-ffb", True, "9-ffb/casse-quatre-billes-en-bande"),
])
def test_four_rails_even_with_a_pocketed_ball(ruleset, legal, clause):
    o = brk(ruleset, first_contact=1, pocketed=[2], balls_to_rail=3)
    assert o.legal is legal and clause in o.cited


# A break foul that is not a scratch (the 2 hit first): may the incoming player push out?
@pytest.mark.parametrize("ruleset, push, clause", [
    ("10-doolys", False, "10-doolys/6-coup-pousse-quand"),
    ("10-ffb", False, "10-ffb/push-out-interdit-bille-en-main"),
    ("10-guide", False, "10-guide/casse-faute-pas-de-push-out"),
    ("9-bca", True, "9-bca/5-coup-pousse-quand"),
    ("9-ffb", False, "9-ffb/push-out-apres-casse"),
])
def test_push_out_after_a_non_scratch_break_foul(ruleset, push, clause):
    o = brk(ruleset, first_contact=2, pocketed=[], balls_to_rail=5)
    assert not o.legal and o.ball_in_hand and o.push_out_available is push and clause in o.cited


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_push_out_after_a_scratch_on_the_break(ruleset):
    o = brk(ruleset, first_contact=1, pocketed=[2], balls_to_rail=5, cue_ball="pocketed")
    assert o.ball_in_hand and not o.push_out_available


# Template rack, one ball pocketed and none past the head string.
@pytest.mark.parametrize("ruleset, three", [
    ("10-doolys", None), ("10-ffb", None), ("10-guide", None), ("9-bca", None), ("9-ffb", "failed"),
])
def test_three_ball_rule_only_in_9_ffb_with_a_template(ruleset, three):
    o = brk(ruleset, rack="template", first_contact=1, pocketed=[2], balls_to_rail=5, crossed_head_string=0)
    assert o.break_info["three_ball_rule"] == three
    if three is None:
        assert o.next_shooter == "shooter" and o.options == ()
    else:
        assert o.next_shooter == "opponent" and {x.choice for x in o.options} == {"play", "hand_back"}
        assert "9-ffb/dry-break-choix-adversaire" in o.cited


# A third consecutive foul without the warning.
@pytest.mark.parametrize("ruleset, clause, unsettled", [
    ("10-doolys", "10-doolys/13-avertissement", True),
    ("10-ffb", "10-ffb/trois-fautes-sans-avertissement", False),
    ("10-guide", "10-guide/trois-fautes-avertissement", False),
    ("9-bca", "9-bca/12-avertissement", True),
    ("9-ffb", "9-ffb/trois-fautes-sans-avertissement", False),
])
def test_unwarned_third_foul(ruleset, clause, unsettled):
    table = [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]
    o = rule(ruleset, {"first_contact": 5}, on_table=table, fouls={"shooter": 2, "opponent": 0}, warned=False)
    assert not o.game_over and o.fouls_after["shooter"] == 2 and o.warning_due and clause in o.cited
    assert ("game_over" in o.unsettled) is unsettled


@pytest.mark.parametrize("ruleset", RULESETS)
def test_warned_third_foul_loses_everywhere(ruleset):
    table = [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]
    o = rule(ruleset, {"first_contact": 5}, on_table=table, fouls={"shooter": 2, "opponent": 0}, warned=True)
    assert o.game_over and o.winner == "opponent" and o.termination.value == "three_fouls"
    assert book().rulesets[ruleset].policy["three_fouls"].clause in o.cited


# A scratch during play: stated as a foul by three texts, silent in two.
@pytest.mark.parametrize("ruleset, clause", [
    ("10-doolys", None), ("10-ffb", "10-ffb/faute-1-blanche-empochee"),
    ("10-guide", "10-guide/faute-blanche-empochee"), ("9-bca", None), ("9-ffb", "9-ffb/faute-bille-blanche-empochee"),
])
def test_scratch_during_play(ruleset, clause):
    table = [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]
    o = rule(ruleset, {"first_contact": 3, "cue_ball": "pocketed"}, on_table=table)
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause == clause and o.ball_in_hand
    assert ("fouls" in o.unsettled) is (clause is None)


# Jumps: forbidden, allowed or not regulated.
@pytest.mark.parametrize("ruleset, legal, unsettled", [
    ("10-doolys", False, False), ("10-ffb", True, True), ("10-guide", True, False), ("9-bca", True, False),
    ("9-ffb", True, True),
])
def test_jump_shot(ruleset, legal, unsettled):
    table = [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]
    o = rule(ruleset, {"first_contact": 3, "jump": True}, on_table=table)
    assert o.legal is legal and ("legal" in o.unsettled) is unsettled


# The lowest ball pocketed without a call: only the call-shot texts give the option.
@pytest.mark.parametrize("ruleset, options", [
    ("10-doolys", False), ("10-ffb", True), ("10-guide", True),
])
def test_lowest_ball_pocketed_with_another_ball_called(ruleset, options):
    o = rule(ruleset, {"first_contact": 3, "pocketed": [3], "called": {"ball": 5, "pocket": "coin"}},
             on_table=[3, 5, 10])
    assert bool(o.options) is options
    assert o.next_shooter == ("opponent" if options else "shooter")


# Several fouls on one shot: counted as one by two texts, silent in three.
@pytest.mark.parametrize("ruleset", RULESETS)
def test_several_fouls_on_one_shot(ruleset):
    table = [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]
    o = rule(ruleset, {"first_contact": 5, "cue_ball": "pocketed"}, on_table=table)
    silent = book().rulesets[ruleset].policy["multiple_fouls"].silent
    assert o.fouls_after["shooter"] == 1 and ("fouls_after" in o.unsettled) is silent


# Where the money ball goes when the spot is taken.
@pytest.mark.parametrize("ruleset, clause", [
    ("10-doolys", None), ("10-ffb", None), ("10-guide", "10-guide/casse-faute-blanche-empochee"),
    ("9-bca", None), ("9-ffb", "9-ffb/bille-9-point-occupe"),
])
def test_spot_occupied(ruleset, clause):
    money = 10 if ruleset.startswith("10") else 9
    o = rule(ruleset, {"first_contact": 5, "pocketed": [money]}, on_table=[3, 5, money])
    assert o.spotted == (money,)
    if clause:
        assert clause in o.cited
    else:
        assert any("occupé" in n for n in o.notes)


@pytest.mark.parametrize("ruleset", NINE_BALL)
def test_nine_ball_texts_never_call(ruleset):
    o = rule(ruleset, {"first_contact": 3, "pocketed": [5], "called": {"ball": 9, "pocket": "coin"}},
             on_table=[3, 5, 9])
    assert o.legal and o.next_shooter == "shooter"
