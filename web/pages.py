"""HTML pages: the question box (``/``), the rulesets (``/regles``, ``/regles/<id>``) and the
topics (``/themes``, ``/themes/<topic>``). Server-rendered Jinja, French, no script needed."""
from __future__ import annotations

import unicodedata

from flask import Blueprint, abort, current_app, make_response, render_template, request

from qa import ruling_words as words
from qa.answer import AskError
from qa.describe import describe_scenario
from qa.rulebook import GAMES, SILENT, Clause, Rulebook
from qa.short import not_selected_sentence
from qa.text import fold

from .common import get_answerer, get_rulebook, has_control, list_param, services

bp = Blueprint("pages", __name__)

@bp.app_template_filter("game_label")
def game_label(game: str) -> str:
    """French name of a game id, capitalised (``nine-ball`` → ``Jeu de la 9``; the id itself when unknown)."""
    return GAMES[game].capitalize() if game in GAMES else game


@bp.app_template_global("clause_url")
def clause_url(clause_id: str | None) -> str:
    """Link to a clause inside its ruleset's page: ``/regles/<ruleset>#<clause id>``."""
    if not clause_id:
        return ""
    return f"/regles/{clause_id.split('/', 1)[0]}#{clause_id}"


@bp.app_template_global("ruleset_title")
def ruleset_title(ruleset_id: str | None) -> str:
    """Display title of a ruleset id (the id itself when unknown)."""
    rs = get_rulebook().rulesets.get(ruleset_id or "")
    return rs.title if rs else (ruleset_id or "")


@bp.app_template_global("not_selected")
def not_selected(ruleset_ids: list[str]) -> str:
    """« Dooly’s n’est pas parmi les règlements choisis. » for an Answer's ``not_selected``."""
    return not_selected_sentence(get_rulebook(), [r for r in ruleset_ids if r in get_rulebook().rulesets])


@bp.app_template_global("clause_of")
def clause_of(clause_id: str | None) -> Clause | None:
    """The Clause with this id, or None."""
    return get_rulebook().clauses.get(clause_id or "")


@bp.app_template_global("items_of")
def items_of(clause_id: str | None) -> list[Clause]:
    """The items of the list whose lead-in is ``clause_id`` (in source order; [] for any other clause)."""
    c = get_rulebook().clauses.get(clause_id or "")
    if c is None:
        return []
    return [i for i in get_rulebook().by_ruleset.get(c.ruleset, ()) if i.lead_in == c.id]


@bp.app_template_global("ref_label")
def ref_label(clause: Clause) -> str:
    """How a clause is named in a link: its title, else its section (never its id)."""
    return clause.title or clause.section or clause.id


@bp.app_template_global("ruling_rows")
def ruling_rows(outcome: dict) -> dict:
    """An Outcome (contract JSON) told in the one vocabulary of rulings (:mod:`qa.ruling_words`):
    ``{"line", "rows": [{"label", "items", "unsettled"}], "headings", "not_settled"}``."""
    book = get_rulebook()
    rs = book.rulesets.get(outcome.get("ruleset", ""))
    money = rs.money_ball if rs else 9
    labels = services().foul_labels
    unsettled = {words.FIELD_ROWS.get(f) for f in outcome.get("unsettled", ())}
    # the rows that say something (a « Non » or « Aucune » row is left out, unless the text leaves it open)
    rows = [{"label": words.ROWS[k], "items": items, "unsettled": k in unsettled}
            for k, items in words.ruling_rows(outcome, money, labels, bool(outcome.get("break"))).items()
            if k not in ("verdict", "on_table_after")
            and (k in unsettled or k == "next_shooter" or words.row_text(items) not in words.NOTHING)]
    return {"line": words.verdict_line(outcome, money, labels), "rows": rows, "headings": words.HEADINGS,
            "not_settled": words.NOT_SETTLED}


@bp.app_template_global("foul_label")
def foul_label(code: str) -> str:
    """French label of a foul code (the code itself when unknown)."""
    return services().foul_labels.get(code, code)


def _selected_rulesets(book: Rulebook) -> tuple[list[str] | None, str | None]:
    """Rulesets ticked in the form (``rulesets`` repeated, or ``ID,ID``); an error message for an unknown id."""
    ids = list_param(request.args, "rulesets")
    unknown = [i for i in ids if i not in book.rulesets]
    if unknown:
        return None, f"Règlement inconnu « {unknown[0][:80]} » : la question porte sur tous les règlements."
    return ids or None, None


