"""Families of phrasing players use (issue 10), each read into the scenario the rule texts need,
and ruled by the engine as the texts say. The sentences are ours, not the benchmark sets'."""
from __future__ import annotations

import pytest

from qa.situation_rulings import rule, weigh_open
from qa.understand import understand

NINE = ("9-bca", "9-ffb")
TEN = ("10-doolys", "10-ffb", "10-guide")


@pytest.fixture(scope="module")
def read(rulebook):
    def go(q: str):
        got = understand(rulebook, q)
        assert got is not None, f"not understood: {q!r}"
        return weigh_open(rulebook, got)
    return go


def shot(u) -> dict:
    return dict(u.scenario["shot"])


# ----------------------------------------------------------------------------- order of contacts
@pytest.mark.parametrize("q,first", [
    ("au 9 j'effleure la 7 avant de prendre la 3 qui rentre", 7),
    ("au 9 je touche la 3 juste après avoir frôlé la 7, la 3 rentre", 7),
    ("au 9, après avoir accroché la 7, la blanche touche la 3 qui rentre", 7),
    ("au 10 la blanche a touché la 8 avant la 4, la 4 rentre", 8),
])
def test_first_contact_is_the_first_in_the_story_order(read, rulebook, q, first):
    u = read(q)
    assert shot(u)["first_contact"] == first
    # a ball higher than the lowest named was hit first: a foul, ball in hand (every text of the game)
    for r, o in rule(rulebook, u.scenario, u.rulesets).items():
        assert not o.legal and o.ball_in_hand, r


# ----------------------------------------------------------------------------- breaks told in counts
def test_break_told_in_counts_without_ball_numbers(read):
    u = read("au 10 je casse, la 1 d'abord, deux tombent et cinq autres vont toucher les bandes")
    sh = shot(u)
    assert sh["kind"] == "break" and sh["first_contact"] == 1
    assert len(sh["pocketed"]) == 2 and 10 not in sh["pocketed"]
    assert sh["balls_to_rail"] == 5
    assert any("autres que la 10" in a for a in u.assumptions)


def test_break_told_in_counts_under_no_game_pockets_no_money_ball(read):
    """No game told: the balls a count stands for are neither the 9 nor the 10 (the 9 is the
    money ball of the nine-ball texts, which the answer may rule too)."""
    u = read("à la casse une bille rentre et trois billes vont en bande")
    sh = shot(u)
    assert sh["kind"] == "break" and len(sh["pocketed"]) == 1 and not {9, 10} & set(sh["pocketed"])
    assert any("autre que la 9 et la 10 est tombée" in a for a in u.assumptions)


def test_ball_named_in_apposition_after_a_count_is_the_one_pocketed(read):
    u = read("au 9 je casse, une seule bille tombe (la 7), et trois billes touchent une bande")
    assert shot(u)["pocketed"] == [7] and shot(u)["balls_to_rail"] == 3


def test_break_with_one_ball_pocketed_is_legal_at_nine_ball(read, rulebook):
    # 9-ffb « Casse de départ » and 9-bca's bris: a pocketed ball makes the break legal
    u = read("au 9 je casse, la 1 en premier, une bille tombe (la 4), deux autres vont en bande")
    for r, o in rule(rulebook, u.scenario, NINE).items():
        assert o.legal and o.next_shooter == "shooter", r


# ----------------------------------------------------------------------------- balls and the cue ball
def test_a_ball_and_the_cue_ball_falling_together_keep_the_ball(read, rulebook):
    u = read("au 9 je touche la 3, et la 9 et la blanche tombent ensemble")
    assert shot(u)["pocketed"] == [9] and shot(u)["cue_ball"] == "pocketed"
    for r, o in rule(rulebook, u.scenario, NINE).items():
        assert not o.legal and 9 in o.spotted and not o.game_over, r   # the 9 is spotted after a foul


@pytest.mark.parametrize("q", [
    "au 10 je touche la 2, rien ne rentre sauf la blanche",
    "au 10 je touche la 2 qui rentre mais la blanche part dans l'autre poche",
    "au 10 je touche la 2 qui pousse la 6, et la blanche suit dans la poche",
])
def test_cue_ball_pocketed_told_in_players_words(read, q):
    assert shot(read(q))["cue_ball"] == "pocketed"


