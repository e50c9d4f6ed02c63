"""French wording shared by the engine, the answers and the command line: lists said the
French way ("la 2, la 3 et la 9", « a », « b » ou « c »).

Pure functions over strings and ints; nothing raised.
"""
from __future__ import annotations

from typing import Iterable

__all__ = ["join_and", "ball_list", "quoted_or"]


def _join(words: list[str], last: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def join_and(items: Iterable[str]) -> str:
    """``items`` joined as French lists them: ``"a"``, ``"a et b"``, ``"a, b et c"``; a
    repeated item is said once (first place kept); ``""`` when there is none."""
    return _join(list(dict.fromkeys(items)), "et")


def ball_list(nums: Iterable[int], empty: str = "") -> str:
    """Object balls in increasing order, each once: ``ball_list([9, 2, 3]) == "la 2, la 3 et
    la 9"``; ``empty`` when there is none."""
    return _join([f"la {n}" for n in sorted(set(nums))], "et") or empty


def quoted_or(values: Iterable[object]) -> str:
    """Allowed values as French messages list them: ``« a », « b » ou « c »``; ``""`` when
    there is none."""
    return _join([f"« {v} »" for v in values], "ou")
