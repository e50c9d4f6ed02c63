"""Rulings under 10-ffb ("Billard américain le jeu de la 10", FFB, WPA-based), each worked out
from the text; the deciding clause id sits beside each assertion."""

import pytest

from engine_support import brk, codes, choices, rule

R = "10-ffb"
T = [2, 3, 5, 7, 10]
CALL2 = {"ball": 2, "pocket": "coin bas gauche"}


# --------------------------------------------------------------------------- break
def test_break_four_rails_and_a_ball_pocketed_breaker_continues():
    o = brk(R, first_contact=1, pocketed=[4], balls_to_rail=4)
    assert o.legal and "10-ffb/casse-quatre-billes-en-bande" in o.cited
    assert o.next_shooter == "shooter" and "10-ffb/casse-suite-de-la-reprise" in o.cited
    assert o.push_out_available and "10-ffb/push-out-premier-coup" in o.cited


def test_break_needs_four_rails_even_with_a_ball_pocketed():
    o = brk(R, first_contact=1, pocketed=[4], balls_to_rail=3)
    assert codes(o) == ["illegal_break"] and o.fouls[0].clause == "10-ffb/casse-quatre-billes-en-bande"
    assert o.ball_in_hand and o.next_shooter == "opponent"
    assert not o.push_out_available  # push-out-premier-coup: after a legal break only


def test_break_cue_ball_to_a_rail_before_the_one_is_a_foul():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=5, cue_rail_first=True)
    assert codes(o) == ["cue_rail_first"] and o.fouls[0].clause == "10-ffb/casse-toucher-la-1"


def test_break_nothing_pocketed_turn_passes():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=6)
    assert o.legal and o.next_shooter == "opponent" and o.push_out_available
    assert "10-ffb/casse-suite-de-la-reprise" in o.cited  # "S'il n'empoche aucune bille ... sa reprise s'achève"


def test_called_ten_on_a_legal_break_wins():
    o = brk(R, first_contact=1, pocketed=[10], balls_to_rail=5, called={"ball": 10, "pocket": "coin haut"})
    assert o.game_over and o.winner == "shooter" and "10-ffb/casse-10-empochee-annoncee" in o.cited


def test_uncalled_ten_on_a_legal_break_does_not_win_and_is_spotted():
    o = brk(R, first_contact=1, pocketed=[10, 3], balls_to_rail=5, called=None)
    assert not o.game_over and o.spotted == (10,) and "10-ffb/casse-10-empochee-annoncee" in o.cited
    assert "spotted" in o.unsettled and o.notes  # the text does not say what becomes of it
    assert o.next_shooter == "shooter"  # casse-suite-de-la-reprise: a ball (the 3) is pocketed


def test_ten_on_a_break_foul_is_spotted():
    o = brk(R, first_contact=1, pocketed=[10], balls_to_rail=2)
    assert o.spotted == (10,) and "10-ffb/casse-10-empochee-sur-faute" in o.cited and o.ball_in_hand


def test_break_ten_off_table_is_spotted_other_balls_stay_off():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=6, off_table=[10, 6])
    assert o.spotted == (10,) and "10-ffb/bille-10-replacee" in o.cited
    assert 6 not in o.on_table_after and codes(o) == ["object_ball_off_table"]
    assert o.fouls[0].clause == "10-ffb/faute-5-bille-ejectee"


def test_break_scratch_is_a_foul():
    o = brk(R, first_contact=1, pocketed=[2], balls_to_rail=5, cue_ball="pocketed")
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause == "10-ffb/faute-1-blanche-empochee"
    assert not o.push_out_available


# --------------------------------------------------------------------------- push-out
def test_legal_push_out_opponent_plays_or_hands_back():
    o = rule(R, {"kind": "push_out", "first_contact": 6, "rail_after_contact": False},
             on_table=[1, 2, 3, 4, 5, 6, 7, 8, 10], push_out_available=True)
    assert o.legal and choices(o) == {"play", "hand_back"} and "10-ffb/push-out-choix-adversaire" in o.cited
    assert "10-ffb/push-out-aucun-contact-requis" in o.cited
    assert all(not opt.push_out_available for opt in o.options)


def test_ten_pocketed_on_a_push_out_is_spotted():
    o = rule(R, {"kind": "push_out", "first_contact": 7, "pocketed": [10]}, on_table=T, push_out_available=True)
    assert o.legal and o.spotted == (10,) and "10-ffb/push-out-billes-empochees" in o.cited


