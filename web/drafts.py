"""House rules without a restart: a club's draft tried in this browser's session.

A draft is the text of a house-rule file, either written by ``/regles-maison/nouveau`` or an
existing file uploaded (``/regles-maison/ouvrir``). It is checked against the rulebook already
loaded (:func:`qa.house_rules.with_house_file`, the same loader as at start-up) and kept in the
signed session cookie of this browser only; while it is there, every page of this browser sees
one more ruleset (``/arbitrage`` rules the shot under it, ``/comparer`` compares it), marked as
a trial by a banner (``_draft_banner.html``). Publishing a club's file for everyone still goes
through the server's folder (``--house-rules``).

POST routes (CSRF token required): ``/regles-maison/essai`` (try the form's draft or an
uploaded text), ``/regles-maison/essai/retirer`` (stop trying), ``/regles-maison/ouvrir``
(upload a file: open it in the form, or try it as it is).
"""
from __future__ import annotations

import hashlib
import threading
import zlib
from collections import OrderedDict
from urllib.parse import urlencode

from flask import Blueprint, current_app, has_request_context, redirect, render_template, request, session

from qa.house_rules import form_values_of, house_yaml, with_house_file
from qa.rulebook import DATA_DIR, Rulebook, RulebookError

bp = Blueprint("drafts", __name__)

SESSION_KEY = "house_draft"
#: The longest draft kept, compressed (a browser drops a cookie beyond about 4 KB).
MAX_COMPRESSED = 2800
#: The longest file accepted for upload.
MAX_UPLOAD = 64 * 1024
_CACHE_SIZE = 16
_cache: OrderedDict[tuple[int, str], tuple[Rulebook, list[str]]] = OrderedDict()
_lock = threading.Lock()


class DraftError(ValueError):
    """A draft that cannot be tried: French ``message`` and the ``problems`` (file:line: message)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.message, self.problems = message, problems or []


def _root() -> str:
    return current_app.config.get("RULES_DATA") or str(DATA_DIR)


def build(base: Rulebook, text: str) -> tuple[Rulebook, list[str]]:
    """``base`` plus the draft ``text`` (cached per text); raises :class:`DraftError`."""
    key = (id(base), text)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    try:
        built = with_house_file(base, text, "brouillon.yaml", _root())
    except RulebookError as exc:
        raise DraftError("Ces règles maison ne se chargent pas.", [str(p) for p in exc.problems]) from None
    if not built[1]:
        raise DraftError("Ce fichier ne décrit aucun règlement maison.")
    with _lock:
        _cache[key] = built
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return built


def current_text() -> str | None:
    """The draft this browser is trying (None outside a request or without one)."""
    if not has_request_context():
        return None
    text = session.get(SESSION_KEY)
    return text if isinstance(text, str) and text else None


def book_with_draft(base: Rulebook) -> Rulebook:
    """``base`` with this browser's draft added; ``base`` when there is none or it no longer loads."""
    text = current_text()
    if text is None:
        return base
    try:
        return build(base, text)[0]
    except DraftError:
        session.pop(SESSION_KEY, None)   # e.g. the server's rulebook changed since: the trial ends
        return base


def draft_key() -> str:
    """A short key of this browser's draft ("" without one), for caches keyed by the rulebook."""
    text = current_text()
    return hashlib.sha256(text.encode()).hexdigest()[:16] if text else ""


def draft_info() -> dict | None:
    """{"id", "title", "base", "game"} of the draft being tried, for the banner; None without one."""
    text = current_text()
    if text is None:
        return None
    base = current_app.extensions["arbitre"].rulebook
    try:
        book, ids = build(base, text)
    except DraftError:
        return None
    rs = book.rulesets[ids[0]]
    return {"id": rs.id, "title": rs.title, "base": rs.extends, "game": rs.game}


def _start(base: Rulebook, text: str) -> str:
    """Check ``text`` and keep it in the session; return the draft's id."""
    if len(zlib.compress(text.encode("utf-8"))) > MAX_COMPRESSED:
        raise DraftError("Ce fichier est trop long pour un essai dans le navigateur : placez-le dans le dossier "
                         "des règles maison du serveur (--house-rules) pour l’utiliser.")
    _, ids = build(base, text)
    session[SESSION_KEY] = text
    return ids[0]


def _after(rid: str, base_id: str | None) -> str:
    """Where a started trial leads: the comparison of the draft with its base ruleset."""
    ids = [base_id, rid] if base_id else [rid]
    return "/comparer?" + urlencode({"rulesets": ",".join(ids)}) + "#decisions"


def _refused(error: DraftError, status: int = 400):
    return render_template("compare/draft_error.html", error=error), status


@bp.post("/regles-maison/essai")
def start():
    """Try the draft of the house-rules form (its fields) in this browser, without a restart."""
    from .compare import _house_form   # the form's own reading and checks
    base = current_app.extensions["arbitre"].rulebook
    form = _house_form(base, request.form)
    if form["errors"] or not form["base"] or not form["id"] or not form["title"]:
        return _refused(DraftError("Vérifiez d’abord le fichier (« Vérifier et voir le fichier ») : "
                                   "un règlement de départ, un titre et un identifiant sont nécessaires.",
                                   list(form["errors"].values())))
    text = house_yaml(base, form["base"], form["id"], form["title"], form["values"], form["notes"],
                      form["description"], form["publisher"])
    try:
        rid = _start(base, text)
    except DraftError as exc:
        return _refused(exc)
    return redirect(_after(rid, form["base"]), 303)


@bp.post("/regles-maison/essai/retirer")
def stop():
    """Stop trying the draft (this browser sees the published rulesets again)."""
    session.pop(SESSION_KEY, None)
    return redirect("/regles-maison/nouveau", 303)


@bp.post("/regles-maison/ouvrir")
def upload():
    """An existing house-rule file, uploaded: opened in the form to edit (``action=modifier``)
    or tried as it is, its own passages included (``action=essayer``)."""
    base = current_app.extensions["arbitre"].rulebook
    f = request.files.get("fichier")
    if f is None or not f.filename:
        return _refused(DraftError("Choisissez un fichier de règles maison (.yaml) à ouvrir."))
    raw = f.read(MAX_UPLOAD + 1)
    if len(raw) > MAX_UPLOAD:
        return _refused(DraftError(f"Fichier trop grand : au plus {MAX_UPLOAD // 1024} Ko."), 413)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _refused(DraftError("Ce fichier n’est pas du texte UTF-8 (un fichier YAML est attendu)."))
    if request.form.get("action") == "essayer":
        try:
            rid = _start(base, text)
        except DraftError as exc:
            return _refused(exc)
        return redirect(_after(rid, build(base, text)[0].rulesets[rid].extends), 303)
    try:
        values = form_values_of(text, base.policy_specs)
    except ValueError as exc:
        return _refused(DraftError(str(exc)))
    params = [("base", values["base"]), ("id", values["id"]), ("title", values["title"]),
              ("publisher", values["publisher"]), ("description", values["description"])]
    params += [(f"p_{k}", v) for k, v in values["values"].items()]
    params += [(f"n_{k}", v) for k, v in values["notes"].items()]
    params += [("ouvert", f.filename[:80]), ("passages", str(values["clauses"]))]
    return redirect("/regles-maison/nouveau?" + urlencode([(k, v) for k, v in params if v]), 303)


@bp.app_context_processor
def _draft_context():
    return {"house_draft": draft_info}
