"""Stories read word by word where an earlier reading went wrong (qa/understand/): two fouls told as a
list before the shot, a legal shot « sans faute » between fouls, a ball touched « again » the wrong way
(« il retouche la 7 »), « il ne touche pas la plus basse », a warning nobody « avait » given, a third foul
« enchaînée », the called ball that dropped « mais au milieu », the cue ball caught by hand, the cue
ball set with the cue tip into a ball, what the other player says of the shot, « mon adv », an aside
between the call and the pot. Expected values from the rule texts (rules_data/sources/)."""
from __future__ import annotations

import pytest

from qa.situation_answer import answer_situation
from qa.understand import understand


# (story, ruleset, the Outcome fields its text gives)
_ONE_RULESET = [
    # 10-ffb : trois fautes « successives non entrecoupées par un coup régulier » : le coup sans faute remet à zéro
    pytest.param("10 ffb : il fait faute, faute, puis il rate la 2 sans faute, et là il touche la 6 avant la 2. "
                 "il a perdu ?", "10-ffb", {"legal": False, "game_over": False, "ball_in_hand": True},
                 id="a-legal-shot-between"),
    # 9-ffb : toucher d'abord une autre bille que la plus basse est une faute ; trois fautes après avertissement
    pytest.param("au 9 ffb il a deja deux fautes et je l'ai prevenu, et là il retouche la 6 avant la 4", "9-ffb",
                 {"legal": False, "game_over": True}, id="touched-again"),
    # 10-guide : « le premier contact de la bille blanche doit être sur la bille de plus petit numéro »
    pytest.param("guide du 10 : il touche encore pas la plus basse, c'est faute ?", "10-guide",
                 {"legal": False, "ball_in_hand": True}, id="not-the-lowest"),
    # 10-guide : sans avertissement, « cette faute ne sera pas considérée comme une troisième faute consécutive »
    pytest.param("guide du 10 : il enchaine sa 3e faute d'affilée, la 7 touchée avant la 3, et personne l'avait "
                 "averti", "10-guide", {"legal": False, "game_over": False}, id="nobody-had-warned"),
    # 10-ffb : la bille annoncée tombée dans une autre poche : pas d'empochement légal, la reprise s'achève
    pytest.param("10 ffb : j'annonce la 2 coin du bas, elle rentre, mais au milieu. je continue ?", "10-ffb",
                 {"legal": True, "next_shooter": "opponent"}, id="dropped-in-the-middle-instead"),
    # 10-ffb : « Bille touchée par autre chose que le procédé » est une faute : bille en main
    pytest.param("10 ffb : j'ai attrapé la blanche avec la main avant qu'elle tombe", "10-ffb",
                 {"legal": False, "ball_in_hand": True}, id="cue-ball-caught"),
    # 9-ffb : « en positionnant la bille blanche, tout coup vers l'avant effectué avec le procédé et entrant
    # en contact avec n'importe quelle bille est une faute »
    pytest.param("9 ffb : bille en main, je recale la blanche avec la pointe de ma queue et elle touche la 4", "9-ffb",
                 {"legal": False, "ball_in_hand": True}, id="cue-ball-set-with-the-tip"),
    # 9-bca 1 : « un joueur continue de jouer tant qu'il empoche des boules légalement » ; ce que dit l'autre
    # joueur n'est pas un fait du coup
    pytest.param("bca : bille en main, je la pose près de la 1, je touche la 1, elle rentre. il dit que j'avais pas "
                 "le droit de la mettre là", "9-bca", {"legal": True, "next_shooter": "shooter"}, id="what-he-says"),
    # 10-ffb : après une faute, bille en main ; la plus basse annoncée et empochée : le joueur continue
    pytest.param("10 ffb : mon adv a fait faute, je place la blanche, j'annonce la 3 (la plus petite) milieu et je la "
                 "rentre. je rejoue ?", "10-ffb", {"legal": True, "next_shooter": "shooter"}, id="an-aside-in-the-call"),
    # 9-bca 5 : « Le joueur qui joue immédiatement après un bris valable peut exécuter … un « coup poussé » » ;
    # sur un coup poussé, la blanche n'a pas à toucher de bille : l'adversaire choisit
    pytest.param("bca : juste après la casse de mon adversaire (rien n'est tombé), j'annonce un push, la blanche "
                 "ne touche rien", "9-bca", {"legal": True, "next_shooter": "opponent"}, id="push-right-after-his-break"),
    # 9-bca 5 : l'adversaire « peut remettre son tour au joueur qui a poussé » ; ce coup-là est ordinaire : la
    # blanche doit toucher la plus basse (9-bca 1)
    pytest.param("bca : il pousse (push out annoncé), je lui rends la main, sa blanche touche la 4 en premier, la 2 "
                 "est la plus basse", "9-bca", {"legal": False, "ball_in_hand": True}, id="his-cue-ball-after-handed-back"),
    # 9-ffb : « Blanche sautée en jouant sous son centre » est une faute, push-out ou pas
    pytest.param("9 ffb : sur son push out il fait un jump en tapant sous la blanche", "9-ffb",
                 {"legal": False, "ball_in_hand": True}, id="scoop-on-a-push-out"),
    # 9-ffb : le push-out se joue « juste après la casse » : au 5e coup, c'est un coup ordinaire
    pytest.param("9 ffb : on en est au cinquième coup, j'annonce un push out et je touche la 7, la 3 est la plus basse",
                 "9-ffb", {"legal": False, "ball_in_hand": True}, id="push-out-mid-rack"),
    # 10-doolys 6 : le coup poussé doit être annoncé ; sinon c'est un coup ordinaire (la plus basse d'abord)
    pytest.param("doolys : juste après sa casse, j'ai oublié d'annoncer le push et la blanche touche la 6, la 2 est "
                 "la plus basse", "10-doolys", {"legal": False, "ball_in_hand": True}, id="push-not-announced"),
    # 9-ffb, règle des 3 billes : « au moins 3 billes doivent être empochées ou franchir la ligne » : 2 + 1
    pytest.param("9 ffb magic rack, je casse sur la 1, la 2 et la 5 rentrent et la 6 remonte au dessus de la ligne",
                 "9-ffb", {"legal": True, "next_shooter": "shooter"}, id="three-balls-one-above-the-line"),
    # 9-ffb, règle des 3 billes : la 4 passe la ligne puis tombe (une bille), la 3 rentre : deux billes, dry break
    pytest.param("9 ffb gabarit, casse sur la 1 : la 4 passe la ligne puis tombe au coin, la 3 rentre, c'est tout",
                 "9-ffb", {"next_shooter": "opponent", "ball_in_hand": False}, id="a-ball-crossed-then-pocketed"),
    # 10-guide : le 10 annoncé et empoché légalement gagne la partie ; la 2 est la bille de la combinaison
    pytest.param("guide du 10 : j'annonce la 10 au coin en combi avec la 2 (la plus petite), et elle tombe",
                 "10-guide", {"game_over": True, "winner": "shooter"}, id="combination-with-an-aside"),
    # 10-doolys : la 10 empochée légalement gagne (14 : « lors de l'empochement légal de la bille no 10 »)
    pytest.param("doolys : j'annonce la 10 poche du haut, combi avec la 1, elle rentre", "10-doolys",
                 {"game_over": True, "winner": "shooter"}, id="the-10-called-by-its-pocket"),
    # 9-bca 1 : la plus basse touchée, une bille en bande : coup régulier ; le scratch était le coup d'avant
    pytest.param("bca : après son scratch je pose la blanche, je touche la 1, rien ne rentre, la 1 va en bande",
                 "9-bca", {"legal": True, "next_shooter": "opponent"}, id="after-his-scratch"),
    # 10-ffb : « Au moins quatre billes-objets doivent contacter une ou plusieurs bandes »
    pytest.param("10 ffb, casse sur la 1 : la 6 touche la bande puis rentre, et 3 autres billes vont en bande",
                 "10-ffb", {"legal": True, "next_shooter": "shooter"}, id="three-others-to-the-rail"),
    # 10-ffb : la plus petite d'abord ; bille en main pour l'adversaire
    pytest.param("mon adversaire au 10 ffb a touché la 5 alors que la 2 était encore là", "10-ffb",
                 {"legal": False, "ball_in_hand": True}, id="the-game-between-subject-and-verb"),
    # 10-ffb : « Bille éjectée en dehors de la surface de jeu » ; « La seule bille-objet éjectée devant être replacée est la 10 »
    pytest.param("10 ffb : la 7 s'envole par terre après un bon contact sur la 2", "10-ffb",
                 {"legal": False, "ball_in_hand": True}, id="flies-off"),
    # 9-ffb : trois fautes consécutives après avertissement ; « je rescratche » est la troisième
    pytest.param("9 ffb : j'ai deux fautes de suite, il m'a prévenu, et là je rescratche", "9-ffb",
                 {"legal": False, "game_over": True, "winner": "opponent"}, id="rescratch"),
    # 10-ffb : « la 3e faute » told after the warning (« on l'avertit »): he loses
    pytest.param("10 ffb : il a fait deux fautes, on l'avertit, et la 3e faute (il touche la 6 avant la 2)", "10-ffb",
                 {"legal": False, "game_over": True}, id="the-third-foul-after-the-warning"),
    # 9-bca 5 : sans coup poussé annoncé, le coup est ordinaire ; la 1 touchée, une bande, rien dedans : la main passe
    pytest.param("bca : casse légale sans rien dedans, mon adversaire joue normal (pas de push), touche la 1 et la rate, "
                 "elle va en bande", "9-bca", {"legal": True, "next_shooter": "opponent", "ball_in_hand": False},
                 id="a-normal-shot-after-a-break-told-by-no-one"),
    # 10-guide : push-out non annoncé : coup ordinaire, la plus petite d'abord
    pytest.param("guide du 10 : casse de mon adversaire, je tente un push mais j'oublie de le dire : ma blanche va "
                 "taper la 4 alors que la 2 est sur la table", "10-guide", {"legal": False, "ball_in_hand": True},
                 id="my-cue-ball-goes-and-hits"),
    # 10-ffb : « Le coup poussé … n'est permis qu'après une casse régulière » ; après une casse illégale (bille en
    # main) le coup annoncé poussé est un coup ordinaire : the short says so, not « coup poussé régulier »
    # (tested below) ; 10-doolys 6 : le coup poussé doit être annoncé, sinon c'est un coup ordinaire
    pytest.param("doolys : premier coup après sa casse, je fais un push sans rien dire et la blanche touche la 6",
                 "10-doolys", {"legal": False, "ball_in_hand": True}, id="push-without-a-word"),
    # 9-bca 5 : un seul coup poussé, juste après le bris : « encore un push » est un coup ordinaire
    pytest.param("bca : juste après sa casse il pousse, je lui rends la main, et il annonce encore un push, sa blanche "
                 "touche la 6 en premier", "9-bca", {"legal": False, "ball_in_hand": True}, id="a-second-push"),
    # 9-ffb : les fautes consécutives se comptent « lors d'une même partie »
    pytest.param("9 ffb : j'ai fait 2 fautes à la fin de la partie d'avant, et à mon premier coup de celle-ci je touche "
                 "la 4 avant la 1", "9-ffb", {"legal": False, "game_over": False}, id="fouls-of-the-rack-before"),
    # 10-guide : trois fautes « successives non entrecoupées » : un coup propre entre elles remet le compte à zéro
    pytest.param("guide du 10 : faute, faute, puis un coup raté mais propre, puis encore une faute : rien ne rentre, aucune bande",
                 "10-guide", {"legal": False, "game_over": False}, id="a-clean-shot-between-listed-fouls"),
]