def test_cue_ball_that_stays_in_the_middle_is_on_the_table(read):
    assert shot(read("au 9 je touche la 1 qui rentre, la blanche reste au milieu de la table"))["cue_ball"] == "table"


@pytest.mark.parametrize("q,ball", [
    ("au 9 je touche la 1, la 5 monte et reste sur le cadre", 5),
    ("au 10 je touche la 1, la 6 finit posée sur la boiserie", 6),
])
def test_ball_left_on_the_frame_is_off_the_table(read, q, ball):
    assert shot(read(q))["off_table"] == [ball]


def test_ball_back_on_the_cloth_after_the_frame_is_not_off_the_table(read):
    assert shot(read("au 10 je touche la 1, la 6 monte sur le cadre et retombe sur le tapis, la 1 va en bande"))["off_table"] == []


@pytest.mark.parametrize("q", [
    "au 9 la blanche saute par-dessus la bande et finit par terre après avoir touché la 1",
    "au 9 je touche la 1 et la blanche a revolé à terre",
])
def test_cue_ball_over_the_rail_is_off_the_table_not_a_jump(read, q):
    sh = shot(read(q))
    assert sh["cue_ball"] == "off_table" and not sh.get("jump")


# ----------------------------------------------------------------------------- rails and contact
@pytest.mark.parametrize("q", [
    "au 9 je touche la 1 finement mais ni la 1 ni la blanche ne vont en bande",
    "au 10 je touche la 1, rien ne va en bande et rien ne rentre",
])
def test_no_rail_told_with_ni_or_rien(read, rulebook, q):
    u = read(q)
    assert shot(u)["rail_after_contact"] is False
    for r, o in rule(rulebook, u.scenario, u.rulesets).items():
        assert not o.legal, r


@pytest.mark.parametrize("q", [
    "au 10 la blanche passe à côté de la 1 sans rien toucher, faute ?",
    "au 9 la blanche passe entre la 3 et la 6 sans rien toucher, c est faute ?",
])
def test_cue_ball_that_touches_nothing(read, q):
    assert shot(read(q))["first_contact"] is None


def test_negated_double_hit_is_no_foul(read):
    assert "double_hit" not in shot(read("au 9 je touche la 1 qui va en bande, pas de double touche"))


# ----------------------------------------------------------------------------- push-outs
def test_break_told_before_a_push_out_is_an_earlier_shot(read):
    u = read("au 9 je casse et la 3 rentre, puis j'annonce un push-out et je pousse la blanche vers la bande sans rien toucher")
    sh = shot(u)
    assert sh["kind"] == "push_out" and sh["pocketed"] == [] and "push_shot" not in sh.get("fouls", [])


def test_push_out_declared_mid_rack_is_an_ordinary_shot(read, rulebook):
    u = read("au 9 en milieu de partie j'annonce un push et je joue la blanche sans rien toucher")
    assert shot(u)["kind"] == "normal" and shot(u)["first_contact"] is None
    assert any("coup ordinaire" in a for a in u.assumptions)
    for r, o in rule(rulebook, u.scenario, NINE).items():
        assert not o.legal and o.ball_in_hand, r


# ----------------------------------------------------------------------------- lookups
@pytest.mark.parametrize("q", [
    "au 9 en général si la 9 tombe sur une faute on en fait quoi ?",
    "au 10, normalement, la 10 qui rentre à la casse fait gagner ?",
    "la 9 doit être replacée mais sa mouche est prise, on la met où ?",
])
def test_rules_asked_in_general_are_lookups(rulebook, q):
    assert understand(rulebook, q) is None


def test_playing_where_one_wants_is_not_a_placement_question(read):
    assert shot(read("au 9 j'ai la blanche en main, je la place où je veux et je rentre la 1"))["pocketed"] == [1]


