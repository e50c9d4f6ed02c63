"""Referee quizzes: the JSON API under /api/quizzes (contract "Quizzes") and the /quiz pages.

Views only translate HTTP into calls of :class:`qa.quiz.service.QuizService` and results
into JSON or server-rendered French pages (no script needed; static/quiz.js adds the exam
countdown). A :class:`~qa.quiz.params.QuizError` a view lets through is answered by
``web/errors.py`` with its own status, code and French message. The store is ``DATABASE`` of the app config (``--db`` /
``ARBITRE_DB``: a SQLite file, or a PostgreSQL URL shared by several servers); one :class:`~qa.quiz.service.QuizService` per app, built on first use.

API
  POST /api/quizzes                      → 201 {id, seed, mode, questions, ...}
  GET  /api/quizzes/<id>                 → the quiz, its answers so far, its result once finished
  POST /api/quizzes/<id>/answers         → practice: {correct, right_choice, explanation, citations}
                                           exam: {recorded: true}
  POST /api/quizzes/<id>/finish          → {score, total, passed, by_topic, review, ...}
  GET  /api/quizzes/<id>/export?format=gift|csv[|anki]
  GET  /api/learners/<learner>/history   → scores per topic and ruleset over time, Leitner boxes
  POST /api/learners/<learner>/mistakes  → 201 a practice quiz of the questions got wrong
  POST /api/learners/<learner>/review    → 201 a practice quiz of the Leitner questions due today

Pages
  /quiz (set up), /quiz/<id> (one question at a time), /quiz/<id>/revue, /quiz/<id>/imprimer,
  /quiz/historique (history, "refaire mes erreurs", Leitner boxes due today).
"""
from __future__ import annotations

import math
import unicodedata
import secrets
from datetime import timedelta
from typing import Any, TypeVar

from flask import (Blueprint, Response, abort, current_app, jsonify, make_response, redirect, render_template,
                   request, session, url_for)

from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from qa.quiz import exams
from qa.quiz.params import MAX_COUNT, MAX_LEARNER, MAX_TIME_LIMIT_S, QuizError, clean_learner
from qa.quiz.service import COMPARISON, GRACE_S, QuizService
from qa.quiz.names import same_learner
from qa.quiz.store import Store

from .common import (ApiError, app_service, created, get_rulebook, json_body, list_param, query_fields, reject_unknown_keys, repeatable,
                     request_body, request_token)

bp = Blueprint("quiz", __name__)

LEARNER_COOKIE = "arbitre_learner"
COOKIE_AGE = 365 * 24 * 3600
EXT_KEY = "arbitre.quiz"
MAX_TIME_LIMIT_MIN = MAX_TIME_LIMIT_S // 60


# ----------------------------------------------------------------------------- service
def quiz_service() -> QuizService:
    """The app's :class:`QuizService` (store at ``DATABASE``), built once on first use.

    Raises :class:`~qa.quiz.store.StoreError` when the database cannot be used (answered
    503 by ``web/errors.py``; ``serve`` builds it at start-up to fail early instead)."""
    return app_service(EXT_KEY, lambda app, path, create_parent:
                       QuizService(get_rulebook(), Store(path, create_parent=create_parent), app.config.get("QUIZ_CLOCK")))


# ============================================================================= JSON API

def _no_fields() -> None:
    """An endpoint that takes no body: none, or an empty JSON object (400 naming a field sent)."""
    if request_body().strip():
        reject_unknown_keys(json_body(), ())


@bp.post("/api/quizzes")
def api_create():
    """Create a quiz: 201 ``{id, token, seed, mode, questions, ...}`` (400 naming the field;
    403 for a learner's name that is someone else's)."""
    out = quiz_service().create(json_body(), strict=True, token=request_token())
    return created(out, f"/api/quizzes/{out['id']}")


@bp.get("/api/quizzes/<quiz_id>")
def api_view(quiz_id: str):
    """The quiz, its answers so far and its result once finished."""
    return jsonify(quiz_service().view(quiz_id, request_token()))


@bp.post("/api/quizzes/<quiz_id>/answers")
def api_answer(quiz_id: str):
    """Record an answer ``{question, choice}`` (first write wins)."""
    svc = quiz_service()
    svc.authorize(svc.load(quiz_id, answers=False), request_token())    # 404, then 403, before looking at the body
    data = json_body()
    reject_unknown_keys(data, ("question", "choice"))
    return jsonify(svc.answer(quiz_id, data, request_token()))