@pytest.mark.parametrize("story, ruleset, expected", _ONE_RULESET)
def test_a_story_is_ruled_as_its_text_says(rulebook, story, ruleset, expected):
    a = answer_situation(rulebook, story)
    assert a is not None, story
    o = a["outcomes"][ruleset]
    assert {k: o[k] for k in expected} == expected


def test_his_cue_ball_after_the_table_was_handed_back_is_his_shot(rulebook):
    u = understand(rulebook, "bca : il pousse (push out annoncé), je lui rends la main, sa blanche touche la 4 en premier")
    assert u is not None and u.shooter == "other"


def test_two_fouls_told_as_a_list_are_the_fouls_so_far(rulebook):
    u = understand(rulebook, "9 ffb : il a fait faute, faute, et là il scratche. perdu ?")
    assert u is not None and u.scenario["state"]["fouls"]["shooter"] == 2


def test_the_opponent_shortened_is_the_opponent(rulebook):
    u = understand(rulebook, "jeu de la 9 : mon adv rentre la blanche")
    assert u is not None and u.shooter == "other"


def test_a_foul_on_the_break_said_fautif_is_a_foul(answerer):
    # 10-ffb : « Si la bille 10 est empochée sur une casse avec une faute, elle est replacée » ; 10-guide,
    # 10-doolys : replacée aussi — a « break fautif » is no legal break
    a = answerer.ask("la 10 rentre sur un break fautif, elle reste dedans ?")
    assert a["verdicts"] == {"10-doolys": "no", "10-ffb": "no", "10-guide": "no"}


