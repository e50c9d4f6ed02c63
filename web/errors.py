"""Error handlers: French JSON for the API, a French page for the HTML side, never a traceback.

Registered by :func:`web.create_app` through :func:`register_error_handlers`.
"""
from __future__ import annotations

from flask import Flask, current_app, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from qa.quiz.params import QuizError
from qa.quiz.store import StoreError

from .budget import TimeBudgetExceeded
from .common import ApiError, error_body, wants_json
from .ratelimit import retry_after

# status -> (code, French message)
MESSAGES: dict[int, tuple[str, str]] = {
    400: ("bad_request", "Requête invalide."),
    401: ("unauthorized", "Authentification requise."),
    403: ("forbidden", "Accès refusé."),
    404: ("not_found", "Page ou ressource introuvable."),
    405: ("method_not_allowed", "Méthode HTTP non permise pour cette adresse."),
    406: ("not_acceptable", "Format de réponse non disponible."),
    408: ("request_timeout", "La requête a pris trop de temps."),
    413: ("payload_too_large", "Requête trop volumineuse."),
    414: ("uri_too_long", "Adresse trop longue."),
    415: ("unsupported_media_type", "Type de contenu non pris en charge : envoyez du JSON (application/json)."),
    422: ("unprocessable", "Données impossibles à traiter."),
    429: ("rate_limited", "Trop de requêtes : réessayez dans un instant."),
    431: ("headers_too_large", "En-têtes de requête trop volumineux."),
    500: ("internal_error", "Erreur interne du serveur : la requête n’a pas pu aboutir."),
    501: ("not_implemented", "Méthode HTTP non prise en charge par le serveur."),
    503: ("unavailable", "Service momentanément indisponible : réessayez dans un instant."),
    505: ("http_version_not_supported", "Version du protocole HTTP non prise en charge."),
}

# flask-limiter's granularities (limits.RateLimitItem.GRANULARITY.name), in French.
_UNITS = {"second": ("seconde", "secondes"), "minute": ("minute", "minutes"), "hour": ("heure", "heures"),
          "day": ("jour", "jours"), "month": ("mois", "mois"), "year": ("an", "ans")}


def french_rate(item) -> str | None:
    """A rate limit (``limits.RateLimitItem``: amount per multiples × granularity) in French,
    e.g. « 600 requêtes par minute », « 10 requêtes par tranche de 5 secondes »."""
    try:
        amount, multiples, unit = int(item.amount), int(item.multiples), item.GRANULARITY.name
    except (AttributeError, TypeError, ValueError):
        return None
    one, many = _UNITS.get(unit, (unit, unit))
    per = f"par {one}" if multiples == 1 else f"par tranche de {multiples} {many}"
    return f"{amount} requête{'s' if amount > 1 else ''} {per}"
HANDLED = (400, 404, 405, 413, 415, 422, 429)


def _render(status: int, code: str, message: str, field: str | None = None, headers=None, **extra):
    """A JSON or HTML error response, as the request prefers."""
    if wants_json():
        resp = jsonify(error_body(code, message, field, **extra))
    else:
        resp = make_response(render_template("error.html", status=status, message=message, field=field))
    resp.status_code = status
    for name, value in (headers or {}).items():
        resp.headers[name] = value
    return resp


def _size_message(status: int) -> str | None:
    """The message of a 413/414/431, naming the limit in force."""
    config = current_app.config
    if status == 413 and config.get("MAX_CONTENT_LENGTH"):
        return f"Requête trop volumineuse : au plus {config['MAX_CONTENT_LENGTH'] // 1024} Ko."
    if status == 414:
        return f"Adresse trop longue : au plus {config.get('MAX_URL_LENGTH', 32768) // 1024} Ko."
    if status == 431:
        return f"En-têtes de requête trop volumineux : au plus {config.get('MAX_HEADER_BYTES', 32768) // 1024} Ko."
    return None


def _time_budget(exc: TimeBudgetExceeded):
    """A request aborted by its time budget (:mod:`web.budget`): 503, in French."""
    budget = current_app.config.get("REQUEST_TIME_BUDGET") or 0
    current_app.logger.warning("Requête interrompue après %g s : %s", budget, request.path)
    return _render(503, "time_budget_exceeded", f"La requête a dépassé le temps permis ({budget:g} s) et a été "
                   "interrompue : réessayez dans un instant.", None, {"Retry-After": "5"})


