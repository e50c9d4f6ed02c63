"""Compare rulesets (``/comparer``, ``/api/compare``) and write a club's house rules
(``/regles-maison/nouveau``).

Server-rendered, French, usable without JavaScript: every choice is a GET form, so a
comparison can be shared as a link and printed (``static/compare.css`` holds the print
stylesheet: one page per topic group). ``static/compare.js`` only adds instant toggles
(« seulement les différences », quick picks). All the work is done by the pure functions of
:mod:`qa.compare` and :mod:`qa.house_rules`; this module turns query strings into their
arguments and their results into pages, JSON, Markdown or CSV.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Any, Iterable
from urllib.parse import urlencode

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from qa.compare import (
    MAX_RULESETS, CompareError, compare, quick_picks, rule_everywhere, to_csv, to_markdown,
)
from qa.house_rules import house_yaml, validate_house_yaml
from qa.rulebook import DATA_DIR, GAMES, SILENT, Rulebook, did_you_mean
from qa.situation_rulings import weigh_open
from qa.understand import scenario_for, understand
from qa.yamlio import character_name, refused_character

from .arbitrage import arbitrage_url
from .common import bad_request, base_rulebook, get_rulebook, list_param, query_fields, repeatable, services
from .drafts import draft_key

bp = Blueprint("compare", __name__)

FORMATS = {"json": None, "markdown": "text/markdown", "md": "text/markdown", "csv": "text/csv"}
MAX_SITUATION = 500
_HOUSE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


#: Comparisons kept per app (the same for every request: the rulebook is read-only).
CACHE_SIZE = 32
_CACHE_KEY = "arbitre.compare_cache"


class _ComparisonCache:
    """A bounded LRU of :func:`qa.compare.compare` results, keyed by (ruleset ids in order,
    topic, diff); thread-safe (the development server is threaded). Results are shared:
    callers must not change them."""

    def __init__(self, size: int = CACHE_SIZE):
        self.size = size
        self._items: OrderedDict[tuple, dict] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, book: Rulebook, ids: list[str] | None, topic: str | None, diff: bool) -> dict:
        """The comparison, computed once per key (errors are raised, never kept)."""
        key = (draft_key(), tuple(ids) if ids else None, topic, diff)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        result = compare(book, ids, topic, diff=diff)
        with self._lock:
            self._items[key] = result
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return result


def cached_compare(book: Rulebook, ids: list[str] | None, topic: str | None, diff: bool = False) -> dict:
    """:func:`qa.compare.compare` through the app's cache (:class:`_ComparisonCache`)."""
    cache = current_app.extensions.get(_CACHE_KEY)
    if cache is None:
        cache = current_app.extensions.setdefault(_CACHE_KEY, _ComparisonCache())
    return cache.get(book, ids, topic, diff)


# ----------------------------------------------------------------------------- helpers
def _run(book: Rulebook, args, diff: bool = False) -> dict:
    """:func:`qa.compare.compare` on a query string (no ``rulesets``: the published texts);
    a 400 naming the field on bad input."""
    ids = list_param(args)
    try:
        return cached_compare(book, ids or None, args.get("topic") or None, diff=diff)
    except CompareError as exc:
        raise bad_request(exc.code, exc.message, exc.field) from None


def _export(result: dict, fmt: str) -> Response:
    """The comparison as a Markdown or CSV download."""
    name = "comparaison-" + "-".join(result["rulesets"]) + (f"-{result['topic']}" if result.get("topic") else "")
    if fmt in ("markdown", "md"):
        body, mime, ext = to_markdown(result), "text/markdown", "md"
    else:
        body, mime, ext = to_csv(result), "text/csv", "csv"
    resp = Response(body, mimetype=mime)   # text/*: « ; charset=utf-8 » added
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}.{ext}"'
    return resp


def _format(args) -> str:
    fmt = (args.get("format") or "json").strip().lower()
    if fmt not in FORMATS:
        raise bad_request("invalid_field", f"Champ « format » : format inconnu « {fmt[:40]} »"
                          f"{did_you_mean(fmt, ['json', 'markdown', 'csv'])} ; formats : json, markdown, csv.",
                          "format")
    return fmt


