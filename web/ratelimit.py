"""One rate limit per client, over every route, shared by every worker process.

:func:`setup_rate_limit` (called by :func:`web.create_app`) installs Flask-Limiter with one
*application* limit (``application_limits``: a single counter per client address, whatever
the route and the method; also for an address no route matches, a method a route does not take
and ``/static/``, which Flask-Limiter would skip: :func:`request_identity`), ``/healthz``
exempt. Configuration:

- ``RATELIMIT`` (``ARBITRE_RATELIMIT``): ``600/minute`` by default, ``off`` to disable;
- ``RATELIMIT_STORAGE_URI`` (``ARBITRE_RATELIMIT_STORAGE``): where the counters live. By default
  ``sqlite:///<instance>/ratelimit.db`` (:class:`SQLiteStorage`, below): every worker of one
  machine shares it, no server needed. For several machines, a shared server:
  ``redis://host:6379`` or ``memcached://host:11211`` (the ``redis`` or ``pymemcache``
  package must then be installed); ``memory://`` counts per process;
- ``TRUSTED_PROXIES`` (``ARBITRE_TRUSTED_PROXIES``): the number of reverse proxies in front of
  the app; the client address is then read from ``X-Forwarded-For`` (werkzeug's ProxyFix),
  and only then.

When the storage fails while serving (a Redis server down...), the error is logged and the
request goes through unlimited (``swallow_errors``): never a 500 because of the counter.

``limits`` 5.x offers memory, redis, memcached and mongodb storages: none is shared across
the processes of one machine without a server, hence :class:`SQLiteStorage`.
"""
from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from typing import Any

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse
from limits.errors import ConfigurationError
from limits.storage import Storage
from werkzeug.middleware.proxy_fix import ProxyFix

DEFAULT_RATE = "600/minute"
EXEMPT_PATHS = frozenset({"/healthz"})

_SCHEMA = "CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expiry REAL NOT NULL)"
# one statement, hence atomic: a new window starts when the stored one has expired
_INCR = ("INSERT INTO counters (key, value, expiry) VALUES (:key, :amount, :expiry) "
         "ON CONFLICT (key) DO UPDATE SET "
         "value = CASE WHEN counters.expiry <= :now THEN :amount ELSE counters.value + :amount END, "
         "expiry = CASE WHEN counters.expiry <= :now THEN :expiry ELSE counters.expiry END "
         "RETURNING value")


