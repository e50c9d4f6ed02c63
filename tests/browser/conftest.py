"""Browser fixtures: the real app served on a free localhost port in a thread, and headless
Debian Chromium driven by Playwright. Tests here are marked ``browser``."""
from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_server(rulebook, answerer, tmp_path_factory):
    """Base URL of the app served by werkzeug in a background thread (real rulebook and answerer)."""
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
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    """A fresh desktop-size page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    p = context.new_page()
    p.set_default_timeout(15_000)
    try:
        yield p
    finally:
        context.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-size page (360 × 740, touch)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="fr-FR")
    p = context.new_page()
    p.set_default_timeout(15_000)
    try:
        yield p
    finally:
        context.close()