def _query(ids: Iterable[str], topic: str | None, **extra: Any) -> str:
    params: list[tuple[str, str]] = [("rulesets", ",".join(ids))]
    if topic:
        params.append(("topic", topic))
    params += [(k, str(v)) for k, v in extra.items() if v]
    return urlencode(params)


def _arbitrage_links(book: Rulebook, ids: list[str], scenario: dict | None) -> list[dict]:
    """Links into the /arbitrage builder, one per game among ``ids`` (it compares within a game)."""
    out = []
    for game, label in GAMES.items():
        same = [r for r in ids if book.rulesets[r].game == game]
        if not same:
            continue
        sc = {k: v for k, v in scenario.items() if k not in ("ruleset", "rulesets")} if scenario is not None else None
        out.append({"game": game, "label": label, "rulesets": same, "url": arbitrage_url(sc, game, same)})
    return out


def situation_scenario(book: Rulebook, text: str, ids: list[str]) -> dict:
    """Understand a shot described in words (:func:`qa.understand.understand`, open facts weighed).

    Returns ``{"scenario": Scenario mapping | None, "follow_up": [...], "fit": callable}``:
    ``scenario`` is None when ``text`` does not describe a shot; ``fit(scenario, ruleset)``
    (:func:`qa.understand.scenario_for`) adapts the scenario to each ruleset's rack.
    """
    understood = understand(book, text, ids)
    understood = weigh_open(book, understood) if understood else None
    return {"scenario": dict(understood.scenario) if understood else None,
            "follow_up": list(understood.follow_up) if understood else [],
            "fit": lambda sc, rid: scenario_for(book, sc, rid)}


def _same_shot(book: Rulebook, situation: str, ids: list[str]) -> dict:
    """« Le même coup partout »: the shot described in ``situation`` ruled under each of
    ``ids``. Returns ``{"text", "error": French text | None, "follow_up", "ruled"?}``, where
    ``ruled`` is :func:`qa.compare.rule_everywhere`'s table (absent when there is an error)."""
    same_shot: dict[str, Any] = {"text": situation, "error": None, "follow_up": []}
    if len(situation) > MAX_SITUATION:
        same_shot["error"] = f"La description est trop longue : au plus {MAX_SITUATION} caractères."
        return same_shot
    found = situation_scenario(book, situation, ids)
    same_shot["follow_up"] = found["follow_up"]
    if found["scenario"] is None:
        same_shot["error"] = ("Je n’ai pas compris ce coup : décrivez-le autrement, ou composez-le dans "
                              "l’atelier d’arbitrage.")
        return same_shot
    try:
        same_shot["ruled"] = rule_everywhere(book, found["scenario"], ids, fit=found.get("fit"),
                                             foul_labels=services().foul_labels)
    except (ValueError, CompareError) as exc:
        same_shot["error"] = getattr(exc, "message", str(exc))
    return same_shot


# ----------------------------------------------------------------------------- /comparer
@bp.get("/comparer")
@repeatable("only_diff")      # the form sends a hidden 0, then 1 when the box is ticked
def page():
    """The comparison page: the ruleset picker, then the policy table (every decision, rows
    that differ marked « ≠ diffère »), each topic's clauses side by side with word differences
    in ``<mark>``, and « Le même coup partout »."""
    book = get_rulebook()
    args = request.args
    ids = list_param(args)
    topic = (args.get("topic") or "").strip() or None
    # differences only unless asked otherwise (« only_diff=0 »; the form sends 0 then 1 when ticked)
    only_diff = (args.getlist("only_diff") or ["1"])[-1] not in ("0", "off", "false", "non")
    result, error, status = None, None, 200
    if ids or "rulesets" in args or topic:
        try:
            if not ids:
                raise CompareError("rulesets", f"Choisissez de 2 à {MAX_RULESETS} règlements à comparer.",
                                   "missing_field")
            result = cached_compare(book, ids, topic, diff=True)
        except CompareError as exc:
            error, status = {"message": exc.detail, "field": exc.field}, 400
    situation = (args.get("situation") or "").strip()
    same_shot = _same_shot(book, situation, result["rulesets"]) if result is not None and situation else None
    scenario_json = same_shot["ruled"]["scenario"] if same_shot and same_shot.get("ruled") else None
    selected = result["rulesets"] if result else ids
    rulesets = list(book.rulesets.values())
    return render_template(
        "compare/compare.html", rulesets=rulesets, selected=selected, topic=topic, topics=book.topics,
        only_diff=only_diff, result=result, error=error, picks=quick_picks(book), max_rulesets=MAX_RULESETS,
        query=_query(selected, topic) if result else "",
        arbitrage=_arbitrage_links(book, selected, scenario_json) if result else [],
        same_shot=same_shot, situation=situation, silent=SILENT,
        n_diff=sum(1 for p in result["policies"] if p["differs"]) if result else 0,
        groups=_policy_groups(result, list(book.topics)) if result else [],
    ), status