def test_combination_without_the_ball_hit_first_asks_it(read, rulebook):
    # the lowest ball must be hit first (9-bca rule 1, 9-ffb): a combination does not say which was
    u = read("au 9 je rentre la 9 sur une combi, c'est gagné ?")
    assert [o.name for o in u.open] == ["first_contact"]
    assert u.follow_up == ("La blanche a-t-elle touché en premier la 1, la plus basse ?",)
    alt = rule(rulebook, u.open[0].alt_scenario, NINE)
    for r, o in alt.items():
        assert not o.legal and 9 in o.spotted and not o.game_over, r


def test_balls_counted_right_after_the_break_verb(read):
    # no comma between "je casse" and the count: still two balls pocketed, three to a rail
    sh = shot(read("au 9 je casse deux tombent et trois autres vont en bande"))
    assert sh["kind"] == "break" and len(sh["pocketed"]) == 2 and sh["balls_to_rail"] == 3


def test_a_ball_number_in_a_list_is_not_a_count(read):
    assert shot(read("au 9 je casse, la 1 et la 4 rentrent"))["pocketed"] == [1, 4]


# ----------------------------------------------------------------------------- several shots in one story
def test_the_last_shot_told_is_the_one_ruled(read, rulebook):
    # the break, then the asker's shot: the 3 pocketed on the break is down before it
    u = read("au 9 je casse et la 3 tombe, ensuite je rejoue, je touche la 1 et rien ne rentre, aucune bande")
    sh = shot(u)
    assert sh["kind"] == "normal" and sh["first_contact"] == 1 and sh["pocketed"] == []
    assert 3 not in u.scenario["state"]["on_table"]
    for r, o in rule(rulebook, u.scenario, NINE).items():
        assert not o.legal and o.ball_in_hand, r      # no rail after the contact


def test_after_the_table_is_handed_back_the_next_players_shot_is_ruled(read, rulebook):
    u = read("au 10 il casse, rien ne rentre, je joue un push out annoncé, il me rend la main et "
             "je touche la 4 alors que la 1 est encore là")
    sh = shot(u)
    assert sh["kind"] == "normal" and sh["first_contact"] == 4
    for r, o in rule(rulebook, u.scenario, TEN).items():
        assert not o.legal and o.ball_in_hand, r      # the lowest ball was not hit first


def test_a_legal_shot_in_between_ends_the_fouls_in_a_row(read, rulebook):
    # the three-foul rule counts fouls « consécutives »: a legal shot starts the count again
    u = read("au 9 il a deux fautes et il a été averti, puis il joue un coup correct. "
             "plus tard il revient et touche la 6 avant la 2")
    assert u.scenario["state"]["fouls"]["shooter"] == 0
    for r, o in rule(rulebook, u.scenario, NINE).items():
        assert not o.legal and not o.game_over, r


def test_a_push_out_declared_after_a_break_is_its_own_shot(read):
    u = read("au 9 mon adversaire casse, la blanche reste sur la table et rien ne rentre ; "
             "j'ai la main, j'annonce un push out et j'envoie la blanche près de la bande sans toucher de bille")
    sh = shot(u)
    assert sh["kind"] == "push_out" and sh["first_contact"] is None and sh["cue_ball"] == "table"


def test_one_shot_told_in_several_clauses_stays_one_shot(read):
    sh = shot(read("au 9 je touche la 1 puis la 1 va en bande et ensuite la 9 tombe"))
    assert sh["first_contact"] == 1 and sh["pocketed"] == [9]


def test_a_push_out_after_an_ordinary_shot_is_an_ordinary_shot(read):
    # a push-out is played « immédiatement après le bris »: after another shot it is not one
    u = read("au 9 il casse et rien ne tombe, je tire sur la 1 et je la rate, ensuite il annonce un push out "
             "et sa blanche ne touche aucune bille")
    assert shot(u)["kind"] == "normal" and shot(u)["first_contact"] is None


def test_fouls_of_an_earlier_rack_do_not_count(read):
    u = read("au 10 j'avais deux fautes à la fin de la manche précédente ; nouvelle manche, je touche la 3 avant la 1")
    assert u.scenario["state"]["fouls"]["shooter"] == 0


