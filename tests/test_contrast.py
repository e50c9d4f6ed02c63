"""A yes/no question stating a detail its clause contradicts gets no « oui » from the policy (qa/contrast.py).
Expected values are the clauses' own words."""
from __future__ import annotations

from qa.contrast import contradicted


def test_a_spot_the_text_does_not_name_contradicts_it(rulebook):
    # 10-ffb/push-out-billes-empochees: « Si la « 10 » est blousée, elle est replacée sur le spot inférieur »
    assert contradicted(rulebook, "la 10 blousée sur push est replacée sur le spot supérieur ?",
                        ["10-ffb/push-out-billes-empochees"]) == ["10-ffb/push-out-billes-empochees"]
    assert contradicted(rulebook, "la 10 blousée sur push est replacée sur le spot inférieur ?",
                        ["10-ffb/push-out-billes-empochees"]) == []


def test_a_count_of_balls_the_text_does_not_give_contradicts_it(rulebook):
    # 10-ffb/rack-10-au-centre: « la bille numérotée « 10 » est placée au milieu du rang de trois billes »
    assert contradicted(rulebook, "la 10 au milieu du rang de quatre billes ?", ["10-ffb/rack-10-au-centre"])
    assert not contradicted(rulebook, "la 10 au milieu du rang de trois billes ?", ["10-ffb/rack-10-au-centre"])


def test_the_answer_gives_no_yes_to_a_contradicted_detail_and_keeps_a_right_no(answerer):
    ans = answerer.ask("à la FFB au 10, la 1 est placée sur le spot supérieur ?")
    assert (ans["verdicts"] or {}).get("10-ffb") != "yes"
    # 10-ffb/push-out-choix-adversaire: « Après un « push-out » légal, la reprise du joueur s'achève »
    ans = answerer.ask("FFB 10 : après mon push-out, ma reprise continue ?")
    assert ans["verdicts"] == {"10-ffb": "no"}


def test_a_statement_a_text_is_said_to_make_is_answered_by_its_truth(answerer):
    # 10-ffb/push-out-interdit-bille-en-main: « Il n'est pas possible de jouer un « push-out » si le joueur a bille
    # en main après la casse »
    ans = answerer.ask("la FFB au 10 dit qu'on ne peut pas jouer un push-out si on a bille en main après la casse ?")
    assert ans["verdicts"] == {"10-ffb": "yes"}


def test_a_clause_about_another_ball_contradicts_a_question_about_one(rulebook):
    # 10-ffb/rack-1-au-sommet puts the « 1 » at the apex: it says nothing of the 10 there
    assert contradicted(rulebook, "FFB 10 : on met la 10 au sommet du triangle ?", ["10-ffb/rack-1-au-sommet"])
    assert not contradicted(rulebook, "FFB 10 : on met la 1 au sommet du triangle ?", ["10-ffb/rack-1-au-sommet"])
    # a clause on all balls but one (« autres que la 10 ») is about the others too
    assert not contradicted(rulebook, "FFB 10 : la 4 sortie à la casse est remise en jeu ?", ["10-ffb/casse-billes-ejectees"])


def test_the_game_named_by_its_number_is_no_ball_of_the_question(rulebook):
    # 9-bca/2-losange: « la boule numéro UN sur la mouche au sommet du losange, la NEUF au centre »
    assert contradicted(rulebook, "9 BCA : la 1 va au milieu du losange ?", ["9-bca/2-losange"])


def test_the_money_ball_of_the_other_game_is_no_money_ball(answerer):
    # 10-ffb/casse-billes-ejectees: « Les « billes-objets » autres que la « 10 » … ne sont pas remises en jeu »
    ans = answerer.ask("à la FFB au 10, la 9 éjectée hors de la table est-elle replacée ?")
    assert (ans["verdicts"] or {}).get("10-ffb") != "yes"
    ans = answerer.ask("à la FFB au 10, la 10 éjectée hors de la table est-elle replacée ?")
    assert ans["verdicts"] == {"10-ffb": "yes"}
