"""French normalisation (qa/text.py): accents, elisions, numbers, stop words, stems, glossary."""
from __future__ import annotations


import pytest


from qa.text import STOP_WORDS, Analyzer, fold, normalise, phonetic, stem, words


@pytest.fixture(scope="module")
def analyzer(rulebook):
    return Analyzer(rulebook.glossary)


# ----------------------------------------------------------------------------- fold
@pytest.mark.parametrize("raw,folded", [
    ("Empochée", "empochee"), ("ÉJECTÉE", "ejectee"), ("bille à côté", "bille a cote"),
    ("L’ouvreur", "l'ouvreur"), ("Œil", "oeil"), ("naïve", "naive"), ("Ça", "ca"),
])
def test_fold_lowercases_and_folds_accents_and_apostrophes(raw, folded):
    assert fold(raw) == folded


def test_fold_is_idempotent():
    s = "Règle des « 3 billes » : l’ouvreur doit toucher la n° 1"
    assert fold(fold(s)) == fold(s)


def test_accents_are_folded_before_stemming():
    assert stem(fold("empochée")) == stem("empochee") == stem("empocher") == stem(fold("empoché"))


# ----------------------------------------------------------------------------- elisions
@pytest.mark.parametrize("raw,expected", [
    ("l’ouvreur", ["l", "ouvreur"]), ("d'abord", ["d", "abord"]), ("qu'il", ["qu", "il"]),
    ("j’empoche", ["j", "empoche"]), ("s'il", ["s", "il"]), ("n'est", ["n", "est"]),
    ("c'est", ["c", "est"]), ("jusqu’à", ["jusqu", "a"]),
])
def test_elisions_are_split(raw, expected):
    assert words(raw) == expected


def test_elided_particles_are_stop_words():
    assert {"l", "d", "qu", "j", "s", "n", "c", "jusqu", "lorsqu"} <= STOP_WORDS


# ----------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("raw,number", [
    ("la neuf", "9"), ("la NEUF", "9"), ("n°9", "9"), ("n° 9", "9"), ("no 9", "9"), ("nine", "9"),
    ("dix", "10"), ("ten", "10"), ("n° 10", "10"), ("n°10", "10"), ("no. 10", "10"), ("#10", "10"),
    ("la boule numéro UN", "1"), ("bille une", "1"),
])
def test_number_words_and_forms_become_digits(raw, number):
    assert number in words(raw)


@pytest.mark.parametrize("raw", ["9-ball", "9 ball", "9ball", "nine-ball", "nine ball"])
def test_game_names_read_as_number_then_ball(raw):
    assert words(raw) == ["9", "ball"]


def test_une_is_not_one_outside_a_ball_context():
    assert "1" not in words("une faute sur une bille")


def test_ordinals_are_normalised():
    assert words("2e faute")[0] == words("deuxième faute")[0] == words("seconde faute")[0] == "deuxieme"
    assert words("3e")[0] == words("troisième")[0] == "troisieme"
    assert words("1re")[0] == words("première")[0] == words("1er")[0] == "premier"


def test_ball_1_never_matches_inside_10(analyzer):
    assert words("la 10") == ["la", "10"]
    assert "1" not in analyzer.terms("la bille no 10")
    assert "10" not in analyzer.terms("la bille no 1")
    assert "1" not in words("n°10") and "1" not in words("10-ball")


def test_counts_are_not_ball_numbers(analyzer):
    assert "x4" in words("au moins quatre billes") and "4" not in words("au moins quatre billes")
    assert "4" in words("toucher la 4") and "x4" not in words("toucher la 4")
    assert analyzer.terms("4 billes") == analyzer.terms("quatre billes")


def test_normalise_joins_words():
    assert normalise("Au jeu de la Dix !") == "au jeu de la 10"


# ----------------------------------------------------------------------------- stop words
@pytest.mark.parametrize("kept", ["dix", "neuf", "pas", "sans", "apres", "avant", "aucun", "aucune",
                                  "plus", "moins", "jamais", "sauf", "hors", "derriere"])