def _http_error(exc: HTTPException):
    status = exc.code or 500
    code, message = MESSAGES.get(status, ("http_error", "Erreur de la requête."))
    message = getattr(exc, "french_message", None) or _size_message(status) or message
    code = getattr(exc, "french_code", None) or code     # set by the servers' refusals (web/server.py)
    valid_methods = getattr(exc, "valid_methods", None)    # a MethodNotAllowed's
    if status == 405 and valid_methods:
        shown = sorted(m for m in valid_methods if m not in ("HEAD", "OPTIONS"))
        message += f" Méthodes permises : {', '.join(shown)}."
    headers: dict[str, str] = {}
    if status == 429:
        message, headers = _rate_limited(exc)
    headers.update({k: v for k, v in _error_headers(exc).items() if k not in headers})
    return _render(status, code, message, getattr(exc, "french_field", None), headers)


def _error_headers(exc: HTTPException) -> dict[str, str]:
    """The headers an HTTP error carries: ``Allow`` (405: the methods, in the same order on
    every request) and ``Retry-After``."""
    headers: dict[str, str] = {}
    try:
        for name in ("Allow", "Retry-After"):
            value = exc.get_response().headers.get(name)
            if value and name not in headers:
                headers[name] = value
    except Exception:  # pragma: no cover - a response-less exception
        pass
    valid_methods = getattr(exc, "valid_methods", None)
    if exc.code == 405 and valid_methods:
        headers["Allow"] = ", ".join(sorted(valid_methods))
    return headers


def _rate_limited(exc: HTTPException) -> tuple[str, dict[str, str]]:
    """The French message of a 429 (naming the limit) and its ``Retry-After`` header: sent on
    429 answers only (Flask-Limiter's own headers are off, they put it on every answer)."""
    # flask-limiter's RateLimitExceeded carries the limit hit (its description is English)
    rate = french_rate(getattr(getattr(exc, "limit", None), "limit", None))
    message = MESSAGES[429][1]
    if rate:
        message = f"Trop de requêtes (limite : {rate}) : réessayez dans un instant."
    wait = retry_after(current_app)
    return message, ({"Retry-After": str(wait)} if wait else {})


def _csrf_error(exc: CSRFError):
    return _render(400, "csrf", "Le formulaire a expiré ou ne vient pas de ce site : rechargez la page et recommencez.",
                   "csrf_token")


def _api_error(exc: ApiError):
    return _render(exc.status, exc.code, exc.message, exc.field, **exc.extra)


def _quiz_error(exc: QuizError):
    """An error of the quiz workflow (unknown quiz, bad field, time over...): its own status,
    code, French message and field."""
    return _render(exc.status, exc.code, exc.message, exc.field)


def _store_error(exc: StoreError):
    """The quiz database cannot be used (not SQLite, read-only, locked, disk full...): a 503
    in French, logged for the administrator, never a traceback for the user."""
    current_app.logger.error("Base des quiz : %s", exc.message)
    return _render(503, "database_unavailable", f"La base des quiz est indisponible ({exc.reason}). "
                   "Réessayez plus tard ou prévenez l’administrateur du site.", None, {"Retry-After": "60"})


def _internal_error(exc: Exception):
    current_app.logger.exception("Erreur interne")
    code, message = MESSAGES[500]
    return _render(500, code, message)


def register_error_handlers(app: Flask) -> None:
    """Install the handlers: :class:`ApiError`, :class:`~qa.quiz.params.QuizError` (its own
    status), :class:`~qa.quiz.store.StoreError` (503), CSRF, every HTTP error (400/404/405/413/
    415/422/429 explicitly, the others through ``HTTPException``) and a generic 500."""
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(QuizError, _quiz_error)
    app.register_error_handler(StoreError, _store_error)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(TimeBudgetExceeded, _time_budget)
    for status in HANDLED:
        app.register_error_handler(status, _http_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(500, _internal_error)
    app.register_error_handler(Exception, _internal_error)
