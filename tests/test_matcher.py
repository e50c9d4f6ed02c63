"""The matcher (qa/matcher.py, qa/detect.py) on tests/data/questions.yaml, ruleset
detection, and the Answerer (qa/answer.py): shape of answers and validation errors.

Quality thresholds sit a little under what bench/bench_matcher.py measures on
tests/data/questions.yaml, so that a regression fails here while noise does not. The blind
set (tests/data/questions_blind.yaml) is only reported by the bench, never asserted on:
thresholds on it would turn it into a tuning set. Here it is only checked for shape and for
leaks (no clause example question may copy one of its questions).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from qa.answer import MAX_K, UNKNOWN_TEXT, Answerer, AskError
from qa.detect import detect
from qa.matcher import Matcher
from qa.text import fold
from rapidfuzz import fuzz, process

ROOT = Path(__file__).resolve().parents[1]

QUESTIONS = yaml.safe_load((ROOT / "tests" / "data" / "questions.yaml").read_text(encoding="utf-8"))
BLIND = yaml.safe_load((ROOT / "tests" / "data" / "questions_blind.yaml").read_text(encoding="utf-8"))
IN_SCOPE = [q for q in QUESTIONS if q["answers"]]
OUT_OF_SCOPE = [q for q in QUESTIONS if not q["answers"]]
FRESH_TAGS = {"fresh", "fresh2"}
HELD_OUT = [q for i, q in enumerate(QUESTIONS) if i % 3 == 2 and not FRESH_TAGS & set(q.get("tags", ()))]


@pytest.fixture(scope="module")
def matcher(rulebook):
    return Matcher(rulebook)


@pytest.fixture(scope="module")
def asker(rulebook, matcher):
    return Answerer(rulebook, matcher=matcher)


def _rates(matcher, items):
    ins = [q for q in items if q["answers"]]
    outs = [q for q in items if not q["answers"]]
    top1 = top3 = refused_in = refused_out = 0
    for q in ins:
        res = matcher.lookup(q["q"])
        ids = [h.clause.id for h in res.hits]
        top1 += bool(ids) and ids[0] in q["answers"]
        top3 += any(i in q["answers"] for i in ids[:3])
        refused_in += res.unknown
    for q in outs:
        refused_out += matcher.lookup(q["q"]).unknown
    return (top1 / len(ins), top3 / len(ins), refused_in / len(ins),
            refused_out / len(outs) if outs else 1.0)


# ----------------------------------------------------------------------------- the set
def test_question_set_size_and_coverage(rulebook):
    assert len(IN_SCOPE) >= 100 and len(OUT_OF_SCOPE) >= 30
    for q in IN_SCOPE:
        for cid in q["answers"]:
            assert cid in rulebook.clauses, (q["q"], cid)
            assert rulebook.clauses[cid].kind != "toc"
    topics = {t for q in IN_SCOPE for cid in q["answers"] for t in rulebook.clauses[cid].topics}
    assert topics == set(rulebook.topics)
    firsts = {q["answers"][0].split("/")[0] for q in IN_SCOPE}
    assert firsts == set(rulebook.rulesets)


def test_question_set_does_not_copy_the_clauses_example_questions(rulebook):
    theirs = {fold(x).strip(" ?") for c in rulebook.clauses.values() for x in c.questions}
    copied = [q["q"] for q in QUESTIONS if fold(q["q"]).strip(" ?") in theirs]
    assert not copied


def test_blind_set_shape(rulebook):
    ins = [q for q in BLIND if q["answers"]]
    outs = [q for q in BLIND if not q["answers"]]
    assert (len(ins), len(outs)) == (65, 25)
    for q in ins:
        for cid in q["answers"]:
            assert cid in rulebook.clauses and rulebook.clauses[cid].kind != "toc", (q["q"], cid)
    assert {cid.split("/")[0] for q in ins for cid in q["answers"]} == set(rulebook.rulesets)
    assert {q["tags"][0] for q in ins} == set(rulebook.topics)


def test_clause_examples_do_not_leak_the_blind_set(rulebook):
    """No example question of a clause is a copy, or a near copy, of a blind question: the
    blind figure must stay a measure of generalisation."""
    theirs = [x for c in rulebook.clauses.values() for x in c.questions]
    for q in BLIND:
        match = process.extractOne(q["q"], theirs, scorer=fuzz.token_sort_ratio, processor=fold)
        assert match[1] < 90, (q["q"], match[0])


def test_question_set_includes_the_shared_examples():
    path = ROOT.parent / "shared" / "examples" / "questions.yaml"
    if not path.is_file():
        pytest.skip("shared examples not present")
    ours = {q["q"] for q in QUESTIONS}
    for ex in yaml.safe_load(path.read_text(encoding="utf-8")):
        assert ex["q"] in ours


# ----------------------------------------------------------------------------- quality
def test_quality_on_the_whole_set(matcher):
    top1, top3, refused_in, refused_out = _rates(matcher, QUESTIONS)
    assert top1 >= 0.92
    assert top3 >= 0.96
    assert refused_in <= 0.02
    assert refused_out >= 0.95


def test_quality_on_the_held_out_third(matcher):
    top1, top3, refused_in, refused_out = _rates(matcher, HELD_OUT)
    assert top1 >= 0.93
    assert top3 >= 0.96
    assert refused_in <= 0.02
    assert refused_out >= 0.9


def test_quality_on_questions_written_after_tuning(matcher):
    """The "fresh2" items were written once an earlier matcher was frozen; they have been
    looked at since (the blind set is the independent figure, see the bench)."""
    fresh = [q for q in QUESTIONS if "fresh2" in q.get("tags", ())]
    top1, top3, refused_in, refused_out = _rates(matcher, fresh)
    assert top1 >= 0.86
    assert top3 >= 0.93
    assert refused_in <= 0.07
    assert refused_out >= 0.9


@pytest.mark.parametrize("q", [q for q in QUESTIONS if "example" in q.get("tags", ())], ids=lambda q: q["q"][:40])
def test_shared_examples_top3(matcher, q):
    res = matcher.lookup(q["q"])
    if not q["answers"]:
        assert res.unknown
    else:
        assert not res.unknown
        assert any(h.clause.id in q["answers"] for h in res.hits[:3])


# ----------------------------------------------------------------------------- search
def test_toc_clauses_are_never_returned(matcher, rulebook):
    tocs = [c for c in rulebook.clauses.values() if c.kind == "toc"]
    for c in tocs:
        for hit in matcher.search(c.text[:200], k=20):
            assert hit.clause.kind != "toc"
    assert all(c.kind in ("rule", "info") for c in matcher.clauses)


def test_hits_are_scored_and_at_most_k(matcher):
    hits = matcher.search("trois fautes consécutives", k=3)
    assert 1 <= len(hits) <= 3
    assert all(h.score > 0 for h in hits)


def test_explicit_rulesets_restrict(matcher):
    for ids in (["9-bca"], ["10-ffb", "10-guide"]):
        hits = matcher.search("la blanche est empochée", rulesets=ids, k=10)
        assert hits and {h.clause.ruleset for h in hits} <= set(ids)


def test_explicit_rulesets_win_over_the_question(matcher):
    res = matcher.lookup("au jeu de la 10, faut-il toucher la 1 à la casse ?", rulesets=["9-ffb"])
    assert {h.clause.ruleset for h in res.hits} == {"9-ffb"}
    assert res.searched == ("9-ffb",)


def test_best_clause_of_each_ruleset_comes_first(matcher):
    res = matcher.lookup("faut-il une bille en bande après le contact ?", k=5)
    assert not res.unknown
    heads = [h.clause.ruleset for h in res.hits[:len(res.rulesets)]]
    assert heads == list(res.rulesets) and len(set(heads)) == len(heads)
    assert set(res.rulesets) == {"9-bca", "9-ffb", "10-doolys", "10-ffb", "10-guide"}
    scores = [h.score for h in res.hits[:len(res.rulesets)]]
    assert scores == sorted(scores, reverse=True)


def test_weak_rulesets_are_not_padded(matcher):
    assert matcher.lookup("règle des 3 billes avec un magic rack").rulesets == ("9-ffb",)
    assert matcher.lookup("la bille touche la grande bande au lag").rulesets == ("10-guide",)


def test_game_named_restricts_to_its_rulesets(matcher):
    res = matcher.lookup("la 10 sort de la table")
    assert {h.clause.ruleset for h in res.hits} <= {"10-doolys", "10-ffb", "10-guide"}
    res = matcher.lookup("règle des trois fautes au jeu de la neuf")
    assert {h.clause.ruleset for h in res.hits} <= {"9-bca", "9-ffb"}


def test_typos_are_corrected(matcher):
    res = matcher.lookup("trois fotes de suite a la neuf")
    assert res.corrections == {"fotes": "fautes"}
    assert res.hits[0].clause.id in ("9-bca/12-trois-fautes", "9-ffb/trois-fautes-consecutives")


def test_out_of_scope_words_are_not_corrected_into_rules(matcher):
    for q in ("comment devenir arbitre de billard", "est-ce que le billard est un sport olympique"):
        assert matcher.lookup(q).unknown


@pytest.mark.parametrize("q,category", [
    ("combien coûte une queue de casse", "price"), ("où acheter un triangle pas cher", "price"),
    ("quelle marque de billes choisir", "brand"),
    ("comment faire un rétro", "howto"), ("comment bien viser une coupe", "howto"),
    ("des astuces pour progresser au 9 ball ?", "advice"), ("comment faire un massé", "howto"),
    ("quelle craie utiliser", "equipment"), ("dimensions d'une table de 9 pieds", "equipment"),
    ("comment changer le procédé de ma queue", "equipment"),
    ("horaires du prochain tournoi", "events"), ("qui est le meilleur joueur de 10 ball", "events"),
    ("c'est combien une queue en érable ?", "price"), ("tu choisirais quelle table pour un garage ?", "equipment"),
    ("quelle queue choisir quand on commence ?", "equipment"), ("combien pèse une boule de 57 mm ?", "equipment"),
    ("mon drap est trop lent, je fais quoi ?", "equipment"),
    ("comment mettre mon billard à niveau ?", "setup"), ("peut-on transporter un billard sans le démonter ?", "setup"),
    ("comment handicaper un joueur plus fort que moi ?", "handicap"),
    ("ils s'inscrivent où, les joueurs du tournoi ?", "events"),
    ("comment tenir plus fermement mon chevalet ?", "howto"), ("comment réussir une casse plus puissante ?", "howto"),
    ("le meilleur moyen de placer la blanche pour la bille d'après ?", "howto"),
    ("quelle tactique adopter contre un joueur défensif ?", "advice"),
    ("la craie bleue ou verte, laquelle est mieux ?", "equipment"), ("comment choisir sa queue de jump ?", "equipment"),
    ("qui fabrique les billes de compétition ?", "brand"),
    ("vaut-il mieux jouer la sécurité ou attaquer la 3 ?", "advice"), ("avec quelle force taper la casse ?", "technique"),
    ("d'où je casse le mieux au jeu de la 10 ?", "technique"), ("quelle tenue porter en compétition ?", "equipment"),
    ("ma moyenne par manche est-elle correcte ?", "events"),
    ("au billard du bistrot, la table garde la blanche quand je la rentre", "coin_op"),
    ("comment ne plus stresser quand je joue la bille de match ?", "advice"),
    ("j'ai une tendinite au coude à force de jouer", "health"),
    ("je cherche un prof de billard à Lyon", "events"), ("comment empocher une bille en double ?", "howto"),
    ("pourquoi la blanche tourne quand je la frappe à gauche ?", "technique"),
    ("combien mesure une poche de coin ?", "equipment"),
    ("quelle est la meilleure casse pour faire tomber des billes ?", "advice"),
    ("comment je réussis un draw sur une bille collée ?", "howto"),
    ("c'est quoi le meilleur embout pour une queue de casse ?", "equipment"),
    ("il faut changer un drap tous les combien ?", "equipment"),
    ("peut-on faire une partie de 9 entre quatre potes ?", "events"),
    ("on a combien de minutes pour jouer un coup en compet ?", "duration"),
    ("comment on change les bandes de son billard ?", "equipment"),
    ("quel chevalet pour commencer ?", "equipment"),
    ("comment je joue la blanche pour avoir un bon placement sur la suivante ?", "howto"),
])
def test_off_topic_intents_are_refused(matcher, q, category):
    res = matcher.lookup(q)
    assert res.detection.off_topic == category
    assert res.unknown and res.reason == "off_topic"


@pytest.mark.parametrize("q", [
    "le massé est-il autorisé chez Dooly's ?", "a-t-on le droit de faire un jump à la 10 ?",
    "poser sa queue sur la table pour viser, c'est faute ?", "en tournoi, qui casse la manche suivante ?",
    "faut-il garder un pied au sol ?", "les deux pieds en l'air pour tirer, faute ?",
    "comment jouer un push out", "la 9 est remplacée sur la mouche ?",
    "quel est le matériel pour jouer à la 10 ?", "combien de poches a la table ?",
    "le joueur peut-il prendre la table telle quelle après un push-out ?", "c'est combien de fautes pour perdre ?",
    "en bille en main, je peux placer la blanche où je veux pour le coup suivant ?",
    "un joueur débutant a-t-il droit à un avertissement ?", "si je touche la blanche avec le chevalet, c'est faute ?",
    "j'ai effleuré la 4 avec ma craie, c'est faute ?", "la bille finit sur le porte-craie, elle est hors table ?",
    "si la housse de ma queue touche une bille, faute ?", "une bille bloquée dans la poche compte ?",
    "j'ai rentré la 3 en direct et la 9 en bande, ça compte ?",
    "je rentre la 10 sur la casse, je gagne à tous les coups ?", "quel est le meilleur coup de sécurité permis ?",
    "je touche la 7 au lieu de la 8, faute ?", "mon adversaire met des plombes à chaque coup, c'est une faute ?",
])
def test_rule_questions_sharing_a_subject_are_not_off_topic(matcher, q):
    res = matcher.lookup(q)
    assert res.detection.off_topic is None
    assert not res.unknown, (res.reason, res.coverage)


@pytest.mark.parametrize("variants", [
    ["trois fautes", "fautes de suite", "fautes d'affilée"], ["partout", "n'importe où", "toute la table"],
    ["en même temps", "simultanément"], ["poche", "trou"], ["combinaison", "combi", "combo"],
])
def test_players_words_share_one_term(matcher, variants):
    first = matcher.analyzer.terms(variants[0])
    assert len(first) == 1 and all(matcher.analyzer.terms(v) == first for v in variants[1:])


def test_common_words_are_real_words_not_typos():
    from qa.text import COMMON_WORDS
    assert {"hauteur", "remplacer", "anglais", "tirent", "reparer"} <= COMMON_WORDS
    assert all(w == fold(w) and w.isalpha() for w in COMMON_WORDS)


@pytest.mark.parametrize("word", ["hauteur", "remplacer", "anglais", "tirent", "reparer"])
def test_real_french_words_are_not_corrected(matcher, word):
    assert word not in matcher.lookup(f"question sur {word} au billard").corrections


def test_example_channel_finds_a_clause_phrased_like_its_examples(matcher, rulebook):
    c = rulebook.clauses["9-ffb/bille-9-point-occupe"]
    res = matcher.lookup(c.questions[0])
    assert res.example >= 90 and res.hits[0].clause.id == c.id
    assert matcher.fuzzy_key(["b", "a", "b"]) == "a b"
    scores = [h.score for h in res.hits[:len(res.rulesets)]]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize("q", ["c'est quoi le jeu de la 10 ?", "le 9-ball c'est quoi"])
def test_a_question_naming_only_the_game_is_answered(matcher, q):
    res = matcher.lookup(q)
    assert not res.unknown and res.hits
    assert res.hits[0].clause.topics[0] in ("objective", "variants", "equipment")


def test_ball_in_hand_after_a_game_number_is_kept(matcher):
    res = matcher.lookup("scratch au break à la 9 : ball in hand ?")
    assert "bill_main" in res.terms and not res.unknown


def test_unknown_still_gives_closest_topics(matcher, rulebook):
    res = matcher.lookup("Quel est le prix d'une table de billard ?")
    assert res.unknown and res.topics
    assert set(res.topics) <= set(rulebook.topics)


@pytest.mark.parametrize("q", ["", "   ", "?!", "le la les de"])
def test_empty_questions_are_unknown(matcher, q):
    res = matcher.lookup(q)
    assert res.unknown and res.reason == "empty"


def test_other_game_is_unknown_unless_asking_about_variants(matcher):
    assert matcher.lookup("au jeu de la 8, que se passe-t-il si on rentre la 8 à la casse").reason == "other_game"
    res = matcher.lookup("la fédé reconnaît-elle le 14-1 continu ?")
    assert not res.unknown and res.hits[0].clause.id == "10-guide/autres-variantes"


# ----------------------------------------------------------------------------- detection
@pytest.mark.parametrize("q,game", [
    ("au jeu de la 9, la casse", "nine-ball"), ("jeu de la neuf", "nine-ball"),
    ("à la dix, qui casse ?", "ten-ball"), ("au 10 on annonce ?", "ten-ball"),
    ("9-ball push out", "nine-ball"), ("ten-ball rules", "ten-ball"), ("jeu du 10", "ten-ball"),
    ("la n° 10 sort de la table", "ten-ball"), ("une partie de 9", "nine-ball"),
    ("quelle différence entre la 9 et la 10", None), ("table de 9 pieds", None),
    ("toucher la 1 en premier", None), ("dix billes numérotées", None),
    ("au jeu de la 10, si la 9 rentre", "ten-ball"),
])
def test_game_detection(q, game):
    assert detect(q).game == game


@pytest.mark.parametrize("q,expected", [
    ("chez Dooly's, on casse d'où ?", {"10-doolys"}), ("doolys push out", {"10-doolys"}),
    ("règles FFB du jeu de la 9", {"9-ffb"}), ("selon la fédération, à la 10", {"10-ffb"}),
    ("FFB", {"9-ffb", "10-ffb"}), ("règles BCA", {"9-bca"}), ("d'après le guide", {"10-guide"}),
    ("au Québec", {"9-bca", "10-doolys"}), ("la casse", None),
])
def test_ruleset_detection(rulebook, q, expected):
    restriction = detect(q).restriction(rulebook.rulesets)
    assert (set(restriction) if restriction else None) == expected


@pytest.mark.parametrize("q", ["règles du snooker", "jeu de la 8", "8-ball", "billard français",
                               "carambole", "14-1 continu", "blackball", "le pool à huit billes",
                               "au billard à 8 boules, la noire ?"])
def test_other_games_are_detected(q):
    assert detect(q).other_game


@pytest.mark.parametrize("q", ["au jeu de la 9 avec 9 billes, qui casse ?",
                               "une table à 6 poches et 8 billes sur la table, on continue ?"])
def test_a_count_of_balls_is_not_another_game(q):
    assert detect(q).other_game is None


def test_carambolage_is_not_the_game_carambole():
    assert detect("les carambolages sont-ils à annoncer ?").other_game is None


def test_federation_as_subject_of_a_variants_question_does_not_restrict(matcher):
    res = matcher.lookup("quelles variantes la FFB reconnaît")
    assert res.hits[0].clause.id == "10-guide/autres-variantes"


# ----------------------------------------------------------------------------- Answerer
def test_lookup_answer_shape(asker):
    a = asker.ask("Au jeu de la 10, faut-il toucher la 1 en premier à la casse ?")
    assert a["kind"] == "lookup"
    assert set(a) >= {"question", "kind", "rulesets", "answer", "citations", "suggestions",
                      "scenario", "outcomes", "follow_up"}
    assert a["scenario"] is None and a["outcomes"] is None and a["follow_up"] == []
    assert set(a["rulesets"]) <= {"10-doolys", "10-ffb", "10-guide"}
    assert a["answer"].startswith("Au jeu de la 10 (")
    for c in a["citations"]:
        assert {"id", "ruleset", "game", "kind", "section", "title", "text", "topics", "score"} <= set(c)
    first = a["citations"][0]
    assert first["text"].split()[0] in a["answer"]
    assert all(isinstance(s, dict) and {"id", "label"} <= set(s) for s in a["suggestions"])


def test_answer_quotes_clauses_verbatim(asker, rulebook):
    a = asker.ask("dry break", k=3)
    c = rulebook.clauses[a["citations"][0]["id"]]
    assert " ".join(c.text.split())[:150] in a["answer"]


@pytest.mark.parametrize("q,first", [
    ("que prévoit Dooly's si j'oublie d'annoncer mon coup poussé ?", {"10-doolys/6-coup-pousse-annonce"}),
    ("les fautes classiques énumérées par la FFB au jeu de la 10, c'est lesquelles ?", {"10-ffb/fautes-classiques"}),
    ("question d'examen : comment le guide définit-il une casse valable ?", {"10-guide/casse-valable"}),
    ("que prévoit le BCA quand la blanche sort de la table ?", {"9-bca/10-hors-table-blanche-en-main"}),
    ("pourriez-vous me rappeler ce que dit le BCA quand la blanche saute hors de la table ?",
     {"9-bca/10-hors-table-blanche-en-main"}),
    ("Citez la règle du guide sur la bille gelée.", {"10-guide/bille-gelee"}),
])
def test_words_that_only_frame_the_question_never_refuse_it(asker, matcher, q, first):
    """« que prévoit », « énumérées », « question d'examen » say how the texts are asked, not what."""
    terms, _ = matcher.terms(q)
    assert not {"prevoit", "enumer", "examen", "question"} & set(terms)
    a = asker.ask(q)
    assert a["kind"] == "lookup" and a["citations"][0]["id"] in first, (a["kind"], a["citations"][:1])


