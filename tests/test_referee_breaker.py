"""Rulings a referee found wrong when testing the app (session 7's list), each asserted with what
the rule text says, under every ruleset concerned; the clause each value rests on is named.

The questions are written here in our own words (not copied from any question set).
"""
from __future__ import annotations

import pytest

TEN = ("10-doolys", "10-ffb", "10-guide")
NINE = ("9-bca", "9-ffb")


def _reasons(o: dict) -> dict[str | None, str | None]:
    """{policy: clause} of an outcome's reasons."""
    return {r["policy"]: r["clause"] for r in o["reasons"]}


# ----------------------------------------------------------------------------- the 10 pocketed on a foul
# 10-doolys/7-faute-perte-du-tour « exception faite de la bille no 10 qui est replacée sur la mouche arrière »;
# 10-ffb/bille-10-replacee « La bille numérotée « 10 » est replacée sur le spot inférieur si elle est empochée
# suite à un coup illégal »; 10-guide/replacement-10 « La bille n°10 est replacée sur le point de replacement si
# elle est empochée suite à un coup non valide ».
SPOT_TEN = {"10-doolys": "10-doolys/7-faute-perte-du-tour", "10-ffb": "10-ffb/bille-10-replacee",
            "10-guide": "10-guide/replacement-10"}
# the foul of the ball not hit first: 10-doolys/8-coup-manque, 10-ffb/faute-2-mauvaise-bille, 10-guide/faute-mauvaise-bille
WRONG_FIRST = {"10-doolys": "10-doolys/8-coup-manque", "10-ffb": "10-ffb/faute-2-mauvaise-bille",
               "10-guide": "10-guide/faute-mauvaise-bille"}


@pytest.mark.parametrize("q", ["sans toucher la 1 je rentre la 10", "sans avoir touché la 1, j'ai rentré la 10",
                               "sans toucher la 1 il rentre la 10"])
def test_ten_pocketed_without_hitting_the_one_is_spotted(answerer, q):
    a = answerer.ask(q)
    assert a["kind"] == "scenario" and tuple(a["rulesets"]) == TEN
    assert a["scenario"]["shot"]["pocketed"] == [10]
    for r in TEN:
        o = a["outcomes"][r]
        assert not o["legal"] and [f["code"] for f in o["fouls"]] == ["wrong_ball_first"]
        assert o["fouls"][0]["clause"] == WRONG_FIRST[r]
        assert o["spotted"] == [10] and _reasons(o)["money_ball_on_foul"] == SPOT_TEN[r]
        assert not o["game_over"] and o["ball_in_hand"] and o["next_shooter"] == "opponent"
        # « sans toucher la 1 » says the 1 was not hit first: nothing is assumed of the contact
        assert not any(x.startswith("J’ai supposé que la blanche avait touché") for x in o["assumptions"])
    assert "la 10 est replacée" in a["short"]


# the same with the lowest ball named elsewhere in the story: 9-bca/7-coup-manque (the lowest not hit first),
# 9-bca/6-faute-perte-du-tour « si la NEUF est empochée illégalement, celle-ci est replacée sur la mouche »,
# 9-ffb/faute-mauvaise-bille-touchee and 9-ffb/bille-9-replacee « empochée irrégulièrement … remise sur le point »
@pytest.mark.parametrize("q", ["sans toucher la 2 il rentre la 9, il restait la 2 et la 9",
                               "il restait la 2 et la 9 : sans toucher la 2, il rentre la 9"])
def test_nine_pocketed_without_hitting_the_lowest_is_spotted(answerer, q):
    a = answerer.ask(q)
    assert tuple(a["rulesets"]) == NINE and a["scenario"]["state"]["on_table"] == [2, 9]
    spot = {"9-bca": "9-bca/6-faute-perte-du-tour", "9-ffb": "9-ffb/bille-9-replacee"}
    first = {"9-bca": "9-bca/7-coup-manque", "9-ffb": "9-ffb/faute-mauvaise-bille-touchee"}
    for r in NINE:
        o = a["outcomes"][r]
        assert o["fouls"] == [{"code": "wrong_ball_first", "clause": first[r]}]
        assert o["spotted"] == [9] and _reasons(o)["money_ball_on_foul"] == spot[r]
        assert not o["game_over"] and o["ball_in_hand"] and o["next_shooter"] == "opponent"


