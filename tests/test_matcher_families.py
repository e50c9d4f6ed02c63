"""Families of how players ask (issue 11, points 4 and 5): each test is a question written for
it, not taken from a benchmark set, and the clause the rule text gives."""
from __future__ import annotations

import pytest

from qa.answer import Answerer
from qa.asides import clean
from qa.matcher import Matcher
from qa.sections import reference, section_number
from qa.situation_answer import situation_handler
from qa.text import words


@pytest.fixture(scope="module")
def matcher(rulebook):
    return Matcher.shared(rulebook)


@pytest.fixture(scope="module")
def answerer(rulebook):
    return Answerer(rulebook, situation_handler(rulebook))


def _first(answerer, q: str) -> str:
    a = answerer.ask(q)
    assert a["kind"] != "unknown", q
    return a["citations"][0]["id"]


# ----------------------------------------------------------------------------- the text's structure
@pytest.mark.parametrize("section, number", [("4. BRIS LÉGAL", 4), ("12.", 12), ("10. BOULES PROJETÉES", 10),
                                             ("Casse de départ", None), ("", None)])
def test_section_number(section, number):
    assert section_number(section) == number


@pytest.mark.parametrize("q, number, where", [
    ("la règle 4 chez Dooly's", 4, None),
    ("que dit l'article 6 de la BCA ?", 6, None),
    ("le point n° 10 du règlement", 10, None),
    ("c'est quoi à la fin du guide ?", None, "end"),
    ("au début du règlement ils disent quoi", None, "start"),
])
def test_reference_read(q, number, where):
    ref = reference(words(q))
    assert ref is not None and (ref.number, ref.where) == (number, where)


@pytest.mark.parametrize("q", ["la règle des 3 fautes", "la partie est perdue ?", "3 points de pénalité",
                               "les règles du 9 ball", "la fin de la partie", "la règle 9 ball c'est quoi"])
def test_no_reference(q):
    assert reference(words(q)) is None


@pytest.mark.parametrize("q, ruleset, prefix", [
    ("la règle 4 chez Dooly's", "10-doolys", "4."),
    ("que dit l'article 6 de la BCA ?", "9-bca", "6."),
    ("je comprends pas la règle 11 de dooly's", "10-doolys", "11."),
    ("le point 10 du règlement doolys ça dit quoi", "10-doolys", "10."),
])
def test_a_numbered_section_is_searched(matcher, q, ruleset, prefix):
    look = matcher.lookup(clean(q))
    assert not look.unknown
    assert look.hits and all(h.clause.ruleset == ruleset and h.clause.section.startswith(prefix) for h in look.hits)


def test_several_sections_named_together_are_all_searched(matcher):
    # « les règles 8 et 9 » of Dooly's: 8. COUP MANQUÉ and 9. AUCUNE BANDE, however weakly the other words match
    ref = reference(words("les règles 8 et 9 de dooly's"))
    assert ref is not None and ref.numbers == {8, 9}
    look = matcher.lookup(clean("chez dooly's, les regles 8 et 9 que le push suspend, elles disent quoi ?"))
    assert not look.unknown and {h.clause.section.split(".")[0] for h in look.hits} == {"8", "9"}


def test_a_term_within_a_section_ranks_there(matcher):
    look = matcher.lookup("l'article 12 de la BCA, l'avertissement")
    assert look.hits[0].clause.id == "9-bca/12-avertissement"


def test_the_end_of_the_guide(matcher):
    look = matcher.lookup(clean("c'est quoi à la fin du guide ?"))
    assert look.hits[0].clause.id == "10-guide/organismes-officiels"


def test_a_section_no_text_has_is_searched_as_usual(matcher):
    look = matcher.lookup("la règle 30 sur la casse")
    assert not look.unknown and look.hits


def test_federations_listed_are_the_official_bodies(answerer):
    assert _first(answerer, "quelles fédérations sont citées ?") == "10-guide/organismes-officiels"


# ----------------------------------------------------------------------------- vocabulary
@pytest.mark.parametrize("q, wanted", [
    ("bille de choc dans le trou au bris", {"10-doolys/4b-bris-non-valable", "9-bca/3b-bris-non-valable"}),
    ("la blanche au trou sur le break, faute ?", {"10-doolys/4b-bris-non-valable", "9-bca/3b-bris-non-valable",
                                                 "10-guide/casse-faute-blanche-empochee"}),
    ("j'ai rentré une bille sans l'annoncer à la 10 FFB", {"10-ffb/empoche-non-annoncee"}),
    ("comment fonctionnent les annonces au 10 en fédé", {"10-ffb/annonce-du-coup", "10-ffb/annonce-validite"}),
    ("quand on pousse, la blanche doit toucher une bande ?", {
        "10-doolys/6-coup-pousse-regles-suspendues", "9-bca/5-coup-pousse-regles-suspendues",
        "10-ffb/push-out-bande-non-requise", "9-ffb/push-out-contact-non-requis"}),
])
def test_players_words(matcher, q, wanted):
    look = matcher.lookup(clean(q))
    assert not look.unknown and look.hits[0].clause.id in wanted, [h.clause.id for h in look.hits[:3]]


