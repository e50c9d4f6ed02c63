"""Serving for real: one secret key, one shared rate limit, the time budget, French redirects,
and gunicorn itself (started on a free loopback port, stopped at the end)."""
from __future__ import annotations

import json
import multiprocessing
import os
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------- one secret key
def test_two_apps_on_one_instance_folder_share_one_secret_key(make_app, tmp_path, monkeypatch):
    monkeypatch.delenv("ARBITRE_SECRET_KEY", raising=False)
    folder = tmp_path / "inst"
    first = make_app(SECRET_KEY=None, INSTANCE_PATH=str(folder))
    second = make_app(SECRET_KEY=None, INSTANCE_PATH=str(folder))
    key = first.config["SECRET_KEY"]
    assert key and len(key) >= 32 and key == second.config["SECRET_KEY"]
    path = folder / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().strip() == key
    other = make_app(SECRET_KEY=None, INSTANCE_PATH=str(tmp_path / "ailleurs"))
    assert other.config["SECRET_KEY"] != key


def test_the_environment_key_wins(rulebook, answerer, tmp_path, monkeypatch):
    from web import create_app
    monkeypatch.setenv("ARBITRE_SECRET_KEY", "cle-de-production")
    app = create_app({"RULEBOOK": rulebook, "ANSWERER": answerer, "INSTANCE_PATH": str(tmp_path / "inst"),
                      "DATABASE": str(tmp_path / "q.db")})
    assert app.config["SECRET_KEY"] == "cle-de-production"
    assert not (tmp_path / "inst" / "secret_key").exists()


def _read_key(folder: str, queue) -> None:
    from web.secret import instance_secret_key
    queue.put(instance_secret_key(folder))


def test_workers_starting_together_agree_on_the_key(tmp_path):
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_read_key, args=(str(tmp_path / "inst"), queue)) for _ in range(6)]
    for p in procs:
        p.start()
    keys = {queue.get(timeout=30) for _ in procs}
    for p in procs:
        p.join(timeout=30)
    assert len(keys) == 1
    assert [f.name for f in (tmp_path / "inst").iterdir()] == ["secret_key"]  # no temporary file left


def _form_served_by(client) -> tuple[str, str]:
    """(csrf token, session cookie) of the quiz form served by ``client``."""
    import re
    html = client.get("/quiz").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    return token, client.get_cookie("session").value


def test_a_form_served_by_one_worker_is_accepted_by_another(make_app, tmp_path, monkeypatch):
    monkeypatch.delenv("ARBITRE_SECRET_KEY", raising=False)
    folder = str(tmp_path / "inst")
    one, two = (make_app(SECRET_KEY=None, INSTANCE_PATH=folder, WTF_CSRF_ENABLED=True) for _ in range(2))
    token, cookie = _form_served_by(one.test_client())
    other = two.test_client()
    other.set_cookie("session", cookie)
    r = other.post("/quiz", data={"csrf_token": token, "count": "2", "mode": "practice"})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    # a worker with another key (the old per-process random key) refuses it
    stranger = make_app(SECRET_KEY=None, INSTANCE_PATH=str(tmp_path / "autre"), WTF_CSRF_ENABLED=True).test_client()
    stranger.set_cookie("session", cookie)
    r = stranger.post("/quiz", data={"csrf_token": token, "count": "2", "mode": "practice"})
    assert r.status_code == 400 and "formulaire a expiré" in r.get_data(as_text=True)


# ----------------------------------------------------------------------------- one rate limit
def limited(make_app, folder, rate="3/minute", **extra):
    return make_app(RATELIMIT_ENABLED=True, RATELIMIT=rate, INSTANCE_PATH=str(folder), **extra)


def test_every_route_counts_against_one_limit(make_app, tmp_path):
    client = limited(make_app, tmp_path / "inst").test_client()
    assert [client.get(p).status_code for p in ("/api/topics", "/regles", "/api/rulesets")] == [200, 200, 200]
    r = client.get("/themes")
    assert r.status_code == 429 and "Trop de requêtes" in r.get_data(as_text=True)
    r = client.post("/api/evaluate", json={})
    assert r.status_code == 429 and r.get_json()["error"]["code"] == "rate_limited"


def test_the_count_is_shared_by_the_workers(make_app, tmp_path):
    worker_a = limited(make_app, tmp_path / "inst").test_client()
    worker_b = limited(make_app, tmp_path / "inst").test_client()
    assert worker_a.get("/api/topics").status_code == 200
    assert worker_b.get("/api/topics").status_code == 200
    assert worker_a.get("/regles").status_code == 200
    assert worker_b.get("/api/topics").status_code == 429
    elsewhere = limited(make_app, tmp_path / "autre").test_client()  # another machine
    assert elsewhere.get("/api/topics").status_code == 200


