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
    # est frappée » — the FFB and the guide say nothing of when the game starts: no verdict is made up for them
    ans = answerer.ask("au 10, la partie commence dès que la blanche est frappée à la casse ?")
    assert ans["verdicts"] == {"10-doolys": "yes"}


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