def test_how_to_play_a_shot_is_refused_even_around_a_story(rulebook, matcher):
    from qa.situation_answer import situation_handler
    a = Answerer(rulebook, situations=situation_handler(rulebook), matcher=matcher)
    ans = a.ask("comment on réussit un coulé sans que la blanche tombe dans la poche ?")
    assert ans["kind"] == "unknown" and ans["citations"] == []
    assert "technique de jeu" in ans["short"]
    told = a.ask("j'ai joué un coulé et la blanche est tombée dans la poche, c'est faute ?")
    assert told["kind"] == "scenario"   # a story with a technique word is still ruled


@pytest.mark.parametrize("q,phrase", [
    ("comment mettre mon billard à niveau ?", "de l’installation d’une table"),
    ("comment handicaper un joueur plus fort que moi ?", "des handicaps entre joueurs"),
    ("en combien de secondes faut-il jouer son coup ?", "de durées chiffrées"),
])
def test_new_off_topic_categories_say_why_in_french(asker, q, phrase):
    a = asker.ask(q)
    assert a["kind"] == "unknown" and phrase in a["short"] and phrase in a["answer"]


def test_off_topic_answer_says_why(asker):
    a = asker.ask("combien coûte une queue de casse ?")
    assert a["kind"] == "unknown" and a["citations"] == []
    assert a["answer"].startswith(UNKNOWN_TEXT) and "prix" in a["answer"]