@bp.post("/api/quizzes/<quiz_id>/finish")
def api_finish(quiz_id: str):
    """Finish the quiz and return its result (idempotent)."""
    _no_fields()
    return jsonify(quiz_service().finish(quiz_id, request_token()))


@bp.get("/api/quizzes/<quiz_id>/export")
@query_fields("format", "sep")
def api_export(quiz_id: str):
    """The questions with their right answers: ``format=gift`` (Moodle) or ``csv``."""
    fmt = (request.args.get("format") or "").strip().lower()
    body, mimetype, filename = quiz_service().export(quiz_id, fmt, request_token(), request.args.get("sep") or ",",
                                                     request.host_url)
    resp = Response(body, mimetype=mimetype.split(";")[0])   # a text/* type gets « ; charset=utf-8 »
    resp.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return resp


_R = TypeVar("_R", bound=BaseResponse)


def _learner_arg(learner: str) -> str:
    """The learner named in the URL, checked like the ``learner`` field of a quiz (400 naming it)."""
    if len(unicodedata.normalize("NFC", " ".join((learner or "").split()))) > MAX_LEARNER:
        raise ApiError(400, "invalid_field", f"Apprenant : un nom de 1 à {MAX_LEARNER} caractères est attendu.", "learner")
    name = clean_learner(learner, required=True)
    assert name is not None    # required: None is refused
    return name


@bp.get("/api/learners/<learner>/history")
def api_history(learner: str):
    """The learner's quizzes, scores per topic and per ruleset over time, Leitner boxes."""
    return jsonify(quiz_service().history(_learner_arg(learner), request_token()))


@bp.post("/api/learners/<learner>/mistakes")
def api_mistakes(learner: str):
    """201: a practice quiz of the questions the learner got wrong (404 when none)."""
    _no_fields()
    return jsonify(quiz_service().retry_mistakes(_learner_arg(learner), token=request_token())), 201


@bp.post("/api/learners/<learner>/review")
def api_review(learner: str):
    """201: a practice quiz of the learner's Leitner questions due today (404 when none)."""
    _no_fields()
    return jsonify(quiz_service().review_due(_learner_arg(learner), request_token())), 201


@bp.get("/api/bank/export")
@query_fields("rulesets", "format", "sep")
def api_bank_export():
    """The whole question bank (``rulesets=ID,ID``; all by default) as ``format=gift|csv|anki``
    (``sep=;`` for a French spreadsheet). Public: the bank is training material."""
    fmt = (request.args.get("format") or "").strip().lower()
    body, mimetype, filename = quiz_service().export_bank(list_param(request.args, "rulesets"), fmt,
                                                          request.args.get("sep") or ",", request.host_url)
    resp = Response(body, mimetype=mimetype.split(";")[0])
    resp.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return resp


@bp.get("/api/syllabus")
@query_fields("rulesets")
def api_syllabus():
    """Situation types of the ruling questions per ruleset, topic and level (1..3)."""
    from qa.quiz.generate import syllabus
    book = get_rulebook()
    wanted = list_param(request.args, "rulesets")
    for r in wanted:
        if r not in book.rulesets:
            raise ApiError(400, "unknown_ruleset", f"Règlement inconnu : « {r[:80]} ».", "rulesets")
    return jsonify(syllabus(book, wanted or None))


@bp.post("/api/exams")
def api_exam_create():
    """A trainer's exam: 201 ``{id, trainer_token, codes, ...}``."""
    out = exams.create_exam(quiz_service(), json_body())
    return created(out, f"/api/exams/{out['id']}")


@bp.get("/api/exams/<exam_id>")
def api_exam(exam_id: str):
    """What a candidate may know of an exam before starting it (title, count, time limit, pass mark)."""
    return jsonify(exams.public_exam(quiz_service(), exam_id))


@bp.post("/api/exams/<exam_id>/attempts")
def api_exam_attempt(exam_id: str):
    """A candidate's one attempt: 201 an exam-mode quiz (403 unknown code, 409 code used)."""
    out = exams.start_attempt(quiz_service(), exam_id, json_body())
    return created(out, f"/api/quizzes/{out['id']}")


