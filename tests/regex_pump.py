"""Pumped inputs for regular expressions: find the patterns whose matching time grows faster
than the input (catastrophic backtracking).

For every repetition in a pattern (``*``, ``+``, ``{m,n}``), :func:`attacks` builds the classic
pump: a prefix that leads the engine to the repetition, one unit the repetition's body accepts
(each alternative of the body in turn, since overlapping alternatives are what backtracks),
repeated, then a character that makes the rest of the pattern fail. :func:`worst_time` grows the
repetition one unit at a time while the search is fast, then geometrically, and stops as soon
as one search takes longer than the bound, so an exponential pattern is caught before it hangs.

The samples come from the parse tree of Python's own engine (``re._parser``), so they follow
the pattern exactly: literals, character classes, categories, groups, alternations, nested
repetitions, possessive repetitions and atomic groups.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]
from typing import Iterator

_REPEATS = {C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT}
_CATEGORY_CHAR = {
    C.CATEGORY_DIGIT: "7", C.CATEGORY_NOT_DIGIT: "a", C.CATEGORY_SPACE: " ", C.CATEGORY_NOT_SPACE: "a",
    C.CATEGORY_WORD: "a", C.CATEGORY_NOT_WORD: " ", C.CATEGORY_LINEBREAK: "\n", C.CATEGORY_NOT_LINEBREAK: "a",
}
#: The character put after the pump: no pattern of ours expects a control character.
FAIL = "\x01"


@dataclass(frozen=True)
class Attack:
    prefix: str
    unit: str


def _class_chars(items) -> list[str]:
    """A few characters that a ``[...]`` class accepts."""
    negate = any(op is C.NEGATE for op, _ in items)
    if negate:
        banned = {chr(av) for op, av in items if op is C.LITERAL}
        return [c for c in ("a", "7", " ", "é", "-") if c not in banned][:1] or ["~"]
    out: list[str] = []
    for op, av in items:
        if op is C.LITERAL:
            out.append(chr(av))
        elif op is C.RANGE:
            out.append(chr(av[0]))
        elif op is C.CATEGORY:
            out.append(_CATEGORY_CHAR.get(av, "a"))
    return out or ["a"]


def sample(seq) -> str:
    """One short string that ``seq`` (a parsed subpattern) accepts, as far as samples go."""
    return "".join(_item_sample(op, av) for op, av in seq)


def _item_sample(op, av) -> str:
    if op is C.LITERAL:
        return chr(av)
    if op is C.NOT_LITERAL:
        return "a" if chr(av) != "a" else "b"
    if op is C.IN:
        return _class_chars(av)[0]
    if op is C.ANY:
        return "a"
    if op is C.BRANCH:
        return sample(av[1][0])
    if op is C.SUBPATTERN:
        return sample(av[-1])
    if op is C.ATOMIC_GROUP:
        return sample(av)
    if op in _REPEATS:
        lo, _hi, body = av
        return sample(body) * lo
    if op is C.CATEGORY:
        return _CATEGORY_CHAR.get(av, "a")
    return ""  # AT, ASSERT, ASSERT_NOT, GROUPREF...: no character of their own


def units(body) -> list[str]:
    """Non-empty strings that one pass of a repetition's ``body`` accepts: every alternative
    of every alternation in it (the parser factors a common prefix out of alternatives, so each
    one is put back between the samples of what surrounds it)."""
    found: list[str] = [sample(body)]
    for i, (op, av) in enumerate(body):
        pre, post = sample(body[:i]), sample(body[i + 1:])
        if op is C.BRANCH:
            inner = [u for b in av[1] for u in [sample(b), *units(b)]]
        elif op is C.SUBPATTERN:
            inner = units(av[-1])
        elif op is C.IN:
            inner = _class_chars(av)
        else:
            continue
        found.extend(pre + u + post for u in inner)
    return list(dict.fromkeys(u for u in found if u))


def attacks(pattern: str, flags: int = 0) -> Iterator[Attack]:
    """Every (prefix, unit) pump of ``pattern``'s repetitions."""
    yield from _walk(P.parse(pattern, flags), "")


def _walk(seq, prefix: str) -> Iterator[Attack]:
    for op, av in seq:
        if op in _REPEATS:
            lo, hi, body = av
            if hi is C.MAXREPEAT or hi > 1:
                for u in units(body):
                    yield Attack(prefix, u)
            yield from _walk(body, prefix)
        elif op is C.BRANCH:
            for b in av[1]:
                yield from _walk(b, prefix)
        elif op is C.SUBPATTERN:
            yield from _walk(av[-1], prefix)
        elif op is C.ATOMIC_GROUP:
            yield from _walk(av, prefix)
        elif op in (C.ASSERT, C.ASSERT_NOT):
            yield from _walk(av[1], prefix)
        prefix += _item_sample(op, av)


def _timed_search(rx: re.Pattern, s: str) -> float:
    t0 = time.perf_counter()
    rx.search(s)
    return time.perf_counter() - t0


def worst_time(rx: re.Pattern, attack: Attack, max_len: int, bound: float) -> tuple[float, int]:
    """The longest single ``search`` of the pump (seconds) and the input length it took, growing
    the pump until ``max_len`` characters or until one search exceeds ``bound``."""
    n, worst, at = 1, 0.0, 0
    while True:
        s = attack.prefix + attack.unit * n + FAIL
        if len(s) > max_len:
            return worst, at
        dt = _timed_search(rx, s)
        if dt > bound / 2:     # a burst of load on a shared machine is not a slow pattern: the best of three
            dt = min(dt, _timed_search(rx, s), _timed_search(rx, s))
        if dt > worst:
            worst, at = dt, len(s)
        if dt > bound:
            return worst, at
        n = n + 1 if n < 24 else int(n * 1.3)