def test_stop_words_keep_words_that_change_the_ruling(kept, analyzer):
    assert kept not in STOP_WORDS
    assert analyzer.terms(kept)


def test_stop_words_drop_filler(analyzer):
    assert analyzer.terms("est-ce que le la les de du") == []


def test_pas_and_sans_survive_analysis(analyzer):
    terms = analyzer.terms("pas de bande, sans toucher")
    assert stem("pas") in terms and stem("sans") in terms


# ----------------------------------------------------------------------------- glossary
def test_project_glossary_has_no_conflicts(analyzer):
    assert analyzer.conflicts == []


@pytest.mark.parametrize("variants", [
    ["casse", "bris", "break", "ouverture"],
    ["blanche", "bille de choc", "bille de visée", "bille blanche", "cue ball", "boule blanche"],
    ["coup poussé", "push-out", "push out", "coup de dégagement"],
    ["empocher", "blouser", "rentrer", "pocket"],
    ["mouche", "spot", "point de replacement", "spot inférieur"],
    ["faute", "foul"],
    ["bille en main", "ball in hand", "blanche en main", "bille de choc en main"],
    ["bande", "rail", "coussin"],
    ["jump", "coup sauté", "sauter"],
    ["massé", "masse"],
    ["scratch", "blanche empochée"],
    ["magic rack", "gabarit", "template"],
    ["dry break", "dry-break", "casse sèche"],
    ["tirage à la bande", "lag"],
    ["triangle", "rack", "losange"],
    ["poussette", "push shot", "pousette"],
    ["queutage", "double touche", "double hit"],
    ["annonce", "annoncer", "call"],
    ["sécurité", "safety"],
    ["manche", "partie", "game"],
    ["trois fautes", "3 fautes", "three fouls"],
])
def test_synonyms_share_one_term(analyzer, variants):
    first = analyzer.terms(variants[0])
    assert len(first) == 1
    for v in variants[1:]:
        assert analyzer.terms(v) == first, v


def test_phrases_inside_sentences(analyzer):
    assert analyzer.terms("Le joueur a la bille de choc en main") == analyzer.terms("joueur blanche en main")
    assert "scratch" in analyzer.terms("La blanche est empochée au bris")
    assert analyzer.terms("au bris") == analyzer.terms("à la casse")


def test_mettre_alone_is_not_pocketing(analyzer):
    """"où mettre la blanche ?" is about placing it: "mettre" is no synonym of empocher."""
    assert analyzer.terms("mettre") != analyzer.terms("empocher")


def test_phonetic_key_catches_spelling_by_ear():
    assert phonetic("fotes") == phonetic("fautes")
    assert phonetic("premie") == phonetic("premier")
    assert phonetic("blouzer") == phonetic("blouser")
    assert phonetic("sport") != phonetic("sort")


# ----------------------------------------------------------------------------- SMS spellings
@pytest.mark.parametrize("raw,expected", [
    ("cest quoi", ["c", "est", "quoi"]),
    ("jai rentré la 9", ["j", "ai", "rentre", "la", "9"]),
    ("ke veut dire", ["que", "veut", "dire"]),
    ("kan a t on", ["quand", "a", "t", "on"]),
    ("c koi", ["c", "quoi"]),
    ("pk la 9", ["pourquoi", "la", "9"]),
    ("ya faute", ["y", "a", "faute"]),
])
def test_sms_spellings_become_the_words_they_stand_for(raw, expected):
    assert words(raw) == expected


def test_sms_spellings_of_a_question_are_stop_words(analyzer):
    """"cest quoi X", "ke veut dire X", "c koi X": only X is left to search."""
    for q in ("cest quoi le coup pousse", "c koi le coup poussé", "ke veut dire coup poussé",
              "c'est quoi le coup poussé"):
        assert analyzer.terms(q) == analyzer.terms("coup poussé"), q


def test_question_words_frame_a_question_only():
    from qa.text import QUESTION_WORDS
    assert {"signifie", "definition", "explique"} <= QUESTION_WORDS
    assert not QUESTION_WORDS & {"faute", "casse", "bille", "main", "annonce", "designe", "designer"}