def test_unknown_answer_shape(asker):
    a = asker.ask("Quel est le prix d'une table de billard ?")
    assert a["kind"] == "unknown"
    assert a["citations"] == []
    assert a["answer"].startswith(UNKNOWN_TEXT)
    assert a["suggestions"] and all({"id", "label"} <= set(s) for s in a["suggestions"])


def test_situations_are_tried_first(rulebook, matcher):
    seen = []

    def situations(question, rulesets):
        seen.append((question, rulesets))
        if "blanche tombe" in question:
            return {"kind": "scenario", "question": question, "citations": [{"id": i} for i in range(9)]}
        return None

    a = Answerer(rulebook, situations=situations, matcher=matcher)
    ruled = a.ask("la blanche tombe à la casse", rulesets=["9-bca"], k=2)
    assert ruled["kind"] == "scenario" and ruled["citations"] == [{"id": 0}, {"id": 1}]
    assert a.ask("dry break")["kind"] == "lookup"
    assert seen == [("la blanche tombe à la casse", ["9-bca"]), ("dry break", None)]


def test_question_is_stripped(asker):
    assert asker.ask("   dry break  ")["question"] == "dry break"


@pytest.mark.parametrize("kwargs,field,code", [
    ({"question": None}, "q", "missing_field"),
    ({"question": 42}, "q", "invalid_field"),
    ({"question": ["la casse"]}, "q", "invalid_field"),
    ({"question": ""}, "q", "empty_field"),
    ({"question": "  \n "}, "q", "empty_field"),
    ({"question": "x" * 501}, "q", "too_long"),
    ({"question": "la casse", "rulesets": "9-bca"}, "rulesets", "invalid_field"),
    ({"question": "la casse", "rulesets": [9]}, "rulesets", "invalid_field"),
    ({"question": "la casse", "rulesets": ["9-fbb"]}, "rulesets", "unknown_ruleset"),
    ({"question": "la casse", "k": 0}, "k", "out_of_range"),
    ({"question": "la casse", "k": MAX_K + 1}, "k", "out_of_range"),
    ({"question": "la casse", "k": "5"}, "k", "invalid_field"),
    ({"question": "la casse", "k": True}, "k", "invalid_field"),
    ({"question": "la casse", "k": 2.5}, "k", "invalid_field"),
])
def test_ask_validation_errors(asker, kwargs, field, code):
    with pytest.raises(AskError) as info:
        asker.ask(**kwargs)
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.field, err.code) == (field, code)
    assert err.message and err.to_json() == {"code": code, "message": err.message, "field": field}


