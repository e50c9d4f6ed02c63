"""Serving the app: gunicorn in production (the default of ``python app.py``), werkzeug's
development server with ``--dev``.

:func:`serve_production` runs gunicorn programmatically (:class:`ArbitreGunicorn`, a
``gunicorn.app.base.BaseApplication``) on a socket already bound by the caller (so that a busy
port is reported in French before anything starts):

- sync workers, as many as cores by default; the app is built once and preloaded (forked into
  each worker), so the rulebook is loaded once;
- gunicorn's request-line and header-field limits raised above the app's own 32 KB
  (``MAX_URL_LENGTH`` / ``MAX_HEADER_BYTES`` in ``web/server.py``): the app answers 414/431 in
  French, and a long ``/arbitrage?scenario=`` link works; what gunicorn still refuses by
  itself (beyond twice those limits, malformed requests) is answered by the app's French
  handlers too (:class:`FrenchSyncWorker`);
- a short worker timeout, beyond the per-request time budget of ``web/budget.py``;
- the ``Server`` header shows no version (gunicorn sends only its name).
"""
from __future__ import annotations

import http
import os
import socket
from typing import Any

from flask import Flask
from gunicorn import util as gunicorn_util
from gunicorn.app.base import BaseApplication
from gunicorn.http import body as gunicorn_body
from gunicorn.http import errors as gunicorn_errors
from gunicorn.http import message as gunicorn_message
from gunicorn.workers.sync import SyncWorker
from werkzeug.serving import make_server

from .server import (MAX_HEADER_BYTES, MAX_HEADER_FIELDS, MAX_URL_LENGTH, SERVER_NAME, TOO_MANY_HEADERS,
                     FrenchRequestHandler, app_error_response)


def default_workers() -> int:
    """One worker per core available to this process."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def worker_timeout(budget: float) -> int:
    """gunicorn's worker timeout: the last resort, some seconds beyond the request budget."""
    return int(max(10.0, budget + 10.0)) if budget > 0 else 30


def gunicorn_options(app: Flask, fd: int, workers: int) -> dict[str, Any]:
    """The gunicorn settings for ``app`` served on the bound socket ``fd``."""
    url_limit = int(app.config.get("MAX_URL_LENGTH", MAX_URL_LENGTH))
    header_limit = int(app.config.get("MAX_HEADER_BYTES", MAX_HEADER_BYTES))
    return {
        "bind": [f"fd://{fd}"],
        "workers": workers,
        "worker_class": FrenchSyncWorker,
        "preload_app": True,
        "timeout": worker_timeout(float(app.config.get("REQUEST_TIME_BUDGET") or 0)),
        "graceful_timeout": 10,
        # twice the app's limits: between the two, the app itself answers 414/431 in French
        "limit_request_line": 2 * url_limit,
        "limit_request_field_size": 2 * header_limit,
        "limit_request_fields": MAX_HEADER_FIELDS,
        "loglevel": "warning",
        "errorlog": "-",
        "proc_name": "arbitre",
    }


def _raise_gunicorn_line_cap(limit: int) -> None:
    """gunicorn caps ``limit_request_line`` at 8190 bytes whatever its setting (0 means no
    limit at all): raise the cap to ``limit`` so that the app's own 32 KB is reachable."""
    if gunicorn_message.MAX_REQUEST_LINE < limit:
        gunicorn_message.MAX_REQUEST_LINE = limit


class ChunkTooLarge(gunicorn_errors.ParseException):
    """A ``Transfer-Encoding: chunked`` body whose declared chunk sizes add up beyond the app's
    ``MAX_CONTENT_LENGTH``: a 413 (``status``) at once, before any of its data is awaited."""

    status = 413

    def __init__(self, size: int, limit: int):
        super().__init__(f"chunked body of at least {size} bytes, over {limit}")
        self.size, self.limit = size, limit


class LimitedChunkedReader(gunicorn_body.ChunkedReader):
    """gunicorn's de-chunking, except that a chunk size taking the body beyond
    :attr:`max_body` bytes raises :class:`ChunkTooLarge` when its size line is read (gunicorn
    itself would wait for the announced data: ``ffffffffffffffffffff`` held the worker until
    the request's time budget ran out)."""

    #: The body limit (the app's ``MAX_CONTENT_LENGTH``; None: no limit), set by :func:`serve_production`.
    max_body: int | None = None

    def parse_chunk_size(self, unreader: Any, data: Any = None) -> Any:
        size, rest = super().parse_chunk_size(unreader, data)
        self.declared = getattr(self, "declared", 0) + size
        if self.max_body is not None and self.declared > self.max_body:
            raise ChunkTooLarge(self.declared, self.max_body)
        return size, rest


