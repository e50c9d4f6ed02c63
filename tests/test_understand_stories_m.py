"""Stories read word by word where an earlier reading went wrong (qa/understand/): a push-out by the
player who took the table after a dry break, a push-out after a break scratch, three fouls told over
several shots, a cue ball frozen to the ball it plays, a call naming its pocket in four words, a ball
sent « dans ce coin », a contact told after the called ball went down, a scratch told inside another
clause, a shirt that rubbed a ball, the cue ball placed in front of the line for the break, a triangle
told against a « dry break » said by the other player. Expected values from the rule texts
(rules_data/sources/)."""
from __future__ import annotations

import pytest

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


# (story, ruleset, the Outcome fields its text gives)
_ONE_RULESET = [
    # 10-guide : « Lorsqu'une bille est « gelée » contre la bille blanche, c'est-à-dire collée à elle, on peut la jouer »
    pytest.param("guide du 10 : ma blanche est collée à la 3, la plus basse, je la joue plein pot et elle rentre, "
                 "il dit double touche. faute ?", "10-guide", {"legal": True, "next_shooter": "shooter"}, id="frozen"),
    # 10-ffb : il doit annoncer « la bille jouée et la poche choisie » ; « S'il n'empoche pas légalement de bille …,
    # sa reprise s'achève » : la 2 tombe dans une autre poche que l'annoncée, sans faute, la main passe
    pytest.param("10 ffb : la 2 est la plus basse, j'annonce la 2 coin du bas droit, elle tombe coin du bas gauche",
                 "10-ffb", {"legal": True, "next_shooter": "opponent"}, id="pocket-in-four-words"),
    # 10-ffb : « La partie est gagnée par le joueur qui légalement empoche la bille numérotée « 10 » »
    pytest.param("10 ffb, j'annonce combi 4-10 dans le coin du haut a droite, la blanche touche la 4, "
                 "la plus basse, qui envoie la 10 dans ce coin. gagné ?", "10-ffb",
                 {"game_over": True, "winner": "shooter"}, id="combination-into-a-corner"),
    # 10-guide : la plus basse annoncée, touchée et empochée ; la blanche touche ensuite une autre bille : le joueur continue
    pytest.param("guide 10 : j'annonce la 5 au milieu, c'est la plus basse, elle rentre, et la blanche touche la 8 ensuite",
                 "10-guide", {"legal": True, "next_shooter": "shooter"}, id="contact-after-the-pocket"),
    # 9-ffb : « Bille blanche empochée ou éjectée hors de la surface de jeu » est une faute : bille en main
    pytest.param("9 ffb : j'ai rentré la 4 en faisant scratch, je rejoue ?", "9-ffb",
                 {"legal": False, "ball_in_hand": True, "next_shooter": "opponent"}, id="scratch-in-the-same-clause"),
    # 10-guide, fautes communes : « déplacer ou toucher les billes sauf dans le cas de la « bille en main » »
    pytest.param("guide 10 : j'ai rentré la 1 annoncée mais ma chemise a frotté la 6 qui a bougé, faute ?", "10-guide",
                 {"legal": False}, id="shirt-rubbed-a-ball"),
    # 10-ffb : « Le joueur à la casse commence bille en main derrière la ligne supérieure »
    pytest.param("ffb 10 : il a posé la blanche devant la ligne de départ et il a cassé, la 1 touchée, six billes en bande",
                 "10-ffb", {"legal": False, "ball_in_hand": True}, id="cue-ball-in-front-of-the-line"),
    # 9-ffb : « Si le triangle utilisé pour faire le rack est un triangle classique, cette règle ne s'applique pas » ;
    # une bille empochée à la casse, le joueur continue
    pytest.param("9 ffb, triangle en bois, je casse, la 1 d'abord, la 6 tombe et rien ne passe la ligne. "
                 "il me dit dry break, c'est à lui ?", "9-ffb", {"legal": True, "next_shooter": "shooter"},
                 id="triangle-against-a-dry-break-said"),
    # 10-ffb : « absence de bande » après le contact est une faute : bille en main
    pytest.param("10 ffb : je touche la 1 et rien à la bande, faute ?", "10-ffb", {"legal": False, "ball_in_hand": True},
                 id="nothing-to-the-rail"),
]


@pytest.mark.parametrize("story, ruleset, expected", _ONE_RULESET)
def test_a_story_is_ruled_as_its_text_says(ask, story, ruleset, expected):
    o = ask(story)["outcomes"][ruleset]
    assert {k: o[k] for k in expected} == expected


def test_asking_whether_i_go_on_after_the_table_was_handed_back(ask):
    # 9-bca 5 : l'adversaire peut remettre son tour au joueur qui a poussé ; celui-ci rentre la 1 : il continue
    a = ask("au 9, après son bris rien dedans, j'ai annoncé un push out, il m'a dit non rejoue toi, "
            "du coup j'ai joué la 1 et je l'ai rentrée. je continue ?")
    for r in ("9-bca", "9-ffb"):
        assert a["outcomes"][r]["next_shooter"] == "shooter", r