def _policy_groups(result: dict, order: list[str]) -> list[dict]:
    """The policy rows grouped by topic, in the order of the topics (``order``): [{"topic",
    "label", "policies", "differs": how many differ}]."""
    groups: dict[str, dict] = {}
    for p in result["policies"]:
        g = groups.setdefault(p["topic"], {"topic": p["topic"], "label": p["topic_label"], "policies": [], "differs": 0})
        g["policies"].append(p)
        g["differs"] += bool(p["differs"])
    return sorted(groups.values(), key=lambda g: order.index(g["topic"]) if g["topic"] in order else len(order))


@bp.get("/comparer/export.md")
def export_markdown():
    """The comparison (same query string as /comparer) as a Markdown file."""
    return _export(_run(get_rulebook(), request.args), "markdown")


@bp.get("/comparer/export.csv")
def export_csv():
    """The policy table (same query string as /comparer) as a CSV file."""
    return _export(_run(get_rulebook(), request.args), "csv")


@bp.get("/api/compare")
@query_fields("rulesets", "topic", "format")
def api_compare():
    """``GET /api/compare?rulesets=ID,ID&topic=T[&format=json|markdown|csv]`` (contract);
    without ``rulesets``, the published texts (every ruleset that is not a club's)."""
    fmt = _format(request.args)
    result = _run(get_rulebook(), request.args)
    if fmt == "json":
        return jsonify(result)
    return _export(result, fmt)


# ----------------------------------------------------------------------------- house rules
def _house_form(book: Rulebook, args) -> dict:
    """The values of the house-rules form, with French errors per field."""
    bases = [rs for rs in book.rulesets.values() if not rs.extends]
    base = (args.get("base") or "").strip()
    errors: dict[str, str] = {}
    if base and base not in {b.id for b in bases}:
        errors["base"] = f"Règlement de base inconnu « {base[:60]} »{did_you_mean(base, [b.id for b in bases])}."
        base = ""
    values = {name: (args.get(f"p_{name}") or "").strip() for name in book.policy_specs}
    notes = {name: (args.get(f"n_{name}") or "").strip() for name in book.policy_specs}
    for name, v in values.items():
        if v and v not in book.policy_specs[name].values:
            errors[f"p_{name}"] = f"Valeur non permise « {v[:40]} » pour « {book.policy_specs[name].label} »."
    form = {
        "bases": bases, "base": base, "id": (args.get("id") or "").strip(),
        "title": (args.get("title") or "").strip(), "description": (args.get("description") or "").strip(),
        "publisher": (args.get("publisher") or "").strip(), "values": values, "notes": notes, "errors": errors,
    }
    _check_lengths(book, form)
    _check_characters(book, form)
    return form


# The free-text fields of the house-rules form and their French names.
_HOUSE_TEXTS = {"title": "Titre", "id": "Identifiant", "publisher": "Club", "description": "Description"}
#: The longest value of each free-text field (the form's ``maxlength``); a club's wording of a
#: decision (``n_…``): :data:`MAX_NOTE`. A longer value is refused, never cut.
MAX_LENGTHS = {"title": 200, "id": 80, "publisher": 200, "description": 1000}
MAX_NOTE = 1000


def _free_texts(book: Rulebook, form: dict) -> list[tuple[str, str, str, int]]:
    """(field, French name, value, longest value) of each free-text field of ``form``."""
    texts = [(field, label, form[field], MAX_LENGTHS[field]) for field, label in _HOUSE_TEXTS.items()]
    texts += [(f"n_{name}", f"Formulation du club ({spec.label})", form["notes"][name], MAX_NOTE)
              for name, spec in book.policy_specs.items()]
    return texts


