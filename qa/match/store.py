"""Matches and their shots, kept in the quiz database (same backends: :mod:`qa.quiz.db`).

Two tables, created at start-up next to the quiz tables (idempotent DDL that both engines
accept; in PostgreSQL under a transaction-level advisory lock of its own, as the quiz schema,
so servers starting together do not race):

- ``matches``: one row per match — its settings (JSON), the SHA-256 of its token, and
  ``shots``, the number of shots recorded, which every write checks and moves under a lock on
  the row (``SELECT … FOR UPDATE`` in PostgreSQL; ``BEGIN IMMEDIATE`` in SQLite);
- ``match_shots``: one row per shot, numbered from 0 (``seq``), with the shot as ruled (JSON),
  its outcome (JSON), its player, its rack, and ``warning``: the answer to « Avertissement
  donné ? » after a foul that made a warning due (NULL: not answered).

A write is a function called inside the transaction with the rows read under the lock
(:meth:`MatchStore.update`): two devices entering shots in the same match serialise, and a shot
computed on an older state is refused (the caller compares ``seq``) before anything is written.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from ..quiz.db import Backend, StoreError, Tx, open_backend  # noqa: F401  (StoreError re-exported)
from ..quiz.store import storable_key

TABLES: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS matches (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL,
    settings    TEXT NOT NULL,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL,
    shots       BIGINT NOT NULL DEFAULT 0
)""",
    """CREATE TABLE IF NOT EXISTS match_shots (
    match_id  TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq       BIGINT NOT NULL,
    rack      BIGINT NOT NULL,
    player    TEXT NOT NULL CHECK (player IN ('A', 'B')),
    shot      TEXT NOT NULL,
    outcome   TEXT NOT NULL,
    warning   BIGINT,
    played    TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
)""",
)
TABLE_NAMES: tuple[str, ...] = ("matches", "match_shots")
SCHEMA_LOCK_KEY = 0x4D415443   # pg_advisory_xact_lock key: "MATC"


class UnknownMatchError(KeyError):
    """No match with this id."""


@dataclass(frozen=True)
class ShotRow:
    """One recorded shot: its number ``seq`` (from 0), ``rack`` (from 1), ``player`` (A/B),
    the ``shot`` as ruled (with ``choice`` and ``warned``), its ``outcome`` (contract JSON) and
    ``warning``, the answer to « Avertissement donné ? » (None: not asked or not answered)."""

    seq: int
    rack: int
    player: str
    shot: Mapping[str, Any]
    outcome: Mapping[str, Any]
    warning: bool | None
    played: str


@dataclass(frozen=True)
class MatchRow:
    """A match as stored: ``settings`` (ruleset, players, race_to, break, rack, state) and its shots."""

    id: str
    token_hash: str
    settings: Mapping[str, Any]
    created: str
    updated: str
    shots: tuple[ShotRow, ...]


#: What a write does inside its transaction: the match read under the lock → the change to make.
Change = Callable[[MatchRow], "Write"]


