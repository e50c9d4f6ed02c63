"""Exams set by a trainer (contract « Exams »): shared by the JSON API and the pages.

The trainer fixes the rulesets, topics, number of questions, time limit, pass mark and the
number of candidates, and gets a trainer token and one one-use code per candidate. A
candidate gives a code (and a name) and gets an exam-mode quiz whose parameters come from the
exam alone: the candidate chooses nothing, cannot rebuild the questions (the seed never
leaves the server: every candidate gets the same questions, drawn once from it), sees no
topic before the review, and has one attempt — the code is used in the transaction that
stores the quiz. The results (each candidate's score, pass, by topic) are read with the
trainer token, as JSON or as a spreadsheet (CSV with a BOM, « ; » between fields: what French
spreadsheets open in columns).
"""
from __future__ import annotations

import csv
import io
import secrets
from typing import Any, Mapping

from . import tokens
from .generate import generate
from .params import FIELDS as QUIZ_FIELDS
from .params import QuizError, clean_learner, echo, parse_params
from ..spreadsheet import safe_cell
from .service import QuizService, _iso
from .store import ExamCodeError

MAX_CANDIDATES = 200
MAX_TITLE = 120
FIELDS = ("title", "rulesets", "topics", "count", "time_limit_s", "pass_mark", "candidates", "kinds", "levels")


def _bad(field: str, message: str, code: str = "invalid_field") -> QuizError:
    return QuizError(400, code, message, field)


def _title(value: Any) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return "Examen d’arbitrage"
    if not isinstance(value, str):
        raise _bad("title", "Champ « title » : un texte est attendu.")
    title = " ".join(value.split())
    if len(title) > MAX_TITLE or any(ord(ch) < 32 for ch in title):
        raise _bad("title", f"Champ « title » : un titre de {MAX_TITLE} caractères visibles au plus est attendu.")
    return title