class ConfigError(ValueError):
    """A configuration value the app cannot use; ``message`` is French and names the variable."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class SQLiteStorage(Storage):
    """A ``limits`` storage (fixed windows) in one SQLite file, for the worker processes of one
    machine: ``sqlite:///absolute/path.db`` (registered under the ``sqlite`` scheme).

    Each increment is one atomic ``INSERT … ON CONFLICT … RETURNING`` statement, so concurrent
    workers never lose a hit. A connection is opened per process and thread, lazily (a
    connection is never shared across ``fork``, e.g. gunicorn's preloaded app).
    """

    STORAGE_SCHEME = ["sqlite"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        path = (uri or "").split("://", 1)[-1]
        if not path or path == ":memory:":
            raise ConfigError("ARBITRE_RATELIMIT_STORAGE : « sqlite:///chemin/du/fichier.db » attendu")
        self.path = path
        self._local = threading.local()

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        """The connection of this process and thread (opened on first use)."""
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(_SCHEMA)
            local.conn, local.pid = conn, os.getpid()
        return local.conn

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Add ``amount`` to ``key``'s counter (a new window of ``expiry`` seconds when none is
        running) and return the new count."""
        now = time.time()
        db = self._db()
        value = db.execute(_INCR, {"key": key, "amount": amount, "expiry": now + expiry, "now": now}).fetchone()[0]
        if random.random() < 0.001:  # now and then, forget the windows that are over
            db.execute("DELETE FROM counters WHERE expiry <= ?", (now,))
        return int(value)

    def get(self, key: str) -> int:
        """The count of ``key`` in its current window (0 when none)."""
        row = self._db().execute("SELECT value FROM counters WHERE key = ? AND expiry > ?",
                                 (key, time.time())).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        """When ``key``'s window ends (now when there is none)."""
        row = self._db().execute("SELECT expiry FROM counters WHERE key = ? AND expiry > ?",
                                 (key, time.time())).fetchone()
        return float(row[0]) if row else time.time()

    def check(self) -> bool:
        """Whether the file can be used."""
        try:
            self._db().execute("SELECT 1").fetchone()
            return True
        except sqlite3.Error:
            return False

    def reset(self) -> int | None:
        """Forget every counter; return how many there were."""
        return self._db().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        """Forget ``key``'s counter."""
        self._db().execute("DELETE FROM counters WHERE key = ?", (key,))


def rate_from_env(value: str | None) -> str | None:
    """The limit given by ``ARBITRE_RATELIMIT`` (``None`` for ``off``), checked: a French
    :class:`ConfigError` for a value ``limits`` cannot read."""
    text = (value or DEFAULT_RATE).strip()
    if text.lower() in ("off", "non", "0", "false", "none"):
        return None
    try:
        parse(text)
    except ValueError:
        raise ConfigError(f"ARBITRE_RATELIMIT : « {text} » n’est pas une limite lisible "
                          "(par exemple « 600/minute », « 10/second » ou « off »)") from None
    return text


def trusted_proxies(value: Any) -> int:
    """The number of trusted reverse proxies (``ARBITRE_TRUSTED_PROXIES``), 0 when unset."""
    if value in (None, ""):
        return 0
    try:
        n = int(str(value).strip())
    except ValueError:
        n = -1
    if not 0 <= n <= 10:
        raise ConfigError(f"ARBITRE_TRUSTED_PROXIES : « {value} » n’est pas un nombre de proxys (0 à 10)")
    return n


def _exempt() -> bool:
    return request.path in EXEMPT_PATHS


def request_identity() -> str:
    """The request's identity for Flask-Limiter (``request_identifier``): its endpoint, but
    never one Flask-Limiter would exempt from every limit. Flask-Limiter skips a request whose
    endpoint is empty (no route matched: 404, or not with this method: 405) or named
    ``static`` (``/static/…``): here they count like any other (README: one limit « toutes
    adresses du site confondues sauf /healthz »)."""
    endpoint = request.endpoint
    if not endpoint:
        return "no-route"
    return "static-files" if endpoint.split(".")[-1] == "static" else endpoint


def setup_rate_limit(app: Flask) -> Limiter:
    """Install the limiter (one shared application limit, ``/healthz`` exempt) and, when
    ``TRUSTED_PROXIES`` is set, ProxyFix; return the limiter (also ``app.extensions
    ["arbitre.limiter"]``). The 429 answer and its ``Retry-After`` come from ``web/errors.py``."""
    config = app.config
    rate = config.get("RATELIMIT")
    rate = rate_from_env(rate) if isinstance(rate, str) and rate.strip() else None
    if not rate:
        config["RATELIMIT_ENABLED"] = False
    storage = config.get("RATELIMIT_STORAGE_URI") or _default_storage(app)
    if storage.startswith("sqlite://") and config.get("RATELIMIT_ENABLED", True):
        os.makedirs(app.instance_path, exist_ok=True)
    try:
        limiter = Limiter(get_remote_address, app=app, application_limits=[rate or DEFAULT_RATE],
                          application_limits_per_method=False, application_limits_exempt_when=_exempt,
                          request_identifier=request_identity,
                          storage_uri=storage, headers_enabled=False, swallow_errors=True)
    except ConfigurationError as exc:
        why = "paquet Python manquant" if "prerequisite" in str(exc) else "schéma inconnu"
        raise ConfigError(f"ARBITRE_RATELIMIT_STORAGE : stockage des limites inutilisable « {storage} » ({why}) ; "
                          "par exemple redis://hote:6379 (paquet redis), memcached://hote:11211 (paquet pymemcache) "
                          "ou sqlite:///chemin/ratelimit.db") from None
    app.extensions["arbitre.limiter"] = limiter
    proxies = trusted_proxies(config.get("TRUSTED_PROXIES"))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    return limiter


def _default_storage(app: Flask) -> str:
    return "sqlite:///" + os.path.join(app.instance_path, "ratelimit.db")


def retry_after(app: Flask) -> int | None:
    """Seconds until the limit just hit lets the client in again (for a 429's ``Retry-After``)."""
    limiter = app.extensions.get("arbitre.limiter")
    current = getattr(limiter, "current_limit", None) if limiter else None
    if current is None:
        return None
    try:
        return max(1, int(current.reset_at - time.time()))  # reset_at is rounded up already
    except Exception:  # pragma: no cover - storage unreachable: no header rather than a 500
        return None