def test_unknown_ruleset_message_names_it_with_a_did_you_mean(asker):
    with pytest.raises(AskError) as info:
        asker.ask("la casse", rulesets=["9-bca", "9-fbb"])
    assert "« 9-fbb »" in info.value.message and "9-ffb" in info.value.message


def test_500_characters_is_still_accepted(asker):
    assert asker.ask("casse " + "x" * 494)["kind"] in ("lookup", "unknown")


# ----------------------------------------------------------------------------- tester's report
PUSH_OUT_WHEN = {"9-ffb/push-out-apres-casse", "10-doolys/6-coup-pousse-quand", "9-bca/5-coup-pousse-quand",
                 "10-guide/push-out-apres-casse", "10-ffb/push-out-premier-coup"}
# the clauses that say what a push-out is or is for (« afin de déplacer la blanche », « tous les coups sont autorisés
# sauf rentrer la blanche », « la Blanche n'a pas à toucher … une quelconque bille »)
PUSH_OUT_WHAT = {"9-bca/5-coup-pousse-quand", "10-doolys/6-coup-pousse-quand", "10-ffb/push-out-aucun-contact-requis",
                 "10-guide/push-out-coups-autorises"}
KEY_FOULS = {"10-doolys/7-faute-perte-du-tour", "9-bca/6-faute-perte-du-tour", "9-ffb/liste-des-fautes",
             "10-ffb/fautes-classiques", "10-guide/fautes-bille-en-main"}


