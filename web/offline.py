"""The app on a phone without signal: the web app manifest, the service worker and the page it
shows when a question needs the server (``/hors-ligne``).

The service worker (``/sw.js``, served from the root so that it covers every page) keeps:

- the app shell: the pages' CSS, scripts and icons, the question page, the lists of rulesets
  and topics, and this module's offline page;
- every ruleset's text (``/regles/<id>``, house rules included) and every topic page, fetched
  when it installs, so the texts stay readable in a basement hall;
- the last answers: each page or ``GET /api/…`` answer the user opened (the latest
  :data:`KEEP_ANSWERS`), shown again offline with a banner that says it comes from the device.

Its list of addresses and its version are written here from the loaded rulebook and the static
files, so a new ruleset or a changed file installs a new worker. Nothing is cached for a POST.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for

from .common import get_rulebook

bp = Blueprint("offline", __name__)

#: Pages and API answers kept for reading offline (the most recent ones).
KEEP_ANSWERS = 40
STATIC = Path(__file__).resolve().parent / "static"


@lru_cache(maxsize=4)
def _static_digest(root: str) -> str:
    h = hashlib.sha256()
    for path in sorted(Path(root).rglob("*")):
        if path.is_file():
            h.update(path.relative_to(root).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:12]


def shell_urls() -> list[str]:
    """Every address the service worker keeps when it installs (the shell and every text)."""
    book = get_rulebook()
    static = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file())
    return (["/", "/regles", "/themes", "/hors-ligne", "/manifest.webmanifest"]
            + [f"/regles/{rid}" for rid in book.rulesets] + [f"/themes/{t}" for t in book.topics]
            + [url_for("static", filename=name) for name in static])


def version() -> str:
    """Changes when a static file or the rulebook changes (a new worker then installs)."""
    book = get_rulebook()
    ids = hashlib.sha256(json.dumps([list(book.rulesets), len(book.clauses)]).encode()).hexdigest()[:8]
    return f"{_static_digest(str(STATIC))}-{ids}"


@bp.get("/sw.js")
def service_worker():
    """The service worker, at the root so that its scope is the whole site."""
    body = render_template("offline/sw.js", shell=shell_urls(), version=version(), keep=KEEP_ANSWERS)
    resp = Response(body, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["Service-Worker-Allowed"] = "/"
    return resp


@bp.get("/manifest.webmanifest")
def manifest():
    """The web app manifest: name, colours, icons; opens on the question page."""
    icons = [{"src": url_for("static", filename=f"icons/{name}"), "sizes": size, "type": "image/png", **extra}
             for name, size, extra in (("icon-192.png", "192x192", {}), ("icon-512.png", "512x512", {}),
                                       ("icon-maskable-512.png", "512x512", {"purpose": "maskable"}))]
    icons.append({"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    data = {
        "name": "l’Arbitre — règles du billard américain", "short_name": "l’Arbitre", "lang": "fr",
        "description": "Les règles du jeu de la 9 et du jeu de la 10, citées mot pour mot ; l’arbitrage d’un coup.",
        "start_url": "/", "scope": "/", "display": "standalone", "background_color": "#ffffff",
        "theme_color": "#0b5d3b", "icons": icons,
    }
    resp = current_app.response_class(json.dumps(data, ensure_ascii=False), mimetype="application/manifest+json")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/hors-ligne")
def offline_page():
    """What the service worker shows for a page it does not have while the server is out of reach."""
    book = get_rulebook()
    return render_template("offline/offline.html", rulesets=list(book.rulesets.values()), topics=book.topics)