# ----------------------------------------------------------------------------- a missed pot, the ball hit
# « la blanche doit toucher la boule numérotée la plus basse » (9-bca/1-toucher-la-plus-basse), « La bille
# numériquement la plus faible … doit être la première « bille-objet » contactée » (10-ffb/toucher-la-plus-petite-bille):
# hitting the 1 and missing the pot is a legal shot; the turn passes (10-ffb/fin-de-reprise « S’il n’empoche pas
# légalement de bille … son adversaire doit revenir à la table »), without ball in hand.
LOWEST = {"10-doolys": "10-doolys/1-toucher-la-plus-basse", "10-ffb": "10-ffb/toucher-la-plus-petite-bille",
          "10-guide": "10-guide/premier-contact-plus-petite", "9-bca": "9-bca/1-toucher-la-plus-basse",
          "9-ffb": "9-ffb/ordre-croissant"}


@pytest.mark.parametrize("q", ["je rate la 1 mais je la touche", "j'ai raté la 1 mais je l'ai bien touchée",
                               "je touche la 1 mais je la rate"])
def test_a_missed_pot_that_hits_the_lowest_is_no_foul(answerer, q):
    a = answerer.ask(q)
    assert a["kind"] == "scenario" and a["scenario"]["shot"]["first_contact"] == 1
    for r in TEN + NINE:
        o = a["outcomes"][r]
        assert o["legal"] and o["fouls"] == [] and not o["ball_in_hand"] and o["next_shooter"] == "opponent"
        assert _reasons(o)["lowest_ball_first"] == LOWEST[r]


def test_a_miss_of_the_ball_itself_is_still_no_contact(answerer):
    o = answerer.ask("je rate la 1 complètement au jeu de la 9 FFB")["outcomes"]["9-ffb"]
    assert [f["code"] for f in o["fouls"]] == ["no_contact"]


def test_a_ball_missed_asks_whether_it_was_touched(answerer):
    # « je rate la 1 » alone tells the pot missed: the ruling holds if the cue ball touched the 1 (9-ffb/ordre-croissant),
    # the other case (nothing touched: « Aucune bille touchée ») is said and asked
    a = answerer.ask("je rate la 1 au jeu de la 9 FFB")
    assert a["short"].startswith("Si la blanche a touché la 1 : ")
    assert "La blanche a-t-elle touché la 1 ?" in a["follow_up"]
    assert "si la blanche n’a touché aucune bille, faute" in a["answer"]


# ----------------------------------------------------------------------------- a combination on the 9, and a scratch
# 9-ffb/bille-9-replacee « Lorsque la bille n° 9 … est empochée irrégulièrement (une faute est commise en même
# temps), elle est remise sur le point de replacement »; 9-ffb/faute-bille-blanche-empochee lists the scratch;
# 9-ffb/liste-des-fautes « Après une faute, le joueur adverse a « bille en main » ». 9-bca/6-faute-perte-du-tour
# « si la NEUF est empochée illégalement, celle-ci est replacée sur la mouche »; the BCA text makes the cue ball
# pocketed a foul only on the break (rule 3): in play, a referee's call (`unsettled`).
@pytest.mark.parametrize("q", ["combo 1-9, la 9 tombe mais la blanche aussi",
                               "je fais une combinaison 1-9, la 9 rentre et la blanche suit dans la poche"])
def test_combination_on_the_nine_with_a_scratch(answerer, q):
    a = answerer.ask(q)
    assert a["kind"] == "scenario" and tuple(a["rulesets"]) == NINE     # a combination aimed at the 9
    assert a["scenario"]["shot"]["first_contact"] == 1
    ffb, bca = a["outcomes"]["9-ffb"], a["outcomes"]["9-bca"]
    for o in (ffb, bca):
        assert not o["legal"] and not o["game_over"] and o["winner"] is None
        assert o["spotted"] == [9] and o["ball_in_hand"] and o["next_shooter"] == "opponent"
    assert ffb["fouls"] == [{"code": "cue_ball_pocketed", "clause": "9-ffb/faute-bille-blanche-empochee"}]
    assert _reasons(ffb)["money_ball_on_foul"] == "9-ffb/bille-9-replacee"
    assert _reasons(ffb)["ball_in_hand_after_foul"] == "9-ffb/liste-des-fautes"
    assert _reasons(bca)["money_ball_on_foul"] == "9-bca/6-faute-perte-du-tour"
    assert {"legal", "ball_in_hand"} <= set(bca["unsettled"]) and "spotted" not in bca["unsettled"]
    assert "la 9 est replacée" in a["short"] and "bille en main" in a["short"] and len(a["short"]) <= 200


