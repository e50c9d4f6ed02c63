"""Stories of session und13 (qa/understand/): a ball of no number pocketed or off the table stands
in for one ball in an ordinary shot told (not on a break, nor in a « si … ? » rule question); a
count of balls to a rail told as not reached (« même sans 4 billes en bande »); the pocket not said
in 10-ball is nothing called. Expected values from the rule texts (rules_data/clauses/), each test
quoting its clause."""
from __future__ import annotations

from qa.situation_answer import answer_situation
from qa.understand import understand


def _answer(rulebook, q: str) -> dict:
    a = answer_situation(rulebook, q)
    assert a is not None and a["kind"] == "scenario"
    return a


def test_a_ball_of_no_number_off_the_table_is_a_foul_in_an_ordinary_shot(rulebook):
    # 9-bca/10-boule-hors-table-faute: a ball driven off the table is a foul; 9-bca/10-hors-table-blanche-en-main:
    # the opponent has the cue ball in hand
    for q in ("au 9 je touche la 1 et une bille saute de la table",
              "au 9 je touche la 1 et je fais sortir une bille"):
        a = _answer(rulebook, q)
        shot = a["scenario"]["shot"]
        assert len(shot["off_table"]) == 1 and 9 not in shot["off_table"] and 1 not in shot["off_table"]
        o = a["outcomes"]["9-bca"]
        assert o["legal"] is False and o["ball_in_hand"] is True and o["next_shooter"] == "opponent"
        assert any("sortie de la table" in x for x in a["answer"].split("\n\n"))


def test_a_ball_of_no_number_pocketed_after_the_lowest_the_shooter_continues(rulebook):
    # 9-bca/1-continuer-a-jouer: the player continues as long as he pockets a ball on a legal shot
    a = _answer(rulebook, "au 9 je touche la 1, une bille tombe dans le coin, je rejoue ?")
    shot = a["scenario"]["shot"]
    assert len(shot["pocketed"]) == 1 and 9 not in shot["pocketed"]
    for r in ("9-bca", "9-ffb"):
        o = a["outcomes"][r]
        assert o["legal"] is True and o["next_shooter"] == "shooter" and o["ball_in_hand"] is False


def test_a_ball_of_no_number_pocketed_asks_the_first_contact_back(rulebook):
    # the ball hit first decides the foul (9-ffb « la bille la plus basse doit être touchée en premier »): asked
    a = _answer(rulebook, "au 9 la blanche touche une bille et une autre rentre, ca compte ?")
    assert a["follow_up"] and "en premier" in a["follow_up"][0]


def test_a_ball_of_no_number_that_comes_back_out_is_not_pocketed(rulebook):
    # 10-guide/bille-ressort-poche: a ball that comes back out of the pocket is not pocketed: the turn passes
    a = _answer(rulebook, "au 10 une bille rentre puis ressort de la poche, elle finit sur la table. c'est rentre ou pas ?")
    assert a["scenario"]["shot"]["pocketed"] == []
    assert a["outcomes"]["10-guide"]["next_shooter"] == "opponent"


def test_no_stand_in_on_a_break_nor_in_a_rule_asked(rulebook):
    # the break's count is read as told (one ball pocketed, two to a rail), and « une bille sort de la
    # table, on la remet ? » at the break asks the rule: looked up, not ruled
    u = understand(rulebook, "à la casse si je rentre une bille mais que seulement 2 billes touchent une bande, c'est faute ?")
    assert u is not None and len(u.scenario["shot"]["pocketed"]) == 1 and u.scenario["shot"]["balls_to_rail"] == 2
    assert answer_situation(rulebook, "à la casse une bille sort de la table, on la remet ?") is None
    assert answer_situation(rulebook, "au 10, quand l'autre rentre une bille sans l'annoncer, je peux lui redonner la main ?") is None


def test_fewer_than_four_balls_to_a_rail_is_no_valid_break_in_the_guide(rulebook):
    # 10-guide/casse-valable: « La casse est valable lorsque : la bille n°1 est touchée en premier ; au moins
    # quatre billes de but sont envoyées au contact d'une ou plusieurs bandes »
    q = "au 10 guide, casse valable si la 1 est touchée en premier et une bille rentre, meme sans 4 billes en bande ?"
    a = _answer(rulebook, q)
    assert a["scenario"]["shot"]["balls_to_rail"] < 4
    assert a["outcomes"]["10-guide"]["break"]["legal"] is False
    for q in ("au 9 bca je casse sur la 1, rien ne rentre, pas 4 billes en bande",
              "au 9 bca je casse sur la 1, rien ne rentre, moins de 4 billes à la bande"):
        u = understand(rulebook, q)
        assert u is not None and u.scenario["shot"]["balls_to_rail"] == 3
    u = understand(rulebook, "au 9 je casse sur la 1, 4 billes en bande, rien ne rentre")
    assert u is not None and u.scenario["shot"]["balls_to_rail"] == 4


def test_the_pocket_not_said_in_ten_ball_is_nothing_called(rulebook):
    # 10-ffb/empoche-non-annoncee: « Si le joueur empoche la bille numériquement la plus faible sans
    # l'annoncer, la main passe et son adversaire a le choix de jouer le coup suivant ou de redonner la main »
    for q in ("au 10 j'ai rentré la bonne bille mais j'avais pas dit la poche, ca compte ?",
              "au 10 ffb je rentre la 1 sans dire dans quelle poche",
              "au 10 ffb je rentre la 1 sans l'annoncer, je rejoue ?"):
        a = _answer(rulebook, q)
        assert a["scenario"]["shot"]["called"] is None and a["scenario"]["shot"]["pocketed"] == [1]
        o = a["outcomes"]["10-ffb"]
        assert o["legal"] is True and o["next_shooter"] == "opponent"
        assert {x["choice"] for x in o["options"]} == {"play", "hand_back"}


def test_a_story_too_vague_to_rule_is_asked_back():
    # no shot is told (no ball, no game): which shot is asked back, no ruling guessed
    from qa.conversation import tells_too_little
    for q in ("Ma 3e faute ou pas ?", "push out ou pas push out ??", "le jump de tout a l'heure etait bon ?",
              "la bille est rentree, je rejoue ?", "elle est sortie, on la remet ?",
              "mon adversaire dit que c'est bille en main, il a raison ?", "il a fait n'importe quoi a la casse, c bon ?"):
        assert tells_too_little(q), q
    for q in ("la blanche est rentree, je rejoue ?", "une bille est sortie, on la remet ?", "au 9 la 3 est rentree, je rejoue ?",
              "mon pote dit qu'on peut sauter une bille, il a raison ?", "et apres une faute, la bille en main c'est ou ?",
              "le jump est autorise ?", "la bille est rentree", "la bille en main ?"):
        assert not tells_too_little(q), q


def test_a_story_too_vague_is_answered_by_a_question_back(rulebook):
    from qa.answer import Answerer
    from qa.situation_answer import situation_handler
    a = Answerer(rulebook, situations=situation_handler(rulebook)).ask("la bille est rentree, je rejoue ?")
    assert a["kind"] == "unknown" and a["follow_up"] and a["citations"] == []
