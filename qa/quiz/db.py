"""The two database backends of the quiz store, behind one small interface.

A backend opens the database (creating the schema of :mod:`qa.quiz.schema`), hands out
:class:`Tx` objects for reading (``read()``) or inside a locking write transaction
(``write()``), and turns every driver error into a :class:`StoreError` with a French message.
Queries are written once with ``?`` placeholders; ``lock`` is the suffix that locks the rows a
``SELECT`` reads until the transaction ends (``FOR UPDATE`` in PostgreSQL; nothing in SQLite,
where ``BEGIN IMMEDIATE`` already holds the database's single write lock).

- :class:`SQLiteBackend` — a file (``--db PATH``), standard library only, WAL journal.
- :class:`qa.quiz.pg.PostgresBackend` — ``--db postgresql://…``, psycopg 3 with a pool.

:func:`open_backend` picks one from the target given to the store.
"""
from __future__ import annotations

import os
import re
import sqlite3
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Iterable, Iterator, Protocol, Sequence

from . import schema

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DB = PROJECT_ROOT / "instance" / "arbitre.db"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# Room SQLite needs next to the database for its -shm index (32 Kio) and a first WAL frame:
# with less, mapping the -shm file can kill the process (SIGBUS) instead of failing cleanly.
MIN_FREE_BYTES = 256 * 1024


class StoreError(Exception):
    """The quiz database cannot be used: ``message`` says why, in French (the file is not a
    SQLite database, its folder is missing, it is read-only, the server is unreachable...)."""

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message)
        self.message = message
        self.reason = reason or message   # the same without the file's path or URL (for web users)


class Tx:
    """One connection for a few statements, with ``?`` placeholders on both backends.

    Rows are mappings by column name (``row["id"]``); name computed columns (``COUNT(*) AS n``).
    """

    def __init__(self, conn: Any, placeholder: str = "?"):
        self.conn = conn
        self.placeholder = placeholder

    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Execute one statement; return its cursor (``rowcount``, ``fetchone()``...)."""
        return self.conn.execute(self._sql(sql), tuple(params))

    def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""
        return self.run(sql, params).fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query."""
        return list(self.run(sql, params).fetchall())

    def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Execute one statement for each parameter row."""
        cur = self.conn.cursor()
        try:
            cur.executemany(self._sql(sql), [tuple(r) for r in rows])
        finally:
            cur.close()


class Backend(Protocol):
    """What the store needs from a database engine."""

    dialect: schema.Dialect
    location: str          # the file or the URL (without its password), for messages
    lock: str              # suffix of a SELECT that locks its rows until the end of the transaction

    def read(self) -> Any:  # a context manager giving a Tx
        """A :class:`Tx` for reading (errors become :class:`StoreError`)."""

    def write(self) -> Any:  # a context manager giving a Tx
        """A :class:`Tx` inside a write transaction, committed at the end, rolled back on error."""

    def close(self) -> None:
        """Release what the backend keeps open (it still works afterwards)."""


def is_postgres_url(target: str) -> bool:
    """True when ``target`` is a PostgreSQL URL (``postgresql://…`` or ``postgres://…``)."""
    return target.lower().startswith(POSTGRES_SCHEMES)


SQLITE_SCHEME = "sqlite://"
#: Why an address is refused (README « Ligne de commande », ``--db`` / ``ARBITRE_DB``).
UNSUPPORTED_ADDRESS = ("adresse non prise en charge : seules postgresql://… et un chemin de fichier SQLite "
                       "(ou sqlite:///chemin) le sont")
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*)://", re.IGNORECASE)


def database_target(target: str) -> str:
    """``target`` as :func:`open_backend` takes it: a PostgreSQL URL as given, ``sqlite:///PATH``
    as the path ``/PATH`` (what follows ``sqlite://``, as for ``ARBITRE_RATELIMIT_STORAGE``), any
    other text as a SQLite file path. :class:`StoreError` (:data:`UNSUPPORTED_ADDRESS`) for
    another ``scheme://`` (``mysql://…``, ``sqlite://relatif``) and for a libpq ``key=value``
    string (``host=… password=…``), which would otherwise become a file named after it,
    password included: the message never repeats such a string."""
    if is_postgres_url(target):
        return target
    if target.lower().startswith(SQLITE_SCHEME + "/"):
        return target[len(SQLITE_SCHEME):]
    scheme = _SCHEME.match(target)
    if scheme:
        raise StoreError(f"{UNSUPPORTED_ADDRESS} (reçu : « {scheme.group(1)[:20]}://… »)",
                         "adresse de base non prise en charge")
    if "=" in target and any(ch.isspace() for ch in target):
        raise StoreError(f"{UNSUPPORTED_ADDRESS} (reçu : une chaîne « clé=valeur » de libpq, non répétée ici ; "
                         "écrivez postgresql://utilisateur:mot_de_passe@hôte:port/base)",
                         "adresse de base non prise en charge")
    return target


def default_target() -> str:
    """``ARBITRE_DB`` from the environment, else ``instance/arbitre.db`` at the project root."""
    return os.environ.get("ARBITRE_DB") or str(DEFAULT_DB)


