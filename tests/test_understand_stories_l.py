"""Stories read word by word where an earlier reading went wrong (qa/understand/): the cue ball as
the object of « j'ai empoché », a shorthand « javais » never « corrected » into another word, a call
told with « j'avais dit avant de casser », no ball reaching a rail told with « jusqu'à », a shooter's
fouls counted by his visits, a break told fautive at the end of the story. Expected values from the
rule texts (rules_data/sources/)."""
from __future__ import annotations

from qa.short import policy_reply
from qa.understand import understand
from qa.understand.tokens import fix_typos


def test_the_cue_ball_pocketed_by_a_person_is_a_scratch_on_the_break(ask):
    # 10-guide : « si la blanche est empochée à la casse, c'est une faute » ; la 10 empochée sur une
    # casse fautive est replacée
    a = ask("guide 10 : j'ai rentré la blanche à la casse et la 10 est tombée avec")
    o = a["outcomes"]["10-guide"]
    assert o["legal"] is False and o["game_over"] is False and o["spotted"] == [10]
    assert o["next_shooter"] == "opponent" and o["ball_in_hand"] is True


def test_a_shorthand_is_no_typo_of_another_word():
    assert fix_typos("javais rien dit") == "javais rien dit"       # not « jamais »
    assert fix_typos("cetait la blanhe") == "cetait la blanche"    # a real typo is still fixed


def test_nothing_said_in_shorthand_is_no_call(ask):
    # 10-ffb : « Le joueur doit annoncer la bille et la poche » ; la 10 non annoncée ne gagne pas
    a = ask("10 ffb, je prends la 1 et la 10 file au coin, javais rien dit, c gagné ?")
    assert a["outcomes"]["10-ffb"]["game_over"] is False


def test_a_call_said_before_the_break_by_its_number(ask):
    # 10-ffb : « Si la 10 est empochée lors d'une casse légale et que le joueur a annoncé son empochage,
    # le joueur remporte la partie »
    a = ask("10 ffb : j'avais dit avant la casse 10 pour rire, je touche la 1, cinq billes vont en bande et la 10 rentre")
    o = a["outcomes"]["10-ffb"]
    assert o["game_over"] is True and o["winner"] == "shooter"


def test_nothing_going_as_far_as_a_rail_is_no_rail(ask):
    # 10-ffb : après le contact, une bille doit toucher une bande, sinon faute
    a = ask("10 ffb, je touche la 1 doucement et rien ne va jusqu'à une bande, rien ne rentre")
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True


def test_fouls_told_by_the_visits_they_were_made_on(rulebook):
    # the shooter's fouls so far: two, told by his last two visits to the table
    u = understand(rulebook, "9 bca : il a fait faute à ses deux derniers passages à la table, là il touche la 5 avant la 2")
    assert u is not None and u.scenario["state"]["fouls"]["shooter"] == 2


def test_a_break_told_fautive_at_the_end_is_not_ruled_legal(answerer):
    # 10-ffb : « Si une faute est commise à la casse et que la 10 est empochée celle-ci est replacée »
    a = answerer.ask("ffb 10 : la 10 est tombée à la casse, mais c'était une casse fautive")
    assert a["kind"] != "scenario"
    assert a["citations"][0]["id"] == "10-ffb/casse-10-empochee-sur-faute"


def test_a_push_out_announced_after_the_break_asks_no_call_on_the_break(rulebook):
    # the call on the break (« annonce à la casse ») is not what a push-out announced after it asks
    reply = policy_reply(rulebook, "chez doolys, il casse au bris, rien dedans, j'annonce un coup poussé, c'est faute ?",
                         ["10-doolys"])
    assert reply is None or reply.policy != "call_on_break"


def test_a_cue_ball_lifted_by_striking_under_it_is_a_scoop_jump(ask):
    # 9-ffb, liste des fautes : « La blanche saute en jouant en dessous de son centre. »
    a = ask("9 ffb : j'ai tapé sous la blanche, elle a décollé au dessus de la 4 puis touché la 2")
    assert "scoop_jump" in a["scenario"]["shot"]["fouls"]
    assert a["outcomes"]["9-ffb"]["legal"] is False


