"""Players' stories misread before session 11 (qa/understand/, qa/situation_answer.py): a question
tail with a person (« je fais quoi », « l'autre fait quoi ») is not who played the shot; a story
that opens on « faute » or tells a foul seen, of no stated kind, is never ruled a legal shot; the
passive « la 1 a (pas) été touchée en premier », with or without « ne »; a foul let pass, the next
shot played (Dooly's REMARQUE); « que se passe-t-il ? » at the end of a story asks its ruling.
Expected values from the rule texts (rules_data/sources/), each test quoting its clause."""
from __future__ import annotations

import pytest

from qa.situation_answer import answer_situation
from qa.understand import understand


def _outcome(ask, q: str, ruleset: str) -> dict:
    return ask(q)["outcomes"][ruleset]


# ----------------------------------------------------------------------------- who played the shot
@pytest.mark.parametrize("q", [
    "au 9 BCA mon adversaire joue la 6 alors que la 2 est encore là, rien ne rentre, je fais quoi ?",
    "9 BCA : il tape la 7 avant la 3, aucune bille ne tombe, moi je fais quoi",
])
def test_a_question_tail_in_the_first_person_leaves_the_shot_to_the_other_player(rulebook, ask, q):
    # 9-bca/7-coup-manque: « Il y a faute lorsque la blanche touche en premier une boule autre que celle
    # numérotée la plus basse sur la table. » 9-bca/6-faute-blanche-en-main: « Le joueur adverse a la
    # blanche en main » — the asker is that « joueur adverse »
    u = understand(rulebook, q)
    assert u is not None and u.shooter == "other"
    a = ask(q)
    o = a["outcomes"]["9-bca"]
    assert o["legal"] is False and o["ball_in_hand"] is True and o["next_shooter"] == "opponent"
    assert "tu as la bille en main" in a["answer"]


@pytest.mark.parametrize("tail", ["je rejoue d'où ?", "c'est moi qui rejoue ?", "je joue ?"])
def test_a_tail_asking_whether_or_where_i_play_is_not_my_shot(rulebook, ask, tail):
    # 9-bca/7-coup-manque and 9-bca/6-faute-blanche-en-main: the other player's wrong first contact,
    # so the asker, his « joueur adverse », has the cue ball in hand (the tail tells no shot of mine)
    q = f"9 BCA, l'autre touche d'abord la 8 alors que la 4 est encore sur la table, rien ne rentre, {tail}"
    u = understand(rulebook, q)
    assert u is not None and u.shooter == "other"
    o = ask(q)["outcomes"]["9-bca"]
    assert o["legal"] is False and o["ball_in_hand"] is True


def test_a_question_tail_about_the_opponent_leaves_the_shot_to_the_asker(rulebook, ask):
    # 10-guide/empochage-non-annonce: « Si le joueur empoche la bille portant le plus petit numéro sans
    # l'annoncer, la main passe et son adversaire a le choix de jouer le coup suivant ou de redonner la
    # main au joueur précédent. » — the asker pocketed: the choice is the opponent's
    q = "10 guide, j'empoche la plus petite bille sans rien annoncer, et l'autre, il fait quoi ?"
    u = understand(rulebook, q)
    assert u is not None and u.shooter == "self"
    a = ask(q)
    assert "ton adversaire choisit" in a["answer"]


# ----------------------------------------------------------------------------- a foul told is no legal shot
def test_a_story_opening_on_foul_of_no_kind_is_not_ruled_legal(rulebook, answerer):
    # 9-bca/6-faute-perte-du-tour: « Lorsqu'il y a faute commise par un des joueurs, celui-ci cède son
    # tour à son adversaire; aucune boule empochée n'est replacée » — the foul's kind is not told: the
    # engine cannot rule it, the clause answers (never « coup régulier »)
    q = "faute, et la 6 est rentrée pendant ce coup, au 9 BCA : elle reste dedans ?"
    assert answer_situation(rulebook, q) is None
    got = answerer.ask(q)
    assert "régulier" not in got["short"]
    assert got["citations"][0]["id"] == "9-bca/6-faute-perte-du-tour"


def test_a_foul_seen_and_let_pass_of_no_kind_cites_the_remark(rulebook, answerer):
    # 10-doolys/remarque-signaler-une-faute: « Toute infraction doit être indiquée par l'adversaire
    # avant que le coup ne soit joué, sinon la faute ne sera pas reconnue. »
    q = "chez Dooly's l'autre joueur a bien remarqué ma faute, il n'a rien dit, puis il a joué"
    assert answer_situation(rulebook, q) is None
    got = answerer.ask(q)
    assert got["citations"][0]["id"] == "10-doolys/remarque-signaler-une-faute"
    assert "régulier" not in got["short"]


