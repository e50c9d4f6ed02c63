"""Helpers shared by the JSON API tests (test_api, test_compare_api, test_quiz_api)."""
from __future__ import annotations

import socket
import time
from typing import NamedTuple

#: ``field`` value meaning "whatever field the error names" (``None`` is a field value: no field).
ANY = "__any__"


def assert_error(resp, status: int, field: str | None = ANY, code: str | None = None) -> dict:
    """The response is the contract's JSON error with ``status``: ``{"error": {"code",
    "message", "field", ...}}``, a French message without a traceback, the ``field`` and
    ``code`` given (unless left out). Returns the error object."""
    assert resp.status_code == status, resp.get_data(as_text=True)[:500]
    assert resp.mimetype == "application/json"
    body = resp.get_json()
    assert set(body) == {"error"}
    err = body["error"]
    assert {"code", "message", "field"} <= set(err)
    assert isinstance(err["message"], str) and err["message"]
    assert "Traceback" not in err["message"]
    if field != ANY:
        assert err["field"] == field, err
    if code is not None:
        assert err["code"] == code, err
    return err


class RawResponse(NamedTuple):
    seconds: float
    status: int
    headers: dict[str, str]
    body: bytes


def raw_http(port: int, request: bytes, timeout: float = 10) -> RawResponse:
    """``request`` sent as-is to 127.0.0.1:``port`` (bytes no HTTP client would send), read until
    the server closes: the time taken, the status, the headers and the body."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return RawResponse(time.monotonic() - start, int(lines[0].split()[1]), headers, body)
