"""Request limits and methods (issue 9, point 6): a streamed (chunked) body over the size
limit is a 413, the JSON nesting limit is exact (README: « moins de 1 000 niveaux »), and a
method a page does not take is a French 405 with ``Allow``, not a CSRF error."""
from __future__ import annotations

import io
import json
import re
import threading

import pytest

from api_support import assert_error
from web.common import MAX_JSON_DEPTH, json_depth

JSON = {"Content-Type": "application/json"}


# ----------------------------------------------------------------------------- chunked bodies
def _chunked(client, path: str, body: bytes):
    """POST ``body`` as a server that de-chunks a ``Transfer-Encoding: chunked`` request
    hands it to the app: no Content-Length, ``wsgi.input_terminated`` set."""
    return client.post(path, input_stream=io.BytesIO(body), headers={**JSON, "Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input_terminated": True})


@pytest.mark.parametrize("path", ["/api/ask", "/api/evaluate", "/api/quizzes"])
def test_chunked_body_over_the_limit_is_413(client, app, path):
    big = json.dumps({"q": "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)}).encode()
    e = assert_error(_chunked(client, path, big), 413, None, "payload_too_large")
    assert e["message"] == f"Requête trop volumineuse : au plus {app.config['MAX_CONTENT_LENGTH'] // 1024} Ko."


def test_chunked_body_of_exactly_the_limit_is_read_whole(make_app):
    client = make_app(MAX_CONTENT_LENGTH=1000).test_client()
    body = json.dumps({"q": "la bille blanche tombe", "k": 3}).encode()
    body = body[:-1] + b" " * (1000 - len(body)) + b"}"
    assert len(body) == 1000
    r = _chunked(client, "/api/ask", body)
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    assert_error(_chunked(client, "/api/ask", body[:-1] + b" }"), 413, None, "payload_too_large")


def test_chunked_body_through_the_dev_server_is_413(app):
    """End to end: werkzeug's server de-chunks the body; the app still counts it."""
    from werkzeug.serving import make_server

    from api_support import raw_http
    from web.server import FrenchRequestHandler
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=FrenchRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        payload = json.dumps({"q": "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)}).encode()
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(payload[i:i + 8192]), payload[i:i + 8192])
                          for i in range(0, len(payload), 8192))
        request = (b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunks + b"0\r\n\r\n")
        _, status, _, body = raw_http(server.server_port, request)
    finally:
        server.shutdown()
        thread.join(5)
    assert status == 413
    assert json.loads(body)["error"]["code"] == "payload_too_large"


# ----------------------------------------------------------------------------- JSON nesting
def _nested_body(levels: int) -> str:
    """An object body nesting ``levels`` levels in all: ``{"q": [[...]]}``."""
    inner = levels - 1
    return '{"q": ' + "[" * inner + "]" * inner + "}"


def test_json_depth_counts_levels_on_the_text():
    assert json_depth('"[[["') == 0 and json_depth("3") == 0
    assert json_depth("{}") == 1 and json_depth('{"a": [[]]}') == 3
    assert json_depth('{"a": "[[[[", "b": ["\\"[", {}]}') == 3
    assert json_depth(_nested_body(1000)) == 1000


def test_documented_nesting_limit_is_the_one_applied():
    from pathlib import Path
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    row = "| objets ou listes JSON imbriqués | moins de 1 000 niveaux : 999 au plus, l’objet du corps compris"
    assert row in readme
    assert MAX_JSON_DEPTH == 999


@pytest.mark.parametrize("path", ["/api/ask", "/api/evaluate", "/api/rack", "/api/quizzes"])
def test_nesting_limit_is_exact(client, path):
    """999 levels are parsed (the view then judges the field), 1,000 and 1,001 are refused,
    whatever Python's recursion limit."""
    r = client.post(path, data=_nested_body(999), headers=JSON)
    assert r.status_code == 400
    assert "imbriqués" not in r.get_json()["error"]["message"], r.get_json()
    assert r.get_json()["error"]["field"] != "body"
    for levels in (1000, 1001):
        e = assert_error(client.post(path, data=_nested_body(levels), headers=JSON), 400, "body", "invalid_json")
        assert e["message"] == "JSON refusé : objets ou listes imbriqués trop profondément (au plus 999 niveaux)."


def test_999_levels_parse_even_deep_in_the_stack(client):
    """The limit does not depend on how deep the request already is in the Python stack."""
    def deep(n: int):
        return deep(n - 1) if n else client.post("/api/ask", data=_nested_body(999), headers=JSON)

    r = deep(300)
    assert r.status_code == 400 and r.get_json()["error"]["field"] == "q"


def test_brackets_inside_strings_do_not_count(client):
    r = client.post("/api/ask", json={"q": "[" * 400 + " la 9 rentre à la casse"})
    assert r.status_code == 200


# ----------------------------------------------------------------------------- methods on pages
@pytest.mark.parametrize("method", ["DELETE", "PUT", "PATCH"])
@pytest.mark.parametrize("path, allowed", [("/", "GET"), ("/quiz", "GET, POST"), ("/arbitrage", "GET"),
                                           ("/regles", "GET"), ("/comparer", "GET")])
def test_unsupported_method_on_a_page_is_a_french_405(make_app, method, path, allowed):
    client = make_app(WTF_CSRF_ENABLED=True).test_client()
    r = client.open(path, method=method)
    assert r.status_code == 405 and r.mimetype == "text/html"
    assert set(r.headers["Allow"].split(", ")) >= set(allowed.split(", "))
    page = r.get_data(as_text=True)
    assert f"Méthode HTTP non permise pour cette adresse. Méthodes permises : {allowed}." in page
    assert "formulaire a expiré" not in page
    e = assert_error(client.open(path, method=method, headers={"Accept": "application/json"}), 405, None,
                     "method_not_allowed")
    assert e["message"].endswith(f"Méthodes permises : {allowed}.")


def test_csrf_still_guards_the_forms(make_app):
    client = make_app(WTF_CSRF_ENABLED=True).test_client()
    r = client.post("/quiz", data={"count": "3"})
    assert r.status_code == 400 and "formulaire a expiré" in r.get_data(as_text=True)
    assert client.post("/nulle-part", data={"x": "1"}).status_code == 404


def test_allow_header_lists_the_methods_in_order(client):
    r = client.open("/", method="DELETE")
    assert r.headers["Allow"] == "GET, HEAD, OPTIONS"
    assert re.fullmatch(r"[A-Z]+(, [A-Z]+)*", client.put("/api/ask").headers["Allow"])
