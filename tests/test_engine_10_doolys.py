"""Rulings under 10-doolys ("Règles du jeu du 10", Dooly's, from the BCA), each worked out
from the text; the deciding clause id sits beside each assertion."""

from engine_support import brk, codes, choices, rule

R = "10-doolys"
T = [2, 3, 5, 7, 10]


# --------------------------------------------------------------------------- break (rules 4, 5, 6)
def test_break_one_first_and_a_ball_pocketed_breaker_continues_and_may_push_out():
    o = brk(R, first_contact=1, pocketed=[3], balls_to_rail=2)
    assert o.legal and o.break_info["legal"]  # 4 A: 1 first and a ball pocketed
    assert "10-doolys/4a-bris-toucher-la-1" in o.cited
    assert o.next_shooter == "shooter" and "10-doolys/5-ouvreur-continue" in o.cited
    assert o.push_out_available and "10-doolys/6-coup-pousse-quand" in o.cited  # after a "bris valable"


def test_break_four_rails_nothing_pocketed_turn_passes_with_push_out():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=4)
    assert o.legal  # 4 A: "ou projeter au moins quatre billes numérotées à la bande"
    assert o.next_shooter == "opponent" and not o.ball_in_hand
    assert o.push_out_available  # 6: the player right after a valid break may push out


def test_break_three_rails_nothing_pocketed_is_a_foul():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=3)
    # 4 A states the condition, 4 B that failing it is a foul
    assert codes(o) == ["illegal_break"] and o.fouls[0].clause == "10-doolys/4b-bris-non-valable"
    assert "10-doolys/4a-bris-toucher-la-1" in o.cited
    assert o.next_shooter == "opponent" and o.ball_in_hand  # 4 B
    assert not o.push_out_available  # 6: push-out only after a "bris valable"


def test_break_hits_the_2_first_is_a_foul():
    o = brk(R, first_contact=2, pocketed=[4], balls_to_rail=5)
    assert codes(o) == ["wrong_ball_first"] and "10-doolys/4a-bris-toucher-la-1" in o.cited
    assert o.ball_in_hand and o.break_info["legal"] is False
    assert o.on_table_after == (1, 2, 3, 5, 6, 7, 8, 9, 10)  # 7: pocketed balls are not put back


def test_break_scratch_is_a_foul_and_no_push_out():
    o = brk(R, first_contact=1, pocketed=[2], balls_to_rail=5, cue_ball="pocketed")
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause == "10-doolys/4b-bris-non-valable"
    assert o.ball_in_hand and not o.push_out_available  # 6-coup-pousse-apres-scratch / 6-quand


def test_break_object_ball_off_table_is_a_foul_and_stays_off():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=6, off_table=[5])
    assert codes(o) == ["object_ball_off_table"] and o.fouls[0].clause == "10-doolys/4c-bris-bille-hors-table"
    assert 5 not in o.on_table_after and o.spotted == ()


def test_break_ten_off_table_is_spotted():
    o = brk(R, first_contact=1, pocketed=[], balls_to_rail=6, off_table=[10])
    assert o.spotted == (10,) and "10-doolys/11-bille-hors-table-non-replacee" in o.cited  # also 4 C
    assert 10 in o.on_table_after


def test_ten_on_a_legal_break_wins_without_a_call():
    o = brk(R, first_contact=1, pocketed=[10], balls_to_rail=5, called=None)
    assert o.game_over and o.winner == "shooter" and o.termination.value == "money_ball"
    assert "10-doolys/5-fin-de-partie" in o.cited and o.spotted == ()
    # Dooly’s contradicts itself on calling (rule 1): the win on the break is not settled
    assert {"game_over", "winner", "termination"} <= set(o.unsettled) and o.notes
    assert "10-doolys/1-pas-d-annonce" in o.cited  # "les joueurs n'ont jamais à nommer leurs coups"
    assert any("coups annoncés" in n for n in o.notes)  # rule 1 contradicts itself: said in a note


