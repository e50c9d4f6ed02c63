"""Request size limits, answered in French by the app's own error handlers, at two levels.

1. In the app (:func:`register_request_limits`, installed by :func:`web.create_app`): a URL
   longer than ``MAX_URL_LENGTH`` is a 414 and request headers larger than
   ``MAX_HEADER_BYTES`` a 431, whatever server runs the app (werkzeug, a WSGI server, Flask's
   test client). The handlers of ``web/errors.py`` answer: French JSON under ``/api/``, a
   French page elsewhere.
2. In werkzeug's development server (``python app.py serve --dev``; gunicorn, the default,
   has its own French worker: ``web/production.py``): Python's ``http.server``
   refuses a request line over 64 KB (414) and a header line over 64 KB or more than 100
   headers (431) before any WSGI app is called, with an English HTML page.
   :class:`FrenchRequestHandler` (``app.run(request_handler=...)``) renders those errors
   through the same handlers of the app instead.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from flask import Flask, Response, abort, current_app, request
from markupsafe import escape
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.serving import WSGIRequestHandler

#: Default limits (the app config can change them). Both stay under the development server's
#: own 64 KB, so that the app's check is the one met first.
MAX_URL_LENGTH = 32 * 1024
MAX_HEADER_BYTES = 32 * 1024
#: Header lines of one request: at most this many (gunicorn's ``limit_request_fields``, Python's
#: ``http.server`` too); beyond, a 431 that says so (:data:`TOO_MANY_HEADERS`).
MAX_HEADER_FIELDS = 100
TOO_MANY_HEADERS = f"En-têtes de requête refusés : trop d’en-têtes (au plus {MAX_HEADER_FIELDS})."


#: Request headers that may be sent once only (RFC 9110 § 5.3, and the body's length): a
#: second one is refused (400 ``repeated_header`` naming it) by every server the app runs in.
SINGLE_HEADERS = ("Host", "Content-Type", "Content-Length")


@dataclass(frozen=True)
class Refusal:
    """How a request refused by the HTTP server itself is answered: ``status``, and the
    contract's error ``code``, French ``message`` and ``field`` (the header at fault)."""

    status: int
    code: str | None = None
    message: str | None = None
    field: str | None = None


_TOKEN = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,80}$")


def is_header_name(name: str) -> bool:
    """``name`` is a header field name (an HTTP token of at most 80 characters)."""
    return bool(_TOKEN.match(str(name)))


def header_label(name: str) -> str:
    """A header's name as written in messages: « Content-Type » for ``CONTENT-TYPE``; a name
    that is not a header token is cut and quoted as sent."""
    name = str(name)
    if not is_header_name(name):
        return name[:40]
    return "-".join(part[:1].upper() + part[1:].lower() for part in name.split("-"))


def repeated_header(name: str) -> Refusal:
    """The 400 for a header given twice that may be given once only (:data:`SINGLE_HEADERS`)."""
    label = header_label(name)
    return Refusal(400, "repeated_header", f"En-tête « {label} » donné plusieurs fois : une seule valeur est permise.",
                   label)


def invalid_header(name: str, why: str) -> Refusal:
    """The 400 for a header the server cannot read, saying ``why``."""
    label = header_label(name)
    return Refusal(400, "invalid_header", f"En-tête « {label} » invalide : {why}.", label)


def register_request_limits(app: Flask) -> None:
    """Refuse over-long URLs (414) and headers (431) before anything else reads the request.

    Call it before the other ``before_request`` functions are registered (rate limiter,
    CSRF...), so that it runs first.
    """
    app.config.setdefault("MAX_URL_LENGTH", MAX_URL_LENGTH)
    app.config.setdefault("MAX_HEADER_BYTES", MAX_HEADER_BYTES)

    @app.before_request
    def _request_limits():
        env = request.environ
        url = len(env.get("PATH_INFO", "")) + len(env.get("QUERY_STRING", ""))
        if url > current_app.config["MAX_URL_LENGTH"]:
            abort(414)
        size = sum(len(k) + len(v) + 4 for k, v in request.headers.items())
        if size > current_app.config["MAX_HEADER_BYTES"]:
            abort(431)


#: The ``Server`` header of every server the app runs in: a name, never a version.
SERVER_NAME = "Arbitre"


