"""Quiz parameters: validation shared by the JSON API, the pages and the CLI.

``parse_params(book, data)`` returns frozen :class:`QuizParams` or raises :class:`QuizError`
(status 400) whose French message names the field at fault, with a "vouliez-vous dire".
"""
from __future__ import annotations

import secrets
import unicodedata
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
    levels: tuple[int, ...] = ()

    def generation(self) -> dict:
        """The parameters that decide the questions (mode, learner and time do not)."""
        out = {"rulesets": list(self.rulesets), "topics": list(self.topics), "count": self.count,
               "seed": self.seed, "kinds": list(self.kinds)}
        if self.levels:
            out["levels"] = list(self.levels)
        return out

    def to_json(self) -> dict:
        """Every parameter, as stored with the quiz."""
        return {**self.generation(), "mode": self.mode, "time_limit_s": self.time_limit_s,
                "learner": self.learner, "pass_mark": self.pass_mark}


def _bad(field: str, message: str, code: str = "invalid_field") -> QuizError:
    return QuizError(400, code, message, field)


def _id_list(value: Any, field: str, strict: bool = False) -> list[str]:
    """A list of ids from a JSON list or (unless ``strict``: the JSON API) a comma-separated string."""
    if value is None:
        return []
    if isinstance(value, str) and not strict:
        return [v.strip() for v in value.split(",") if v.strip()]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        ids = [v.strip() for v in value if v.strip()]
        if strict and not ids and field == "rulesets":     # as /api/ask: omit the field (or null) for every ruleset
            raise _bad(field, f"Champ « {field} » : liste vide ; omettez le champ pour tous les règlements.")
        return ids
    example = ' (ex. ["9-ffb"])' if field == "rulesets" else ""
    raise _bad(field, f"Champ « {field} » : une liste d’identifiants (textes) est attendue{example}.")


def _int(value: Any, field: str, strict: bool = False) -> int:
    """An integer from JSON (an int, or a float without fraction) or, unless ``strict``, from
    text (form fields, command-line options). ``str.isdigit`` is not used: it is true for "²"."""
    if isinstance(value, bool):
        raise _bad(field, f"Champ « {field} » : un nombre entier est attendu.")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and not strict:
        text = value.strip()
        if text.isascii():
            try:
                return int(text)
            except ValueError:
                pass
    hint = " (un nombre, pas un texte)" if strict and isinstance(value, str) else ""
    raise _bad(field, f"Champ « {field} » : un nombre entier est attendu{hint}.")


def echo(value: Any, limit: int = 80) -> str:
    """A value the user sent, quoted back at most ``limit`` characters long."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


#: The invisible characters a name may not consist of: format characters (zero-width space,
#: joiners, BOM, soft hyphen...) and the fillers that render as blanks.
_BLANK_LOOKALIKES = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def clean_learner(value: Any, field: str = "learner", required: bool = False) -> str | None:
    """A learner's name: text of 1 to :data:`MAX_LEARNER` characters (code points, counted
    after NFC normalisation: « é » typed as e + accent counts once), whitespace collapsed.

    No name (None, "" or only spaces) gives None, or a 400 when ``required``. Refused
    (:class:`QuizError` 400 naming ``field``): a name that is not text, that holds control
    characters (NUL, escape...) or lone surrogates, or that has no visible character once
    invisible ones (zero-width space, joiners, BOM, blank fillers) are left out; those are
    also trimmed from both ends of the name.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise _bad(field, f"Champ « {field} » : indiquez votre nom d’apprenant.")
        return None
    if not isinstance(value, str):
        raise _bad(field, f"Champ « {field} » : un nom (texte) est attendu.")
    for ch in value:
        cat = unicodedata.category(ch)
        if (cat == "Cc" and ch not in "\t\n\r") or cat == "Cs":
            raise _bad(field, f"Champ « {field} » : le nom contient un caractère de contrôle "
                              f"(U+{ord(ch):04X}) ; seuls des caractères visibles sont permis.")

    def invisible(ch: str) -> bool:
        return ch.isspace() or unicodedata.category(ch) == "Cf" or ch in _BLANK_LOOKALIKES

    name = unicodedata.normalize("NFC", " ".join(value.split()))
    start, end = 0, len(name)
    while start < end and invisible(name[start]):
        start += 1
    while end > start and invisible(name[end - 1]):
        end -= 1
    name = name[start:end]
    if not name:
        raise _bad(field, f"Champ « {field} » : le nom ne contient aucun caractère visible "
                          "(espaces ou caractères invisibles seulement).")
    if len(name) > MAX_LEARNER:
        raise _bad(field, f"Champ « {field} » : {MAX_LEARNER} caractères au plus.")
    return name


#: The keys of a quiz request (the JSON API refuses any other).
FIELDS = ("rulesets", "topics", "count", "mode", "seed", "time_limit_s", "learner", "pass_mark", "kinds", "levels")


