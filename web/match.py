"""Match mode: the JSON API under /api/matches (contract « Matches », « Tokens ») and the
/partie pages.

Views only translate HTTP into calls of :class:`qa.match.service.MatchService` (whose store is
the quiz database: ``DATABASE``, SQLite or PostgreSQL) and results into JSON or French pages.
The pages need no script: every action is a form (CSRF token, the match token in a cookie
scoped to the match's path); ``static/match.js`` only refreshes the spectators' view.

API
  POST /api/matches                       → 201 Match + {token}
  GET  /api/matches/<id>                  → Match (no token: spectators)
  POST /api/matches/<id>/shots            → 201 {outcome, match}   (X-Arbitre-Token; seq → 409)
  POST /api/matches/<id>/undo             → 200 Match               (X-Arbitre-Token)
  POST /api/matches/<id>/warning          → 200 Match: « Avertissement donné ? » answered
  GET  /api/matches/<id>/export?format=json|csv

Pages
  /partie (start a match), /partie/<id> (follow it: shot entry with the token, read-only
  otherwise), /partie/<id>/suivre (spectators, refreshing itself), /partie/<id>/feuille
  (printable match sheet).
"""
from __future__ import annotations

from typing import Any, Mapping

from flask import (Blueprint, Response, current_app, jsonify, make_response, redirect, render_template, request,
                   url_for)

from qa.french import ball_list
from qa.match.export import describe_shot, match_rows, to_csv, to_json_text
from qa.match.model import MAX_NAME, MAX_RACE, MatchError
from qa.match.service import MatchService
from qa.match.store import MatchStore
from qa.rulebook import GAMES

from .arbitrage import BadInput, arbitrage_url, scenario_from_form
from .common import (app_service, created, get_rulebook, json_body, query_fields, reject_unknown_keys, repeatable, request_token,
                     wants_json)
from .errors import _render

bp = Blueprint("match", __name__)

EXT_KEY = "arbitre.match"
COOKIE_AGE = 30 * 24 * 3600
#: Foul codes offered in one tap (the others: the detailed shot); each is a foul whatever the contact.
QUICK_FOULS = ("touched_ball", "double_hit", "push_shot", "no_foot_on_floor", "jump_not_allowed")


def match_service() -> MatchService:
    """The app's :class:`MatchService`, built once on first use (store at ``DATABASE``)."""
    return app_service(EXT_KEY, lambda app, path, create_parent:
                       MatchService(get_rulebook(), MatchStore(path, create_parent=create_parent)))


@bp.app_errorhandler(MatchError)
def _match_error(exc: MatchError):
    return _render(exc.status, exc.code, exc.message, exc.field, **exc.extra)


# ============================================================================= JSON API
@bp.post("/api/matches")
def api_create():
    out = match_service().create(json_body())
    return created(out, f"/api/matches/{out['id']}")


@bp.get("/api/matches/<match_id>")
def api_view(match_id: str):
    return jsonify(match_service().view(match_id))



def _checked_body(match_id: str) -> tuple[MatchService, dict]:
    """404 for an unknown match, 403 without its token, then the JSON body."""
    svc = match_service()
    svc.check_token(svc.head(match_id), request_token())
    return svc, json_body()


@bp.post("/api/matches/<match_id>/shots")
def api_shot(match_id: str):
    svc, body = _checked_body(match_id)
    return created(svc.shot(match_id, body, request_token()))


@bp.post("/api/matches/<match_id>/undo")
def api_undo(match_id: str):
    svc = match_service()
    svc.check_token(svc.head(match_id), request_token())
    body = json_body() if request.get_data(cache=True) else {}
    reject_unknown_keys(body, ("seq",))     # README: an unknown JSON field is refused
    return jsonify(svc.undo(match_id, body, request_token()))


@bp.post("/api/matches/<match_id>/warning")
def api_warning(match_id: str):
    svc, body = _checked_body(match_id)
    reject_unknown_keys(body, ("warned", "player", "seq"))
    return jsonify(svc.warning(match_id, body, request_token()))


