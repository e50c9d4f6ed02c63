"""Rulings under 9-bca ("Règle du jeu de la 9", BCA-derived, Quebec vocabulary), each worked
out from the text; the deciding clause id sits beside each assertion."""

from engine_support import brk, codes, choices, rule

R = "9-bca"
T = [3, 4, 6, 9]


# --------------------------------------------------------------------------- break (rules 3, 4, 5)
def test_break_one_first_and_a_ball_pocketed_continues_and_may_push_out():
    o = brk(R, first_contact=1, pocketed=[5], balls_to_rail=1)
    assert o.legal and "9-bca/3a-bris-toucher-la-1" in o.cited
    assert o.next_shooter == "shooter" and "9-bca/4-ouvreur-continue" in o.cited
    assert o.push_out_available  # 5: "l'ouvreur (ou son adversaire) peut jouer un coup poussé"


def test_break_no_ball_and_three_rails_is_a_foul():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=3)
    # 3a states the condition, 3b that failing it is a foul
    assert codes(o) == ["illegal_break"] and o.fouls[0].clause == "9-bca/3b-bris-non-valable"
    assert "9-bca/3a-bris-toucher-la-1" in o.cited
    assert o.ball_in_hand and o.next_shooter == "opponent"  # 3b: "l'adversaire a la blanche en main"


def test_push_out_remains_after_a_break_foul_other_than_a_scratch():
    o = brk(R, first_contact=2, pocketed=[], balls_to_rail=5)
    assert not o.legal and o.ball_in_hand and o.push_out_available
    # the permission (« Immédiatement après le bris… peut jouer un coup poussé »), not the scratch exception
    assert "9-bca/5-coup-pousse-quand" in o.cited and "push_out_available" not in o.unsettled
    assert "9-bca/5-coup-pousse-apres-scratch" not in o.cited


def test_no_push_out_after_a_scratch_on_the_break():
    o = brk(R, first_contact=1, pocketed=[2], balls_to_rail=5, cue_ball="pocketed")
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause == "9-bca/3b-bris-non-valable"
    assert o.ball_in_hand and not o.push_out_available and "9-bca/5-coup-pousse-apres-scratch" in o.cited


def test_cue_ball_off_the_table_on_the_break_push_out_is_unsettled():
    o = brk(R, first_contact=1, pocketed=[2], balls_to_rail=5, cue_ball="off_table")
    assert not o.push_out_available and "push_out_available" in o.unsettled and o.notes


def test_nine_on_a_legal_break_wins():
    o = brk(R, first_contact=1, pocketed=[9], balls_to_rail=2)
    assert o.game_over and o.winner == "shooter" and "9-bca/4-fin-de-partie" in o.cited


def test_nine_on_a_break_foul_is_spotted():
    o = brk(R, first_contact=1, pocketed=[9], balls_to_rail=2, cue_ball="pocketed")
    assert o.spotted == (9,) and "9-bca/6-faute-perte-du-tour" in o.cited and not o.game_over


def test_break_ball_off_the_table_is_a_foul_nine_spotted():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=5, off_table=[9, 7])
    assert codes(o) == ["object_ball_off_table"] and o.fouls[0].clause == "9-bca/3c-bris-boule-hors-table"
    assert o.spotted == (9,) and 7 not in o.on_table_after


def test_template_rack_no_three_ball_rule():
    o = brk(R, rack="template", first_contact=1, pocketed=[2], balls_to_rail=2, crossed_head_string=0)
    assert o.legal and o.break_info["three_ball_rule"] is None and o.next_shooter == "shooter"


# --------------------------------------------------------------------------- push-out (rule 5)
def test_push_out_with_ball_in_hand_after_a_break_foul_is_possible():
    o = rule(R, {"kind": "push_out", "first_contact": None}, on_table=list(range(1, 10)), ball_in_hand=True,
             push_out_available=True)
    assert o.legal and choices(o) == {"play", "hand_back"} and "9-bca/5-coup-pousse-choix-adversaire" in o.cited


def test_nine_pocketed_on_a_push_out_is_spotted():
    o = rule(R, {"kind": "push_out", "first_contact": 4, "pocketed": [9]}, on_table=T, push_out_available=True)
    assert o.spotted == (9,) and "9-bca/5-coup-pousse-billes-empochees" in o.cited and not o.game_over


