"""The words free-text understanding reads, as data: ``rules_data/lexicon.yaml``.

:func:`load_lexicon` reads and checks the file once and gives a frozen :class:`Lexicon`;
:func:`lexicon_problems` gives the problems as ``(line, message)`` pairs in French, which
:func:`qa.rulebook.load_rulebook` reports as ``file:line: message`` like every other data file.
A problem is: a missing or misspelt list (with « vouliez-vous dire »), a list that is not a list
of words, a word that is not folded (accents, capitals), and a contradiction — a word both
corrected into (``keywords``) and kept as it is (``keep``), or a phrase that names both the
opponent and a third player.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from .yamlio import LineDict, YamlError, load_yaml

PATH = Path(__file__).resolve().parent.parent / "rules_data" / "lexicon.yaml"
_FOLDED = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")


@dataclass(frozen=True)
class Lexicon:
    """Word lists (see the comments of ``rules_data/lexicon.yaml``); phrases as word tuples."""

    keywords: tuple[str, ...]
    keep: frozenset[str]
    count_nouns: frozenset[str]
    ball_lead: frozenset[str]
    after_ball: frozenset[str]
    opponent: tuple[tuple[str, ...], ...]
    player: tuple[tuple[str, ...], ...]
    breaker: frozenset[str]
    stroke_verbs: frozenset[str] = frozenset()
    continue_verbs: frozenset[str] = frozenset()
    shot_markers: tuple[tuple[str, ...], ...] = ()
    new_rack: tuple[tuple[str, ...], ...] = ()
    hand_back: tuple[tuple[str, ...], ...] = ()
    table_taken: tuple[tuple[str, ...], ...] = ()
    claim_verbs: frozenset[str] = frozenset()
    say_verbs: frozenset[str] = frozenset()
    legal_words: frozenset[str] = frozenset()
    legality_asked: frozenset[str] = frozenset()
    ruling_words: frozenset[str] = frozenset()
    follow_frame: frozenset[str] = frozenset()
    follow_openers: tuple[str, ...] = ()
    follow_referring: frozenset[str] = frozenset()
    follow_fillers: tuple[str, ...] = ()
    follow_modal: frozenset[str] = frozenset()
    follow_dangling: frozenset[str] = frozenset()
    follow_objects: tuple[tuple[str, ...], ...] = ()
    statement_frame: frozenset[str] = frozenset()
    statement_negations: frozenset[str] = frozenset()
    contrasts: tuple[tuple[str, ...], ...] = ()
    light_words: frozenset[str] = frozenset()
    frame_words: frozenset[str] = frozenset()
    lag_words: tuple[tuple[str, ...], ...] = ()
    asking_words: frozenset[str] = frozenset()
    vague_told: frozenset[str] = frozenset()
    pointing_back: tuple[tuple[str, ...], ...] = ()


def _phrases(items: list[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(p.split()) for p in items)


_LISTS = tuple(f.name for f in fields(Lexicon))   # every list of the file, in the dataclass's order
# how each list is kept (any other: a frozenset of words)
_SHAPES: dict[str, Callable[[list[str]], Any]] = {
    "keywords": lambda items: tuple(sorted(set(items))),
    "opponent": _phrases, "player": _phrases, "shot_markers": _phrases, "new_rack": _phrases, "hand_back": _phrases, "table_taken": _phrases,
    "lag_words": _phrases, "follow_openers": tuple, "contrasts": _phrases, "follow_objects": _phrases,
    "pointing_back": _phrases,
    "follow_fillers": lambda items: tuple(sorted(items, key=len, reverse=True)),   # the longest first
}


class LexiconError(ValueError):
    """``rules_data/lexicon.yaml`` is invalid; ``problems``: ``(line, message)`` pairs."""

    def __init__(self, path: Path, problems: list[tuple[int, str]]):
        super().__init__("\n".join(f"{path}:{line}: {msg}" for line, msg in problems))
        self.path, self.problems = path, problems


def _line_of_word(text_lines: list[str], start: int, word: str) -> int:
    """The line (1-based) at or after ``start`` where ``word`` is written."""
    rx = re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])")
    for i in range(max(start - 1, 0), len(text_lines)):
        if rx.search(text_lines[i]):
            return i + 1
    return start


def _check_list(name: str, value: Any, line: int, problems: list[tuple[int, str]]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        problems.append((line, f"« {name} » doit être une liste de mots"))
        return []
    # (the classes of a contrast group join their words by « | »: « sommet|tete centre|milieu »)
    bad = [w for w in value if not _FOLDED.fullmatch(w.replace("|", " ").replace("_", " ") if name == "contrasts" else w)]
    for w in bad:
        problems.append((line, f"« {w} » dans « {name} » : écrire les mots en minuscules, sans accents ni "
                               "apostrophes (« l adversaire »)"))
    return [w for w in value if w not in bad]


def _contradictions(data: dict[str, list[str]], raw: LineDict, text_lines: list[str]) -> list[tuple[int, str]]:
    problems: list[tuple[int, str]] = []
    pairs = (("keywords", "keep", "corrigé vers ce mot-clé et gardé tel quel"),
             ("opponent", "player", "à la fois l’adversaire et un tiers joueur"),
             ("stroke_verbs", "claim_verbs", "à la fois un coup joué et une faute réclamée"),
             ("continue_verbs", "claim_verbs", "à la fois un coup joué et une faute réclamée"))
    for a, b, what in pairs:
        for w in sorted(set(data.get(a, ())) & set(data.get(b, ()))):
            problems.append((_line_of_word(text_lines, raw.line_of(b), w),
                             f"« {w} » est dans « {a} » et dans « {b} » : {what}, c’est contradictoire"))
    return problems


def lexicon_problems(path: Path = PATH) -> tuple[Lexicon | None, tuple[tuple[int, str], ...]]:
    """The lexicon in ``path`` and its problems (the lexicon is None when there are any). Read
    once per file: the rulebook's check and understanding's import share the result."""
    return _read(Path(path).resolve())


@lru_cache(maxsize=4)
def _read(path: Path) -> tuple[Lexicon | None, tuple[tuple[int, str], ...]]:
    lexicon, problems = _parse(path)
    return lexicon, tuple(problems)


def _parse(path: Path) -> tuple[Lexicon | None, list[tuple[int, str]]]:
    try:
        raw = load_yaml(path)
    except YamlError as exc:
        return None, [(exc.line, exc.message)]
    except OSError as exc:
        from .rulebook import french_os_error   # late: the rulebook loads the lexicon
        return None, [(1, f"fichier illisible : {french_os_error(exc)}")]
    except UnicodeDecodeError:
        return None, [(1, "fichier illisible : ce n’est pas du texte UTF-8")]
    if not isinstance(raw, LineDict):
        return None, [(1, "un dictionnaire de listes de mots est attendu")]
    problems: list[tuple[int, str]] = []
    for key in raw:
        if key not in _LISTS:
            near = difflib.get_close_matches(str(key), _LISTS, n=1)
            hint = f" ; vouliez-vous dire « {near[0]} » ?" if near else ""
            problems.append((raw.line_of(key), f"liste inconnue « {key} »{hint}"))
    data: dict[str, list[str]] = {}
    for name in _LISTS:
        if name not in raw:
            problems.append((raw.line, f"la liste « {name} » manque"))
            continue
        data[name] = _check_list(name, raw[name], raw.line_of(name), problems)
    problems += _contradictions(data, raw, Path(path).read_text(encoding="utf-8").splitlines())
    if problems:
        return None, problems
    return Lexicon(**{name: _SHAPES.get(name, frozenset)(data[name]) for name in _LISTS}), []


def load_lexicon(path: Path = PATH) -> Lexicon:
    """The checked lexicon of ``path``; raises :class:`LexiconError` with every problem."""
    lexicon, problems = lexicon_problems(path)
    if lexicon is None:
        raise LexiconError(path, list(problems))
    return lexicon
