"""A yes/no question that restates what a clause says (qa/confirm.py): « oui » where one sentence of
the clause holds every term of the question close together, without a negation; nothing elsewhere.
Expected values are the clauses' own words."""
from __future__ import annotations

import pytest

from qa.confirm import clause_states
from qa.matcher import Matcher


@pytest.fixture(scope="module")
def matcher(rulebook):
    return Matcher.shared(rulebook)


def test_a_restated_clause_gets_its_yes(answerer):
    # 10-ffb/mode-de-jeu-circuit-national: « Ce mode de jeu est uniquement réservé au Circuit National … »
    ans = answerer.ask("à la FFB le jeu de la 10 est réservé au circuit national ?")
    assert ans["verdicts"] == {"10-ffb": "yes"}
    assert ans["short"].startswith("Oui") and len(ans["short"]) <= 200
    assert ans["citations"][0]["id"] == "10-ffb/mode-de-jeu-circuit-national"


def test_only_the_text_that_says_it_gets_a_verdict(answerer):
    # 10-doolys/14-debut-de-partie: « La partie commence par le coup d'ouverture, aussitôt que la bille de choc
    # est frappée » — the FFB and the guide say nothing of when the game starts (policy game_start): their
    # silence is said, no yes or no is made up for them
    ans = answerer.ask("au 10, la partie commence dès que la blanche est frappée à la casse ?")
    assert ans["verdicts"] == {"10-doolys": "yes", "10-ffb": "silent", "10-guide": "silent"}
    assert "n’en disent rien" in ans["short"] or "n’en dit rien" in ans["short"]


def test_the_same_words_in_another_order_of_facts_get_no_yes(answerer):
    # 10-guide/placement-1-et-10: « La bille n°1 se trouve en tête du triangle … et la bille n°10 au centre »
    ans = answerer.ask("au 10 selon le guide la 1 se trouve au centre du triangle ?")
    assert (ans["verdicts"] or {}).get("10-guide") != "yes"


def test_a_sentence_that_negates_confirms_nothing(rulebook, matcher):
    # 10-doolys/11-bille-hors-table-non-replacee: « … ne sont pas replacées sur la table … »
    text = rulebook.clauses["10-doolys/11-bille-hors-table-non-replacee"].text
    asked = matcher.analyzer.terms("billes projetées hors de la table replacées sur la table")
    assert not clause_states(matcher, text, asked)


def test_terms_far_apart_confirm_nothing(matcher):
    asked = matcher.analyzer.terms("la bille 1 au centre du triangle")
    far = "La bille 1 se trouve en tête du triangle sur le point de replacement et la bille 10 au centre."
    near = "La bille 1 est placée au centre du triangle."
    assert not clause_states(matcher, far, asked) and clause_states(matcher, near, asked)


# ---------------------------------------------------------------- « non »: a detail the clause contradicts

def test_a_ball_placed_where_the_text_puts_another_gets_no(answerer):
    # 9-bca/2-losange: « la boule numéro UN sur la mouche au sommet du losange, la NEUF au centre »
    ans = answerer.ask("BCA : on met la 9 au sommet du losange ?")
    assert ans["verdicts"] == {"9-bca": "no"}
    assert ans["short"].startswith("Non au BCA") and len(ans["short"]) <= 200
    assert ans["citations"][0]["id"] == "9-bca/2-losange"
    # … and the ball the text does put there keeps its « oui »
    assert answerer.ask("BCA : on met la 9 au centre du losange ?")["verdicts"] == {"9-bca": "yes"}


def test_a_count_the_text_does_not_give_refutes_and_the_same_count_does_not(matcher):
    from qa.confirm import clause_refutes
    text = "La bille numérotée « 10 » est placée au milieu du rang de trois billes."
    asked = matcher.analyzer.terms("la 10 au milieu du rang de quatre billes")
    assert clause_refutes(matcher, text, asked, "la 10 au milieu du rang de quatre billes ?")
    same = matcher.analyzer.terms("la 10 au milieu du rang de trois billes")
    assert not clause_refutes(matcher, text, same, "la 10 au milieu du rang de trois billes ?")


def test_a_clash_in_a_sentence_about_something_else_refutes_nothing(matcher):
    from qa.confirm import clause_refutes
    # the detail clashes (« gauche » / « droite ») but the sentence speaks of none of the question's things
    text = "Le joueur se place à droite de la table pour jouer."
    question = "la 10 est replacée sur le spot à gauche après une faute ?"
    assert not clause_refutes(matcher, text, matcher.analyzer.terms(question), question)


@pytest.mark.parametrize("q,verdicts", [
    # 10-doolys/2-triangle « la bille no 1 sur la mouche au sommet du triangle », 10-guide/placement-1-et-10
    # « La bille n°1 se trouve en tête du triangle », 10-ffb/rack-1-au-sommet « « 1 » placée au sommet »
    ("jeu de la 10 : la 1 on la pose au centre du triangle ?", {"10-doolys": "no", "10-ffb": "no", "10-guide": "no"}),
    # 9-bca/12-avertissement: « Le joueur doit être avisé de sa deuxième faute. »
    ("au BCA on prévient le joueur dès sa première faute ?", {"9-bca": "no"}),
    # … not the three fouls' loss, whose policy the words « troisième faute » name
    ("BCA : on avertit le joueur juste après sa troisième faute ?", {"9-bca": "no"}),
    # 10-ffb/trois-fautes-consecutives: « … il perd la manche » — a match is several games
    ("FFB au 10 : trois fautes consécutives font perdre le match entier ?", {"10-ffb": "no"}),
    # 10-doolys/11-bille-hors-table-non-replacee « … (à l'exception de la bille no 10 qui est replacée … »
    ("chez Dooly's, une 10 éjectée du billard, on la laisse dehors ?", {"10-doolys": "no"}),
    # 9-ffb/casse-quatre-billes-en-bande « S'il touche la bille n° 1 et si aucune bille n'est empochée à la casse, au
    # moins quatre billes de but doivent avoir touché une bande »: the negation is the condition's, the count the rule's
    ("9 FFB : à la casse, six billes doivent toucher une bande au minimum ?", {"9-ffb": "no"}),
    # 9-bca/2-losange: the mouche is the 1's place (« la boule numéro UN sur la mouche »), the 9 is in the centre
    ("au BCA, dans le rack, c'est la 9 qu'on pose sur la mouche ?", {"9-bca": "no"}),
])
def test_a_detail_the_text_contradicts_gets_no(answerer, q, verdicts):
    assert answerer.ask(q)["verdicts"] == verdicts


@pytest.mark.parametrize("q,verdicts", [
    # 10-guide/fautes-communes « … les fautes communes … qui sont les suivantes : » and its item
    # 10-guide/faute-propulser-avec-queue « propulser une bille de but avec la queue de billard »
    ("guide : pousser une bille de but avec la queue, c'est une faute ?", {"10-guide": "yes"}),
    # 10-guide/jump-pas-faute-quand « Il n'y a pas faute quand : » and 10-guide/jump-cadre-bois
    ("guide : si la blanche touche le cadre en bois avant de retomber sur le tapis, faute ?", {"10-guide": "no"}),
])
def test_an_item_of_a_list_answers_with_its_lead_in(answerer, q, verdicts):
    assert answerer.ask(q)["verdicts"] == verdicts