# ----------------------------------------------------------------------------- the warning told in a conversation
# 9-ffb/trois-fautes-avertissement « Après la deuxième faute consécutive, l’adversaire ou l’arbitre doivent avertir
# le joueur concerné » and 9-ffb/trois-fautes-consecutives « si un joueur commet trois fautes consécutives … il perd
# la partie »: warned, the third foul loses; 9-ffb/trois-fautes-sans-avertissement (the unwarned case) is not the
# clause of that ruling. 10-ffb: 10-ffb/trois-fautes-avertissement, 10-ffb/trois-fautes-consecutives « Si un joueur
# commet trois fautes consécutivement lors d’une même manche, il perd la manche », and unwarned
# 10-ffb/trois-fautes-compte-a-deux « le compte des fautes consécutives demeurera à deux ».
def _chat(answerer, *questions: str) -> list[dict]:
    out, context = [], None
    for q in questions:
        a = answerer.ask(q, context=context)
        out.append(a)
        context = a["context"]
    return out


def _ids(a: dict) -> list[str]:
    return [c["id"] for c in a["citations"]]


def test_the_warning_answered_in_chat_gives_the_warned_case(answerer):
    first, warned = _chat(answerer, "au jeu de la 9 FFB, j'avais deux fautes et je touche la 5 au lieu de la 2",
                          "oui, on m'avait averti")
    assert any("averti" in f for f in first["follow_up"])      # the warning was asked
    o = warned["outcomes"]["9-ffb"]
    assert warned["scenario"]["state"]["warned"] is True
    assert o["game_over"] and o["termination"] == "three_fouls" and o["winner"] == "opponent"
    assert {"9-ffb/trois-fautes-consecutives", "9-ffb/trois-fautes-avertissement"} <= set(_ids(warned))
    assert "9-ffb/trois-fautes-sans-avertissement" not in _ids(warned)
    assert _reasons(o)["warning_required"] == "9-ffb/trois-fautes-avertissement"


def test_no_warning_answered_in_chat_gives_the_unwarned_case(answerer):
    _, unwarned = _chat(answerer, "au jeu de la 9 FFB, j'avais deux fautes et je touche la 5 au lieu de la 2",
                        "non, personne ne m'avait averti")
    o = unwarned["outcomes"]["9-ffb"]
    assert not o["game_over"] and o["fouls_after"]["shooter"] == 2 and o["ball_in_hand"]
    assert _reasons(o)["unwarned_third_foul"] == "9-ffb/trois-fautes-sans-avertissement"


def test_a_warning_told_before_the_shot_is_carried_to_it(answerer):
    told, shot = _chat(answerer, "au jeu de la 10 FFB, mon adversaire a deux fautes et je l'ai averti",
                       "il touche la 5 au lieu de la 1")
    assert told["kind"] != "scenario"      # no shot yet: the rule is looked up
    assert shot["kind"] == "scenario" and shot["scenario"]["state"] == {
        "fouls": {"shooter": 2, "opponent": 0}, "warned": True, "on_table": list(range(1, 11))}
    o = shot["outcomes"]["10-ffb"]
    assert o["game_over"] and o["termination"] == "three_fouls" and o["winner"] == "opponent"   # « il » loses
    assert "ton adversaire perd la partie" in shot["short"]
    assert {"10-ffb/trois-fautes-consecutives", "10-ffb/trois-fautes-avertissement"} <= set(_ids(shot))
    assert not {"10-ffb/trois-fautes-sans-avertissement", "10-ffb/trois-fautes-compte-a-deux"} & set(_ids(shot)[:3])