# Example questions on the empty home page (tappable: each is a link to its answer).
EXAMPLES = (
    "Au jeu de la 9, la blanche tombe à la casse : que se passe-t-il ?",
    "On a le droit de faire un jump ?",
    "Combien de fautes d’affilée avant de perdre ?",
    "Au jeu de la 10, faut-il annoncer ses coups ?",
    "Un push-out, ça sert à quoi ?",
    "Je touche la 3 alors que la 2 est encore sur la table et la 9 tombe, j’ai gagné ?",
)
COOKIE = "arbitre_regles"          # the rulesets the player ticked, remembered a year
COOKIE_GAME = "arbitre_jeu"        # the game the player chose when a situation's game was asked
_YEAR = 365 * 24 * 3600


def _remembered(book: Rulebook) -> list[str]:
    raw = request.cookies.get(COOKIE, "")
    return [r for r in raw.split(",")[:20] if r in book.rulesets]


def _game_asked(book: Rulebook, answer: dict | None) -> bool:
    """The answer asks the game first: a situation ruled under both games, with one question back."""
    if not answer or answer.get("kind") != "scenario" or len(answer.get("follow_up") or ()) != 1:
        return False
    return len({book.rulesets[r].game for r in answer.get("rulesets", ()) if r in book.rulesets}) > 1


#: Said above the answer when the link's ``context`` could not be read (cut short, edited, too old).
CONTEXT_LOST = ("La conversation précédente n’a pas pu être reprise (le lien est incomplet ou a été modifié) : "
                "votre question est répondue seule, sans ce qui a été dit avant.")


def _ask(q: str, selected: list[str] | None, context: str | None):
    """(answer, error, status, notice) of the question box; ``notice`` is :data:`CONTEXT_LOST`
    when the conversation could not be continued and the question was answered on its own."""
    limit = current_app.config["MAX_QUESTION_LENGTH"]
    q = unicodedata.normalize("NFC", q)   # « é » typed as e + accent counts once
    if len(q) > limit:
        return None, f"La question est trop longue : {len(q)} caractères, au plus {limit}.", 400, None
    try:
        extra = {"context": context} if context else {}
        return get_answerer().ask(q, rulesets=selected, k=5, **extra), None, 200, None
    except AskError as exc:
        if exc.field == "context":   # a stale or edited conversation: the question on its own, and said so
            return get_answerer().ask(q, rulesets=selected, k=5), None, 200, CONTEXT_LOST
        return None, exc.message, 400, None


@bp.get("/")
def index():
    """The question box; with ``?q=…`` the answer (``#reponse``: the short answer first, then the
    thread, the box that continues it, and the cited clauses); ``context`` continues a conversation."""
    book = get_rulebook()
    q = request.args.get("q", "").strip()
    control = has_control(q)
    if control:
        q = ""          # said below, with a 400
    selected, error = _selected_rulesets(book)
    from_form = request.args.get("f") == "1"
    if not from_form and selected is None and not q:
        selected = _remembered(book) or None          # pre-tick what the player chose last time
    context = request.args.get("context") or None
    answer, status, notice = None, 200, None
    if q:
        answer, ask_error, status, notice = _ask(q, selected, context)
        error = ask_error or error          # an unknown ruleset ticked: said, and all rulesets asked
        game = request.cookies.get(COOKIE_GAME)
        if answer is not None and _game_asked(book, answer) and game in GAMES:
            again, _, _, _ = _ask(f"au {GAMES[game]}", None, answer.get("context"))
            answer = again or answer
    elif control:
        error, status = "La question contient un caractère de contrôle : retirez-le et reposez-la.", 400
    elif "q" in request.args:
        error = "Écrivez une question dans le champ ci-dessus."
    understood, game_of = [], None
    if answer and answer.get("kind") == "scenario":
        understood = describe_scenario(answer.get("scenario"), book.foul_labels)
        games = {book.rulesets[r].game for r in answer.get("rulesets", ()) if r in book.rulesets}
        game_of = games.pop() if len(games) == 1 else None
    thread = _thread(answer)
    first, rest = _citation_groups(answer)
    html = render_template("pages/index.html", q=q, answer=answer, error=error, selected=selected or [],
                           rulesets=list(book.rulesets.values()), max_length=current_app.config["MAX_QUESTION_LENGTH"],
                           topics=book.topics, understood=understood, game=game_of, thread=thread,
                           examples=EXAMPLES if not answer else (), game_asked=_game_asked(book, answer),
                           games=GAMES, first_citations=first, more_citations=rest, notice=notice)
    resp = make_response(html, status)
    _remember(resp, book, from_form, selected)
    return resp