@bp.get("/api/matches/<match_id>/export")
@query_fields("format")
def api_export(match_id: str):
    fmt = (request.args.get("format") or "json").strip().lower()
    if fmt not in ("json", "csv"):
        raise MatchError(400, "invalid_field", "Paramètre « format » : « json » ou « csv » est attendu.", "format")
    match = match_service().view(match_id)
    if fmt == "csv":
        body, mimetype = to_csv(match, get_rulebook().foul_labels), "text/csv"
    else:
        body, mimetype = to_json_text(match), "application/json"
    resp = Response(body, mimetype=mimetype)
    resp.headers["Content-Disposition"] = f'attachment; filename="partie-{match["id"]}.{fmt}"'
    return resp


# ============================================================================= pages
def _cookie_name(match_id: str) -> str:
    return f"arbitre_partie_{match_id}"


def _with_token_cookie(resp, match_id: str, token: str):
    resp.set_cookie(_cookie_name(match_id), token, max_age=COOKIE_AGE, httponly=True, samesite="Lax",
                    secure=bool(current_app.config.get("HTTPS")), path=f"/partie/{match_id}")
    return resp


def _page_token(match_id: str) -> str | None:
    return request.cookies.get(_cookie_name(match_id)) or None


def _setup_form(form: Mapping[str, Any] | None = None, error: str | None = None, field: str | None = None,
                status: int = 200):
    book = get_rulebook()
    values = {"a": "", "b": "", "ruleset": next(iter(book.rulesets)), "race_to": "5", "break": "alternate",
              "rack": "triangle", **(form or {})}
    alternate = book.clauses.get("10-doolys/3-bris-alterne")
    return render_template("match/new.html", v=values, rulesets=list(book.rulesets.values()), games=GAMES,
                           error=error, error_field=field, max_name=MAX_NAME, max_race=MAX_RACE,
                           alternate_clause=alternate), status


#: The API's settings fields as the /partie form names them: (form field, label on the page).
FORM_FIELDS = {"players[0]": ("a", "Joueur A"), "players[1]": ("b", "Joueur B"), "ruleset": ("ruleset", "Règlement"),
               "race_to": ("race_to", "Course à"), "break": ("break", "Casse des racks suivants"), "rack": ("rack", "Rack")}
#: The form's words for the values of its radio buttons (the API's error lists the values it reads).
FORM_CHOICES = {"break": "« Alternée » ou « Au gagnant » est attendu", "rack": "« Triangle » ou « Gabarit » est attendu"}


def _form_error(exc: MatchError) -> tuple[str | None, str]:
    """The form field an API error is about and its message in the form's own words
    (« Joueur A », not « players[0] »)."""
    if exc.field not in FORM_FIELDS:
        return exc.field, exc.message
    field, label = FORM_FIELDS[exc.field]
    message = exc.message.replace(f"« {exc.field} »", f"« {label} »")
    if field in FORM_CHOICES:
        value = (request.form.get(field) or "").strip()
        message = f"Champ « {label} » : {FORM_CHOICES[field]} (reçu « {value[:40]} »)."
    return field, message


@bp.get("/partie")
def new():
    """Start a match: two names, a ruleset, race to N, who breaks the next racks, the rack."""
    return _setup_form()


@bp.post("/partie")
def create():
    f = request.form
    form = {k: f.get(k, "").strip() for k in ("a", "b", "ruleset", "race_to", "break", "rack")}
    race: Any = form["race_to"]
    try:
        race = int(race)
    except ValueError:
        return _setup_form(form, f"Course : un nombre de racks à gagner de 1 à {MAX_RACE} est attendu.", "race_to", 400)
    # an empty choice takes the default, as an absent one; any other value goes to the API's check (400)
    data = {"ruleset": form["ruleset"], "players": [form["a"], form["b"]], "race_to": race,
            "break": form["break"] or None, "rack": form["rack"] or None}
    try:
        out = match_service().create(data)
    except MatchError as exc:
        field, message = _form_error(exc)
        return _setup_form(form, message, field, exc.status)
    return _with_token_cookie(redirect(url_for("match.follow", match_id=out["id"]), 303), out["id"], out["token"])


def _lowest(match: Mapping[str, Any]) -> int | None:
    on = match["state"]["on_table"]
    return min(on) if on else None


def _calls(book, match: Mapping[str, Any]) -> bool:
    """True when the ruleset calls its shots (``call_shot`` other than ``none``)."""
    pv = book.rulesets[match["ruleset"]].policy["call_shot"]
    return not pv.silent and pv.value != "none"