def test_scratch_on_a_push_out_is_a_foul():
    o = rule(R, {"kind": "push_out", "first_contact": None, "cue_ball": "pocketed"}, on_table=T,
             push_out_available=True)
    assert codes(o) == ["cue_ball_pocketed"] and o.ball_in_hand and o.options == ()


def test_wrong_ball_code_on_a_push_out_is_not_a_foul():
    o = rule(R, {"kind": "push_out", "first_contact": 7, "fouls": ["wrong_ball_first"]}, on_table=T,
             push_out_available=True)
    assert o.legal and "10-ffb/push-out-aucun-contact-requis" in o.cited


# --------------------------------------------------------------------------- call shot
def test_called_ball_pocketed_shooter_continues():
    o = rule(R, {"first_contact": 2, "pocketed": [2], "called": CALL2}, on_table=T)
    assert o.legal and o.next_shooter == "shooter"
    assert "10-ffb/annonce-du-coup" in o.cited and "10-ffb/fin-de-reprise" in o.cited


def test_called_ten_pocketed_wins():
    o = rule(R, {"first_contact": 2, "pocketed": [10], "called": {"ball": 10, "pocket": "milieu"}}, on_table=T)
    assert o.game_over and o.winner == "shooter" and "10-ffb/gain-de-la-partie" in o.cited


def test_uncalled_lowest_ball_pocketed_opponent_chooses():
    o = rule(R, {"first_contact": 2, "pocketed": [2], "called": {"ball": 5, "pocket": "coin"}}, on_table=T)
    assert o.legal and choices(o) == {"play", "hand_back"} and "10-ffb/empoche-non-annoncee" in o.cited
    assert o.next_shooter == "opponent" and not o.ball_in_hand and 2 not in o.on_table_after


def test_uncalled_other_ball_pocketed_turn_passes_options_unsettled():
    o = rule(R, {"first_contact": 2, "pocketed": [5], "called": CALL2}, on_table=T)
    assert o.legal and o.next_shooter == "opponent" and o.options == () and "options" in o.unsettled
    assert 5 not in o.on_table_after and "10-ffb/bille-10-replacee" in o.cited  # stays down


def test_uncalled_ten_with_the_called_ball_is_spotted_shooter_continues():
    o = rule(R, {"first_contact": 2, "pocketed": [2, 10], "called": CALL2}, on_table=T)
    assert not o.game_over and o.spotted == (10,) and "spotted" in o.unsettled
    assert o.next_shooter == "shooter" and "10-ffb/bille-10-replacee" in o.cited


def test_called_safety_with_a_ball_pocketed_is_not_settled():
    # a safety calls no ball: the 7 is pocketed « sans l’annoncer »; the text gives the choice only
    # for the lowest ball: the turn passes, the choice is left open
    o = rule(R, {"first_contact": 2, "pocketed": [7], "called": "safe"}, on_table=T)
    assert o.legal and o.next_shooter == "opponent" and "options" in o.unsettled and o.notes
    assert "next_shooter" not in o.unsettled


def test_called_safety_pocketing_the_lowest_gives_the_choice():
    # « Si le joueur empoche la bille numériquement la plus faible sans l’annoncer, la main passe et son
    # adversaire a le choix de jouer le coup suivant ou de redonner la main au joueur précédent. »
    for called in ("safe", None):
        o = rule(R, {"first_contact": 2, "pocketed": [2], "called": called}, on_table=T)
        assert o.legal and choices(o) == {"play", "hand_back"}, called
        assert "10-ffb/empoche-non-annoncee" in o.cited and "options" not in o.unsettled


def test_called_ball_in_the_wrong_pocket_does_not_count():
    o = rule(R, {"first_contact": 2, "pocketed": [5], "called": {"ball": 5, "pocket": "coin", "pocket_ok": False}},
             on_table=T)
    assert o.legal and o.next_shooter == "opponent" and "10-ffb/annonce-du-coup" in o.cited


# --------------------------------------------------------------------------- every shot
def test_wrong_ball_first_is_a_listed_foul():
    o = rule(R, {"first_contact": 3}, on_table=T)
    assert codes(o) == ["wrong_ball_first"] and o.fouls[0].clause == "10-ffb/faute-2-mauvaise-bille"
    assert o.ball_in_hand and "10-ffb/faute-bille-en-main" in o.cited


