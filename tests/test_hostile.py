"""Defects a hostile tester found in the served app (malformed chunked bodies, duplicate JSON
keys, the rate limit on 404s and static files, the quiz database going away...), each with
the answer expected: a French 4xx/503, never a 500 or a silent surprise."""
from __future__ import annotations

import io
import json
import socket
import time

import pytest

from api_support import assert_error, raw_http
from test_server import _start_server, _stop_server

JSON = {"Content-Type": "application/json"}
CHUNKED_MESSAGE = "Requête invalide : corps mal découpé (Transfer-Encoding: chunked)."


# ----------------------------------------------------------------------------- 1. malformed chunked bodies
class _BadChunks(io.BytesIO):
    """A ``wsgi.input`` that fails as gunicorn's de-chunking does (``zz\\r\\n``...)."""

    def __init__(self, error: Exception):
        super().__init__(b"{}")
        self.error = error

    def read(self, *args) -> bytes:
        raise self.error

    readline = read
    readinto = read


def _gunicorn_errors():
    from gunicorn.http import errors as e
    return [e.InvalidChunkSize(b"zz"), e.InvalidChunkSize(b"-1"), e.ChunkMissingTerminator(b"xx"),
            e.InvalidHeader("bare LF as line terminator"), e.InvalidChunkExtension("bare CR not allowed")]


@pytest.mark.parametrize("error", _gunicorn_errors(), ids=repr)
@pytest.mark.parametrize("path", ["/api/ask", "/api/evaluate", "/api/quizzes"])
def test_a_malformed_chunked_body_is_a_french_400(client, path, error):
    r = client.post(path, input_stream=_BadChunks(error), headers={**JSON, "Transfer-Encoding": "chunked"},
                    environ_overrides={"wsgi.input_terminated": True})
    e = assert_error(r, 400, "body", "malformed_body")
    assert e["message"] == CHUNKED_MESSAGE


def test_a_malformed_chunked_form_is_a_french_page(make_app):
    from gunicorn.http.errors import InvalidChunkSize
    for csrf in (True, False):
        client = make_app(WTF_CSRF_ENABLED=csrf).test_client()
        r = client.post("/quiz", input_stream=_BadChunks(InvalidChunkSize(b"zz")),
                        headers={"Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked"},
                        environ_overrides={"wsgi.input_terminated": True})
        assert r.status_code == 400 and r.mimetype == "text/html"
        assert "corps mal découpé" in r.get_data(as_text=True)


