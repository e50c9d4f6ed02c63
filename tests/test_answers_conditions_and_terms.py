"""A « oui » that holds on a condition says it and cites the clause of the condition; a « c'est quoi … ? »
question is answered by the clause that says what the term is (rules_data clauses' ``defines``); a few
questions whose kind was misread (qa/short.py, qa/detect.py). Expected clauses from the rule texts
(rules_data/sources/)."""
from __future__ import annotations

from qa.short import is_yes_no
from qa.text import asks_what

_WARNINGS = {"9-bca/12-avertissement", "9-ffb/trois-fautes-avertissement", "10-doolys/13-avertissement",
             "10-ffb/trois-fautes-avertissement", "10-guide/trois-fautes-avertissement"}
_THREE_FOULS = {"9-bca/12-trois-fautes", "9-ffb/trois-fautes-consecutives", "10-doolys/13-trois-fautes",
                "10-ffb/trois-fautes-consecutives", "10-guide/trois-fautes"}


def test_a_third_foul_loses_once_warned_and_the_warning_is_cited(answerer):
    # every text: three fouls in a row lose the game, and a warning is due after the second
    a = answerer.ask("3e faute, il a perdu ?")
    assert a["verdicts"] == {r: "yes" for r in ("9-bca", "9-ffb", "10-doolys", "10-ffb", "10-guide")}
    assert "averti" in a["short"] and len(a["short"]) <= 200
    cited = {c["id"] for c in a["citations"]}
    assert _THREE_FOULS <= cited and _WARNINGS <= cited


def test_the_condition_comes_after_its_rule(answerer):
    a = answerer.ask("3 fautes de suite à la 10 ffb je perds ?")
    ids = [c["id"] for c in a["citations"]]
    assert ids[:2] == ["10-ffb/trois-fautes-consecutives", "10-ffb/trois-fautes-avertissement"]


def test_a_third_foul_once_warned_loses(answerer):
    a = answerer.ask("il avait été prévenu après sa deuxième, il fait une 3e faute, il a perdu ?")
    assert set(a["verdicts"].values()) == {"yes"}


def test_k_still_bounds_the_citations_of_an_answer_without_condition(answerer):
    a = answerer.ask("combien de billes au jeu de la 9 ?", k=2)
    assert len(a["citations"]) <= 2


def test_what_a_push_out_is_quotes_what_it_is_for(answerer):
    # 9-bca 5 : « … peut jouer un "coup poussé" afin de déplacer la blanche en vue du coup suivant »
    a = answerer.ask("au bca c'est quoi un coup poussé ?")
    assert a["citations"][0]["id"] == "9-bca/5-coup-pousse-quand"
    assert "déplacer la blanche" in a["short"]


# the clauses that say what a push-out is or is for: 9-bca 5 « afin de déplacer la blanche en vue du coup suivant »,
# 10-doolys 6 « pour essayer de placer la bille de choc dans une position plus favorable », 10-ffb « la Blanche n'a pas
# à toucher … ni même à toucher une quelconque bille », 10-guide « tous les coups sont autorisés sauf rentrer la blanche »
PUSH_OUT_WHAT = {"9-bca/5-coup-pousse-quand", "10-doolys/6-coup-pousse-quand", "10-ffb/push-out-aucun-contact-requis",
                 "10-guide/push-out-coups-autorises"}


def test_what_a_push_out_is_leads_with_the_clauses_that_say_it(answerer):
    a = answerer.ask("c'est quoi un push-out ?")
    assert a["citations"][0]["id"] in PUSH_OUT_WHAT
    assert PUSH_OUT_WHAT <= {c["id"] for c in a["citations"]}


def test_a_what_is_question_that_asks_more_is_no_definition():
    assert asks_what("c'est quoi un dry break ?")
    assert asks_what("un push out ça sert à quoi")
    assert not asks_what("c quoi un push out et quand on a le droit de le faire ?")


def test_whose_turn_to_choose_asks_no_yes_or_no():
    assert not is_yes_no("je casse, la 2 rentre. j'annonce coup poussé. c a qui de choisir ?")
    assert not is_yes_no("chez doolys ça veut dire quoi un tour exactement ?")


def test_a_ball_on_the_break_that_counts(answerer):
    # 10-ffb : la 10 empochée sur une casse légale sans annonce est replacée : elle ne compte pas
    a = answerer.ask("en ffb au 10, la 10 rentrée au break sans l'avoir annoncée, elle compte ?")
    assert a["verdicts"] == {"10-ffb": "no"}
    # 9-bca : la 9 empochée sur un bris légal gagne la partie
    a = answerer.ask("au bca la 9 rentrée à la casse compte ?")
    assert a["verdicts"] == {"9-bca": "yes"}


