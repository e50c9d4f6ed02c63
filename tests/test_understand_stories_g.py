"""Players' stories misread before session 10 (qa/understand/): a ball right after a gerund is the
subject of the next verb, balls counted then a named ball with its own verb, the cue ball « qui »
leaving the table, the cue ball that « suit » a pocketed ball, a safety called « sécu », a call
with an aside, a warning never given, « je continue » after a break told without its player, a
ball said missed that goes on to a rail, a ball down then the same player's next stroke, the other
player's foul before my shot, the first contact told by a gerund, the money ball announced before
the break, and a dry break handed back then pushed out. Expected values from the rule texts
(rules_data/sources/), each test quoting its clause."""
from __future__ import annotations

import pytest

from qa.situation_answer import answer_situation
from qa.understand import understand


def _outcome(rulebook, q: str, ruleset: str) -> dict:
    a = answer_situation(rulebook, q)
    assert a is not None and a["kind"] == "scenario"
    return a["outcomes"][ruleset]


def test_a_ball_after_a_gerund_is_the_subject_and_off_the_table_on_the_break(rulebook):
    # 9-bca/3c-bris-boule-hors-table: « Si, lors du bris, l'ouvreur projette une des boules numérotées
    # hors de la table, il y a faute et l'adversaire a la blanche en main. »
    q = "9 BCA, casse : en ouvrant la 4 saute par-dessus la bande et finit au sol, j'avais touché la 1"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["off_table"] == [4] and u.scenario["shot"]["kind"] == "break"
    o = _outcome(rulebook, q, "9-bca")
    assert o["legal"] is False and o["ball_in_hand"] is True and o["next_shooter"] == "opponent"


def test_balls_counted_then_a_named_ball_crossing_the_line_meet_the_three_ball_rule(rulebook):
    # 9-ffb/trois-billes-une-franchit-deux-empochees: « soit une bille de but franchit la ligne de départ et
    # deux sont empochées » (a template rack: 9-ffb/trois-billes-champ-d-application)
    q = "9 FFB avec un rack au gabarit, à la casse je touche la 1, deux billes tombent et la 5 franchit la ligne de départ"
    u = understand(rulebook, q)
    assert u is not None
    shot = u.scenario["shot"]
    assert len(shot["pocketed"]) == 2 and 5 not in shot["pocketed"]
    o = _outcome(rulebook, q, "9-ffb")
    assert o["legal"] is True and o["next_shooter"] == "shooter" and o["ball_in_hand"] is False


def test_a_cue_ball_qui_leaves_the_table_is_a_story_and_a_foul(rulebook):
    # 10-ffb/faute-1-blanche-empochee: « Bille Blanche empochée ou éjectée hors de la surface de la table »
    q = "au 10 FFB, une blanche qui file hors de la table après avoir touché la 1"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["cue_ball"] == "off_table"
    o = _outcome(rulebook, q, "10-ffb")
    assert o["legal"] is False and o["ball_in_hand"] is True


def test_the_cue_ball_that_follows_a_pocketed_ball_is_pocketed(rulebook):
    # 9-bca/3b-bris-non-valable and 9-bca/6-faute-blanche-en-main: the cue ball pocketed is a foul,
    # « l'adversaire a la blanche en main »
    q = "au 9 BCA je rentre la 1 dans le coin mais la blanche suit"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["cue_ball"] == "pocketed"
    o = _outcome(rulebook, q, "9-bca")
    assert o["legal"] is False and o["ball_in_hand"] is True and o["next_shooter"] == "opponent"


def test_a_secu_called_is_a_safety_and_the_lowest_pocketed_unannounced_passes_the_hand(rulebook):
    # 10-guide/empochage-non-annonce: « Si le joueur empoche la bille portant le plus petit numéro sans
    # l'annoncer, la main passe et son adversaire a le choix… »
    q = "au 10 guide j'annonce une sécu, je touche la 2 (la plus basse) et elle tombe dans le coin"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["called"] == "safe"
    o = _outcome(rulebook, q, "10-guide")
    assert o["next_shooter"] == "opponent" and o["ball_in_hand"] is False and o["game_over"] is False