# ----------------------------------------------------------------------------- what is not a shot
@pytest.mark.parametrize("q", [
    "au 10 en armant mon coup ma queue est passée à côté de la blanche, rien n'a bougé",
    "au 9 j'ai donné un coup de queue dans le vide, la blanche n'a pas bougé",
])
def test_a_complete_miss_of_the_cue_ball_is_told_as_such(read, rulebook, q):
    u = read(q)
    assert shot(u).get("cue_missed") is True
    # no text speaks of a cue tip that misses the cue ball: the ruling must say it is not settled
    for r, o in rule(rulebook, u.scenario, u.rulesets).items():
        assert {"legal", "next_shooter"} <= set(o.unsettled) and o.notes, r


def test_a_ball_that_drops_after_everything_stopped_dropped_by_itself(read):
    u = read("au 9 je touche la 1 qui va en bande, tout est arrêté, puis dix secondes après la 6 tombe toute seule")
    assert shot(u)["dropped_by_itself"] == [6] and 6 not in shot(u)["pocketed"]


def test_a_ball_alone_in_the_pocket_is_pocketed(read):
    assert shot(read("au 9 je casse, la 1 d'abord, la 4 tombe toute seule, cinq billes en bande"))["pocketed"] == [4]


def test_a_foul_claimed_after_the_next_shot_is_not_recognised_at_doolys(read, rulebook):
    # Dooly's REMARQUE: « avant que le coup ne soit joué, sinon la faute ne sera pas reconnue »
    u = read("chez Dooly's il touche la 5 avant la 2 et la 5 rentre ; il rejoue la 2 au coup suivant, "
             "et seulement là je réclame la faute")
    assert shot(u)["first_contact"] == 5
    assert shot(u)["foul_claim"] == {"by": "opponent", "when": "after_next_shot"}
    o = rule(rulebook, u.scenario, ("10-doolys",))["10-doolys"]
    assert o.legal and o.next_shooter == "shooter"


def test_two_balls_hit_together_asks_which_was_first(read):
    u = read("au 9 il restait la 4, la 6 et la 9 ; la blanche a pris la 4 et la 6 presque en même temps et la 6 est tombée")
    assert "first_contact" not in shot(u)
    assert any("avant la 6" in q for q in u.follow_up)


@pytest.mark.parametrize("q", ["chez Dooly's je casse, la 10 rentre, la blanche sort",
                               "au 9 je joue la 1 et la blanche sort"])
def test_a_cue_ball_that_sort_at_the_end_of_a_clause_is_off_the_table(rulebook, q):
    from qa.understand import understand
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["cue_ball"] == "off_table"


def test_a_push_out_named_before_its_story_without_a_comma(read):
    u = read("au BCA sur un coup poussé j'ai rentré la 4")
    assert shot(u)["kind"] == "push_out" and shot(u)["pocketed"] == [4]


@pytest.mark.parametrize("q, ball", [("au 9 sur mon push je rentre la 5, elle ressort ?", 5),
                                     ("à la 10 pendant mon push-out je rentre la 6, elle compte ou elle ressort ?", 6)])
def test_elle_ressort_asked_at_the_end_is_the_question_not_a_bounce(read, q, ball):
    """« elle ressort ? » asks whether the ball is taken out again; « rentre et ressort de la poche »
    tells a bounce-out (the ball is not pocketed)."""
    assert shot(read(q))["pocketed"] == [ball]


def test_a_ball_that_rentre_et_ressort_is_not_pocketed(read):
    assert shot(read("au 9 la 5 rentre et ressort de la poche, je garde la main ?"))["pocketed"] == []


@pytest.mark.parametrize("q", ["au jeu de la 9, je rentre la 5 et la blanche tombe, faute ?",
                               "au jeu de la 9, j'empoche la 9 et la blanche tombe aussi, j'ai gagné ?"])
def test_the_cue_ball_falling_after_the_ball_pocketed_is_a_scratch(read, q):
    """« je rentre la 5 et la blanche tombe »: the 5 is the object of « rentre », the cue ball falls too."""
    sh = shot(read(q))
    assert sh["cue_ball"] == "pocketed" and len(sh["pocketed"]) == 1
