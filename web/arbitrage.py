"""The shot builder: ``/arbitrage`` rules one shot under every ruleset of a game, side by side.

Progressive enhancement: the page is a plain GET form that the server rules and renders
(no JavaScript needed); ``static/arbitrage.js`` then turns the ball checkboxes into toggle
buttons and re-rules the shot through ``POST /api/evaluate`` as the form changes.

Everything below the route is pure: the query string becomes a contract Scenario
(:func:`scenario_from_form`, :func:`scenario_from_query`), a Scenario becomes form values
(:func:`form_values`), and each ruling becomes display rows (:func:`build_columns`). The
labels the JavaScript needs are handed over once, as JSON, by :func:`client_data`.

Status codes: 200 when every ruleset ruled the shot; 400 (French page, builder kept) for
input that is not a well-formed Scenario; 422 when the shot cannot happen under a ruleset,
with the engine's French message and the clause it names. Never a 500 for bad input.
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Mapping
from urllib.parse import urlencode

from flask import Blueprint, render_template, request

from qa.engine.everywhere import rule_under
from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.scenario import Scenario, ScenarioFormatError, parse_scenario
from qa import ruling_words as words
from qa.rulebook import GAMES, Rulebook
from qa.yamlio import DuplicateKeyError, unique_pairs

from .common import get_rulebook, list_param, repeatable

bp = Blueprint("arbitrage", __name__)

#: Longest ``scenario=`` query value read (a Scenario is well under 2 kB).
MAX_SCENARIO_CHARS = 8000

#: Foul codes the shot's facts show (first contact, rails, cue ball, ...): they are not
#: offered as "other fouls" checkboxes unless a prefilled scenario states them by code.
FACT_FOULS = frozenset({
    "wrong_ball_first", "no_contact", "no_rail", "illegal_break", "cue_rail_first",
    "cue_ball_pocketed", "cue_ball_off_table", "object_ball_off_table", "jump_not_allowed",
    "masse_not_allowed", "obstacle_moved",
})

#: The ruling's rows and their French labels: one vocabulary (:mod:`qa.ruling_words`).
ROW_LABELS = words.ROWS
FIELD_ROWS = words.FIELD_ROWS

#: Fixed French words of the page (all from :mod:`qa.ruling_words`).
WORDS: dict[str, Any] = {
    "legal": words.LEGAL, "foul": words.FOUL, "impossible": words.IMPOSSIBLE, "differs": words.DIFFERS,
    "unsettled": words.NOT_SETTLED, "referee": words.REFEREE, "unsettled_list": words.NOT_SETTLED_LIST,
    **words.HEADINGS,
}


# ----------------------------------------------------------------------------- labels
def foul_labels(book: Rulebook) -> dict[str, str]:
    """French label of every foul code of ``book`` (rules_data/foul_codes.yaml), in its order."""
    return dict(book.foul_labels)


# ----------------------------------------------------------------------------- input
class BadInput(ValueError):
    """Input the builder cannot turn into a Scenario: French ``message``, ``field`` at fault."""

    def __init__(self, message: str, field_name: str | None = None):
        super().__init__(message)
        self.message, self.field = message, field_name


def _int(raw: str, name: str, lo: int, hi: int) -> int:
    try:
        value = int(raw.strip())
    except (ValueError, AttributeError):
        raise BadInput(f"Champ « {name} » : un nombre entier est attendu, pas « {str(raw)[:40]} ».", name) from None
    if not lo <= value <= hi:
        raise BadInput(f"Champ « {name} » : une valeur de {lo} à {hi} est attendue.", name)
    return value


#: The builder's lists of balls (checkboxes: a query string repeats them, ``on_table=4&on_table=6``).
BALL_LISTS = ("on_table", "pocketed", "off_table")


def _balls(args, name: str) -> list[int]:
    return sorted({_int(v, name, 1, 10) for v in args.getlist(name)})


def _flag(args, name: str) -> bool:
    return args.get(name, "") not in ("", "0", "false", "non")


def _choice(args, name: str, allowed: Iterable[str], default: str) -> str:
    value = args.get(name, default) or default
    allowed = tuple(allowed)
    if value not in allowed:
        raise BadInput(f"Champ « {name} » : valeur non permise « {value[:40]} » (attendu : {', '.join(allowed)}).", name)
    return value


def only_balls(raw: str) -> list[int]:
    """The balls typed in « Seulement ces billes sur la table » (« 4 6 9 », « 4, 6 et 9 »):
    sorted, each once; [] when the field is empty. Raises :class:`BadInput` for a number
    that is not a ball (1 to 10) or for other words."""
    text = (raw or "").strip()[:200]
    if not text:
        return []
    found: set[int] = set()
    for token in text.replace(",", " ").replace(";", " ").split():
        if token.lower() in ("et", "la", "le", "les"):
            continue
        found.add(_int(token, "only_balls", 1, 10))
    return sorted(found)


def scenario_from_form(args) -> dict:
    """The contract Scenario (without ``ruleset``) described by the builder's form fields.

    ``args`` is a MultiDict (query string or form). A field left at « non précisé » is left
    out of the Scenario, so the engine states the assumption it makes. Raises
    :class:`BadInput` for a value that is not one the form offers.
    """
    only = only_balls(args.get("only_balls", ""))
    state: dict[str, Any] = {
        "on_table": only if only else _balls(args, "on_table"),
        "ball_in_hand": _flag(args, "ball_in_hand"),
        "push_out_available": _flag(args, "push_out_available"),
        "fouls": {"shooter": _int(args.get("fouls_shooter", "0") or "0", "fouls_shooter", 0, 2),
                  "opponent": _int(args.get("fouls_opponent", "0") or "0", "fouls_opponent", 0, 2)},
        "warned": _flag(args, "warned"),
        "rack": _choice(args, "rack", ("triangle", "template"), "triangle"),
    }
    shot: dict[str, Any] = {
        "kind": _choice(args, "kind", ("normal", "break", "push_out"), "normal"),
        "cue_rail_first": _flag(args, "cue_rail_first"),
        "pocketed": _balls(args, "pocketed"),
        "off_table": _balls(args, "off_table"),
        "cue_ball": _choice(args, "cue_ball", ("table", "pocketed", "off_table"), "table"),
        "jump": _flag(args, "jump"), "masse": _flag(args, "masse"),
        "obstacle_moved": _flag(args, "obstacle_moved"),
        "fouls": list(dict.fromkeys(v for v in args.getlist("fouls") if v)),
    }
    first = args.get("first_contact", "")
    if first == "none":
        shot["first_contact"] = None
    elif first:
        shot["first_contact"] = _int(first, "first_contact", 1, 10)
    rail = _choice(args, "rail_after_contact", ("", "yes", "no"), "")
    if rail:
        shot["rail_after_contact"] = rail == "yes"
    for name in ("balls_to_rail", "crossed_head_string"):  # break facts: checked always, ignored on other shots
        if args.get(name, "").strip():
            count = _int(args[name], name, 0, 10)
            if shot["kind"] == "break":
                shot[name] = count
    called = _choice(args, "called", ("", "none", "safe", "ball"), "")
    # a called ball given is checked even when « called » does not read it (« 0 » is no ball, not nothing)
    called_ball = _int(args["called_ball"], "called_ball", 1, 10) if args.get("called_ball", "").strip() else None
    if called == "none":
        shot["called"] = None
    elif called == "safe":
        shot["called"] = "safe"
    elif called == "ball":
        if called_ball is None:
            raise BadInput("Annonce : choisissez la bille annoncée.", "called_ball")
        pocket = args.get("called_pocket", "").strip()[:200]
        shot["called"] = {"ball": called_ball, "pocket": pocket or None, "pocket_ok": not _flag(args, "pocket_wrong")}
    return {"state": state, "shot": shot}


def _game_of_ruleset(book: Rulebook, rid: str) -> str:
    rs = book.rulesets.get(rid)
    if rs is None:
        known = ", ".join(book.rulesets)
        raise BadInput(f"Règlement inconnu : « {rid[:60]} » (connus : {known}).", "rulesets")
    return rs.game


def choose_rulesets(book: Rulebook, args, named: Iterable[str] = (), hint: str | None = None) -> tuple[str, list[str]]:
    """The game and the ruleset ids to rule under.

    ``game=`` names the game; ``rulesets=ID,ID`` (query) and ``named`` (a prefilled
    scenario's ``rulesets`` list) restrict the columns; ``hint`` (a prefilled scenario's
    single ``ruleset``) only tells the game. Default: every ruleset of the game.
    Raises :class:`BadInput` for an unknown game or ruleset, or rulesets of two games.
    """
    game = args.get("game", "").strip()
    if game and game not in GAMES:
        raise BadInput(f"Jeu inconnu : « {game[:40]} » (jeu de la 9 : nine-ball, jeu de la 10 : ten-ball).", "game")
    wanted = list_param(args, "rulesets")
    wanted += [r for r in named if r and r not in wanted]
    games = {_game_of_ruleset(book, r) for r in [*wanted, *([hint] if hint else [])]}
    if len(games) > 1 or (game and games and games != {game}):
        raise BadInput("Ces règlements ne sont pas du même jeu : la comparaison se fait entre règlements "
                       "d’un même jeu (jeu de la 9 ou jeu de la 10).", "rulesets")
    game = game or (games.pop() if games else "nine-ball")
    if args.get("prev_game") and args.get("prev_game") != game:
        wanted = []  # the no-JS form just switched games: rule under the new game's rulesets
    ids = [r for r in wanted if r in book.rulesets] or book.rulesets_of_game(game)
    if not ids:
        raise BadInput(f"Aucun règlement chargé pour le {GAMES[game]}.", "game")
    return game, ids


def scenario_from_query(raw: str) -> tuple[Scenario, list[str]]:
    """A contract Scenario given as JSON in ``?scenario=`` (``ruleset`` or ``rulesets`` allowed).

    Returns the parsed scenario and the ``rulesets`` list it gives (empty when none).
    Raises :class:`BadInput` (French message) for JSON that is not a well-formed Scenario.
    """
    if len(raw) > MAX_SCENARIO_CHARS:
        raise BadInput(f"Le scénario est trop long (plus de {MAX_SCENARIO_CHARS} caractères).", "scenario")
    try:
        data = json.loads(raw, object_pairs_hook=unique_pairs)
    except DuplicateKeyError as exc:
        raise BadInput(f"Le paramètre « scenario » est refusé : {exc.message}.", "scenario") from None
    except (ValueError, RecursionError):
        raise BadInput("Le paramètre « scenario » n’est pas du JSON valide.", "scenario") from None
    try:
        sc, many = parse_scenario(data, many=True)
    except ScenarioFormatError as exc:
        raise BadInput(exc.message, exc.field) from None
    return sc, [r for r in (many or []) if isinstance(r, str)]


# ----------------------------------------------------------------------------- form values
def default_values(money_ball: int) -> dict:
    """Form values of a fresh builder: full rack, an ordinary shot, nothing else stated."""
    return {
        "on_table": set(range(1, money_ball + 1)), "ball_in_hand": False, "push_out_available": False,
        "fouls_shooter": 0, "fouls_opponent": 0, "warned": False, "rack": "triangle",
        "kind": "normal", "first_contact": "", "pocketed": set(), "off_table": set(), "cue_ball": "table",
        "cue_rail_first": False, "rail_after_contact": "", "balls_to_rail": "", "crossed_head_string": "",
        "called": "", "called_ball": "", "called_pocket": "", "pocket_wrong": False,
        "jump": False, "masse": False, "obstacle_moved": False, "fouls": set(),
    }


def form_values(scenario: Mapping[str, Any], money_ball: int) -> dict:
    """Form values showing a contract Scenario (a JSON mapping, unstated fields left out)."""
    v = default_values(money_ball)
    st, sh = scenario.get("state") or {}, scenario.get("shot") or {}
    if st.get("on_table") is not None:
        v["on_table"] = set(st["on_table"])
    for key in ("ball_in_hand", "push_out_available", "warned"):
        v[key] = bool(st.get(key))
    fouls = st.get("fouls") or {}
    v["fouls_shooter"], v["fouls_opponent"] = fouls.get("shooter", 0), fouls.get("opponent", 0)
    v["rack"] = st.get("rack") or "triangle"
    for key in ("kind", "cue_ball"):
        v[key] = sh.get(key) or v[key]
    for key in ("pocketed", "off_table", "fouls"):
        v[key] = set(sh.get(key) or ())
    for key in ("cue_rail_first", "jump", "masse", "obstacle_moved"):
        v[key] = bool(sh.get(key))
    if "first_contact" in sh:
        v["first_contact"] = "none" if sh["first_contact"] is None else str(sh["first_contact"])
    if sh.get("rail_after_contact") is not None:
        v["rail_after_contact"] = "yes" if sh["rail_after_contact"] else "no"
    for key in ("balls_to_rail", "crossed_head_string"):
        if sh.get(key) is not None:
            v[key] = str(sh[key])
    if "called" in sh:
        called = sh["called"]
        if called is None:
            v["called"] = "none"
        elif called == "safe":
            v["called"] = "safe"
        else:
            v.update(called="ball", called_ball=str(called["ball"]), called_pocket=called.get("pocket") or "",
                     pocket_wrong=not called.get("pocket_ok", True))
    return v


# ----------------------------------------------------------------------------- rulings
def outcome_rows(out: Mapping[str, Any], money_ball: int, labels: Mapping[str, str],
                 show_break: bool) -> dict[str, list[dict]]:
    """The display rows of one Outcome (contract JSON): :func:`qa.ruling_words.ruling_rows`."""
    return words.ruling_rows(out, money_ball, labels, show_break)


def _impossible(book: Rulebook, exc: ImpossibleScenarioError) -> dict:
    clause = book.clauses.get(exc.clause) if exc.clause else None
    return {"message": exc.message, "field": exc.field, "clause": clause.to_json() if clause else None}


def build_columns(book: Rulebook, scenario: Scenario, ruleset_ids: list[str]) -> tuple[list[dict], bool]:
    """Rule ``scenario`` under each ruleset; return the columns to show and whether any was impossible.

    A column is {"ruleset": {id, title, money_ball}, "outcome": Outcome JSON | None,
    "error": {message, field, clause} | None, "rows": [(key, label, items, differs, unsettled)]}.
    A row ``differs`` when its text is not the same under every ruleset that ruled the shot.
    """
    labels = foul_labels(book)
    columns: list[dict] = []
    for rid, ruling in rule_under(book, scenario, ruleset_ids).items():
        rs = book.rulesets[rid]
        col: dict[str, Any] = {"ruleset": {"id": rs.id, "title": rs.title, "money_ball": rs.money_ball},
                               "outcome": None, "error": None, "rows": []}
        if isinstance(ruling, ImpossibleScenarioError):
            col["error"] = _impossible(book, ruling)
        else:
            col["outcome"] = ruling.to_json(book.clauses)
        columns.append(col)
    ruled = [c for c in columns if c["outcome"]]
    show_break = any(c["outcome"].get("break") for c in ruled)
    for c in ruled:
        c["_rows"] = outcome_rows(c["outcome"], c["ruleset"]["money_ball"], labels, show_break)
        c["line"] = words.verdict_line(c["outcome"], c["ruleset"]["money_ball"], labels)
    for c in ruled:
        unsettled_rows = {FIELD_ROWS.get(f) for f in c["outcome"]["unsettled"]}
        for key, label in ROW_LABELS.items():
            if key not in c["_rows"]:
                continue
            texts = {tuple(i["text"] for i in o["_rows"][key]) for o in ruled}
            c["rows"].append({"key": key, "label": label, "items": c["_rows"][key],
                              "differs": len(ruled) > 1 and len(texts) > 1,
                              "unsettled": key in unsettled_rows})
    for c in ruled:
        del c["_rows"]
    return columns, any(c["error"] for c in columns)


def field_labels() -> dict[str, str]:
    """French label of each Outcome field that ``unsettled`` may list."""
    return {f: words.field_label(f) for f in FIELD_ROWS}


def client_data(book: Rulebook, game: str, ruleset_ids: list[str]) -> dict:
    """What arbitrage.js needs, handed over as JSON: the game, its rulesets, the rulesets of
    each game. The ruling itself comes written from the server (``/arbitrage/decision``)."""
    return {
        "game": game,
        "rulesets": ruleset_ids,
        "games": {g: [{"id": r.id, "title": r.title, "money_ball": r.money_ball}
                      for r in book.rulesets.values() if r.game == g] for g in GAMES},
    }


# ----------------------------------------------------------------------------- the page
@bp.app_template_global("arbitrage_url")
def arbitrage_url(scenario: Mapping[str, Any] | None, game: str | None = None,
                  rulesets: Iterable[str] | None = None) -> str:
    """Link that opens the builder on a contract Scenario (JSON mapping), e.g. what the
    situation parser understood or a shot of the comparer:
    ``/arbitrage?game=…&scenario=…[&rulesets=ID,ID]``.

    The game is taken from ``game``, else from the scenario's ``ruleset`` (the builder
    then rules under every ruleset of that game, or only under ``rulesets`` when given)."""
    params: dict[str, str] = {}
    if game:
        params["game"] = game
    if scenario is not None:
        params["scenario"] = json.dumps(dict(scenario), ensure_ascii=False, separators=(",", ":"))
    if rulesets:
        params["rulesets"] = ",".join(rulesets)
    return "/arbitrage" + ("?" + urlencode(params) if params else "")


def _offered_fouls(labels: Mapping[str, str], chosen: Iterable[str]) -> list[tuple[str, str]]:
    chosen = set(chosen)
    return [(c, l) for c, l in labels.items() if c not in FACT_FOULS or c in chosen]


# the builder's form fields: any of them in a query string is the form sent (« /arbitrage?called_ball=0 »
# is checked as the form would be, even without its hidden « form=1 »)
_FORM_FIELDS = frozenset({"ball_in_hand", "balls_to_rail", "called", "called_ball", "called_pocket", "crossed_head_string",
                          "cue_ball", "cue_rail_first", "first_contact", "fouls", "fouls_opponent", "fouls_shooter", "jump",
                          "kind", "masse", "obstacle_moved", "off_table", "on_table", "only_balls", "pocket_wrong",
                          "pocketed", "push_out_available", "rack", "rail_after_contact", "warned"})


def _builder(args) -> tuple[dict, int]:
    """The builder's template context for a query string (form fields or ``scenario=``) and
    the status: 200, 400 (bad input, the builder kept) or 422 (impossible under a ruleset)."""
    book = get_rulebook()
    error: dict | None = None
    status = 200
    columns: list[dict] = []
    notice = None
    game, ruleset_ids = "nine-ball", book.rulesets_of_game("nine-ball")
    values: dict | None = None
    scenario_json: dict | None = None
    if not args.get("form") and not args.get("scenario") and any(k in args for k in _FORM_FIELDS):
        args = args.copy()
        args["form"] = "1"
    try:
        named: list[str] = []
        scenario = None
        if args.get("scenario"):
            scenario, named = scenario_from_query(args["scenario"])
        game, ruleset_ids = choose_rulesets(book, args, named, scenario.ruleset if scenario else None)
        money = max(book.rulesets[r].money_ball for r in ruleset_ids)
        values = default_values(money)
        if scenario is None and args.get("form") and args.get("prev_game", game) != game:
            notice = f"Jeu choisi : {GAMES[game]}. Composez le coup puis « Arbitrer »."
        elif scenario is None and args.get("form"):
            data = scenario_from_form(args)
            values = form_values(data, money)
            try:
                scenario, _ = parse_scenario(data)
            except ScenarioFormatError as exc:
                raise BadInput(exc.message, exc.field) from None
        elif scenario is not None:
            values = form_values(scenario.to_json(), money)
        if scenario is not None:
            scenario_json = scenario.to_json()
            scenario_json.pop("ruleset", None)
            columns, impossible = build_columns(book, scenario, ruleset_ids)
            if impossible:
                status = 422
    except BadInput as exc:
        error, status = {"message": exc.message, "field": exc.field}, 400
        columns = []
        if values is None:  # keep the game asked for when it is a known one
            game = args.get("game") if args.get("game") in GAMES and book.rulesets_of_game(args["game"]) else "nine-ball"
            ruleset_ids = book.rulesets_of_game(game)
            values = default_values(book.rulesets[ruleset_ids[0]].money_ball)
        elif args.get("form"):
            values = _lenient_values(args, values)
    money = book.rulesets[ruleset_ids[0]].money_ball
    labels = foul_labels(book)
    subset = ruleset_ids != book.rulesets_of_game(game)
    share = arbitrage_url(scenario_json, game, ruleset_ids if subset else None) if scenario_json is not None else None
    return dict(
        games=GAMES, game=game, money=money, rulesets=[book.rulesets[r] for r in ruleset_ids],
        v=values, columns=columns, error=error, notice=notice, share=share, rules_url="/regles/",
        foul_choices=_offered_fouls(labels, values["fouls"]), words=WORDS,
        client=client_data(book, game, ruleset_ids), field_labels=field_labels(),
        subset=subset,
        differs=any(r["differs"] for c in columns for r in c["rows"]),
        status_text=_status_text(columns),
    ), status


def _status_text(columns: list[dict]) -> str:
    """What the live region says once a ruling is shown (one line per ruleset)."""
    if not columns:
        return ""
    return "Décision : " + " ; ".join(
        f"{c['ruleset']['title']} : {WORDS['impossible'].lower() if c['error'] else c['line']}" for c in columns)


@bp.route("/arbitrage", methods=["GET"])
@repeatable(*BALL_LISTS, "fouls")   # the form's checkboxes
def arbitrage():
    """The builder page: a form (prefilled from the query string) and, when a shot is given,
    its ruling under every ruleset of the game, server-rendered."""
    context, status = _builder(request.args)
    return render_template("arbitrage.html", **context), status


@bp.route("/arbitrage/decision", methods=["GET"])
@repeatable(*BALL_LISTS, "fouls")
def decision():
    """The ruling part of the page alone (same query string as ``/arbitrage``): what
    ``static/arbitrage.js`` puts in place as the form changes, so the rows it shows are the
    server's, written once (:mod:`qa.ruling_words`)."""
    context, status = _builder(request.args)
    return render_template("_arb_decision.html", **context), status


def _lenient_values(args, fallback: dict) -> dict:
    """Form values echoing what the user sent, ignoring values that do not parse (after a 400)."""
    v = dict(fallback)
    for name in BALL_LISTS:
        v[name] = {n for n in (_ball_or_none(x) for x in args.getlist(name)) if n is not None}
    for name in ("ball_in_hand", "push_out_available", "warned", "cue_rail_first", "jump", "masse",
                 "obstacle_moved", "pocket_wrong"):
        v[name] = _flag(args, name)
    for name in ("kind", "cue_ball", "rack", "first_contact", "rail_after_contact", "called", "called_ball",
                 "called_pocket", "balls_to_rail", "crossed_head_string"):
        if name in args:
            v[name] = args.get(name, "")[:200]
    v["fouls"] = set(args.getlist("fouls"))
    v["only_balls"] = args.get("only_balls", "")[:60]
    return v


def _ball_or_none(raw: str) -> int | None:
    """A ball number 1..10 from a form value, or None for anything else ("²", "x", "11"...):
    ``str.isdigit`` is true for superscripts that ``int`` refuses, so parse instead of testing."""
    try:
        n = int(raw)
    except (TypeError, ValueError):
        return None
    return n if 1 <= n <= 10 else None
