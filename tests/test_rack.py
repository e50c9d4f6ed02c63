"""play_rack: the shots of one rack in order, each ruled on the state the previous ones left."""

import pytest

from engine_support import book

from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.rack import play_rack
from qa.engine.scenario import ScenarioFormatError

BREAK = {"kind": "break", "first_contact": 1, "pocketed": [], "balls_to_rail": 5}
MISS = {"first_contact": 1, "pocketed": []}
FOUL = {"first_contact": 3}  # the 1 is still the lowest

#: Every rack these tests rule, by name: (ruleset, initial state, shots). tests/test_match_api.py
#: plays each one through the match API and expects the outcomes /api/rack gives.
RACKS = {
    "ffb_ten_three_fouls": ("10-ffb", None, [
        BREAK,                                                       # A: legal, nothing pocketed
        {"kind": "push_out", "first_contact": None},                 # B: push-out
        {**FOUL, "choice": "hand_back"},                             # A hands back: B shoots, fouls (1)
        MISS,                                                        # A: ball in hand, misses
        FOUL,                                                        # B: second foul, warned
        MISS,                                                        # A
        FOUL,                                                        # B: third foul after the warning
    ]),
    "doolys_money_ball_win": ("10-doolys", None, [{**BREAK, "pocketed": [4]}, {"first_contact": 1, "pocketed": [10]}]),
    "ffb_nine_dry_break_hand_back": ("9-ffb", {"rack": "template"}, [
        {**BREAK, "pocketed": [2], "crossed_head_string": 0},       # A: dry break (template)
        {"kind": "push_out", "first_contact": None, "choice": "hand_back"},  # B hands back: A may push out
        {"first_contact": 1, "pocketed": [9], "choice": "play"},    # B takes the table and pockets the 9
    ]),
    "bca_break_foul_push_out": ("9-bca", None, [
        {**BREAK, "first_contact": 2},                               # A: foul, B has ball in hand and may push
        {"kind": "push_out", "first_contact": None},                 # B pushes out
        {**MISS, "choice": "play"},                                  # A plays the table
    ]),
    "guide_uncalled_lowest_ball": ("10-guide", None, [
        {**BREAK, "pocketed": [5], "called": None},                  # A keeps the hand
        {"first_contact": 1, "pocketed": [1], "called": {"ball": 2, "pocket": "coin"}},  # A: the 1 uncalled
        {"first_contact": 2, "pocketed": [2], "called": {"ball": 2, "pocket": "coin"}, "choice": "hand_back"},
    ]),
    "ffb_unwarned_third_then_warned_third": (
        "10-ffb", {"on_table": [3, 5, 10], "fouls": {"shooter": 2, "opponent": 0}, "warned": False},
        [{"first_contact": 5}, {"first_contact": 3}, {"first_contact": 5}]),
    "ffb_nine_balls_carry": ("9-ffb", None, [
        {**BREAK, "pocketed": [2, 3]}, {"first_contact": 1, "pocketed": [1, 9], "cue_ball": "pocketed"},
        {"first_contact": 4}]),
}

#: Racks these tests refuse (ruleset, state, shots, index of the shot refused, field of the error).
BAD_RACKS = {
    "shot_after_game_over": ("10-doolys", None, [{**BREAK, "pocketed": [10]}, MISS], 1, "shots[1]"),
    "dry_break_accepted_no_push_out": ("9-ffb", {"rack": "template"},
                                       [{**BREAK, "pocketed": [2], "crossed_head_string": 0},
                                        {"kind": "push_out", "first_contact": None, "choice": "play"}],
                                       1, "shots[1].kind"),
    "missing_choice": ("10-ffb", None, [BREAK, {"kind": "push_out", "first_contact": None}, MISS], 2,
                       "shots[2].choice"),
    "choice_when_none_offered": ("9-bca", None, [BREAK, {**MISS, "choice": "play"}], 1, "shots[1].choice"),
    "break_after_first_shot": ("9-bca", None, [BREAK, BREAK], 1, "shots[1].kind"),
}


def play(ruleset, shots, state=None):
    return play_rack(book(), ruleset, state, shots)