def test_push_out_not_touching_any_ball_is_not_a_foul():
    o = rule(R, {"kind": "push_out", "first_contact": None, "rail_after_contact": False}, on_table=T,
             push_out_available=True)
    assert o.legal and "9-bca/5-coup-pousse-regles-suspendues" in o.cited


# --------------------------------------------------------------------------- every shot
def test_ball_pocketed_on_a_legal_hit_continues():
    o = rule(R, {"first_contact": 3, "pocketed": [6]}, on_table=T)
    assert o.legal and o.next_shooter == "shooter" and "9-bca/1-continuer-a-jouer" in o.cited
    assert "9-bca/1-pas-d-annonce" in o.cited


def test_nine_on_a_combination_wins():
    o = rule(R, {"first_contact": 3, "pocketed": [9]}, on_table=T)
    assert o.game_over and o.winner == "shooter" and "9-bca/13-fin-de-partie" in o.cited and o.spotted == ()


def test_wrong_ball_first_foul():
    o = rule(R, {"first_contact": 4}, on_table=T)
    assert codes(o) == ["wrong_ball_first"] and o.fouls[0].clause == "9-bca/7-coup-manque"
    assert o.ball_in_hand and "9-bca/6-faute-blanche-en-main" in o.cited


def test_no_rail_after_impact_foul():
    o = rule(R, {"first_contact": 3, "rail_after_contact": False}, on_table=T)
    assert codes(o) == ["no_rail"] and o.fouls[0].clause == "9-bca/8-une-bande-apres-impact"


def test_nine_pocketed_on_a_foul_is_spotted_others_stay_down():
    o = rule(R, {"first_contact": 4, "pocketed": [9, 6]}, on_table=T)
    assert o.spotted == (9,) and "9-bca/6-faute-perte-du-tour" in o.cited and o.on_table_after == (3, 4, 9)


def test_ball_off_the_table_foul_nine_spotted():
    o = rule(R, {"first_contact": 3, "off_table": [9]}, on_table=T)
    assert codes(o) == ["object_ball_off_table"] and o.spotted == (9,) and "9-bca/10-boule-hors-table-faute" in o.cited


def test_scratch_during_play_is_a_foul_not_stated():
    o = rule(R, {"first_contact": 4, "pocketed": [], "cue_ball": "pocketed"}, on_table=[4, 6, 9])
    assert not o.legal and o.ball_in_hand and "fouls" in o.unsettled and o.notes


def test_several_fouls_count_as_one():
    o = rule(R, {"first_contact": 4, "cue_ball": "pocketed"}, on_table=T)
    assert o.fouls_after["shooter"] == 1 and "9-bca/6-fautes-multiples" in o.cited
    assert "fouls_after" not in o.unsettled


def test_jumps_and_masses_are_allowed():
    o = rule(R, {"first_contact": 3, "jump": True, "masse": True}, on_table=T)
    assert o.legal and "9-bca/11-sautes-masses-obstacle" in o.cited


def test_obstacle_ball_moved_on_a_jump_is_a_foul():
    o = rule(R, {"first_contact": 3, "jump": True, "obstacle_moved": True}, on_table=T)
    assert codes(o) == ["obstacle_moved"] and o.fouls[0].clause == "9-bca/11-sautes-masses-obstacle"


def test_unlisted_foul_touched_ball_is_unsettled():
    o = rule(R, {"first_contact": 3, "fouls": ["touched_ball"]}, on_table=T)
    assert codes(o) == ["touched_ball"] and "fouls" in o.unsettled


# --------------------------------------------------------------------------- three fouls (rule 12)
def test_second_foul_must_be_notified():
    o = rule(R, {"first_contact": 4}, on_table=T, fouls={"shooter": 1, "opponent": 0})
    assert o.warning_due and "9-bca/12-avertissement" in o.cited


def test_third_foul_warned_loses():
    o = rule(R, {"first_contact": 4}, on_table=T, fouls={"shooter": 2, "opponent": 0}, warned=True)
    assert o.game_over and o.winner == "opponent" and "9-bca/12-trois-fautes" in o.cited


def test_unwarned_third_foul_is_unsettled():
    o = rule(R, {"first_contact": 4}, on_table=T, fouls={"shooter": 2, "opponent": 0})
    assert not o.game_over and {"game_over", "winner", "fouls_after"} <= set(o.unsettled)