def test_a_foul_let_pass_before_the_next_shot_is_not_recognised_at_doolys(rulebook, ask):
    # 10-doolys/remarque-signaler-une-faute: « … sinon la faute ne sera pas reconnue. » (the foul:
    # 10-doolys/8-coup-manque, a ball other than the lowest hit first)
    q = "au 10 Dooly's je touche d'abord la 6 alors que la 3 est sur la table, mon adversaire ne dit rien et joue son coup"
    u = understand(rulebook, q)
    assert u is not None and u.scenario["shot"]["foul_claim"] == {"by": "opponent", "when": "after_next_shot"}
    a = ask(q)
    o = a["outcomes"]["10-doolys"]
    assert o["legal"] is True and o["ball_in_hand"] is False
    assert a["citations"][0]["id"] == "10-doolys/remarque-signaler-une-faute"
    assert a["answer"].startswith("Faute non reconnue") and "Coup régulier" not in a["answer"]


def test_an_opponent_silent_but_no_next_shot_yet_still_may_point_the_foul_out(rulebook):
    # 10-doolys/remarque-signaler-une-faute: the foul must be pointed out « avant que le coup ne soit
    # joué »: with no next shot told, nothing is late yet
    u = understand(rulebook, "au 10 Dooly's je touche d'abord la 6 alors que la 3 est sur la table, mon adversaire ne dit rien")
    assert u is not None and "foul_claim" not in u.scenario["shot"]


# ----------------------------------------------------------------------------- the passive, with or without « ne »
@pytest.mark.parametrize("q", [
    "9 BCA : à l'ouverture la 9 rentre, mais la 1 a pas été touchée d'abord",
    "9 BCA : à l'ouverture la 9 rentre, mais la 1 n'a pas été touchée d'abord",
    "9 BCA : à l'ouverture la 9 rentre, la 1 a jamais été touchée",
])
def test_the_first_ball_told_not_hit_in_the_passive_is_a_break_foul(ask, q):
    # 9-bca/3a-bris-toucher-la-1 « L'ouvreur doit atteindre la boule numéro UN en premier » ;
    # 9-bca/3b-bris-non-valable « si les conditions précédentes (a.) ne sont pas rencontrées, il y a
    # faute » ; 9-bca/6-faute-perte-du-tour « si la NEUF est empochée illégalement, celle-ci est replacée »
    o = _outcome(ask, q, "9-bca")
    assert o["legal"] is False and o["winner"] is None and o["ball_in_hand"] is True
    assert 9 in o["spotted"]


def test_another_ball_told_not_hit_first_in_the_passive_is_a_foul(ask):
    # 10-ffb/faute-2-mauvaise-bille: « Mauvaise bille touchée en premier. »
    o = _outcome(ask, "10 FFB : il restait la 4, la 4 est pas touchée en premier et je rentre la 8", "10-ffb")
    assert o["legal"] is False and o["ball_in_hand"] is True


# ----------------------------------------------------------------------------- « que se passe-t-il ? » at the end
def test_what_happens_after_a_told_break_is_its_ruling(rulebook, ask):
    # 9-bca/3b-bris-non-valable: « Si la blanche est empochée … il y a faute, et l'adversaire a la
    # blanche en main » ; 9-bca/6-faute-perte-du-tour: the NEUF « empochée illégalement » is replaced
    q = "au 9 BCA, à l'ouverture la blanche et la 9 rentrent toutes les deux, qu'est-ce qui se passe ?"
    assert understand(rulebook, q) is not None
    o = _outcome(ask, q, "9-bca")
    assert o["legal"] is False and o["ball_in_hand"] is True and 9 in o["spotted"]


def test_what_happens_if_asked_first_stays_the_rule_asked(rulebook):
    # « que se passe-t-il si … » opens the question: the rule asked in general, not a story told
    assert understand(rulebook, "que se passe-t-il si la blanche rentre à la casse au 10 FFB ?") is None


def test_the_previous_story_with_its_what_if_reads_the_ten_down_too(ask):
    # 10-ffb/casse-10-empochee-sur-faute: « Si une faute est commise à la casse et que la « 10 » est
    # empochée celle-ci est replacée sur le point de replacement. »
    q = "10 FFB, la blanche file dans une poche à la casse, qu'est-ce qui se passe ? et si la 10 était rentrée avec ?"
    o = _outcome(ask, q, "10-ffb")
    assert o["legal"] is False and 10 in o["spotted"] and o["ball_in_hand"] is True


def test_where_from_stays_one_clause(rulebook):
    # « d'où » is one question word: the clause is not cut at its « où » (its person asks, plays no shot)
    from qa.understand.clauses import _clauses
    cl = _clauses("ADV repart d ou".split())
    assert len(cl) == 1 and cl[0].toks[-2:] == ["d", "ou"]


@pytest.mark.parametrize("told", ["il y a pas eu de bande", "il n'y a jamais eu de bande"])
def test_no_rail_told_with_eu_is_a_foul(ask, told):
    # 9-bca/8-une-bande-apres-impact: « si aucune boule n'est empochée par la suite, il y a faute si la
    # blanche ou toute autre boule n'atteint pas une bande » — the story says no rail was reached
    o = _outcome(ask, f"au 9 BCA je tape bien la 1 d'abord, aucune bille ne tombe, {told}", "9-bca")
    assert o["legal"] is False and o["ball_in_hand"] is True

