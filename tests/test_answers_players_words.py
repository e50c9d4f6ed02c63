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


def _then(answerer, first: str, then: str) -> dict:
    return answerer.ask(then, context=answerer.ask(first)["context"])


def test_a_follow_up_ending_on_pendant_is_of_the_previous_thing(answerer):
    # 9-ffb : une faute pendant le push-out est sanctionnée comme une faute
    a = _then(answerer, "au 9 ffb le push out on doit le dire avant ?", "et si je commets une faute pendant ?")
    assert a["citations"][0]["id"] == "9-ffb/push-out-faute"


def test_and_if_it_is_a_dry_break_changes_the_break(answerer):
    # 9-ffb : la 9 empochée sur un dry break est replacée
    a = _then(answerer, "9 ffb : la 9 tombe sur une casse régulière, c'est gagné ?", "et si c'était un dry break ?")
    o = a["outcomes"]["9-ffb"]
    assert o["game_over"] is False and o["spotted"] == [9]


def test_and_if_i_pocket_one_after_a_rule_looked_up_is_read_with_it(answerer):
    # 10-guide : la casse est valable lorsque la 1 est touchée en premier et qu'au moins quatre billes de but
    # touchent une bande : une bille empochée n'y change rien
    a = _then(answerer, "au guide de la 10, il faut combien de billes à la bande sur la casse ?",
              "et si j'en mets une dans la poche mais que deux seulement vont en bande ?")
    assert a["kind"] == "scenario" and a["scenario"]["shot"]["kind"] == "break"
    assert a["outcomes"]["10-guide"]["legal"] is False


def test_the_same_ruleset_asked_again_gets_the_same_answer(answerer):
    # « et à la fédé ? » when the answer already is the FFB's: that answer again, not « je ne sais pas »
    first = answerer.ask("10 ffb : je touche la 1 et la 10 rentre sans que je l'annonce, j'ai gagné ?")
    again = answerer.ask("et à la fédé ?", context=first["context"])
    # 10-ffb : la 10 non annoncée ne gagne pas (« il doit annoncer son coup, la bille jouée et la poche choisie »)
    assert again["kind"] == "scenario" and again["outcomes"]["10-ffb"]["game_over"] is False
    assert again["short"] == first["short"]


def test_a_rule_of_the_break_does_not_lead_the_ruling_of_another_shot(answerer):
    # 10-ffb : la 10 empochée sans annonce, hors casse : « Le joueur doit annoncer la bille et la poche »
    a = answerer.ask("10 ffb : en cours de partie la 10 rentre sans que je l'annonce, j'ai gagné ?")
    assert not a["citations"][0]["id"].startswith("10-ffb/casse")


def test_other_games_and_the_cue_s_tilt_are_outside_the_texts(answerer):
    # the texts are the rules of the 9 and the 10: not Kelly pool, not the ghost (played alone), not technique
    for q in ("kelly pool ça se joue comment ?", "on compte comment au ghost quand on s'entraîne seul ?",
              "quelle inclinaison de queue faut-il pour un massé ?"):
        assert answerer.ask(q)["kind"] == "unknown", q
