"""Both quiz-store backends for the tests: a SQLite file in ``tmp_path``, or PostgreSQL.

PostgreSQL is the server at ``ARBITRE_TEST_PG`` (``export ARBITRE_TEST_PG="$(bash
scripts/postgres.sh)"``); each test gets a schema of its own (dropped afterwards), chosen with
``options=-csearch_path=…`` in the URL, so tests never see each other's rows. Without
``ARBITRE_TEST_PG`` the PostgreSQL variants are skipped — except in CI (``CI=true``), where a
missing server is a failure.
"""
from __future__ import annotations

import os
import threading
import uuid
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator
from urllib.parse import quote

import pytest

from qa.quiz.store import Store

PG_ENV = "ARBITRE_TEST_PG"
BACKENDS = ("sqlite", "postgresql")


def in_ci() -> bool:
    """True on the CI machine (``CI=true``), where nothing may be skipped for lack of a server."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def pg_url() -> str:
    """The test server's URL; skips the test without one (fails in CI)."""
    url = os.environ.get(PG_ENV, "").strip()
    if url:
        return url
    if in_ci():
        pytest.fail(f"{PG_ENV} n’est pas défini en CI : .ci/run doit démarrer PostgreSQL (scripts/postgres.sh).")
    pytest.skip(f"{PG_ENV} non défini : tests PostgreSQL sautés (export {PG_ENV}=\"$(bash scripts/postgres.sh)\").")


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` first."""
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options={quote(f'-csearch_path={schema}')}"


@contextmanager
def pg_schema(url: str) -> Iterator[str]:
    """A fresh schema on the server at ``url``; yields a URL that uses it; drops it at the end."""
    import psycopg
    name = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{name}"')
    try:
        yield with_search_path(url, name)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


@contextmanager
def backend_target(kind: str, tmp_path) -> Iterator[str]:
    """The database target (path or URL) of a fresh, empty store of ``kind``."""
    if kind == "sqlite":
        yield str(tmp_path / "quiz.db")
        return
    with pg_schema(pg_url()) as url:
        yield url


@contextmanager
def store_factory(target: str) -> Iterator[Callable[..., Store]]:
    """``make(**kw)`` opens a :class:`Store` on ``target``; every store is closed at the end."""
    stores: list[Store] = []

    def make(**kw) -> Store:
        store = Store(target, **kw)
        stores.append(store)
        return store

    try:
        yield make
    finally:
        for store in stores:
            store.close()


def run_at_once(fn: Callable[[Any], None], items: Iterable[Any]) -> None:
    """``fn(item)`` for every item, each in its own thread, all started before any is joined."""
    threads = [threading.Thread(target=fn, args=(item,)) for item in items]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
