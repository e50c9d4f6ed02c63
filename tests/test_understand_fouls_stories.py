"""Stories of fouls in a row told in few words (qa/understand/): « puis je fais … » tells what came
next (not « puis-je ? »), « sans que personne ne me prévienne » is no warning, « en ratant la plus
basse » is a miss, « la blanche dans le trou » without a verb is a scratch, and a foul told
without its kind after a legal shot is not ruled from the earlier shots' facts.
Expected values from the rule texts (rules_data/sources/)."""
from __future__ import annotations

from qa.situation_answer import answer_situation
from qa.understand import understand


def test_then_i_fail_to_reach_a_rail_without_a_warning_is_no_loss(rulebook):
    # 10-ffb : « Si l'avertissement n'est pas notifié et qu'une troisième faute consécutive est
    # commise » : pas de perte; la faute ordinaire donne la bille en main
    a = answer_situation(rulebook, "jeu de la 10, j'ai déjà deux fautes sans que mon adversaire m'avertisse, "
                                   "puis je joue la 1 et aucune bille ne va en bande")
    assert a is not None
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["ball_in_hand"] is True and o["game_over"] is False


def test_a_third_foul_missing_the_lowest_after_the_warning_loses(rulebook):
    # 10-doolys 13 : « Lorsqu'un joueur commet trois fautes consécutives … il perd la partie »
    a = answer_situation(rulebook, "au 10 chez Dooly's, deux fautes de suite, l'arbitre m'a prévenu, "
                                   "puis troisième faute en manquant la plus basse")
    assert a is not None
    o = a["outcomes"]["10-doolys"]
    assert o["legal"] is False and o["game_over"] is True and o["winner"] == "opponent"


def test_the_cue_ball_in_the_pocket_without_a_verb_is_a_scratch(rulebook):
    # 9-ffb : sans avertissement la troisième faute n'est pas une troisième faute consécutive
    a = answer_situation(rulebook, "au 9 FFB, deux fautes à la suite et on ne m'a pas averti, troisième faute : la blanche dans le coin")
    assert a is not None
    o = a["outcomes"]["9-ffb"]
    assert o["fouls"][0]["code"] == "cue_ball_pocketed" and o["game_over"] is False and o["ball_in_hand"] is True


def test_may_i_still_asks_before_an_infinitive(rulebook):
    assert understand(rulebook, "au 9, puis-je rejouer la 9 ?") is None


def test_a_foul_of_no_stated_kind_is_not_ruled_from_the_legal_shot_before(rulebook):
    # the last shot is « je fais une faute »: the earlier legal shot's facts are not that foul's
    u = understand(rulebook, "au 9 : je touche la 2 et elle va en bande, rien ne tombe. ensuite il joue, puis je fais une faute")
    assert u is None or u.scenario["shot"].get("rail_after_contact") is not True


def test_ball_in_hand_after_a_foul_then_adjusted_and_potted_is_legal(rulebook):
    # 9-bca 9 : « Le joueur peut ajuster la position de la blanche tant qu'il n'a pas joué son coup »
    a = answer_situation(rulebook, "au 9 BCA, j'ai la bille en main suite à sa faute, je pose la blanche, je la "
                                   "redéplace à la main une fois, puis je joue la 2 qui tombe")
    assert a is not None
    o = a["outcomes"]["9-bca"]
    assert o["legal"] is True and o["next_shooter"] == "shooter"


def test_the_cue_ball_in_hand_placed_badly_is_a_listed_foul(rulebook):
    # 10-ffb faute 10 : la blanche mal placée
    a = answer_situation(rulebook, "10 FFB : bille en main pour moi, je la place mal puis je tire")
    assert a is not None
    assert [f["code"] for f in a["outcomes"]["10-ffb"]["fouls"]] == ["ball_in_hand_misplaced"]


