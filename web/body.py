"""Reading a request's body: a malformed ``Transfer-Encoding: chunked`` body is a French 400,
a declared chunk beyond ``MAX_CONTENT_LENGTH`` a 413, never a 500 with a traceback.

The server de-chunks the body while the app reads it (``request.get_data()``, ``request.form``,
the CSRF check...): gunicorn raises its parse errors (``InvalidChunkSize`` for ``zz`` or ``-1``,
``ChunkMissingTerminator`` for chunk data longer than declared, ``InvalidHeader`` in the
trailers...) from inside that read, werkzeug's development server an ``OSError``.
:func:`guard_request_body` (installed by :func:`web.create_app`) wraps ``wsgi.input`` so that
any of them, wherever the body is read, becomes :class:`MalformedBody` (a 400 answered by the
handlers of ``web/errors.py``: French JSON under ``/api/``, a page elsewhere), and an error that
carries ``status = 413`` (``web.production.ChunkTooLarge``) a
:class:`~werkzeug.exceptions.RequestEntityTooLarge`. A body that stops arriving (a
``Content-Length`` larger than what the client sends) is waited for until the request's time
budget runs out (:mod:`web.budget`): the budget's alarm raised during the read is
:class:`IncompleteBody`, a 408 naming ``body`` rather than the 503 of a slow answer.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from werkzeug.exceptions import RequestEntityTooLarge

from .budget import TimeBudgetExceeded
from .common import ApiError

try:  # gunicorn is the production server (requirements.txt), but the app runs without it
    from gunicorn.http.errors import ParseException as _GunicornParseError
except ImportError:  # pragma: no cover
    class _GunicornParseError(Exception):  # type: ignore[no-redef]
        """Stands for gunicorn's parse errors when gunicorn is not installed."""

MALFORMED_MESSAGE = "Requête invalide : corps mal découpé (Transfer-Encoding: chunked)."
INCOMPLETE_MESSAGE = ("Requête incomplète : le corps annoncé (Content-Length) n’est pas arrivé en entier "
                      "dans le temps permis.")


class MalformedBody(ApiError):
    """A request body the server could not de-chunk: 400 ``malformed_body``, field ``body``."""

    def __init__(self) -> None:
        super().__init__(400, "malformed_body", MALFORMED_MESSAGE, "body")


class IncompleteBody(ApiError):
    """A request body that did not arrive within the time budget: 408 ``incomplete_body``."""

    def __init__(self) -> None:
        super().__init__(408, "incomplete_body", INCOMPLETE_MESSAGE, "body")


class GuardedInput:
    """``wsgi.input`` whose read errors are the app's: see the module docstring. ``chunked``:
    the request declares ``Transfer-Encoding: chunked`` (an ``OSError`` is then a bad chunk of
    werkzeug's de-chunking, otherwise it is left to werkzeug: a client that went away)."""

    def __init__(self, stream: Any, chunked: bool):
        self._stream, self._chunked = stream, chunked

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self._stream, method)(*args)
        except _GunicornParseError as exc:
            if getattr(exc, "status", None) == 413:
                raise RequestEntityTooLarge() from None
            raise MalformedBody() from None
        except TimeBudgetExceeded:
            raise IncompleteBody() from None
        except OSError:
            if self._chunked:
                raise MalformedBody() from None
            raise

    def read(self, *args: Any) -> bytes:
        return self._call("read", *args)

    def readinto(self, buffer: Any) -> int:
        if hasattr(self._stream, "readinto"):
            return self._call("readinto", buffer)
        data = self._call("read", len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def readline(self, *args: Any) -> bytes:
        return self._call("readline", *args)

    def readlines(self, *args: Any) -> list[bytes]:
        return self._call("readlines", *args)

    def __iter__(self) -> "GuardedInput":
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


WsgiApp = Callable[[dict, Callable], Iterable[bytes]]


def guard_request_body(wsgi_app: WsgiApp) -> WsgiApp:
    """WSGI middleware: the request's ``wsgi.input`` wrapped in a :class:`GuardedInput`."""

    def guarded(environ: dict, start_response: Callable) -> Iterable[bytes]:
        stream = environ.get("wsgi.input")
        if stream is not None and not isinstance(stream, GuardedInput):
            chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
            environ["wsgi.input"] = GuardedInput(stream, chunked)
        return wsgi_app(environ, start_response)

    return guarded
