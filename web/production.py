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
from gunicorn.http import parser as gunicorn_parser
from gunicorn.workers.sync import SyncWorker
from werkzeug.serving import make_server

from .body import MALFORMED_MESSAGE
from .server import (MAX_HEADER_BYTES, MAX_HEADER_FIELDS, MAX_URL_LENGTH, SERVER_NAME, TOO_MANY_HEADERS,
                     FrenchRequestHandler, Refusal, app_error_response, header_label, invalid_header,
                     is_header_name, repeated_header)


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


#: Why gunicorn refuses a header it names (``InvalidHeader``), in French.
_HEADER_PROBLEMS = {
    "CONTENT-LENGTH": "un seul nombre entier positif est attendu, sans « Transfer-Encoding »",
    "TRANSFER-ENCODING": "seul « chunked » est permis, une fois et en dernier, en HTTP/1.1, sans « Content-Length »",
}
_BODY_ERRORS = (gunicorn_errors.InvalidChunkSize, gunicorn_errors.ChunkMissingTerminator,
                gunicorn_errors.InvalidChunkExtension)
_LINE_ERRORS = {gunicorn_errors.InvalidRequestLine: "ligne de requête invalide",
                gunicorn_errors.InvalidRequestMethod: "méthode HTTP invalide",
                gunicorn_errors.InvalidHTTPVersion: "version du protocole HTTP invalide"}


def _header_refusal(exc: BaseException) -> Refusal:
    """The 400 of a header gunicorn refuses: repeated, unreadable, folded, or badly named."""
    e = gunicorn_errors
    if isinstance(exc, e.InvalidHeaderName):
        return Refusal(400, "invalid_header", f"Nom d’en-tête invalide : « {header_label(exc.hdr)} ».", None)
    if isinstance(exc, e.ObsoleteFolding):
        return invalid_header(exc.hdr, "écrit sur plusieurs lignes (repli obsolète, non permis)")
    name = str(getattr(exc, "hdr", ""))
    if name in _HEADER_PROBLEMS:
        return invalid_header(name, _HEADER_PROBLEMS[name])
    if name.title() in ("Host", "Content-Type") and getattr(exc, "had_request", True):
        return repeated_header(name)        # RFC 9110 § 5.3: gunicorn refuses a second one
    if name == "bare LF as line terminator":
        return Refusal(400, "invalid_header", "En-têtes invalides : chaque ligne doit finir par CR LF.", None)
    if is_header_name(name) and name == name.upper():   # a name (gunicorn upper-cases them): its value is at fault
        return invalid_header(name, "sa valeur contient un caractère non permis")
    return Refusal(400, "invalid_header", "Ligne d’en-tête invalide : « Nom: valeur » est attendu.", None)


def gunicorn_refusal(exc: BaseException) -> Refusal | None:
    """How to answer a request gunicorn refuses by itself (None: not a client error): the
    status, and for a malformed request a French message naming the header at fault."""
    e = gunicorn_errors
    if isinstance(exc, ChunkTooLarge):
        return Refusal(413)
    if isinstance(exc, e.LimitRequestLine):
        return Refusal(414)
    if isinstance(exc, e.LimitRequestHeaders):
        return Refusal(431, message=TOO_MANY_HEADERS if _too_many_headers(exc) else None)
    if isinstance(exc, e.UnsupportedTransferCoding):   # bad input: a 4xx (contract), not RFC 9112's 501
        return invalid_header("Transfer-Encoding", f"codage « {str(exc.hdr)[:40]} » non pris en charge, "
                                                   "seul « chunked » l’est")
    if isinstance(exc, (e.InvalidHeader, e.InvalidHeaderName, e.ObsoleteFolding)):
        return _header_refusal(exc)
    if isinstance(exc, _BODY_ERRORS):
        return Refusal(400, "malformed_body", MALFORMED_MESSAGE, "body")
    for kind, why in _LINE_ERRORS.items():
        if isinstance(exc, kind):
            return Refusal(400, "bad_request", f"Requête invalide : {why}.", None)
    return None


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
        refusal = gunicorn_refusal(exc)
        if refusal is None or not isinstance(app, Flask):
            return super().handle_error(req, client, addr, exc)
        status = refusal.status
        self.log.warning("Requête refusée (%d) de %s : %s", status, (addr or ("?",))[0], exc)
        try:
            # the request line, when it was read (kept on the error by PathKeepingRequest): an
            # /api/ request is answered in JSON
            req = req or getattr(exc, "req", None)
            path, method = getattr(req, "path", None) or "/", getattr(req, "method", None) or "GET"
            if isinstance(req, str):   # a request line gunicorn refused carries its text: its target still tells /api/
                parts = req.split()
                target = parts[1] if len(parts) > 1 else ""
                path = target.split("?", 1)[0] if target.startswith("/") else "/"
            response = app_error_response(app, status, path, method, refusal.message, refusal.code, refusal.field)
            gunicorn_util.write_nonblock(client, raw_response(status, response))
        except Exception:  # pragma: no cover - the client went away
            self.log.debug("Réponse d’erreur non envoyée.")
        return None


class PathKeepingRequest(gunicorn_message.Request):
    """gunicorn's request, except that a request refused while its headers are read keeps its
    request line: the error carries it (``exc.req``, as gunicorn's own errors of the body's
    framing do), so that :class:`FrenchSyncWorker` answers an ``/api/`` request in JSON.
    ``exc.had_request`` tells whether gunicorn itself attached it (a repeated ``Host`` or
    ``Content-Type``) or not (the same names with a character not permitted)."""

    def parse(self, unreader: Any) -> Any:
        try:
            return super().parse(unreader)
        except gunicorn_errors.ParseException as exc:
            raise self._carried(exc) from None

    def set_body_reader(self) -> None:
        try:
            super().set_body_reader()
        except gunicorn_errors.ParseException as exc:   # an unknown Transfer-Encoding...
            raise self._carried(exc) from None

    def _carried(self, exc: gunicorn_errors.ParseException) -> gunicorn_errors.ParseException:
        had = getattr(exc, "req", None) is not None
        exc.had_request = had  # type: ignore[attr-defined]
        if not had:
            exc.req = self  # type: ignore[attr-defined]
        return exc


def _keep_request_lines() -> None:
    """Make gunicorn parse requests with :class:`PathKeepingRequest`."""
    gunicorn_parser.RequestParser.mesg_class = PathKeepingRequest


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
    _keep_request_lines()
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
