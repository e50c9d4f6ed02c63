"""Browser fixtures shared by every test here (all marked ``browser``): the real app served on
a free localhost port in a thread, headless Debian Chromium driven by Playwright (never a
downloaded browser), and watched pages at desktop and phone sizes (helpers in
browser_support.py)."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from browser_support import watch

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - depends on the machine
    sync_api = None
#: Why the browser tests cannot run here (None when they can).
UNAVAILABLE = ("Playwright is not installed" if sync_api is None
               else None if Path(CHROMIUM).exists() else f"Chromium not installed at {CHROMIUM}")


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            if UNAVAILABLE:
                item.add_marker(pytest.mark.skip(reason=UNAVAILABLE))


@pytest.fixture(scope="session")
def live_server(rulebook, answerer, tmp_path_factory):
    """Base URL of the real app (CSP, CSRF, error handlers...) served by werkzeug in a
    background thread, with the session's rulebook and answerer and a temporary database."""
    from web import create_app
    app = create_app({"SECRET_KEY": "browser-tests", "RULEBOOK": rulebook, "ANSWERER": answerer,
                      "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("db") / "arbitre.db")})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="arbitre-live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (Debian's /usr/bin/chromium) through Playwright's sync API."""
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page_for(browser, live_server):
    """``page_for(width=1280, height=900, js=True, **context options)`` → a fresh watched page
    (see :func:`watch`) in its own context, with ``page.base`` the live server's URL."""
    contexts = []

    def make(width=1280, height=900, js=True, **options):
        ctx = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=js,
                                  locale="fr-FR", **options)
        contexts.append(ctx)
        p = watch(ctx.new_page())
        p.set_default_timeout(15_000)
        p.base = live_server
        return p

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def page(page_for):
    """A fresh desktop-size page (1280 × 900)."""
    return page_for()


@pytest.fixture
def phone(page_for):
    """A fresh phone-size page (360 × 740, touch)."""
    return page_for(360, 740, device_scale_factor=2, is_mobile=True, has_touch=True)