def test_a_sleeve_of_a_shirt_moving_a_ball_is_a_touched_ball(rulebook):
    # 9-ffb : bille touchée ou déplacée autrement que par le procédé
    a = answer_situation(rulebook, "9 FFB : ma manche de veste a effleuré la 6, elle a roulé un peu")
    assert a is not None
    assert [f["code"] for f in a["outcomes"]["9-ffb"]["fouls"]] == ["touched_ball"]


def test_a_legal_shot_between_fouls_of_a_player_told_without_his_name_resets_the_run(rulebook):
    # 9-ffb : « trois fautes successives non entrecoupées par un coup régulier »
    a = answer_situation(rulebook, "au 9, mon adversaire commet deux fautes d'affilée, puis un coup correct où il "
                                   "manque la 4, puis encore une faute (aucune bande)")
    assert a is not None
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["game_over"] is False and o["ball_in_hand"] is True


def test_nobody_had_told_him_is_no_warning(rulebook):
    # 9-ffb : « Si une troisième faute est commise alors que l'avertissement n'a pas été notifié,
    # elle n'est pas considérée comme une troisième faute consécutive »
    a = answer_situation(rulebook, "9 FFB : il en est à deux fautes, personne ne lui avait dit, et là il touche la 3 "
                                   "et la blanche tombe")
    assert a is not None
    o = a["outcomes"]["9-ffb"]
    assert o["game_over"] is False and o["ball_in_hand"] is True


def test_this_time_it_is_the_cue_ball_in_the_pocket(rulebook):
    # 10-ffb : trois fautes consécutives, averti après la deuxième : la manche est perdue
    a = answer_situation(rulebook, "10 FFB, il a deux fautes et il a été averti; cette fois c'est la blanche dedans")
    assert a is not None
    o = a["outcomes"]["10-ffb"]
    assert o["game_over"] is True and o["winner"] == "opponent"


def test_three_facts_of_a_shot_are_a_story(rulebook):
    # 9-bca 8 : sans bande après l'impact, faute
    a = answer_situation(rulebook, "au 9, je viens poser la blanche contre la 5, la plus basse, et ni la 5 ni la blanche ne vont en bande")
    assert a is not None
    for o in a["outcomes"].values():
        assert o["legal"] is False and [f["code"] for f in o["fouls"]] == ["no_rail"]


def test_a_ball_touched_with_the_arm_before_the_stroke_is_the_turns_foul(rulebook):
    # 10-guide : faute, bille touchée (autrement qu'avec le procédé)
    a = answer_situation(rulebook, "guide, jeu de la 10 : en me mettant en position j'ai accroché la 6 avec mon coude, "
                                   "elle a bougé, puis j'ai joué la 1 qui est tombée")
    assert a is not None
    o = a["outcomes"]["10-guide"]
    assert o["legal"] is False and o["ball_in_hand"] is True and [f["code"] for f in o["fouls"]] == ["touched_ball"]


def test_a_legal_shot_at_the_next_turn_resets_the_run(rulebook):
    # 9-ffb : trois fautes « non entrecoupées par un coup régulier »: ici une seule faute
    a = answer_situation(rulebook, "au 9 : deux fautes pour moi, puis au coup d'après un coup régulier (je touche la 3, "
                                   "elle va en bande), puis au tour d'après je touche la 7 avant la 3")
    assert a is not None
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["game_over"] is False and o["ball_in_hand"] is True


def test_i_did_not_have_the_ball_in_hand(rulebook):
    from qa.understand import understand
    u = understand(rulebook, "au 9, je touche la 1 et elle va en bande, je n'avais pas la bille en main")
    assert u is not None and "ball_in_hand" not in u.facts


def test_a_foul_of_no_stated_kind_again_is_not_ruled_legal(rulebook):
    # the last shot « je refais une faute » names no foul: never ruled from the earlier legal shot
    u = understand(rulebook, "au 10, deux fautes, puis au tour suivant un coup correct (la 2 touchée, elle va en bande), "
                             "puis je refais une faute")
    assert u is None or u.scenario["shot"].get("rail_after_contact") is not True