@bp.get("/api/exams/<exam_id>/results")
@query_fields("format", "sep")
def api_exam_results(exam_id: str):
    """Each candidate's result (trainer token); ``?format=csv`` for a spreadsheet (``sep=,`` for commas)."""
    data = exams.results(quiz_service(), exam_id, request_token())
    fmt = (request.args.get("format") or "json").strip().lower()
    if fmt == "csv":
        sep = "," if request.args.get("sep") == "," else ";"
        resp = Response(exams.results_csv(data, sep).encode("utf-8"), mimetype="text/csv")
        resp.headers["Content-Disposition"] = f'attachment; filename="arbitre-examen-{data["id"]}.csv"'
        return resp
    if fmt != "json":
        raise ApiError(400, "invalid_format", "Paramètre « format » : json ou csv est attendu.", "format")
    return jsonify(data)


# ============================================================================= table picture
BALL_COLOURS = {1: "#f2c200", 2: "#1f4fbf", 3: "#d0202a", 4: "#5b2a86", 5: "#f07c00", 6: "#1b7a3a",
                7: "#7a1f1f", 8: "#111111", 9: "#f2c200", 10: "#1f4fbf"}
STRIPES = {9, 10}
_SPOTS = ((150, 38), (118, 76), (92, 36), (172, 86), (74, 82), (136, 56), (186, 30), (100, 96), (162, 62), (58, 44))
CUE_SPOT = (40, 68)
FOOT = (160, 60)
R = 5.0


def _rack_positions(money: int) -> dict[int, tuple[float, float]]:
    """Balls racked at the foot spot: a diamond (9 balls) or a triangle (10), 1 at the apex,
    the money ball in the centre."""
    rows = (1, 2, 3, 2, 1) if money == 9 else (1, 2, 3, 4)
    dx, dy = 2 * R * 0.87, 2 * R * 0.5
    slots = []
    for i, n in enumerate(rows):
        for j in range(n):
            slots.append((FOOT[0] + i * dx, FOOT[1] + (j - (n - 1) / 2) * 2 * dy))
    centre = 4
    order = [1, money] + [b for b in range(2, money) if b != money]
    pos = {1: slots[0], money: slots[centre]}
    rest = [s for k, s in enumerate(slots) if k not in (0, centre)]
    for b, s in zip(order[2:], rest):
        pos[b] = s
    return pos


def table_picture(scenario: dict | None, money: int) -> dict | None:
    """What to draw for a ``call`` question: balls (number, x, y, colour, stripe, state),
    the cue ball, an arrow to the first ball touched, and a French description."""
    if not scenario:
        return None
    st, sh = scenario.get("state") or {}, scenario.get("shot") or {}
    brk = sh.get("kind") == "break"
    on = st.get("on_table") or list(range(1, money + 1))
    pos = _rack_positions(money) if brk else {b: _SPOTS[(b * 7) % 10] for b in on}
    pocketed, off = set(sh.get("pocketed") or ()), set(sh.get("off_table") or ())
    balls = []
    for b in sorted(on):
        x, y = pos[b]
        state = "pocketed" if b in pocketed else "off" if b in off else "table"
        balls.append({"n": b, "x": round(x, 2), "y": round(y, 2), "colour": BALL_COLOURS.get(b, "#888"),
                      "stripe": b in STRIPES, "state": state})
    cue = CUE_SPOT
    first = sh.get("first_contact")
    arrow = None
    if first in pos:
        fx, fy = pos[first]
        arrow = {"x1": cue[0] + R, "y1": cue[1], "x2": round(fx - R * 1.6, 2), "y2": round(fy, 2)}
    desc = [f"Billes sur la table avant le coup : {', '.join(str(b) for b in sorted(on))}."]
    if first:
        desc.append(f"La blanche touche d’abord la {first}.")
    elif "first_contact" in sh:
        desc.append("La blanche ne touche aucune bille.")
    if pocketed:
        desc.append(f"Empochée(s) : {', '.join(str(b) for b in sorted(pocketed))}.")
    if off:
        desc.append(f"Sortie(s) de la table : {', '.join(str(b) for b in sorted(off))}.")
    if sh.get("cue_ball") == "pocketed":
        desc.append("La blanche tombe dans une poche.")
    elif sh.get("cue_ball") == "off_table":
        desc.append("La blanche sort de la table.")
    return {"balls": balls, "cue": {"x": cue[0], "y": cue[1], "state": sh.get("cue_ball", "table")},
            "arrow": arrow, "break": brk, "template": st.get("rack") == "template", "r": R,
            "pocketed": sorted(pocketed), "off": sorted(off), "description": " ".join(desc)}