def test_ten_pocketed_on_a_break_foul_is_spotted():
    o = brk(R, first_contact=3, pocketed=[10], balls_to_rail=5)
    assert not o.game_over and o.spotted == (10,) and "10-doolys/7-faute-perte-du-tour" in o.cited


def test_cue_ball_to_rail_before_the_one_on_the_break_is_not_a_stated_foul():
    o = brk(R, first_contact=1, pocketed=[2], balls_to_rail=5, cue_rail_first=True)
    assert o.legal and "legal" in o.unsettled and o.notes  # the text only asks for the 1 first


def test_template_rack_has_no_three_ball_rule():
    o = brk(R, rack="template", first_contact=1, pocketed=[2], balls_to_rail=5)
    assert o.legal and o.break_info["three_ball_rule"] is None and o.notes


# --------------------------------------------------------------------------- push-out (rule 6)
def test_legal_push_out_gives_the_opponent_the_choice():
    o = rule(R, {"kind": "push_out", "first_contact": None, "rail_after_contact": False}, on_table=T,
             push_out_available=True)
    assert o.legal and choices(o) == {"play", "hand_back"}  # 6-coup-pousse-choix-adversaire
    assert "10-doolys/6-coup-pousse-choix-adversaire" in o.cited
    assert "10-doolys/6-coup-pousse-regles-suspendues" in o.cited  # no ball, no rail needed
    assert o.next_shooter == "opponent" and not o.ball_in_hand


def test_ten_pocketed_on_a_push_out_is_spotted_with_a_note():
    o = rule(R, {"kind": "push_out", "first_contact": 5, "pocketed": [10, 7]}, on_table=T, push_out_available=True)
    assert o.spotted == (10,) and "10-doolys/6-coup-pousse-billes-empochees" in o.cited
    assert 7 not in o.on_table_after  # "elle reste empochée"
    assert any("règle 6" in n for n in o.notes)  # the text does not say where the 10 goes


def test_jump_on_a_push_out_is_still_a_foul():
    o = rule(R, {"kind": "push_out", "first_contact": 5, "jump": True}, on_table=T, push_out_available=True)
    assert codes(o) == ["jump_not_allowed"] and o.ball_in_hand  # 6: the other rules apply; rule 12


# --------------------------------------------------------------------------- every shot
def test_lowest_ball_pocketed_shooter_continues():
    o = rule(R, {"first_contact": 2, "pocketed": [2]}, on_table=T)
    assert o.legal and o.next_shooter == "shooter" and "10-doolys/1-continuer-a-jouer" in o.cited


def test_miss_without_foul_opponent_plays_the_position():
    o = rule(R, {"first_contact": 2, "pocketed": []}, on_table=T)
    assert o.legal and o.next_shooter == "opponent" and not o.ball_in_hand


def test_wrong_ball_first_is_a_foul_ball_in_hand_anywhere():
    o = rule(R, {"first_contact": 5}, on_table=T)
    assert codes(o) == ["wrong_ball_first"] and o.fouls[0].clause == "10-doolys/8-coup-manque"
    assert o.ball_in_hand and "10-doolys/7-faute-bille-en-main" in o.cited


def test_no_rail_after_contact_without_pocketing_is_a_foul():
    o = rule(R, {"first_contact": 2, "rail_after_contact": False}, on_table=T)
    assert codes(o) == ["no_rail"] and o.fouls[0].clause == "10-doolys/9-aucune-bande"


def test_no_rail_but_a_ball_pocketed_is_legal():
    o = rule(R, {"first_contact": 2, "rail_after_contact": False, "pocketed": [7]}, on_table=T)
    assert o.legal and "10-doolys/9-aucune-bande" in o.cited and "legal" not in o.unsettled


def test_ten_pocketed_on_a_legal_shot_wins():
    o = rule(R, {"first_contact": 2, "pocketed": [10]}, on_table=T)
    assert o.game_over and o.winner == "shooter" and "10-doolys/14-fin-de-partie" in o.cited


def test_ten_pocketed_on_a_foul_is_spotted_and_the_game_goes_on():
    o = rule(R, {"first_contact": 3, "pocketed": [10, 5]}, on_table=T)
    assert not o.game_over and o.spotted == (10,) and "10-doolys/7-faute-perte-du-tour" in o.cited
    assert o.on_table_after == (2, 3, 7, 10)


