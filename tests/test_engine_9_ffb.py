"""Rulings under 9-ffb ("US - jeu de la 9", FFB, with the 3-ball rule for template racks), each
worked out from the text; the deciding clause id sits beside each assertion."""

import pytest

from engine_support import brk, codes, choices, rule

R = "9-ffb"
T = [2, 5, 8, 9]


# --------------------------------------------------------------------------- break
def test_break_must_hit_the_one():
    o = brk(R, first_contact=3, pocketed=[], balls_to_rail=5)
    assert codes(o) == ["wrong_ball_first"] and o.fouls[0].clause == "9-ffb/casse-de-depart"
    assert o.ball_in_hand and not o.push_out_available and "9-ffb/push-out-apres-casse" in o.cited


def test_break_nothing_pocketed_needs_four_rails():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=3)
    assert codes(o) == ["illegal_break"] and o.fouls[0].clause == "9-ffb/casse-quatre-billes-en-bande"


def test_break_a_ball_pocketed_no_rails_needed():
    o = brk(R, first_contact=1, pocketed=[4], balls_to_rail=1)
    assert o.legal and o.next_shooter == "shooter" and o.push_out_available
    assert "9-ffb/continuer-a-jouer" in o.cited and "9-ffb/push-out-apres-casse" in o.cited


def test_triangle_rack_three_ball_rule_does_not_apply():
    o = brk(R, first_contact=1, pocketed=[4], balls_to_rail=1, crossed_head_string=0)
    assert o.legal and o.break_info["three_ball_rule"] is None
    assert "9-ffb/trois-billes-champ-d-application" in o.cited


def test_nine_on_a_legal_break_wins():
    o = brk(R, first_contact=1, pocketed=[9], balls_to_rail=4)
    assert o.game_over and o.winner == "shooter" and "9-ffb/victoire-9-empochee" in o.cited


def test_nine_on_a_break_foul_is_spotted():
    o = brk(R, first_contact=1, pocketed=[9], balls_to_rail=4, cue_ball="pocketed")
    assert o.spotted == (9,) and "9-ffb/bille-9-replacee" in o.cited
    assert o.fouls[0].clause == "9-ffb/faute-bille-blanche-empochee"


# --------------------------------------------------------------------------- three-ball rule
@pytest.mark.parametrize("pocketed, crossed", [([2, 5, 8], 0), ([2], 2), ([2, 5], 1), ([2, 3, 4, 5], 0)])
def test_template_three_ball_rule_met_keeps_the_hand(pocketed, crossed):
    o = brk(R, rack="template", first_contact=1, pocketed=pocketed, balls_to_rail=5, crossed_head_string=crossed)
    assert o.legal and o.break_info == {"legal": True, "three_ball_rule": "met", "dry": False}
    assert o.next_shooter == "shooter" and o.push_out_available
    assert "9-ffb/trois-billes-regle" in o.cited and "9-ffb/trois-billes-champ-d-application" in o.cited


@pytest.mark.parametrize("pocketed, crossed", [([2], 1), ([2, 5], 0), ([], 2)])
def test_template_dry_break_opponent_plays_without_push_out_or_hands_back(pocketed, crossed):
    o = brk(R, rack="template", first_contact=1, pocketed=pocketed, balls_to_rail=5, crossed_head_string=crossed)
    assert o.legal and o.break_info == {"legal": True, "three_ball_rule": "failed", "dry": True}
    assert o.next_shooter == "opponent" and not o.ball_in_hand and not o.push_out_available
    by = {opt.choice: opt for opt in o.options}
    assert set(by) == {"play", "hand_back"} and "9-ffb/dry-break-choix-adversaire" in o.cited
    assert by["play"].shooter == "opponent" and not by["play"].push_out_available  # dry-break-accepter-la-table
    assert by["hand_back"].shooter == "shooter" and by["hand_back"].push_out_available  # dry-break-rendre-la-main


def test_nine_on_a_dry_break_is_spotted():
    o = brk(R, rack="template", first_contact=1, pocketed=[9], balls_to_rail=5, crossed_head_string=0)
    assert not o.game_over and o.spotted == (9,) and "9-ffb/dry-break-9-replacee" in o.cited
    assert "9-ffb/bille-9-point-occupe" in o.cited


def test_three_balls_crossed_none_pocketed_is_left_open_by_the_text():
    o = brk(R, rack="template", first_contact=1, pocketed=[], balls_to_rail=5, crossed_head_string=3)
    assert o.break_info["three_ball_rule"] == "met" and o.next_shooter == "opponent" and o.push_out_available
    assert {"options", "push_out_available"} <= set(o.unsettled) and o.notes


def test_template_break_foul_beats_the_three_ball_rule():
    o = brk(R, rack="template", first_contact=1, pocketed=[2, 3, 4], balls_to_rail=5, cue_ball="pocketed")
    assert codes(o) == ["cue_ball_pocketed"] and o.ball_in_hand and o.options == ()


# --------------------------------------------------------------------------- push-out
def test_legal_push_out_opponent_takes_the_table_or_lets_him_replay():
    o = rule(R, {"kind": "push_out", "first_contact": None}, on_table=T, push_out_available=True)
    assert o.legal and choices(o) == {"play", "hand_back"} and "9-ffb/push-out-choix-adversaire" in o.cited
    assert "9-ffb/push-out-contact-non-requis" in o.cited


def test_nine_pocketed_on_a_push_out_is_spotted_others_stay():
    o = rule(R, {"kind": "push_out", "first_contact": 5, "pocketed": [9, 8]}, on_table=T, push_out_available=True)
    assert o.spotted == (9,) and "9-ffb/push-out-9-empochee" in o.cited and o.on_table_after == (2, 5, 9)