def test_ffb_ten_break_push_out_hand_back_fouls_warning_three_fouls_lose():
    out = rack("ffb_ten_three_fouls")
    players = [p for p, _ in out]
    assert players == ["A", "B", "B", "A", "B", "A", "B"]
    brk, push, f1, m1, f2, m2, f3 = (o for _, o in out)
    assert brk.push_out_available and brk.next_shooter == "opponent"        # 10-ffb/push-out-premier-coup
    assert {x.choice for x in push.options} == {"play", "hand_back"}        # 10-ffb/push-out-choix-adversaire
    assert f1.fouls_after == {"shooter": 1, "opponent": 0} and f1.ball_in_hand
    assert m1.fouls_after == {"shooter": 0, "opponent": 1}
    assert f2.fouls_after["shooter"] == 2 and f2.warning_due              # 10-ffb/trois-fautes-avertissement
    assert f3.game_over and f3.winner == "opponent" and f3.termination.value == "three_fouls"
    assert "10-ffb/trois-fautes-consecutives" in f3.cited


def test_a_shot_after_the_game_is_over_is_an_error():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play("10-doolys", [{**BREAK, "pocketed": [10]}, MISS])
    assert exc.value.field == "shots[1]" and exc.value.clause


def test_money_ball_win_ends_the_rack():
    out = rack("doolys_money_ball_win")
    assert [p for p, _ in out] == ["A", "A"]
    assert out[-1][1].game_over and out[-1][1].winner == "shooter"
    assert out[-1][1].on_table_after == (1, 2, 3, 5, 6, 7, 8, 9)  # what is left when the game ends


def test_nine_ffb_dry_break_hand_back_with_push_out_then_nine_wins():
    out = rack("ffb_nine_dry_break_hand_back")
    assert [p for p, _ in out] == ["A", "A", "B"]
    dry, push, win = (o for _, o in out)
    assert dry.break_info["three_ball_rule"] == "failed" and "9-ffb/dry-break-choix-adversaire" in dry.cited
    assert push.legal and {x.choice for x in push.options} == {"play", "hand_back"}
    assert win.game_over and win.winner == "shooter" and "9-ffb/victoire-9-empochee" in win.cited


def test_dry_break_accepted_table_no_push_out():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play("9-ffb", [{**BREAK, "pocketed": [2], "crossed_head_string": 0},
                       {"kind": "push_out", "first_contact": None, "choice": "play"}], state={"rack": "template"})
    assert exc.value.field == "shots[1].kind"  # the shot's own path in the request
    assert exc.value.clause == "9-ffb/dry-break-accepter-la-table"  # « il ne peut pas jouer de coup de dégagement »


def test_missing_choice_is_an_error():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play("10-ffb", [BREAK, {"kind": "push_out", "first_contact": None}, MISS])
    assert exc.value.field == "shots[2].choice"


def test_a_choice_when_none_was_offered_is_an_error():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play("9-bca", [BREAK, {**MISS, "choice": "play"}])
    assert exc.value.field == "shots[1].choice"


def test_a_break_after_the_first_shot_is_an_error():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play("9-bca", [BREAK, BREAK])
    assert exc.value.field == "shots[1].kind"


def test_bca_break_foul_then_push_out_with_ball_in_hand():
    out = rack("bca_break_foul_push_out")
    assert [p for p, _ in out] == ["A", "B", "A"]
    assert out[0][1].ball_in_hand and out[0][1].push_out_available  # 9-bca/5-coup-pousse-apres-scratch
    assert out[1][1].legal and out[2][1].legal


def test_uncalled_lowest_ball_choice_then_play_on():
    out = rack("guide_uncalled_lowest_ball")
    assert [p for p, _ in out] == ["A", "A", "A"]
    assert {x.choice for x in out[1][1].options} == {"play", "hand_back"}  # 10-guide/empochage-non-annonce
    assert out[2][1].legal and out[2][1].next_shooter == "shooter"


def test_unwarned_third_foul_carried_state_then_warned_third_loses():
    out = rack("ffb_unwarned_third_then_warned_third")
    first, _, last = (o for _, o in out)
    assert [p for p, _ in out] == ["A", "B", "A"]
    assert not first.game_over and first.fouls_after["shooter"] == 2 and first.warning_due  # sans-avertissement
    assert last.game_over and last.winner == "opponent"


