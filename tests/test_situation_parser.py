"""qa/understand/: French situations understood as contract Scenarios (and lookups left alone).

Each test names the phrase it reads. The situation set (tests/data/situations.yaml) is also
checked field by field, so that every situation of the bench stays understood.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qa.engine.scenario import parse_scenario
from qa.situation_rulings import weigh_open
from qa.understand import Understanding, scenario_for, understand

ROOT = Path(__file__).resolve().parents[1]

DATA = yaml.safe_load((ROOT / "tests" / "data" / "situations.yaml").read_text(encoding="utf-8"))
ALL5 = ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")
NINE = ("9-bca", "9-ffb")
TEN = ("10-doolys", "10-ffb", "10-guide")


@pytest.fixture(scope="module")
def u(rulebook):
    """``u(question, rulesets=None)`` → Understanding (asserted not None)."""
    def read(question: str, rulesets=None) -> Understanding:
        got = understand(rulebook, question, rulesets)
        assert got is not None, f"not understood as a situation: {question!r}"
        return weigh_open(rulebook, got)
    return read


def shot(und: Understanding) -> dict:
    return und.scenario["shot"]


def state(und: Understanding) -> dict:
    return und.scenario["state"]


def lowest(und: Understanding):
    table = state(und).get("on_table")
    return min(table) if table else None


# ----------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("q,ball", [
    ("je touche la 3 en premier", 3), ("je touche la trois en premier", 3),
    ("je touche la n°3 en premier", 3), ("je touche la bille numéro 3 en premier", 3),
    ("je touche la boule 3 en premier", 3), ("je touche la une en premier", 1),
    ("je touche la dix en premier", 10), ("je touche la no 7 en premier", 7),
    ("je touche la nuef en premier", 9),
])
def test_numbers_as_digits_or_words_name_a_ball(u, q, ball):
    assert shot(u(q))["first_contact"] == ball


def test_ball_1_is_not_read_inside_10(u):
    got = u("jeu de la 10 : je touche la 10 en premier")
    assert shot(got)["first_contact"] == 10


def test_counts_are_not_balls(u):
    got = u("au jeu de la 9 je casse, rien ne rentre et seulement deux billes touchent la bande")
    assert shot(got)["balls_to_rail"] == 2
    assert shot(got)["pocketed"] == []


def test_two_fouls_is_a_count_not_ball_2(u):
    got = u("au jeu de la 9 j'ai déjà deux fautes et je rate encore la bille")
    assert state(got)["fouls"]["shooter"] == 2
    assert shot(got)["first_contact"] is None


# ----------------------------------------------------------------------------- negations
def test_ball_that_does_not_drop_is_not_pocketed(u):
    got = u("Au jeu de la 9, je touche la 1, la 9 ne rentre pas, et la 1 va en bande")
    assert shot(got)["pocketed"] == []
    assert shot(got)["rail_after_contact"] is True


def test_colloquial_negation_without_ne(u):
    got = u("9 ball: j'touche la 1, elle rentre pas, rien touche la bande")
    assert shot(got)["pocketed"] == []
    assert shot(got)["rail_after_contact"] is False


def test_sans_toucher_de_bande(u):
    assert shot(u("au 10 je touche la 1 et rien ne rentre, sans toucher de bande"))["rail_after_contact"] is False


def test_no_ball_touched(u):
    for q in ("je rate tout", "la blanche ne touche aucune bille, faute ?", "je manque la bille",
              "je ne touche rien au jeu de la 9", "jeu de la 9, je vise la 1 et je la rate complètement"):
        got = u(q)
        assert "first_contact" in shot(got) and shot(got)["first_contact"] is None, q


def test_cue_ball_that_does_not_drop(u):
    got = u("au jeu de la 9 je touche la 1, la 1 rentre et la blanche ne tombe pas")
    assert shot(got)["cue_ball"] == "table"
    assert got.facts["cue_ball"] == "table"


def test_sans_annoncer_means_nothing_called(u):
    got = u("Au jeu de la 10 FFB je rentre la 3, qui est la plus basse, sans l'annoncer")
    assert "called" in shot(got) and shot(got)["called"] is None


def test_sans_avertissement(u):
    got = u("jeu de la 9 FFB : deux fautes consécutives, sans avertissement, et je rate encore la bille")
    assert state(got)["warned"] is False
    assert got.facts["warned"] is False


# ----------------------------------------------------------------------------- lowest ball, table
def test_la_plus_basse_stated(u):
    got = u("jeu de la 9 : je touche la 5 en premier, c'est la plus basse, et la 9 rentre")
    assert got.facts["lowest"] == 5 and lowest(got) == 5
    assert got.follow_up == ()


def test_ball_still_on_the_table_is_the_lowest(u):
    got = u("Au jeu de la 9, je touche la 3 alors que la 2 est encore là et la 9 tombe, j'ai gagné ?")
    assert lowest(got) == 2 and shot(got)["first_contact"] == 3 and shot(got)["pocketed"] == [9]


def test_il_reste_lists_the_table(u):
    got = u("jeu de la 9 : il reste la 6, la 8 et la 9, je touche la 8 en premier")
    assert state(got)["on_table"] == [6, 8, 9]


def test_il_ne_reste_que_la_9(u):
    got = u("A la neuf, il ne reste que la 9, je la rentre")
    assert state(got)["on_table"] == [9] and shot(got)["pocketed"] == [9]


def test_au_lieu_de_names_the_lowest(u):
    assert lowest(u("au 10 guide je touche la 5 en premier au lieu de la 1")) == 1


def test_la_plus_basse_etait(u):
    got = u("Au jeu de la 10, j'empoche la 4 mais la plus basse était la 2 et je l'ai touchée en premier")
    assert lowest(got) == 2 and shot(got)["first_contact"] == 2 and shot(got)["pocketed"] == [4]


def test_ball_hit_first_assumed_lowest_and_asked(u):
    got = u("à la neuf je touche la 5 en premier et la 9 rentre")
    assert lowest(got) == 5
    assert any("la 5 était la plus basse" in a for a in got.assumptions)
    assert got.follow_up == ("La 5 était-elle la plus basse sur la table ?",)


def test_ball_pocketed_lower_than_ball_hit_makes_the_hit_wrong(u):
    got = u("jeux de la 9, je tape la 5 en premier mais la 4 etait encore la, et j'empoche la 5")
    assert lowest(got) == 4 and got.follow_up == ()


# ----------------------------------------------------------------------------- phases
@pytest.mark.parametrize("q", ["je casse et la 3 rentre", "au bris la 3 rentre", "sur le break la 3 rentre",
                               "à l'ouverture la 3 tombe", "je cassé, la 3 est rentrée"])
def test_break_phase(u, q):
    assert shot(u(q))["kind"] == "break"


@pytest.mark.parametrize("q", ["je fais un coup poussé et la 3 rentre", "j'annonce un push-out, la 3 rentre",
                               "coup de dégagement annoncé, la 3 tombe", "je joue un push et la 3 tombe"])
def test_push_out_phase_makes_it_available(u, q):
    got = u(q)
    assert shot(got)["kind"] == "push_out" and state(got)["push_out_available"] is True


def test_after_the_break_is_an_ordinary_shot(u):
    assert shot(u("juste après la casse, je touche la 1 et la 5 rentre"))["kind"] == "normal"


def test_push_out_asked_about_is_not_the_shot(u):
    got = u("Au 9 BCA je casse, la blanche tombe : mon adversaire peut-il jouer un coup poussé ?")
    assert shot(got)["kind"] == "break"


def test_push_out_before_this_shot_is_not_the_shot(u):
    got = u("Au jeu de la 9 : après un push-out de mon adversaire, je touche la 1 et la 9 rentre")
    assert shot(got)["kind"] == "normal"


# ----------------------------------------------------------------------------- rulesets
@pytest.mark.parametrize("q,ids", [
    ("Au jeu de la 9, je rentre la 3", NINE), ("à la neuf je rentre la 3", NINE),
    ("9-ball : je rentre la 3", NINE), ("nine ball, je rentre la 3", NINE),
    ("au jeu du 10 je rentre la 3", TEN), ("à la dix je rentre la 3", TEN), ("10-ball: je rentre la 3", TEN),
    ("selon Dooly's je rentre la 3", ("10-doolys",)), ("au jeu de la 9 FFB je rentre la 3", ("9-ffb",)),
    ("jeu de la 9 fédération, je rentre la 3", ("9-ffb",)), ("jeu de la 9 BCA je rentre la 3", ("9-bca",)),
    ("selon le guide je rentre la 3", ("10-guide",)), ("selon la FFB je rentre la 3", ("10-ffb", "9-ffb")),
    ("je rentre la 3", ALL5), ("9 FFB : je rentre la 3", ("9-ffb",)),
    ("je rentre la 10", TEN), ("je touche la 1 et la dix tombe", TEN),
])
def test_game_and_ruleset_named_the_way_players_say_them(u, q, ids):
    assert u(q).rulesets == ids


def test_rulesets_argument_restricts(u):
    assert u("je touche la 3 alors que la 2 est encore sur la table", ["9-ffb"]).rulesets == ("9-ffb",)
    assert u("Au jeu de la 10, je casse et la 10 rentre", ["10-doolys", "10-guide"]).rulesets == ("10-doolys", "10-guide")


def test_rulesets_argument_wins_over_the_question_and_says_so(u):
    got = u("au jeu de la 10 je touche la 1 et la 3 rentre", ["9-ffb"])
    assert got.rulesets == ("9-ffb",)
    assert any("règles demandées" in a for a in got.assumptions)


def test_another_game_is_not_understood(rulebook):
    assert understand(rulebook, "Au jeu de la 8, je rentre la noire à la casse, j'ai gagné ?") is None


def test_scenario_for_fits_the_rack_of_each_game(rulebook, u):
    got = u("je touche la 5 en premier et la 7 rentre")
    assert state(got)["on_table"][-1] == 10
    nine = scenario_for(rulebook, got.scenario, "9-bca")
    assert nine["ruleset"] == "9-bca" and nine["state"]["on_table"] == [5, 6, 7, 8, 9]


# ----------------------------------------------------------------------------- each fact
@pytest.mark.parametrize("q,cue", [
    ("la blanche tombe", "pocketed"), ("je rentre la blanche", "pocketed"), ("je fais un scratch", "pocketed"),
    ("la blanche saute hors de la table", "off_table"), ("la blanche sort du billard", "off_table"),
    ("la bille de choc tombe dans le coin", "pocketed"), ("la blanhe tombe", "pocketed"),
    ("je mets la blanche dans le trou", "pocketed"), ("la blanche a fini par terre", "off_table"),
])
def test_cue_ball(u, q, cue):
    assert shot(u(q + ", c'est faute ?"))["cue_ball"] == cue


@pytest.mark.parametrize("q,off", [
    ("la 5 saute hors de la table", [5]), ("la 5 sort du billard", [5]), ("la 5 tombe par terre", [5]),
    ("je fais sortir la 7 de la table", [7]), ("la 9 est éjectée", [9]),
])
def test_object_balls_off_the_table(u, q, off):
    got = u(q + ", c'est faute ?")
    assert shot(got)["off_table"] == off and shot(got)["pocketed"] == []


@pytest.mark.parametrize("q,pocketed", [
    ("la 9 rentre", [9]), ("j'empoche la 4", [4]), ("je touche la 9 et elle tombe", [9]),
    ("je rentre la 3 et la 9", [3, 9]), ("la 3 et la 9 tombent", [3, 9]), ("je blouse la 6", [6]),
    ("la 9 est rentrée", [9]), ("je touche la 3 et la 9 rentre", [9]), ("la 9 rentre avec la 1 et la 2", [1, 2, 9]),
    ("la 9 rentre mais ressort", []),
])
def test_balls_pocketed(u, q, pocketed):
    assert shot(u(q + ", j'ai gagné ?"))["pocketed"] == pocketed


def test_first_contact_said_many_ways(u):
    for q in ("je touche d'abord la 5", "je tape la 5 en premier", "la blanche touche d'abord la 5",
              "la 5 est touchée en premier", "j'ai touché la 5 en premier", "g touché la 5 dabord",
              "Au 9 jtouche la 5", "la blanche a touché la 5", "je joue la 5 sans aucun pied au sol"):
        assert shot(u(q + ", c'est bon ?"))["first_contact"] == 5, q


def test_first_contact_the_lowest_is_not_an_assumption(u):
    got = u("je touche la plus basse et la 9 rentre, au jeu de la 9")
    assert got.facts["first_contact"] == "lowest" and "first_contact" not in shot(got)


@pytest.mark.parametrize("q,key,value", [
    ("au 9 je touche la 1, aucune bande", "rail_after_contact", False),
    ("au 9 je touche la 1, aucune bille ne touche la bande", "rail_after_contact", False),
    ("au 9 je touche la 1 et la blanche touche la bande après", "rail_after_contact", True),
    ("au 10 je touche la 1 mais ni la 1 ni la blanche n'ont touché de bande", "rail_after_contact", False),
    ("au 10 je touche la 3 en premier, ni la blanche ni la 3 sont allées en bande", "rail_after_contact", False),
    ("au 9 je casse, seulement deux billes touchent la bande", "balls_to_rail", 2),
    ("au 9 je casse, quatre billes à la bande", "balls_to_rail", 4),
    ("au 9 je casse, aucune bille ne touche la bande", "balls_to_rail", 0),
    ("jeu de la 10 FFB, à la casse la blanche touche la bande avant la 1", "cue_rail_first", True),
])
def test_rails(u, q, key, value):
    assert shot(u(q))[key] == value


@pytest.mark.parametrize("q,called", [
    ("j'annonce la 10 dans le coin et elle rentre", {"ball": 10, "pocket": "coin", "pocket_ok": True}),
    ("j'annonce la 10 dans le coin mais elle rentre dans une autre poche", {"ball": 10, "pocket": "coin", "pocket_ok": False}),
    ("j'annonce la 10 au milieu mais elle rentre dans le coin", {"ball": 10, "pocket": "milieu", "pocket_ok": False}),
    ("la 10 tombe dans la poche que j'avais annoncée", {"ball": 10, "pocket": None, "pocket_ok": True}),
    ("je rentre la 10 sans annoncer", None), ("je rentre la 10, je n'avais rien annoncé", None),
    ("j'ai annoncé sécurité et la 10 rentre", "safe"),
])
def test_the_call(u, q, called):
    assert shot(u(q))["called"] == called


@pytest.mark.parametrize("q,fouls,warned", [
    ("deux fautes de suite, je rentre la blanche", 2, True),
    ("j'ai déjà deux fautes, je rentre la blanche", 2, True),
    ("c'est ma deuxième faute de suite : je rentre la blanche", 1, False),
    ("j'ai deja 2 fautes, on m'a averti, je rentre la blanche", 2, True),
    ("j'ai deja 2 fautes, sans avertissement, je rentre la blanche", 2, False),
    ("troisième faute de suite sans qu'on m'ait averti : je rentre la blanche", 2, False),
])
def test_foul_count_and_warning(u, q, fouls, warned):
    got = u(q)
    assert state(got)["fouls"]["shooter"] == fouls and state(got)["warned"] is warned


def test_warning_assumed_and_asked_when_not_said(u):
    got = u("jeu de la 10 guide, j'ai deja 2 fautes, je rentre la blanche : j'ai perdu ?")
    assert any("averti" in a for a in got.assumptions)
    assert [o.name for o in got.open] == ["warned"]


def test_opponent_fouls_are_the_opponents(u):
    got = u("Au jeu de la 9, mon adversaire a deux fautes, je rentre la 9 en touchant la 1 d'abord")
    assert state(got)["fouls"] == {"shooter": 0, "opponent": 2}


@pytest.mark.parametrize("q", ["magic rack, je casse et la 1 rentre", "avec un gabarit je casse et la 1 rentre",
                               "sur tapis marqué je casse et la 1 rentre"])
def test_template_rack(u, q):
    assert state(u(q))["rack"] == "template"


@pytest.mark.parametrize("q,n", [("magic rack, je casse, deux billes passent la ligne de départ", 2),
                                 ("magic rack, je casse, aucune bille ne passe la ligne", 0),
                                 ("magic rack, je casse et une seule bille passe la ligne de départ", 1),
                                 ("magic rack, je casse et rien ne franchit la ligne", 0)])
def test_balls_crossing_the_head_string(u, q, n):
    assert shot(u(q))["crossed_head_string"] == n


@pytest.mark.parametrize("q,n", [("magic rack : 2 billes rentrées et aucune passée la ligne", 0),
                                 ("gabarit : une seule franchie la ligne, deux rentrées", 1)])
def test_balls_crossing_told_by_a_bare_participle_tell_a_break(u, q, n):
    got = u(q + ", je garde la main ?")
    assert shot(got)["kind"] == "break" and shot(got)["crossed_head_string"] == n


@pytest.mark.parametrize("q,n", [("au gabarit je casse, une seule bille qui franchit la ligne", 1),
                                 ("magic rack : je casse, deux qui passent la ligne de départ", 2)])
def test_balls_crossing_the_head_string_told_with_qui(u, q, n):
    assert shot(u(q))["crossed_head_string"] == n


@pytest.mark.parametrize("q,n", [("à la casse j'ai empoché deux billes", 2), ("je casse et je rentre une bille", 1),
                                 ("casse : il a fait tomber 3 boules", 3), ("je casse, une rentrée, rien d'autre", 1),
                                 ("je casse et je rentre une bille qui tombe au coin", 1)])
def test_balls_pocketed_on_the_break_told_by_their_number_after_the_verb(u, q, n):
    got = shot(u(q))
    assert got["kind"] == "break" and len(got["pocketed"]) == n


def test_a_ball_told_by_its_number_on_a_push_out_is_not_the_money_ball(u):
    got = shot(u("chez Dooly's, sur mon coup poussé une bille rentrée, elle reste dans la poche ?"))
    assert got["kind"] == "push_out" and len(got["pocketed"]) == 1 and 10 not in got["pocketed"]


def test_a_template_rack_without_a_game_is_nine_ball(u):
    # only the FFB's nine-ball text has rules for a template rack (9-ffb/trois-billes-champ-d-application)
    got = u("magic rack, je casse : deux billes tombent et aucune ne passe la ligne")
    assert got.rulesets == NINE
    assert any("gabarit" in a for a in got.assumptions)
    assert u("magic rack au jeu de la 10, je casse et deux billes tombent").rulesets == TEN


@pytest.mark.parametrize("q,key", [("je saute la 4 pour toucher la 3", "jump"), ("coup sauté sur la 1", "jump"),
                                   ("je fais un jump sur la 1", "jump"), ("je masse la blanche et touche la 1", "masse"),
                                   ("j'ai fait un massé, la 1 rentre", "masse")])
def test_jumps_and_masses(u, q, key):
    assert shot(u(q))[key] is True


def test_ball_jumping_off_the_table_is_not_a_jump_shot(u):
    got = u("la 5 saute hors de la table, c'est faute ?")
    assert not shot(got).get("jump") and shot(got)["off_table"] == [5]


@pytest.mark.parametrize("q,code", [
    ("je joue la 1 sans aucun pied au sol", "no_foot_on_floor"),
    ("j'ai les deux pieds décollés du sol quand je joue la 1", "no_foot_on_floor"),
    ("queutage sur la 1", "double_hit"), ("double touche sur la blanche", "double_hit"),
    ("je fais une poussette sur la blanche", "push_shot"),
    ("je joue alors que la 3 bouge encore", "balls_moving"),
    ("je touche la 6 avec ma main", "touched_ball"), ("je touche la 6 avec la queue", "touched_ball"),
    ("ma manche a déplacé la 8", "touched_ball"),
    ("je pose ma queue sur la table pour viser puis je joue la 1", "cue_on_table"),
    ("j'ai joué alors que ce n'était pas mon tour", "out_of_turn"),
    ("j'ai dépassé le temps pour jouer la 2", "slow_play"),
    ("je tape la 3 avec la queue au lieu de la blanche", "wrong_cue_ball"),
    ("en plaçant la blanche je touche la 4 avec le procédé", "ball_in_hand_stroke"),
    ("la poche est pleine et la blanche touche une bille déjà empochée", "full_pocket"),
    ("je fais un jump en frappant sous le centre de la blanche", "scoop_jump"),
    ("j'ai fait une fausse queue sur un jump", "jump_miscue"),
])
def test_listed_fouls_by_code(u, q, code):
    assert code in shot(u(q)).get("fouls", [])


def test_ball_in_hand_state(u):
    assert state(u("au jeu de la 9 j'ai la bille en main, je touche la 2 et la 9 rentre"))["ball_in_hand"] is True


def test_shooter_and_address(u):
    assert u("mon adversaire casse et rentre la 9, il a gagné ?").shooter == "other"
    assert u("Le joueur touche la 2 en premier et la 10 rentre").shooter == "player"
    assert u("Vous touchez la 3 alors que la 2 est sur la table, est-ce une faute ?").address == "vous"
    assert u("je touche la 3 alors que la 2 est sur la table, c'est faute ?").address == "tu"


# ----------------------------------------------------------------------------- lookups
@pytest.mark.parametrize("q", [x if isinstance(x, str) else x["q"] for x in DATA["lookups"]])
def test_lookups_are_not_situations(rulebook, q):
    assert understand(rulebook, q) is None


@pytest.mark.parametrize("q", ["", "   ", "?", "la 9", "9", "bonjour", "x" * 3000])
def test_odd_text_is_not_a_situation(rulebook, q):
    assert understand(rulebook, q) is None


# ----------------------------------------------------------------------------- the situation set
@pytest.mark.parametrize("item", DATA["situations"], ids=[s["q"][:60] for s in DATA["situations"]])
def test_situation_set_is_understood(rulebook, item):
    from bench.bench_situations import field_errors
    got = understand(rulebook, item["q"], item.get("rulesets"))
    assert field_errors(rulebook, item, weigh_open(rulebook, got) if got else None) == {}


# ----------------------------------------------------------------------------- robustness
_PIECES = ["la 9 ", "je touche ", "la blanche ", "tombe ", "casse ", "rentre ", "la 10 ", "deux fautes ", "sans ",
           "annonce ", "magic rack ", "push-out ", "aucune bande ", "il reste ", "la plus basse ", "ne ", "pas ",
           "mon adversaire ", "et ", ", ", "la 3 ", "elle ", "au jeu de la 9 ", "l'", "n°", "qui "]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=6)), max_size=25).map("".join))
def test_understand_never_raises_and_gives_a_valid_scenario(rulebook, text):
    got = understand(rulebook, text)
    if got is None:
        return
    assert got.rulesets and set(got.rulesets) <= set(rulebook.rulesets)
    for r in got.rulesets:
        parse_scenario(scenario_for(rulebook, got.scenario, r))   # well formed (never a 400)


# ----------------------------------------------------------------------------- told, but not ruled here
@pytest.mark.parametrize("q", ["la 10 sort de la table", "la blanche saute par terre", "la n°9 est éjectée pendant la partie"])
def test_a_bare_statement_about_one_ball_is_a_lookup(rulebook, q):
    # no one plays, one fact, no ruling asked: the clause lookup answers better
    assert understand(rulebook, q) is None
    assert understand(rulebook, q + ", c'est faute ?") is not None



@pytest.mark.parametrize("q", [
    "si je casse et qu'une bille rentre je continue ?",              # which ball is not said
    "si j'empoche une bille pendant mon push-out est-ce que je rejoue",
    "je fais une faute pendant mon push-out a la 9",                  # which foul is not said
    "la 10 rentre sur une faute, on la remet où ?",
    "la blanche saute par dessus une bille apres avoir touche la bande, faute ?",   # not a jump shot
    "d'ou je place la blanche pour casser a la 10",
    "jouer avec une bille numérotée au lieu de la blanche",           # an infinitive: a rule asked
    "je suis en bille en main, je place la blanche collée à la 3, c'est autorisé ?",
])
def test_stories_the_engine_cannot_rule_are_left_to_the_lookup(rulebook, q):
    assert understand(rulebook, q) is None


def test_the_cue_ball_with_a_ball(u):
    assert shot(u("la 9 rentre en même temps que la blanche"))["cue_ball"] == "pocketed"


def test_game_named_by_its_break(u):
    assert u("la blanche tombe dans un trou pendant la casse de la 9").rulesets == NINE


def test_the_right_ball_is_the_lowest(u):
    got = u("j'ai rentré la bonne bille sans l'annoncer à la 10, qui rejoue ?")
    assert shot(got)["pocketed"] == [1] and shot(got)["called"] is None


def test_dry_break_told(u):
    got = u("dry break et la neuf est tombée, jeu de la 9 FFB")
    assert state(got)["rack"] == "template" and shot(got)["crossed_head_string"] == 0


def test_two_players_story_rules_the_askers_shot(u):
    got = u("mon adversaire rentre la 1 puis rate la 2 ; je touche la 2 et la 9 rentre, au jeu de la 9")
    assert got.shooter == "self" and shot(got)["first_contact"] == 2 and shot(got)["pocketed"] == [9]
    assert 1 not in state(got)["on_table"]


def test_balls_named_were_on_the_table(u):
    got = u("j'ai touché la 2 puis la 1, faute ?")
    assert lowest(got) == 1 and got.follow_up == ()


def test_the_cue_ball_touched_twice_is_a_double_hit_only(u):
    assert shot(u("je touche la blanche deux fois avec ma queue"))["fouls"] == ["double_hit"]


# ----------------------------------------------------------------------------- a setting, no shot
@pytest.mark.parametrize("q", [
    "que se passe t il si on casse avec un gabarit magic rack",
    "que se passe-t-il si on casse avec un magic rack ?",
    "je casse avec un magic rack",
    "mon adversaire casse sur un tapis marqué",
])
def test_a_break_with_nothing_told_of_it_is_a_lookup(rulebook, q):
    """The kind of shot and the rack alone tell nothing the engine could rule on but its own
    defaults (nothing pocketed, a dry break): the question asks for the rule."""
    assert understand(rulebook, q) is None


def test_a_break_with_something_told_stays_a_situation(u):
    got = u("avec un magic rack je casse et la 1 rentre")
    assert shot(got)["kind"] == "break" and shot(got)["pocketed"] == [1] and state(got)["rack"] == "template"


# ----------------------------------------------------------------------------- independent-evaluation gaps
@pytest.mark.parametrize("q,pocketed", [
    ("je touche la 2 qui expédie la 9 dans le trou", [9]),
    ("je touche la 4, elle envoie la 10 au fond", [10]),
    ("je touche la 1 et la 1 pousse la 6 dans la poche du milieu", [6]),
    ("je touche la 3 qui met la 9 dans le coin", [9]),
    ("je touche la 2 et la 7 file au trou", [7]),
    ("je touche la 1 qui pousse la 9 au fond de la table", []),
    ("je touche la 2, elle n'envoie pas la 9 dans la poche", []),
])
def test_ball_sent_into_a_pocket_by_another_ball(u, q, pocketed):
    assert shot(u(q + ", c'est bon ?"))["pocketed"] == pocketed


def test_relative_clause_pockets_the_ball_hit_first(u):
    got = u("je tape la 4 qui tombe dans la poche, c'est régulier ?")
    assert shot(got)["first_contact"] == 4 and shot(got)["pocketed"] == [4]
    assert shot(u("je casse et c'est la 2 qui rentre"))["pocketed"] == [2]


@pytest.mark.parametrize("q,n", [
    ("je casse et il n'y a que 2 billes qui vont à la bande", 2),
    ("je casse, ya que 4 billes a la bande", 4),
    ("je casse, seulement deux billes touchent une bande", 2),
    ("je casse, 3 billes seulement vont en bande", 3),
])
def test_rail_count_on_the_break_said_loosely(u, q, n):
    assert shot(u(q))["balls_to_rail"] == n


def test_ya_still_reads_il_y_a():
    from qa.text import fold
    from qa.understand import tokens
    assert tokens("ya que la 9")[0][:3] == ["y", "a", "que"]
    assert "il y a" in " ".join(tokens("il y a faute")[0]) and fold("y a")


@pytest.mark.parametrize("q,n", [
    ("magic rack, je casse, la 5 passe la ligne de départ", 1),
    ("magic rack, je casse et trois billes franchissent la ligne", 3),
    ("magic rack, je casse et la 4 dépasse la ligne de tête", 1),
    ("magic rack, je casse, la 4 passe la ligne et rentre dans le coin", 0),
    ("magic rack, je casse, la 6 ne passe pas la ligne", 0),
])
def test_named_balls_crossing_the_head_string(u, q, n):
    assert shot(u(q))["crossed_head_string"] == n


@pytest.mark.parametrize("q", [
    "je comptais jouer un push-out mais je l'ai pas annoncé, je touche la 4",
    "je fais un push out sans le déclarer et je touche la 4",
    "je n'ai pas annoncé mon coup poussé, je touche la 4",
])
def test_push_out_not_declared_is_an_ordinary_shot(u, q):
    got = u(q)
    assert shot(got)["kind"] == "normal" and shot(got)["first_contact"] == 4
    assert not state(got).get("push_out_available")


@pytest.mark.parametrize("q", ["j'empoche la 10 sans l'avoir annoncée", "j'empoche la 10, je l'avais pas annoncée",
                               "j'empoche la 10 sans annoncer quoi que ce soit"])
def test_call_negated_is_nothing_called(u, q):
    assert shot(u(q))["called"] is None


@pytest.mark.parametrize("q", ["je saute au-dessus de la 6 et la 6 bouge, je touche la 2",
                               "je joue un massé, la bille que je contourne a bougé, je touche la 2",
                               "je fais un jump, la 6 qui bouge, je touche la 2"])
def test_obstacle_moved_on_a_jump_or_masse(u, q):
    got = u(q)
    assert shot(got)["obstacle_moved"] is True and shot(got)["first_contact"] == 2


def test_quand_meme_keeps_the_first_contact(u):
    got = u("je saute la 6 et je touche quand même la 2")
    assert shot(got)["jump"] is True and shot(got)["first_contact"] == 2


def test_table_without_the_10_is_nine_ball(rulebook, u):
    got = u("il reste la 7 et la 9, je touche la 7 et la 9 tombe")
    assert got.rulesets == NINE and state(got)["on_table"] == [7, 9]
    ten = u("il reste la 7, la 9 et la 10, je touche la 7")
    assert set(ten.rulesets) == set(TEN)
    for r in NINE:
        assert 10 not in scenario_for(rulebook, u("je touche la 3 et la 9 rentre").scenario, r)["state"]["on_table"]


def test_pocketed_ball_with_no_rail_after(u):
    got = u("je touche la 2 qui tombe, mais aucune bille ne touche de bande")
    assert shot(got)["pocketed"] == [2] and shot(got)["rail_after_contact"] is False


def test_a_call_not_made_does_not_undo_a_declared_push_out(u):
    got = u("je fais un push et je rentre la 6 sans l'annoncer")
    assert shot(got)["kind"] == "push_out" and shot(got)["called"] is None


@pytest.mark.parametrize("q,n", [("magic rack, je casse, la 5 et la 6 passent la ligne", 2),
                                 ("magic rack, je casse, la 5 remonte derrière la ligne de tête", 1)])
def test_listed_balls_crossing_the_head_string_are_counted(u, q, n):
    assert shot(u(q))["crossed_head_string"] == n


@pytest.mark.parametrize("q", ["je saute par-dessus la 5 mais je la fais bouger et je touche la 2",
                               "je fais un saut au-dessus de la 5 qui bouge un peu, je touche la 2"])
def test_obstacle_moved_said_otherwise(u, q):
    got = u(q)
    assert shot(got)["jump"] is True and shot(got)["obstacle_moved"] is True and shot(got)["first_contact"] == 2


def test_no_ball_to_a_rail_is_not_no_contact(u):
    # « aucune bille n'a touché de bande » is about the rail (9-ffb/faute-pas-de-bande), not the contact
    sc = u("Jeu de la 9 : je tape la 4 qui tombe, mais aucune bille n'a touché de bande, c'est faute ?").scenario
    assert sc["shot"]["first_contact"] == 4 and sc["shot"]["pocketed"] == [4]
    assert sc["shot"]["rail_after_contact"] is False
    sc = u("au 9, je tire, aucune bille n'a été touchée par la blanche").scenario
    assert sc["shot"]["first_contact"] is None


@pytest.mark.parametrize("q", ["au jeu de la 9 je rentre la 9 sans toucher la 1", "à la casse j'ai pas touché la 1 mais la 9 est rentrée",
                               "jeu de la 9 : la 9 tombe sans avoir touché la 1"])
def test_the_1_not_touched_is_the_wrong_ball_first(u, q):
    assert "wrong_ball_first" in shot(u(q)).get("fouls", [])


def test_a_ball_not_touched_that_is_not_the_one_to_hit_is_no_foul(u):
    assert "fouls" not in shot(u("au 9 je touche la 1 en premier, je n'ai pas touché la 9"))


@pytest.mark.parametrize("q", ["à la casse la 10 tombe sans que je l'annonce", "jeu de la 10, je casse et la 10 rentre sans qu'on l'ait annoncée"])
def test_a_money_ball_pocketed_without_its_call_is_not_called(u, q):
    assert shot(u(q)).get("called") is None and 10 in shot(u(q))["pocketed"]


@pytest.mark.parametrize("q", ["au 10 la blance rentre après avoir touché la 1", "au 10 la bille blance tombe, j'avais touché la 1"])
def test_blanche_misspelt_blance_is_still_the_cue_ball(u, q):
    assert shot(u(q))["cue_ball"] == "pocketed"


def test_a_call_told_without_its_ball_is_the_one_ball_of_the_story(u):
    assert shot(u("au 10, à la casse la 10 rentre, je l'avais bien annoncé"))["called"]["ball"] == 10
    assert shot(u("au 10, à la casse la 10 rentre, j'avais annoncé"))["called"]["ball"] == 10
    assert shot(u("au 10, à la casse la 10 rentre, j'avais pas annoncé")).get("called") is None


def test_ball_in_hand_asked_at_the_end_is_not_told(u):
    got = u("chez Dooly's mon adversaire joue un push out et touche la 3 avec la main, j'ai bille en main ?")
    assert not state(got).get("ball_in_hand")


@pytest.mark.parametrize("q", ["la blanche tombe à la casse, push out possible ?",
                               "à la casse la blanche rentre, un coup poussé est permis ?"])
def test_a_push_out_asked_possible_is_not_told(u, q):
    assert shot(u(q))["kind"] == "break"


def test_a_story_headed_by_the_three_ball_rule_is_a_break_on_a_template_rack(u):
    got = u("Règle des 3 billes : une seule passe la ligne et deux tombent, je continue ?")
    assert got is not None and state(got)["rack"] == "template" and shot(got)["kind"] == "break"
    # a classic triangle named in the story wins over the rule someone invokes
    got = u("triangle classique au 9 : la 4 rentre à la casse, rien ne passe la ligne, il invoque la règle des 3 billes, il a raison ?")
    assert got is None or state(got).get("rack") != "template"


def test_a_single_fact_asked_what_next_is_ruled(u):
    got = u("au BCA la 6 vole hors de la table en pleine partie, et maintenant ?")
    assert got is not None and shot(got)["off_table"] == [6]


def test_the_obstacle_told_as_a_bothering_ball_that_moves(u):
    got = u("BCA : je fais un massé autour de la boule gênante et elle a bougé, faute ?")
    assert got is not None and shot(got).get("obstacle_moved") is True
    got = u("BCA : je fais un massé autour de la boule gênante, elle ne bouge pas, faute ?")
    assert got is not None and not shot(got).get("obstacle_moved")


def test_balls_told_without_commas_and_a_rail_told_after_the_verb(u):
    # « je touche la 1 la 2 rentre »: the 1 is hit, the 2 falls (no ball told twice); « rentre pas de
    # bande »: the 2 falls and no rail is touched (not « ne rentre pas »)
    got = u("9 ffb je tape la 1 la 3 rentre pas de bande c faute ?")
    assert shot(got)["first_contact"] == 1 and shot(got)["pocketed"] == [3]
    assert shot(got)["rail_after_contact"] is False


@pytest.mark.parametrize("q", [
    "au lag il a lancé sa bille après que la mienne avait touché la bande du haut, on fait quoi ?",
    "tirage à la bande : ma bille touche deux fois la petite bande, j'ai perdu ?",
])
def test_a_story_of_the_lag_is_no_shot_of_a_rack(rulebook, q):
    assert understand(rulebook, q) is None     # the lag policies answer, not the engine (rules_data/lexicon.yaml lag_words)


def test_a_ball_put_nearest_to_its_spot_is_placed_not_pocketed(rulebook):
    got = understand(rulebook, "je mets la 9 au plus près du point, c'est bon ?")
    assert got is None or shot(got)["pocketed"] == []


def test_a_foul_told_on_this_shot_is_no_foul_so_far(rulebook):
    # « j'ai fait une faute sur le coup » is this shot's foul (of no stated kind: looked up), not a foul before it
    got = understand(rulebook, "9 FFB : la 9 rentre mais j'ai fait une faute sur le coup, on fait quoi ?")
    assert got is None or state(got)["fouls"]["shooter"] == 0


@pytest.mark.parametrize("q", [
    "j'ai fait une faute au 9 ffb, la 9 est tombée, elle est remise ?",
    "au 10 la 10 rentre sur un coup illégal, c'est gagné ?",
    "au bca la 9 tombe sur une casse illégale, je gagne ?",
])
def test_a_foul_of_no_stated_kind_on_this_shot_is_looked_up_not_ruled_a_win(rulebook, q):
    got = understand(rulebook, q)
    assert got is None or state(got)["fouls"]["shooter"] == 0 and not shot(got).get("pocketed")


def test_no_rail_told_without_ne_and_run_on_clauses(u):
    assert shot(u("jai touche la 1 aucune bille a touché la bande faute ?"))["rail_after_contact"] is False
    got = u("jai rentré la 3 et la blanche est tombée la 3 reste dedans ?")
    assert shot(got)["cue_ball"] == "pocketed" and shot(got)["pocketed"] == [3]


def test_more_stories_from_the_second_referee_review(u):
    # a miss told as the story (« rate tout »), the obstacle moved by the bridge, a push-out « annoncé » before a ball
    assert shot(u("la blanche rate tout, c'est faute ?"))["first_contact"] is None
    assert shot(u("au BCA j'ai bougé la bille obstacle avec le chevalet en faisant un massé, faute ?")).get("obstacle_moved") is True
    got = u("push out annoncé la 9 est tombée elle est remise ?")
    assert shot(got)["kind"] == "push_out" and shot(got)["pocketed"] == [9] and not shot(got).get("called")
    got = u("push out annoncé la blanche est tombée faute ?")
    assert shot(got)["kind"] == "push_out" and shot(got)["cue_ball"] == "pocketed"


def test_a_ball_of_no_stated_number_off_the_table_is_looked_up_not_ruled_regular(rulebook):
    got = understand(rulebook, "au BCA je touche la 1, une bille saute par terre et la 1 rentre, faute ?")
    assert got is None or shot(got)["off_table"]


def test_the_called_ball_in_the_other_corner_is_not_the_call(u):
    got = u("10 ffb : j'annonce la 10 coin et elle rentre dans l'autre coin, j'ai gagné ?")
    assert shot(got)["called"]["pocket_ok"] is False


@pytest.mark.parametrize("q", ["au 9 j'ai voulu faire un push mais j'ai oublié de le dire, je touche rien",
                               "au 9 après la casse je pousse la blanche, j'ai oublié de prévenir l'adversaire"])
def test_a_push_out_not_announced_is_a_normal_shot(u, q):
    # 9-bca/6 and 9-ffb: a push-out must be announced to the opponent before the shot; otherwise a normal shot
    assert shot(u(q))["kind"] == "normal"


@pytest.mark.parametrize("q", ["au 9 je touche la 1 mais elle va pas en bande et rien rentre",
                               "au 9 je touche la 1, elle ne va pas contre la bande, rien ne tombe"])
def test_a_ball_that_goes_to_no_rail(u, q):
    assert shot(u(q))["rail_after_contact"] is False


def test_nobody_to_a_rail_without_ne(u):
    assert shot(u("au 9 je touche la 3 doucement, personne touche de bande, la blanche reste là"))["rail_after_contact"] is False


@pytest.mark.parametrize("q, field, value", [("au 9 je tape la 1, la blanche saute la bande et roule sous la table", "cue_ball", "off_table"),
                                             ("au 9 je casse, la 4 saute et atterrit sur la moquette, rien ne rentre", "off_table", [4])])
def test_a_ball_over_the_rail_or_on_the_carpet_is_off_the_table(u, q, field, value):
    assert shot(u(q))[field] == value


def test_the_called_ball_in_a_corner_of_the_other_side_is_not_the_call(u):
    # « coin bas gauche » called, « coin bas droit » reached: another pocket (10-ffb/annonce-du-coup)
    got = u("10 ffb, j'annonce la 2 dans le coin bas gauche, elle touche la bande puis tombe dans le coin bas droit")
    assert shot(got)["called"]["pocket_ok"] is False
    got = u("10 ffb, j'annonce la 2 dans le coin bas gauche, elle touche la bande puis tombe dans le coin bas gauche")
    assert shot(got)["called"]["pocket_ok"] is True


def test_the_shot_after_a_push_out_taken_as_it_lies_is_a_normal_shot(u):
    # the incoming player who accepts the table plays a normal shot (9-bca/6, 9-ffb push-out: « accepter la table »)
    # (« je vise » tells no event of a shot: only the table taken opens the asker's shot)
    got = u("au 9 il casse, puis il annonce un push out, jaccepte la table, je vise la 2 mais la blanche prend la 5 d'abord")
    assert shot(got)["kind"] == "normal" and shot(got)["first_contact"] == 5


def test_the_asker_who_gave_no_warning(u):
    # told, a warning is taken as given; « je lui avais rien dit » says none was (10-ffb, 10-guide: the third
    # foul without a warning does not lose the game)
    said = "au 10 mon adversaire touche la 4 avant la 2, c'est sa troisième faute de suite"
    assert state(u(said))["warned"] is True
    assert state(u(said + " et je lui avais rien dit après la deuxième"))["warned"] is False


def test_a_break_that_takes_the_rail_first(u):
    # 10-ffb/casse-toucher-la-1: the 1 before any other ball or rail
    assert shot(u("10 ffb, j'ai cassé en touchant la bande d'abord puis la 1, rien rentre"))["cue_rail_first"] is True


def test_the_push_out_named_by_its_participle(u):
    # « pendant le poussé »: the push-out (9-bca/5-coup-pousse-billes-empochees: the 9 spotted)
    got = u("au 9 BCA après la casse je rentre la 9 pendant le poussé, ça compte ?")
    assert shot(got)["kind"] == "push_out"
    assert shot(u("au 9 il pousse la blanche avec la queue, faute ?"))["kind"] != "push_out"


def test_a_ball_touched_while_handling_the_bridge(u):
    # 10-ffb « Bille touchée par autre chose que le procédé » is a foul; the guide forbids touching the balls
    assert "touched_ball" in shot(u("au 10 en posant mon chevalet jai effleuré la 5, puis jai tiré sur la 1"))["fouls"]


def test_playing_when_it_was_the_other_s_turn(u):
    # 9-ffb/faute-jouer-hors-tour: playing out of turn is a foul
    got = u("au 9 ffb il rate, puis il rejoue tout de suite alors que c'était à moi, la 3 rentre")
    assert "out_of_turn" in shot(got)["fouls"]