@pytest.mark.parametrize("q", ["c koi un push out", "cest quoi le coup pousse", "c quoi un push-out",
                               "cest quoi un push out", "ke veut dire push out", "que signifie push out",
                               "définition du coup poussé", "push out ?"])
def test_sms_and_definition_questions_on_the_push_out_are_answered(asker, rulebook, q):
    a = asker.ask(q)
    assert a["kind"] == "lookup", q
    ids = [c["id"] for c in a["citations"]]
    # what the push-out is first (the clauses that say it: « afin de déplacer la blanche », « tous les coups
    # sont autorisés sauf rentrer la blanche »), where the question asks only that; every ruleset cited
    assert ids[0] in PUSH_OUT_WHEN | PUSH_OUT_WHAT, q
    assert {rulebook.clauses[i].ruleset for i in ids} == set(rulebook.rulesets), q


@pytest.mark.parametrize("q", ["faute", "fautes", "faute ?", "les fautes", "c koi une faute",
                               "quelles sont les fautes", "c'est quoi une faute"])
def test_a_one_word_question_on_a_core_topic_gets_its_key_clauses(asker, q):
    """"faute" is the fouls topic: each text's opening clause on fouls (its list, or what a
    foul costs), not "several fouls on one shot" or "the lag is lost on a foul"."""
    a = asker.ask(q)
    assert a["kind"] == "lookup"
    assert {c["id"] for c in a["citations"]} == KEY_FOULS


