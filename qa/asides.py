"""What players add around a rule question, as data: ``rules_data/asides.yaml``.

:func:`clean` gives the question's folded words without its asides (greetings, « petite
question », « je comprends rien à ce passage », « c’est qui qui a raison »…) and with its
shortened or borrowed words written out (« cmb » → « combien », « scratché » → « empoché la
blanche »), for the lookup. :func:`aside_problems` checks the file (``(line, message)`` pairs,
reported by :func:`qa.rulebook.load_rulebook` as ``file:line: message``).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from .text import words
from .yamlio import LineDict, YamlError, load_yaml

__all__ = ["clean", "aside_problems", "PATH"]

PATH = Path(__file__).resolve().parent.parent / "rules_data" / "asides.yaml"
_FOLDED = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")


def _read(path: Path) -> tuple[tuple[tuple[str, ...], ...], dict[str, tuple[str, ...]], list[tuple[int, str]]]:
    problems: list[tuple[int, str]] = []
    try:
        raw = load_yaml(path)
    except YamlError as exc:
        return (), {}, [(exc.line, exc.message)]
    except OSError:
        return (), {}, [(1, "fichier illisible")]
    if not isinstance(raw, LineDict):
        return (), {}, [(1, "un objet (asides, words) est attendu")]
    for key in raw:
        if key not in ("asides", "words"):
            problems.append((raw.line_of(key), f"clé inconnue « {key} » (asides ou words)"))
    asides: list[tuple[str, ...]] = []
    items: Any = raw.get("asides") or []
    if not isinstance(items, list):
        problems.append((raw.line_of("asides"), "« asides » doit être une liste de phrases"))
        items = []
    for a in items:
        if not isinstance(a, str) or not _FOLDED.fullmatch(a):
            problems.append((raw.line_of("asides"), f"« {a} » (asides) : écrivez-le en minuscules, sans accents ni ponctuation"))
            continue
        asides.append(tuple(a.split()))
    mapping: dict[str, tuple[str, ...]] = {}
    table: Any = raw.get("words") or {}
    if not isinstance(table, dict):
        problems.append((raw.line_of("words"), "« words » doit associer un mot à son écriture"))
        table = {}
    for k, v in table.items():
        if not isinstance(k, str) or not isinstance(v, str) or " " in k or not _FOLDED.fullmatch(k) or not _FOLDED.fullmatch(v):
            problems.append((table.line_of(k) if isinstance(table, LineDict) else 1,
                             f"« {k} » → « {v} » (words) : un mot vers des mots, en minuscules, sans accents"))
            continue
        mapping[k] = tuple(v.split())
    asides.sort(key=len, reverse=True)
    return tuple(asides), mapping, problems


def aside_problems(path: Path) -> list[tuple[int, str]]:
    """The problems of the file at ``path``."""
    return _read(Path(path))[2]


@lru_cache(maxsize=4)
def _data(path: Path = PATH) -> tuple[dict[str, tuple[tuple[str, ...], ...]], dict[str, tuple[str, ...]]]:
    """The asides by their first word (longest first), and the words to write out."""
    asides, mapping, _ = _read(path)
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for a in asides:
        by_first.setdefault(a[0], []).append(a)
    return {w: tuple(v) for w, v in by_first.items()}, mapping


def clean(question: str) -> str:
    """The question's folded words, shortened words written out and asides left out; the
    question itself when nothing would be left."""
    asides, mapping = _data()
    ws: list[str] = []
    for w in words(question):
        ws.extend(mapping.get(w, (w,)))
    out: list[str] = []
    i = 0
    while i < len(ws):
        hit = next((a for a in asides.get(ws[i], ()) if tuple(ws[i:i + len(a)]) == a), None)
        if hit is not None:
            i += len(hit)
            continue
        out.append(ws[i])
        i += 1
    return " ".join(out) if out else question
