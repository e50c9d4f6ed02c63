"""The PostgreSQL backend of the quiz store (``--db postgresql://…``): psycopg 3 and a pool.

Several app servers (behind one proxy) then share their quizzes: every fact lives in the
server, nothing in the process. Writes run in ``READ COMMITTED`` transactions that lock the
rows they depend on (``SELECT … FOR UPDATE``, see :data:`qa.quiz.db.Backend.lock`), so an
answer and the finish of its quiz serialise on the quiz row. The schema is created at start-up
under a transaction-level advisory lock, so servers starting together do not race on it.

Connections come from a :class:`psycopg_pool.ConnectionPool` (opened lazily, reopened in a
child process after a ``fork``). Every psycopg error becomes a :class:`StoreError` whose
message is French and never shows the password.
"""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import Any, Iterator

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from . import schema
from .db import StoreError, Tx

#: libpq's ``connect_timeout`` (seconds; 2 is its least useful value) and the longest wait for a
#: connection from the pool: both well under a request's time budget (``ARBITRE_TIME_BUDGET``,
#: 5 s), so that a server gone down is the prompt 503 ``database_unavailable`` of the store
#: (README), not a 503 ``time_budget_exceeded`` after the whole budget.
CONNECT_TIMEOUT_S = 2
POOL_TIMEOUT_S = 2.0
POOL_MAX = 10
SCHEMA_LOCK = 0x41524249   # pg_advisory_xact_lock key: "ARBI"

# PostgreSQL's (English) messages and SQLSTATE classes, in French; the first match wins.
_PG_MESSAGES = (
    ("password authentication failed", "authentification refusée (utilisateur ou mot de passe)"),
    ("no password supplied", "mot de passe manquant dans l’adresse"),
    ("does not exist", "la base ou l’utilisateur n’existe pas sur le serveur"),
    ("connection refused", "connexion refusée (le serveur PostgreSQL est-il démarré ?)"),
    ("could not translate host name", "nom d’hôte inconnu"),
    ("name or service not known", "nom d’hôte inconnu"),
    ("timeout expired", "le serveur ne répond pas (délai de connexion dépassé)"),
    ("no route to host", "serveur injoignable"),
    ("server closed the connection", "connexion au serveur perdue"),
    ("the connection is closed", "connexion au serveur perdue"),
    ("ssl", "erreur SSL"),
)
_PG_STATES = {
    "28": "authentification refusée (utilisateur ou mot de passe)",
    "3D": "la base n’existe pas sur le serveur",
    "42501": "droits insuffisants sur la base",
    "53": "le serveur manque de ressources (disque plein, mémoire ou connexions)",
    "57": "le serveur PostgreSQL s’arrête ou a été arrêté",
    "08": "connexion au serveur perdue",
    "42P01": "la base ne contient pas les tables des quiz",
}


def french_pg_error(exc: BaseException) -> str:
    """A French description of a psycopg error (never its text, which may quote the URL)."""
    if isinstance(exc, PoolTimeout):
        return "aucune connexion disponible à temps (serveur injoignable ou saturé)"
    state = getattr(exc, "sqlstate", None) or ""
    for key in (state, state[:2]):
        if key and key in _PG_STATES:
            return _PG_STATES[key]
    text = str(exc).lower()
    for english, french in _PG_MESSAGES:
        if english in text:
            return french
    return "erreur du serveur PostgreSQL"


def parse_url(url: str) -> dict[str, str]:
    """The connection parameters of ``url``; :class:`StoreError` (French) when it is malformed."""
    bad = StoreError("adresse PostgreSQL invalide : la forme attendue est "
                     "postgresql://utilisateur:mot_de_passe@hôte:port/base.", "adresse PostgreSQL invalide")
    try:
        params = conninfo_to_dict(url)
    except psycopg.Error:
        raise bad from None
    port = params.get("port", "5432")
    if not all(p.isdigit() and 0 < int(p) < 65536 for p in str(port).split(",")):
        raise bad
    if not params.get("dbname"):
        raise StoreError("adresse PostgreSQL sans nom de base : ajoutez-le à la fin "
                         "(postgresql://utilisateur:mot_de_passe@hôte:port/base).", "adresse PostgreSQL incomplète")
    return {k: str(v) for k, v in params.items()}


def describe(params: dict[str, str]) -> str:
    """The URL to show in messages: user, host, port and database, without the password."""
    user = f"{params['user']}@" if params.get("user") else ""
    host = params.get("host") or "localhost"
    port = f":{params['port']}" if params.get("port") else ""
    return f"postgresql://{user}{host}{port}/{params.get('dbname', '')}"


class PostgresBackend:
    """A PostgreSQL database at ``url``: the schema is created at once (failing early with a
    French :class:`StoreError` when the server cannot be reached), then a pool serves the
    operations of every thread. ``timeout``: the longest wait for a pooled connection,
    at most :data:`POOL_TIMEOUT_S` (the store's 30 s are SQLite's wait on a lock)."""

    dialect: schema.Dialect = "postgresql"
    lock = " FOR UPDATE"

    def __init__(self, url: str, timeout: float = 30.0, pool_max: int = POOL_MAX):
        params = parse_url(url)
        params.setdefault("connect_timeout", str(CONNECT_TIMEOUT_S))
        self.location = describe(params)
        self.timeout = min(timeout, POOL_TIMEOUT_S)
        self.pool_max = pool_max
        self._conninfo = make_conninfo(**params)
        self._pool: ConnectionPool | None = None
        self._pid = 0
        self._pool_lock = threading.Lock()
        self._create_schema()

    def _error(self, exc: BaseException, at_start: bool = False) -> StoreError:
        why = french_pg_error(exc)
        if at_start:
            return StoreError(f"{self.location} : {why}", why)
        return StoreError(f"base des quiz inutilisable ({self.location}) : {why}", why)

    def _create_schema(self) -> None:
        try:
            with psycopg.connect(self._conninfo) as conn, conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for stmt in schema.statements("postgresql"):
                    conn.execute(stmt)
        except psycopg.Error as exc:
            raise self._error(exc, at_start=True) from None

    def _get_pool(self) -> ConnectionPool:
        """The pool of this process (a child after ``fork`` opens its own)."""
        pid = os.getpid()
        if self._pool is None or self._pid != pid:
            with self._pool_lock:
                if self._pool is None or self._pid != pid:
                    self._pool = ConnectionPool(
                        self._conninfo, min_size=1, max_size=self.pool_max, timeout=self.timeout,
                        kwargs={"autocommit": True, "row_factory": dict_row},
                        check=ConnectionPool.check_connection, open=True, name="arbitre")
                    self._pid = pid
        return self._pool

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        try:
            with self._get_pool().connection() as conn:
                yield conn
        except psycopg.Error as exc:
            raise self._error(exc) from None

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """A pooled connection in autocommit: each statement sees what is committed."""
        with self._connection() as conn:
            yield Tx(conn, "%s")

    @contextmanager
    def write(self) -> Iterator[Tx]:
        """A transaction (``READ COMMITTED``), committed at the end, rolled back on error; the
        queries inside lock what they depend on with :attr:`lock`."""
        with self._connection() as conn, conn.transaction():
            yield Tx(conn, "%s")

    def close(self) -> None:
        """Close the pool (a later operation opens a new one)."""
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None and self._pid == os.getpid():
            pool.close()