def test_what_a_rule_requires_under_a_condition_is_a_lookup(answerer):
    # « faut … même si … ? » asks the rule: 10-ffb « au moins 4 billes » en bande ; 9-bca : une boule empochée suffit
    a = answerer.ask("faut 4 billes en bande a la casse meme si j'en empoche une ?")
    assert a["kind"] == "lookup"
    assert a["verdicts"]["10-ffb"] == "yes" and a["verdicts"]["9-bca"] == "no"


def test_a_ball_missed_in_play_is_the_pot_missed_and_its_contact_asked(answerer):
    # 9-bca 1 : « Lorsqu'un joueur rate son coup, son adversaire doit reprendre le jeu en prenant la position
    # laissée » ; a miss of the pot is no foul — unless the cue ball touched nothing (9-bca 7)
    a = answerer.ask("bca : je rentre la 1, puis je rate la 2. c'est à qui ?")
    o = a["outcomes"]["9-bca"]
    assert o["legal"] is True and o["next_shooter"] == "opponent" and o["ball_in_hand"] is False
    assert "La blanche a-t-elle touché la 2 ?" in a["follow_up"]
    wholly = answerer.ask("bca : je rentre la 1, puis je rate la 2 complètement")
    assert wholly["outcomes"]["9-bca"]["legal"] is False