def open_backend(target: str | os.PathLike[str] | None, timeout: float = 30.0,
                 create_parent: bool | None = None) -> Backend:
    """The backend for ``target``: a PostgreSQL URL, or the path of a SQLite file (default:
    :func:`default_target`). Raises :class:`StoreError` (French) when it cannot be used."""
    text = database_target(os.fspath(target) if target else default_target())
    if is_postgres_url(text):
        try:
            from .pg import PostgresBackend
        except ImportError:
            raise StoreError("une adresse postgresql:// demande le module psycopg : "
                             "pip install -r requirements.txt.", "module psycopg absent") from None
        return PostgresBackend(text, timeout)
    return SQLiteBackend(Path(text), timeout, create_parent)


# ============================================================================== SQLite
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
_OS_PROBLEMS = {
    "Permission denied": "droits insuffisants", "No such file or directory": "dossier introuvable",
    "Read-only file system": "système de fichiers en lecture seule",
    "Not a directory": "un élément du chemin n’est pas un dossier",
}


def french_sqlite_error(exc: BaseException) -> str:
    """A French description of a :mod:`sqlite3` (or file system) error."""
    text = str(exc).lower()
    for english, french in _SQLITE_PROBLEMS:
        if english in text:
            return french
    if isinstance(exc, OSError) and exc.strerror:
        return _OS_PROBLEMS.get(exc.strerror, "erreur du système de fichiers")
    return "erreur de la base SQLite"


def check_writable(path: Path) -> None:
    """Refuse, with a French :class:`StoreError` naming the path, a database SQLite could not
    write in WAL mode: the file, its ``-wal`` or ``-shm`` companion, or their folder not
    writable, or a disk too full for the ``-shm`` index (which would end in SIGBUS)."""
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if p.exists() and not os.access(p, os.R_OK | os.W_OK):
            raise StoreError(f"{p} n’est pas accessible en écriture (lecture seule) : rendez-le modifiable "
                             "ou choisissez un autre fichier avec --db.", "un fichier de la base est en lecture seule")
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(f"le dossier {folder} n’est pas accessible en écriture (SQLite doit y créer "
                         f"{path.name}-wal et {path.name}-shm) : choisissez un autre dossier avec --db.",
                         "le dossier de la base est en lecture seule")
    try:
        st = os.statvfs(folder)
    except OSError:  # pragma: no cover - statvfs refused: SQLite will say what is wrong
        return
    free = st.f_bavail * st.f_frsize
    if free < MIN_FREE_BYTES:
        raise StoreError(f"le disque du dossier {folder} est plein (il reste {free // 1024} Kio, "
                         f"il en faut au moins {MIN_FREE_BYTES // 1024}) : libérez de la place "
                         "ou choisissez un autre fichier avec --db.", "le disque est plein")


class SQLiteBackend:
    """A SQLite file: one connection per operation (any thread may call), plus one idle
    connection kept open so that the WAL is not checkpointed at every close; WAL journal,
    ``BEGIN IMMEDIATE`` for every write so that concurrent writers queue instead of failing,
    and a busy timeout. Only the default ``instance/`` folder is created when missing."""

    dialect: schema.Dialect = "sqlite"
    lock = ""

    def __init__(self, path: Path, timeout: float = 30.0, create_parent: bool | None = None):
        self.path = path
        self.location = str(path)
        self.timeout = timeout
        self._keeper: sqlite3.Connection | None = None
        if str(path) != ":memory:":
            self._check_path(create_parent)
            check_writable(path)
        conn = self._open(at_start=True)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            for stmt in schema.statements("sqlite"):
                conn.execute(stmt)
        except sqlite3.Error as exc:
            conn.close()
            raise self._error(exc, at_start=True) from None
        except BaseException:
            conn.close()
            raise
        self._keeper = conn

    def _check_path(self, create_parent: bool | None) -> None:
        parent = self.path.parent
        if create_parent is None:
            create_parent = parent.resolve() == DEFAULT_DB.parent.resolve()
        if self.path.is_dir():
            raise StoreError(f"{self.path} est un dossier : donnez le chemin d’un fichier SQLite "
                             f"(ex. {self.path / 'arbitre.db'}).", "le chemin configuré est un dossier")
        if parent.is_dir():
            return
        if not create_parent:
            raise StoreError(f"le dossier {parent} n’existe pas : créez-le d’abord ou choisissez un autre fichier.",
                             "le dossier de la base n’existe pas")
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"impossible de créer le dossier {parent} : {french_sqlite_error(exc)}",
                             "le dossier de la base ne peut pas être créé") from None

    def _open(self, at_start: bool = False) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(str(self.path), timeout=self.timeout, isolation_level=None,
                                   check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as exc:
            raise self._error(exc, at_start) from None
        return conn

    def _error(self, exc: sqlite3.Error, at_start: bool = False) -> StoreError:
        why = french_sqlite_error(exc)
        if at_start:
            return StoreError(f"{self.path} : {why}", why)
        return StoreError(f"base des quiz inutilisable ({self.path}) : {why}", why)

    @contextmanager
    def write(self) -> Iterator[Tx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``: the database's write lock is taken at once, so what
        the transaction reads cannot change before it commits."""
        conn = self._open()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(conn)
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
    def read(self) -> Iterator[Tx]:
        """A connection for reading."""
        conn = self._open()
        try:
            yield Tx(conn)
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        finally:
            conn.close()

    def close(self) -> None:
        """Close the idle connection kept open (the store still works: it reopens per operation)."""
        keeper, self._keeper = self._keeper, None
        if keeper is not None:
            keeper.close()