def test_no_warning_told_before_the_shot_is_carried_too(answerer):
    _, shot = _chat(answerer, "au jeu de la 10 FFB, mon adversaire a deux fautes mais je ne l'ai pas averti",
                    "il touche la 5 au lieu de la 1")
    o = shot["outcomes"]["10-ffb"]
    assert shot["scenario"]["state"]["warned"] is False
    assert not o["game_over"] and o["fouls_after"]["shooter"] == 2 and o["ball_in_hand"]
    assert "10-ffb/trois-fautes-compte-a-deux" in [r["clause"] for r in o["reasons"]]


def test_chat_command_carries_the_warning(runner):
    from cli import cli
    got = runner.invoke(cli, ["chat", "--rulesets", "10-ffb"],
                        input="mon adversaire a deux fautes et je l'ai averti\nil touche la 5 au lieu de la 1\n")
    assert got.exit_code == 0
    assert "ton adversaire perd la partie" in got.output


# ----------------------------------------------------------------------------- a double hit on frozen balls
# 10-ffb/faute-7-double-contact lists « Double contact sur billes "gelées"; » among the fouls; 9-ffb lists
# « Double touche ou « queutage », billes collées, poussette. » (9-ffb/faute-double-touche-poussette); the guide
# « effectuer une double touche ou pousser la blanche » (10-guide/faute-double-touche); Dooly's and the BCA list
# no double hit. Whether one may play a ball frozen to the cue ball is another point (frozen_cue_ball: the guide's
# 10-guide/bille-gelee « on peut la jouer »).
@pytest.mark.parametrize("q", ["double touche sur billes collées", "une double touche sur des billes collées ?"])
def test_double_hit_on_frozen_balls_finds_the_ffb_ten_foul(answerer, q):
    a = answerer.ask(q)
    assert _ids(a)[0] == "10-ffb/faute-7-double-contact"
    assert "Double contact sur billes" in a["short"] and "n’en dit rien" not in a["short"]


def test_double_hit_on_frozen_balls_asked_as_a_foul(answerer):
    a = answerer.ask("double touche sur billes collées, c'est faute ?")
    assert a["verdicts"] == {"10-doolys": "silent", "10-ffb": "yes", "10-guide": "yes", "9-bca": "silent",
                             "9-ffb": "yes"}
    assert {"10-ffb/faute-7-double-contact", "9-ffb/faute-double-touche-poussette",
            "10-guide/faute-double-touche"} <= set(_ids(a))
    assert _ids(a)[0] == "10-ffb/faute-7-double-contact"


def test_playing_a_frozen_ball_is_still_the_frozen_ball_policy(answerer):
    a = answerer.ask("on peut jouer une bille collée à la blanche ?")
    assert a["verdicts"]["10-guide"] == "yes" and a["verdicts"]["10-ffb"] == "silent"
    assert "10-guide/bille-gelee" in _ids(a)


# ----------------------------------------------------------------------------- a late lag shot, without the word
# 10-guide/tirage-rejoue-tir-en-retard: « Le tirage à la bande est rejoué si : […] un joueur tire après que la bille
# de l’adversaire a touché la petite bande du haut ». The FFB 10 has a lag (10-ffb/casse-choix-du-casseur « Le
# gagnant du tirage à la bande choisit… ») but says nothing of a late ball; Dooly's tosses a coin; the nine-ball
# texts have no lag: silent.
LATE_LAG = "mon adversaire a lancé sa bille alors que la mienne avait déjà touché la bande du haut"


@pytest.mark.parametrize("q, verdict", [
    (LATE_LAG, None),
    (LATE_LAG + ", on doit refaire ?", "yes"),
    ("il a lâché sa boule après que la mienne a tapé la petite bande, c'est faute ?", "no"),
    (LATE_LAG + ", j'ai gagné ?", "no"),
])
def test_a_late_lag_ball_is_the_lag_replayed(answerer, q, verdict):
    a = answerer.ask(q)
    assert a["kind"] != "scenario" and a["scenario"] is None    # not a shot in play
    assert _ids(a)[0] == "10-guide/tirage-rejoue-tir-en-retard"
    if verdict is None:
        assert a["verdicts"] is None and "rejoué dans le guide" in a["short"] and "n’en disent rien." in a["short"]
    else:
        assert a["verdicts"] == {"10-doolys": "silent", "10-ffb": "silent", "10-guide": verdict, "9-bca": "silent",
                                 "9-ffb": "silent"}
    assert len(a["short"]) <= 200


