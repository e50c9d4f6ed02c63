"""The quiz JSON API (contract "Quizzes"): shapes, modes, error paths, exports, restarts."""
from __future__ import annotations

import csv
import io
import threading
from datetime import datetime, timedelta, timezone

import pytest
from db_support import run_at_once

from api_support import assert_error as err
from gift_check import parse_gift


def create(client, **body):
    """Create a quiz; the client then sends its token (or its new learner's, which also opens
    the learner's quizzes) in X-Arbitre-Token, as the contract's « Tokens » asks."""
    r = client.post("/api/quizzes", json=body)
    assert r.status_code == 201, r.get_json()
    out = r.get_json()
    client.environ_base["HTTP_X_ARBITRE_TOKEN"] = out.get("learner_token") or out["token"]
    return out


# ----------------------------------------------------------------------------- creating
def test_create_returns_201_with_the_contract_shape(client):
    r = client.post("/api/quizzes", json={"rulesets": ["9-ffb"], "topics": ["break"], "count": 5, "mode": "practice",
                                          "seed": 42, "time_limit_s": None, "learner": "Ana"})
    assert r.status_code == 201
    body = r.get_json()
    assert {"id", "seed", "mode", "questions"} <= set(body)
    assert body["seed"] == 42 and body["mode"] == "practice" and len(body["questions"]) == 5
    assert r.headers["Location"] == f"/api/quizzes/{body['id']}"
    for q in body["questions"]:
        assert set(q) == {"id", "kind", "prompt", "ruleset", "topics", "choices", "scenario", "level"}
        assert q["kind"] in ("call", "clause", "variant")
        assert all(set(c) == {"id", "text"} for c in q["choices"])
        assert (q["scenario"] is not None) == (q["kind"] == "call")
        if q["kind"] == "variant":
            assert q["ruleset"] is None
        assert "break" in q["topics"]


def test_same_parameters_and_seed_give_the_same_questions_in_the_same_order(client):
    a = create(client, rulesets=["10-ffb", "9-bca"], count=12, seed=7)
    b = create(client, rulesets=["9-bca", "10-ffb"], count=12, seed=7, learner="Autre")
    assert a["id"] != b["id"]
    assert a["questions"] == b["questions"]
    c = create(client, rulesets=["10-ffb", "9-bca"], count=12, seed=8)
    assert [q["id"] for q in c["questions"]] != [q["id"] for q in a["questions"]]


def test_seed_is_random_when_absent_and_returned(client):
    a, b = create(client, count=2), create(client, count=2)
    assert isinstance(a["seed"], int) and isinstance(b["seed"], int)
    again = create(client, count=2, seed=a["seed"])
    assert again["questions"] == a["questions"]


def test_a_seed_beyond_the_largest_is_said_so_and_a_negative_one_too(client):
    from api_support import assert_error
    e = assert_error(client.post("/api/quizzes", json={"seed": 10 ** 40}), 400, "seed", "invalid_field")
    assert e["message"] == ("Champ « seed » : un code d’épreuve de 0 à 9223372036854775807 est attendu "
                            "(reçu : 41 chiffres).")
    e = assert_error(client.post("/api/quizzes", json={"seed": -5}), 400, "seed", "invalid_field")
    assert "positif ou nul" in e["message"]
    assert create(client, count=1, seed=2 ** 63 - 1)["seed"] == 2 ** 63 - 1


