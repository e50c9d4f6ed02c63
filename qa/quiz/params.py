"""Quiz parameters: validation shared by the JSON API, the pages and the CLI.

``parse_params(book, data)`` returns frozen :class:`QuizParams` or raises :class:`QuizError`
(status 400) whose French message names the field at fault, with a "vouliez-vous dire".
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Mapping

from ..rulebook import Rulebook, did_you_mean
from .generate import KINDS

MAX_COUNT = 50
MAX_LEARNER = 80
MAX_TIME_LIMIT_S = 24 * 3600
MAX_SEED = 2 ** 63 - 1
DEFAULT_PASS_MARK = 0.8
MODES = ("practice", "exam")


class QuizError(Exception):
    """An error of the quiz workflow: HTTP ``status``, ``code``, French ``message`` and the
    ``field`` at fault (None when no field is involved)."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.field = status, code, message, field

    def to_json(self) -> dict:
        """The contract's error body ``{"error": {"code", "message", "field"}}``."""
        return {"error": {"code": self.code, "message": self.message, "field": self.field}}


@dataclass(frozen=True)
class QuizParams:
    """Validated quiz parameters (rulesets and topics in book order, possibly empty: all)."""

    rulesets: tuple[str, ...]
    topics: tuple[str, ...]
    count: int
    mode: str
    seed: int
    time_limit_s: int | None
    learner: str | None
    pass_mark: float = DEFAULT_PASS_MARK
    kinds: tuple[str, ...] = ()

    def generation(self) -> dict:
        """The parameters that decide the questions (mode, learner and time do not)."""
        return {"rulesets": list(self.rulesets), "topics": list(self.topics), "count": self.count,
                "seed": self.seed, "kinds": list(self.kinds)}

    def to_json(self) -> dict:
        """Every parameter, as stored with the quiz."""
        return {**self.generation(), "mode": self.mode, "time_limit_s": self.time_limit_s,
                "learner": self.learner, "pass_mark": self.pass_mark}


def _bad(field: str, message: str, code: str = "invalid_field") -> QuizError:
    return QuizError(400, code, message, field)


def _id_list(value: Any, field: str) -> list[str]:
    """A list of ids from a JSON list or a comma-separated string."""
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value if v.strip()]
    raise _bad(field, f"Champ « {field} » : une liste d’identifiants (textes) est attendue.")


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool):
        raise _bad(field, f"Champ « {field} » : un nombre entier est attendu.")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise _bad(field, f"Champ « {field} » : un nombre entier est attendu.")


def parse_params(book: Rulebook, data: Any) -> QuizParams:
    """Validate a quiz request body (JSON object) against ``book``.

    Fields: ``rulesets`` (list, or "ID,ID"; empty: all), ``topics`` (same), ``count`` (1..50,
    default 10), ``mode`` (practice|exam, default practice), ``seed`` (int ≥ 0; random when
    absent), ``time_limit_s`` (null or a positive int), ``learner`` (text ≤ 80), and two extras:
    ``pass_mark`` (0..1, default 0.8) and ``kinds`` (call/clause/variant). Raises
    :class:`QuizError` (400) naming the field.
    """
    if not isinstance(data, Mapping):
        raise QuizError(400, "invalid_body", "Le corps de la requête doit être un objet JSON.", None)
    rulesets = _id_list(data.get("rulesets"), "rulesets")
    for r in rulesets:
        if r not in book.rulesets:
            raise _bad("rulesets", f"Règlement inconnu : « {r} »{did_you_mean(r, book.rulesets)}. "
                       f"Règlements : {', '.join(book.rulesets)}.", "unknown_ruleset")
    topics = _id_list(data.get("topics"), "topics")
    for t in topics:
        if t not in book.topics:
            raise _bad("topics", f"Thème inconnu : « {t} »{did_you_mean(t, book.topics)}. "
                       f"Thèmes : {', '.join(book.topics)}.", "unknown_topic")
    count = data.get("count", 10)
    count = 10 if count is None else _int(count, "count")
    if not 1 <= count <= MAX_COUNT:
        raise _bad("count", f"Champ « count » : le nombre de questions va de 1 à {MAX_COUNT}.")
    mode = data.get("mode") or "practice"
    if mode not in MODES:
        raise _bad("mode", f"Champ « mode » : « practice » (entraînement) ou « exam » (examen) est attendu"
                   f"{did_you_mean(str(mode), MODES)}.")
    seed = data.get("seed")
    if seed is None or (isinstance(seed, str) and not seed.strip()):
        seed = secrets.randbelow(1_000_000)
    else:
        seed = _int(seed, "seed")
        if not 0 <= seed <= MAX_SEED:
            raise _bad("seed", "Champ « seed » : un entier positif ou nul est attendu.")
    limit = data.get("time_limit_s")
    if limit is not None and not (isinstance(limit, str) and not limit.strip()):
        limit = _int(limit, "time_limit_s")
        if not 1 <= limit <= MAX_TIME_LIMIT_S:
            raise _bad("time_limit_s", f"Champ « time_limit_s » : une durée en secondes entre 1 et {MAX_TIME_LIMIT_S} "
                       "est attendue (ou null : pas de limite).")
    else:
        limit = None
    learner = data.get("learner")
    if learner is not None:
        if not isinstance(learner, str):
            raise _bad("learner", "Champ « learner » : un nom (texte) est attendu.")
        learner = " ".join(learner.split())
        if len(learner) > MAX_LEARNER:
            raise _bad("learner", f"Champ « learner » : {MAX_LEARNER} caractères au plus.")
        learner = learner or None
    pass_mark = data.get("pass_mark", DEFAULT_PASS_MARK)
    if pass_mark is None:
        pass_mark = DEFAULT_PASS_MARK
    if isinstance(pass_mark, bool) or not isinstance(pass_mark, (int, float)) or not 0 <= pass_mark <= 1:
        raise _bad("pass_mark", "Champ « pass_mark » : une proportion entre 0 et 1 est attendue (0.8 par défaut).")
    kinds = _id_list(data.get("kinds"), "kinds")
    for k in kinds:
        if k not in KINDS:
            raise _bad("kinds", f"Type de question inconnu : « {k} »{did_you_mean(k, KINDS)} ({', '.join(KINDS)}).")
    return QuizParams(
        rulesets=tuple(r for r in book.rulesets if r in rulesets),
        topics=tuple(t for t in book.topics if t in topics),
        count=count, mode=mode, seed=seed, time_limit_s=limit, learner=learner,
        pass_mark=float(pass_mark), kinds=tuple(k for k in KINDS if k in kinds),
    )