# ----------------------------------------------------------------------------- playing out of turn
# 9-ffb/faute-jouer-hors-tour « Jouer en dehors de son tour : un joueur joue alors que ce n’est pas son tour. Les
# billes restent dans la position laissée », under 9-ffb/liste-des-fautes « Après une faute, le joueur adverse a
# « bille en main » »; 10-ffb/faute-12-jouer-hors-tour « Jouer durant la reprise de son adversaire », under
# « Si le joueur à la table commet une faute, la main passe à son adversaire. Ce dernier dispose d’une bille en
# main » (10-ffb/faute-bille-en-main). The fault is the one who played; the one whose turn it was has the cue ball
# in hand. Dooly's, the guide and the BCA say nothing of playing out of turn: a referee's call (unsettled, noted).
OUT_OF_TURN = {"9-ffb": "9-ffb/faute-jouer-hors-tour", "10-ffb": "10-ffb/faute-12-jouer-hors-tour"}
HAND_AFTER_FOUL = {"9-ffb": "9-ffb/liste-des-fautes", "10-ffb": "10-ffb/faute-bille-en-main"}
SILENT_ON_IT = ("10-doolys", "10-guide", "9-bca")


def test_out_of_turn_gives_the_cue_ball_to_the_player_whose_turn_it_was(answerer):
    a = answerer.ask("il a joué alors que c'était pas son tour")
    assert a["scenario"]["shot"]["fouls"] == ["out_of_turn"]
    for r, o in a["outcomes"].items():
        # the shot ruled is his (« le tireur »): the one whose turn it was, the asker, has the cue ball in hand
        assert not o["legal"] and o["next_shooter"] == "opponent" and o["ball_in_hand"]
        assert o["fouls_after"] == {"shooter": 1, "opponent": 0}
        if r in OUT_OF_TURN:
            assert o["fouls"] == [{"code": "out_of_turn", "clause": OUT_OF_TURN[r]}] and not o["unsettled"]
            assert _reasons(o)["ball_in_hand_after_foul"] == HAND_AFTER_FOUL[r]
        else:
            assert o["fouls"][0]["clause"] is None and {"fouls", "ball_in_hand"} <= set(o["unsettled"])
            assert any("out_of_turn" in n for n in o["notes"])
    assert a["short"].startswith("Faute : tu as la bille en main")
    assert "n’en disent rien" in a["short"]       # the three texts silent on it are said so
    assert "« l’adversaire », c’est toi" in a["answer"]


def test_out_of_turn_told_by_the_one_who_played(answerer):
    a = answerer.ask("j'ai joué alors que ce n'était pas mon tour, au jeu de la 9 FFB")
    o = a["outcomes"]["9-ffb"]
    assert o["next_shooter"] == "opponent" and o["ball_in_hand"] and "ton adversaire a la bille en main" in a["short"]


@pytest.mark.parametrize("ruleset", sorted(OUT_OF_TURN) + list(SILENT_ON_IT))
def test_a_rack_charges_the_shot_out_of_turn_to_the_player_not_at_the_table(rulebook, ruleset):
    from qa.engine.rack import play_rack
    shots = [{"kind": "break", "first_contact": 1, "pocketed": [2], "balls_to_rail": 4},     # A breaks and pots
             {"first_contact": 1, "rail_after_contact": True, "pocketed": [1], "fouls": ["out_of_turn"]},   # B plays
             {"first_contact": 3, "rail_after_contact": True}]                                      # A again
    (_, brk), (p2, o2), (p3, o3) = play_rack(rulebook, ruleset, None, shots)
    assert brk.next_shooter == "shooter"             # A was at the table
    assert p2 == "B" and not o2.legal and o2.next_shooter == "opponent" and o2.ball_in_hand
    assert o2.fouls_after == {"shooter": 1, "opponent": 0}
    assert p3 == "A" and o3.fouls_after == {"shooter": 0, "opponent": 1}     # A's count untouched, B's at one
    if ruleset == "9-ffb":      # « Les billes restent dans la position laissée »: the 1 stays down
        assert 1 not in o2.on_table_after and "9-ffb/faute-jouer-hors-tour" in o2.cited
    if ruleset in OUT_OF_TURN:
        assert o2.fouls[0].clause == OUT_OF_TURN[ruleset]
    else:
        assert "fouls" in o2.unsettled