@bp.app_template_global("quiz_table")
def quiz_table(question: Any) -> dict | None:
    """The table picture of a question (Question object or public mapping), or None."""
    sc = question.scenario if hasattr(question, "scenario") else question.get("scenario")
    ruleset = question.ruleset if hasattr(question, "ruleset") else question.get("ruleset")
    if not sc or not ruleset:
        return None
    rs = get_rulebook().rulesets.get(ruleset)
    return table_picture(sc, rs.money_ball if rs else 9)


# ============================================================================= pages
# The pages keep the secrets of the contract's « Tokens » in the signed session cookie: the
# tokens of the quizzes this browser created (the latest KEEP_QUIZZES), its learner's token and
# the trainer tokens of the exams it set.
SESSION_QUIZZES, SESSION_LEARNER, SESSION_TRAINER = "quiz_tokens", "learner_token", "trainer_tokens"
KEEP_QUIZZES = 40


def _keep(key: str, item_id: str, token: str) -> None:
    toks = dict(session.get(key) or {})
    toks.pop(item_id, None)
    toks[item_id] = token
    while len(toks) > KEEP_QUIZZES:
        toks.pop(next(iter(toks)))
    session[key] = toks


def _remember(out: dict) -> None:
    """Keep a new quiz's token (and its learner's, the first time) in the session."""
    _keep(SESSION_QUIZZES, out["id"], out["token"])
    if out.get("learner_token"):
        session[SESSION_LEARNER] = {"name": out["learner"], "token": out["learner_token"]}


def _learner_token(name: str | None = None) -> str | None:
    """The session's learner token (only for ``name``, compared as the store compares names, when given)."""
    rec = session.get(SESSION_LEARNER) or {}
    if not rec.get("token") or (name is not None and not same_learner(str(rec.get("name", "")), name)):
        return None
    return str(rec["token"])


def _page_token(quiz_id: str) -> str | None:
    return (session.get(SESSION_QUIZZES) or {}).get(quiz_id) or _learner_token()


def _learner_name(raw: str | None) -> str | None:
    """A learner name from a cookie or a query string: cleaned, or None when it is not a valid name."""
    try:
        return clean_learner(unicodedata.normalize("NFC", " ".join((raw or "").split()))[:MAX_LEARNER])
    except QuizError:
        return None


def _learner_cookie() -> str | None:
    return _learner_name(request.cookies.get(LEARNER_COOKIE, ""))


def _with_cookie(resp: _R, learner: str | None) -> _R:
    if learner:
        resp.set_cookie(LEARNER_COOKIE, learner, max_age=COOKIE_AGE, httponly=True, samesite="Lax",
                        secure=bool(current_app.config.get("HTTPS")))
    return resp


def _setup_defaults() -> dict:
    return {"rulesets": [], "topics": [], "levels": [], "count": 10, "mode": "practice", "seed": "",
            "time_limit_min": "", "learner": _learner_cookie() or ""}


def _render_setup(form: dict, error: str | None = None, field: str | None = None, status: int = 200):
    book = get_rulebook()
    return render_template("quiz/setup.html", form=form, error=error, error_field=field,
                           rulesets=list(book.rulesets.values()), topics=book.topics, max_count=MAX_COUNT,
                           max_learner=MAX_LEARNER), status


@bp.get("/quiz")
@repeatable("topics", "levels")     # the set-up form's checkbox lists, in a shared link
def setup():
    """Set up a quiz: rulesets, topics, number of questions, mode, exam code, time limit, name.
    Query parameters pre-fill the form (``?seed=1234&mode=exam&rulesets=9-ffb`` to share an exam)."""
    form = _setup_defaults()
    args = request.args
    if args:
        form.update(rulesets=list_param(args, "rulesets"), topics=list_param(args, "topics"),
                    count=args.get("count", form["count"]), mode=args.get("mode", "practice"),
                    seed=args.get("seed", ""), time_limit_min=args.get("time_limit_min", ""))
    return _render_setup(form)