@pytest.mark.parametrize("q", ["bille en main ca veut dire quoi", "bille en main ça veut dire quoi ?",
                               "ke veut dire bille en main", "c'est quoi la bille en main", "bille en main ?"])
def test_ball_in_hand_is_defined_by_its_placement_clauses(asker, q):
    ids = [c["id"] for c in asker.ask(q)["citations"]]
    assert ids[0] == "9-bca/9-blanche-en-main-placement"
    assert "10-doolys/10-bille-en-main-placement" in ids[:3]
    assert "10-doolys/1-rate-ou-faute" not in ids       # the change of turn is not what it means


@pytest.mark.parametrize("q,game", [("regle du 9 ball", "9"), ("règles du jeu de la 9", "9"),
                                    ("les regles de base du 9 ball", "9"), ("comment on joue a la 9", "9"),
                                    ("règlement de la 9", "9"), ("règles de la 10", "10"),
                                    ("comment jouer au 10", "10"), ("c koi les regles du jeu de la 10", "10")])
def test_the_rules_of_a_game_are_answered_by_its_objective(asker, q, game):
    a = asker.ask(q)
    assert a["kind"] == "lookup"
    first = a["citations"][0]
    assert "objective" in first["topics"] and first["kind"] == "rule" and first["ruleset"].startswith(game + "-")
    assert all(c["id"] not in ("9-ffb/titre", "10-ffb/titre", "10-guide/voyons-les-regles") for c in a["citations"][:2])


