"""Rulings under 10-guide (a players' guide to 10-ball, after the FFB rules), each worked out
from the text; the deciding clause id sits beside each assertion."""

import pytest

from engine_support import brk, codes, choices, rule

R = "10-guide"
T = [4, 6, 8, 10]
CALL4 = {"ball": 4, "pocket": "coin haut droit"}


# --------------------------------------------------------------------------- break
def test_valid_break_needs_the_one_first_and_four_rails():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=4)
    assert o.legal and "10-guide/casse-valable" in o.cited and o.push_out_available
    assert "10-guide/push-out-apres-casse" in o.cited


def test_break_with_a_ball_pocketed_but_three_rails_is_a_foul():
    # « La casse est valable lorsque … au moins quatre billes » — but the guide's break fouls
    # (« Il y a faute lorsque ») are only the cue ball and an object ball off the table: the
    # non-valid break is a referee's foul, unsettled and noted; the condition is still cited.
    o = brk(R, first_contact=1, pocketed=[5], balls_to_rail=3)
    assert codes(o) == ["illegal_break"] and o.fouls[0].clause is None and o.ball_in_hand
    assert "10-guide/casse-valable" in o.cited and {"legal", "fouls"} <= set(o.unsettled)
    assert any("valable" in n for n in o.notes) and not o.push_out_available


def test_break_foul_no_push_out_for_the_incoming_player():
    o = brk(R, first_contact=2, pocketed=[], balls_to_rail=5)
    assert o.ball_in_hand and not o.push_out_available and "10-guide/push-out-apres-casse" in o.cited


def test_break_pocketing_without_a_call_keeps_the_hand_but_is_unsettled():
    o = brk(R, first_contact=1, pocketed=[3], balls_to_rail=5)
    assert o.legal and o.next_shooter == "shooter" and "10-guide/reprise-continue" in o.cited
    assert "next_shooter" in o.unsettled  # the guide does not exempt the break from calling


def test_called_ten_on_a_valid_break_wins():
    o = brk(R, first_contact=1, pocketed=[10], balls_to_rail=5, called={"ball": 10, "pocket": "coin"})
    assert o.game_over and o.winner == "shooter" and "10-guide/casse-10-annoncee" in o.cited


def test_uncalled_ten_on_a_valid_break_is_spotted():
    o = brk(R, first_contact=1, pocketed=[10], balls_to_rail=5, called=None)
    assert not o.game_over and o.spotted == (10,) and {"spotted", "next_shooter"} <= set(o.unsettled)


def test_ten_on_a_break_foul_is_spotted_nearest_below_if_occupied():
    o = brk(R, first_contact=1, pocketed=[10], balls_to_rail=5, cue_ball="pocketed")
    assert o.spotted == (10,) and "10-guide/casse-faute-10-replacee" in o.cited
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause == "10-guide/casse-faute-blanche-empochee"


def test_break_object_ball_off_table_is_a_foul_ten_replaced():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=6, off_table=[3, 10])
    assert codes(o) == ["object_ball_off_table"] and o.fouls[0].clause == "10-guide/casse-faute-bille-ejectee"
    assert o.spotted == (10,) and 3 not in o.on_table_after


# --------------------------------------------------------------------------- push-out
def test_valid_push_out_opponent_accepts_or_hands_back():
    o = rule(R, {"kind": "push_out", "first_contact": None}, on_table=T, push_out_available=True)
    assert o.legal and choices(o) == {"play", "hand_back"} and "10-guide/push-out-choix-adversaire" in o.cited
    assert "10-guide/push-out-coups-autorises" in o.cited


def test_push_out_scratch_is_the_one_thing_not_allowed():
    o = rule(R, {"kind": "push_out", "first_contact": None, "cue_ball": "pocketed"}, on_table=T,
             push_out_available=True)
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause == "10-guide/faute-blanche-empochee"
    assert o.ball_in_hand and o.options == ()


def test_ten_pocketed_on_a_push_out_is_spotted():
    o = rule(R, {"kind": "push_out", "first_contact": 8, "pocketed": [10, 6]}, on_table=T, push_out_available=True)
    assert o.spotted == (10,) and "10-guide/push-out-billes-empochees" in o.cited and 6 not in o.on_table_after


# --------------------------------------------------------------------------- call shot
def test_called_ball_pocketed_continues():
    o = rule(R, {"first_contact": 4, "pocketed": [4], "called": CALL4}, on_table=T)
    assert o.legal and o.next_shooter == "shooter" and "10-guide/annonce-du-coup" in o.cited


def test_called_ten_pocketed_wins():
    o = rule(R, {"first_contact": 4, "pocketed": [10], "called": {"ball": 10, "pocket": "coin"}}, on_table=T)
    assert o.game_over and o.winner == "shooter" and "10-guide/victoire-10" in o.cited