def test_a_pocket_told_packed_with_balls_is_a_full_pocket(ask):
    # 9-ffb, liste des fautes : « La poche est remplie de billes et la blanche entre en contact avec l'une d'elles. »
    a = ask("9 ffb : le trou du milieu est blindé, enfin la poche est bourrée de billes, ma blanche touche la 2 puis une bille dedans")
    assert "full_pocket" in a["scenario"]["shot"]["fouls"]


def test_playing_the_other_way_from_a_frozen_ball(ask):
    # 10-guide : jouer dans la direction opposée d'une bille gelée contre la blanche est une faute si
    # la blanche ne touche pas d'autres billes
    a = ask("guide 10 : la 6 est collée à ma blanche, je tire dans l'autre sens et ma blanche ne touche rien")
    assert "frozen_ball_push" in a["scenario"]["shot"]["fouls"]


def test_balls_that_go_back_past_the_line_on_a_template_break(ask):
    # 9-ffb, règle des 3 billes : une bille empochée et deux qui franchissent la ligne de départ : casse valable
    a = ask("9 ffb au magic rack : je casse sur la 1, la 5 rentre et il y a la 3 et la 7 qui remontent derrière la ligne de départ")
    assert a["scenario"]["shot"]["crossed_head_string"] == 2
    o = a["outcomes"]["9-ffb"]
    assert o["legal"] is True and o["next_shooter"] == "shooter"


def test_a_story_headed_by_its_ruleset_is_a_story(ask):
    # 9-bca 4 : la 9 empochée sur un bris légal gagne la partie
    a = ask("règles du bca : au bris je prends la 1 et la 9 rentre au coin, c'est gagné ?")
    assert a["outcomes"]["9-bca"]["game_over"] is True


def test_or_do_we_put_it_back_is_no_question_of_where(ask):
    # « gagné ou on la remet ? »: « ou » after a word is « or »: the story is ruled
    a = ask("au 9 bca je casse sur la 1, la 9 tombe dans le coin, gagné ou on la remet ?")
    assert a["outcomes"]["9-bca"]["winner"] == "shooter"


def test_the_other_balls_than_the_ten_are_not_the_ten(rulebook):
    # « les autres billes que la 10 qui tombent »: a general statement, the 10 no ball of the story
    u = understand(rulebook, "à la 10, quand je pousse, les autres billes que la 10 qui tombent restent au fond ?")
    assert u is None or 10 not in u.scenario["shot"].get("pocketed", [])


def test_because_of_is_no_break(rulebook):
    # « à cause de » is no typo of « casse »
    assert fix_typos("a cause de mon coup") == "a cause de mon coup"


def test_a_push_out_said_only_after_the_shot_was_not_announced(ask):
    # 9-ffb : le push-out doit être annoncé avant le coup ; sinon le coup est normal : la plus basse d'abord
    a = ask("9 ffb : juste après la casse il joue, sa blanche touche la 5 avant la 1, puis il dit que c'était un push out")
    assert a["scenario"]["shot"]["kind"] == "normal"
    assert a["outcomes"]["9-ffb"]["legal"] is False


def test_a_push_out_announced_after_the_break_is_still_a_push_out(ask):
    a = ask("9 ffb : après la casse il annonce un push out et sa blanche touche la 6")
    assert a["scenario"]["shot"]["kind"] == "push_out"


def test_not_concentrating_is_told_not_asked(answerer):
    # 10-ffb : jouer en dehors de son tour est une faute; « il était pas concentré » tells, asks no advice
    a = answerer.ask("10 ffb : je rentre la 4 et pendant que je tourne autour de la table l'autre tire à ma place, "
                     "il était pas concentré")
    assert a["kind"] == "scenario" and "out_of_turn" in a["scenario"]["shot"]["fouls"]
    assert answerer.ask("comment rester concentré pendant un match ?")["kind"] == "unknown"


def test_no_miscue_told_is_no_miscue(ask):
    # 10-guide : les sautés sont permis ; « pas de fausse queue »: no jump miscue
    a = ask("guide 10 : je fais un jump par dessus la 6, la blanche touche la 2 qui rentre, pas de fausse queue")
    assert "jump_miscue" not in a["scenario"]["shot"].get("fouls", [])