@bp.post("/quiz")
@repeatable("topics", "levels")
def create():
    """Create a quiz from the set-up form, then go to its first question."""
    f = request.form
    form = {"rulesets": f.getlist("rulesets"), "topics": f.getlist("topics"), "levels": f.getlist("levels"),
            "count": f.get("count", "10"),
            "mode": f.get("mode", "practice"), "seed": f.get("seed", "").strip(),
            "time_limit_min": f.get("time_limit_min", "").strip(), "learner": f.get("learner", "").strip()}
    limit: Any = None
    if form["time_limit_min"]:
        try:
            minutes = float(form["time_limit_min"].replace(",", "."))
        except ValueError:
            minutes = math.nan
        if not math.isfinite(minutes):   # "abc", but also "nan", "inf" that float() accepts
            return _render_setup(form, "Durée : un nombre de minutes est attendu (ou laissez vide : pas de limite).",
                                 "time_limit_min", 400)
        if not 0 < minutes <= MAX_TIME_LIMIT_MIN:
            return _render_setup(form, f"Durée : un nombre de minutes entre 1 et {MAX_TIME_LIMIT_MIN} ({MAX_TIME_LIMIT_MIN // 60} h) "
                                       "est attendu (ou laissez vide : pas de limite).", "time_limit_min", 400)
        limit = min(int(round(minutes * 60)) or 1, MAX_TIME_LIMIT_S)
    learner = form["learner"] or _learner_cookie() or f"apprenant-{secrets.token_hex(3)}"
    data = {"rulesets": form["rulesets"] or None, "topics": form["topics"], "count": form["count"], "mode": form["mode"],
            "seed": form["seed"] or None, "time_limit_s": limit, "learner": learner, "levels": form["levels"] or None}
    code = f.get("learner_code", "").strip()
    try:
        out = quiz_service().create(data, token=code or _learner_token(learner))
        if code:
            session[SESSION_LEARNER] = {"name": out["learner"], "token": code}
        _remember(out)
    except QuizError as exc:
        if exc.field == "time_limit_s":  # the form asks for minutes: name its own field
            return _render_setup(form, f"Durée : un nombre de minutes entre 1 et {MAX_TIME_LIMIT_MIN} est attendu "
                                       "(ou laissez vide : pas de limite).", "time_limit_min", exc.status)
        return _render_setup(form, exc.message, exc.field, exc.status)
    return _with_cookie(redirect(url_for("quiz.take", quiz_id=out["id"]), 303), out["learner"])


def _load_or_404(quiz_id: str, current: bool = False):
    """The quiz (with ``current``, finished first when its time is over), or the 404 page;
    the 403 page when this browser holds neither its token nor its learner's."""
    svc = quiz_service()
    try:
        quiz = svc.load_current(quiz_id) if current else svc.load(quiz_id)
    except QuizError:
        abort(404)
    svc.authorize(quiz, _page_token(quiz.id))
    return quiz


def _position_arg(raw: str) -> int | None:
    """``?q=N`` as an int, None when it is not one (``str.isdigit`` accepts "²", ``int`` does not)."""
    try:
        return int(raw) if raw.isascii() else None
    except ValueError:
        return None


def _time_over(quiz) -> bool:
    """True when the quiz has a time limit and it has run out (give or take the grace the
    countdown's own submission gets): only then does the review say « temps écoulé »."""
    d = quiz.deadline
    return d is not None and quiz_service().now() >= d - timedelta(seconds=GRACE_S)


@bp.get("/quiz/<quiz_id>")
def take(quiz_id: str):
    """One question at a time (``?q=N``, 1-based; default: the first unanswered). In practice
    mode an answered question shows its correction; an exam shows a countdown."""
    quiz = _load_or_404(quiz_id, current=True)
    if quiz.finished:
        return redirect(url_for("quiz.review", quiz_id=quiz.id), 303)
    total = len(quiz.questions)
    n = _position_arg(request.args.get("q", ""))
    if n is not None and 1 <= n <= total:
        pos = n - 1
    else:
        nxt = quiz.next_unanswered()
        pos = total - 1 if nxt is None else nxt
    q = quiz.questions[pos]
    answer = quiz.answers.get(q.id)
    feedback = None
    if answer and quiz.mode == "practice":
        feedback = {"correct": answer["correct"], "choice": answer["choice"],
                    "citations": quiz_service().citations(q.citations)}
    error = request.args.get("erreur")
    return render_template("quiz/take.html", quiz=quiz, q=q, pos=pos, total=total, answer=answer,
                           feedback=feedback, answered=len(quiz.answers), remaining=quiz.remaining_s(quiz_service().now()),
                           all_answered=quiz.next_unanswered() is None,
                           error=("Choisissez une réponse avant de valider." if error == "choix" else None),
                           deadline=quiz.deadline.isoformat() if quiz.deadline else None)


