"""The quiz store and the quiz workflow (qa/quiz/store.py, qa/quiz/service.py), on both
backends: every test taking ``svc`` or ``make_store`` runs on SQLite and on PostgreSQL
(tests/db_support.py: skipped without ARBITRE_TEST_PG, failing in CI).

Nothing lost: N concurrent submissions leave exactly N answers; the same answer sent many
times at once is written once (first write wins); a new store on the same file sees
everything; Leitner boxes move as documented; the time limit is enforced by the server.
"""
from __future__ import annotations

import sqlite3
import threading
from datetime import date, datetime, timedelta, timezone

import pytest
from pathlib import Path

from qa.quiz import leitner
from qa.quiz.params import QuizError
from qa.quiz.service import GRACE_S
from quiz_support import TokenService as QuizService
from qa.quiz.store import QuizFinishedError, Store

from db_support import BACKENDS, backend_target, store_factory, run_at_once


class Clock:
    """A settable clock for the service."""

    def __init__(self):
        self.t = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)

    def __call__(self):
        return self.t

    def advance(self, **kw):
        self.t += timedelta(**kw)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "quiz.db"


@pytest.fixture(params=BACKENDS)
def target(request, tmp_path):
    """A fresh database of each backend: a SQLite path, then a PostgreSQL URL."""
    with backend_target(request.param, tmp_path) as t:
        yield t


@pytest.fixture
def make_store(target):
    """Open stores on ``target`` (closed after the test)."""
    with store_factory(target) as make:
        yield make


@pytest.fixture
def svc(rulebook, make_store):
    return QuizService(rulebook, make_store())


def test_store_creates_its_schema_and_uses_wal(db):
    Store(db)
    assert db.exists()
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()
    assert {"quizzes", "questions", "answers", "learners", "leitner"} <= tables


def test_store_creates_only_the_default_folder(tmp_path):
    """A --db in a folder that does not exist is refused (French), and the folder is not created."""
    from qa.quiz.store import StoreError
    path = tmp_path / "absent" / "dir" / "x.db"
    with pytest.raises(StoreError) as exc:
        Store(path)
    assert "n’existe pas" in exc.value.message and str(path.parent) in exc.value.message
    assert not (tmp_path / "absent").exists()
    Store(path, create_parent=True)  # asked for explicitly, it is created
    assert path.exists()


def test_store_refuses_a_file_that_is_not_sqlite_and_a_folder(tmp_path):
    from qa.quiz.store import StoreError
    bad = tmp_path / "notes.txt"
    bad.write_text("ceci n’est pas une base\n" * 200, encoding="utf-8")
    with pytest.raises(StoreError) as exc:
        Store(bad)
    assert "n’est pas une base SQLite" in exc.value.message
    with pytest.raises(StoreError) as exc:
        Store(tmp_path)
    assert "est un dossier" in exc.value.message


def test_a_database_broken_after_start_is_a_store_error(tmp_path):
    """A file that stops being a database while the app runs: every call is a StoreError
    (French message), never a raw sqlite3 error."""
    from qa.quiz.store import StoreError
    path = tmp_path / "q.db"
    store = Store(path)
    store.close()
    for suffix in ("", "-wal", "-shm"):
        p = Path(str(path) + suffix)
        if p.exists():
            p.unlink()
    path.write_bytes(b"garbage" * 1000)
    with pytest.raises(StoreError) as exc:
        store.get_row("abc")
    assert "n’est pas une base SQLite" in exc.value.message


def test_default_path_from_environment(monkeypatch, tmp_path):
    from qa.quiz.store import default_db_path
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("ARBITRE_DB")
    assert default_db_path().parts[-2:] == ("instance", "arbitre.db")


def test_concurrent_submissions_leave_exactly_n_answers(svc):
    quiz = svc.create({"count": 40, "seed": 11, "learner": "Concurrence"})
    qs = quiz["questions"]
    barrier = threading.Barrier(len(qs))
    errors = []

    def submit(q):
        try:
            barrier.wait()
            svc.answer(quiz["id"], {"question": q["id"], "choice": q["choices"][0]["id"]})
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    run_at_once(submit, qs)
    assert not errors
    assert svc.store.counts()["answers"] == len(qs) == 40
    assert len(svc.load(quiz["id"]).answers) == 40


