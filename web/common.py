"""Helpers shared by every blueprint: the loaded services, JSON errors, request parsing.

Blueprints never load data themselves: they read the :class:`~qa.rulebook.Rulebook` and the
``Answerer`` built once by :func:`web.create_app` through :func:`get_rulebook` and
:func:`get_answerer`. A view that meets bad input raises :class:`ApiError`; the handlers in
``web/errors.py`` turn it into ``{"error": {"code", "message", "field"}}`` (JSON) or a French
error page (HTML).
"""
from __future__ import annotations

import itertools
import json
import os
import re
import sys
import threading
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, TypeVar
from urllib.parse import unquote_to_bytes

from flask import Response, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from qa.quiz.tokens import HEADER as TOKEN_HEADER
from qa.rulebook import Rulebook, did_you_mean
from qa.text import has_control
from qa.yamlio import DuplicateKeyError, unique_pairs

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
    """The Rulebook of this request: the one loaded at start-up (read-only), plus the club's
    house-rules draft this browser is trying, if any (:mod:`web.drafts`: no restart needed)."""
    from .drafts import book_with_draft   # late import: drafts reads the session
    return book_with_draft(services().rulebook)


def base_rulebook() -> Rulebook:
    """The Rulebook loaded at start-up, without any draft (what a draft is checked against)."""
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


