"""The store of quizzes, their questions, answers and the learners' Leitner boxes.

Two backends behind the same methods (:mod:`qa.quiz.db`): a SQLite file, the embedded
default (``instance/arbitre.db`` at the project root), or a PostgreSQL database shared by
several app servers (``--db postgresql://…`` / ``ARBITRE_DB``). One schema
(:mod:`qa.quiz.schema`), the same queries and the same behaviour on both.

Concurrency: every write is one transaction that first locks the quiz row it depends on
(``SELECT … FOR UPDATE`` in PostgreSQL; ``BEGIN IMMEDIATE`` holds SQLite's write lock), so an
answer and the finish of its quiz serialise: the finish scores the answers it reads inside its
own transaction (:meth:`Store.finish_quiz` with a scoring function), and an answer either
commits before it (and is counted) or is refused as « quiz terminé ». An answer is written
once: ``UNIQUE(quiz_id, question_id)`` and ``INSERT … ON CONFLICT DO NOTHING``; later sends get
the recorded answer back. Leitner boxes of a learner move under a lock on the learner's row.

A database that cannot be used is a :class:`StoreError` with a French message, at start-up
(``Store(...)``: missing folder, read-only file, full disk, not SQLite, server unreachable,
bad URL) and, for one that breaks later, on any call.
"""
from __future__ import annotations

import hmac
import json
import os
from datetime import date
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, Union

from . import leitner
from .db import (DEFAULT_DB, PROJECT_ROOT, StoreError, Tx, default_target, french_sqlite_error,  # noqa: F401
                 is_postgres_url, open_backend)
from .names import learner_key, learner_skeletons, same_learner  # noqa: F401  (learner_key: read here by callers)
from .schema import TABLE_NAMES

LearnerUpdates = tuple[str, Sequence[tuple[Mapping[str, Any], bool]], date]
# A scoring function: the quiz's answers as read under the finish's lock -> (result, Leitner moves)
Scorer = Callable[[dict], tuple[Mapping[str, Any], Union[LearnerUpdates, None]]]


class QuizFinishedError(Exception):
    """The quiz is finished: no more answers are accepted."""


class UnknownQuizError(KeyError):
    """No quiz with this id."""


class LearnerTokenError(Exception):
    """The learner's name is taken and the token sent is not that learner's."""


class ExamCodeError(Exception):
    """A candidate code that is not one of the exam's (``used`` False) or that was used (True);
    ``name_taken``: the code is free but another candidate of the exam already took that name."""

    def __init__(self, used: bool, name_taken: bool = False):
        super().__init__("name_taken" if name_taken else "used" if used else "unknown")
        self.used, self.name_taken = used, name_taken


def default_db_path() -> Path:
    """``ARBITRE_DB`` from the environment (a file; see :func:`default_db`), else
    ``instance/arbitre.db`` at the project root."""
    env = os.environ.get("ARBITRE_DB")
    return Path(env) if env else DEFAULT_DB


def default_db() -> str:
    """``ARBITRE_DB`` (a SQLite path or a PostgreSQL URL), else ``instance/arbitre.db``."""
    return default_target()