# ----------------------------------------------------------------------------- the refusal gate
@pytest.mark.parametrize("q, wanted", [
    ("bon alors voilà, la bille de choc en main je la mets où au juste",
     {"10-doolys/10-bille-en-main-placement", "9-bca/9-blanche-en-main-placement", "10-doolys/7-faute-bille-en-main",
      "9-bca/6-faute-blanche-en-main"}),
    ("qqn sait si on doit annoncer en 9 ball ?", {"9-bca/1-pas-d-annonce", "9-ffb/pas-d-annonce"}),
    ("le lag se joue depuis où ?", {"10-guide/tirage-a-la-bande"}),
    ("désolé si c'est bête, je débute : à quoi sert la ligne de tête ?",
     {"10-doolys/2-blanche-zone-de-depart", "9-bca/2-blanche-zone-de-depart",
      "10-ffb/casse-bille-en-main-derriere-la-ligne", "10-guide/casse-blanche-derriere-ligne"}),
    ("mon adversaire joue super lentement en fédé, y a une règle ?", {"9-ffb/faute-jeu-lent", "10-ffb/faute-13-jeu-lent"}),
    ("question con mais la blanche elle se place où pour casser",
     {"9-bca/2-blanche-zone-de-depart", "10-doolys/2-blanche-zone-de-depart",
      "10-ffb/casse-bille-en-main-derriere-la-ligne", "10-guide/casse-blanche-derriere-ligne"}),
    ("cc, dsl : mon pote et moi on est jamais d'accord, en FFB une bille éjectée c'est faute ?",
     {"10-ffb/faute-5-bille-ejectee", "9-ffb/faute-bille-de-but-ejectee"}),
])
def test_filler_never_refuses(answerer, q, wanted):
    assert _first(answerer, q) in wanted


@pytest.mark.parametrize("q", [
    "comment bien viser une bille fine", "combien coûte une queue de billard", "quelle marque de queue acheter",
    "la table du bar prend quelles pièces ?", "les règles du snooker", "qui a gagné le mondial de 9-ball",
    "c'est quand le prochain tournoi à Paris", "quel est le meilleur joueur de billard",
    "bon alors voilà, combien coûte un tapis ?",
    "quelle est la meilleure queue pour un débutant ?", "une queue à 80 balles ça vaut le coup ?",
    "au 8 pool, si la 8 rentre à la casse, j'ai gagné ?", "comment fabriquer un chevalet en bois soi-même ?",
])
def test_near_domain_stays_refused(answerer, q):
    assert answerer.ask(q)["kind"] == "unknown"


# ----------------------------------------------------------------------------- a story asking a rule
@pytest.mark.parametrize("q, wanted", [
    ("au magic rack trois billes tombent à la casse mais aucune ne passe la ligne, je continue ?",
     "9-ffb/trois-billes-trois-empochees"),
    ("j'ai fait un dry break au jeu de la 9 et la 9 est tombée", "9-ffb/dry-break-9-replacee"),
    # the ruling rests on « les jumps sont autorisés »; the case the story names is its own item
    ("guide : ma blanche a touché la bande puis a sauté par-dessus la 5 avant de toucher la 1, faute ?",
     "10-guide/jump-apres-bande"),
    ("au guide, en jump ma blanche tape le cadre en bois puis retombe sur le tapis et touche la 2",
     "10-guide/jump-cadre-bois"),
])
def test_a_ruled_story_cites_its_specific_clause_first(answerer, q, wanted):
    a = answerer.ask(q)
    assert a["kind"] == "scenario" and a["citations"][0]["id"] == wanted


def test_a_story_naming_a_ball_keeps_the_ruling_first_when_the_clause_ignores_it(answerer):
    # the lookup's best clause is about the lowest ball pocketed uncalled, not the 10: the ruling's
    # own clauses keep their places
    a = answerer.ask("jai empoché la 10 sans l'annoncer")
    assert a["citations"][0]["id"] != "10-ffb/empoche-non-annoncee"


