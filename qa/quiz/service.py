"""The quiz workflow over the generator and the store, shared by the web API, the pages and the CLI.

``QuizService(book, store)``: ``create`` (validate, generate, store), ``answer`` (practice:
feedback at once; exam: recorded only), ``finish`` (score, pass mark, by topic, review),
``view``, ``export``, ``history``, ``retry_mistakes`` and ``review_due`` (Leitner).
Every failure is a :class:`QuizError` carrying the HTTP status, a code and a French message.

Time: a quiz with ``time_limit_s`` has a deadline (creation + limit). An answer sent after
the deadline (plus a few seconds of grace for the page's own automatic submission)
finishes the quiz and is refused; viewing an expired quiz finishes it too.
"""
from __future__ import annotations

import secrets
import threading
import weakref
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Mapping, Sequence

from ..rulebook import Rulebook
from . import export as exports
from . import tokens
from .generate import Question, bank, generate
from .params import MAX_COUNT, QuizError, QuizParams, echo, clean_learner, parse_params
from .store import LearnerTokenError, QuizFinishedError, Store, UnknownQuizError

GRACE_S = 5
FORBIDDEN = ("Jeton absent ou erroné : envoyez le jeton (« token ») reçu à la création du quiz "
             f"dans l’en-tête {tokens.HEADER}.")
COMPARISON = "comparaison"     # the ruleset bucket of variant questions (their ruleset is null)


def _iso(t: datetime) -> str:
    return t.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _parse_iso(s: str) -> datetime:
    return datetime.fromisoformat(s)


# the bank's exports already made: {(rulebook, selection, format, sep, base url): (body, mimetype, file name)}
_EXPORTS: dict[tuple, tuple[weakref.ref, tuple[bytes, str, str]]] = {}
_EXPORTS_KEPT = 96


@dataclass
class Quiz:
    """A stored quiz: its row, ``questions`` (Question objects in order) and ``answers``
    ({question id: {question, choice, correct, answered_at}})."""

    row: dict
    questions: list[Question]
    answers: dict

    @property
    def id(self) -> str:
        """The quiz id."""
        return self.row["id"]

    @property
    def mode(self) -> str:
        """``practice`` or ``exam``."""
        return self.row["mode"]

    @property
    def finished(self) -> bool:
        """True once the quiz is finished (by the learner or by the clock)."""
        return self.row["finished"] is not None

    @property
    def deadline(self) -> datetime | None:
        """Creation time plus the time limit (None without a limit)."""
        limit = self.row["time_limit_s"]
        return _parse_iso(self.row["created"]) + timedelta(seconds=limit) if limit else None

    def remaining_s(self, now: datetime) -> int | None:
        """Whole seconds left at ``now`` (0 once over); None without a time limit or once finished."""
        d = self.deadline
        if d is None or self.finished:
            return None
        return max(0, int((d - now).total_seconds()))

    def question(self, question_id: str) -> Question | None:
        """The question ``question_id`` of this quiz, or None."""
        return next((q for q in self.questions if q.id == question_id), None)

    def position(self, question_id: str) -> int:
        """0-based position of ``question_id`` (-1 when absent)."""
        return next((i for i, q in enumerate(self.questions) if q.id == question_id), -1)

    @property
    def hides(self) -> bool:
        """True for an exam not finished: no topic, no correction, no seed is shown."""
        return self.mode == "exam" and not self.finished

    def public(self) -> list[dict]:
        """The questions as a candidate sees them (an exam in progress shows no topic)."""
        out = [q.public() for q in self.questions]
        if self.hides:
            for q in out:
                q["topics"] = []
        return out

    def next_unanswered(self) -> int | None:
        """Position of the first unanswered question, or None when all are answered."""
        return next((i for i, q in enumerate(self.questions) if q.id not in self.answers), None)