def test_lowest_ball_pocketed_without_a_call_opponent_chooses():
    o = rule(R, {"first_contact": 4, "pocketed": [4], "called": None}, on_table=T)
    assert choices(o) == {"play", "hand_back"} and "10-guide/empochage-non-annonce" in o.cited
    assert o.assumptions  # "si elles ne sont pas évidentes": assumed not obvious


def test_ten_pocketed_on_a_foul_is_spotted():
    o = rule(R, {"first_contact": 6, "pocketed": [10], "called": {"ball": 10, "pocket": "coin"}}, on_table=T)
    assert not o.legal and o.spotted == (10,) and "10-guide/replacement-10" in o.cited and o.ball_in_hand


# --------------------------------------------------------------------------- jumps, fouls
def test_jump_is_allowed():
    o = rule(R, {"first_contact": 4, "jump": True, "pocketed": [4], "called": CALL4}, on_table=T)
    assert o.legal and "10-guide/jump-autorises" in o.cited and not o.unsettled


def test_jump_not_allowed_code_is_rejected_the_text_allows_jumps():
    o = rule(R, {"first_contact": 4, "fouls": ["jump_not_allowed"]}, on_table=T)
    assert o.legal and "10-guide/jump-autorises" in o.cited and o.notes


def test_masse_is_not_regulated():
    o = rule(R, {"first_contact": 4, "masse": True}, on_table=T)
    assert o.legal and "legal" in o.unsettled and o.notes


@pytest.mark.parametrize("code, clause", [
    ("jump_miscue", "10-guide/jump-fausse-queue"),
    ("full_pocket", "10-guide/faute-poche-pleine"),
    ("frozen_ball_push", "10-guide/faute-oppose-bille-gelee"),
    ("balls_moving", "10-guide/faute-bille-en-mouvement"),
    ("touched_ball", "10-guide/faute-toucher-billes"),
    ("wrong_cue_ball", "10-guide/faute-propulser-avec-queue"),
    ("double_hit", "10-guide/faute-double-touche"),
    ("push_shot", "10-guide/faute-double-touche"),
    ("no_foot_on_floor", "10-guide/faute-pied-au-sol"),
])
def test_listed_fouls(code, clause):
    o = rule(R, {"first_contact": 4, "fouls": [code]}, on_table=T)
    assert codes(o) == [code] and o.fouls[0].clause == clause and o.ball_in_hand
    assert "10-guide/fautes-bille-en-main" in o.cited


def test_slow_play_is_not_listed():
    o = rule(R, {"first_contact": 4, "fouls": ["slow_play"]}, on_table=T)
    assert codes(o) == ["slow_play"] and o.fouls[0].clause is None and "fouls" in o.unsettled


def test_wrong_ball_no_rail_and_off_table_fouls():
    assert rule(R, {"first_contact": 6}, on_table=T).fouls[0].clause == "10-guide/faute-mauvaise-bille"
    o = rule(R, {"first_contact": 4, "rail_after_contact": False}, on_table=T)
    assert o.fouls[0].clause == "10-guide/faute-absence-de-bande"
    o = rule(R, {"first_contact": 4, "off_table": [8]}, on_table=T)
    assert o.fouls[0].clause == "10-guide/faute-bille-de-but-ejectee" and 8 not in o.on_table_after


def test_object_balls_pocketed_on_a_foul_stay_down():
    o = rule(R, {"first_contact": 6, "pocketed": [8]}, on_table=T)
    assert "10-guide/billes-non-remises" in o.cited and 8 not in o.on_table_after


def test_spot_occupied_nearest_below_with_a_note():
    o = rule(R, {"first_contact": 6, "pocketed": [10]}, on_table=T)
    assert "10-guide/casse-faute-blanche-empochee" in o.cited and any("au plus près" in n for n in o.notes)


def test_several_fouls_count_not_stated():
    o = rule(R, {"first_contact": 6, "cue_ball": "pocketed"}, on_table=T)
    assert o.fouls_after["shooter"] == 1 and "fouls_after" in o.unsettled


# --------------------------------------------------------------------------- three fouls
def test_unwarned_third_foul_counts_as_second():
    o = rule(R, {"first_contact": 6}, on_table=T, fouls={"shooter": 2, "opponent": 0})
    assert not o.game_over and o.fouls_after["shooter"] == 2 and "10-guide/trois-fautes-avertissement" in o.cited


def test_warned_third_foul_loses():
    o = rule(R, {"first_contact": 6}, on_table=T, fouls={"shooter": 2, "opponent": 0}, warned=True)
    assert o.game_over and o.winner == "opponent" and "10-guide/trois-fautes" in o.cited