def test_a_bare_title_weighs_less_than_a_clause_that_says_something(matcher):
    for cid in ("9-ffb/titre", "10-ffb/titre", "10-guide/voyons-les-regles"):
        assert matcher._weight[matcher.positions[cid]] == matcher.config.bare_info_factor
    assert matcher._weight[matcher.positions["10-guide/materiel"]] == 1.0   # an info clause with content


def test_what_happens_with_a_template_rack_is_a_lookup_of_the_three_ball_rule(rulebook, matcher):
    from qa.situation_answer import situation_handler
    a = Answerer(rulebook, situations=situation_handler(rulebook), matcher=matcher)
    for q in ("que se passe t il si on casse avec un gabarit magic rack", "je casse avec un magic rack"):
        ans = a.ask(q)
        assert ans["kind"] == "lookup" and ans["scenario"] is None, q
        assert ans["citations"][0]["id"] in {"9-ffb/trois-billes-regle", "9-ffb/trois-billes-champ-d-application"}


DEFINED_TERMS = ["la bille en main", "le push-out", "le coup poussé", "une faute", "la casse", "la blanche",
                 "le queutage", "un dry break", "la règle des trois billes", "la poussette",
                 "le tirage à la bande", "la ligne de départ", "un scratch", "les trois fautes"]
PARAPHRASES = ["c koi {x}", "cest quoi {x}", "{x} ça veut dire quoi", "{x} ca veut dire koi", "{x} ?", "{x}",
               "ke veut dire {x}", "définition de {x}", "qu'est-ce que {x}", "{x} c quoi", "que signifie {x}",
               "explique moi {x}"]


@pytest.mark.parametrize("x", DEFINED_TERMS)
def test_definition_paraphrases_give_the_same_first_clause(asker, x):
    """"c'est quoi X", its SMS spellings, "X ça veut dire quoi", "X ?" and "X" ask the same thing."""
    base = asker.ask(f"c'est quoi {x}")
    assert base["kind"] == "lookup"
    for p in PARAPHRASES:
        a = asker.ask(p.format(x=x))
        assert a["kind"] == "lookup", p
        assert a["citations"][0]["id"] == base["citations"][0]["id"], p


def test_best_clause_on_a_subject_or_none(rulebook, matcher):
    label = rulebook.foul_label
    assert matcher.best_on_subject(label("touched_ball"), "10-guide", "fouls").id == "10-guide/faute-toucher-billes"
    assert matcher.best_on_subject(label("balls_moving"), "10-guide", "fouls").id == "10-guide/faute-bille-en-mouvement"
    assert matcher.best_on_subject(label("touched_ball"), "10-doolys", "fouls") is None   # Dooly's says nothing of it
    assert matcher.best_on_subject(label("wrong_cue_ball"), "9-bca", "fouls") is None      # common words only
    assert Matcher.shared(rulebook) is Matcher.shared(rulebook)


def _example_calls(matcher):
    """(terms, rulesets) of the example channel for the question sets, all rulesets and each."""
    qs = [q["q"] for q in QUESTIONS + BLIND] + ["x", "9", "bille bille bille", "zzzz qqqq wwww",
                                                "a b c d e f g h i j k l m n o p q r s t u v w x y z"]
    ids = list(matcher.book.rulesets)
    for i, q in enumerate(qs):
        terms, _ = matcher.terms(q)
        yield terms, ids
        yield terms, [ids[i % len(ids)]]
    # random keys of the examples' own tokens, some with a typo: near misses of every kind
    import random
    rng = random.Random(7)
    vocab = sorted({t for k in matcher.example_keys for t in k.split()})
    for i in range(200):
        terms = rng.sample(vocab, rng.randint(1, 9))
        if i % 2:
            t = terms[0]
            j = rng.randrange(len(t))
            terms[0] = t[:j] + rng.choice("aeisu_") + t[j + 1:] if i % 4 == 1 else t[:j] + t[j + 1:] or "x"
        yield terms, ids


