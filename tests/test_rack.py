"""play_rack: the shots of one rack in order, each ruled on the state the previous ones left."""

import pytest

from engine_support import book

from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.rack import play_rack
from qa.engine.scenario import ScenarioFormatError

BREAK = {"kind": "break", "first_contact": 1, "pocketed": [], "balls_to_rail": 5}
MISS = {"first_contact": 1, "pocketed": []}
FOUL = {"first_contact": 3}  # the 1 is still the lowest


def play(ruleset, shots, state=None):
    return play_rack(book(), ruleset, state, shots)


def test_ffb_ten_break_push_out_hand_back_fouls_warning_three_fouls_lose():
    out = play("10-ffb", [
        BREAK,                                                       # A: legal, nothing pocketed
        {"kind": "push_out", "first_contact": None},                 # B: push-out
        {**FOUL, "choice": "hand_back"},                             # A hands back: B shoots, fouls (1)
        MISS,                                                        # A: ball in hand, misses
        FOUL,                                                        # B: second foul, warned
        MISS,                                                        # A
        FOUL,                                                        # B: third foul after the warning
    ])
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
    out = play("10-doolys", [{**BREAK, "pocketed": [4]}, {"first_contact": 1, "pocketed": [10]}])
    assert [p for p, _ in out] == ["A", "A"]
    assert out[-1][1].game_over and out[-1][1].winner == "shooter"
    assert out[-1][1].on_table_after == (1, 2, 3, 5, 6, 7, 8, 9)  # what is left when the game ends


def test_nine_ffb_dry_break_hand_back_with_push_out_then_nine_wins():
    out = play("9-ffb", [
        {**BREAK, "pocketed": [2], "crossed_head_string": 0},       # A: dry break (template)
        {"kind": "push_out", "first_contact": None, "choice": "hand_back"},  # B hands back: A may push out
        {"first_contact": 1, "pocketed": [9], "choice": "play"},    # B takes the table and pockets the 9
    ], state={"rack": "template"})
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
    out = play("9-bca", [
        {**BREAK, "first_contact": 2},                               # A: foul, B has ball in hand and may push
        {"kind": "push_out", "first_contact": None},                 # B pushes out
        {**MISS, "choice": "play"},                                  # A plays the table
    ])
    assert [p for p, _ in out] == ["A", "B", "A"]
    assert out[0][1].ball_in_hand and out[0][1].push_out_available  # 9-bca/5-coup-pousse-apres-scratch
    assert out[1][1].legal and out[2][1].legal


def test_uncalled_lowest_ball_choice_then_play_on():
    out = play("10-guide", [
        {**BREAK, "pocketed": [5], "called": None},                  # A keeps the hand
        {"first_contact": 1, "pocketed": [1], "called": {"ball": 2, "pocket": "coin"}},  # A: the 1 uncalled
        {"first_contact": 2, "pocketed": [2], "called": {"ball": 2, "pocket": "coin"}, "choice": "hand_back"},
    ])
    assert [p for p, _ in out] == ["A", "A", "A"]
    assert {x.choice for x in out[1][1].options} == {"play", "hand_back"}  # 10-guide/empochage-non-annonce
    assert out[2][1].legal and out[2][1].next_shooter == "shooter"


def test_unwarned_third_foul_carried_state_then_warned_third_loses():
    state = {"on_table": [3, 5, 10], "fouls": {"shooter": 2, "opponent": 0}, "warned": False}
    out = play("10-ffb", [{"first_contact": 5}, {"first_contact": 3}, {"first_contact": 5}], state=state)
    first, _, last = (o for _, o in out)
    assert [p for p, _ in out] == ["A", "B", "A"]
    assert not first.game_over and first.fouls_after["shooter"] == 2 and first.warning_due  # sans-avertissement
    assert last.game_over and last.winner == "opponent"


def test_balls_carry_from_shot_to_shot():
    out = play("9-ffb", [{**BREAK, "pocketed": [2, 3]}, {"first_contact": 1, "pocketed": [1, 9],
                                                         "cue_ball": "pocketed"}, {"first_contact": 4}])
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