class QuizService:
    """Quizzes of one rulebook kept in one store. ``clock`` returns an aware UTC datetime
    (injectable for tests); ``pass_mark`` is the default share of right answers to pass."""

    QUESTION_CACHE = 512

    def __init__(self, book: Rulebook, store: Store, clock: Callable[[], datetime] | None = None):
        self.book, self.store = book, store
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        self._questions: dict[str, list[Question]] = {}   # a quiz's questions never change
        self._cache_lock = threading.Lock()

    # -- helpers -----------------------------------------------------------------------------
    def now(self) -> datetime:
        """The current time (aware, UTC)."""
        return self.clock()

    def today(self) -> date:
        """The current date (UTC), for Leitner boxes."""
        return self.now().astimezone(timezone.utc).date()

    def citations(self, ids: Sequence[str]) -> list[dict]:
        """Clause JSON (contract ``Clause``) for ``ids``, each with its ``url`` on /regles."""
        out = []
        for cid in ids:
            c = self.book.clauses.get(cid)
            if c is not None:
                out.append({**c.to_json(), "url": f"/regles/{c.ruleset}#{c.id}"})
        return out

    def questions_of(self, quiz_id: str) -> list[Question]:
        """The quiz's questions (read once, then kept: they never change)."""
        qs = self._questions.get(quiz_id)
        if qs is None:
            qs = [Question.from_json(q) for q in self.store.get_questions(quiz_id)]
            with self._cache_lock:
                if len(self._questions) >= self.QUESTION_CACHE:
                    self._questions.pop(next(iter(self._questions)))
                self._questions[quiz_id] = qs
        return qs

    def load(self, quiz_id: str, answers: bool = True) -> Quiz:
        """The quiz ``quiz_id`` (with its answers unless ``answers`` is False); raises
        QuizError 404 when unknown."""
        row = self.store.get_row(quiz_id) if isinstance(quiz_id, str) else None
        if row is None:
            raise QuizError(404, "quiz_not_found", f"Quiz inconnu : « {echo(quiz_id)} ».", "quiz")
        return Quiz(row, self.questions_of(quiz_id), self.store.get_answers(quiz_id) if answers else {})

    def authorize(self, quiz: Quiz, token: str | None) -> None:
        """QuizError 403 unless ``token`` is the quiz's own, or its learner's."""
        if tokens.matches(token, self.store.quiz_token_hash(quiz.id)):
            return
        learner = quiz.row["learner"]
        rec = self.store.learner(learner) if learner else None
        if rec is not None and tokens.matches(token, rec["token_hash"]):
            return
        raise QuizError(403, "forbidden", FORBIDDEN, "token")

    def load_current(self, quiz_id: str) -> Quiz:
        """The quiz ``quiz_id`` as it stands now: finished first (and scored) when its time
        limit has run out, so that no one sees an expired quiz still open. QuizError 404 when
        unknown."""
        quiz = self.load(quiz_id)
        if not quiz.finished and self._expired(quiz):
            self.finish(quiz_id, _trusted=True)
            quiz = self.load(quiz_id)
        return quiz

    def _expired(self, quiz: Quiz, grace: float = 0) -> bool:
        d = quiz.deadline
        return d is not None and self.now() > d + timedelta(seconds=grace)

    # -- creating ---------------------------------------------------------------------------
    def create(self, data: Any, strict: bool = False, token: str | None = None) -> dict:
        """Validate ``data`` (see :func:`parse_params`; ``strict`` for a JSON body), generate
        and store a quiz; return the contract response ``{id, token, seed, mode, questions, ...}``
        (plus ``learner_token`` the first time a learner's name is used). ``token`` is the
        learner's token, needed when the name is already someone's (403 otherwise). A self-set
        exam is drawn from a secret seed and returns none (a seed sent with it is a 400).
        Raises QuizError 400 (a field is wrong, or no question matches the rulesets and topics)."""
        if isinstance(data, Mapping) and data.get("mode") == "exam" and data.get("seed") not in (None, ""):
            raise QuizError(400, "invalid_field", "Champ « seed » : un examen ne se tire pas sur une graine "
                            "(on pourrait le refaire en entraînement) ; un formateur crée un examen commun par "
                            "/api/exams.", "seed")
        params = parse_params(self.book, data, strict=strict)
        questions = generate(self.book, params.rulesets, params.topics, params.count, params.seed, params.kinds or None,
                             params.levels or None)
        if not questions:
            raise QuizError(400, "no_questions", "Aucune question ne correspond à ces règlements et thèmes : "
                            "élargissez la sélection.", "topics" if params.topics else "rulesets")
        return self._store(params.to_json(), params.seed, params.mode, params.learner, params.time_limit_s, questions,
                           token)

    def create_from(self, questions: Sequence[Question], mode: str, learner: str | None, source: str,
                    time_limit_s: int | None = None, token: str | None = None) -> dict:
        """A quiz of given questions (retry of mistakes, Leitner review), stored like any other."""
        seed = secrets.randbelow(1_000_000)
        params = {"source": source, "count": len(questions), "mode": mode, "learner": learner,
                  "time_limit_s": time_limit_s, "pass_mark": 0.8, "rulesets": [], "topics": [], "seed": seed}
        return self._store(params, seed, mode, learner, time_limit_s, list(questions), token)

    def _store(self, params: dict, seed: int, mode: str, learner: str | None, limit: int | None,
               questions: list[Question], learner_token: str | None = None,
               exam_code: tuple[str, str, str | None] | None = None) -> dict:
        quiz_id = secrets.token_hex(8)
        created = _iso(self.now())
        token, fresh = tokens.new_token(), tokens.new_token()
        try:
            name, new = self.store.create_quiz(
                quiz_id, params, seed, mode, learner, created, limit, [q.to_json() for q in questions],
                token_hash=tokens.digest(token),
                learner_hashes=(tokens.digest(learner_token), tokens.digest(fresh)), exam_code=exam_code)
        except LearnerTokenError:
            raise QuizError(403, "learner_taken", f"Le nom d’apprenant « {echo(learner)} » est déjà pris : "
                            f"envoyez son jeton d’apprenant dans l’en-tête {tokens.HEADER}, ou choisissez un "
                            "autre nom.", "learner") from None
        deadline = _iso(_parse_iso(created) + timedelta(seconds=limit)) if limit else None
        out: dict[str, Any] = {"id": quiz_id, "token": token, "seed": seed, "mode": mode, "learner": name,
                               "created": created,
               "time_limit_s": limit, "deadline": deadline, "count": len(questions),
               "questions": [q.public() for q in questions]}
        if mode == "exam":
            del out["seed"]
            for q in out["questions"]:
                q["topics"] = []
        if new:
            out["learner_token"] = fresh
        return out

    # -- answering ----------------------------------------------------------------------------
    def answer(self, quiz_id: str, data: Any, token: str | None = None) -> dict:
        """Record ``{"question", "choice"}`` once. Practice: ``{correct, right_choice,
        explanation, citations}``; exam: ``{recorded: true}``. A repeated send returns the
        recorded answer (``duplicate: true``). Errors: 400 (body, unknown choice), 403 (token),
        404 (quiz, question), 409 (quiz finished; time over, which also finishes the quiz)."""
        quiz = self.load(quiz_id, answers=False)
        self.authorize(quiz, token)
        if not isinstance(data, Mapping):
            raise QuizError(400, "invalid_body", "Le corps de la requête doit être un objet JSON.", None)
        qid, choice = data.get("question"), data.get("choice")
        if not isinstance(qid, str) or not qid:
            raise QuizError(400, "invalid_field", "Champ « question » : l’identifiant de la question est attendu.", "question")
        q = quiz.question(qid)
        if q is None:
            raise QuizError(404, "question_not_found", f"Cette question ne fait pas partie du quiz : « {echo(qid)} ».", "question")
        if not isinstance(choice, str) or q.choice_text(choice) is None:
            ids = ", ".join(c.id for c in q.choices)
            raise QuizError(400, "invalid_choice", f"Champ « choice » : choix inconnu ; choix possibles : {ids}.", "choice")
        if quiz.finished:
            raise QuizError(409, "quiz_finished", "Ce quiz est terminé : les réponses ne sont plus acceptées.", None)
        if self._expired(quiz, GRACE_S):
            self.finish(quiz_id, _trusted=True)
            raise QuizError(409, "time_over", "Le temps est écoulé : le quiz a été clos et corrigé.", None)
        learner = quiz.row["learner"]
        update = (learner, q.to_json(), self.today()) if learner and quiz.mode == "practice" else None
        try:
            rec, inserted = self.store.record_answer(quiz.id, q.id, choice, choice == q.right, _iso(self.now()), update)
        except QuizFinishedError:
            raise QuizError(409, "quiz_finished", "Ce quiz est terminé : les réponses ne sont plus acceptées.", None) from None
        except UnknownQuizError:
            raise QuizError(404, "quiz_not_found", f"Quiz inconnu : « {echo(quiz_id)} ».", "quiz") from None
        out: dict = {"question": q.id, "choice": rec["choice"], "duplicate": not inserted,
                     "answered": rec["answered"], "total": len(quiz.questions)}
        if quiz.mode == "exam":
            out["recorded"] = True
            return out
        out.update(correct=rec["correct"], right_choice=q.right, right_text=q.right_text,
                   explanation=q.explanation, citations=self.citations(q.citations))
        return out

    # -- finishing ---------------------------------------------------------------------------
    def result_of(self, quiz: Quiz) -> dict:
        """Score the quiz: ``score``, ``total``, ``passed``, ``by_topic``, ``by_ruleset``, ``review``."""
        pass_mark = float(quiz.row["params"].get("pass_mark", 0.8))
        total = len(quiz.questions)
        score = 0
        by_topic: dict[str, dict] = {}
        by_ruleset: dict[str, dict] = {}
        review = []
        for q in quiz.questions:
            a = quiz.answers.get(q.id)
            ok = bool(a and a["correct"])
            score += ok
            for t in q.topics:
                slot = by_topic.setdefault(t, {"label": self.book.topics.get(t, t), "correct": 0, "total": 0})
                slot["total"] += 1
                slot["correct"] += ok
            r = q.ruleset or COMPARISON
            slot = by_ruleset.setdefault(r, {"label": self._ruleset_label(r), "correct": 0, "total": 0})
            slot["total"] += 1
            slot["correct"] += ok
            review.append({"question": q.public(), "choice": a["choice"] if a else None, "correct": ok,
                           "right_choice": q.right, "right_text": q.right_text, "explanation": q.explanation,
                           "citations": self.citations(q.citations)})
        ordered = {t: by_topic[t] for t in self.book.topics if t in by_topic}
        return {"score": score, "total": total, "percent": round(100 * score / total) if total else 0,
                "passed": bool(total) and score / total >= pass_mark, "pass_mark": pass_mark,
                "by_topic": ordered, "by_ruleset": by_ruleset, "review": review}

    def _ruleset_label(self, r: str) -> str:
        if r == COMPARISON:
            return "Comparaison des règlements"
        rs = self.book.rulesets.get(r)
        return rs.title if rs else r

    def finish(self, quiz_id: str, token: str | None = None, _trusted: bool = False) -> dict:
        """Finish the quiz (idempotent: a finished quiz returns its stored result).

        The score is computed inside the store's finish transaction, from the answers read
        under its lock on the quiz: an answer acknowledged before the finish is always counted,
        one arriving after it is refused (« quiz terminé »). QuizError 403 without the quiz's
        token (``_trusted``: the clock finishing an expired quiz)."""
        quiz = self.load(quiz_id, answers=False)
        if not _trusted:
            self.authorize(quiz, token)
        if quiz.finished and quiz.row["result"] is not None:
            return quiz.row["result"]
        finished = _iso(self.now())
        today = self.today()

        def score(answers: dict) -> tuple[dict, tuple | None]:
            done = Quiz(quiz.row, quiz.questions, answers)
            result = self.result_of(done)
            result["finished"] = finished
            return result, self._finish_moves(done, today)

        return self.shown_result(quiz, self.store.finish_quiz(quiz.id, finished, score))

    def exam_open(self, quiz: Quiz) -> bool:
        """True while the trainer exam this quiz is an attempt of has a code not used or an
        attempt still running (its time not over): its key is not shown to candidates yet."""
        exam_id = quiz.row["params"].get("exam")
        if not exam_id:
            return False
        now = self.now()
        for c in self.store.exam_codes(exam_id):
            row = self.store.get_row(c["quiz_id"]) if c["quiz_id"] else None
            if row is None:
                return True
            if row["finished"] is None:
                limit = row["time_limit_s"]
                if not limit or now <= _parse_iso(row["created"]) + timedelta(seconds=limit + GRACE_S):
                    return True
        return False

    def shown_result(self, quiz: Quiz, result: Mapping[str, Any] | None) -> Any:
        """The result as the quiz's candidate may see it: for an attempt at a trainer exam still
        open (:meth:`exam_open`), the score and the tallies without the key (``key_hidden``)."""
        if not result or not self.exam_open(quiz):
            return result
        hidden = [{**item, "right_choice": None, "right_text": None, "explanation": "", "citations": [],
                   "correct": None} for item in result.get("review", [])]
        return {**result, "review": hidden, "key_hidden": True}

    @staticmethod
    def _finish_moves(quiz: Quiz, today: date) -> tuple | None:
        """The Leitner moves a quiz makes when it ends: an exam's answers (practice moves at
        each answer), and every question left unanswered, as a mistake (back to box 1, due
        today: skipped questions come back in the review)."""
        learner = quiz.row["learner"]
        if not learner:
            return None
        items = [(q.to_json(), bool(quiz.answers[q.id]["correct"]) if q.id in quiz.answers else False)
                 for q in quiz.questions if quiz.mode == "exam" or q.id not in quiz.answers]
        return (learner, items, today) if items else None

    # -- viewing -----------------------------------------------------------------------------
    def view(self, quiz_id: str, token: str | None = None) -> dict:
        """The quiz, its answers so far and its result once finished (403 without its token).
        An unfinished exam shows the choices made but not whether they are right, nor the
        topics; an exam never shows its seed."""
        quiz = self.load_current(quiz_id)
        self.authorize(quiz, token)
        hide = quiz.hides
        answers = []
        for q in quiz.questions:
            a = quiz.answers.get(q.id)
            if a:
                item = {"question": q.id, "choice": a["choice"], "answered_at": a["answered_at"]}
                if not hide and not (quiz.row["params"].get("exam") and self.exam_open(quiz)):
                    item["correct"] = a["correct"]
                answers.append(item)
        d = quiz.deadline
        row = quiz.row
        out = {"id": quiz.id, "seed": row["seed"], "mode": quiz.mode, "learner": row["learner"],
               "created": row["created"], "time_limit_s": row["time_limit_s"], "deadline": _iso(d) if d else None,
               "remaining_s": quiz.remaining_s(self.now()),
               "params": dict(row["params"]), "finished": row["finished"], "count": len(quiz.questions),
               "questions": quiz.public(), "answers": answers, "result": self.shown_result(quiz, row["result"])}
        if quiz.mode == "exam":
            del out["seed"]
            out["params"].pop("seed", None)
        return out

    # -- exports -------------------------------------------------------------------------------
    def export(self, quiz_id: str, fmt: str, token: str | None = None, sep: str = ",",
               base_url: str = "") -> tuple[bytes, str, str]:
        """``(body, mimetype, filename)`` of the quiz with its right answers as ``gift``,
        ``csv`` (``sep`` « , » or « ; ») or ``anki`` (genanki needed); ``base_url`` makes the
        clause links absolute. An exam in progress is not exported (409); 403 without the token."""
        quiz = self.load(quiz_id)
        self.authorize(quiz, token)
        if quiz.mode == "exam" and not quiz.finished:
            raise QuizError(409, "exam_in_progress", "Examen en cours : le corrigé n’est disponible qu’une fois "
                            "l’examen terminé.", None)
        if quiz.row["params"].get("exam"):
            raise QuizError(409, "exam_in_progress", "Examen de formateur : son corrigé ne s’exporte pas (d’autres "
                            "candidats peuvent être en train de le passer) ; le formateur a les résultats.", None)
        title = f"L’Arbitre — quiz {quiz.id}" + (f" (graine {quiz.row['seed']})" if quiz.mode == "practice" else "")
        return self._export(quiz.questions, fmt, f"arbitre-quiz-{quiz.id}", title, sep, base_url)

    def export_bank(self, rulesets: Sequence[str], fmt: str, sep: str = ",", base_url: str = "") -> tuple[bytes, str, str]:
        """The whole question bank of ``rulesets`` (empty: all; see :func:`generate.bank`) as
        ``gift``, ``csv`` or ``anki``."""
        unknown = [r for r in rulesets if r not in self.book.rulesets]
        if unknown:
            raise QuizError(400, "unknown_ruleset", f"Règlement inconnu : « {echo(unknown[0])} ». "
                            f"Règlements : {', '.join(self.book.rulesets)}.", "rulesets")
        self._check_format(fmt, sep)     # (before the bank is built: a request without a format costs nothing)
        # the export of a selection is made once (an anonymous request must not cost seconds each time)
        key = (id(self.book), tuple(r for r in self.book.rulesets if not rulesets or r in set(rulesets)), fmt, sep, base_url)
        hit = _EXPORTS.get(key)
        if hit is not None and hit[0]() is self.book:
            return hit[1]
        questions = bank(self.book, rulesets or None)
        out = self._export(questions, fmt, "arbitre-banque", "L’Arbitre — banque de questions", sep, base_url)
        if len(_EXPORTS) >= _EXPORTS_KEPT:
            _EXPORTS.pop(next(iter(_EXPORTS)))
        _EXPORTS[key] = (weakref.ref(self.book), out)
        return out

    @staticmethod
    def _check_format(fmt: str, sep: str) -> None:
        """QuizError 400 for a format (or a csv separator) no export writes: said before any work is done."""
        formats = ("gift", "csv") + (("anki",) if exports.anki_available() else ())
        if fmt not in formats:
            raise QuizError(400, "invalid_format", f"Paramètre « format » : {', '.join(formats)} est attendu.", "format")
        if fmt == "csv" and sep not in (",", ";"):
            raise QuizError(400, "invalid_field", "Paramètre « sep » : « , » ou « ; » est attendu.", "sep")

    def _export(self, questions: Sequence[Question], fmt: str, name: str, title: str, sep: str,
                base_url: str) -> tuple[bytes, str, str]:
        self._check_format(fmt, sep)
        titles = {r: rs.title for r, rs in self.book.rulesets.items()}
        if fmt == "gift":
            return exports.to_gift(questions, title, self.book.clauses, base_url, titles).encode("utf-8"), \
                "text/plain; charset=utf-8", name + ".gift.txt"
        if fmt == "csv":
            if sep not in (",", ";"):
                raise QuizError(400, "invalid_field", "Paramètre « sep » : « , » ou « ; » est attendu.", "sep")
            return exports.to_csv(questions, sep).encode("utf-8"), "text/csv; charset=utf-8", name + ".csv"
        if fmt == "anki" and exports.anki_available():
            import os
            import tempfile
            fd, path = tempfile.mkstemp(suffix=".apkg")
            os.close(fd)
            try:
                exports.to_anki(questions, "L’Arbitre", path, {**titles, COMPARISON: "Comparaison des règlements"})
                with open(path, "rb") as fh:
                    body = fh.read()
            finally:
                os.unlink(path)
            return body, "application/octet-stream", name + ".apkg"
        formats = "gift, csv" + (", anki" if exports.anki_available() else "")
        raise QuizError(400, "invalid_format", f"Paramètre « format » : {formats} est attendu.", "format")

    # -- learners ------------------------------------------------------------------------------
    def learner_of(self, learner: Any, token: str | None) -> str:
        """The learner's name as stored (names compare without case), once ``token`` is proven
        to be that learner's: QuizError 400 (no name) or 403 (no learner, or another token)."""
        name = self._require_learner(learner)
        rec = self.store.learner(name)
        if rec is None or not tokens.matches(token, rec["token_hash"]):
            raise QuizError(403, "forbidden", "Jeton d’apprenant absent ou erroné : l’historique se lit avec le "
                            f"jeton d’apprenant (« learner_token ») dans l’en-tête {tokens.HEADER}.", "token")
        return str(rec["name"])

    def history(self, learner: str, token: str | None = None, _trusted: bool = False) -> dict:
        """The learner's record: ``quizzes`` (date, mode, score), ``by_topic`` and
        ``by_ruleset`` (totals and a per-day series), ``mistakes`` (questions whose latest
        answer is wrong), ``leitner`` (boxes, due today). 403 without the learner's token."""
        if not _trusted:
            learner = self.learner_of(learner, token)
        quizzes = []
        for row in self.store.learner_quizzes(learner):
            res = row["result"] or {}
            seed = row["seed"] if row["mode"] == "practice" else None      # an exam's seed is never shown
            quizzes.append({"id": row["id"], "created": row["created"], "mode": row["mode"], "seed": seed,
                            "finished": row["finished"], "score": res.get("score"), "total": res.get("total"),
                            "passed": res.get("passed"), "source": row["params"].get("source")})
        answers = self.store.learner_answers(learner)
        by_topic: dict[str, dict] = {}
        by_ruleset: dict[str, dict] = {}
        latest: dict[str, dict] = {}
        for a in answers:
            q = a["question"]
            day = a["answered_at"][:10]
            for t in q.get("topics") or ():
                _tally(by_topic, t, self.book.topics.get(t, t), day, a["correct"])
            r = q.get("ruleset") or COMPARISON
            _tally(by_ruleset, r, self._ruleset_label(r), day, a["correct"])
            latest[q["id"]] = a
        for table in (by_topic, by_ruleset):
            for slot in table.values():
                slot["series"] = series_list(slot)
        mistakes = [a["question"] for a in latest.values() if not a["correct"]]
        today = self.today().isoformat()
        boxes = self.store.leitner_boxes(learner)
        due = [b for b in boxes if b["due"] <= today]
        counts = {str(i): 0 for i in range(1, 6)}
        for b in boxes:
            counts[str(b["box"])] = counts.get(str(b["box"]), 0) + 1
        return {"learner": learner, "quizzes": quizzes,
                "by_topic": {t: by_topic[t] for t in self.book.topics if t in by_topic},
                "by_ruleset": by_ruleset, "answers": len(answers), "mistakes": len(mistakes),
                "leitner": {"boxes": counts, "due": len(due), "today": today,
                            "due_questions": [{"id": b["question"]["id"], "prompt": b["question"]["prompt"],
                                               "box": b["box"], "due": b["due"]} for b in due]}}

    def _require_learner(self, learner: Any) -> str:
        name = clean_learner(learner, required=True)
        assert name is not None    # required: None is refused
        return name

    def retry_mistakes(self, learner: str, mode: str = "practice", token: str | None = None) -> dict:
        """A quiz of the questions the learner got wrong last time they met them (most
        recent first, at most 50). QuizError 404 when there is none, 403 without the token."""
        learner = self.learner_of(learner, token)
        latest: dict[str, dict] = {}
        for a in self.store.learner_answers(learner):
            latest[a["question"]["id"]] = a
        wrong = [Question.from_json(a["question"]) for a in sorted(latest.values(), key=lambda a: a["answered_at"],
                                                                    reverse=True) if not a["correct"]]
        if not wrong:
            raise QuizError(404, "no_mistakes", "Aucune erreur à refaire : bravo !", "learner")
        return self.create_from(wrong[:MAX_COUNT], mode, learner, "mistakes", token=token)

    def review_due(self, learner: str, token: str | None = None) -> dict:
        """A practice quiz of the learner's Leitner questions due today (lowest box first);
        403 without the learner's token."""
        learner = self.learner_of(learner, token)
        today = self.today().isoformat()
        due = sorted((b for b in self.store.leitner_boxes(learner) if b["due"] <= today),
                     key=lambda b: (b["box"], b["due"], b["question_key"]))
        if not due:
            raise QuizError(404, "nothing_due", "Aucune question à revoir aujourd’hui.", "learner")
        return self.create_from([Question.from_json(b["question"]) for b in due[:MAX_COUNT]], "practice", learner,
                                "leitner", token=token)


def _tally(table: dict, key: str, label: str, day: str, correct: bool) -> None:
    slot = table.setdefault(key, {"label": label, "correct": 0, "total": 0, "series": {}})
    slot["total"] += 1
    slot["correct"] += bool(correct)
    d = slot["series"].setdefault(day, {"date": day, "correct": 0, "total": 0})
    d["total"] += 1
    d["correct"] += bool(correct)


def series_list(slot: Mapping) -> list[dict]:
    """A tally's per-day series as a list sorted by date."""
    return [slot["series"][d] for d in sorted(slot["series"])]


__all__ = ["QuizService", "Quiz", "QuizError", "QuizParams", "GRACE_S", "series_list"]