def storable_key(key: Any) -> bool:
    """False for a key no row can have (not text, NUL or a lone surrogate: neither engine
    stores those), so a lookup answers « not found » instead of a driver error."""
    if not isinstance(key, str) or "\x00" in key:
        return False
    try:
        key.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Store:
    """The quiz database at ``target``: a SQLite file path or a ``postgresql://`` URL (default
    :func:`default_db`), created with its schema if needed.

    ``create_parent`` (SQLite): create the file's folder when missing; by default only for the
    default ``instance/`` folder. Raises :class:`StoreError` (French message) when the database
    cannot be used.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, timeout: float = 30.0,
                 create_parent: bool | None = None):
        self.db = open_backend(path, timeout, create_parent)
        self.location = self.db.location
        self.backend = self.db.dialect
        self.timeout = timeout
        self._index_skeletons()

    def _index_skeletons(self) -> None:
        """Give the learners of a database made before ``learner_skeletons`` their skeleton
        (oldest first: of two look-alike names, the first keeps it)."""
        with self.db.read() as tx:
            rows = tx.all("SELECT k.key, k.name FROM learner_keys k WHERE NOT EXISTS "
                          "(SELECT 1 FROM learner_skeletons s WHERE s.key = k.key) ORDER BY k.created, k.key")
        if not rows:
            return
        with self.db.write() as tx:
            for r in rows:
                self._add_skeletons(tx, str(r["name"]), str(r["key"]))

    @staticmethod
    def _add_skeletons(tx: Tx, name: str, key: str) -> bool:
        """Write the skeletons of ``name`` (:func:`learner_skeletons`) for the learner ``key``;
        False when one is another learner's already (that one is left as it is)."""
        added = [tx.run("INSERT INTO learner_skeletons (skeleton, key) VALUES (?, ?) ON CONFLICT (skeleton) "
                        "DO NOTHING", (skeleton, key)).rowcount for skeleton in learner_skeletons(name)]
        return all(n == 1 for n in added)

    def close(self) -> None:
        """Release idle connections (the store still works: it reconnects when needed)."""
        self.db.close()

    # -- quizzes ---------------------------------------------------------------------------
    def create_quiz(self, quiz_id: str, params: Mapping[str, Any], seed: int, mode: str, learner: str | None,
                    created: str, time_limit_s: int | None, questions: Sequence[Mapping[str, Any]],
                    token_hash: str = "", learner_hashes: tuple[str, str] | None = None,
                    exam_code: tuple[str, str, str | None] | None = None) -> tuple[str | None, bool]:
        """Store a new quiz, its questions (``to_json()`` mappings, in order) and its token's
        digest, atomically; return the learner's name as stored (its first spelling) and
        whether this learner is new (then its token is the new one).

        ``learner_hashes`` = ``(digest of the token sent, digest of a new token)``: a learner
        seen for the first time (by :func:`learner_key`, then :func:`learner_skeletons`) gets the new one; a known learner
        must have sent its own, else :class:`LearnerTokenError`. ``exam_code`` = ``(exam id,
        code digest, candidate)``: the candidate code is used by this quiz, in the same
        transaction (:class:`ExamCodeError` when unknown or already used).
        """
        with self.db.write() as tx:
            if exam_code is not None:
                self._use_code(tx, quiz_id, created, *exam_code)
            new = False
            if learner:
                learner, new = self._claim_learner(tx, learner, created, learner_hashes)
            tx.run("INSERT INTO quizzes (id, params, seed, mode, learner, created, time_limit_s) VALUES (?,?,?,?,?,?,?)",
                   (quiz_id, json.dumps(params, ensure_ascii=False), seed, mode, learner, created, time_limit_s))
            tx.many("INSERT INTO questions (quiz_id, position, question_id, question) VALUES (?,?,?,?)",
                    [(quiz_id, i, q["id"], json.dumps(q, ensure_ascii=False)) for i, q in enumerate(questions)])
            if token_hash:
                tx.run("INSERT INTO quiz_tokens (quiz_id, token_hash) VALUES (?, ?)", (quiz_id, token_hash))
            if learner:
                tx.run("INSERT INTO learners (name, created) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                       (learner, created))
        return learner, new

    def _find_learner(self, tx: Tx, name: str, lock: str = "") -> Any:
        """The ``learner_keys`` row (``name``, ``token_hash``) of the learner called ``name``:
        the same key (:func:`learner_key`), else the same look (:func:`learner_skeletons`);
        None for a new learner. ``lock``: the backend's row lock, inside a write."""
        row = tx.one(f"SELECT name, token_hash FROM learner_keys WHERE key = ?{lock}", (learner_key(name),))
        if row is None:
            row = tx.one("SELECT k.name, k.token_hash FROM learner_skeletons s JOIN learner_keys k ON k.key = s.key "
                         f"WHERE s.skeleton IN (?, ?) ORDER BY k.created, k.key{lock}", learner_skeletons(name))
        return row

    def _claim_learner(self, tx: Tx, learner: str, created: str,
                       hashes: tuple[str, str] | None) -> tuple[str, bool]:
        row = self._find_learner(tx, learner, self.db.lock)
        if row is None:     # a new learner (without ``hashes``: one no token opens)
            # the skeletons first: a look-alike name created at the same moment has taken one
            if not self._add_skeletons(tx, learner, learner_key(learner)):
                raise LearnerTokenError(learner)
            tx.run("INSERT INTO learner_keys (key, name, token_hash, created) VALUES (?,?,?,?)",
                   (learner_key(learner), learner, hashes[1] if hashes else "", created))
            return learner, True
        if hashes is None or not hmac.compare_digest(str(row["token_hash"]), hashes[0]):
            raise LearnerTokenError(learner)
        return str(row["name"]), False

    def _use_code(self, tx: Tx, quiz_id: str, created: str, exam_id: str, code_hash: str,
                  candidate: str | None) -> None:
        # every code of the exam is locked: two candidates may not take the same name at once
        rows = tx.all(f"SELECT code_hash, quiz_id, candidate FROM exam_codes WHERE exam_id = ?{self.db.lock}",
                      (exam_id,))
        row = next((r for r in rows if r["code_hash"] == code_hash), None)
        if row is None or row["quiz_id"] is not None:
            raise ExamCodeError(used=row is not None)
        if candidate and any(r["candidate"] and same_learner(str(r["candidate"]), candidate) for r in rows):
            raise ExamCodeError(used=False, name_taken=True)
        tx.run("UPDATE exam_codes SET quiz_id = ?, candidate = ?, used = ? WHERE exam_id = ? AND code_hash = ?",
               (quiz_id, candidate, created, exam_id, code_hash))

    # -- tokens ------------------------------------------------------------------------------
    def quiz_token_hash(self, quiz_id: str) -> str | None:
        """The digest of the quiz's token (None: unknown quiz, or one stored before tokens)."""
        if not storable_key(quiz_id):
            return None
        with self.db.read() as tx:
            row = tx.one("SELECT token_hash FROM quiz_tokens WHERE quiz_id = ?", (quiz_id,))
        return str(row["token_hash"]) if row else None

    def learner(self, name: str) -> dict | None:
        """``{"name", "token_hash"}`` of the learner called ``name`` (any case, any look-alike
        letters: :meth:`_find_learner`), or None."""
        if not storable_key(name):
            return None
        with self.db.read() as tx:
            row = self._find_learner(tx, name)
        return {"name": row["name"], "token_hash": row["token_hash"]} if row else None

    # -- exams -------------------------------------------------------------------------------
    def create_exam(self, exam_id: str, title: str, params: Mapping[str, Any], seed: int, trainer_hash: str,
                    created: str, code_hashes: Sequence[str]) -> None:
        """Store an exam set by a trainer and the digests of its one-use candidate codes."""
        with self.db.write() as tx:
            tx.run("INSERT INTO exams (id, title, params, seed, trainer_hash, created) VALUES (?,?,?,?,?,?)",
                   (exam_id, title, json.dumps(params, ensure_ascii=False), seed, trainer_hash, created))
            tx.many("INSERT INTO exam_codes (exam_id, position, code_hash) VALUES (?,?,?)",
                    [(exam_id, i, h) for i, h in enumerate(code_hashes)])

    def get_exam(self, exam_id: str) -> dict | None:
        """The exam row (``params`` decoded) or None."""
        if not storable_key(exam_id):
            return None
        with self.db.read() as tx:
            row = tx.one("SELECT * FROM exams WHERE id = ?", (exam_id,))
        if row is None:
            return None
        return {"id": row["id"], "title": row["title"], "params": json.loads(row["params"]), "seed": row["seed"],
                "trainer_hash": row["trainer_hash"], "created": row["created"]}

    def exam_codes(self, exam_id: str) -> list[dict]:
        """The exam's codes in order: ``position``, ``quiz_id``, ``candidate``, ``used`` (never the digests)."""
        if not storable_key(exam_id):
            return []
        with self.db.read() as tx:
            rows = tx.all("SELECT position, quiz_id, candidate, used FROM exam_codes WHERE exam_id = ? "
                          "ORDER BY position", (exam_id,))
        return [{"position": r["position"], "quiz_id": r["quiz_id"], "candidate": r["candidate"], "used": r["used"]}
                for r in rows]

    def get_row(self, quiz_id: str) -> dict | None:
        """The quiz row alone (``params``/``result`` decoded), or None: cheap, for hot paths."""
        if not storable_key(quiz_id):
            return None
        with self.db.read() as tx:
            row = tx.one("SELECT * FROM quizzes WHERE id = ?", (quiz_id,))
        return _quiz_row(row) if row is not None else None

    def get_questions(self, quiz_id: str) -> list[dict]:
        """The quiz's question mappings in order (they never change once stored)."""
        if not storable_key(quiz_id):
            return []
        with self.db.read() as tx:
            qs = tx.all("SELECT question FROM questions WHERE quiz_id = ? ORDER BY position", (quiz_id,))
        return [json.loads(r["question"]) for r in qs]

    def get_answers(self, quiz_id: str) -> dict:
        """{question id: answer dict} of the quiz."""
        if not storable_key(quiz_id):
            return {}
        with self.db.read() as tx:
            return _answers(tx, quiz_id)

    def record_answer(self, quiz_id: str, question_id: str, choice: str, correct: bool, answered_at: str,
                      learner_update: tuple[str, Mapping[str, Any], date] | None = None) -> tuple[dict, bool]:
        """Write the answer once; return ``(recorded answer, inserted)``; the answer dict also
        carries ``answered``, the quiz's number of answers just after this write.

        Raises :class:`UnknownQuizError` or :class:`QuizFinishedError`, checked under a lock on
        the quiz row held until the write commits (so a finish waits for it, or it for the
        finish). ``learner_update`` = ``(learner, question mapping, today)`` moves the
        question's Leitner box when the answer is new.
        """
        if not storable_key(quiz_id):
            raise UnknownQuizError(quiz_id)
        with self.db.write() as tx:
            self._lock_open_quiz(tx, quiz_id)
            cur = tx.run("INSERT INTO answers (quiz_id, question_id, choice, correct, answered_at) VALUES (?,?,?,?,?) "
                         "ON CONFLICT (quiz_id, question_id) DO NOTHING",
                         (quiz_id, question_id, choice, int(bool(correct)), answered_at))
            inserted = cur.rowcount == 1
            got = tx.one("SELECT question_id, choice, correct, answered_at FROM answers "
                         "WHERE quiz_id = ? AND question_id = ?", (quiz_id, question_id))
            if inserted and learner_update:
                learner, question, today = learner_update
                self._lock_learner(tx, learner)
                _leitner_move(tx, learner, question, bool(correct), today, answered_at)
            count = tx.one("SELECT COUNT(*) AS n FROM answers WHERE quiz_id = ?", (quiz_id,))["n"]
        return {**_answer_row(got), "answered": count}, inserted

    def _lock_open_quiz(self, tx: Tx, quiz_id: str) -> None:
        row = tx.one(f"SELECT finished FROM quizzes WHERE id = ?{self.db.lock}", (quiz_id,))
        if row is None:
            raise UnknownQuizError(quiz_id)
        if row["finished"] is not None:
            raise QuizFinishedError(quiz_id)

    def _lock_learner(self, tx: Tx, learner: str) -> None:
        """Serialise the Leitner moves of one learner (two quizzes answered at once)."""
        tx.one(f"SELECT name FROM learners WHERE name = ?{self.db.lock}", (learner,))

    def finish_quiz(self, quiz_id: str, finished: str, result: Mapping[str, Any] | Scorer,
                    learner_updates: LearnerUpdates | None = None) -> dict:
        """Mark the quiz finished unless it already is; return the stored result (the first
        finish wins).

        ``result`` is the result mapping, or — to count every answer committed before the
        finish — a scoring function called inside the finish's transaction, under the lock on
        the quiz row, with the quiz's answers (as :meth:`get_answers`); it returns ``(result,
        learner_updates)``. ``learner_updates`` = ``(learner, [(question, correct)], today)``
        moves Leitner boxes when this call is the one that finishes the quiz.
        """
        if not storable_key(quiz_id):
            raise UnknownQuizError(quiz_id)
        with self.db.write() as tx:
            row = tx.one(f"SELECT finished, result FROM quizzes WHERE id = ?{self.db.lock}", (quiz_id,))
            if row is None:
                raise UnknownQuizError(quiz_id)
            if row["finished"] is not None:
                return json.loads(row["result"])
            if callable(result):
                result, learner_updates = result(_answers(tx, quiz_id))
            tx.run("UPDATE quizzes SET finished = ?, result = ? WHERE id = ?",
                   (finished, json.dumps(result, ensure_ascii=False), quiz_id))
            if learner_updates:
                learner, items, today = learner_updates
                self._lock_learner(tx, learner)
                for question, correct in items:
                    _leitner_move(tx, learner, question, correct, today, finished)
        return json.loads(json.dumps(result, ensure_ascii=False))

    # -- learners ----------------------------------------------------------------------------
    def learner_quizzes(self, learner: str) -> list[dict]:
        """The learner's quizzes, oldest first (rows without questions/answers)."""
        if not storable_key(learner):
            return []
        with self.db.read() as tx:
            rows = tx.all("SELECT * FROM quizzes WHERE learner = ? ORDER BY created, id", (learner,))
        return [_quiz_row(r) for r in rows]

    def learner_answers(self, learner: str) -> list[dict]:
        """Every answer of the learner with its question: ``quiz_id``, ``mode``, ``created``,
        ``finished``, ``question`` (mapping), ``choice``, ``correct``, ``answered_at``; oldest first.
        Answers of unfinished exams are left out (their correction is not yet shown)."""
        if not storable_key(learner):
            return []
        with self.db.read() as tx:
            rows = tx.all(
                "SELECT a.quiz_id, a.question_id, a.choice, a.correct, a.answered_at, q.question, "
                "z.mode, z.created, z.finished FROM answers a "
                "JOIN quizzes z ON z.id = a.quiz_id "
                "JOIN questions q ON q.quiz_id = a.quiz_id AND q.question_id = a.question_id "
                "WHERE z.learner = ? AND (z.mode = 'practice' OR z.finished IS NOT NULL) "
                "ORDER BY a.answered_at, a.rowid", (learner,))
        return [{"quiz_id": r["quiz_id"], "mode": r["mode"], "created": r["created"], "finished": r["finished"],
                 "question": json.loads(r["question"]), "choice": r["choice"], "correct": bool(r["correct"]),
                 "answered_at": r["answered_at"]} for r in rows]

    def leitner_boxes(self, learner: str) -> list[dict]:
        """The learner's Leitner entries: ``question_key``, ``box``, ``due`` (ISO date), ``question``."""
        if not storable_key(learner):
            return []
        with self.db.read() as tx:
            rows = tx.all("SELECT question_key, box, due, question FROM leitner WHERE learner = ? "
                          "ORDER BY due, question_key", (learner,))
        return [{"question_key": r["question_key"], "box": r["box"], "due": r["due"],
                 "question": json.loads(r["question"])} for r in rows]

    def counts(self) -> dict:
        """Row counts per table (for checks and benchmarks)."""
        with self.db.read() as tx:
            return {t: tx.one(f"SELECT COUNT(*) AS n FROM {t}")["n"] for t in TABLE_NAMES}


def _answers(tx: Tx, quiz_id: str) -> dict:
    rows = tx.all("SELECT question_id, choice, correct, answered_at FROM answers WHERE quiz_id = ? "
                  "ORDER BY answered_at, rowid", (quiz_id,))
    return {r["question_id"]: _answer_row(r) for r in rows}


def _leitner_move(tx: Tx, learner: str, question: Mapping[str, Any], correct: bool,
                  today: date, when: str) -> None:
    key = question["id"]
    row = tx.one("SELECT box, updated FROM leitner WHERE learner = ? AND question_key = ?", (learner, key))
    last = date.fromisoformat(str(row["updated"])[:10]) if row else None
    box, due = leitner.next_box(row["box"] if row else None, correct, today, last)
    tx.run("INSERT INTO leitner (learner, question_key, box, due, question, updated) VALUES (?,?,?,?,?,?) "
           "ON CONFLICT (learner, question_key) DO UPDATE SET box = excluded.box, due = excluded.due, "
           "question = excluded.question, updated = excluded.updated",
           (learner, key, box, due.isoformat(), json.dumps(question, ensure_ascii=False), when))


def _quiz_row(row: Mapping[str, Any]) -> dict:
    return {
        "id": row["id"], "params": json.loads(row["params"]), "seed": row["seed"], "mode": row["mode"],
        "learner": row["learner"], "created": row["created"], "time_limit_s": row["time_limit_s"],
        "finished": row["finished"], "result": json.loads(row["result"]) if row["result"] else None,
    }


def _answer_row(row: Mapping[str, Any]) -> dict:
    return {"question": row["question_id"], "choice": row["choice"], "correct": bool(row["correct"]),
            "answered_at": row["answered_at"]}