def test_a_chunk_beyond_the_limit_is_413(client):
    from web.production import ChunkTooLarge
    r = client.post("/api/ask", input_stream=_BadChunks(ChunkTooLarge(2 ** 80, 256 * 1024)),
                    headers={**JSON, "Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})
    assert_error(r, 413, None, "payload_too_large")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """gunicorn (``python app.py serve``) with two workers; stopped at the end of the module."""
    server = _start_server(tmp_path_factory.mktemp("hostile"))
    yield server
    _stop_server(server)


def _chunked_request(path: str, body: bytes, mimetype: str = "application/json") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {mimetype}\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode() + body


@pytest.mark.parametrize("body", [b"zz\r\n{}\r\n0\r\n\r\n", b"-1\r\n{}\r\n0\r\n\r\n", b"2\r\n{}xxxx\r\n0\r\n\r\n"],
                         ids=["zz", "minus-one", "data-longer-than-declared"])
@pytest.mark.parametrize("path", ["/api/ask", "/api/evaluate"])
def test_gunicorn_answers_a_malformed_chunked_body_in_french(served, path, body):
    _, status, _, answer = raw_http(served["port"], _chunked_request(path, body))
    assert status == 400
    assert json.loads(answer)["error"] == {"code": "malformed_body", "message": CHUNKED_MESSAGE, "field": "body"}


def test_gunicorn_answers_a_malformed_chunked_form_with_a_page(served):
    request = _chunked_request("/quiz", b"zz\r\ncount=3\r\n0\r\n\r\n", "application/x-www-form-urlencoded")
    _, status, _, answer = raw_http(served["port"], request)
    assert status == 400 and "corps mal découpé" in answer.decode("utf-8") and "Traceback" not in answer.decode()


def test_gunicorn_refuses_a_huge_chunk_at_once(served):
    seconds, status, _, answer = raw_http(served["port"], _chunked_request("/api/ask", b"ffffffffffffffffffff\r\n{}"))
    assert status == 413 and json.loads(answer)["error"]["code"] == "payload_too_large"
    assert seconds < 2
    # chunks that add up beyond the limit, the last one announced only
    body = b"400\r\n" + b" " * 1024 + b"\r\n" + b"%x\r\n" % (256 * 1024)
    seconds, status, _, _ = raw_http(served["port"], _chunked_request("/api/ask", body))
    assert status == 413 and seconds < 2


# ----------------------------------------------------------------------------- 8. too many headers
def test_gunicorn_says_too_many_headers_rather_than_too_large(served):
    many = "".join(f"X-H{i}: {i}\r\n" for i in range(150))
    request = f"GET /api/topics HTTP/1.1\r\nHost: x\r\n{many}\r\n".encode()
    _, status, _, answer = raw_http(served["port"], request)
    text = answer.decode("utf-8")  # gunicorn refuses before the path is known: the French page
    assert status == 431 and "trop d’en-têtes (au plus 100)" in text and "Ko" not in text
    # headers too large are still said so
    request = f"GET /api/topics HTTP/1.1\r\nHost: x\r\nX-Grand: {'a' * 70_000}\r\n\r\n".encode()
    _, status, _, answer = raw_http(served["port"], request)
    assert status == 431 and "au plus 32 Ko" in answer.decode("utf-8")


def test_the_dev_server_says_too_many_headers_too(app):
    import threading

    from werkzeug.serving import make_server

    from web.server import FrenchRequestHandler
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=FrenchRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        many = "".join(f"X-H{i}: {i}\r\n" for i in range(150))
        _, status, _, answer = raw_http(server.server_port, f"GET /api/topics HTTP/1.1\r\nHost: x\r\n{many}\r\n".encode())
    finally:
        server.shutdown()
        thread.join(5)
    assert status == 431 and "trop d’en-têtes (au plus 100)" in json.loads(answer)["error"]["message"]


# ----------------------------------------------------------------------------- 8b. malformed headers
_BODY = b'{"q": "casse"}'


def _post(path: str, headers: str, body: bytes = _BODY) -> bytes:
    return f"POST {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n".encode() + body


_CT = "Content-Type: application/json\r\n"
_CL = f"Content-Length: {len(_BODY)}\r\n"
# (headers, status, code, field) — each refused by gunicorn itself, before the app runs
MALFORMED_HEADERS = {
    "content-type-twice": (_CT + _CT + _CL, 400, "repeated_header", "Content-Type"),
    "two-content-types": (_CT + "Content-Type: text/plain\r\n" + _CL, 400, "repeated_header", "Content-Type"),
    "host-twice": ("Host: y\r\n" + _CT + _CL, 400, "repeated_header", "Host"),
    "content-length-twice": (_CT + _CL + _CL, 400, "invalid_header", "Content-Length"),
    "content-length-not-a-number": (_CT + "Content-Length: abc\r\n", 400, "invalid_header", "Content-Length"),
    "length-and-chunked": (_CT + _CL + "Transfer-Encoding: chunked\r\n", 400, "invalid_header", "Content-Length"),
    "unknown-transfer-coding": (_CT + "Transfer-Encoding: zstd-x\r\n", 400, "invalid_header", "Transfer-Encoding"),
    "folded-header": (_CT + "X-Plie: a\r\n b\r\n" + _CL, 400, "invalid_header", "X-Plie"),
    "bad-header-name": (_CT + "X(1): a\r\n" + _CL, 400, "invalid_header", None),
}


@pytest.mark.parametrize("case", MALFORMED_HEADERS, ids=str)
def test_gunicorn_answers_a_malformed_api_request_in_json(served, case):
    headers, status, code, field = MALFORMED_HEADERS[case]
    _, got, head, answer = raw_http(served["port"], _post("/api/ask", headers))
    assert got == status and head["Content-Type"] == "application/json", answer[:300]
    err = json.loads(answer)["error"]
    assert (err["code"], err["field"]) == (code, field)
    if field:
        assert f"« {field} »" in err["message"]


def test_gunicorn_answers_a_repeated_content_type_on_a_page_with_a_page(served):
    _, status, head, answer = raw_http(served["port"], _post("/quiz", _CT + _CT + _CL))
    text = answer.decode("utf-8")
    assert status == 400 and head["Content-Type"].startswith("text/html")
    assert "En-tête « Content-Type » donné plusieurs fois : une seule valeur est permise." in text


def test_gunicorn_refusals_name_what_is_wrong():
    from gunicorn.http import errors as e

    from web.production import gunicorn_refusal
    assert gunicorn_refusal(e.InvalidHeader("CONTENT-TYPE", req=object())).code == "repeated_header"
    value = e.InvalidHeader("X-FOO")   # gunicorn's error for a value with a character not permitted
    assert gunicorn_refusal(value).message == "En-tête « X-Foo » invalide : sa valeur contient un caractère non permis."
    assert gunicorn_refusal(e.InvalidHeader("pas de deux-points")).code == "invalid_header"
    assert gunicorn_refusal(e.InvalidRequestLine("x")).status == 400
    assert gunicorn_refusal(e.UnsupportedTransferCoding("br")).status == 400    # bad input: never a 5xx
    assert gunicorn_refusal(e.InvalidChunkSize(b"zz")).message == CHUNKED_MESSAGE
    assert gunicorn_refusal(ValueError("x")) is None


def test_the_dev_server_refuses_a_repeated_content_type_in_json_too(app):
    import threading

    from werkzeug.serving import make_server

    from web.server import FrenchRequestHandler
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=FrenchRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        twice = raw_http(server.server_port, _post("/api/ask", _CT + "Content-Type: text/plain\r\n" + _CL))
        once = raw_http(server.server_port, _post("/api/ask", _CT + _CL))
    finally:
        server.shutdown()
        thread.join(5)
    assert twice.status == 400 and twice.headers["Content-Type"] == "application/json"
    assert json.loads(twice.body)["error"]["field"] == "Content-Type"
    assert once.status == 200


# every JSON route, every malformed body: a JSON 4xx in the contract's shape, never a page
_JSON_ROUTES = ["/api/ask", "/api/evaluate", "/api/rack", "/api/quizzes", "/api/exams", "/api/matches"]


@pytest.mark.parametrize("path", _JSON_ROUTES)
@pytest.mark.parametrize("content_type, body, status, field", [
    ("application/json; charset=latin-1", '{"q": "café"}'.encode("latin-1"), 415, "Content-Type"),
    ("application/json; charset=utf-16", '{"q": "x"}'.encode("utf-16"), 415, "Content-Type"),
    ("application/json", '{"q": "café"}'.encode("latin-1"), 400, "body"),     # not UTF-8
    ("application/json", b'{"q": "x",}', 400, "body"),
    ("application/json", b'{"q": ', 400, "body"),
    ("application/json", b"", 400, "body"),
    ("application/json", b"[1, 2]", 400, "body"),
    ("text/plain", b'{"q": "x"}', 415, "body"),
    ("application/json", b'{"q": "' + b"x" * (300 * 1024) + b'"}', 413, None),
], ids=["latin-1", "utf-16", "not-utf-8", "trailing-comma", "cut", "empty", "not-an-object", "text-plain", "too-large"])
def test_a_malformed_json_request_is_a_json_4xx(client, path, content_type, body, status, field):
    r = client.post(path, data=body, headers={"Content-Type": content_type})
    err = assert_error(r, status, field)
    assert "Traceback" not in err["message"]


def test_a_json_body_declared_utf8_is_read(client):
    for charset in ("utf-8", "UTF-8", "utf8"):
        r = client.post("/api/ask", data='{"q": "la blanche tombe à la casse"}'.encode(),
                        headers={"Content-Type": f"application/json; charset={charset}"})
        assert r.status_code == 200, r.get_data(as_text=True)


# ----------------------------------------------------------------------------- 2. PostgreSQL going down
class _TcpRelay:
    """A TCP relay on a free port of 127.0.0.1 to ``target`` (host, port): stopping it closes
    the port and every connection through it, as a database server that goes down."""

    def __init__(self, target: tuple[str, int]):
        import threading
        self.target, self.sockets, self._threading = target, [], threading
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            self.sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                self._threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def stop(self) -> None:
        try:  # wakes the accepting thread (closing alone would let it take one more connection)
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        for s in self.sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


def test_postgres_going_down_is_a_prompt_503_database_unavailable(make_app):
    """The server goes away after the pool was opened: each request is answered 503
    ``database_unavailable`` within the pool's short wait, not ``time_budget_exceeded`` after 5 s."""
    from urllib.parse import urlsplit, urlunsplit

    from db_support import pg_schema, pg_url
    from web.quiz import quiz_service
    with pg_schema(pg_url()) as url:
        parts = urlsplit(url)
        relay = _TcpRelay((parts.hostname or "127.0.0.1", parts.port or 5432))
        through = urlunsplit(parts._replace(netloc=f"{parts.username}:{parts.password}@127.0.0.1:{relay.port}"))
        app = make_app(DATABASE=through, REQUEST_TIME_BUDGET=5.0)
        client = app.test_client()
        try:
            r = client.post("/api/quizzes", json={"count": 2})
            assert r.status_code == 201, r.get_data(as_text=True)[:300]
            quiz = r.get_json()["id"]
            client.environ_base["HTTP_X_ARBITRE_TOKEN"] = r.get_json()["token"]
            assert client.get(f"/api/quizzes/{quiz}").status_code == 200
            relay.stop()
            for _ in range(2):
                start = time.monotonic()
                r = client.get(f"/api/quizzes/{quiz}")
                assert_error(r, 503, None, "database_unavailable")
                assert time.monotonic() - start < 4
        finally:
            relay.stop()
            with app.app_context():
                quiz_service().store.close()


def test_the_pool_waits_less_than_the_request_budget():
    from qa.quiz import pg
    from web.budget import DEFAULT_BUDGET
    assert pg.POOL_TIMEOUT_S <= 2 < DEFAULT_BUDGET and int(pg.CONNECT_TIMEOUT_S) <= 2
    assert pg.PostgresBackend.__init__.__defaults__[0] == 30.0  # the store's own, capped in the backend


# ----------------------------------------------------------------------------- 3. duplicate JSON keys
@pytest.mark.parametrize("path, body, key", [
    ("/api/evaluate", '{"ruleset": "9-bca", "state": {"on_table": [4, 9]}, "shot": {"first_contact": 4}, '
                      '"ruleset": "9-ffb"}', "ruleset"),
    ("/api/ask", '{"q": "x", "q": "y"}', "q"),
    ("/api/ask", '{"q": "la blanche tombe", "rulesets": ["9-ffb"], "k": 3, "k": 4}', "k"),
    ("/api/rack", '{"ruleset": "9-ffb", "state": {"on_table": [1, 9], "on_table": [9]}, "shots": []}', "on_table"),
    ("/api/quizzes", '{"count": 2, "count": 3}', "count"),
])
def test_a_key_given_twice_is_refused_by_name(client, path, body, key):
    e = assert_error(client.post(path, data=body, headers=JSON), 400, "body", "invalid_json")
    assert f"clé en double « {key} »" in e["message"] and e["message"].startswith("JSON refusé")


def test_duplicate_keys_on_every_json_body(client):
    quiz = client.post("/api/quizzes", json={"count": 2}).get_json()
    e = assert_error(client.post(f"/api/quizzes/{quiz['id']}/answers", data='{"question": "a", "question": "b"}',
                                 headers={**JSON, "X-Arbitre-Token": quiz["token"]}), 400, "body", "invalid_json")
    assert "« question »" in e["message"]


def test_the_same_key_in_two_objects_is_fine_and_depth_is_still_checked(client):
    body = '{"ruleset": "9-ffb", "state": {"on_table": [4, 9]}, "shot": {"first_contact": 4, "pocketed": []}}'
    assert client.post("/api/evaluate", data=body, headers=JSON).status_code == 200
    deep = '{"q": ' + "[" * 1000 + "]" * 1000 + "}"
    e = assert_error(client.post("/api/ask", data=deep, headers=JSON), 400, "body", "invalid_json")
    assert "imbriqués trop profondément" in e["message"]


def test_a_scenario_link_with_a_key_twice_is_refused(client):
    from urllib.parse import quote
    r = client.get("/arbitrage?scenario=" + quote('{"ruleset": "9-bca", "ruleset": "9-ffb", "state": {}, "shot": {}}'))
    assert r.status_code == 400 and "clé en double « ruleset »" in r.get_data(as_text=True)


# ----------------------------------------------------------------------------- 4. --db addresses
UNSUPPORTED = ("adresse non prise en charge : seules postgresql://… et un chemin de fichier SQLite "
               "(ou sqlite:///chemin) le sont")


def _usage_error(result) -> str:
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("Erreur : ") and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("address", ["mysql://u:hunter4@127.0.0.1/db", "sqlite://relatif.db", "redis://h:6379",
                                     "host=127.0.0.1 dbname=x user=arbitre password=hunter4"])
@pytest.mark.parametrize("command", [["serve"], ["quiz", "--count", "1"]])
def test_an_unsupported_db_address_is_a_usage_error(runner, cli, tmp_path, monkeypatch, address, command):
    monkeypatch.chdir(tmp_path)
    err = _usage_error(runner.invoke(cli, [*command, "--db", address], input=""))
    assert err.startswith("Erreur : --db : ") and UNSUPPORTED in err and "hunter4" not in err
    monkeypatch.setenv("ARBITRE_DB", address)
    err = _usage_error(runner.invoke(cli, command, input=""))
    assert "--db (variable ARBITRE_DB)" in err and UNSUPPORTED in err and "hunter4" not in err
    assert list(tmp_path.iterdir()) == []  # no file named after the address (nor its password)


def test_a_sqlite_url_is_the_path_it_names(runner, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "quiz.db"
    r = runner.invoke(cli, ["quiz", "--db", f"sqlite://{db}", "--count", "1", "--seed", "3"], input="q\n")
    assert r.exit_code == 0, r.output
    assert db.is_file() and {p.name for p in tmp_path.iterdir()} <= {"quiz.db", "quiz.db-wal", "quiz.db-shm"}
    from cli.common import db_target
    assert db_target(f"sqlite://{db}") == (str(db), "--db")


def test_the_web_store_refuses_a_libpq_string_too(make_app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    client = make_app(DATABASE="host=127.0.0.1 dbname=x user=arbitre password=hunter4").test_client()
    e = assert_error(client.post("/api/quizzes", json={"count": 1}), 503, None, "database_unavailable")
    assert "hunter4" not in e["message"]
    assert list(tmp_path.iterdir()) == []


# ----------------------------------------------------------------------------- 5. the rate limit counts everything
def _limited(make_app, tmp_path, rate: str):
    return make_app(RATELIMIT_ENABLED=True, RATELIMIT=rate, INSTANCE_PATH=str(tmp_path / "inst")).test_client()


@pytest.mark.parametrize("method, path", [("GET", "/nope"), ("PUT", "/api/topics"), ("GET", "/static/style.css"),
                                          ("DELETE", "/"), ("GET", "/api/nulle-part")])
def test_404s_405s_and_static_files_count_toward_the_limit(make_app, tmp_path, method, path):
    client = _limited(make_app, tmp_path, "5/minute")
    statuses = [client.open(path, method=method).status_code for _ in range(7)]
    assert statuses[:5] == [statuses[0]] * 5 and statuses[0] != 429
    assert statuses[5:] == [429, 429]
    r = client.get("/api/topics")  # the same counter as every other address
    assert r.status_code == 429 and r.headers.get("Retry-After")
    assert client.get("/healthz").status_code == 200


def test_static_files_and_pages_share_one_counter(make_app, tmp_path):
    client = _limited(make_app, tmp_path, "4/minute")
    assert [client.get(p).status_code for p in ("/static/style.css", "/nope", "/api/topics")] == [200, 404, 200]
    assert client.put("/api/topics").status_code == 405
    r = client.get("/static/style.css")
    assert r.status_code == 429 and "Trop de requêtes" in r.get_data(as_text=True)
    assert [client.get("/healthz").status_code for _ in range(5)] == [200] * 5


# ----------------------------------------------------------------------------- 6, 7. the house-rules form
@pytest.mark.parametrize("query, text", [("title=%00", "Titre : caractère non permis"),
                                         ("publisher=%7F", "Club : caractère non permis"),
                                         ("id=%01", "Identifiant : caractère non permis"),
                                         ("description=" + "d" * 1001, "Description : trop long (1001 caractères)")])
@pytest.mark.parametrize("base", ["", "&base=9-ffb"])
def test_a_refused_house_rules_field_is_always_said(client, query, text, base):
    r = client.get(f"/regles-maison/nouveau?{query}{base}")
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and text in page


@pytest.mark.parametrize("field, label, limit", [("id", "Identifiant", 80), ("title", "Titre", 200),
                                                 ("publisher", "Club", 200), ("description", "Description", 1000)])
def test_an_over_long_house_rules_field_is_refused_not_cut(client, field, label, limit):
    ok = {"base": "9-ffb", "id": "club-test", "title": "Règles du club", "action": "apercu"}
    value = "a" * (limit + 1)
    r = client.get("/regles-maison/nouveau", query_string={**ok, field: value})
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert f"{label} : trop long ({limit + 1} caractères) ; au plus {limit} caractères." in page
    assert "Le fichier club" not in page  # no file written from a cut value
    r = client.get("/regles-maison/nouveau", query_string={**ok, field: "a" * limit})
    assert r.status_code == 200, r.get_data(as_text=True)[:300]


def test_an_over_long_club_wording_is_refused(client, rulebook):
    name = next(iter(rulebook.policy_specs))
    r = client.get("/regles-maison/nouveau", query_string={"base": "9-ffb", "id": "club-test", "title": "T",
                                                            "action": "apercu", f"n_{name}": "x" * 1001})
    assert r.status_code == 400 and "trop long (1001 caractères) ; au plus 1000 caractères." in r.get_data(as_text=True)


# ----------------------------------------------------------------------------- 8, 9. the README says it
def test_the_readme_states_the_header_count_and_why_the_proxy_is_required():
    from pathlib import Path
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    limits = next(line for line in readme.splitlines() if line.startswith("| en-têtes de la requête |"))
    assert "32 Ko" in limits and "100" in limits
    production = readme.split("## Mise en production", 1)[1]
    assert "le proxy inverse est obligatoire" in production
    assert "deux clients" in production and "synchrones" in production
    assert "sqlite:///chemin" in readme


# ----------------------------------------------------------------------------- a new user's hostile session (session 2)
def test_the_same_ball_twice_is_refused(client):
    r = client.post("/api/evaluate", json={"ruleset": "9-bca", "state": {"on_table": [4, 4, 9]},
                                           "shot": {"first_contact": 4, "pocketed": [4]}})
    assert_error(r, 400, "state.on_table")
    r = client.post("/api/evaluate", json={"ruleset": "9-bca", "shot": {"first_contact": 1, "pocketed": [4, 4]}})
    assert_error(r, 400, "shot.pocketed")


@pytest.mark.parametrize("q", ["\x00", "la 9\x07 tombe"])
def test_a_control_character_in_the_question_is_refused(client, q):
    assert_error(client.get("/api/ask", query_string={"q": q}), 400, "q")
    page = client.get("/", query_string={"q": q})
    assert page.status_code == 400 and "caractère de contrôle" in page.get_data(as_text=True)
    assert "\x00" not in page.get_data(as_text=True)


def test_csv_exports_never_carry_a_formula(client):
    from qa.spreadsheet import safe_cell
    assert safe_cell('=HYPERLINK("http://x")') == '\'=HYPERLINK("http://x")' and safe_cell("Alice") == "Alice"
    r = client.post("/api/matches", json={"ruleset": "9-ffb", "players": ['=HYPERLINK("http://x")', "@B"]})
    assert r.status_code == 201
    m = r.get_json()
    client.post(f"/api/matches/{m['id']}/shots", headers={"X-Arbitre-Token": m["token"]},
                json={"kind": "break", "first_contact": 1, "pocketed": [3], "seq": 0})
    csv_text = client.get(f"/api/matches/{m['id']}/export?format=csv").get_data(as_text=True)
    assert "'=HYPERLINK" in csv_text and ",=HYPERLINK" not in csv_text and '"=HYPERLINK' not in csv_text


def test_a_learner_name_is_the_same_however_its_accents_are_typed():
    from qa.quiz.store import learner_key
    assert learner_key("e\u0301t\u00e9") == learner_key("\u00e9t\u00e9") == learner_key("ÉTÉ")


@pytest.mark.parametrize("a, b", [
    ("Ana", "\u0410na"),          # U+0410 CYRILLIC CAPITAL LETTER A
    ("ANA", "\u0430na"),          # U+0430 CYRILLIC SMALL LETTER A, another case
    ("Olga", "\u039flga"),        # U+039F GREEK CAPITAL LETTER OMICRON
    ("Zoé", "\u0396oe\u0301"),    # U+0396 GREEK CAPITAL LETTER ZETA, the accent typed apart
    ("Paul", "\u0420aul"),        # U+0420 CYRILLIC CAPITAL LETTER ER
])
def test_names_in_look_alike_letters_are_one_learner(a, b):
    from qa.quiz.names import learner_key, same_learner
    assert learner_key(a) != learner_key(b)       # other letters, which NFKC and case folding keep apart
    assert same_learner(a, b) and same_learner(b, a)


@pytest.mark.parametrize("invisible", ["\ufe0f", "\u034f", "\u3164", "\u115f", "\u00ad"])
def test_characters_that_show_nothing_do_not_make_another_learner(invisible):
    """A variation selector, the combining grapheme joiner, Hangul fillers, a soft hyphen: default
    ignorable code points, which show nothing."""
    from qa.quiz.names import learner_key
    assert learner_key(f"Zora{invisible}brk") == learner_key("Zorabrk")


@pytest.mark.parametrize("a, b", [("Ana", "Anna"), ("Zoé", "Zoe"), ("Léa", "Lea"), ("Ali", "Alia")])
def test_names_that_look_different_stay_different_learners(a, b):
    from qa.quiz.names import same_learner
    assert not same_learner(a, b)


def test_the_api_takes_a_look_alike_name_for_the_learner_it_looks_like(client):
    first = client.post("/api/quizzes", json={"count": 1, "learner": "\u0410na"})   # Cyrillic « А » first
    assert first.status_code == 201 and first.get_json()["learner"] == "\u0410na"  # shown as typed
    token = first.get_json()["learner_token"]
    assert_error(client.post("/api/quizzes", json={"count": 1, "learner": "Ana"}), 403, "learner", "learner_taken")
    again = client.post("/api/quizzes", json={"count": 1, "learner": "Ana"}, headers={"X-Arbitre-Token": token})
    assert again.status_code == 201 and again.get_json()["learner"] == "\u0410na"
    history = client.get("/api/learners/ANA/history", headers={"X-Arbitre-Token": token})
    assert history.status_code == 200 and len(history.get_json()["quizzes"]) == 2


def test_an_exam_candidate_cannot_take_a_look_alike_of_a_name_taken(client):
    exam = client.post("/api/exams", json={"title": "Club", "rulesets": ["9-ffb"], "count": 2, "candidates": 2}).get_json()
    url = f"/api/exams/{exam['id']}/attempts"
    assert client.post(url, json={"code": exam["codes"][0], "learner": "Olga"}).status_code == 201
    assert_error(client.post(url, json={"code": exam["codes"][1], "learner": "\u039flga"}), 409, "learner")


def test_quiz_bodies_take_only_their_fields(client):
    r = client.post("/api/quizzes", json={"count": 1})
    quiz = r.get_json()
    head = {"X-Arbitre-Token": quiz["token"]}
    q = quiz["questions"][0]
    assert_error(client.post(f"/api/quizzes/{quiz['id']}/answers", headers=head,
                             json={"question": q["id"], "choice": "a", "x": 1}), 400, "x", "unknown_field")
    assert_error(client.post(f"/api/quizzes/{quiz['id']}/finish", headers=head, json={"x": 1}), 400, "x", "unknown_field")
    assert_error(client.post(f"/api/quizzes/{quiz['id']}/finish", headers=head, json=[]), 400)
    assert client.post(f"/api/quizzes/{quiz['id']}/finish", headers=head).status_code == 200


def test_an_api_parameter_given_twice_is_refused_but_rulesets_may_repeat(client):
    assert_error(client.get("/api/ask?q=casse&q=blanche"), 400, "q", "repeated_field")
    assert_error(client.get("/api/ask?q=casse&k=5&k=6"), 400, "k", "repeated_field")
    assert client.get("/api/ask?q=casse&rulesets=9-bca&rulesets=9-ffb").status_code == 200


@pytest.mark.parametrize("url, field", [
    ("/?q=casse&q=blanche", "q"),
    ("/?q=casse&context=a&context=b", "context"),
    ("/arbitrage?kind=break&kind=normal", "kind"),
    ("/arbitrage/decision?cue_ball=table&cue_ball=pocketed", "cue_ball"),
    ("/comparer?rulesets=9-bca,9-ffb&topic=break&topic=fouls", "topic"),
    ("/quiz?count=3&count=4", "count"),
    ("/regles/9-bca?filtre=casse&filtre=faute", "filtre"),
    ("/regles-maison/nouveau?base=9-bca&base=9-ffb", "base"),
])
def test_a_page_field_given_twice_is_a_french_400_page_naming_it(client, url, field):
    r = client.get(url)
    assert r.status_code == 400 and r.mimetype == "text/html"
    text = r.get_data(as_text=True)
    assert f"Le paramètre « {field} » est donné plusieurs fois : une seule valeur est attendue." in text
    assert "<h1>Erreur 400</h1>" in text


@pytest.mark.parametrize("url", [
    "/?q=casse&rulesets=9-bca&rulesets=9-ffb&f=1",                       # the rulesets checkboxes
    "/arbitrage?game=nine-ball&on_table=4&on_table=9&pocketed=4&pocketed=9&fouls=touched_ball&fouls=double_hit",
    "/arbitrage/decision?game=nine-ball&on_table=4&on_table=9&first_contact=4",
    "/comparer?rulesets=9-bca&rulesets=9-ffb&only_diff=0&only_diff=1",   # hidden 0, then the ticked box
    "/quiz?rulesets=9-bca&rulesets=9-ffb&topics=break&topics=fouls",
])
def test_the_lists_a_form_repeats_are_still_taken(client, url):
    assert client.get(url).status_code == 200


def test_the_api_names_a_repeated_field_in_json_on_every_route(client):
    assert_error(client.get("/api/clauses?topic=break&topic=fouls"), 400, "topic", "repeated_field")
    assert_error(client.get("/api/compare?rulesets=9-bca,9-ffb&topic=break&topic=fouls"), 400, "topic", "repeated_field")
    assert_error(client.get("/api/bank/export?format=csv&format=gift"), 400, "format", "repeated_field")
    # an address that matches nothing is still a 404, not a complaint about its query string
    assert_error(client.get("/api/nulle-part?a=1&a=2"), 404)


def test_a_context_nested_too_deep_is_a_400_not_a_500(client):
    import base64
    import zlib
    forged = "c1." + base64.urlsafe_b64encode(zlib.compress(("[" * 5000 + "]" * 5000).encode())).decode().rstrip("=")
    r = client.get("/api/ask", query_string={"q": "et à la FFB ?", "context": forged})
    assert r.status_code == 400 and r.get_json()["error"]["field"] == "context"
    page = client.get("/", query_string={"q": "et à la FFB ?", "context": forged})
    assert page.status_code == 200 and "Erreur 500" not in page.get_data(as_text=True)   # the page starts afresh
    assert 'id="conversation-perdue"' in page.get_data(as_text=True)                      # and says so


@pytest.mark.parametrize("url, field", [
    ("/api/ask?q=%FF", "q"),
    ("/api/ask?q=casse&rulesets=9-bca%C3", "rulesets"),
    ("/api/clauses?topic=%E9", "topic"),
])
def test_a_query_field_that_is_not_utf8_is_refused_naming_it(client, url, field):
    # « %FF » is no text: taking the three characters literally as the question would answer « %FF »
    assert_error(client.get(url), 400, field, "invalid_encoding")


def test_a_page_question_that_is_not_utf8_is_a_french_400(client):
    r = client.get("/?q=%FF")
    assert r.status_code == 400
    assert "UTF-8" in r.get_data(as_text=True)


def test_a_decomposed_accent_counts_once_towards_the_question_length(client):
    # 300 « é » typed as e + combining acute are 600 code points but 300 characters
    q = "e\u0301" * 300
    r = client.post("/api/ask", json={"q": q})
    assert r.status_code == 200
    assert r.get_json()["question"] == "é" * 300
    assert_error(client.post("/api/ask", json={"q": "e\u0301" * 501}), 400, "q", "too_long")


def test_gunicorn_answers_a_refused_request_line_under_api_in_json(served):
    # raw UTF-8 in the target, as curl sends « ?q=éèà »: gunicorn refuses the line; under /api/ the answer is JSON
    _, status, _, answer = raw_http(served["port"], "GET /api/ask?q=éèà HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert status == 400 and json.loads(answer)["error"]["code"]


@pytest.mark.parametrize("k", ["%D9%A5", "%20%205", "5.0"])
def test_a_number_parameter_is_written_with_ascii_digits(client, k):
    assert_error(client.get(f"/api/ask?q=casse&k={k}"), 400, "k", "invalid_field")


@pytest.mark.parametrize("url", ["/api/clauses/%ff", "/api/learners/%ff/history"])
def test_a_path_that_is_not_utf8_is_refused(client, url):
    assert_error(client.get(url), 400, "path", "invalid_encoding")


# ----------------------------------------------------------------------------- a new user's hostile session (session 5)
@pytest.fixture(scope="module")
def served_one_second(tmp_path_factory):
    """gunicorn with a request budget of one second."""
    server = _start_server(tmp_path_factory.mktemp("truncated"), ARBITRE_TIME_BUDGET="1")
    yield server
    _stop_server(server)


@pytest.mark.parametrize("path,mimetype,body", [
    ("/api/ask", "application/json", b'{"q": "cas'),
    ("/api/evaluate", "application/json", b'{"ruleset": '),
    ("/quiz", "application/x-www-form-urlencoded", b"count=3&to"),
], ids=["ask", "evaluate", "form"])
def test_a_body_shorter_than_its_content_length_is_a_408_naming_it(served_one_second, path, mimetype, body):
    request = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {mimetype}\r\n"
               f"Content-Length: {len(body) + 50}\r\n\r\n").encode() + body
    with socket.create_connection(("127.0.0.1", served_one_second["port"]), timeout=10) as sock:
        sock.sendall(request)  # and the rest never comes: the connection stays open
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, answer = data.partition(b"\r\n\r\n")
    assert head.split()[1] == b"408"
    text = answer.decode("utf-8")
    if path.startswith("/api/"):
        assert json.loads(text)["error"] == {"code": "incomplete_body", "field": "body",
                                             "message": "Requête incomplète : le corps annoncé (Content-Length) "
                                                        "n’est pas arrivé en entier dans le temps permis."}
    else:
        assert "corps annoncé (Content-Length) n’est pas arrivé" in text and "Traceback" not in text


@pytest.mark.parametrize("url,field,allowed", [
    ("/api/ask?q=casse&rulesest=9-bca", "rulesest", "paramètres permis : q, rulesets, k, context"),
    ("/api/clauses?toppic=casse", "toppic", "paramètres permis : rulesets, topic"),
    ("/api/topics?x=1", "x", "cette adresse ne prend aucun paramètre"),
    ("/healthz?verbose=1", "verbose", "cette adresse ne prend aucun paramètre"),
    ("/api/compare?rulesets=9-bca,9-ffb&formta=csv", "formta", "paramètres permis : rulesets, topic, format"),
])
def test_an_api_query_field_the_address_does_not_read_is_refused_naming_it(client, url, field, allowed):
    e = assert_error(client.get(url), 400, field, "unknown_field")
    assert e["message"].startswith(f"Paramètre inconnu « {field} »") and allowed in e["message"]


def test_a_misspelt_query_field_gets_a_suggestion_and_pages_tolerate_extra_fields(client):
    e = assert_error(client.get("/api/ask?q=casse&rulesest=9-bca"), 400, "rulesest", "unknown_field")
    assert "vouliez-vous dire « rulesets »" in e["message"]
    assert client.get("/api/ask?q=casse&rulesets=9-bca&k=3").status_code == 200
    assert client.get("/?q=casse&utm_source=lettre").status_code == 200