def _limit_chunked_bodies(limit: int | None) -> None:
    """Make gunicorn de-chunk request bodies with :class:`LimitedChunkedReader` (``limit`` bytes)."""
    LimitedChunkedReader.max_body = limit
    gunicorn_message.ChunkedReader = LimitedChunkedReader  # type: ignore[misc]


def _client_error_status(exc: BaseException) -> int | None:
    """The HTTP status gunicorn gives a request it refuses by itself (None: not a client error)."""
    e = gunicorn_errors
    if isinstance(exc, ChunkTooLarge):
        return 413
    if isinstance(exc, e.LimitRequestLine):
        return 414
    if isinstance(exc, e.LimitRequestHeaders):
        return 431
    if isinstance(exc, e.UnsupportedTransferCoding):
        return 501
    client = (e.InvalidRequestLine, e.InvalidRequestMethod, e.InvalidHTTPVersion, e.InvalidHeader,
              e.InvalidHeaderName, e.InvalidChunkSize, e.ChunkMissingTerminator, e.InvalidChunkExtension,
              e.ObsoleteFolding)
    return 400 if isinstance(exc, client) else None


def _too_many_headers(exc: BaseException) -> bool:
    """Whether gunicorn refused the request for its number of header lines (``limit_request_fields``),
    not their size."""
    return isinstance(exc, gunicorn_errors.LimitRequestHeaders) and \
        str(getattr(exc, "msg", "")) == "limit request headers fields"


def raw_response(status: int, response: Any) -> bytes:
    """The bytes of a Flask ``response`` sent as-is, closing the connection."""
    body = response.get_data()
    lines = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}", f"Server: {SERVER_NAME}"]
    lines += [f"{k}: {v}" for k, v in response.headers.items() if k.lower() not in ("content-length", "connection")]
    lines += [f"Content-Length: {len(body)}", "Connection: close", "", ""]
    return "\r\n".join(lines).encode("latin-1") + body


class FrenchSyncWorker(SyncWorker):
    """gunicorn's sync worker, except that the requests gunicorn refuses by itself (request line
    or headers too long, malformed request) are answered by the app's French handlers rather
    than gunicorn's English page."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        """Answer a refused request in French (other errors: gunicorn's own handling)."""
        app = self.wsgi
        status = _client_error_status(exc)
        if status is None or not isinstance(app, Flask):
            return super().handle_error(req, client, addr, exc)
        self.log.warning("Requête refusée (%d) de %s : %s", status, (addr or ("?",))[0], exc)
        try:
            path, method = getattr(req, "path", None) or "/", getattr(req, "method", None) or "GET"
            message = TOO_MANY_HEADERS if _too_many_headers(exc) else None
            response = app_error_response(app, status, path, method, message)
            gunicorn_util.write_nonblock(client, raw_response(status, response))
        except Exception:  # pragma: no cover - the client went away
            self.log.debug("Réponse d’erreur non envoyée.")
        return None


class ArbitreGunicorn(BaseApplication):
    """gunicorn serving an app already built (``load`` returns it), with ``options``."""

    def __init__(self, app: Flask, options: dict[str, Any]):
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        """Apply :attr:`options` to gunicorn's settings."""
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Flask:
        """The WSGI app."""
        return self.application


def serve_production(app: Flask, sock: socket.socket, workers: int) -> None:
    """Serve ``app`` with gunicorn on the listening socket ``sock`` (handed over to gunicorn)
    until stopped (Ctrl+C, SIGTERM)."""
    options = gunicorn_options(app, sock.fileno(), workers)
    _raise_gunicorn_line_cap(options["limit_request_line"])
    _limit_chunked_bodies(app.config.get("MAX_CONTENT_LENGTH"))
    sock.set_inheritable(True)
    options["bind"] = [f"fd://{sock.detach()}"]
    ArbitreGunicorn(app, options).run()


def serve_dev(app: Flask, sock: socket.socket) -> None:
    """Serve ``app`` with werkzeug's threaded development server on ``sock`` (errors of the
    HTTP server itself answered by the app, in French: :class:`FrenchRequestHandler`)."""
    host = str(sock.getsockname()[0])  # werkzeug picks the address family from it
    server = make_server(host, 0, app, threaded=True, request_handler=FrenchRequestHandler, fd=sock.detach())
    try:
        server.serve_forever()
    finally:
        server.server_close()