@pytest.mark.parametrize("floor", [70.0, 60.0, 86.0])
def test_example_bounds_change_no_score(rulebook, matcher, floor):
    # the example channel skips the keys its bounds rule out: the result must be, exactly
    # (same clauses, same floats, same order), the one of scoring every key
    from qa.matcher import MatcherConfig
    m = matcher if floor == 70.0 else Matcher(rulebook, MatcherConfig(fuzzy_floor=floor))
    for terms, ids in _example_calls(m):
        fast, full = m._examples(terms, ids), m._examples_exhaustive(terms, ids)
        assert list(fast.items()) == list(full.items()), (terms, ids)


@pytest.mark.parametrize("q", ["les règles de Dooly's sont basées sur quoi ?", "chez Dooly's, les règles sont-elles basées sur la BCA ?"])
def test_where_the_rules_come_from_is_not_the_basics_of_the_game(asker, q):
    # 10-doolys/0-introduction: « adaptées … d’après le règlement publié par le Billard Congress of America »
    assert asker.ask(q)["citations"][0]["id"] == "10-doolys/0-introduction"


def test_a_club_comparing_the_texts_on_how_to_rack_is_answered(asker):
    # 9-bca/2-losange and 9-ffb/rack-losange: the balls in a diamond; « pour notre club », « la manière de » frame it
    a = asker.ask("pour notre club : la manière de disposer les billes au jeu de la 9, elle change entre le BCA et la FFB ?")
    assert a["kind"] == "lookup" and {c["id"] for c in a["citations"][:2]} == {"9-bca/2-losange", "9-ffb/rack-losange"}


def test_another_game_named_by_its_number_is_another_game(matcher):
    # the texts treat the games of the 9 and of the 10 only: « on joue au 8 » is 8-ball
    res = matcher.lookup("dans mon club on joue au 8 avec l'annonce de la poche, c'est la règle ?")
    assert res.unknown and res.reason == "other_game"


@pytest.mark.parametrize("q", ["que deviennent les billes rentrées sur une faute chez Dooly's ?",
                               "comment est définie une bille sortie de la table au BCA ?"])
def test_how_a_question_is_put_does_not_make_it_weak(matcher, q):
    # 10-doolys/7-faute-perte-du-tour, 9-bca/10-boule-hors-table-faute answer them
    assert not matcher.lookup(q).unknown


@pytest.mark.parametrize("q", ["le billard carambolage 3 bandes se joue comment ?", "le pool aux jeux olympiques, c'est pour quand ?",
                               "what's the best jump cue ?"])
def test_more_near_domain_questions_are_refused(matcher, q):
    assert matcher.lookup(q).unknown


def test_a_clause_about_another_ball_comes_after_the_one_about_the_ball_asked(matcher):
    # 10-ffb/rack-10-au-centre « la bille numérotée « 10 » est placée au milieu du rang de trois billes »
    # before 10-ffb/rack-1-au-sommet, which places the 1
    ids = [h.clause.id for h in matcher.lookup("FFB au 10 : dans le rack, on met où la 10 ?").hits]
    assert ids.index("10-ffb/rack-10-au-centre") < ids.index("10-ffb/rack-1-au-sommet")


@pytest.mark.parametrize("q", ["je mets la craie comment sur le procédé ?", "quelle est la taille officielle d'un billard américain ?",
                               "le système diamant, ça sert à quoi pour viser en bande ?",
                               "du talc sur la main pour glisser, lequel prendre ?", "d'où vient le billard américain ?"])
def test_chalk_sizes_and_aiming_systems_are_refused(matcher, q):
    assert matcher.lookup(q).unknown


@pytest.mark.parametrize("q", ["en quoi le jeu de la 9 se distingue du jeu de la 10 ?",
                               "le jeu de la 10 c'est plus difficile que celui de la 9 ?"])
def test_the_two_games_compared_are_the_subject(matcher, q):
    # 10-guide/introduction: the 10 « se rapproche de très près du jeu de la 9, mais semblerait plus difficile »
    assert matcher.lookup(q).hits[0].clause.id == "10-guide/introduction"


def test_the_official_bodies_are_no_event(matcher):
    # 10-guide/organismes-officiels lists the FFB, the EPBF and the WPA
    res = matcher.lookup("quels organismes s'occupent du pool au niveau mondial ?")
    assert not res.unknown and res.hits[0].clause.id == "10-guide/organismes-officiels"


@pytest.mark.parametrize("q", ["à la 8, je peux jouer une rayée en premier ?", "quand a lieu la prochaine étape du circuit ?"])
def test_the_eight_ball_opened_with_and_the_next_event_are_outside_the_texts(matcher, q):
    assert matcher.lookup(q).unknown


def test_a_game_played_at_the_masters_is_still_asked(matcher):
    # 10-ffb/mode-de-jeu-circuit-national: the 10 « uniquement réservé au Circuit National et au Championnat de France Masters »
    assert not matcher.lookup("le jeu de la 10 se joue au championnat de france masters ?").unknown
