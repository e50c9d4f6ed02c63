"""SQLite store of quizzes, their questions, answers and the learners' Leitner boxes.

Standard library only. One connection per operation (so any thread may call any method),
plus one idle connection kept open so that the WAL is not checkpointed at every close;
WAL journal, ``BEGIN IMMEDIATE`` for every write so that concurrent writers queue instead of
failing, and a busy timeout. An answer is written once: ``UNIQUE(quiz_id, question_id)`` and
``INSERT ... ON CONFLICT DO NOTHING``; later sends get the recorded answer back.

The file is ``--db`` / ``ARBITRE_DB`` or, by default, ``instance/arbitre.db`` at the project
root. Only that default ``instance/`` folder is created when missing: another path needs its
folder to exist. A file that is not a usable SQLite database is a :class:`StoreError` with a
French message, at start-up (``Store(...)``) and, for a file that breaks later, on any call.
"""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager, suppress
from datetime import date
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from . import leitner

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DB = PROJECT_ROOT / "instance" / "arbitre.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS quizzes (
    id            TEXT PRIMARY KEY,
    params        TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    mode          TEXT NOT NULL CHECK (mode IN ('practice', 'exam')),
    learner       TEXT,
    created       TEXT NOT NULL,
    time_limit_s  INTEGER,
    finished      TEXT,
    result        TEXT
);
CREATE INDEX IF NOT EXISTS quizzes_learner ON quizzes (learner, created);
CREATE TABLE IF NOT EXISTS questions (
    quiz_id      TEXT NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    question_id  TEXT NOT NULL,
    question     TEXT NOT NULL,
    PRIMARY KEY (quiz_id, position),
    UNIQUE (quiz_id, question_id)
);
CREATE TABLE IF NOT EXISTS answers (
    quiz_id      TEXT NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
    question_id  TEXT NOT NULL,
    choice       TEXT NOT NULL,
    correct      INTEGER NOT NULL,
    answered_at  TEXT NOT NULL,
    UNIQUE (quiz_id, question_id)
);
CREATE TABLE IF NOT EXISTS learners (
    name     TEXT PRIMARY KEY,
    created  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS leitner (
    learner       TEXT NOT NULL,
    question_key  TEXT NOT NULL,
    box           INTEGER NOT NULL,
    due           TEXT NOT NULL,
    question      TEXT NOT NULL,
    updated       TEXT NOT NULL,
    PRIMARY KEY (learner, question_key)
);
CREATE INDEX IF NOT EXISTS leitner_due ON leitner (learner, due);
"""


class StoreError(Exception):
    """The quiz database cannot be used: ``message`` says why, in French (the file is not a
    SQLite database, its folder is missing, it is read-only, locked, the disk is full...)."""

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message)
        self.message = message
        self.reason = reason or message   # the same without the file's path (for web users)


# SQLite's (English) messages, in French; the first that matches the error's text wins.
_SQLITE_PROBLEMS = (
    ("file is not a database", "ce fichier n’est pas une base SQLite"),
    ("file is encrypted or is not a database", "ce fichier n’est pas une base SQLite"),
    ("database disk image is malformed", "la base SQLite est endommagée"),
    ("unable to open database file", "impossible d’ouvrir le fichier (dossier absent ou droits insuffisants)"),
    ("attempt to write a readonly database", "la base est en lecture seule"),
    ("readonly database", "la base est en lecture seule"),
    ("database is locked", "la base est verrouillée par un autre programme"),
    ("database or disk is full", "le disque est plein"),
    ("disk i/o error", "erreur d’entrée-sortie sur le disque"),
    ("no such table", "la base ne contient pas les tables des quiz"),
)


def french_sqlite_error(exc: BaseException) -> str:
    """A French description of a :mod:`sqlite3` (or file system) error."""
    text = str(exc).lower()
    for english, french in _SQLITE_PROBLEMS:
        if english in text:
            return french
    if isinstance(exc, OSError) and exc.strerror:
        return {"Permission denied": "droits insuffisants", "No such file or directory": "dossier introuvable",
                "Read-only file system": "système de fichiers en lecture seule",
                "Not a directory": "un élément du chemin n’est pas un dossier"}.get(exc.strerror,
                                                                                    "erreur du système de fichiers")
    return "erreur de la base SQLite"


class QuizFinishedError(Exception):
    """The quiz is finished: no more answers are accepted."""


class UnknownQuizError(KeyError):
    """No quiz with this id."""


def default_db_path() -> Path:
    """``ARBITRE_DB`` from the environment, else ``instance/arbitre.db`` at the project root."""
    env = os.environ.get("ARBITRE_DB")
    return Path(env) if env else DEFAULT_DB


class Store:
    """The quiz database at ``path`` (created with its schema if needed).

    ``create_parent``: create the file's folder when missing; by default only for the
    default ``instance/`` folder (any other path must be in an existing folder). Raises
    :class:`StoreError` (French message) when the file cannot be used as the quiz database.
    """

    def __init__(self, path: str | os.PathLike | None = None, timeout: float = 30.0,
                 create_parent: bool | None = None):
        self.path = Path(path) if path else default_db_path()
        self.timeout = timeout
        if str(self.path) != ":memory:":
            self._check_path(create_parent)
        try:
            conn = self._connect()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path} : {french_sqlite_error(exc)}", french_sqlite_error(exc)) from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(SCHEMA)
        except sqlite3.Error as exc:
            conn.close()
            raise StoreError(f"{self.path} : {french_sqlite_error(exc)}", french_sqlite_error(exc)) from None
        except BaseException:
            conn.close()
            raise
        # Kept open, idle: while one connection stays open, closing the per-operation ones
        # does not checkpoint and delete the WAL file each time (a costly fsync).
        self._keeper = conn

    def _check_path(self, create_parent: bool | None) -> None:
        parent = self.path.parent
        if create_parent is None:
            create_parent = parent.resolve() == DEFAULT_DB.parent.resolve()
        if self.path.is_dir():
            raise StoreError(f"{self.path} est un dossier : donnez le chemin d’un fichier SQLite "
                             f"(ex. {self.path / 'arbitre.db'}).", "le chemin configuré est un dossier")
        if not parent.is_dir():
            if not create_parent:
                raise StoreError(f"le dossier {parent} n’existe pas : créez-le d’abord ou choisissez un autre fichier.",
                                 "le dossier de la base n’existe pas")
            try:
                parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"impossible de créer le dossier {parent} : {french_sqlite_error(exc)}",
                                 "le dossier de la base ne peut pas être créé") from None

    def close(self) -> None:
        """Close the idle connection kept open (the store still works: it reopens per operation)."""
        keeper, self._keeper = getattr(self, "_keeper", None), None
        if keeper is not None:
            keeper.close()

    # -- connections ---------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), timeout=self.timeout, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def _error(self, exc: sqlite3.Error) -> StoreError:
        return StoreError(f"base des quiz inutilisable ({self.path}) : {french_sqlite_error(exc)}",
                          french_sqlite_error(exc))

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A connection inside ``BEGIN IMMEDIATE`` … ``COMMIT`` (rolled back on error); a
        SQLite failure becomes a :class:`StoreError`."""
        try:
            conn = self._connect()
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        finally:
            conn.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A connection for reading; a SQLite failure becomes a :class:`StoreError`."""
        try:
            conn = self._connect()
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        try:
            yield conn
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        finally:
            conn.close()

    # -- quizzes ---------------------------------------------------------------------------
    def create_quiz(self, quiz_id: str, params: Mapping[str, Any], seed: int, mode: str, learner: str | None,
                    created: str, time_limit_s: int | None, questions: Sequence[Mapping[str, Any]]) -> None:
        """Store a new quiz and its questions (``to_json()`` mappings, in order), atomically."""
        with self._write() as conn:
            conn.execute(
                "INSERT INTO quizzes (id, params, seed, mode, learner, created, time_limit_s) VALUES (?,?,?,?,?,?,?)",
                (quiz_id, json.dumps(params, ensure_ascii=False), seed, mode, learner, created, time_limit_s))
            conn.executemany(
                "INSERT INTO questions (quiz_id, position, question_id, question) VALUES (?,?,?,?)",
                [(quiz_id, i, q["id"], json.dumps(q, ensure_ascii=False)) for i, q in enumerate(questions)])
            if learner:
                conn.execute("INSERT INTO learners (name, created) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
                             (learner, created))

    def get_row(self, quiz_id: str) -> dict | None:
        """The quiz row alone (``params``/``result`` decoded), or None: cheap, for hot paths."""
        with self._read() as conn:
            row = conn.execute("SELECT * FROM quizzes WHERE id = ?", (quiz_id,)).fetchone()
        return _quiz_row(row) if row is not None else None

    def get_questions(self, quiz_id: str) -> list[dict]:
        """The quiz's question mappings in order (they never change once stored)."""
        with self._read() as conn:
            qs = conn.execute("SELECT question FROM questions WHERE quiz_id = ? ORDER BY position", (quiz_id,)).fetchall()
        return [json.loads(r["question"]) for r in qs]

    def get_answers(self, quiz_id: str) -> dict:
        """{question id: answer dict} of the quiz."""
        with self._read() as conn:
            ans = conn.execute("SELECT question_id, choice, correct, answered_at FROM answers WHERE quiz_id = ? "
                               "ORDER BY answered_at, rowid", (quiz_id,)).fetchall()
        return {r["question_id"]: _answer_row(r) for r in ans}

    def record_answer(self, quiz_id: str, question_id: str, choice: str, correct: bool, answered_at: str,
                      learner_update: tuple[str, Mapping[str, Any], date] | None = None) -> tuple[dict, bool]:
        """Write the answer once; return ``(recorded answer, inserted)``; the answer dict also
        carries ``answered``, the quiz's number of answers just after this write.

        Raises :class:`UnknownQuizError` or :class:`QuizFinishedError` (checked in the same
        transaction as the write). ``learner_update`` = ``(learner, question mapping, today)``
        moves the question's Leitner box when the answer is new.
        """
        with self._write() as conn:
            row = conn.execute("SELECT finished FROM quizzes WHERE id = ?", (quiz_id,)).fetchone()
            if row is None:
                raise UnknownQuizError(quiz_id)
            if row["finished"] is not None:
                raise QuizFinishedError(quiz_id)
            cur = conn.execute(
                "INSERT INTO answers (quiz_id, question_id, choice, correct, answered_at) VALUES (?,?,?,?,?) "
                "ON CONFLICT (quiz_id, question_id) DO NOTHING",
                (quiz_id, question_id, choice, int(bool(correct)), answered_at))
            inserted = cur.rowcount == 1
            got = conn.execute("SELECT question_id, choice, correct, answered_at FROM answers "
                               "WHERE quiz_id = ? AND question_id = ?", (quiz_id, question_id)).fetchone()
            if inserted and learner_update:
                learner, question, today = learner_update
                _leitner_move(conn, learner, question, bool(correct), today, answered_at)
            count = conn.execute("SELECT COUNT(*) FROM answers WHERE quiz_id = ?", (quiz_id,)).fetchone()[0]
        return {**_answer_row(got), "answered": count}, inserted

    def finish_quiz(self, quiz_id: str, finished: str, result: Mapping[str, Any],
                    learner_updates: tuple[str, Sequence[tuple[Mapping[str, Any], bool]], date] | None = None) -> dict:
        """Mark the quiz finished with ``result`` unless it already is; return the stored
        result (the first finish wins). ``learner_updates`` = ``(learner, [(question, correct)],
        today)`` moves Leitner boxes when this call is the one that finishes the quiz."""
        with self._write() as conn:
            cur = conn.execute("UPDATE quizzes SET finished = ?, result = ? WHERE id = ? AND finished IS NULL",
                               (finished, json.dumps(result, ensure_ascii=False), quiz_id))
            if cur.rowcount == 1 and learner_updates:
                learner, items, today = learner_updates
                for question, correct in items:
                    _leitner_move(conn, learner, question, correct, today, finished)
            row = conn.execute("SELECT result FROM quizzes WHERE id = ?", (quiz_id,)).fetchone()
        if row is None:
            raise UnknownQuizError(quiz_id)
        return json.loads(row["result"])

    # -- learners ----------------------------------------------------------------------------
    def learner_quizzes(self, learner: str) -> list[dict]:
        """The learner's quizzes, oldest first (rows without questions/answers)."""
        with self._read() as conn:
            rows = conn.execute("SELECT * FROM quizzes WHERE learner = ? ORDER BY created, id", (learner,)).fetchall()
        return [_quiz_row(r) for r in rows]

    def learner_answers(self, learner: str) -> list[dict]:
        """Every answer of the learner with its question: ``quiz_id``, ``mode``, ``created``,
        ``finished``, ``question`` (mapping), ``choice``, ``correct``, ``answered_at``; oldest first.
        Answers of unfinished exams are left out (their correction is not yet shown)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT a.quiz_id, a.question_id, a.choice, a.correct, a.answered_at, q.question, "
                "z.mode, z.created, z.finished FROM answers a "
                "JOIN quizzes z ON z.id = a.quiz_id "
                "JOIN questions q ON q.quiz_id = a.quiz_id AND q.question_id = a.question_id "
                "WHERE z.learner = ? AND (z.mode = 'practice' OR z.finished IS NOT NULL) "
                "ORDER BY a.answered_at, a.rowid", (learner,)).fetchall()
        return [{"quiz_id": r["quiz_id"], "mode": r["mode"], "created": r["created"], "finished": r["finished"],
                 "question": json.loads(r["question"]), "choice": r["choice"], "correct": bool(r["correct"]),
                 "answered_at": r["answered_at"]} for r in rows]

    def leitner_boxes(self, learner: str) -> list[dict]:
        """The learner's Leitner entries: ``question_key``, ``box``, ``due`` (ISO date), ``question``."""
        with self._read() as conn:
            rows = conn.execute("SELECT question_key, box, due, question FROM leitner WHERE learner = ? "
                                "ORDER BY due, question_key", (learner,)).fetchall()
        return [{"question_key": r["question_key"], "box": r["box"], "due": r["due"],
                 "question": json.loads(r["question"])} for r in rows]

    def counts(self) -> dict:
        """Row counts per table (for checks and benchmarks)."""
        with self._read() as conn:
            return {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                    for t in ("quizzes", "questions", "answers", "learners", "leitner")}


def _leitner_move(conn: sqlite3.Connection, learner: str, question: Mapping[str, Any], correct: bool,
                  today: date, when: str) -> None:
    key = question["id"]
    row = conn.execute("SELECT box FROM leitner WHERE learner = ? AND question_key = ?", (learner, key)).fetchone()
    box, due = leitner.next_box(row["box"] if row else None, correct, today)
    conn.execute(
        "INSERT INTO leitner (learner, question_key, box, due, question, updated) VALUES (?,?,?,?,?,?) "
        "ON CONFLICT (learner, question_key) DO UPDATE SET box = excluded.box, due = excluded.due, "
        "question = excluded.question, updated = excluded.updated",
        (learner, key, box, due.isoformat(), json.dumps(question, ensure_ascii=False), when))


def _quiz_row(row: sqlite3.Row) -> dict:
    return {
        "id": row["id"], "params": json.loads(row["params"]), "seed": row["seed"], "mode": row["mode"],
        "learner": row["learner"], "created": row["created"], "time_limit_s": row["time_limit_s"],
        "finished": row["finished"], "result": json.loads(row["result"]) if row["result"] else None,
    }


def _answer_row(row: sqlite3.Row) -> dict:
    return {"question": row["question_id"], "choice": row["choice"], "correct": bool(row["correct"]),
            "answered_at": row["answered_at"]}
