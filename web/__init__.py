"""The Flask app: ``create_app(test_config=None)`` (application factory, as in Flask's flaskr).

The Rulebook and the Answerer are built once here and kept in ``app.extensions["arbitre"]``
(read them with :func:`web.common.get_rulebook` / :func:`web.common.get_answerer`). Each area
is a blueprint in its own module listed in :data:`BLUEPRINTS`; a module there exposes ``bp``.

Configuration (``test_config`` overrides, then the environment, then the defaults):

- ``RULES_DATA``: the rules_data/ folder (``ARBITRE_DATA``);
- ``HOUSE_RULES``: a folder of club house rules (``ARBITRE_HOUSE_RULES``);
- ``DATABASE``: the quiz database, a SQLite file or a ``postgresql://`` URL (``ARBITRE_DB``; default ``instance/arbitre.db``);
- ``RULEBOOK`` / ``ANSWERER``: ready-made objects (tests share one rulebook this way);
- ``INSTANCE_PATH``: the instance folder (secret key, rate-limit counters, default database;
  ``ARBITRE_INSTANCE``), default ``instance/`` next to the code;
- ``SECRET_KEY``: ``ARBITRE_SECRET_KEY``, else a key generated once into the instance folder
  and shared by every worker and restart (:mod:`web.secret`);
- ``RATELIMIT`` (``ARBITRE_RATELIMIT``, ``600/minute``; ``off``), ``RATELIMIT_STORAGE_URI``
  (``ARBITRE_RATELIMIT_STORAGE``), ``TRUSTED_PROXIES`` (``ARBITRE_TRUSTED_PROXIES``): one rate
  limit per client over all routes, shared by the workers (:mod:`web.ratelimit`);
- ``REQUEST_TIME_BUDGET`` (``ARBITRE_TIME_BUDGET``, 5 s): a request running longer is
  answered 503 (:mod:`web.budget`);
- ``RATELIMIT_ENABLED``, ``WTF_CSRF_ENABLED``, ``MAX_CONTENT_LENGTH``, ``MAX_QUESTION_LENGTH``,
  ``MAX_URL_LENGTH`` and ``MAX_HEADER_BYTES`` (414 and 431 beyond; see ``web/server.py``),
  ``HTTPS`` (``ARBITRE_HTTPS``: force HTTPS and secure cookies; off for local use).

A bad value in the environment raises :class:`web.ratelimit.ConfigError` (French, naming the
variable).
"""
from __future__ import annotations

import gc
import importlib
import os
from typing import Any, Mapping, cast

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from flask_compress import Compress
from flask_talisman import Talisman
from flask_wtf.csrf import CSRFProtect

from qa.rulebook import DATA_DIR, load_rulebook

from .body import guard_request_body
from .common import EXTENSION_KEY, Services
from .budget import budget_from_env, register_time_budget
from .common import refuse_repeated_fields, refuse_undecodable_query, refuse_unknown_query_fields
from .errors import register_error_handlers
from .ratelimit import ConfigError, rate_from_env, setup_rate_limit
from .secret import instance_secret_key
from .server import register_french_redirects, register_request_limits

# Every blueprint of the app, in registration order: one module per area, each exposing `bp`.
# To add an area, write web/<area>.py with `bp = Blueprint(...)` and list it here (one line).
# A listed module that does not exist yet is skipped, so areas can land in any order.
BLUEPRINTS: tuple[str, ...] = (
    "web.pages",      # /, /regles, /themes
    "web.api",        # /healthz, /api/...
    "web.arbitrage",  # /arbitrage
    "web.compare",    # /comparer, /api/compare
    "web.quiz",       # /quiz, /api/quizzes
    "web.match",      # /partie, /api/matches
    "web.offline",    # /manifest.webmanifest, /sw.js, /hors-ligne
    "web.drafts",     # /regles-maison/essai, /regles-maison/ouvrir: a club's draft tried without a restart
)

# The navigation bar (path, label): pages of areas not registered yet are linked anyway.
NAV: tuple[tuple[str, str], ...] = (
    ("/", "Question"),
    ("/regles", "Règlements"),
    ("/themes", "Thèmes"),
    ("/arbitrage", "Arbitrage"),
    ("/comparer", "Comparer"),
    ("/quiz", "Quiz"),
    ("/partie", "Partie"),
)

# Content Security Policy: only this site, no CDN, no inline script or style.
CSP: dict[str, Any] = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

#: What is sent compressed (flask-compress), when the client accepts it.
COMPRESSED_TYPES = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
                    "application/manifest+json", "image/svg+xml", "text/markdown", "text/csv", "application/x-yaml"]

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 256 * 1024,
    "MAX_QUESTION_LENGTH": 500,
    "MAX_K": 20,
    "RATELIMIT_ENABLED": True,
    "HTTPS": False,
    "JSON_SORT_KEYS": False,
    "WTF_CSRF_TIME_LIMIT": None,
}


def _env_config() -> dict[str, Any]:
    """The settings read from the environment (``ARBITRE_*``), checked."""
    env: dict[str, Any] = {}
    for key, var in (("RULES_DATA", "ARBITRE_DATA"), ("HOUSE_RULES", "ARBITRE_HOUSE_RULES"),
                     ("DATABASE", "ARBITRE_DB"), ("SECRET_KEY", "ARBITRE_SECRET_KEY"),
                     ("RATELIMIT_STORAGE_URI", "ARBITRE_RATELIMIT_STORAGE"),
                     ("TRUSTED_PROXIES", "ARBITRE_TRUSTED_PROXIES")):
        if os.environ.get(var):
            env[key] = os.environ[var]
    env["RATELIMIT"] = rate_from_env(os.environ.get("ARBITRE_RATELIMIT"))
    if os.environ.get("ARBITRE_HTTPS"):
        env["HTTPS"] = _yes_no(os.environ["ARBITRE_HTTPS"], "ARBITRE_HTTPS")
    env["REQUEST_TIME_BUDGET"] = budget_from_env(os.environ.get("ARBITRE_TIME_BUDGET"))
    return env