# ----------------------------------------------------------------------------- the specific clause first
@pytest.mark.parametrize("q, wanted", [
    ("Après une faute à la casse, a-t-on droit au push-out ?",
     {"10-guide/casse-faute-pas-de-push-out", "10-ffb/push-out-interdit-bille-en-main"}),
    ("Que devient la 10 empochée lors d'une casse avec faute ?",
     {"10-guide/casse-faute-10-replacee", "10-ffb/casse-10-empochee-sur-faute"}),
])
def test_a_policy_answer_keeps_the_specific_clause_first(answerer, q, wanted):
    """With room for every verdict's clause and more (k = 8), the specific clause leads; with
    k = 5 and five verdicts, each verdict's own clause is cited first (see hygiene.on_subject)."""
    a = answerer.ask(q, k=8)
    assert a["kind"] != "unknown" and a["citations"][0]["id"] in wanted


def test_canada_names_the_quebec_texts():
    from qa.detect import detect
    assert set(detect("dans le règlement canadien, le bris").rulesets) == {"10-doolys", "9-bca"}


@pytest.mark.parametrize("q, named", [
    ("au BCA version Québec, c'est quoi un coup poussé ?", ("9-bca",)),
    ("chez Dooly's au Québec, le bris", ("10-doolys",)),
    ("BCA et Dooly's : le coup poussé", ("10-doolys", "9-bca")),
    ("la FFB et le guide : le push-out", ("10-ffb", "9-ffb", "10-guide")),
])
def test_a_broad_name_is_narrowed_by_a_precise_one(q, named):
    from qa.detect import detect
    assert set(detect(q).rulesets) == set(named)


def test_the_bca_named_with_quebec_answers_from_the_bca_only(answerer):
    a = answerer.ask("c'est quoi un coup poussé au juste, au BCA du Québec ?")
    assert {c["ruleset"] for c in a["citations"]} == {"9-bca"}


# ----------------------------------------------------------------------------- the rule before its exception
NO_RAIL = {"10-guide/faute-absence-de-bande", "9-bca/8-une-bande-apres-impact", "10-doolys/9-aucune-bande",
           "10-ffb/faute-3-absence-de-bande", "9-ffb/faute-pas-de-bande"}


def test_the_rail_rule_before_the_push_out_exception(answerer):
    assert _first(answerer, "est-il obligatoire de toucher une bande après le contact ?") in NO_RAIL


def test_a_push_out_question_still_gets_the_push_out_clause(answerer):
    assert _first(answerer, "sur un push out faut il toucher une bande ?") in {
        "9-ffb/push-out-contact-non-requis", "10-ffb/push-out-bande-non-requise",
        "10-doolys/6-coup-pousse-regles-suspendues", "9-bca/5-coup-pousse-regles-suspendues"}


# ----------------------------------------------------------------------------- lead, session 3
def test_a_late_claim_is_looked_up_not_refused(answerer):
    """« déjà rejoué », « encore » frame the question (light words, keywords of the REMARQUE)."""
    assert _first(answerer, "chez Dooly's, l'autre a déjà rejoué quand j'ai vu sa faute, je peux encore la réclamer ?") \
        == "10-doolys/remarque-signaler-une-faute"


def test_a_bridge_that_moves_a_ball_is_a_rule_question_not_technique(answerer):
    a = answerer.ask("au 9 j'ai touché une bille avec mon chevalet, c'est faute ?")
    assert a["kind"] != "unknown"
    assert answerer.ask("comment on fait un bon chevalet ?")["kind"] == "unknown"     # technique


def test_a_doubt_on_a_called_shot_finds_the_visual_check(answerer):
    assert _first(answerer, "en FFB au 10 il pense que mon coup annoncé n'est pas faisable, il peut demander quoi ?") \
        == "10-ffb/annonce-controle-visuel"


def test_not_on_purpose_is_not_on_purpose():
    """« sans faire exprès » is the opposite of « exprès » (the glossary's « involontaire » group): a
    ball pocketed by accident on a push-out is not the foul of playing out of turn on purpose."""
    from qa.matcher import Matcher
    from qa.rulebook import load_rulebook
    hits = Matcher.shared(load_rulebook()).search("9 ffb : sur mon push j'ai rentré la 5 sans faire exprès, elle reste ?")
    assert hits[0].clause.id == "9-ffb/push-out-9-empochee"


@pytest.mark.parametrize("q", ["en FFB, à quoi est réservé ce mode de jeu, au circuit national ?",
                               "au 10 FFB, les règles du championnat de France masters c'est lesquelles ?"])
def test_the_competitions_a_text_names_are_in_scope(answerer, q):
    """10-ffb/mode-de-jeu-circuit-national: « réservé au Circuit National et au Championnat de France Masters »."""
    a = answerer.ask(q)
    assert a["kind"] != "unknown" and a["citations"][0]["id"] == "10-ffb/mode-de-jeu-circuit-national"
