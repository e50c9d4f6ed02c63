"""Stories a referee found misread (qa/understand/): the cue ball as a second object of a
pocketing verb is a scratch, a ball sent into a pocket other than the called one misses the
call, « un sauté » is a jump shot, and a question about what a text says (« le 9 BCA
parle de… ? ») tells no shot. Expected values from the rule texts (rules_data/sources/)."""
from __future__ import annotations

from qa.situation_answer import answer_situation
from qa.understand import understand


def test_the_nine_and_the_cue_ball_pocketed_together_is_a_foul_and_the_nine_is_spotted(rulebook):
    # 9-bca 6 : « si la NEUF est empochée illégalement, celle-ci est replacée sur la mouche ».
    # « Le joueur adverse a la blanche en main n'importe où sur la table. »
    a = answer_situation(rulebook, "au 9 BCA je rentre la 9 puis la blanche dans la foulée, à qui de jouer ?")
    assert a is not None
    o = a["outcomes"]["9-bca"]
    assert o["legal"] is False and o["game_over"] is False and o["ball_in_hand"] is True
    assert 9 in o["spotted"]


def test_the_cue_ball_also_after_a_pocketing_verb_is_pocketed(rulebook):
    u = understand(rulebook, "9 BCA : je blouse la 9 et la blanche aussi")
    assert u is not None
    assert u.scenario["shot"]["cue_ball"] == "pocketed" and u.scenario["shot"]["pocketed"] == [9]


def test_the_cue_ball_after_the_pocket_with_its_own_verb_stays_its_own(rulebook):
    # « la blanche reste au milieu »: its own verb, not a second object of « j'empoche »
    u = understand(rulebook, "au 9 BCA j'empoche la 9 et la blanche reste au milieu de la table")
    assert u is not None and u.scenario["shot"]["cue_ball"] == "table"


def test_the_ten_in_another_pocket_than_the_one_called_does_not_win(rulebook):
    # 10-ffb : annoncer « la bille jouée et la poche choisie »; « La bille numérotée « 10 » est
    # replacée sur le spot inférieur si elle est empochée suite à un coup illégal »
    a = answer_situation(rulebook, "au 10 FFB ma 10 finit dans une autre poche que celle que j'avais choisie")
    assert a is not None
    o = a["outcomes"]["10-ffb"]
    assert o["game_over"] is False and 10 in o["spotted"]
    u = understand(rulebook, "au 10 FFB ma 10 finit dans une autre poche que celle que j'avais choisie")
    assert u is not None and u.scenario["shot"]["called"]["pocket_ok"] is False


def test_a_ball_elsewhere_than_the_called_pocket_misses_the_call(rulebook):
    u = understand(rulebook, "10 FFB : la 4 tombe ailleurs que dans la poche annoncée")
    assert u is not None
    assert u.scenario["shot"]["called"] == {"ball": 4, "pocket": None, "pocket_ok": False}


def test_a_clean_sauté_is_a_jump_shot_and_a_foul_at_doolys(rulebook):
    # 10-doolys 12 : « LES SAUTÉS ET LES MASSÉS NE SONT PAS AUTORISÉS »
    a = answer_situation(rulebook, "chez Dooly's je tente un sauté bien net et la 3 rentre, c'est bon ?")
    assert a is not None
    o = a["outcomes"]["10-doolys"]
    assert o["legal"] is False and o["ball_in_hand"] is True


def test_no_sauté_is_no_jump(rulebook):
    u = understand(rulebook, "chez Dooly's, pas un sauté : je touche la 1 et la 3 rentre")
    assert u is None or not u.scenario["shot"].get("jump")


def test_what_a_text_mentions_is_no_shot(rulebook):
    assert understand(rulebook, "est-ce que le 9 BCA évoque le jeu trop lent ?") is None
    assert understand(rulebook, "le 10 FFB se joue seulement au Circuit National et aux masters ?") is None