def _thread(answer: dict | None) -> list[tuple[str, str]]:
    """The conversation's earlier turns (question, short), read from the answer's context."""
    if not answer or not answer.get("context"):
        return []
    from qa.conversation import read_context
    try:
        ctx = read_context(answer["context"], list(get_rulebook().rulesets))
    except ValueError:
        return []
    return list(ctx.thread[:-1]) if ctx else []


def _citation_groups(answer: dict | None) -> tuple[list[dict], list[dict]]:
    """The best citation of each ruleset (shown), and the others (folded)."""
    first: list[dict] = []
    rest: list[dict] = []
    seen: set[str] = set()
    for c in (answer or {}).get("citations") or ():
        (rest if c.get("ruleset") in seen else first).append(c)
        seen.add(c.get("ruleset", ""))
    return first, rest


def _remember(resp, book: Rulebook, from_form: bool, selected: list[str] | None) -> None:
    """Remember the rulesets ticked in the form (none ticked: forget), and the game chosen."""
    secure = bool(current_app.config.get("SESSION_COOKIE_SECURE"))
    if from_form:
        if selected:
            resp.set_cookie(COOKIE, ",".join(selected), max_age=_YEAR, samesite="Lax", httponly=True, secure=secure)
        else:
            resp.delete_cookie(COOKIE, samesite="Lax", httponly=True, secure=secure)
    game = request.args.get("jeu")
    if game in GAMES:
        resp.set_cookie(COOKIE_GAME, game, max_age=_YEAR, samesite="Lax", httponly=True, secure=secure)


@bp.get("/regles")
def rulesets():
    """The list of rulesets."""
    book = get_rulebook()
    items = [(rs, len(book.by_ruleset.get(rid, ()))) for rid, rs in book.rulesets.items()]
    return render_template("pages/rulesets.html", items=items)


@bp.get("/regles/<ruleset_id>")
def ruleset(ruleset_id: str):
    """A whole ruleset in source order, each clause at ``#<clause id>``, and its policy table."""
    book = get_rulebook()
    rs = book.rulesets.get(ruleset_id)
    if rs is None:
        abort(404)
    policy = []
    for name, spec in book.policy_specs.items():
        pv = rs.policy.get(name)
        if pv is None:
            continue
        silent = pv.value == SILENT
        policy.append({
            "name": name, "label": spec.label, "silent": silent,
            "value": "silencieux" if silent else spec.values.get(pv.value, pv.value),
            "clause": pv.clause, "note": pv.note,
        })
    clauses = book.by_ruleset.get(ruleset_id, ())
    query = (request.args.get("filtre") or "").strip()[:100]
    shown = [c for c in clauses if matches(c, query)]
    return render_template("pages/ruleset.html", rs=rs, clauses=shown, total=len(clauses), query=query,
                           sections=sections_of(shown), policy=policy, topics=book.topics)


@bp.get("/themes")
def topics():
    """The topics, with how many clauses each ruleset has on it."""
    book = get_rulebook()
    counts = {t: sum(1 for c in book.clauses.values() if t in c.topics and c.kind != "toc") for t in book.topics}
    return render_template("pages/topics.html", topics=book.topics, counts=counts)


@bp.get("/themes/<topic>")
def topic(topic: str):
    """The clauses of one topic, grouped by ruleset (toc clauses left out)."""
    book = get_rulebook()
    if topic not in book.topics:
        abort(404)
    query = (request.args.get("filtre") or "").strip()[:100]
    groups, total = [], 0
    for rid, rs in book.rulesets.items():
        cl = [c for c in book.by_ruleset.get(rid, ()) if topic in c.topics and c.kind != "toc"]
        total += len(cl)
        cl = [c for c in cl if matches(c, query)]
        if cl:
            groups.append((rs, cl))
    return render_template("pages/topic.html", topic=topic, label=book.topics[topic], groups=groups,
                           topics=book.topics, query=query, total=total)


def matches(clause: Clause, query: str) -> bool:
    """Does ``clause`` (title, section, text) hold every word of ``query``? Accents and case
    folded, as the page's live filter does (static/reading.js). An empty query matches all."""
    words = fold(query).split()
    if not words:
        return True
    hay = fold(" ".join((clause.title or "", clause.section or "", clause.text)))
    return all(w in hay for w in words)


def sections_of(clauses) -> list[dict]:
    """The table of contents of a ruleset page: [{"anchor", "title", "part", "count"}], one per
    section heading of the text, in order (the heading ids the template writes)."""
    out: list[dict] = []
    key = None
    for c in clauses:
        if (c.part, c.section) != key:
            key = (c.part, c.section)
            out.append({"anchor": "s-" + c.id.split("/", 1)[-1], "title": c.section or c.part or c.title,
                        "part": c.part, "first": c.id, "count": 0})
        out[-1]["count"] += 1
    return out