def quick_shot(book, match: Mapping[str, Any], f) -> dict[str, Any]:
    """The Shot of a one-tap button (``quick``, ``pocket``, ``first``) or of the detailed form."""
    low = _lowest(match)
    quick, pocket, first = f.get("quick", ""), f.get("pocket", ""), f.get("first", "")
    on = set(match["state"]["on_table"])

    def ball(raw: str, name: str) -> int:
        n = _number(raw)
        if n is None or n not in on:
            raise MatchError(400, "invalid_field", f"Champ « {name} » : une bille sur la table est attendue.", name)
        return n
    if quick == "detail":
        try:
            return dict(scenario_from_form(f)["shot"])
        except BadInput as exc:
            raise MatchError(400, "invalid_scenario", exc.message, exc.field) from None
    brk = match["state"]["break"]
    if pocket:
        n = ball(pocket, "pocket")
        shot: dict[str, Any] = {"kind": "break" if brk else "normal", "first_contact": low, "pocketed": [n]}
        if not brk and _calls(book, match):
            shot["called"] = {"ball": n, "pocket": None, "pocket_ok": True}
        return shot
    if first:
        return {"first_contact": ball(first, "first"), "pocketed": [], "rail_after_contact": True}
    table: dict[str, dict[str, Any]] = {
        "break_dry": {"kind": "break", "first_contact": low, "pocketed": [], "balls_to_rail": 4},
        "break_short": {"kind": "break", "first_contact": low, "pocketed": [], "balls_to_rail": 0},
        "break_scratch": {"kind": "break", "first_contact": low, "pocketed": [], "balls_to_rail": 4,
                          "cue_ball": "pocketed"},
        "miss": {"first_contact": low, "pocketed": [], "rail_after_contact": True},
        "scratch": {"first_contact": low, "pocketed": [], "rail_after_contact": True, "cue_ball": "pocketed"},
        "cue_off": {"first_contact": low, "pocketed": [], "rail_after_contact": True, "cue_ball": "off_table"},
        "no_contact": {"first_contact": None, "pocketed": []},
        "no_rail": {"first_contact": low, "pocketed": [], "rail_after_contact": False},
        "push_out": {"kind": "push_out", "pocketed": []},
    }
    if quick in table:
        return dict(table[quick])
    if quick.startswith("foul:") and quick[5:] in QUICK_FOULS:
        return {"first_contact": low, "pocketed": [], "rail_after_contact": True, "fouls": [quick[5:]]}
    raise MatchError(400, "invalid_field", "Champ « quick » : choisissez un coup parmi les boutons.", "quick")


def _ruleset_view(book, match: Mapping[str, Any]) -> dict[str, Any]:
    rs = book.rulesets[match["ruleset"]]
    return {"title": rs.title, "money": rs.money_ball, "game": GAMES.get(rs.game, rs.game)}


def _builder_link(match: Mapping[str, Any]) -> str:
    """The /arbitrage builder prefilled with the table now (to see the shot under every ruleset)."""
    st = match["state"]
    at = st["at_table"] or "A"
    opp = "B" if at == "A" else "A"
    scenario = {"state": {"on_table": st["on_table"], "ball_in_hand": st["ball_in_hand"],
                          "push_out_available": st["push_out_available"],
                          "fouls": {"shooter": st["fouls"][at], "opponent": st["fouls"][opp]},
                          "rack": match["rack_kind"]},
                "shot": {"kind": "break" if st["break"] else "normal"}, "ruleset": match["ruleset"]}
    return arbitrage_url(scenario)


def _render_follow(match_id: str, error: str | None = None, status: int = 200, spectator: bool = False):
    svc = match_service()
    row, state = svc.load(match_id)
    match = svc.to_json(row, state)
    book = get_rulebook()
    owner = not spectator and svc.is_owner(row, _page_token(match_id))
    choice = request.args.get("choix") if request.method == "GET" else request.form.get("choice")
    options = {o["choice"]: o for o in match["state"]["options"]}
    chosen = options.get(choice or "")
    labels = book.foul_labels
    shots = [{**s, "description": describe_shot(s["shot"], labels)} for s in match["shots"]]
    tpl = "match/follow.html"
    resp = make_response(render_template(
        tpl, m=match, shots=shots, owner=owner, spectator=spectator, error=error, chosen=chosen,
        rs=_ruleset_view(book, match), quick_fouls=[(c, labels.get(c, c)) for c in QUICK_FOULS],
        foul_labels=labels, builder=_builder_link(match), ball_list=ball_list,
        token_link=None, still=bool(request.args.get("fixe")),
        calls=_calls(book, match)), status)
    return resp