def test_same_answer_sent_concurrently_is_written_once_first_wins(svc):
    quiz = svc.create({"count": 3, "seed": 12})
    q = quiz["questions"][0]
    choices = [c["id"] for c in q["choices"]]
    n = 24
    barrier = threading.Barrier(n)
    results = []

    def submit(i):
        barrier.wait()
        results.append(svc.answer(quiz["id"], {"question": q["id"], "choice": choices[i % len(choices)]}))

    run_at_once(submit, range(n))
    assert svc.store.counts()["answers"] == 1
    recorded = {r["choice"] for r in results}
    assert len(recorded) == 1                      # everyone gets the recorded answer back
    assert sum(not r["duplicate"] for r in results) == 1


def test_restart_loses_nothing(rulebook, make_store):
    a = QuizService(rulebook, make_store())
    quiz = a.create({"count": 5, "seed": 13, "learner": "Relance"})
    for q in quiz["questions"][:3]:
        a.answer(quiz["id"], {"question": q["id"], "choice": q["choices"][0]["id"]})
    result = a.finish(quiz["id"])
    b = QuizService(rulebook, make_store())    # a new process on the same database
    view = b.view(quiz["id"])
    assert [q["id"] for q in view["questions"]] == [q["id"] for q in quiz["questions"]]
    assert len(view["answers"]) == 3
    assert view["result"] == result
    assert b.history("Relance")["quizzes"][0]["score"] == result["score"]


def test_answers_refused_once_finished(svc):
    quiz = svc.create({"count": 2, "seed": 14})
    svc.finish(quiz["id"])
    q = quiz["questions"][0]
    with pytest.raises(QuizError) as exc:
        svc.answer(quiz["id"], {"question": q["id"], "choice": "a"})
    assert exc.value.status == 409 and exc.value.code == "quiz_finished"
    with pytest.raises(QuizFinishedError):
        svc.store.record_answer(quiz["id"], q["id"], "a", True, "2025-01-01T00:00:00+00:00")


def test_finish_is_idempotent_first_result_wins(svc):
    quiz = svc.create({"count": 3, "seed": 15})
    first = svc.finish(quiz["id"])
    again = svc.finish(quiz["id"])
    assert first == again


def test_time_limit_is_enforced_by_the_server(rulebook, make_store):
    clock = Clock()
    svc = QuizService(rulebook, make_store(), clock)
    quiz = svc.create({"count": 3, "mode": "exam", "time_limit_s": 60})
    q0, q1 = quiz["questions"][:2]
    clock.advance(seconds=30)
    assert svc.answer(quiz["id"], {"question": q0["id"], "choice": "a"})["recorded"] is True
    clock.advance(seconds=30 + GRACE_S - 1)     # within the grace period of the page's auto-submit
    svc.answer(quiz["id"], {"question": q1["id"], "choice": "a"})
    clock.advance(seconds=5)
    with pytest.raises(QuizError) as exc:
        svc.answer(quiz["id"], {"question": quiz["questions"][2]["id"], "choice": "a"})
    assert exc.value.code == "time_over" and exc.value.status == 409
    view = svc.view(quiz["id"])
    assert view["finished"] and view["result"]["total"] == 3 and len(view["answers"]) == 2


def test_viewing_an_expired_quiz_finishes_it(rulebook, make_store):
    clock = Clock()
    svc = QuizService(rulebook, make_store(), clock)
    quiz = svc.create({"count": 2, "seed": 17, "time_limit_s": 10})
    assert svc.view(quiz["id"])["remaining_s"] == 10
    clock.advance(seconds=11)
    view = svc.view(quiz["id"])
    assert view["finished"] is not None and view["result"]["score"] == 0


