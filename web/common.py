"""Helpers shared by every blueprint: the loaded services, JSON errors, request parsing.

Blueprints never load data themselves: they read the :class:`~qa.rulebook.Rulebook` and the
``Answerer`` built once by :func:`web.create_app` through :func:`get_rulebook` and
:func:`get_answerer`. A view that meets bad input raises :class:`ApiError`; the handlers in
``web/errors.py`` turn it into ``{"error": {"code", "message", "field"}}`` (JSON) or a French
error page (HTML).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from flask import current_app, request

from qa.rulebook import Rulebook, did_you_mean

EXTENSION_KEY = "arbitre"


# ----------------------------------------------------------------------------- services
@dataclass(frozen=True)
class Services:
    """What ``create_app`` builds once and every request reads: the ``rulebook`` and the
    ``answerer``."""

    rulebook: Rulebook
    answerer: Any

    @property
    def foul_labels(self) -> Mapping[str, str]:
        """{foul code: French label}, in rules_data/foul_codes.yaml order (the rulebook's)."""
        return self.rulebook.foul_labels


def services() -> Services:
    """The :class:`Services` of the current app."""
    return current_app.extensions[EXTENSION_KEY]


def get_rulebook() -> Rulebook:
    """The Rulebook loaded at start-up (read-only)."""
    return services().rulebook


def get_answerer():
    """The ``qa.answer.Answerer`` built at start-up."""
    return services().answerer


# ----------------------------------------------------------------------------- errors
class ApiError(Exception):
    """Bad input or a missing resource, answered with ``status`` and the contract's error body.

    ``code`` is a short machine code, ``message`` a French sentence that names the field,
    ``field`` the parameter or JSON field at fault (None when no field is involved), and
    ``extra`` more keys for the error object (e.g. ``clause`` for a 422).
    """

    def __init__(self, status: int, code: str, message: str, field: str | None = None, **extra: Any):
        super().__init__(message)
        self.status, self.code, self.message, self.field, self.extra = status, code, message, field, extra

    def body(self) -> dict:
        """``{"error": {"code", "message", "field", ...extra}}``."""
        return error_body(self.code, self.message, self.field, **self.extra)


def error_body(code: str, message: str, field: str | None = None, **extra: Any) -> dict:
    """The contract's error object: ``{"error": {"code", "message", "field", ...}}``."""
    return {"error": {"code": code, "message": message, "field": field, **extra}}


def bad_request(code: str, message: str, field: str | None = None, **extra: Any) -> ApiError:
    """An :class:`ApiError` with status 400 (raise it)."""
    return ApiError(400, code, message, field, **extra)


def wants_json() -> bool:
    """True when the answer to the current request should be JSON rather than HTML:
    the JSON API (``/api/...``, ``/healthz``) or a client that prefers JSON."""
    path = request.path or ""
    if path.startswith("/api/") or path == "/api" or path == "/healthz":
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


# ----------------------------------------------------------------------------- request parsing
def _reject_constant(name: str) -> Any:
    raise ValueError(f"valeur non permise en JSON : {name}")


# The problems the json module reports (English), in French; any other becomes a generic French text.
_JSON_PROBLEMS = (
    ("Expecting value", "une valeur est attendue"),
    ("Expecting property name enclosed in double quotes", "un nom de champ entre guillemets doubles est attendu"),
    ("Expecting ':' delimiter", "« : » est attendu"),
    ("Expecting ',' delimiter", "« , » est attendu"),
    ("Unterminated string starting at", "texte entre guillemets non terminé"),
    ("Invalid control character at", "caractère de contrôle non permis dans un texte"),
    ("Invalid \\uXXXX escape", "séquence \\uXXXX non valide"),
    ("Invalid \\escape", "séquence d’échappement non valide"),
    ("Extra data", "données en trop après la fin du JSON"),
    ("Illegal trailing comma before end of object", "virgule en trop avant « } »"),
    ("Illegal trailing comma before end of array", "virgule en trop avant « ] »"),
)


def json_problem(msg: str) -> str:
    """A French description of a :class:`json.JSONDecodeError` message."""
    for english, french in _JSON_PROBLEMS:
        if msg.startswith(english):
            return french
    return "syntaxe JSON non valide"


def json_body() -> dict:
    """The request's JSON object, or an :class:`ApiError`.

    415 when the body is not declared ``application/json``; 400 when it is empty, is not
    valid JSON (with the line and column) or is not an object.
    """
    if not request.is_json:
        got = request.mimetype or "aucun"
        raise ApiError(415, "unsupported_media_type",
                       f"Le corps de la requête doit être du JSON (Content-Type: application/json ; reçu : {got}).",
                       "body")
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise bad_request("empty_body", "Le corps de la requête est vide : un objet JSON est attendu.", "body")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise bad_request("invalid_json", "Le corps de la requête n’est pas du texte UTF-8.", "body") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise bad_request("invalid_json",
                          f"JSON illisible (ligne {exc.lineno}, colonne {exc.colno}) : {json_problem(exc.msg)}.",
                          "body") from None
    except RecursionError:
        raise bad_request("invalid_json", "JSON refusé : objets ou listes imbriqués trop profondément.", "body") from None
    except ValueError as exc:  # NaN, Infinity (French message of _reject_constant), huge integers
        message = str(exc) if str(exc).startswith("valeur non permise") else "nombre trop long"
        raise bad_request("invalid_json", f"JSON refusé : {message[:200]}.", "body") from None
    try:  # "\ud800" is valid JSON syntax but not text: nothing could store or echo it
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise bad_request("invalid_json", "JSON refusé : un texte contient un caractère Unicode invalide "
                                          "(demi-paire de substitution \\uD800–\\uDFFF isolée).", "body") from None
    if not isinstance(data, dict):
        raise bad_request("invalid_json", "Le corps de la requête doit être un objet JSON ({…}).", "body")
    return data


def reject_unknown_keys(data: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """Raise a 400 naming the first key of ``data`` not in ``allowed``."""
    allowed = list(allowed)
    for key in data:
        if key not in allowed:
            raise bad_request("unknown_field",
                              f"Champ inconnu « {str(key)[:80]} »{did_you_mean(str(key), allowed)} ; "
                              f"champs permis : {', '.join(allowed)}.", str(key)[:80])


def check_ruleset_ids(book: Rulebook, ids: Iterable[Any], field: str = "rulesets") -> list[str]:
    """Check ruleset ids against ``book``; return them without repeats, in the given order.

    Raises a 400 naming ``field`` for an id that is not a string or not a known ruleset
    (with a "vouliez-vous dire").
    """
    out: list[str] = []
    for rid in ids:
        if not isinstance(rid, str):
            raise bad_request("invalid_field",
                              f"Champ « {field} » : chaque identifiant de règlement doit être un texte.", field)
        if rid not in book.rulesets:
            raise bad_request("unknown_ruleset",
                              f"Champ « {field} » : règlement inconnu « {rid[:80]} »{did_you_mean(rid, book.rulesets)} ; "
                              f"règlements : {', '.join(book.rulesets)}.", field)
        if rid not in out:
            out.append(rid)
    return out


def list_param(args: Any, name: str = "rulesets") -> list[str]:
    """The values of a list parameter of a query string or form (a ``MultiDict``): repeated
    (``rulesets=A&rulesets=B``, as checkboxes send them) and/or comma-separated
    (``rulesets=A,B``, as links write them); stripped, empty parts dropped, without repeats,
    in the order given. Checking the values is left to the caller."""
    return list(dict.fromkeys(part.strip() for v in args.getlist(name) for part in v.split(",") if part.strip()))


def rulesets_from_query(book: Rulebook, name: str = "rulesets") -> list[str] | None:
    """Ruleset ids from the query string (see :func:`list_param`), checked against ``book``;
    None when absent or empty. Raises a 400 naming ``name`` for an unknown id."""
    return check_ruleset_ids(book, list_param(request.args, name), name) or None


def rulesets_from_json(book: Rulebook, value: Any, field: str = "rulesets", allow_empty: bool = True) -> list[str] | None:
    """Ruleset ids from a JSON value (a list of strings or null); None when null/absent."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise bad_request("invalid_field",
                          f"Champ « {field} » : une liste d’identifiants de règlements est attendue (ex. [\"9-ffb\"]).",
                          field)
    if not value and not allow_empty:
        raise bad_request("invalid_field", f"Champ « {field} » : la liste ne doit pas être vide.", field)
    return check_ruleset_ids(book, value, field) or None


def int_param(value: Any, field: str, default: int, low: int, high: int, strict: bool = False) -> int:
    """An integer parameter in ``[low, high]`` from a query string (text) or, with ``strict``,
    from JSON (an integer, not a string); ``default`` when absent or null. Raises a 400 naming ``field``."""
    if value is None or (value == "" and not strict):
        return default
    if isinstance(value, bool) or (strict and not isinstance(value, (int, float))) or \
            isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
        raise bad_request("invalid_field", f"Champ « {field} » : un nombre entier est attendu.", field)
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise bad_request("invalid_field", f"Champ « {field} » : un nombre entier est attendu.", field) from None
    if not low <= n <= high:
        raise bad_request("out_of_range", f"Champ « {field} » : un entier entre {low} et {high} est attendu.", field)
    return n


def question_param(value: Any, field: str = "q") -> str:
    """The question text: a non-empty string no longer than ``MAX_QUESTION_LENGTH``.
    Raises a 400 naming ``field``."""
    if value is None:
        raise bad_request("missing_field", f"Le paramètre « {field} » (la question) est obligatoire.", field)
    if not isinstance(value, str):
        raise bad_request("invalid_field", f"Champ « {field} » : la question doit être un texte.", field)
    q = value.strip()
    if not q:
        raise bad_request("empty_field", f"Le paramètre « {field} » (la question) est vide.", field)
    limit = current_app.config["MAX_QUESTION_LENGTH"]
    if len(q) > limit:
        raise bad_request("too_long", f"Le paramètre « {field} » est trop long : {len(q)} caractères, "
                                      f"au plus {limit}.", field)
    return q