@dataclass(frozen=True)
class Write:
    """The change a write makes: shots to add, how many of the last to delete, one answer to record."""

    add: Sequence[ShotRow] = ()
    delete_last: int = 0
    warning: tuple[int, bool] | None = None   # (seq, answer)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class MatchStore:
    """Matches in the database at ``target`` (a SQLite path or a ``postgresql://`` URL, as for
    the quiz store). Raises :class:`StoreError` (French) when it cannot be used."""

    def __init__(self, target: str | None = None, timeout: float = 30.0, create_parent: bool | None = None,
                 backend: Backend | None = None):
        self.db = backend or open_backend(target, timeout, create_parent)
        self.location = self.db.location
        self.backend = self.db.dialect
        with self.db.write() as tx:
            if self.db.dialect == "postgresql":
                tx.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK_KEY,))
            for stmt in TABLES:
                tx.run(stmt)

    def close(self) -> None:
        self.db.close()

    def create(self, match_id: str, token_hash: str, settings: Mapping[str, Any], created: str) -> None:
        with self.db.write() as tx:
            tx.run("INSERT INTO matches (id, token_hash, settings, created, updated, shots) VALUES (?,?,?,?,?,0)",
                   (match_id, token_hash, _dumps(settings), created, created))

    def get(self, match_id: str) -> MatchRow:
        """The match and its shots; :class:`UnknownMatchError` when there is none."""
        if not storable_key(match_id):
            raise UnknownMatchError(match_id)
        with self.db.read() as tx:
            return self._read(tx, match_id, lock=False)

    def head(self, match_id: str) -> MatchRow:
        """The match without its shots (``shots`` empty): enough to check its token, cheaply."""
        if not storable_key(match_id):
            raise UnknownMatchError(match_id)
        with self.db.read() as tx:
            return self._read(tx, match_id, lock=False, shots=False)

    def _read(self, tx: Tx, match_id: str, lock: bool, shots: bool = True) -> MatchRow:
        row = tx.one(f"SELECT * FROM matches WHERE id = ?{self.db.lock if lock else ''}", (match_id,))
        if row is None:
            raise UnknownMatchError(match_id)
        if not shots:
            return MatchRow(id=row["id"], token_hash=row["token_hash"], settings=json.loads(row["settings"]),
                            created=row["created"], updated=row["updated"], shots=())
        rows = tx.all("SELECT * FROM match_shots WHERE match_id = ? ORDER BY seq", (match_id,))
        return MatchRow(id=row["id"], token_hash=row["token_hash"], settings=json.loads(row["settings"]),
                        created=row["created"], updated=row["updated"],
                        shots=tuple(ShotRow(seq=int(s["seq"]), rack=int(s["rack"]), player=s["player"],
                                            shot=json.loads(s["shot"]), outcome=json.loads(s["outcome"]),
                                            warning=None if s["warning"] is None else bool(s["warning"]),
                                            played=s["played"]) for s in rows))

    def update(self, match_id: str, change: Change, now: str) -> MatchRow:
        """Lock the match, call ``change`` with it as stored, apply the :class:`Write` it returns
        in the same transaction; return the match after the write. Exceptions raised by
        ``change`` roll everything back (nothing is written)."""
        if not storable_key(match_id):
            raise UnknownMatchError(match_id)
        with self.db.write() as tx:
            current = self._read(tx, match_id, lock=True)
            w = change(current)
            if w.delete_last:
                tx.run("DELETE FROM match_shots WHERE match_id = ? AND seq >= ?",
                       (match_id, len(current.shots) - w.delete_last))
            if w.warning is not None:
                tx.run("UPDATE match_shots SET warning = ? WHERE match_id = ? AND seq = ?",
                       (int(w.warning[1]), match_id, w.warning[0]))
            if w.add:
                tx.many("INSERT INTO match_shots (match_id, seq, rack, player, shot, outcome, warning, played) "
                        "VALUES (?,?,?,?,?,?,?,?)",
                        [(match_id, s.seq, s.rack, s.player, _dumps(s.shot), _dumps(s.outcome),
                          None if s.warning is None else int(s.warning), s.played) for s in w.add])
            kept = list(current.shots[:len(current.shots) - w.delete_last])
            if w.warning is not None:
                kept = [replace(r, warning=w.warning[1]) if r.seq == w.warning[0] else r for r in kept]
            after = tuple(kept) + tuple(w.add)
            tx.run("UPDATE matches SET shots = ?, updated = ? WHERE id = ?", (len(after), now, match_id))
            return replace(current, shots=after, updated=now)

    def counts(self) -> dict[str, int]:
        with self.db.read() as tx:
            return {t: int(tx.one(f"SELECT COUNT(*) AS n FROM {t}")["n"]) for t in TABLE_NAMES}