def test_no_rail_nothing_pocketed_is_a_foul():
    o = rule(R, {"first_contact": 2, "rail_after_contact": False}, on_table=T)
    assert codes(o) == ["no_rail"] and o.fouls[0].clause == "10-ffb/faute-3-absence-de-bande"


def test_no_rail_with_a_ball_pocketed_is_legal_but_unsettled():
    o = rule(R, {"first_contact": 2, "rail_after_contact": False, "pocketed": [2], "called": CALL2}, on_table=T)
    assert o.legal and "legal" in o.unsettled and o.notes  # faute 3 has no pocketed-ball exception


def test_ten_pocketed_on_a_foul_is_spotted():
    o = rule(R, {"first_contact": 3, "pocketed": [10]}, on_table=T)
    assert o.spotted == (10,) and "10-ffb/bille-10-replacee" in o.cited and not o.game_over


def test_scratch_is_a_foul():
    o = rule(R, {"first_contact": 2, "cue_ball": "off_table"}, on_table=T)
    assert codes(o) == ["cue_ball_off_table"] and o.fouls[0].clause == "10-ffb/faute-1-blanche-empochee"


@pytest.mark.parametrize("code, clause", [
    ("no_foot_on_floor", "10-ffb/faute-4-aucun-pied-au-sol"),
    ("touched_ball", "10-ffb/faute-6-bille-touchee"),
    ("double_hit", "10-ffb/faute-7-double-contact"),
    ("push_shot", "10-ffb/faute-8-bille-poussee"),
    ("balls_moving", "10-ffb/faute-9-bille-en-mouvement"),
    ("ball_in_hand_misplaced", "10-ffb/faute-10-blanche-mal-placee"),
    ("cue_on_table", "10-ffb/faute-11-queue-posee-sur-la-table"),
    ("out_of_turn", "10-ffb/faute-12-jouer-hors-tour"),
    ("slow_play", "10-ffb/faute-13-jeu-lent"),
])
def test_listed_fouls(code, clause):
    o = rule(R, {"first_contact": 2, "pocketed": [2], "called": CALL2, "fouls": [code]}, on_table=T)
    assert codes(o) == [code] and o.fouls[0].clause == clause and o.ball_in_hand and not o.unsettled


def test_full_pocket_is_not_listed_ruled_a_foul_and_unsettled():
    o = rule(R, {"first_contact": 2, "fouls": ["full_pocket"]}, on_table=T)
    assert codes(o) == ["full_pocket"] and o.fouls[0].clause is None and "fouls" in o.unsettled and o.notes


def test_several_fouls_count_as_one_is_not_stated():
    o = rule(R, {"first_contact": 3, "cue_ball": "pocketed"}, on_table=T)
    assert o.fouls_after["shooter"] == 1 and {"fouls_after", "warning_due"} <= set(o.unsettled) and o.notes


def test_jump_is_not_regulated_admitted_with_a_note():
    o = rule(R, {"first_contact": 2, "jump": True, "pocketed": [2], "called": CALL2}, on_table=T)
    assert o.legal and "legal" in o.unsettled and any("jump" in n for n in o.notes)


def test_spot_occupied_is_not_said():
    o = rule(R, {"first_contact": 3, "pocketed": [10]}, on_table=T)
    assert any("occupé" in n for n in o.notes)


# --------------------------------------------------------------------------- three fouls
def test_second_foul_warning_due():
    o = rule(R, {"first_contact": 3}, on_table=T, fouls={"shooter": 1, "opponent": 0})
    assert o.warning_due and "10-ffb/trois-fautes-avertissement" in o.cited


def test_third_foul_after_warning_loses():
    o = rule(R, {"first_contact": 3}, on_table=T, fouls={"shooter": 2, "opponent": 0}, warned=True)
    assert o.game_over and o.winner == "opponent" and "10-ffb/trois-fautes-consecutives" in o.cited


def test_unwarned_third_foul_counts_as_second():
    o = rule(R, {"first_contact": 3}, on_table=T, fouls={"shooter": 2, "opponent": 0}, warned=False)
    assert not o.game_over and o.fouls_after["shooter"] == 2 and o.warning_due and o.ball_in_hand
    assert "10-ffb/trois-fautes-sans-avertissement" in o.cited and "game_over" not in o.unsettled