def test_foul_on_a_push_out_ball_in_hand():
    o = rule(R, {"kind": "push_out", "first_contact": 5, "off_table": [8]}, on_table=T, push_out_available=True)
    assert codes(o) == ["object_ball_off_table"] and o.ball_in_hand and o.options == ()


# --------------------------------------------------------------------------- every shot
def test_lowest_first_then_any_ball_pocketed_continues():
    o = rule(R, {"first_contact": 2, "pocketed": [5]}, on_table=T)
    assert o.legal and o.next_shooter == "shooter" and "9-ffb/ordre-croissant" in o.cited
    assert "9-ffb/pas-d-annonce" in o.cited and "9-ffb/continuer-a-jouer" in o.cited


def test_nine_pocketed_on_a_regular_shot_wins():
    o = rule(R, {"first_contact": 2, "pocketed": [9]}, on_table=T)
    assert o.game_over and o.winner == "shooter" and "9-ffb/victoire-9-empochee" in o.cited


def test_wrong_ball_first():
    o = rule(R, {"first_contact": 5}, on_table=T)
    assert o.fouls[0].clause == "9-ffb/faute-mauvaise-bille-touchee" and o.ball_in_hand
    assert "9-ffb/liste-des-fautes" in o.cited


def test_no_rail_when_no_ball_is_pocketed():
    o = rule(R, {"first_contact": 2, "rail_after_contact": False}, on_table=T)
    assert o.fouls[0].clause == "9-ffb/faute-pas-de-bande"
    o = rule(R, {"first_contact": 2, "rail_after_contact": False, "pocketed": [2]}, on_table=T)
    assert o.legal and "9-ffb/faute-pas-de-bande" in o.cited


def test_nine_off_the_table_is_spotted_behind_if_occupied():
    o = rule(R, {"first_contact": 2, "off_table": [9]}, on_table=T)
    assert o.spotted == (9,) and "9-ffb/bille-9-replacee" in o.cited and "9-ffb/bille-9-point-occupe" in o.cited


def test_other_ball_off_the_table_stays_off():
    o = rule(R, {"first_contact": 2, "off_table": [8]}, on_table=T)
    assert o.fouls[0].clause == "9-ffb/faute-bille-de-but-ejectee" and 8 not in o.on_table_after and o.notes


def test_scratch_foul():
    o = rule(R, {"first_contact": 2, "cue_ball": "pocketed", "pocketed": [9]}, on_table=T)
    assert o.fouls[0].clause == "9-ffb/faute-bille-blanche-empochee" and o.spotted == (9,) and not o.game_over


@pytest.mark.parametrize("code, clause", [
    ("no_foot_on_floor", "9-ffb/faute-aucun-pied-au-sol"),
    ("touched_ball", "9-ffb/faute-bille-touchee-deplacee"),
    ("double_hit", "9-ffb/faute-double-touche-poussette"),
    ("push_shot", "9-ffb/faute-double-touche-poussette"),
    ("cue_on_table", "9-ffb/faute-queue-posee-sur-la-table"),
    ("out_of_turn", "9-ffb/faute-jouer-hors-tour"),
    ("slow_play", "9-ffb/faute-jeu-lent"),
    ("wrong_cue_ball", "9-ffb/faute-jouer-bille-de-but"),
    ("ball_in_hand_stroke", "9-ffb/faute-bille-en-main-positionnement"),
    ("full_pocket", "9-ffb/faute-poche-remplie"),
    ("scoop_jump", "9-ffb/faute-blanche-saute-sous-le-centre"),
])
def test_listed_fouls(code, clause):
    o = rule(R, {"first_contact": 2, "fouls": [code]}, on_table=T)
    assert codes(o) == [code] and o.fouls[0].clause == clause and not o.unsettled


def test_ball_in_hand_misplaced_is_not_listed():
    o = rule(R, {"first_contact": 2, "fouls": ["ball_in_hand_misplaced"]}, on_table=T, ball_in_hand=True)
    assert codes(o) == ["ball_in_hand_misplaced"] and o.fouls[0].clause is None and "fouls" in o.unsettled


def test_jump_is_not_regulated():
    o = rule(R, {"first_contact": 2, "jump": True}, on_table=T)
    assert o.legal and "legal" in o.unsettled


def test_several_fouls_count_not_stated():
    o = rule(R, {"first_contact": 5, "cue_ball": "pocketed"}, on_table=T)
    assert o.fouls_after["shooter"] == 1 and {"fouls_after", "warning_due"} <= set(o.unsettled)


# --------------------------------------------------------------------------- three fouls
def test_second_foul_warning():
    o = rule(R, {"first_contact": 5}, on_table=T, fouls={"shooter": 1, "opponent": 2})
    assert o.warning_due and o.fouls_after == {"shooter": 2, "opponent": 2}
    assert "9-ffb/trois-fautes-avertissement" in o.cited


def test_warned_third_foul_loses():
    o = rule(R, {"first_contact": 5}, on_table=T, fouls={"shooter": 2, "opponent": 0}, warned=True)
    assert o.game_over and o.termination.value == "three_fouls" and "9-ffb/trois-fautes-consecutives" in o.cited
    assert o.on_table_after == tuple(T)  # the game is over, the balls are still on the table


def test_unwarned_third_foul_count_stays_at_two():
    o = rule(R, {"first_contact": 5}, on_table=T, fouls={"shooter": 2, "opponent": 0})
    assert not o.game_over and o.fouls_after["shooter"] == 2 and "9-ffb/trois-fautes-sans-avertissement" in o.cited