def test_the_cue_tip_staying_on_the_ball_is_a_push_shot(ask):
    # 10-ffb, fautes classiques : « Bille poussée et non frappée »
    a = ask("10 ffb : la blanche collée à la 5, je joue et le procédé est resté au contact de la blanche tout le long")
    assert "push_shot" in a["scenario"]["shot"]["fouls"]


def test_a_push_out_declared_where_none_is_allowed_is_ruled_as_an_ordinary_shot(answerer):
    # 10-ffb : « Il n'est pas possible de jouer un push-out si le joueur a bille en main après la casse » ;
    # the shot played is then an ordinary one: no ball touched is a foul, ball in hand to the other player
    a = answerer.ask("10 ffb : sa casse est fautive, j'ai bille en main, j'annonce un push out et ma blanche ne touche rien")
    o = a["outcomes"]["10-ffb"]
    assert o["legal"] is False and o["ball_in_hand"] is True
    assert "10-ffb/push-out-interdit-bille-en-main" in {c["id"] for c in a["citations"]}
    assert any("coup poussé annoncé" in n for n in o["notes"])     # the texts' silence is said


def test_win_or_continue_asked_is_no_second_shot(ask):
    # 10-ffb : une bille empochée sur une casse légale : le casseur poursuit sa reprise
    a = ask("10 ffb : au break la 3 et la 10 rentrent, la 1 touchée d'abord, six billes en bande. j'avais rien annoncé. "
            "je gagne ou je continue ?")
    assert a["scenario"]["shot"]["kind"] == "break"
    assert a["outcomes"]["10-ffb"]["next_shooter"] == "shooter"


def test_balls_pocketed_counted_by_en_with_avoir(rulebook):
    # « j'en ai rentré 3 au break »: three balls pocketed, told by their count
    u = understand(rulebook, "9 ffb, j'en ai rentré 3 au break et aucune a passé la ligne, c'est bon ?")
    assert u is not None and len(u.scenario["shot"]["pocketed"]) == 3


def test_a_pocket_called_without_its_ball_is_of_the_one_ball_told(ask):
    # 10-ffb : la bille annoncée doit entrer dans la poche annoncée ; sinon la 10 est replacée, pas de victoire
    a = ask("10 ffb, il ne reste que la 10, j'annonce coin haut gauche et elle rentre dans le coin haut droit, gagné ?")
    assert a["scenario"]["shot"]["called"] == {"ball": 10, "pocket": "coin haut gauche", "pocket_ok": False}
    assert a["outcomes"]["10-ffb"]["game_over"] is False


def test_an_obvious_shot_needs_no_call(answerer):
    # 10-ffb : « il doit annoncer son coup, la bille jouée et la poche choisie si elles ne sont pas évidentes »
    a = answerer.ask("10 ffb : la 4 était au bord du trou, c'était évident, je l'ai rentrée sans rien dire")
    assert a["outcomes"]["10-ffb"]["next_shooter"] == "shooter"
    assert a["citations"][0]["id"] == "10-ffb/annonce-du-coup"
    b = answerer.ask("10 ffb : je rentre la 4 par deux bandes, c'était pas du tout évident et j'avais rien annoncé")
    assert b["outcomes"]["10-ffb"]["next_shooter"] == "opponent"


def test_a_kiss_is_a_contact(rulebook):
    # « ma blanche a kiss la 7 avant la 3 »: the 7 touched first
    u = understand(rulebook, "10 doolys : ma blanche a kiss la 7 avant la 3, la plus petite, rien ne rentre")
    assert u is not None and u.scenario["shot"]["first_contact"] == 7


def test_a_ball_stopped_in_the_chalk_holder_is_off_the_table(rulebook):
    # 9-bca 10 : une boule qui s'arrête ailleurs que sur la surface de jeu est sortie de la table
    u = understand(rulebook, "9 bca : je touche la 2, elle saute et atterrit dans le porte-craie sur le rebord du billard")
    assert u is not None and u.scenario["shot"]["off_table"] == [2]


def test_the_ball_a_combination_goes_through_is_not_the_one_that_drops(ask):
    # 10-ffb : la 10 annoncée et empochée légalement gagne la partie
    a = ask("10 ffb : j'annonce la 10 en combi via la 2 au coin et elle tombe au coin")
    assert a["scenario"]["shot"]["pocketed"] == [10]
    assert a["outcomes"]["10-ffb"]["game_over"] is True