def _candidates(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CANDIDATES:
        raise _bad("candidates", f"Champ « candidates » : le nombre de candidats, un entier de 1 à {MAX_CANDIDATES}, "
                   "est attendu.")
    return value


def create_exam(svc: QuizService, data: Any) -> dict:
    """Validate and store an exam: 201 body ``{id, title, trainer_token, codes, params}``.
    QuizError 400 naming the field (unknown keys refused with a « vouliez-vous dire »)."""
    if not isinstance(data, Mapping):
        raise QuizError(400, "invalid_body", "Le corps de la requête doit être un objet JSON.", None)
    for key in data:
        if key not in FIELDS:
            from ..rulebook import did_you_mean
            raise _bad(str(key)[:80], f"Champ inconnu « {echo(key)} »{did_you_mean(str(key), FIELDS)} ; "
                       f"champs permis : {', '.join(FIELDS)}.", "unknown_field")
    title = _title(data.get("title"))
    n = _candidates(data.get("candidates"))
    seed = secrets.randbelow(2 ** 62)
    body = {k: v for k, v in data.items() if k in QUIZ_FIELDS}
    params = parse_params(svc.book, {**body, "mode": "exam", "seed": seed}, strict=True)
    if not generate(svc.book, params.rulesets, params.topics, params.count, seed, params.kinds or None,
                    params.levels or None):
        raise QuizError(400, "no_questions", "Aucune question ne correspond à ces règlements et thèmes : "
                        "élargissez la sélection.", "topics" if params.topics else "rulesets")
    stored = {k: v for k, v in params.to_json().items() if k not in ("seed", "learner", "mode")}
    exam_id = secrets.token_hex(8)
    trainer = tokens.new_token()
    codes = [tokens.new_code() for _ in range(n)]
    svc.store.create_exam(exam_id, title, stored, seed, tokens.digest(trainer), _iso(svc.now()),
                          [tokens.digest(c) for c in codes])
    return {"id": exam_id, "title": title, "trainer_token": trainer, "codes": codes, "params": stored}


def _exam(svc: QuizService, exam_id: str) -> dict:
    exam = svc.store.get_exam(exam_id) if isinstance(exam_id, str) else None
    if exam is None:
        raise QuizError(404, "exam_not_found", f"Examen inconnu : « {echo(exam_id)} ».", "exam")
    return exam


def public_exam(svc: QuizService, exam_id: str) -> dict:
    """What a candidate may know before starting: title, number of questions, time limit, pass mark."""
    exam = _exam(svc, exam_id)
    p = exam["params"]
    return {"id": exam["id"], "title": exam["title"], "count": p["count"], "time_limit_s": p["time_limit_s"],
            "pass_mark": p["pass_mark"]}


def start_attempt(svc: QuizService, exam_id: str, data: Any) -> dict:
    """A candidate's attempt ``{code, learner}``: 201 an exam-mode quiz ``{id, token, mode,
    questions, ...}`` (no seed, no topic). 403 for a code that is not one of this exam's, 409
    for a code already used, 404 for an unknown exam, 400 for a missing field."""
    exam = _exam(svc, exam_id)
    if not isinstance(data, Mapping):
        raise QuizError(400, "invalid_body", "Le corps de la requête doit être un objet JSON.", None)
    for key in data:
        if key not in ("code", "learner"):
            raise _bad(str(key)[:80], f"Champ inconnu « {echo(key)} » ; champs permis : code, learner.", "unknown_field")
    code = data.get("code")
    if not isinstance(code, str) or not code.strip():
        raise _bad("code", "Champ « code » : le code de candidat remis par le formateur est attendu.")
    candidate = clean_learner(data.get("learner"), required=True)
    p = exam["params"]
    questions = generate(svc.book, p["rulesets"], p["topics"], p["count"], exam["seed"], p.get("kinds") or None,
                         p.get("levels") or None)
    params = {**p, "mode": "exam", "exam": exam["id"], "title": exam["title"], "candidate": candidate}
    try:
        out = svc._store(params, exam["seed"], "exam", None, p["time_limit_s"], questions,
                         exam_code=(exam["id"], tokens.digest(tokens.normal_code(code)), candidate))
    except ExamCodeError as exc:
        if exc.name_taken:
            raise QuizError(409, "candidate_taken", f"Un autre candidat de cet examen a déjà pris le nom "
                            f"« {echo(candidate)} » : ajoutez une initiale ou un prénom.", "learner") from None
        if exc.used:
            raise QuizError(409, "code_used", "Ce code de candidat a déjà servi : un code ne donne qu’une "
                            "tentative.", "code") from None
        raise QuizError(403, "forbidden", "Code de candidat inconnu pour cet examen.", "code") from None
    out.update(exam=exam["id"], title=exam["title"], candidate=candidate, pass_mark=p["pass_mark"])
    return out


def results(svc: QuizService, exam_id: str, token: str | None) -> dict:
    """Each candidate's result (trainer token required, 403 otherwise): ``{id, title, params,
    candidates: [{code, learner, quiz, started, finished, score, total, percent, passed,
    by_topic}]}``; an attempt whose time is over is finished (and scored) first."""
    exam = _exam(svc, exam_id)
    if not tokens.matches(token, exam["trainer_hash"]):
        raise QuizError(403, "forbidden", "Jeton de formateur absent ou erroné : les résultats se lisent avec le "
                        f"« trainer_token » de l’examen dans l’en-tête {tokens.HEADER}.", "token")
    rows = []
    for c in svc.store.exam_codes(exam_id):
        item: dict = {"code": c["position"] + 1, "learner": c["candidate"], "quiz": c["quiz_id"], "started": c["used"],
                      "finished": None, "score": None, "total": None, "percent": None, "passed": None, "by_topic": {}}
        if c["quiz_id"]:
            quiz = svc.load_current(c["quiz_id"])
            res = quiz.row["result"]
            item["finished"] = quiz.row["finished"]
            if res:
                item.update(score=res["score"], total=res["total"], percent=res["percent"], passed=res["passed"],
                            by_topic={t: {"label": v["label"], "correct": v["correct"], "total": v["total"]}
                                      for t, v in res["by_topic"].items()})
        rows.append(item)
    return {"id": exam["id"], "title": exam["title"], "created": exam["created"], "params": exam["params"],
            "candidates": rows}


def results_csv(data: Mapping[str, Any], sep: str = ";") -> str:
    """The results as CSV for a spreadsheet: a BOM, ``sep`` between fields, one row per code."""
    topics: dict[str, str] = {}
    for row in data["candidates"]:
        for t, v in row["by_topic"].items():
            topics.setdefault(t, v["label"])
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=sep, lineterminator="\r\n")
    w.writerow(["code n°", "candidat", "début", "fin", "score", "total", "pourcentage", "réussi"]
               + [f"{label} (bonnes/total)" for label in topics.values()])
    for row in data["candidates"]:
        passed = "" if row["passed"] is None else ("oui" if row["passed"] else "non")
        cells = [row["code"], row["learner"] or "", row["started"] or "", row["finished"] or "",
                 "" if row["score"] is None else row["score"], "" if row["total"] is None else row["total"],
                 "" if row["percent"] is None else row["percent"], passed]
        for t in topics:
            v = row["by_topic"].get(t)
            cells.append(f"{v['correct']}/{v['total']}" if v else "")
        w.writerow([safe_cell(c) for c in cells])
    return "\ufeff" + buf.getvalue()