def test_a_ball_missed_at_the_break_was_not_hit_first(answerer):
    # 9-bca 3 : au bris, « la blanche doit toucher la boule UN en premier »
    a = answerer.ask("bca : je casse et je rate la 1")
    assert a["outcomes"]["9-bca"]["legal"] is False


def test_what_is_done_with_a_ball_asks_no_yes_or_no(answerer):
    # 10-ffb : « Si une faute est commise à la casse et que la 10 est empochée celle-ci est replacée »
    a = answerer.ask("10 ffb : à la casse la 10 rentre mais la blanche aussi. on fait quoi de la 10 ?")
    assert a["kind"] == "scenario" and not (a["short"] or "").startswith("Oui")
    assert a["outcomes"]["10-ffb"]["spotted"] == [10]


def test_a_push_out_refused_is_told_as_an_ordinary_shot(answerer):
    # 10-ffb : push-out « sur le premier coup joué après la casse » (régulière) ; after a foul break it is ruled
    # as an ordinary shot, and the short says so
    a = answerer.ask("10 ffb : sa casse était illégale, j'ai bille en main, j'annonce un push out et la blanche "
                     "touche la 1 puis la bande")
    assert "poussé régulier" not in a["short"]
    assert a["outcomes"]["10-ffb"]["next_shooter"] == "opponent"


def test_a_ball_missed_and_the_cue_ball_pocketed_is_a_scratch(answerer):
    # 10-ffb fautes 1 : « Bille Blanche empochée ou éjectée hors de la surface de la table »
    a = answerer.ask("10 ffb : je manque la 3 et la blanche tombe")
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True


def test_a_push_out_said_not_announced_in_a_follow_up_is_an_ordinary_shot(answerer):
    # 9-bca 5 : le coup poussé doit être annoncé, « sinon le coup sera jugé normal » ; rien touché : faute (9-bca 7)
    first = answerer.ask("bca : juste après sa casse j'annonce un push et la blanche ne touche aucune bille")
    assert first["outcomes"]["9-bca"]["legal"] is True
    then = answerer.ask("et si je l'avais pas annoncé ?", context=first["context"])
    assert then["scenario"]["shot"]["kind"] == "normal"
    assert then["outcomes"]["9-bca"]["legal"] is False and then["outcomes"]["9-bca"]["ball_in_hand"] is True


def test_two_fouls_added_by_a_follow_up_take_the_warning_as_given_and_say_so(answerer):
    # 10-ffb : « l'adversaire ou un arbitre doit avertir le joueur » ; as for a story told in one go, the
    # warning the rule requires is assumed given, and the answer says it
    first = answerer.ask("10 ffb : il touche la 5 au lieu de la 2")
    then = answerer.ask("et s'il avait déjà deux fautes ?", context=first["context"])
    assert then["outcomes"]["10-ffb"]["game_over"] is True
    assert "J’ai supposé que le joueur avait été averti" in then["answer"]


def test_only_the_breaker_asked_with_c_est_que(answerer):
    # 9-bca 5 : « l'ouvreur (ou son adversaire) » peut jouer le coup poussé : not the breaker only
    a = answerer.ask("le push out c'est que l'ouvreur qui peut le faire ?")
    assert a["verdicts"]["9-bca"] == "no"


def test_a_lone_surrogate_is_a_french_error_naming_the_field(answerer):
    from qa.answer import AskError
    with pytest.raises(AskError) as err:
        answerer.ask("\ud800")
    assert err.value.field == "q"