def test_object_ball_off_table_is_a_foul_and_not_replaced():
    o = rule(R, {"first_contact": 2, "off_table": [7]}, on_table=T)
    assert codes(o) == ["object_ball_off_table"] and o.fouls[0].clause == "10-doolys/11-bille-hors-table-faute"
    assert 7 not in o.on_table_after


def test_ten_off_table_is_spotted():
    o = rule(R, {"first_contact": 2, "off_table": [10]}, on_table=T)
    assert o.spotted == (10,) and "10-doolys/11-bille-hors-table-non-replacee" in o.cited


def test_scratch_in_play_is_a_foul_the_text_does_not_state():
    o = rule(R, {"first_contact": 2, "cue_ball": "pocketed"}, on_table=T)
    assert codes(o) == ["cue_ball_pocketed"] and o.fouls[0].clause is None  # rule 4 B is for the break only
    assert {"legal", "fouls"} <= set(o.unsettled) and o.notes and o.ball_in_hand


def test_jump_and_masse_are_fouls():
    o = rule(R, {"first_contact": 2, "jump": True}, on_table=T)
    assert codes(o) == ["jump_not_allowed"] and "10-doolys/12-sautes-masses-interdits" in o.cited
    o = rule(R, {"first_contact": 2, "masse": True}, on_table=T)
    assert codes(o) == ["masse_not_allowed"] and o.ball_in_hand


def test_several_fouls_count_as_one():
    o = rule(R, {"first_contact": 5, "cue_ball": "off_table"}, on_table=T, fouls={"shooter": 0, "opponent": 0})
    assert len(o.fouls) == 2 and o.fouls_after["shooter"] == 1 and "10-doolys/7-fautes-multiples" in o.cited


def test_a_foul_the_text_does_not_list_is_ruled_a_foul_and_unsettled():
    o = rule(R, {"first_contact": 2, "fouls": ["touched_ball"]}, on_table=T)
    assert codes(o) == ["touched_ball"] and o.fouls[0].clause is None
    assert "fouls" in o.unsettled and any("touched_ball" in n for n in o.notes)


def test_a_call_is_ignored_no_shot_is_ever_called():
    o = rule(R, {"first_contact": 2, "pocketed": [7], "called": {"ball": 3, "pocket": "coin"}}, on_table=T)
    assert o.legal and o.next_shooter == "shooter" and "10-doolys/1-pas-d-annonce" in o.cited


# --------------------------------------------------------------------------- three fouls (rule 13)
def test_second_consecutive_foul_requires_a_warning():
    o = rule(R, {"first_contact": 5}, on_table=T, fouls={"shooter": 1, "opponent": 0})
    assert o.fouls_after["shooter"] == 2 and o.warning_due and "10-doolys/13-avertissement" in o.cited


def test_third_foul_after_warning_loses():
    o = rule(R, {"first_contact": 5}, on_table=T, fouls={"shooter": 2, "opponent": 1}, warned=True)
    assert o.game_over and o.winner == "opponent" and o.termination.value == "three_fouls"
    assert "10-doolys/13-trois-fautes" in o.cited and o.fouls_after == {"shooter": 3, "opponent": 1}


def test_unwarned_third_foul_is_not_settled_by_the_text():
    o = rule(R, {"first_contact": 5}, on_table=T, fouls={"shooter": 2, "opponent": 0}, warned=False)
    assert not o.game_over and o.fouls_after["shooter"] == 2 and o.warning_due  # WPA reading
    assert {"game_over", "winner", "fouls_after"} <= set(o.unsettled) and o.notes
    assert "10-doolys/13-avertissement" in o.cited


def test_legal_shot_clears_the_shooters_fouls_only():
    o = rule(R, {"first_contact": 2}, on_table=T, fouls={"shooter": 2, "opponent": 1}, warned=True)
    assert o.fouls_after == {"shooter": 0, "opponent": 1}