def test_leitner_next_box():
    today = date(2025, 3, 1)
    # issue 14: a first right answer goes to box 2; a same-day retry does not promote
    assert leitner.next_box(None, True, today) == (2, date(2025, 3, 3))
    assert leitner.next_box(None, False, today) == (1, today)
    assert leitner.next_box(1, True, today) == (2, date(2025, 3, 3))
    assert leitner.next_box(1, True, today, last=today) == (1, date(2025, 3, 2))
    assert leitner.next_box(3, True, today, last=today) == (3, date(2025, 3, 5))
    assert leitner.next_box(3, True, today, last=date(2025, 2, 27)) == (4, date(2025, 3, 9))
    assert leitner.next_box(4, True, today) == (5, date(2025, 3, 17))
    assert leitner.next_box(5, True, today) == (5, date(2025, 3, 17))
    assert leitner.next_box(4, False, today) == (1, today)


def test_leitner_boxes_move_with_practice_answers_and_come_back_when_due(rulebook, make_store):
    clock = Clock()
    svc = QuizService(rulebook, make_store(), clock)
    quiz = svc.create({"count": 4, "seed": 18, "learner": "Leitner"})
    qs = svc.load(quiz["id"]).questions
    right, wrong = qs[0], qs[1]
    svc.answer(quiz["id"], {"question": right.id, "choice": right.right})
    bad = next(c.id for c in wrong.choices if c.id != wrong.right)
    svc.answer(quiz["id"], {"question": wrong.id, "choice": bad})
    boxes = {b["question_key"]: b for b in svc.store.leitner_boxes("Leitner")}
    assert boxes[right.id]["box"] == 2 and boxes[right.id]["due"] == "2025-03-03"
    assert boxes[wrong.id]["box"] == 1 and boxes[wrong.id]["due"] == "2025-03-01"
    hist = svc.history("Leitner")
    assert hist["leitner"]["due"] == 1 and hist["mistakes"] == 1
    review = svc.review_due("Leitner")
    assert [q["id"] for q in review["questions"]] == [wrong.id]
    # the retry right after the correction, the same day: no promotion (box 1, due tomorrow)
    svc.answer(review["id"], {"question": wrong.id, "choice": wrong.right})
    boxes = {b["question_key"]: b for b in svc.store.leitner_boxes("Leitner")}
    assert boxes[wrong.id]["box"] == 1 and boxes[wrong.id]["due"] == "2025-03-02"
    clock.advance(days=2)
    assert {q["id"] for q in svc.review_due("Leitner")["questions"]} == {right.id, wrong.id}


def test_exam_moves_leitner_boxes_only_when_finished(svc):
    quiz = svc.create({"count": 3, "mode": "exam", "learner": "Examen"})
    q = svc.load(quiz["id"]).questions[0]
    svc.answer(quiz["id"], {"question": q.id, "choice": q.right})
    assert svc.store.leitner_boxes("Examen") == []
    assert svc.history("Examen")["answers"] == 0          # no correction leaks before the end
    svc.finish(quiz["id"])
    boxes = {b["question_key"]: b["box"] for b in svc.store.leitner_boxes("Examen")}
    # the answered question (right: box 2) and the two skipped ones, back in box 1 for review
    assert boxes == {qq.id: 2 if qq.id == q.id else 1 for qq in svc.load(quiz["id"]).questions}


def test_retry_mistakes_makes_a_quiz_of_the_wrong_ones(svc):
    quiz = svc.create({"count": 5, "seed": 20, "learner": "Erreurs"})
    qs = svc.load(quiz["id"]).questions
    for i, q in enumerate(qs):
        choice = q.right if i % 2 == 0 else next(c.id for c in q.choices if c.id != q.right)
        svc.answer(quiz["id"], {"question": q.id, "choice": choice})
    retry = svc.retry_mistakes("Erreurs")
    assert sorted(q["id"] for q in retry["questions"]) == sorted(q.id for i, q in enumerate(qs) if i % 2 == 1)
    # answering them right clears them
    for q in svc.load(retry["id"]).questions:
        svc.answer(retry["id"], {"question": q.id, "choice": q.right})
    with pytest.raises(QuizError) as exc:
        svc.retry_mistakes("Erreurs")
    assert exc.value.status == 404


