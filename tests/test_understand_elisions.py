"""Stories whose words leave a verb out or say where a ball went loosely (qa/understand/):
« … et la blanche aussi dans le coin » shares the verb before it, « la blanche a tapé direct la 6 »
tells the ball hit first, « la blanche roule au milieu » is the middle of the table, not a pocket.
Expected values from the rule texts (rules_data/sources/)."""
from __future__ import annotations






def test_the_cue_ball_also_down_with_a_place_shares_the_verb_before(ask):
    # 9-bca 3 : « Si la blanche est empochée … il y a faute »; 6 : « si la NEUF est empochée
    # illégalement, celle-ci est replacée sur la mouche »
    a = ask("jeu de la 9, à la casse je prends la 1 en premier, la 9 tombe et la blanche aussi dans le coin du bas")
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["ball_in_hand"] is True and o["spotted"] == [9]
        assert o["game_over"] is False


def test_a_ball_also_down_on_the_same_shot_wins_with_the_nine(ask):
    # 9-bca 1 : les boules n'ont pas à être empochées par ordre; la NEUF empochée sur un coup légal
    a = ask("au jeu de la 9 je touche la 1, elle tombe, et la 9 aussi dans la même foulée")
    for o in a["outcomes"].values():
        assert o["legal"] is True and o["game_over"] is True and o["winner"] == "shooter"


def test_hit_direct_tells_the_first_contact_of_a_break(ask):
    # 9-bca 3a : au bris, la blanche doit toucher la boule 1 en premier
    a = ask("au 9 je casse, ma blanche frappe direct la 6 et pas la 1, quatre billes vont en bande")
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["ball_in_hand"] is True


def test_the_cue_ball_rolling_to_the_middle_is_not_in_a_pocket(ask):
    # 9-bca 5 : lors d'un coup poussé il n'est pas nécessaire de projeter la blanche à la bande
    # ou de percuter une boule numérotée
    a = ask("jeu de la 9 : il casse, la 4 rentre, il annonce un push out et sa blanche glisse au milieu sans rien toucher")
    for o in a["outcomes"].values():
        assert o["legal"] is True and o["ball_in_hand"] is False
    a = ask("au 9 je touche la 1 et la blanche tombe au milieu")
    assert all(o["ball_in_hand"] is True for o in a["outcomes"].values())


def test_the_cue_ball_reaching_a_rail_after_the_contact_makes_the_shot_legal(ask):
    # 9-bca 8 : « il y a faute si la blanche ou toute autre boule n'atteint pas une bande »
    a = ask("au jeu de la 9 je frappe la 1 doucement, la 1 ne va pas en bande mais la blanche va taper la bande du fond")
    for o in a["outcomes"].values():
        assert o["legal"] is True and o["ball_in_hand"] is False


def test_a_rail_before_the_ball_is_not_the_rail_after_contact(ask):
    # 9-bca 8 : après l'impact sur la boule la plus basse, une bande; la bande touchée avant
    # l'impact n'y compte pas
    a = ask("au 9 je joue la 2 qui s'arrête avant la bande, ma blanche avait touché la bande avant de toucher la 2")
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["ball_in_hand"] is True
        assert [f["code"] for f in o["fouls"]] == ["no_rail"]


def test_i_go_on_after_my_break_opens_the_next_shot(ask):
    # 9-bca 4 : si l'ouvreur empoche une ou plusieurs boules lors d'un bris légal, il continue de
    # jouer; 7 : la blanche doit toucher en premier la plus basse (la 1 et la 2 sont tombées)
    a = ask("jeu de la 9, je casse et la 2 et la 1 tombent, j'enchaîne : je touche la 3, elle ne tombe pas mais va en bande")
    assert a["scenario"]["shot"]["kind"] == "normal"
    for o in a["outcomes"].values():
        assert o["legal"] is True and o["ball_in_hand"] is False and o["next_shooter"] == "opponent"


def test_no_push_out_after_a_break_whose_cue_ball_went_down(ask):
    # 9-bca 5 : « Lorsque l'ouvreur empoche la blanche lors du bris, l'adversaire ne peut pas jouer
    # un coup poussé »; 9-ffb : « En cas de casse régulière, le joueur qui a la main après la casse
    # peut jouer un coup de dégagement » : le coup est un coup ordinaire, la 1 devait être touchée
    a = ask("jeu de la 9 : mon adversaire casse, la blanche tombe dans le coin. j'ai bille en main, je dis push out, "
            "je place la blanche et je touche la 6 en premier alors que la 1 est là")
    assert a["scenario"]["shot"]["kind"] == "normal"
    assert set(a["outcomes"]) == {"9-bca", "9-ffb"}
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["ball_in_hand"] is True
        assert [f["code"] for f in o["fouls"]] == ["wrong_ball_first"]


def test_a_push_out_only_meant_is_an_ordinary_shot(ask):
    # 9-bca 5 : « Le joueur doit faire part de son intention de "pousser" avant d'exécuter le
    # coup, sinon le coup sera jugé normal »; 7 : la blanche touche en premier une autre que la plus basse
    a = ask("au jeu de la 9, mon adversaire casse et rien ne tombe. je tire la blanche qui touche la 5 "
            "(la 1 était derrière la 8), je voulais jouer un push out mais je l'ai pas dit")
    assert a["scenario"]["shot"]["kind"] == "normal"
    for o in a["outcomes"].values():
        assert o["legal"] is False and o["ball_in_hand"] is True
        assert [f["code"] for f in o["fouls"]] == ["wrong_ball_first"]


def test_a_break_on_the_one_then_a_list_that_falls(rulebook):
    # « sur la 1, la 4 et la 6 tombent »: the 1 is hit, the 4 and the 6 fall
    from qa.understand import understand
    u = understand(rulebook, "au 9, ma casse arrive plein pot sur la 1, la 4 et la 6 tombent")
    assert u is not None
    assert u.scenario["shot"]["first_contact"] == 1 and sorted(u.scenario["shot"]["pocketed"]) == [4, 6]


def test_a_break_that_makes_a_ball_fall_is_a_story(rulebook):
    from qa.understand import understand
    u = understand(rulebook, "jeu de la 9 : mon break fait rentrer la 7")
    assert u is not None and u.scenario["shot"]["kind"] == "break" and u.scenario["shot"]["pocketed"] == [7]


def test_a_break_with_a_ball_fallen_does_not_tell_the_ball_hit(rulebook):
    from qa.understand import understand
    u = understand(rulebook, "au 9 une casse avec la 5 tombée dans le coin, la blanche reste sur la table, c'est bon ?")
    assert u is None or u.scenario["shot"].get("first_contact") != 5


def test_the_shot_after_a_break_that_sent_no_ball_down_has_the_whole_rack(ask):
    # 10-ffb 5 : « Il n'est pas possible de jouer un push-out si le joueur a bille en main après la
    # casse »; faute 2 : la bille la plus basse (la 1, rien n'est tombé à la casse) doit être touchée
    a = ask("au 10 FFB, mon adversaire casse et sa blanche tombe. j'ai bille en main, j'annonce push out, "
            "je place la blanche puis je touche la 4 en premier")
    assert a["scenario"]["state"]["on_table"][0] == 1
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True
    assert [f["code"] for f in o["fouls"]] == ["wrong_ball_first"]