def _check_lengths(book: Rulebook, form: dict) -> None:
    """A French error per free-text field longer than its limit (naming the field and the limit)."""
    for field, label, text, limit in _free_texts(book, form):
        if len(text) > limit and field not in form["errors"]:
            form["errors"][field] = f"{label} : trop long ({len(text)} caractères) ; au plus {limit} caractères."


def _check_characters(book: Rulebook, form: dict) -> None:
    """A French error per free-text field (title, id, club, description, the club's wording
    of a decision) that holds a character a YAML file cannot (control character, DEL, NUL,
    U+FFFE...): the file written from it would not load."""
    for field, label, text, _ in _free_texts(book, form):
        char = refused_character(text)
        if char is not None and field not in form["errors"]:
            form["errors"][field] = (f"{label} : caractère non permis {character_name(ord(char))} ; "
                                     "seuls des caractères imprimables sont permis.")


@bp.get("/regles-maison/nouveau")
def house_new():
    """Write a club's house rules: choose a base ruleset, change decisions among their allowed
    values (French labels), give a title and an id, preview the YAML (checked by the same
    loader as at start-up) and download it (``action=telecharger``)."""
    book = base_rulebook()   # a draft being tried is not a base, nor an id already taken
    args = request.args
    form = _house_form(book, args)
    action = args.get("action")
    text, problems, status = None, [], 200
    if form["base"] and action in ("apercu", "telecharger"):
        if not form["id"]:
            form["errors"]["id"] = "Donnez un identifiant au club (ex. « club-les-queues-9 »)."
        elif not _HOUSE_ID.match(form["id"]):
            form["errors"]["id"] = ("Identifiant invalide : minuscules sans accents, chiffres et tirets "
                                    "(ex. « club-les-queues-9 »).")
        elif form["id"] in book.rulesets:
            form["errors"]["id"] = f"« {form['id']} » est déjà un règlement : choisissez un autre identifiant."
        if not form["title"]:
            form["errors"]["title"] = "Donnez un titre à vos règles maison."
    if form["errors"]:
        status = 400
    elif form["base"] and action in ("apercu", "telecharger"):
        text = house_yaml(book, form["base"], form["id"], form["title"], form["values"], form["notes"],
                          form["description"], form["publisher"])
        root = current_app.config.get("RULES_DATA") or DATA_DIR
        problems = [str(p) for p in validate_house_yaml(text, f"{form['id']}.yaml", root, book=book)]
        if problems:
            status = 400
        elif action == "telecharger":
            resp = Response(text, mimetype="application/x-yaml")
            resp.charset = "utf-8"
            resp.headers["Content-Disposition"] = f'attachment; filename="{form["id"]}.yaml"'
            return resp
    base_rs = book.rulesets.get(form["base"]) if form["base"] else None
    rows = []
    if base_rs is not None:
        for name, spec in book.policy_specs.items():
            pv = base_rs.policy.get(name)
            current = pv.value if pv else SILENT
            rows.append({
                "name": name, "label": spec.label, "topic": book.topics.get(spec.topic, spec.topic),
                "current": current, "current_label": "silencieux" if current == SILENT else spec.values.get(current, current),
                "clause": pv.clause if pv else None, "choices": list(spec.values.items()),
                "chosen": form["values"][name], "note": form["notes"][name],
            })
    changed = sum(1 for r in rows if r["chosen"] and r["chosen"] != r["current"])
    download = None
    if text is not None and not problems:
        params = [(k, v) for k, v in args.items(multi=True) if k != "action"] + [("action", "telecharger")]
        download = "/regles-maison/nouveau?" + urlencode(params)
    groups: dict[str, dict] = {}
    for r in rows:
        g = groups.setdefault(r["topic"], {"label": r["topic"], "rows": [], "changed": 0})
        g["rows"].append(r)
        g["changed"] += bool((r["chosen"] and r["chosen"] != r["current"]) or r["note"])
    opened = {"name": (args.get("ouvert") or "")[:80], "passages": args.get("passages", "")[:4]} if args.get("ouvert") else None
    return render_template("compare/house_new.html", form=form, base_rs=base_rs, rows=rows, text=text,
                           problems=problems, changed=changed, download=download, groups=list(groups.values()),
                           opened=opened), status