def test_history_tallies_by_topic_and_ruleset(svc):
    quiz = svc.create({"count": 6, "seed": 21, "learner": "Stats"})
    qs = svc.load(quiz["id"]).questions
    for q in qs:
        svc.answer(quiz["id"], {"question": q.id, "choice": q.right})
    svc.finish(quiz["id"])
    h = svc.history("Stats")
    assert h["answers"] == 6 and h["mistakes"] == 0
    assert sum(s["total"] for s in h["by_ruleset"].values()) == 6
    for slot in h["by_topic"].values():
        assert slot["correct"] == slot["total"] and slot["series"][0]["total"] == slot["total"]
    assert h["quizzes"][0]["score"] == 6 and h["quizzes"][0]["passed"] is True


# ----------------------------------------------------------------------------- finish racing answers
RACES = 40
LAST = 3          # questions answered by threads while another thread finishes


def _race_once(svc, mode: str, seed: int) -> dict:
    """Answer all but the last LAST questions, then release LAST answering threads and one
    finishing thread together. Every answer is the right one, so the score must equal the
    number of answers the service acknowledged."""
    params = {"count": LAST + 2, "mode": mode, "learner": f"Course {mode}"}
    if mode == "practice":
        params["seed"] = seed            # an exam is drawn from a secret seed
    quiz = svc.create(params)
    qs = svc.load(quiz["id"]).questions
    for q in qs[:-LAST]:
        svc.answer(quiz["id"], {"question": q.id, "choice": q.right})
    barrier = threading.Barrier(LAST + 1)
    acked, refused, errors, results = [], [], [], []

    def answer(q):
        barrier.wait()
        try:
            svc.answer(quiz["id"], {"question": q.id, "choice": q.right})
            acked.append(q.id)
        except QuizError as exc:
            (refused if exc.code == "quiz_finished" else errors).append(q.id)
        except Exception as exc:  # pragma: no cover - reported by the assertion below
            errors.append(repr(exc))

    def finish():
        barrier.wait()
        results.append(svc.finish(quiz["id"]))

    threads = [threading.Thread(target=answer, args=(q,)) for q in qs[-LAST:]] + [threading.Thread(target=finish)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    result = results[0]
    counted = {r["question"]["id"] for r in result["review"] if r["choice"] is not None}
    expected = {q.id for q in qs[:-LAST]} | set(acked)
    assert counted == expected, (acked, refused)          # no acknowledged answer left out, none invented
    assert result["score"] == len(expected)
    assert svc.view(quiz["id"])["result"]["score"] == result["score"]
    assert len(svc.load(quiz["id"]).answers) == len(expected)   # refused answers were not written
    return {"acked": len(acked), "refused": len(refused)}


def test_a_finish_racing_the_last_answers_counts_every_acknowledged_answer(svc, target):
    """40 races per backend: the score is computed inside the finish transaction, which
    locks the quiz row, so an answer either commits first (and counts) or is refused."""
    figures = [_race_once(svc, "exam" if i % 2 else "practice", 1000 + i) for i in range(RACES)]
    acked = sum(f["acked"] for f in figures)
    refused = sum(f["refused"] for f in figures)
    mixed = sum(1 for f in figures if f["acked"] and f["refused"])
    print(f"\n{'PostgreSQL' if target.startswith('postgresql') else 'SQLite'} : {RACES} courses, "
          f"{acked} réponses acceptées et comptées, {refused} refusées (quiz terminé), {mixed} courses mêlées")
    assert acked + refused == RACES * LAST
    assert acked > 0 and refused > 0      # the finish really lands among the answers


def test_an_exam_name_is_taken_once_on_each_backend(svc):
    """Two codes of one exam, the same candidate name (any case): the second is refused in the
    transaction that would spend its code (the code stays free)."""
    from qa.quiz import exams
    exam = exams.create_exam(svc, {"rulesets": ["9-ffb"], "count": 3, "candidates": 2})
    first = exams.start_attempt(svc, exam["id"], {"code": exam["codes"][0], "learner": "Zoé"})
    assert first["candidate"] == "Zoé"
    with pytest.raises(QuizError) as e:
        exams.start_attempt(svc, exam["id"], {"code": exam["codes"][1], "learner": "ZOÉ"})
    assert (e.value.status, e.value.field) == (409, "learner")
    assert exams.start_attempt(svc, exam["id"], {"code": exam["codes"][1], "learner": "Zoé B."})["candidate"] == "Zoé B."


# ----------------------------------------------------------------------------- look-alike names
# « Аna » below starts with U+0410 CYRILLIC CAPITAL LETTER A, « Ζoé » with U+0396 GREEK CAPITAL
# LETTER ZETA: on a screen they are « Ana » and « Zoé » (Unicode TR39 confusables).
CYRILLIC_ANA = "\u0410na"
GREEK_ZOE = "\u0396o\u00e9"


def test_a_name_written_in_look_alike_letters_is_the_same_learner(rulebook, make_store):
    from qa.quiz.service import QuizService as Plain
    svc = Plain(rulebook, make_store())
    first = svc.create({"count": 1, "learner": "Ana"})
    assert first["learner"] == "Ana" and first["learner_token"]
    with pytest.raises(QuizError) as e:       # not a new learner: Ana's token is asked for
        svc.create({"count": 1, "learner": CYRILLIC_ANA})
    assert (e.value.status, e.value.code, e.value.field) == (403, "learner_taken", "learner")
    again = svc.create({"count": 1, "learner": CYRILLIC_ANA}, token=first["learner_token"])
    assert again["learner"] == "Ana" and "learner_token" not in again    # stored as first typed
    history = svc.history(CYRILLIC_ANA, first["learner_token"])
    assert len(history["quizzes"]) == 2
    # a different name is still a different learner
    assert svc.create({"count": 1, "learner": "Anna"})["learner_token"]


def test_an_exam_name_in_look_alike_letters_is_taken(svc):
    from qa.quiz import exams
    exam = exams.create_exam(svc, {"rulesets": ["9-ffb"], "count": 3, "candidates": 2})
    assert exams.start_attempt(svc, exam["id"], {"code": exam["codes"][0], "learner": "Zoé"})["candidate"] == "Zoé"
    with pytest.raises(QuizError) as e:
        exams.start_attempt(svc, exam["id"], {"code": exam["codes"][1], "learner": GREEK_ZOE})
    assert (e.value.status, e.value.field) == (409, "learner")


def test_two_look_alike_names_created_at_once_make_one_learner(rulebook, make_store):
    from qa.quiz.service import QuizService as Plain
    stores = [make_store() for _ in range(4)]
    results: list[str] = []

    def create(i: int) -> None:
        name = ("Ana", CYRILLIC_ANA)[i % 2]
        try:
            Plain(rulebook, stores[i]).create({"count": 1, "learner": name})
            results.append("new")
        except QuizError as exc:
            results.append(exc.code)

    run_at_once(create, range(4))
    assert sorted(results) == ["learner_taken"] * 3 + ["new"]


def test_learners_of_an_older_database_get_their_skeleton_when_it_opens(make_store):
    store = make_store()
    store.create_quiz("old1", {}, 1, "practice", "Ana", "2025-01-01T00:00:00+00:00", None, [],
                      learner_hashes=("", "digest-ana"))
    with store.db.write() as tx:       # as in a database made before the table existed
        tx.run("DELETE FROM learner_skeletons")
    assert store.learner(CYRILLIC_ANA) is None and store.learner("ana")["name"] == "Ana"
    reopened = make_store()
    assert reopened.learner(CYRILLIC_ANA) == {"name": "Ana", "token_hash": "digest-ana"}