@bp.post("/quiz/<quiz_id>/repondre")
def answer(quiz_id: str):
    """Record the answer of the form (then, in practice, show its correction; in an exam, go
    to the next question). ``finir=1`` (sent by the countdown) also finishes the quiz."""
    quiz = _load_or_404(quiz_id)
    svc = quiz_service()
    qid, choice = request.form.get("question", ""), request.form.get("choice")
    then_finish = request.form.get("finir") == "1"
    pos = quiz.position(qid)
    if pos < 0:
        abort(404)
    if not choice:
        if then_finish:
            svc.finish(quiz.id, _page_token(quiz.id))
            return redirect(url_for("quiz.review", quiz_id=quiz.id), 303)
        return redirect(url_for("quiz.take", quiz_id=quiz.id, q=pos + 1, erreur="choix"), 303)
    try:
        svc.answer(quiz.id, {"question": qid, "choice": choice}, _page_token(quiz.id))
    except QuizError as exc:
        if exc.code in ("time_over", "quiz_finished"):
            return redirect(url_for("quiz.review", quiz_id=quiz.id, temps=1 if exc.code == "time_over" else None), 303)
        if exc.code == "invalid_choice":
            return redirect(url_for("quiz.take", quiz_id=quiz.id, q=pos + 1, erreur="choix"), 303)
        raise
    if then_finish:
        svc.finish(quiz.id, _page_token(quiz.id))
        return redirect(url_for("quiz.review", quiz_id=quiz.id, temps=1 if _time_over(quiz) else None), 303)
    if quiz.mode == "practice":
        return redirect(url_for("quiz.take", quiz_id=quiz.id, q=pos + 1, _anchor="correction"), 303)
    quiz = _load_or_404(quiz_id)
    nxt = quiz.next_unanswered()
    target = (nxt + 1) if nxt is not None else pos + 1
    return redirect(url_for("quiz.take", quiz_id=quiz.id, q=target), 303)


@bp.post("/quiz/<quiz_id>/terminer")
def finish(quiz_id: str):
    """Finish the quiz and show its review."""
    quiz = _load_or_404(quiz_id)
    quiz_service().finish(quiz.id, _page_token(quiz.id))
    temps = 1 if request.form.get("temps") == "1" and _time_over(quiz) else None
    return redirect(url_for("quiz.review", quiz_id=quiz.id, temps=temps), 303)


@bp.get("/quiz/<quiz_id>/revue")
def review(quiz_id: str):
    """The result: score, pass or fail, per topic and per ruleset, and every question with
    the answer given, the right one, the explanation and the citations."""
    quiz = _load_or_404(quiz_id, current=True)
    result = quiz_service().shown_result(quiz, quiz.row["result"]) if quiz.finished else None
    return render_template("quiz/review.html", quiz=quiz, result=result, time_over=request.args.get("temps") == "1" and quiz.deadline is not None,
                           answered=len(quiz.answers), total=len(quiz.questions), comparison=COMPARISON,
                           questions={q.id: q for q in quiz.questions})


@bp.get("/quiz/<quiz_id>/export")
def page_export(quiz_id: str):
    """The quiz's export for this browser (its token from the session): ``format=gift|csv|anki``,
    ``sep=;`` for a French spreadsheet."""
    quiz = _load_or_404(quiz_id)
    fmt = (request.args.get("format") or "").strip().lower()
    body, mimetype, filename = quiz_service().export(quiz.id, fmt, _page_token(quiz.id), request.args.get("sep") or ",",
                                                     request.host_url)
    resp = Response(body, mimetype=mimetype.split(";")[0])
    resp.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return resp


@bp.get("/quiz/<quiz_id>/imprimer")
def printable(quiz_id: str):
    """A printable exam: the questions, then the answer key on a separate page (for a
    practice quiz or a finished exam; an exam in progress prints without the key)."""
    quiz = _load_or_404(quiz_id)
    show_key = quiz.mode == "practice" or quiz.finished
    return render_template("quiz/print.html", quiz=quiz, show_key=show_key,
                           citations={q.id: quiz_service().citations(q.citations) for q in quiz.questions})


def _history_learner() -> str | None:
    return _learner_name(request.values.get("learner")) or _learner_cookie()