@pytest.mark.parametrize("body, field", [
    ({"rulesets": ["9-fb"]}, "rulesets"),
    ({"rulesets": "9-ffb"}, "rulesets"),    # JSON: a list, as in /api/ask and /api/evaluate
    ({"rulesets": [3]}, "rulesets"),
    ({"topics": ["casse"]}, "topics"),
    ({"count": 0}, "count"),
    ({"count": 51}, "count"),
    ({"count": "dix"}, "count"),
    ({"count": True}, "count"),
    ({"mode": "examen"}, "mode"),
    ({"seed": -1}, "seed"),
    ({"seed": "abc"}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"time_limit_s": 0}, "time_limit_s"),
    ({"time_limit_s": -5}, "time_limit_s"),
    ({"time_limit_s": "vite"}, "time_limit_s"),
    ({"learner": "x" * 81}, "learner"),
    ({"learner": 12}, "learner"),
    ({"pass_mark": 2}, "pass_mark"),
    ({"kinds": ["essay"]}, "kinds"),
    ({"rulesets": []}, "rulesets"),     # as /api/ask: omit it for every ruleset
    ({"rulesets": [" "]}, "rulesets"),
])
def test_create_validation_names_the_field_in_french(client, body, field):
    e = err(client.post("/api/quizzes", json={"count": 2, **body}), 400, field)
    assert any(w in e["message"] for w in ("Champ", "inconnu", "Type")), e


def test_create_rejects_what_is_not_a_json_object(client):
    err(client.post("/api/quizzes", data="count=3", content_type="application/x-www-form-urlencoded"), 415)
    err(client.post("/api/quizzes", data="{", content_type="application/json"), 400)
    err(client.post("/api/quizzes", json=[1, 2]), 400)


def test_unknown_ruleset_suggests_the_nearest(client):
    e = err(client.post("/api/quizzes", json={"rulesets": ["9-fbb"]}), 400, "rulesets", "unknown_ruleset")
    assert "9-ffb" in e["message"]


# ----------------------------------------------------------------------------- answering
def _wrong(q_public, right):
    return next(c["id"] for c in q_public["choices"] if c["id"] != right)


def test_practice_answer_gives_the_correction_with_citations(client):
    quiz = create(client, count=4, seed=3, kinds=["call"])
    q = quiz["questions"][0]
    r = client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"})
    assert r.status_code == 200
    body = r.get_json()
    assert {"correct", "right_choice", "explanation", "citations"} <= set(body)
    assert body["correct"] == (body["right_choice"] == "a")
    assert body["explanation"] and body["citations"]
    for c in body["citations"]:
        assert c["url"] == f"/regles/{c['ruleset']}#{c['id']}" and c["text"]


def test_an_answer_is_written_once_later_sends_return_the_recorded_one(client):
    quiz = create(client, count=2, seed=4)
    q = quiz["questions"][0]
    first = client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"}).get_json()
    second = client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "b"}).get_json()
    assert first["duplicate"] is False and second["duplicate"] is True
    assert second["choice"] == "a" and second["correct"] == first["correct"]
    view = client.get(f"/api/quizzes/{quiz['id']}").get_json()
    assert [a["choice"] for a in view["answers"]] == ["a"]


def test_exam_answer_is_recorded_without_feedback_until_the_end(client):
    quiz = create(client, count=3, mode="exam")
    q = quiz["questions"][0]
    body = client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"}).get_json()
    assert body["recorded"] is True
    assert not {"correct", "right_choice", "explanation", "citations"} & set(body)
    view = client.get(f"/api/quizzes/{quiz['id']}").get_json()
    assert view["answers"] == [{"question": q["id"], "choice": "a", "answered_at": view["answers"][0]["answered_at"]}]
    assert view["result"] is None
    err(client.get(f"/api/quizzes/{quiz['id']}/export?format=gift"), 409, code="exam_in_progress")
    result = client.post(f"/api/quizzes/{quiz['id']}/finish").get_json()
    assert {"score", "total", "passed", "by_topic", "review"} <= set(result)
    assert "correct" in client.get(f"/api/quizzes/{quiz['id']}").get_json()["answers"][0]