def test_a_call_with_an_aside_keeps_its_pocket_and_another_pocket_misses_it(rulebook):
    # 10-ffb/annonce-du-coup: annoncer « la bille jouée et la poche choisie »; a pot that is not the shot
    # called gives the hand away (10-ffb/empoche-non-annoncee « la main passe »)
    q = "au 10 FFB j'annonce la 2 (la plus petite) dans la poche du milieu, elle finit dans le coin"
    u = understand(rulebook, q)
    assert u is not None
    called = u.scenario["shot"]["called"]
    assert called["ball"] == 2 and called["pocket"] and called["pocket_ok"] is False
    assert _outcome(rulebook, q, "10-ffb")["next_shooter"] == "opponent"


def test_a_warning_never_given_is_not_a_warning(rulebook):
    # 10-ffb/trois-fautes-partie-non-perdue: without the warning, « le joueur fautif ne perdra pas la partie »
    q = "au 10 FFB : j'en suis à 2 fautes de suite, l'arbitre m'a jamais prévenu, et là ma blanche ne touche aucune bille"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["state"]["warned"] is False
    o = _outcome(rulebook, q, "10-ffb")
    assert o["legal"] is False and o["game_over"] is False


def test_je_continue_after_a_break_told_without_its_player_opens_the_next_shot(rulebook):
    # 9-bca/4-ouvreur-continue: a ball pocketed on the break, the breaker goes on; the shot ruled is the next
    # one: the 1 hit first (9-bca/1-toucher-la-plus-basse), nothing pocketed: the turn passes, no foul
    q = "au 9 BCA : casse, la 2 tombe, je continue et je touche la 1 qui va en bande, rien ne rentre"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["kind"] == "normal" and u.scenario["shot"]["first_contact"] == 1
    o = _outcome(rulebook, q, "9-bca")
    assert o["legal"] is True and o["next_shooter"] == "opponent" and o["ball_in_hand"] is False


def test_a_ball_said_missed_that_goes_on_to_a_rail_was_hit(rulebook):
    # 9-ffb/ordre-croissant: the lowest ball hit first; the pot was missed, not the ball: no foul
    q = "au 9 FFB je rate la 1 et elle part en bande"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["first_contact"] == 1
    o = _outcome(rulebook, q, "9-ffb")
    assert o["legal"] is True and o["ball_in_hand"] is False


def test_a_ball_down_then_the_same_players_stroke_is_a_new_shot(rulebook):
    # 9-bca/1-continuer-a-jouer: « il reste à la table et continue à jouer »: the 3 (break) and the 1 are down
    # before the shot ruled, the last one told
    q = "au 9 BCA je casse, la 3 tombe, je joue la 1 elle tombe aussi, puis je touche la 2 qui tape la bande"
    u = understand(rulebook, q)
    assert u is not None
    assert u.scenario["shot"]["kind"] == "normal" and u.scenario["shot"]["first_contact"] == 2
    assert not {1, 3} & set(u.scenario["state"]["on_table"])


def test_the_other_players_foul_before_my_shot_is_not_my_shots_foul(rulebook):
    # 9-ffb/liste-des-fautes: « Après une faute, le joueur adverse a « bille en main » »; my shot then hits
    # the lowest ball first (9-ffb/ordre-croissant) and the 9 drops: I win
    q = "9 FFB : mon adversaire commet une faute, j'ai la bille en main, je touche la 3 (plus basse) et la 9 tombe"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["state"]["ball_in_hand"] is True
    o = _outcome(rulebook, q, "9-ffb")
    assert o["legal"] is True and o["game_over"] is True and o["winner"] == "shooter"


def test_the_first_contact_told_by_a_gerund_of_the_ball_that_falls(rulebook):
    # 10-doolys/1-toucher-la-plus-basse and 10-doolys/1-continuer-a-jouer: « gagne la partie en empochant
    # la bille no 10 »; no call at Dooly's (10-doolys/1-pas-d-annonce)
    q = "chez Dooly's la 10 rentre en touchant d'abord la 3 qui était la plus basse"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["first_contact"] == 3
    o = _outcome(rulebook, q, "10-doolys")
    assert o["legal"] is True and o["game_over"] is True and o["winner"] == "shooter"