@bp.get("/quiz/historique")
def history():
    """The learner's history (name from ``?learner=`` or the cookie): quizzes over time,
    scores per topic and per ruleset, "refaire mes erreurs", Leitner boxes due today."""
    learner = _history_learner()
    token = _learner_token(learner) if learner else None
    data = None
    if learner and token is None and quiz_service().store.learner(learner) is None:
        learner = None          # nobody of that name yet: nothing to open
    if learner and token:
        try:
            data = quiz_service().history(learner, token)
        except QuizError:
            token = None
    message = {"aucune-erreur": "Aucune erreur à refaire : bravo !",
               "rien-a-revoir": "Aucune question à revoir aujourd’hui.",
               "code-errone": "Nom ou code d’apprenant erroné."}.get(request.args.get("info", ""))
    resp = make_response(render_template("quiz/history.html", learner=learner, data=data, message=message,
                                         comparison=COMPARISON, learner_code=token,
                                         locked=bool(learner) and data is None))
    return _with_cookie(resp, learner if request.args.get("learner") else None)


def _practice_from_history(make, info: str):
    """Create a practice quiz for the learner of the form (or cookie) with ``make(learner)``
    and go to it; back to the history page, with the French notice ``info``, when it has no
    question to offer."""
    learner = _history_learner()
    if not learner:
        return redirect(url_for("quiz.history"), 303)
    try:
        out = make(learner, token=_learner_token(learner))
    except QuizError:
        return redirect(url_for("quiz.history", info=info), 303)
    _remember(out)
    return _with_cookie(redirect(url_for("quiz.take", quiz_id=out["id"]), 303), learner)


@bp.post("/quiz/historique/connexion")
def history_login():
    """Open a learner's history on this browser with the learner's name and code (token)."""
    learner = _learner_name(request.form.get("learner"))
    code = (request.form.get("learner_code") or "").strip()
    if not learner or not code:
        return redirect(url_for("quiz.history", info="code-errone"), 303)
    try:
        name = quiz_service().learner_of(learner, code)
    except QuizError:
        return redirect(url_for("quiz.history", learner=learner, info="code-errone"), 303)
    session[SESSION_LEARNER] = {"name": name, "token": code}
    return _with_cookie(redirect(url_for("quiz.history"), 303), name)


@bp.post("/quiz/historique/erreurs")
def retry_mistakes():
    """Create a practice quiz of the questions the learner got wrong."""
    return _practice_from_history(quiz_service().retry_mistakes, "aucune-erreur")


@bp.post("/quiz/historique/revision")
def review_due():
    """Create a practice quiz of the Leitner questions due today."""
    return _practice_from_history(quiz_service().review_due, "rien-a-revoir")


@bp.app_template_global("quiz_anki")
def quiz_anki() -> bool:
    """True when Anki decks can be exported (genanki installed)."""
    from qa.quiz.export import anki_available
    return anki_available()


@bp.app_template_global("quiz_topic")
def quiz_topic(topic: str) -> str:
    """French label of a topic id."""
    return get_rulebook().topics.get(topic, topic)


@bp.app_template_filter("pct")
def pct(slot: Any) -> int:
    """Percentage of right answers of a ``{correct, total}`` tally."""
    try:
        return round(100 * slot["correct"] / slot["total"]) if slot["total"] else 0
    except (KeyError, TypeError):
        return 0


@bp.app_template_filter("when")
def when(iso: str | None) -> Markup:
    """``2025-03-01T14:05:09.123+00:00`` → ``<time class="local" datetime="…">01/03/2025 14:05 UTC</time>``:
    the page's script (static/app.js) rewrites it in the user's own time zone."""
    if not iso:
        return Markup("")
    return Markup('<time class="local" datetime="{}">{}/{}/{} {} UTC</time>').format(
        iso, iso[8:10], iso[5:7], iso[0:4], iso[11:16])


__all__ = ["bp", "quiz_service", "table_picture"]


# ============================================================================= trainer exams (pages)
def _exam_form() -> dict:
    f = request.form
    return {"title": f.get("title", "").strip(), "rulesets": f.getlist("rulesets"), "topics": f.getlist("topics"),
            "count": f.get("count", "20").strip(), "time_limit_min": f.get("time_limit_min", "").strip(),
            "pass_percent": f.get("pass_percent", "80").strip(), "candidates": f.get("candidates", "10").strip()}


def _render_exam_new(form: dict, error: str | None = None, field: str | None = None, status: int = 200):
    book = get_rulebook()
    return render_template("quiz/exam_new.html", form=form, error=error, error_field=field,
                           rulesets=list(book.rulesets.values()), topics=book.topics, max_count=MAX_COUNT,
                           max_candidates=exams.MAX_CANDIDATES), status