def test_slow_play_before_the_game_keeps_its_word(answerer):
    # 9-ffb : « Jeu lent : lors d'un match chronométré, un joueur dépasse la limite de temps … »
    a = answerer.ask("en ffb c quoi la règle sur le jeu lent au 9 ?")
    assert a["citations"][0]["id"] == "9-ffb/faute-jeu-lent"


def test_a_condition_is_cited_only_with_its_rule(answerer):
    a = answerer.ask("3e faute, il a perdu ?", k=1)
    ids = [c["id"] for c in a["citations"]]
    assert len(ids) == 2 and ids[0] in _THREE_FOULS and ids[1] in _WARNINGS
    assert answerer.book.clauses[ids[0]].ruleset == answerer.book.clauses[ids[1]].ruleset


def test_a_warning_asked_after_two_fouls_is_the_warning(answerer):
    # every text: « Le joueur doit être avisé de sa deuxième faute » (9-bca 12) and its like
    a = answerer.ask("2 fautes de suite, il doit être prévenu ?")
    assert set(a["verdicts"].values()) == {"yes"} and "avertissement" in a["short"].lower()


def test_a_statement_put_to_confirm_is_no_story(answerer):
    # 9-bca 1 : « Le joueur n'a pas à annoncer ses coups » ; 10-ffb : « Le joueur doit annoncer la bille et la poche »
    a = answerer.ask("c'est vrai qu'on n'annonce pas ?")
    assert a["kind"] == "lookup"
    assert a["verdicts"]["9-bca"] == "yes" and a["verdicts"]["10-ffb"] == "no"


def test_whether_an_uncalled_pocket_counts(answerer):
    # 10-ffb : sans annonce, « les billes empochées ne comptent pas » : la main passe ; 9-bca : pas d'annonce
    a = answerer.ask("je rentre la 3 sans l'annoncer, ça compte ?")
    assert a["verdicts"]["10-ffb"] == "no" and a["verdicts"]["9-bca"] == "yes"


def test_when_a_turn_starts_asks_no_yes_or_no(answerer):
    # 10-doolys 13 : « Le tour d'un joueur commence quand celui-ci a le droit de jouer et se termine … »
    assert not is_yes_no("chez doolys pour les 3 fautes, un tour ça commence et ça finit quand ?")
    assert not is_yes_no("Dooly's : quand commence et quand finit le tour d'un joueur ?")
    assert is_yes_no("FFB 9 : quand quelqu'un joue hors de son tour, on remet les boules comme avant ?")
    a = answerer.ask("chez doolys pour les 3 fautes, un tour ça commence et ça finit quand ?")
    assert a["citations"][0]["id"] == "10-doolys/13-definition-du-tour"


def test_a_condition_put_on_the_term_asked_before(answerer):
    # 9-bca 5 : « Le joueur qui joue immédiatement après un bris valable » ; 10-ffb : le push-out « sur le
    # premier coup joué après la casse » : no text lets the break itself be a push-out
    first = answerer.ask("c'est quoi un coup poussé ?")
    a = answerer.ask("et si c'était à la casse ?", context=first["context"])
    assert a["verdicts"] and set(a["verdicts"].values()) == {"no"}
    assert "9-bca/5-coup-pousse-quand" in {c["id"] for c in a["citations"]}


def test_a_push_out_on_the_break_by_any_spelling(answerer):
    for q in ("un push out sur la casse, c'est permis ?", "pushout a la casse possible ?"):
        a = answerer.ask(q)
        assert a["verdicts"] and set(a["verdicts"].values()) == {"no"}, q


def test_fouls_so_far_added_to_a_story(answerer):
    # 9-ffb : trois fautes consécutives ; « Après la deuxième faute consécutive, l'adversaire ou l'arbitre
    # doivent avertir le joueur » : the count changes the ruling, and whether he was warned decides it
    first = answerer.ask("9 ffb : il touche la 4 avant la 2, faute ?")
    a = answerer.ask("et s'il avait déjà deux fautes ?", context=first["context"])
    assert a["kind"] == "scenario" and a["scenario"]["state"]["fouls"]["shooter"] == 2
    b = answerer.ask("oui on l'avait prévenu", context=a["context"])
    assert b["outcomes"]["9-ffb"]["game_over"] is True
    why = answerer.ask("pourquoi ?", context=b["context"])
    assert "trois fautes" in why["short"]       # the rule that ended the game, not the foul before it


def test_a_follow_up_with_no_conversation_says_what_is_missing(answerer):
    for q in ("et à la FFB ?", "pourquoi ?"):
        a = answerer.ask(q)
        assert a["kind"] == "unknown" and a["short"].startswith("Cette question suit une question d’avant"), q
    assert not answerer.ask("et la bière ?")["short"].startswith("Cette question suit")