def test_answer_error_paths(client):
    quiz = create(client, count=2, seed=6)
    q = quiz["questions"][0]
    url = f"/api/quizzes/{quiz['id']}/answers"
    err(client.post("/api/quizzes/nope/answers", json={"question": q["id"], "choice": "a"}), 404, code="quiz_not_found")
    err(client.post(url, json={"question": "call-000000000000", "choice": "a"}), 404, "question", "question_not_found")
    err(client.post(url, json={"question": q["id"], "choice": "z"}), 400, "choice", "invalid_choice")
    err(client.post(url, json={"question": q["id"]}), 400, "choice")
    err(client.post(url, json={"choice": "a"}), 400, "question")
    err(client.post(url, json={"question": 5, "choice": "a"}), 400, "question")
    err(client.post(url, data="x", content_type="text/plain"), 415)
    client.post(f"/api/quizzes/{quiz['id']}/finish")
    err(client.post(url, json={"question": q["id"], "choice": "a"}), 409, code="quiz_finished")


def test_unknown_quiz_is_404_everywhere(client):
    err(client.get("/api/quizzes/inconnu"), 404)
    err(client.post("/api/quizzes/inconnu/finish"), 404)
    err(client.get("/api/quizzes/inconnu/export?format=csv"), 404)


class Clock:
    def __init__(self):
        self.t = datetime(2025, 6, 1, 9, 0, tzinfo=timezone.utc)

    def __call__(self):
        return self.t