@bp.get("/partie/<match_id>")
def follow(match_id: str):
    """Follow a match: with its token (cookie), enter the shots; without, read only.
    ``?jeton=TOKEN`` (the referee's link for a second device) stores the token and reloads."""
    token = request.args.get("jeton")
    if token:
        svc = match_service()
        row = svc.head(match_id)
        if not svc.is_owner(row, token):
            return _render_follow(match_id, "Ce lien d’arbitre n’est pas (ou plus) valable : vue en lecture seule.", 403)
        return _with_token_cookie(redirect(url_for("match.follow", match_id=match_id), 303), match_id, token)
    return _render_follow(match_id)


@bp.get("/partie/<match_id>/suivre")
def watch(match_id: str):
    """The spectators' view: read only, refreshing itself (static/match.js; without script,
    a refresh every 15 s unless ``?fixe=1``)."""
    return _render_follow(match_id, spectator=True)


@bp.get("/partie/<match_id>/feuille")
def sheet(match_id: str):
    """The printable match sheet: every shot, its ruling and its clause, rack by rack."""
    svc = match_service()
    match = svc.view(match_id)
    book = get_rulebook()
    return render_template("match/sheet.html", m=match, rows=match_rows(match, book.foul_labels),
                           rs=_ruleset_view(book, match))


def _page_write(match_id: str, action):
    """Run a page's write with the cookie's token; errors re-render the page with the message."""
    svc = match_service()
    token = _page_token(match_id)
    try:
        action(svc, token)
    except MatchError as exc:
        if exc.status == 404 or wants_json():
            raise
        return _render_follow(match_id, exc.message, exc.status)
    return redirect(url_for("match.follow", match_id=match_id) + "#etat", 303)


def _number(raw: str) -> int | None:
    """A whole number ≥ 0 from a form value, or None (« ² » is a digit for ``str.isdigit``, not for ``int``)."""
    try:
        n = int(raw)
    except (TypeError, ValueError):
        return None
    return n if n >= 0 else None


def _form_seq() -> int | None:
    """The form's ``seq`` (the page's state when it was drawn), None when the form sends none;
    a value that is no whole number is refused (it would skip the stale-page check)."""
    raw = request.form.get("seq", "")
    if not raw:
        return None
    seq = _number(raw)
    if seq is None:
        raise MatchError(400, "invalid_field", f"Champ « seq » : un nombre entier positif est attendu, pas « {raw[:40]} ».",
                         "seq")
    return seq


@bp.post("/partie/<match_id>/coup")
@repeatable("on_table", "pocketed", "off_table", "fouls")   # the detailed shot's checkboxes
def enter_shot(match_id: str):
    def act(svc: MatchService, token: str | None) -> None:
        row, state = svc.load(match_id)
        svc.check_token(row, token)
        match = svc.to_json(row, state)
        shot = quick_shot(get_rulebook(), match, request.form)
        choice = request.form.get("choice") or None
        svc.shot(match_id, {**shot, "choice": choice, "seq": _form_seq()}, token)
    return _page_write(match_id, act)


@bp.post("/partie/<match_id>/annuler")
def undo(match_id: str):
    return _page_write(match_id, lambda svc, token: svc.undo(match_id, {"seq": _form_seq()}, token))


@bp.post("/partie/<match_id>/avertissement")
def warning(match_id: str):
    answer = request.form.get("warned", "")
    player = request.form.get("player") or None

    def act(svc: MatchService, token: str | None) -> None:
        data = {"warned": {"oui": True, "non": False}.get(answer), "seq": _form_seq(),
                "player": player if player in ("A", "B") else None}
        svc.warning(match_id, data, token)
    return _page_write(match_id, act)


@bp.get("/partie/<match_id>/lien")
def referee_link(match_id: str):
    """The referee's link (with the token) for a second device: shown to the token's holder only."""
    svc = match_service()
    row = svc.head(match_id)
    token = _page_token(match_id)
    svc.check_token(row, token)
    link = url_for("match.follow", match_id=match_id, jeton=token, _external=True)
    watch_link = url_for("match.watch", match_id=match_id, _external=True)
    resp = make_response(render_template("match/link.html", link=link, watch_link=watch_link, match_id=match_id))
    resp.headers["Cache-Control"] = "no-store"
    return resp