def test_the_ten_announced_before_the_break_wins_on_a_legal_break(rulebook):
    # 10-guide/casse-10-annoncee: « Si la 10 est empochée lors d'une casse valide et que le joueur a annoncé
    # son empochage, le joueur remporte la partie. »
    q = "au 10 guide, avant de casser j'annonce que la 10 va tomber ; casse valide, la 1 touchée, 5 billes en bande, la 10 rentre"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["called"]["ball"] == 10
    o = _outcome(rulebook, q, "10-guide")
    assert o["game_over"] is True and o["winner"] == "shooter"


def test_a_dry_break_handed_back_then_pushed_out(rulebook):
    # 9-ffb/dry-break-rendre-la-main: « rendre la main au joueur qui a cassé ; celui-ci peut par contre jouer
    # un coup de dégagement (push-out) »; 9-ffb/push-out-choix-adversaire: the opponent then chooses
    q = "9 FFB au gabarit, ma casse est sèche : une rentre, aucune ne franchit la ligne. il me rend la main et j'annonce un push-out, la blanche roule sans rien toucher"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["kind"] == "push_out"
    o = _outcome(rulebook, q, "9-ffb")
    assert o["legal"] is True and o["next_shooter"] == "opponent" and o["ball_in_hand"] is False


def test_a_run_of_pots_told_with_puis_and_no_verb_ends_on_the_shot_told_last(rulebook):
    # 10-ffb/annonce-du-coup: « la bille jouée et la poche choisie »; 10-ffb/annonce-validite: on a combination
    # « le joueur doit indiquer la « bille-objet » et la poche »; the 1 and the 2 pocketed before leave the 3
    # lowest (10-ffb/toucher-la-plus-petite-bille), so the 10 called and pocketed wins (10-ffb/gain-de-la-partie)
    q = "au 10 FFB j'empoche la 1, ensuite la 2, ensuite la 3 en combinaison annoncée sur la 10 dans la poche du milieu, et la 10 y tombe"
    u = understand(rulebook, q)
    assert u is not None
    shot = u.scenario["shot"]
    assert shot["first_contact"] == 3 and shot["pocketed"] == [10] and shot["called"]["ball"] == 10
    assert min(u.scenario["state"]["on_table"]) == 3 and not any(o.name == "lowest" for o in u.open)
    o = _outcome(rulebook, q, "10-ffb")
    assert o["game_over"] is True and o["winner"] == "shooter"


def test_a_ball_with_its_own_verb_after_puis_keeps_it(rulebook):
    # « puis la 5 est tombée »: the 5's own verb, not the person's verb before it
    u = understand(rulebook, "au 9 BCA il reste la 4 et la 5, la blanche touche la 4 puis la 5 est tombée au milieu")
    assert u is not None and u.scenario["shot"]["pocketed"] == [5] and u.scenario["shot"]["first_contact"] == 4


def test_his_third_foul_told_without_de_suite_counts_two_before(rulebook):
    # 9-ffb/trois-fautes-consecutives: three fouls in a row lose the game, once warned
    # (9-ffb/trois-fautes-avertissement); « c'est sa troisième faute »: two before this shot
    q = "9 FFB, on l'avait prévenu et là c'est sa troisième faute : sa blanche ne touche aucune bille"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["state"]["fouls"]["shooter"] == 2
    o = _outcome(rulebook, q, "9-ffb")
    assert o["game_over"] is True and o["termination"] == "three_fouls"


@pytest.mark.parametrize("q", ["FFB au 10 : la 10 tombe sur ma casse légale, en l'ayant annoncée avant, c'est gagné ?",
                               "guide du 10 : casse correcte et annoncée, la 10 est dedans, je gagne ?"])
def test_the_ten_called_by_a_participle_is_called(rulebook, q):
    # 10-ffb/casse-10-empochee-annoncee, 10-guide/casse-10-annoncee: the 10 called and pocketed on a legal break wins
    u = understand(rulebook, q)
    assert u is not None and (u.scenario["shot"].get("called") or {}).get("ball") == 10