def test_time_over_finishes_the_quiz_and_refuses_the_answer(make_app):
    clock = Clock()
    client = make_app(QUIZ_CLOCK=clock).test_client()
    quiz = create(client, count=3, mode="exam", time_limit_s=120)
    q = quiz["questions"][0]
    assert client.get(f"/api/quizzes/{quiz['id']}").get_json()["remaining_s"] == 120
    clock.t += timedelta(seconds=200)
    err(client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"}), 409, code="time_over")
    view = client.get(f"/api/quizzes/{quiz['id']}").get_json()
    assert view["finished"] and view["result"]["score"] == 0 and view["answers"] == []


# ----------------------------------------------------------------------------- finishing
def test_finish_scores_by_topic_and_reviews_every_question(client):
    quiz = create(client, count=6, seed=10, learner="Fin")
    rights = {}
    for q in quiz["questions"]:
        body = client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"}).get_json()
        rights[q["id"]] = body["right_choice"]
    result = client.post(f"/api/quizzes/{quiz['id']}/finish").get_json()
    expected = sum(1 for r in rights.values() if r == "a")
    assert result["score"] == expected and result["total"] == 6
    assert result["passed"] == (expected / 6 >= 0.8)
    assert [r["question"]["id"] for r in result["review"]] == [q["id"] for q in quiz["questions"]]
    for r in result["review"]:
        assert {"question", "choice", "right_choice", "explanation", "citations"} <= set(r)
        assert r["right_choice"] == rights[r["question"]["id"]]
    for tid, slot in result["by_topic"].items():
        assert slot["total"] == sum(1 for q in quiz["questions"] if tid in q["topics"])
    again = client.post(f"/api/quizzes/{quiz['id']}/finish").get_json()
    assert again == result


def test_pass_mark_can_be_set(client):
    quiz = create(client, count=2, seed=11, pass_mark=0)
    assert client.post(f"/api/quizzes/{quiz['id']}/finish").get_json()["passed"] is True


# ----------------------------------------------------------------------------- exports
def test_gift_export_parses_and_marks_the_right_answers(client):
    quiz = create(client, count=30, seed=12)
    rights = [client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"})
              .get_json()["right_choice"] for q in quiz["questions"]]
    r = client.get(f"/api/quizzes/{quiz['id']}/export?format=gift")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    assert "attachment" in r.headers["Content-Disposition"]
    text = r.get_data(as_text=True)
    parsed = {p["title"]: p for p in parse_gift(text)}      # named by the question's stable id
    assert len(parsed) == 30
    for q, right in zip(quiz["questions"], rights):
        p = parsed[q["id"]]
        assert p["text"] == q["prompt"]
        assert [a[1] for a in p["answers"]] == [c["text"] for c in q["choices"]]
        assert [a[1] for a in p["answers"] if a[0] == "="] == [next(c["text"] for c in q["choices"] if c["id"] == right)]
    assert "\\:" in text     # French colons are escaped
    # a $CATEGORY per ruleset and topic; feedback on every answer, the right one with the clause link
    assert "$CATEGORY: $course$/top/L’Arbitre/" in text
    for p in parsed.values():
        fb = dict((a[1], a[2]) for a in p["answer_feedback"])
        assert set(fb) == {a[1] for a in p["answers"]}
        right_text = next(a[1] for a in p["answers"] if a[0] == "=")
        assert fb[right_text].startswith("Juste.") and "http://localhost/regles/" in fb[right_text]
        assert all(v.startswith("Non") for k, v in fb.items() if k != right_text)
    again = client.get(f"/api/quizzes/{quiz['id']}/export?format=gift").get_data(as_text=True)
    assert again == text                                        # stable names and order


def test_gift_escaping_of_every_special_character():
    from qa.quiz.export import gift_escape
    assert gift_escape("a~b=c#d{e}f:g\\h\ni") == "a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\ni"
    from qa.quiz.generate import Choice, Question
    q = Question("clause-x", "clause", "Règle : {a} = ~b # c\\d", "9-ffb", ("fouls",),
                 (Choice("a", "x : y"), Choice("b", "=z")), "b", "Car : {ok}", ("9-ffb/but-du-jeu",), "fill")
    from qa.quiz.export import to_gift
    parsed = parse_gift(to_gift([q], "Titre : test"))
    assert parsed[0]["text"] == q.prompt
    assert parsed[0]["answers"] == [("~", "x : y"), ("=", "=z")]


def test_gift_check_rejects_malformed_text():
    for bad in ("::t::Q : x {\n=a\n~b\n}", "::t::Q {\n=a\n=b\n}", "::t::Q {\n~a\n~b\n}", "Q {\n=a\n~b\n", "Q {=a ~b} {=c ~d}"):
        with pytest.raises(ValueError):
            parse_gift(bad)


def test_csv_export(client):
    quiz = create(client, count=8, seed=13)
    r = client.get(f"/api/quizzes/{quiz['id']}/export?format=csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    body = r.get_data(as_text=True)
    assert body.startswith("\ufeff")             # a BOM: French spreadsheets read UTF-8
    rows = list(csv.DictReader(io.StringIO(body[1:])))
    assert len(rows) == 8 and list(rows[0])[0] == "numero"
    semi = client.get(f"/api/quizzes/{quiz['id']}/export?format=csv&sep=;").get_data(as_text=True)
    assert [r["id"] for r in csv.DictReader(io.StringIO(semi[1:]), delimiter=";")] == [r["id"] for r in rows]
    err(client.get(f"/api/quizzes/{quiz['id']}/export?format=csv&sep=|"), 400, "sep")
    for row, q in zip(rows, quiz["questions"]):
        assert row["id"] == q["id"] and row["question"] == q["prompt"]
        letter = row["bonne_reponse"]
        assert row["bonne_reponse_texte"] == next(c["text"] for c in q["choices"] if c["id"] == letter)
        assert row[f"choix_{letter}"] == row["bonne_reponse_texte"]


def test_export_format_errors(client):
    quiz = create(client, count=2, seed=14)
    err(client.get(f"/api/quizzes/{quiz['id']}/export"), 400, "format")
    err(client.get(f"/api/quizzes/{quiz['id']}/export?format=pdf"), 400, "format")


# ----------------------------------------------------------------------------- learners, restarts, concurrency
def test_learner_history_mistakes_and_review(client):
    quiz = create(client, count=4, seed=15, learner="Hélène")
    export = client.get(f"/api/quizzes/{quiz['id']}/export?format=csv").get_data(as_text=True)
    rights = {row["id"]: row["bonne_reponse"] for row in csv.DictReader(io.StringIO(export))}
    missed = quiz["questions"][0]
    for q in quiz["questions"]:      # the first one wrong, the others right
        choice = rights[q["id"]] if q is not missed else _wrong(q, rights[q["id"]])
        client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": choice})
    h = client.get("/api/learners/Hélène/history").get_json()
    assert h["learner"] == "Hélène" and h["answers"] == 4 and len(h["quizzes"]) == 1
    assert h["mistakes"] == 1
    # Leitner (qa/quiz/leitner.py, issue 14): a first answer that is wrong puts the question
    # in box 1, due today; a first answer that is right in box 2 (due in two days)
    assert h["leitner"]["boxes"]["1"] == 1 and h["leitner"]["boxes"]["2"] == 3 and h["leitner"]["due"] == 1
    r = client.post("/api/learners/Hélène/mistakes")
    assert r.status_code == 201 and [q["id"] for q in r.get_json()["questions"]] == [missed["id"]]
    r = client.post("/api/learners/Hélène/review")
    assert r.status_code == 201 and [q["id"] for q in r.get_json()["questions"]] == [missed["id"]]
    # another learner's (or no learner's) history needs that learner's token
    err(client.post("/api/learners/Personne/mistakes"), 403, code="forbidden")
    err(client.post("/api/learners/Personne/review"), 403, code="forbidden")
    err(client.get("/api/learners/" + "x" * 81 + "/history"), 400, "learner")


def test_a_new_app_on_the_same_db_file_sees_everything(make_app, tmp_path):
    db = str(tmp_path / "persist.db")
    c1 = make_app(DATABASE=db).test_client()
    quiz = create(c1, count=3, seed=16, learner="Persistant")
    q = quiz["questions"][0]
    c1.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": q["id"], "choice": "a"})
    c2 = make_app(DATABASE=db).test_client()
    c2.environ_base["HTTP_X_ARBITRE_TOKEN"] = quiz["learner_token"]
    view = c2.get(f"/api/quizzes/{quiz['id']}").get_json()
    assert view["questions"] == quiz["questions"] and len(view["answers"]) == 1
    result = c2.post(f"/api/quizzes/{quiz['id']}/finish").get_json()
    c3 = make_app(DATABASE=db).test_client()
    c3.environ_base["HTTP_X_ARBITRE_TOKEN"] = quiz["token"]
    assert c3.get(f"/api/quizzes/{quiz['id']}").get_json()["result"] == result


def test_concurrent_http_submissions(app):
    client = app.test_client()
    quiz = create(client, count=30, seed=17)
    barrier = threading.Barrier(30)
    statuses = []

    def post(q):
        c = app.test_client()
        c.environ_base["HTTP_X_ARBITRE_TOKEN"] = quiz["token"]
        barrier.wait()
        statuses.append(c.post(f"/api/quizzes/{quiz['id']}/answers",
                               json={"question": q["id"], "choice": q["choices"][-1]["id"]}).status_code)

    run_at_once(post, quiz["questions"])
    assert statuses == [200] * 30
    assert len(client.get(f"/api/quizzes/{quiz['id']}").get_json()["answers"]) == 30


def test_anki_export_when_genanki_is_installed(client):
    genanki = pytest.importorskip("genanki")
    import sqlite3
    import tempfile
    import zipfile
    quiz = create(client, count=5, seed=18)
    r = client.get(f"/api/quizzes/{quiz['id']}/export?format=anki")
    assert r.status_code == 200 and r.headers["Content-Disposition"].endswith('.apkg"')
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/deck.apkg"
        with open(path, "wb") as fh:
            fh.write(r.data)
        with zipfile.ZipFile(path) as z:
            z.extract("collection.anki2", tmp)
        conn = sqlite3.connect(f"{tmp}/collection.anki2")
        try:
            notes = conn.execute("SELECT flds FROM notes").fetchall()
            tags = [t for (t,) in conn.execute("SELECT tags FROM notes")]
            decks_json = conn.execute("SELECT decks FROM col").fetchone()[0]
            deck_of_card = {d for (d,) in conn.execute("SELECT did FROM cards")}
        finally:
            conn.close()
    assert len(notes) == 5
    # tags: ruleset, kind, level, topics; one deck per ruleset (« L’Arbitre::<title> »)
    assert all("arbitre::" in t and "type::" in t and "niveau::" in t and "theme::" in t for t in tags)
    import json as _json
    names = {d["name"] for d in _json.loads(decks_json).values()}
    wanted = {q["ruleset"] or "comparaison" for q in quiz["questions"]}
    assert len(deck_of_card) == len(wanted) and all(n.startswith("L’Arbitre::") for n in names - {"Default"})
    fields = [n[0].split("\x1f") for n in notes]
    prompts = {f[0] for f in fields}
    import html
    assert {html.escape(q["prompt"]) for q in quiz["questions"]} == prompts
    del genanki


# ----------------------------------------------------------------------------- regressions (tester's report)
def test_create_refuses_unknown_keys_with_a_did_you_mean(client):
    e = err(client.post("/api/quizzes", json={"zzz": 1}), 400, "zzz", "unknown_field")
    assert "Champ inconnu « zzz »" in e["message"] and "topics" in e["message"]
    e = err(client.post("/api/quizzes", json={"topic": ["break"]}), 400, "topic", "unknown_field")
    assert "vouliez-vous dire « topics »" in e["message"]


@pytest.mark.parametrize("body, field", [
    ({"count": "3"}, "count"),
    ({"seed": "42"}, "seed"),
    ({"time_limit_s": "60"}, "time_limit_s"),
    ({"rulesets": "9-ffb"}, "rulesets"),
    ({"topics": "break"}, "topics"),
    ({"kinds": "call"}, "kinds"),
    ({"mode": 1}, "mode"),
])
def test_create_refuses_wrong_json_types_like_the_other_endpoints(client, body, field):
    e = err(client.post("/api/quizzes", json=body), 400, field)
    assert e["message"].startswith("Champ « " + field)


def test_the_same_parameters_as_text_still_work_on_the_form(client):
    r = client.post("/quiz", data={"count": "3", "seed": "42", "rulesets": "9-ffb"})
    assert r.status_code == 303


def test_unknown_values_are_echoed_80_characters_at_most(client):
    long = "z" * 100_000
    for body, field in (({"rulesets": [long]}, "rulesets"), ({"topics": [long]}, "topics"),
                        ({"kinds": [long]}, "kinds")):
        e = err(client.post("/api/quizzes", json=body), 400, field)
        assert len(e["message"]) < 400 and "z" * 80 in e["message"] and "z" * 81 not in e["message"]
    quiz = create(client, count=2, seed=3)
    e = err(client.post(f"/api/quizzes/{quiz['id']}/answers", json={"question": long, "choice": "a"}), 404, "question")
    assert len(e["message"]) < 300
    e = err(client.get("/api/quizzes/" + "q" * 5000), 404, "quiz")
    assert len(e["message"]) < 300


@pytest.mark.parametrize("name", ["\u200b", " \u200b\u200c\u200d\ufeff ", "\u2060", "\u3164\u3164", "Ana\x00",
                                  "\x07Ana", "A\x7fna"])
def test_learner_names_must_be_visible_text(client, name):
    e = err(client.post("/api/quizzes", json={"count": 2, "learner": name}), 400, "learner")
    assert "Champ « learner »" in e["message"]


def test_learner_in_the_url_is_checked_the_same_way(client):
    for path in ("/api/learners/%E2%80%8B/history", "/api/learners/%00/history",
                 "/api/learners/%E2%80%8B/mistakes", "/api/learners/A%01/review"):
        method = client.get if path.endswith("history") else client.post
        err(method(path), 400, "learner")


def test_learner_names_are_trimmed_of_invisible_characters(client):
    out = create(client, count=2, learner="\u200b Zoé \ufeff")
    assert out["learner"] == "Zoé"


def test_learner_names_are_counted_after_nfc_normalisation(client):
    """README: 80 visible characters, counted in code points after NFC: « ó » typed as o + accent is one."""
    out = create(client, count=1, learner="o\u0301" * 80)   # 160 code points typed, 80 after NFC
    assert out["learner"] == "\u00f3" * 80
    err(client.post("/api/quizzes", json={"count": 1, "learner": "o\u0301" * 81}), 400, "learner")
    r = client.get("/api/learners/" + "o%CC%81" * 80 + "/history")
    assert r.status_code != 400, r.get_json()
    err(client.get("/api/learners/" + "o%CC%81" * 81 + "/history"), 400, "learner")


def test_lone_surrogates_in_a_json_body_are_a_400_not_a_500(client):
    quiz = create(client, count=2, seed=4)
    e = err(client.post(f"/api/quizzes/{quiz['id']}/answers", data='{"question": "\\ud800", "choice": "a"}',
                        content_type="application/json"), 400, "body", "invalid_json")
    assert "Unicode" in e["message"]
    err(client.post("/api/quizzes", data='{"learner": "\\udfff"}', content_type="application/json"), 400, "body")


def test_exam_export_refusal_gives_no_hint_to_get_the_key(client):
    quiz = create(client, count=2, mode="exam")
    e = err(client.get(f"/api/quizzes/{quiz['id']}/export?format=csv"), 409, code="exam_in_progress")
    assert "entraînement" not in e["message"] and "Examen en cours" in e["message"]


def test_a_database_that_is_not_sqlite_is_a_french_503(make_app, tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("pas une base\n" * 100, encoding="utf-8")
    client = make_app(DATABASE=str(bad)).test_client()
    for r in (client.post("/api/quizzes", json={"count": 2}), client.get("/api/quizzes/abc"),
              client.get("/api/learners/Ana/history")):
        e = err(r, 503, code="database_unavailable")
        assert "n’est pas une base SQLite" in e["message"] and str(bad) not in e["message"]
        assert "Traceback" not in r.get_data(as_text=True)
    r = client.get("/quiz/historique?learner=Ana", headers={"Accept": "text/html"})
    assert r.status_code == 503 and "indisponible" in r.get_data(as_text=True)


def test_the_whole_bank_exports_with_stable_names(client):
    r = client.get("/api/bank/export?format=gift&rulesets=9-bca")
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    parsed = parse_gift(text)
    ids = [p["title"] for p in parsed]
    assert len(ids) == len(set(ids)) > 60
    assert client.get("/api/bank/export?format=gift&rulesets=9-bca").get_data(as_text=True) == text
    body = client.get("/api/bank/export?format=csv&sep=;&rulesets=9-bca").get_data(as_text=True)
    assert body.startswith("\ufeff") and len(list(csv.reader(io.StringIO(body[1:]), delimiter=";"))) == len(ids) + 1
    err(client.get("/api/bank/export?format=gift&rulesets=9-xx"), 400, "rulesets")


def test_a_bank_export_without_a_format_is_refused_before_the_bank_is_built(client, monkeypatch):
    import qa.quiz.service as service

    def built(*_a, **_k):
        raise AssertionError("the bank was built for a request no export can answer")
    monkeypatch.setattr(service, "bank", built)
    err(client.get("/api/bank/export"), 400, "format")
    err(client.get("/api/bank/export?format=xls"), 400, "format")
    err(client.get("/api/bank/export?format=csv&sep=x"), 400, "sep")


def test_syllabus_counts_situation_types_by_topic_and_level(client):
    data = client.get("/api/syllabus?rulesets=9-ffb").get_json()
    assert list(data) == ["9-ffb"]
    assert all(set(row) == {"1", "2", "3"} for row in data["9-ffb"].values())
    assert sum(sum(row.values()) for row in data["9-ffb"].values()) > 0
    quiz = create(client, count=5, seed=3, kinds=["call"], levels=[3], rulesets=["9-ffb"])
    assert quiz["questions"] and all(q["level"] == 3 for q in quiz["questions"])
    err(client.post("/api/quizzes", json={"levels": [4]}), 400, "levels")