def _yes_no(value: str, var: str) -> bool:
    """A yes/no environment value (1/0, oui/non, true/false, on/off)."""
    text = value.strip().lower()
    if text in ("1", "oui", "true", "on", "yes"):
        return True
    if text in ("0", "non", "false", "off", "no"):
        return False
    raise ConfigError(f"{var} : « {value} » n’est ni oui (1) ni non (0)")


def _configure(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Defaults, then the environment, then ``test_config``; then the secret key."""
    app.config.from_mapping(DEFAULTS)
    app.config["DATABASE"] = os.path.join(app.instance_path, "arbitre.db")
    app.config["RULES_DATA"] = str(DATA_DIR)
    app.config["HOUSE_RULES"] = None
    app.config.update(_env_config())
    if test_config:
        app.config.update(test_config)
    if "RATELIMIT_DEFAULT" in app.config:  # older name of RATELIMIT (Flask-Limiter would add it per route)
        app.config["RATELIMIT"] = app.config.pop("RATELIMIT_DEFAULT")
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)


def build_answerer(book):
    """The app's ``qa.answer.Answerer`` over ``book``: clause lookup, and a ruling by the
    engine when the question describes a shot (``qa.situation_answer.situation_handler``)."""
    from qa.answer import Answerer
    from qa.situation_answer import situation_handler
    answerer = Answerer(book, situations=situation_handler(book))
    answerer.matcher.warm()     # before the first question, not on it
    return answerer


def register_blueprints(app: Flask, modules: tuple[str, ...] = BLUEPRINTS) -> list[str]:
    """Import each module of ``modules`` and register its ``bp``; return the names registered."""
    done = []
    for name in modules:
        bp = importlib.import_module(name).bp
        app.register_blueprint(bp)
        done.append(bp.name)
    return done


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app: configuration, Rulebook and Answerer (once), security headers,
    CSRF for HTML forms, rate limits, error handlers and the blueprints of :data:`BLUEPRINTS`.

    Raises :class:`qa.rulebook.RulebookError` when rules_data/ (or the house rules) is invalid,
    :class:`web.ratelimit.ConfigError` for an unusable ``ARBITRE_*`` variable.
    """
    instance = (test_config or {}).get("INSTANCE_PATH") or os.environ.get("ARBITRE_INSTANCE") or None
    app = Flask(__name__, instance_relative_config=True,
                instance_path=os.path.abspath(instance) if instance else None)
    _configure(app, test_config)
    json_provider = cast(DefaultJSONProvider, app.json)   # Flask's default provider
    json_provider.sort_keys = False
    json_provider.ensure_ascii = False

    book = app.config.get("RULEBOOK") or load_rulebook(app.config["RULES_DATA"],
                                                       house_rules=app.config.get("HOUSE_RULES") or None)
    answerer = app.config.get("ANSWERER") or build_answerer(book)
    app.extensions[EXTENSION_KEY] = Services(book, answerer)
    # the rulebook and the indexes live as long as the app: keep them out of the collector's
    # full passes, which otherwise land inside requests (seen as latency spikes in bench/)
    gc.freeze()

    # first of the before_request functions: over-long URLs and headers are refused (414/431)
    register_request_limits(app)
    register_time_budget(app)
    register_french_redirects(app)
    # a malformed chunked body is a French 400 (413 for a chunk beyond the limit) wherever it is read
    app.wsgi_app = guard_request_body(app.wsgi_app)  # type: ignore[method-assign,assignment]

    https = bool(app.config["HTTPS"])
    Talisman(app, force_https=https, strict_transport_security=https, session_cookie_secure=https,
             content_security_policy=CSP, frame_options="DENY", referrer_policy="same-origin")

    # CSRF: every HTML form that changes something (POST, PUT, ...) carries {{ csrf_token() }};
    # the JSON API under /api/ is exempt (it only accepts application/json bodies, which a
    # cross-site form cannot send).
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    csrf = CSRFProtect(app)
    app.extensions["arbitre.csrf"] = csrf

    # percent-escapes that are not UTF-8 (« ?q=%FF », a form's « a=%FF ») are a 400 naming the field,
    # not literal text (first: it reads a form's body before anything parses it)
    app.before_request(refuse_undecodable_query)
    # a query-string field given twice (« q=a&q=b ») is refused like a JSON key given twice, on
    # pages and in the API; only the lists a view declares may repeat (web.common.repeatable)
    app.before_request(refuse_repeated_fields)
    # an API address refuses a query field its view does not read (web.common.query_fields)
    app.before_request(refuse_unknown_query_fields)

    @app.before_request
    def _csrf_for_forms():
        # a request that matches no route (404) or not with this method (405: DELETE /...)
        # gets that answer, not a CSRF error: there is no form to protect
        if (app.config.get("WTF_CSRF_ENABLED", True) and not request.path.startswith("/api/")
                and request.method not in ("GET", "HEAD", "OPTIONS", "TRACE")
                and request.routing_exception is None):
            csrf.protect()

    setup_rate_limit(app)
    # responses compressed (brotli, gzip) for clients that accept it: pages, JSON, CSS, scripts
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    Compress(app)

    register_error_handlers(app)
    app.config["BLUEPRINTS_REGISTERED"] = register_blueprints(app)

    @app.context_processor
    def _nav():
        return {"nav_links": NAV, "site_name": "l’Arbitre"}

    return app