def french_redirect_body(location: str) -> str:
    """The HTML body of a redirect to ``location``, in French (werkzeug's says « Redirecting... »)."""
    href = escape(location)
    return ("<!doctype html>\n<html lang=\"fr\">\n<meta charset=\"utf-8\">\n<title>Redirection</title>\n"
            f"<h1>Redirection</h1>\n<p>La page demandée est à l’adresse <a href=\"{href}\">{href}</a>.</p>\n")


def register_french_redirects(app: Flask) -> None:
    """Give every redirect the app sends (``redirect()``, werkzeug's trailing-slash
    redirects...) a French HTML body."""

    @app.after_request
    def _french_redirect(response: Response) -> Response:
        location = response.headers.get("Location")
        if 300 <= response.status_code < 400 and location and response.mimetype == "text/html":
            response.set_data(french_redirect_body(location))
        return response


def app_error_response(app: Flask, status: int, path: str = "/", method: str = "GET", message: str | None = None,
                       code: str | None = None, field: str | None = None):
    """The app's own response to the HTTP error ``status`` for a request to ``path``: the
    handlers of ``web/errors.py`` (French JSON under /api/, a French page elsewhere), with
    the headers every response gets (security headers...); ``message``, ``code`` and
    ``field``, when given, instead of the status's own."""
    exc_class = default_exceptions.get(status)
    exc = exc_class() if exc_class else HTTPException()
    if exc_class is None:
        exc.code = status
    # read by web.errors._http_error
    for attr, value in (("french_message", message), ("french_code", code), ("french_field", field)):
        if value:
            setattr(exc, attr, value)
    path = (path or "/").split("?", 1)[0].split("#", 1)[0][:2048] or "/"
    if not path.startswith("/"):
        path = "/"
    with app.test_request_context(path, method=method if method in ("GET", "HEAD", "POST", "PUT", "DELETE",
                                                                     "PATCH", "OPTIONS") else "GET"):
        rv = app.handle_http_exception(exc)
        return app.process_response(app.make_response(rv))


class FrenchRequestHandler(WSGIRequestHandler):
    """werkzeug's request handler, except that the errors Python's HTTP server sends by
    itself (request line or headers too long, malformed request) are rendered by the app:
    the same French JSON or page as every other error, not ``http.server``'s English HTML.
    Its ``Server`` header names the app without any version."""

    def version_string(self) -> str:
        """The ``Server`` header: no werkzeug or Python version."""
        return SERVER_NAME

    def _target(self) -> tuple[str, str]:
        """(method, path) of the request being refused, read from what was received."""
        path = getattr(self, "path", None)
        method = getattr(self, "command", None) or ""
        if not path:  # the request line was too long: read its start
            words = bytes(getattr(self, "raw_requestline", b"")[:4096]).decode("latin-1").split()
            method = words[0] if words else ""
            path = words[1] if len(words) > 1 else "/"
        return method.upper(), path

    def parse_request(self) -> bool:
        """Python's parsing of the request line and headers, then: a header that may be sent
        once only (:data:`SINGLE_HEADERS`) sent twice is refused (werkzeug would keep one)."""
        if not super().parse_request():
            return False
        for name in SINGLE_HEADERS:
            if len(self.headers.get_all(name) or ()) > 1:
                self._refusal = repeated_header(name)
                self.send_error(400)
                return False
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Send the app's own response to the HTTP error ``code`` (4xx/5xx) and close the
        connection; ``http.server``'s English page only when no Flask app is being served."""
        app = getattr(self.server, "app", None)
        if code < 400 or not isinstance(app, Flask):
            return super().send_error(code, message, explain)
        method, path = self._target()
        refusal = getattr(self, "_refusal", None) or Refusal(code)
        french = TOO_MANY_HEADERS if code == 431 and "too many headers" in (message or "").lower() else refusal.message
        try:
            response = app_error_response(app, code, path, method, french, refusal.code, refusal.field)
        except Exception:  # pragma: no cover - never worse than the plain server error
            return super().send_error(code, message, explain)
        self.log_error("code %d, message %s", code, message or "")
        body = response.get_data()
        self.send_response(code)
        for name, value in response.headers.items():
            if name.lower() not in ("content-length", "connection"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if method != "HEAD" and body:
            self.wfile.write(body)
