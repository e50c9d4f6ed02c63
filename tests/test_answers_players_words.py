"""Players' words read as they mean (qa/answer.py, qa/short.py, qa/detect.py, rules_data/glossary.yaml):
« mon pote » is no « pot » (to pocket), « il joue d'où ? » asks where, a bet is outside the texts,
« il a joué à ma place » is playing out of turn, « comment se passe … » asks how the thing is done.
Expected clauses from the rule texts (rules_data/sources/)."""
from __future__ import annotations

from qa.short import is_yes_no


def test_a_buddy_is_no_pocketing(answerer):
    # « pote » stems to « pot »: no glossary word of pocketing; the question is the break's position
    terms = answerer.matcher.analyzer.terms("mon pote casse")
    assert "empoch" not in terms


def test_plays_from_where_is_no_yes_no_question():
    assert not is_yes_no("au 9 la blanche est tombée, mon adversaire joue d'où ?")
    assert not is_yes_no("il rejoue d ou ?")


def test_a_bet_on_a_game_is_outside_the_texts(answerer):
    a = answerer.ask("avec un copain on parie cinq euros la partie, c'est permis au club ?")
    assert a["kind"] == "unknown"
    a = answerer.ask("on joue pour de l'argent au 9, c'est réglementaire ?")
    assert a["kind"] == "unknown" and "paris" in a["short"]


def test_playing_in_my_place_is_out_of_turn(answerer):
    # 9-ffb : « Jouer en dehors de son tour : un joueur joue alors que ce n'est pas son tour. »
    a = answerer.ask("9 ffb : un copain a joué à ma place pendant ma série, ça donne quoi ?")
    assert a["citations"][0]["id"] == "9-ffb/faute-jouer-hors-tour"


def test_how_the_lag_goes_finds_the_lag(answerer):
    # 10-guide : « le tirage à la bande détermine le joueur qui a le choix de la casse : … »
    a = answerer.ask("ça se passe comment le tirage à la bande ?")
    assert a["citations"][0]["id"] == "10-guide/tirage-a-la-bande"