def test_healthz_is_never_limited(make_app, tmp_path):
    client = limited(make_app, tmp_path / "inst", rate="2/minute").test_client()
    assert [client.get("/healthz").status_code for _ in range(10)] == [200] * 10
    assert client.get("/api/topics").status_code == 200  # /healthz counted nothing
    assert client.get("/api/topics").status_code == 200
    assert client.get("/api/topics").status_code == 429
    assert client.get("/healthz").status_code == 200


def test_retry_after_only_on_429(make_app, tmp_path):
    client = limited(make_app, tmp_path / "inst", rate="1/minute").test_client()
    ok = client.get("/api/topics")
    assert ok.status_code == 200 and "Retry-After" not in ok.headers
    assert not [h for h in ok.headers.keys() if h.lower().startswith("x-ratelimit")]
    refused = client.get("/api/topics")
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60


def test_the_limit_can_be_turned_off(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITRE_RATELIMIT", "off")
    client = make_app(RATELIMIT_ENABLED=True, INSTANCE_PATH=str(tmp_path / "inst")).test_client()
    assert {client.get("/api/topics").status_code for _ in range(5)} == {200}
    monkeypatch.setenv("ARBITRE_RATELIMIT", "2/minute")
    client = make_app(RATELIMIT_ENABLED=True, INSTANCE_PATH=str(tmp_path / "inst2")).test_client()
    assert [client.get("/api/topics").status_code for _ in range(3)] == [200, 200, 429]


def test_a_bad_limit_is_a_french_error_naming_the_variable(make_app, tmp_path, monkeypatch):
    from web.ratelimit import ConfigError
    monkeypatch.setenv("ARBITRE_RATELIMIT", "beaucoup")
    with pytest.raises(ConfigError, match="ARBITRE_RATELIMIT"):
        make_app(INSTANCE_PATH=str(tmp_path / "inst"))
    monkeypatch.delenv("ARBITRE_RATELIMIT")
    monkeypatch.setenv("ARBITRE_TRUSTED_PROXIES", "tous")
    with pytest.raises(ConfigError, match="ARBITRE_TRUSTED_PROXIES"):
        make_app(INSTANCE_PATH=str(tmp_path / "inst"))


def test_forwarded_for_is_used_only_behind_trusted_proxies(make_app, tmp_path):
    direct = limited(make_app, tmp_path / "a", rate="1/minute").test_client()
    assert direct.get("/api/topics", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 200
    # without trusted proxies, a forged X-Forwarded-For does not escape the limit
    assert direct.get("/api/topics", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 429

    proxied_app = limited(make_app, tmp_path / "b", rate="1/minute", TRUSTED_PROXIES="1")
    proxied = proxied_app.test_client()
    assert proxied.get("/api/topics", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 200
    assert proxied.get("/api/topics", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 200
    assert proxied.get("/api/topics", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429


def _hammer(uri: str, n: int, queue) -> None:
    from web.ratelimit import SQLiteStorage
    storage = SQLiteStorage(uri)
    queue.put([storage.incr("cle", 60) for _ in range(n)])


def test_sqlite_storage_loses_no_hit_under_concurrency(tmp_path):
    uri = f"sqlite:///{tmp_path / 'limits.db'}"
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_hammer, args=(uri, 200, queue)) for _ in range(4)]
    for p in procs:
        p.start()
    counts = [c for _ in procs for c in queue.get(timeout=60)]
    for p in procs:
        p.join(timeout=30)
    assert sorted(counts) == list(range(1, 801))  # every hit got its own number
    import web.ratelimit  # noqa: F401  (registers the sqlite:// scheme)
    from limits.storage import storage_from_string
    storage = storage_from_string(uri)
    assert storage.get("cle") == 800 and storage.get_expiry("cle") > time.time()
    storage.clear("cle")
    assert storage.get("cle") == 0


def test_sqlite_storage_starts_a_new_window_when_the_old_one_is_over(tmp_path):
    from web.ratelimit import SQLiteStorage
    storage = SQLiteStorage(f"sqlite:///{tmp_path / 'limits.db'}")
    assert storage.incr("k", 1) == 1 and storage.incr("k", 1) == 2
    time.sleep(1.1)
    assert storage.get("k") == 0 and storage.incr("k", 1) == 1
    assert storage.check() and storage.reset() == 1


# ----------------------------------------------------------------------------- time budget
@pytest.fixture
def slow_app(make_app):
    app = make_app(REQUEST_TIME_BUDGET=0.3)

    def slow():
        time.sleep(10)
        return "fini"

    app.add_url_rule("/api/test-lent", "slow_api", slow)
    app.add_url_rule("/test-lent", "slow_page", slow)
    return app


def test_a_request_over_its_budget_is_a_french_503(slow_app):
    client = slow_app.test_client()
    t0 = time.monotonic()
    r = client.get("/api/test-lent")
    assert time.monotonic() - t0 < 5  # aborted, not held for 10 s
    assert r.status_code == 503 and r.headers["Retry-After"]
    err = r.get_json()["error"]
    assert err["code"] == "time_budget_exceeded" and "temps permis (0.3 s)" in err["message"]
    page = client.get("/test-lent", headers={"Accept": "text/html"})
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert "temps permis" in page.get_data(as_text=True) and "Traceback" not in page.get_data(as_text=True)


def test_the_budget_is_disarmed_after_each_request(slow_app):
    import signal
    client = slow_app.test_client()
    assert client.get("/api/topics").status_code == 200
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)
    time.sleep(0.4)  # no alarm left to go off after the request


def test_the_budget_is_skipped_outside_the_main_thread(make_app):
    app = make_app(REQUEST_TIME_BUDGET=0.1)
    app.add_url_rule("/api/test-un-peu-lent", "a_bit_slow", lambda: (time.sleep(0.3), "fini")[1])
    out = {}
    thread = threading.Thread(target=lambda: out.update(r=app.test_client().get("/api/test-un-peu-lent")))
    thread.start()
    thread.join(timeout=10)
    assert out["r"].status_code == 200 and out["r"].get_data(as_text=True) == "fini"


def test_budget_from_the_environment():
    from web.budget import budget_from_env
    from web.ratelimit import ConfigError
    assert budget_from_env(None) == 5.0 and budget_from_env("2,5") == 2.5 and budget_from_env("10s") == 10
    assert budget_from_env("off") == 0
    with pytest.raises(ConfigError, match="ARBITRE_TIME_BUDGET"):
        budget_from_env("longtemps")


# ----------------------------------------------------------------------------- French redirects, Server
def test_redirect_bodies_are_french(app):
    from flask import redirect
    app.add_url_rule("/test-redirection", "redir", lambda: redirect("/regles?a=1&b=2", 303))
    app.add_url_rule("/test-dossier/", "folder", lambda: "dossier")
    client = app.test_client()
    for path, status in (("/test-redirection", 303), ("/test-dossier", 308)):
        r = client.get(path)
        body = r.get_data(as_text=True)
        assert r.status_code == status and r.headers["Location"], path
        assert "Redirecting" not in body and "You should be redirected" not in body
        assert 'lang="fr"' in body and "Redirection" in body
    assert "/regles?a=1&amp;b=2" in client.get("/test-redirection").get_data(as_text=True)


def test_dev_server_header_has_no_version():
    from web.server import FrenchRequestHandler
    assert FrenchRequestHandler.version_string(None) == "Arbitre"


# ----------------------------------------------------------------------------- gunicorn, for real
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def _start_server(tmp: Path, **extra_env: str) -> dict:
    """``python app.py serve`` (gunicorn) on a free port of 127.0.0.1, once it answers."""
    port = _free_port()
    env = dict(os.environ, ARBITRE_DB=str(tmp / "quiz.db"), ARBITRE_INSTANCE=str(tmp / "instance"),
               ARBITRE_WORKERS="2", ARBITRE_RATELIMIT="off", **extra_env)
    env.pop("PORT", None)
    proc = subprocess.Popen([sys.executable, "app.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            return {"base": base, "port": port, "env": env, "proc": proc}
        except OSError:
            if time.time() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail("le serveur n’a pas démarré : " + (proc.communicate()[1] or ""))
            time.sleep(0.2)


def _stop_server(server: dict) -> None:
    proc = server["proc"]
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def gunicorn_server(tmp_path_factory):
    """gunicorn with two workers, the rate limit off; stopped at the end of the module."""
    server = _start_server(tmp_path_factory.mktemp("gunicorn"))
    yield server
    _stop_server(server)


def test_gunicorn_workers_keep_to_the_time_budget(tmp_path):
    server = _start_server(tmp_path, ARBITRE_TIME_BUDGET="0.001")
    try:
        status, headers, body = _get(server["base"] + "/api/ask?q=la+blanche+tombe+apr%C3%A8s+la+casse")
        assert status == 503 and headers.get("Retry-After")
        assert json.loads(body)["error"]["code"] == "time_budget_exceeded"
        assert server["proc"].poll() is None  # the workers live on
    finally:
        _stop_server(server)


def test_gunicorn_serves_with_several_workers_and_no_version(gunicorn_server):
    status, headers, body = _get(gunicorn_server["base"] + "/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"
    server = headers.get("Server", "")
    assert server and not any(ch.isdigit() for ch in server) and "Werkzeug" not in server
    deadline = time.time() + 20
    while True:  # the second worker may still be starting
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(gunicorn_server["proc"].pid)],
                             capture_output=True, text=True).stdout.split()
        if len(out) >= 2 or time.time() > deadline:
            break
        time.sleep(0.2)
    assert len(out) == 2  # two workers under the master


def test_gunicorn_takes_long_links_and_refuses_longer_ones_in_french(gunicorn_server):
    base = gunicorn_server["base"]
    scenario = json.dumps({"ruleset": "9-ffb", "state": {"on_table": [1, 2, 9]},
                           "shot": {"first_contact": 1, "pocketed": [9]}, "note": "x" * 20000})
    status, _, body = _get(base + "/arbitrage?scenario=" + urllib.request.quote(scenario))
    assert status not in (414, 431) and status < 500
    status, _, body = _get(base + "/api/ask?q=" + "a" * 40_000)
    assert status == 414 and json.loads(body)["error"]["code"] == "uri_too_long"
    status, _, body = _get(base + "/api/ask?q=" + "a" * 70_000)
    assert status == 414 and "Adresse trop longue" in body.decode("utf-8")
    status, _, body = _get(base + "/api/topics", {"X-Grand": "a" * 20_000})
    assert status == 200
    status, _, body = _get(base + "/api/topics", {"X-Grand": "a" * 40_000})
    assert status == 431 and "En-têtes" in body.decode("utf-8")
    status, _, body = _get(base + "/api/topics", {"X-Grand": "a" * 70_000})
    assert status == 431 and "En-têtes" in body.decode("utf-8") and "Bad Request" not in body.decode("utf-8")


def test_a_second_instance_on_the_same_port_says_so_in_french(gunicorn_server):
    proc = subprocess.run([sys.executable, "app.py", "serve", "--port", str(gunicorn_server["port"])],
                          cwd=ROOT, env=gunicorn_server["env"], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    err = proc.stderr.strip()
    assert f"Adresse déjà utilisée : 127.0.0.1:{gunicorn_server['port']}" in err
    assert "Address already in use" not in err and "Connection in use" not in err and len(err.splitlines()) == 1


def test_gunicorn_options():
    from web import production
    from web.server import MAX_HEADER_BYTES, MAX_URL_LENGTH

    class App:
        config = {"REQUEST_TIME_BUDGET": 5.0}
    opts = production.gunicorn_options(App(), 7, 3)
    assert opts["workers"] == 3 and opts["preload_app"] and opts["bind"] == ["fd://7"]
    assert opts["limit_request_line"] >= MAX_URL_LENGTH and opts["limit_request_field_size"] >= MAX_HEADER_BYTES
    assert 5 < opts["timeout"] <= 30
    assert production.worker_timeout(0) == 30


def test_ratelimit_off_in_the_config_disables_it(make_app, tmp_path):
    client = make_app(RATELIMIT_ENABLED=True, RATELIMIT="off", INSTANCE_PATH=str(tmp_path / "inst")).test_client()
    assert {client.get("/api/topics").status_code for _ in range(3)} == {200}


def test_https_from_the_environment(rulebook, answerer, tmp_path, monkeypatch):
    from web import create_app
    from web.ratelimit import ConfigError
    base = {"RULEBOOK": rulebook, "ANSWERER": answerer, "INSTANCE_PATH": str(tmp_path / "i"),
            "DATABASE": str(tmp_path / "q.db"), "RATELIMIT_ENABLED": False}
    monkeypatch.setenv("ARBITRE_HTTPS", "1")
    app = create_app(base)
    r = app.test_client().get("/regles")
    assert r.status_code in (301, 302) and r.headers["Location"].startswith("https://")
    assert app.config["HTTPS"] is True and app.config["SESSION_COOKIE_SECURE"] is True  # set by Talisman
    behind = create_app(dict(base, TRUSTED_PROXIES="1"))
    r = behind.test_client().get("/regles", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "1.2.3.4"})
    assert r.status_code == 200 and "Strict-Transport-Security" in r.headers
    monkeypatch.setenv("ARBITRE_HTTPS", "peut-être")
    with pytest.raises(ConfigError, match="ARBITRE_HTTPS"):
        create_app(base)


def test_an_unusable_limit_storage_is_a_french_error(make_app, tmp_path):
    from web.ratelimit import ConfigError
    for uri in ("inconnu://hote", "sqlite://"):
        with pytest.raises(ConfigError, match="ARBITRE_RATELIMIT_STORAGE"):
            make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI=uri, INSTANCE_PATH=str(tmp_path / "i"))


def test_a_failing_limit_storage_never_makes_a_500(make_app, tmp_path, monkeypatch):
    from web.ratelimit import SQLiteStorage
    import sqlite3

    def broken(self, *a, **kw):
        raise sqlite3.OperationalError("database is locked")

    client = limited(make_app, tmp_path / "inst", rate="1/minute").test_client()
    monkeypatch.setattr(SQLiteStorage, "incr", broken)
    assert [client.get("/api/topics").status_code for _ in range(3)] == [200, 200, 200]