#: Objects and lists nested in a JSON body: at most this many levels (the body's own object
#: counts as one: ``{"a": [[]]}`` has 3); one more is a 400. README: « moins de 1 000 niveaux ».
MAX_JSON_DEPTH = 999
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_JSON_BRACKET = re.compile(r"[\[\]{}]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply objects and lists nest in the JSON ``text`` (0 for a scalar), counted on
    the text, without parsing it (brackets inside strings do not count)."""
    brackets = _JSON_BRACKET.findall(_JSON_STRING.sub("", text))
    return max(itertools.accumulate(_DEPTH_STEP[b] for b in brackets), default=0)


def _parse_depth_checked(text: str) -> Any:
    """``json.loads`` of a body nesting at most :data:`MAX_JSON_DEPTH` levels (400 beyond).

    The limit is exact, not Python's recursion limit: the json module recurses once per
    level, so the recursion limit is raised (once, process-wide) to leave the request's own
    frames room on top of :data:`MAX_JSON_DEPTH` levels."""
    if json_depth(text) > MAX_JSON_DEPTH:
        raise bad_request("invalid_json", f"JSON refusé : objets ou listes imbriqués trop profondément "
                                          f"(au plus {MAX_JSON_DEPTH} niveaux).", "body")
    if sys.getrecursionlimit() < 3 * MAX_JSON_DEPTH:
        sys.setrecursionlimit(3 * MAX_JSON_DEPTH)
    return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=unique_pairs)


def request_body() -> bytes:
    """The request's body, read once (cached): 413 beyond ``MAX_CONTENT_LENGTH``, also when
    the body is streamed (``Transfer-Encoding: chunked``, no ``Content-Length``), which
    werkzeug would otherwise cut silently at the limit."""
    raw = request.get_data(cache=True)
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(raw) >= limit:
        stream = request.environ.get("wsgi.input")
        if stream is not None and stream.read(1):  # a byte beyond the limit: too large
            raise RequestEntityTooLarge()
    return raw


#: The ``charset`` a JSON body may declare: UTF-8, or ASCII (a part of it).
JSON_CHARSETS = frozenset({"utf-8", "utf8", "us-ascii", "ascii"})


def json_body() -> dict:
    """The request's JSON object, or an :class:`ApiError`.

    415 when the body is not declared ``application/json``, or declared in a ``charset`` other
    than UTF-8 (field ``Content-Type``); 413 when it is too large
    (:func:`request_body`); 400 when it is empty, is not valid JSON (with the line and
    column), nests more than :data:`MAX_JSON_DEPTH` levels, gives a key twice in one object
    (naming it) or is not an object.
    """
    if not request.is_json:
        got = request.mimetype or "aucun"
        raise ApiError(415, "unsupported_media_type",
                       f"Le corps de la requête doit être du JSON (Content-Type: application/json ; reçu : {got}).",
                       "body")
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.strip().lower() not in JSON_CHARSETS:
        # JSON is UTF-8 (RFC 8259 § 8.1): a body declared in another encoding would be misread
        raise ApiError(415, "unsupported_media_type",
                       f"En-tête « Content-Type » : le JSON doit être en UTF-8 (charset=utf-8 ; reçu : "
                       f"charset={charset[:40]}).", "Content-Type")
    raw = request_body()
    if not raw.strip():
        raise bad_request("empty_body", "Le corps de la requête est vide : un objet JSON est attendu.", "body")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise bad_request("invalid_json", "Le corps de la requête n’est pas du texte UTF-8.", "body") from None
    try:
        data = _parse_depth_checked(text)
    except json.JSONDecodeError as exc:
        raise bad_request("invalid_json",
                          f"JSON illisible (ligne {exc.lineno}, colonne {exc.colno}) : {json_problem(exc.msg)}.",
                          "body") from None
    except DuplicateKeyError as exc:
        raise bad_request("invalid_json", f"JSON refusé : {exc.message}.", "body") from None
    except RecursionError:  # pragma: no cover - the depth is checked before parsing
        raise bad_request("invalid_json", f"JSON refusé : objets ou listes imbriqués trop profondément "
                                          f"(au plus {MAX_JSON_DEPTH} niveaux).", "body") from None
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
            permitted = f"champs permis : {', '.join(allowed)}" if allowed else "cette adresse ne lit aucun champ"
            raise bad_request("unknown_field",
                              f"Champ inconnu « {str(key)[:80]} »{did_you_mean(str(key), allowed)} ; {permitted}.",
                              str(key)[:80])


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


#: The query-string fields any page or API address may receive more than once: a list of
#: checkboxes (``rulesets=A&rulesets=B``). Every other field is single-valued unless its view
#: says otherwise with :func:`repeatable`.
REPEATABLE = frozenset({"rulesets"})


def repeatable(*names: str) -> Callable[[Any], Any]:
    """Mark a view whose query string or posted form may also repeat ``names`` (its form's
    checkbox lists, a hidden ``0`` sent before a ticked ``1``...); put it under the route decorator."""
    def mark(view: Any) -> Any:
        view.repeatable_fields = REPEATABLE | frozenset(names)
        return view
    return mark


_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def query_fields(*names: str) -> Callable[[Any], Any]:
    """Mark an API view with the query-string fields it reads; put it under the route decorator.
    An API address given any other field is refused (:func:`refuse_unknown_query_fields`), as a
    JSON body with an unknown key is."""
    def mark(view: Any) -> Any:
        view.query_fields = tuple(names)
        return view
    return mark


def refuse_unknown_query_fields() -> None:
    """Under ``/api/`` (and ``/healthz``), a query-string field the view does not read
    (:func:`query_fields`; none by default) is a 400 ``unknown_field`` naming it, with the
    fields allowed — rather than a misspelt ``rulesest=9-bca`` taken for « every ruleset ».
    Pages keep tolerating extra fields (links carry tracking parameters). Called before every
    request."""
    if not (request.path.startswith("/api/") or request.path == "/healthz") or not request.args:
        return
    view = current_app.view_functions.get(request.endpoint or "")
    if view is None or request.routing_exception is not None:
        return
    allowed: tuple[str, ...] = getattr(view, "query_fields", ())
    for key in request.args:
        if key not in allowed:
            name = key[:80]
            permitted = (f"paramètres permis : {', '.join(allowed)}" if allowed
                         else "cette adresse ne prend aucun paramètre")
            raise bad_request("unknown_field", f"Paramètre inconnu « {name} »{did_you_mean(name, allowed)} ; "
                                               f"{permitted}.", name)



def refuse_repeated_fields() -> None:
    """A single-valued field given twice — in the query string (``/?q=a&q=b``,
    ``/api/ask?k=5&k=6``) or in a page's posted form, its files included — is a 400 ``repeated_field`` naming it,
    rather than one of the values taken silently; the lists of the view (:data:`REPEATABLE`,
    :func:`repeatable`) may repeat. Requests that match no view (404, 405) and static files are
    left to their own answer. Called before every request."""
    view = current_app.view_functions.get(request.endpoint or "") if request.endpoint != "static" else None
    if view is None or request.routing_exception is not None:
        return
    allowed = getattr(view, "repeatable_fields", REPEATABLE)
    fields: list[Any] = [request.args]
    if request.method == "POST" and request.mimetype in _FORM_TYPES and not request.path.startswith("/api/"):
        fields += [request.form, request.files]     # a file field (« fichier ») is single-valued too
    for values in fields:
        for key in values:
            if key not in allowed and len(values.getlist(key)) > 1:
                name = key[:80]
                raise bad_request("repeated_field", f"Le paramètre « {name} » est donné plusieurs fois : "
                                                    "une seule valeur est attendue.", name)


def refuse_undecodable_query() -> None:
    """A query-string field whose percent-escapes are not UTF-8 text (``?q=%FF``) is a 400
    ``invalid_encoding`` naming it, rather than the escape taken literally as the question.
    Called before every request. A path that is not UTF-8 (``/api/clauses/%FF``) is a 400 too."""
    raw = request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or ""
    try:
        unquote_to_bytes(raw.split("?", 1)[0]).decode("utf-8")
    except UnicodeError:
        raise bad_request("invalid_encoding", "Le chemin de l’adresse n’est pas un texte UTF-8 valide : encodez-le "
                                              "en UTF-8.", "path") from None
    _refuse_undecodable_fields(request.query_string)
    if request.method == "POST" and request.mimetype == "application/x-www-form-urlencoded":
        # a form sent with « a=%FF »: werkzeug would keep the escape as the text (« %FF » as a player's name)
        _refuse_undecodable_fields(request.get_data(cache=True))     # (the form is then parsed from this copy)


def _refuse_undecodable_fields(encoded: bytes) -> None:
    for part in encoded.split(b"&"):
        key, _, value = part.partition(b"=")
        for raw in (key, value):
            try:
                unquote_to_bytes(raw.replace(b"+", b" ")).decode("utf-8")
            except UnicodeDecodeError:
                name = unquote_to_bytes(key).decode("utf-8", "replace")[:80]
                raise bad_request("invalid_encoding", f"Le paramètre « {name} » n’est pas un texte UTF-8 "
                                                      "valide : encodez-le en UTF-8.", name) from None


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
    from JSON (an integer: not a string, nor a number with a decimal point such as ``5.0``);
    ``default`` when absent or null. Raises a 400 naming ``field``."""
    if value is None or (value == "" and not strict):
        return default
    if isinstance(value, bool) or (strict and not isinstance(value, int)) or isinstance(value, float):
        raise bad_request("invalid_field", f"Champ « {field} » : un nombre entier est attendu.", field)
    if isinstance(value, str) and not re.fullmatch(r"-?[0-9]+", value):
        # (« ٥ », « +5 » or « 5 » with spaces would pass int(): the number is written with ASCII digits alone)
        raise bad_request("invalid_field", f"Champ « {field} » : un nombre entier est attendu (chiffres 0 à 9).", field)
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise bad_request("invalid_field", f"Champ « {field} » : un nombre entier est attendu.", field) from None
    if not low <= n <= high:
        raise bad_request("out_of_range", f"Champ « {field} » : un entier entre {low} et {high} est attendu.", field)
    return n


def store_target(app: Any) -> tuple[str | None, bool]:
    """The app's database (``DATABASE``, else the default under ``instance/``) and whether its
    folder may be created (only for the default)."""
    path = app.config.get("DATABASE") or None
    default = os.path.join(app.instance_path, "arbitre.db")
    return path, path is None or os.path.abspath(path) == os.path.abspath(default)


_SERVICE_LOCK = threading.Lock()
_S = TypeVar("_S")


def app_service(key: str, build: Callable[[Any, str | None, bool], _S]) -> _S:
    """The app's service under ``extensions[key]``, built once on first use (under a lock: two
    first requests build one) by ``build(app, database path, whether its folder may be created)``."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]  # the app, not its proxy
    svc = app.extensions.get(key)
    if svc is None:
        with _SERVICE_LOCK:
            svc = app.extensions.get(key)
            if svc is None:
                path, create_parent = store_target(app)
                svc = app.extensions[key] = build(app, path, create_parent)
    return svc


def question_param(value: Any, field: str = "q") -> str:
    """The question text: a non-empty string no longer than ``MAX_QUESTION_LENGTH``.
    Raises a 400 naming ``field``."""
    if value is None:
        raise bad_request("missing_field", f"Le paramètre « {field} » (la question) est obligatoire.", field)
    if not isinstance(value, str):
        raise bad_request("invalid_field", f"Champ « {field} » : la question doit être un texte.", field)
    q = unicodedata.normalize("NFC", value).strip()   # « é » typed as e + accent counts once
    if not q or all(unicodedata.category(ch) in ("Cf", "Zs", "Zl", "Zp") or ch.isspace() for ch in q):
        # (only invisible characters, « \u200b », « \u200f »: nothing is asked)
        raise bad_request("empty_field", f"Le paramètre « {field} » (la question) est vide.", field)
    if has_control(q):
        raise bad_request("invalid_field", f"Champ « {field} » : la question contient un caractère de contrôle.", field)
    limit = current_app.config["MAX_QUESTION_LENGTH"]
    if len(q) > limit:
        raise bad_request("too_long", f"Le paramètre « {field} » est trop long : {len(q)} caractères, "
                                      f"au plus {limit}.", field)
    return q


def created(body: Mapping[str, Any], location: str | None = None) -> Response:
    """A 201 JSON response, with ``Location`` when the body is a new resource at ``location``."""
    resp = jsonify(body)
    resp.status_code = 201
    if location is not None:
        resp.headers["Location"] = location
    return resp


def request_token() -> str | None:
    """The secret of the request's ``X-Arbitre-Token`` header (contract « Tokens »), or None."""
    return request.headers.get(TOKEN_HEADER) or None