def parse_params(book: Rulebook, data: Any, strict: bool = False) -> QuizParams:
    """Validate a quiz request body (JSON object) against ``book``.

    Fields: ``rulesets`` (list, or "ID,ID"; empty: all), ``topics`` (same), ``count`` (1..50,
    default 10), ``mode`` (practice|exam, default practice), ``seed`` (int ≥ 0; random when
    absent), ``time_limit_s`` (null or a positive int), ``learner`` (text ≤ 80), and two extras:
    ``pass_mark`` (0..1, default 0.8) and ``kinds`` (call/clause/variant). Raises
    :class:`QuizError` (400) naming the field.

    ``strict`` (the JSON API) also refuses keys not in :data:`FIELDS` (with a "vouliez-vous
    dire") and values of the wrong JSON type: ``"3"`` for a number, ``"9-ffb"`` for a list;
    the form and the command line, whose values are all text, are not strict.
    """
    if not isinstance(data, Mapping):
        raise QuizError(400, "invalid_body", "Le corps de la requête doit être un objet JSON.", None)
    if strict:
        _check_strict(data)
    rulesets = _id_list(data.get("rulesets"), "rulesets", strict)
    for r in rulesets:
        if r not in book.rulesets:
            raise _bad("rulesets", f"Règlement inconnu : « {echo(r)} »{did_you_mean(r, book.rulesets)}. "
                       f"Règlements : {', '.join(book.rulesets)}.", "unknown_ruleset")
    topics = _id_list(data.get("topics"), "topics", strict)
    for t in topics:
        if t not in book.topics:
            raise _bad("topics", f"Thème inconnu : « {echo(t)} »{did_you_mean(t, book.topics)}. "
                       f"Thèmes : {', '.join(book.topics)}.", "unknown_topic")
    count = data.get("count", 10)
    count = 10 if count is None else _int(count, "count", strict)
    if not 1 <= count <= MAX_COUNT:
        raise _bad("count", f"Champ « count » : le nombre de questions va de 1 à {MAX_COUNT}.")
    mode = data.get("mode") or "practice"
    if mode not in MODES:
        raise _bad("mode", f"Champ « mode » : « practice » (entraînement) ou « exam » (examen) est attendu"
                   f"{did_you_mean(str(mode), MODES)}.")
    seed = _seed(data.get("seed"), strict)
    limit = _time_limit(data.get("time_limit_s"), strict)
    learner = clean_learner(data.get("learner"))
    pass_mark = _pass_mark(data.get("pass_mark", DEFAULT_PASS_MARK))
    kinds = _id_list(data.get("kinds"), "kinds", strict)
    for k in kinds:
        if k not in KINDS:
            raise _bad("kinds", f"Type de question inconnu : « {echo(k)} »{did_you_mean(k, KINDS)} ({', '.join(KINDS)}).")
    levels = _levels(data.get("levels"), strict)
    return QuizParams(
        rulesets=tuple(r for r in book.rulesets if r in rulesets),
        topics=tuple(t for t in book.topics if t in topics),
        count=count, mode=mode, seed=seed, time_limit_s=limit, learner=learner,
        pass_mark=float(pass_mark), kinds=tuple(k for k in KINDS if k in kinds), levels=levels,
    )


def _levels(value: Any, strict: bool) -> tuple[int, ...]:
    """``levels``: ruling-question levels among 1, 2, 3 (a list; « 1,2 » on the form); empty: all."""
    if value is None:
        return ()
    items = value.split(",") if isinstance(value, str) and not strict else value
    if not isinstance(items, (list, tuple)):
        raise _bad("levels", "Champ « levels » : une liste de niveaux (1, 2 ou 3) est attendue.")
    out = set()
    for item in items:
        n = _int(item.strip() if isinstance(item, str) else item, "levels", strict)
        if n not in (1, 2, 3):
            raise _bad("levels", "Champ « levels » : les niveaux vont de 1 à 3.")
        out.add(n)
    return tuple(sorted(out))


def _check_strict(data: Mapping[str, Any]) -> None:
    """The JSON API's checks: no key outside :data:`FIELDS`, ``mode`` a text."""
    for key in data:
        if key not in FIELDS:
            raise _bad(str(key)[:80], f"Champ inconnu « {echo(key)} »{did_you_mean(str(key), FIELDS)} ; "
                       f"champs permis : {', '.join(FIELDS)}.", "unknown_field")
    for key in ("mode",):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise _bad(key, f"Champ « {key} » : un texte est attendu.")


def _seed(seed: Any, strict: bool) -> int:
    """``seed``: an int in 0..MAX_SEED; random when absent (or blank, but for the JSON API)."""
    if seed is None or (isinstance(seed, str) and not seed.strip() and not strict):
        return secrets.randbelow(1_000_000)
    seed = _int(seed, "seed", strict)
    if seed < 0:
        raise _bad("seed", "Champ « seed » : un entier positif ou nul est attendu.")
    if seed > MAX_SEED:
        raise _bad("seed", f"Champ « seed » : un code d’épreuve de 0 à {MAX_SEED} est attendu (reçu : "
                           f"{len(str(seed))} chiffres).")
    return seed


def _time_limit(limit: Any, strict: bool) -> int | None:
    """``time_limit_s``: seconds in 1..MAX_TIME_LIMIT_S; None (no limit) when absent (or blank,
    but for the JSON API)."""
    if limit is None or (isinstance(limit, str) and not limit.strip() and not strict):
        return None
    limit = _int(limit, "time_limit_s", strict)
    if not 1 <= limit <= MAX_TIME_LIMIT_S:
        raise _bad("time_limit_s", f"Champ « time_limit_s » : une durée en secondes entre 1 et {MAX_TIME_LIMIT_S} "
                   "est attendue (ou null : pas de limite).")
    return limit


def _pass_mark(pass_mark: Any) -> float:
    """``pass_mark``: a proportion in 0..1 (null: the default)."""
    if pass_mark is None:
        pass_mark = DEFAULT_PASS_MARK
    if isinstance(pass_mark, bool) or not isinstance(pass_mark, (int, float)) or not 0 <= pass_mark <= 1:
        raise _bad("pass_mark", "Champ « pass_mark » : une proportion entre 0 et 1 est attendue (0.8 par défaut).")
    return float(pass_mark)
