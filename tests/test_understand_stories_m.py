"""Stories read word by word where an earlier reading went wrong (qa/understand/): a push-out by the
player who took the table after a dry break, a push-out after a break scratch, three fouls told over
several shots, a cue ball frozen to the ball it plays, a call naming its pocket in four words, a ball
sent « dans ce coin », a contact told after the called ball went down, a scratch told inside another
clause, a shirt that rubbed a ball, the cue ball placed in front of the line for the break, a triangle
told against a « dry break » said by the other player. Expected values from the rule texts
(rules_data/sources/)."""
from __future__ import annotations

from qa.understand import understand


def test_a_push_out_after_accepting_a_dry_break_is_an_ordinary_shot(ask):
    # 9-ffb : « soit accepter la table telle quelle, mais il ne peut pas jouer de coup de dégagement
    # (push-out) » ; la blanche qui ne touche aucune bille : faute, bille en main
    a = ask("9 ffb, mon adversaire fait un dry break, je prends la table et j'annonce un push out, "
            "ma blanche ne touche aucune bille. c'est faute ?")
    o = a["outcomes"]["9-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True and o["next_shooter"] == "opponent"
    assert "9-ffb/dry-break-accepter-la-table" in {c["id"] for c in a["citations"]}


def test_a_push_out_after_a_dry_break_handed_back_stays_a_push_out(ask):
    # 9-ffb : « soit refuser la table et rendre la main au joueur qui a cassé ; celui-ci peut par contre
    # jouer un coup de dégagement (push-out) »
    a = ask("9 ffb, j'ai fait un dry break, il m'a rendu la main et j'ai annoncé un push out, ma blanche ne touche rien")
    o = a["outcomes"]["9-ffb"]
    assert o["legal"] is True and o["next_shooter"] == "opponent" and o["ball_in_hand"] is False


def test_a_push_out_after_a_break_scratch_is_an_ordinary_shot(ask):
    # 9-bca 5 : « Lorsque l'ouvreur empoche la blanche lors du bris, l'adversaire ne peut pas jouer un
    # coup poussé » ; 9-bca 7 : la blanche doit toucher la plus basse
    a = ask("bca : il a scratché à la casse, j'annonce un push out et ma blanche ne touche rien, faute ?")
    o = a["outcomes"]["9-bca"]
    assert o["legal"] is False and o["ball_in_hand"] is True
    assert "9-bca/5-coup-pousse-apres-scratch" in {c["id"] for c in a["citations"]}


def test_three_fouls_told_over_several_shots(ask):
    # 9-bca 12, 9-ffb : trois fautes consécutives, averti après la deuxième : il perd la partie
    a = ask("au 9 : il fait un scratch -> faute 1. je rate la 2. il touche la 5 avant la 2 -> faute 2. "
            "je rate encore. puis il tape pas de bande après la 2, 3e faute. il a perdu ?")
    for r in ("9-bca", "9-ffb"):
        o = a["outcomes"][r]
        assert o["game_over"] is True and o["winner"] == "opponent", r


def test_the_count_said_to_the_other_player_is_his(rulebook):
    u = understand(rulebook, "jeu de la 10 : il a fait deux fautes, je lui ai dit t'as 2 fautes, là il rentre encore la blanche")
    assert u is not None and u.shooter == "other"
    assert u.scenario["state"]["fouls"]["shooter"] == 2


def test_a_cue_ball_frozen_to_the_ball_it_plays_is_no_double_hit_in_the_guide(ask):
    # 10-guide : « Lorsqu'une bille est « gelée » contre la bille blanche, c'est-à-dire collée à elle, on
    # peut la jouer »
    a = ask("guide du 10 : ma blanche est collée à la 3, la plus basse, je la joue plein pot et elle rentre, "
            "il dit double touche. faute ?")
    o = a["outcomes"]["10-guide"]
    assert o["legal"] is True and o["next_shooter"] == "shooter"


def test_a_call_naming_its_pocket_in_four_words(ask):
    # 10-ffb : « Si un joueur empoche la bille annoncée dans une autre poche que celle annoncée » : la main
    # passe, sans faute
    a = ask("10 ffb : la 2 est la plus basse, j'annonce la 2 coin du bas droit, elle tombe coin du bas gauche")
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is True and o["next_shooter"] == "opponent"


def test_a_combination_called_into_a_corner_named_in_four_words(ask):
    # 10-ffb : la 10 annoncée empochée sur un coup légal gagne la partie
    a = ask("10 ffb, j'annonce combi 4-10 dans le coin du haut a droite, la blanche touche la 4, "
            "la plus basse, qui envoie la 10 dans ce coin. gagné ?")
    o = a["outcomes"]["10-ffb"]
    assert o["game_over"] is True and o["winner"] == "shooter"


def test_a_contact_told_after_the_called_ball_went_down_is_not_the_first(ask):
    # 10-guide : la plus basse touchée d'abord et empochée comme annoncée ; la blanche touche une autre bille
    # ensuite : coup régulier, le joueur continue
    a = ask("guide 10 : j'annonce la 5 au milieu, c'est la plus basse, elle rentre, et la blanche touche la 8 ensuite")
    o = a["outcomes"]["10-guide"]
    assert o["legal"] is True and o["next_shooter"] == "shooter"


def test_a_scratch_told_in_the_same_clause_as_a_pocket(ask):
    # 9-ffb : blanche empochée, faute : bille en main pour l'adversaire
    a = ask("9 ffb : j'ai rentré la 4 en faisant scratch, je rejoue ?")
    o = a["outcomes"]["9-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True and o["next_shooter"] == "opponent"


def test_a_shirt_that_rubbed_a_ball_is_a_touched_ball(ask):
    # 10-guide : toucher une bille avec les vêtements est une faute
    a = ask("guide 10 : j'ai rentré la 1 annoncée mais ma chemise a frotté la 6 qui a bougé, faute ?")
    assert a["outcomes"]["10-guide"]["legal"] is False


def test_the_cue_ball_placed_in_front_of_the_line_for_the_break(ask):
    # 10-ffb : la bille de choc se place derrière la ligne de tête pour la casse
    a = ask("ffb 10 : il a posé la blanche devant la ligne de départ et il a cassé, la 1 touchée, six billes en bande")
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True


def test_a_triangle_told_outweighs_a_dry_break_said(ask):
    # 9-ffb : avec un triangle classique, la règle des trois billes ne s'applique pas ; une bille empochée à
    # la casse, le joueur continue
    a = ask("9 ffb, triangle en bois, je casse, la 1 d'abord, la 6 tombe et rien ne passe la ligne. "
            "il me dit dry break, c'est à lui ?")
    o = a["outcomes"]["9-ffb"]
    assert o["legal"] is True and o["next_shooter"] == "shooter"


def test_asking_whether_i_go_on_after_the_table_was_handed_back(ask):
    # 9-bca 5 : l'adversaire peut remettre son tour au joueur qui a poussé ; celui-ci rentre la 1 : il continue
    a = ask("au 9, après son bris rien dedans, j'ai annoncé un push out, il m'a dit non rejoue toi, "
            "du coup j'ai joué la 1 et je l'ai rentrée. je continue ?")
    for r in ("9-bca", "9-ffb"):
        assert a["outcomes"][r]["next_shooter"] == "shooter", r


def test_nothing_to_the_rail_said_with_a(ask):
    # 10-ffb : après le contact, une bille doit toucher une bande, sinon faute
    a = ask("10 ffb : je touche la 1 et rien à la bande, faute ?")
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True