def test_balls_carry_from_shot_to_shot():
    out = rack("ffb_nine_balls_carry")
    assert out[0][1].on_table_after == (1, 4, 5, 6, 7, 8, 9)
    assert out[1][1].spotted == (9,) and out[1][1].on_table_after == (4, 5, 6, 7, 8, 9)
    assert out[2][0] == "B" and out[2][1].legal


@pytest.mark.parametrize("shots, state, field", [
    ([], None, "shots"),
    ("break", None, "shots"),
    ([BREAK, "miss"], None, "shots[1]"),
    ([{"kind": "break", "first_contact": "one"}], None, "shots[0].first_contact"),
    ([BREAK], [1, 2], "state"),
])
def test_malformed_racks(shots, state, field):
    with pytest.raises(ScenarioFormatError) as exc:
        play("9-bca", shots, state)
    assert exc.value.field == field


def rack(name):
    ruleset, state, shots = RACKS[name]
    return play(ruleset, shots, state)


@pytest.mark.parametrize("name", sorted(BAD_RACKS))
def test_refused_racks(name):
    ruleset, state, shots, _, field = BAD_RACKS[name]
    with pytest.raises(ImpossibleScenarioError) as exc:
        play(ruleset, shots, state)
    assert exc.value.field == field


# ----------------------------------------------------------------------------- warned
SECOND_FOUL_STATE = {"on_table": [3, 5, 9], "fouls": {"shooter": 2, "opponent": 0}}


def test_warned_true_third_foul_loses_under_every_ruleset():
    for ruleset in ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb"):
        table = [3, 5, 10] if ruleset.startswith("10") else [3, 5, 9]
        (_, o), = play(ruleset, [{"first_contact": 5, "warned": True}], {**SECOND_FOUL_STATE, "on_table": table})
        assert o.game_over and o.winner == "opponent" and o.termination.value == "three_fouls", ruleset
        assert book().rulesets[ruleset].policy["three_fouls"].clause in o.cited
        assert not any(a.fact == "state.warned" for a in o.assumptions)


def test_warned_false_third_foul_counts_as_second_in_ffb_nine():
    # 9-ffb/trois-fautes-sans-avertissement: not warned, the third foul counts as the second
    (_, o), = play("9-ffb", [{"first_contact": 5, "warned": False}], SECOND_FOUL_STATE)
    assert not o.game_over and o.fouls_after["shooter"] == 2 and o.warning_due
    assert "9-ffb/trois-fautes-sans-avertissement" in o.cited
    assert not any(a.fact == "state.warned" for a in o.assumptions)


def test_warned_not_stated_at_two_fouls_is_an_assumption():
    # B reaches two fouls inside the rack; his third foul, « warned » not stated, assumes the due warning
    out = play("9-ffb", [BREAK, {**FOUL, "cue_ball": "pocketed"}, MISS, FOUL, MISS, FOUL])
    o = out[-1][1]
    assert out[-1][0] == "B" and o.game_over and o.termination.value == "three_fouls"
    assert [a.fact for a in o.assumptions if a.fact == "state.warned"] == ["state.warned"]
    # a legal shot does not depend on the warning: nothing assumed
    (_, legal), = play("9-ffb", [{"first_contact": 3, "pocketed": [3]}], {"on_table": [3, 5, 9],
                                                                          "fouls": {"shooter": 2, "opponent": 0}})
    assert not any(a.fact == "state.warned" for a in legal.assumptions)


def test_warned_true_without_two_fouls_is_impossible():
    with pytest.raises(ImpossibleScenarioError) as exc:
        play("9-ffb", [BREAK, {**FOUL, "warned": True}])
    assert exc.value.field == "shots[1].warned" and exc.value.clause == "9-ffb/trois-fautes-avertissement"


def test_warned_must_be_a_boolean():
    with pytest.raises(ScenarioFormatError) as exc:
        play("9-ffb", [BREAK, {**FOUL, "warned": "oui"}])
    assert exc.value.field == "shots[1].warned"


def test_warned_stated_in_the_initial_state_is_not_assumed():
    (_, o), = play("9-ffb", [{"first_contact": 5}], {**SECOND_FOUL_STATE, "warned": False})
    assert not o.game_over and not any(a.fact == "state.warned" for a in o.assumptions)