def _number(text: str, field: str, label: str) -> float:
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise QuizError(400, "invalid_field", f"{label} : un nombre est attendu.", field)
    return value


@bp.get("/examens/nouveau")
def exam_new():
    """A trainer sets an exam: rulesets, topics, count, time limit, pass mark, candidates."""
    return _render_exam_new({"title": "", "rulesets": [], "topics": [], "count": "20", "time_limit_min": "30",
                             "pass_percent": "80", "candidates": "10"})


@bp.post("/examens")
@repeatable("topics", "levels")
def exam_create():
    """Create the exam; the page shows the candidate codes (once) and keeps the trainer token
    in this browser's session."""
    form = _exam_form()
    try:
        limit = None
        if form["time_limit_min"]:
            minutes = _number(form["time_limit_min"], "time_limit_min", "Durée")
            if not 0 < minutes <= MAX_TIME_LIMIT_MIN:
                raise QuizError(400, "invalid_field", f"Durée : entre 1 et {MAX_TIME_LIMIT_MIN} minutes.",
                                "time_limit_min")
            limit = max(1, int(round(minutes * 60)))
        percent = _number(form["pass_percent"] or "80", "pass_percent", "Seuil de réussite")
        if not 0 < percent <= 100:
            raise QuizError(400, "invalid_field", "Seuil de réussite : un pourcentage de 1 à 100 est attendu.",
                            "pass_percent")
        count = int(_number(form["count"] or "20", "count", "Nombre de questions"))
        candidates = int(_number(form["candidates"] or "1", "candidates", "Nombre de candidats"))
        out = exams.create_exam(quiz_service(), {
            "title": form["title"] or None, "rulesets": form["rulesets"] or None, "topics": form["topics"], "count": count,
            "time_limit_s": limit, "pass_mark": percent / 100, "candidates": candidates})
    except QuizError as exc:
        return _render_exam_new(form, exc.message, exc.field, exc.status)
    _keep(SESSION_TRAINER, out["id"], out["trainer_token"])
    return render_template("quiz/exam_created.html", exam=out)


@bp.get("/examens/<exam_id>")
def exam_start_page(exam_id: str):
    """A candidate's page: the exam's title and rules, a code and a name to start."""
    info = exams.public_exam(quiz_service(), exam_id)
    return render_template("quiz/exam_start.html", exam=info, error=None, form={"learner": _learner_cookie() or ""})


@bp.post("/examens/<exam_id>/commencer")
def exam_start(exam_id: str):
    """Start the candidate's one attempt with the code, then go to the first question."""
    svc = quiz_service()
    info = exams.public_exam(svc, exam_id)
    form = {"learner": request.form.get("learner", "").strip()}
    try:
        out = exams.start_attempt(svc, exam_id, {"code": request.form.get("code", ""),
                                                 "learner": form["learner"] or None})
    except QuizError as exc:
        return render_template("quiz/exam_start.html", exam=info, error=exc.message, error_field=exc.field,
                               form=form), exc.status
    _remember(out)
    return redirect(url_for("quiz.take", quiz_id=out["id"]), 303)


@bp.route("/examens/<exam_id>/resultats", methods=["GET", "POST"])
def exam_results(exam_id: str):
    """The trainer's results page (trainer token from the session, or typed in its form)."""
    svc = quiz_service()
    info = exams.public_exam(svc, exam_id)
    if request.method == "POST":
        _keep(SESSION_TRAINER, exam_id, (request.form.get("trainer_token") or "").strip())
        return redirect(url_for("quiz.exam_results", exam_id=exam_id), 303)
    token = (session.get(SESSION_TRAINER) or {}).get(exam_id)
    try:
        data = exams.results(svc, exam_id, token)
    except QuizError as exc:
        if exc.status != 403:
            raise
        return render_template("quiz/exam_results.html", exam=info, data=None, wrong=bool(token)), 403
    return render_template("quiz/exam_results.html", exam=info, data=data, wrong=False)


@bp.get("/examens/<exam_id>/resultats.csv")
def exam_results_csv(exam_id: str):
    """The results as a spreadsheet (CSV with a BOM, « ; » between fields)."""
    data = exams.results(quiz_service(), exam_id, (session.get(SESSION_TRAINER) or {}).get(exam_id))
    resp = Response(exams.results_csv(data).encode("utf-8"), mimetype="text/csv")
    resp.headers["Content-Disposition"] = f'attachment; filename="arbitre-examen-{data["id"]}.csv"'
    return resp
