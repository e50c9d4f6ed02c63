"""No regular expression applied to user text backtracks catastrophically.

The patterns are the ones the code really uses: every pattern compiled at import in qa/, web/
and cli/ (module globals, tuples and dicts of them), and every pattern that ``re`` compiles while
the whole question pipeline (routing, lookup, situation understanding, answer) reads every
question and situation of the test and benchmark sets. Each one is pumped with long repetitive
inputs (tests/regex_pump.py) up to the longest text the pipeline accepts, and one search must
stay under a bound (0.2 s on 2,000 characters) far above what a linear pattern needs; an
exponential pattern passes it within a few units of pumping, a quadratic one only on far longer
texts than the pipeline accepts.
The pump itself is checked on the three patterns that once froze the server.
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from regex_pump import attacks, worst_time

ROOT = Path(__file__).resolve().parent.parent
#: understanding reads up to 2,000 characters (the web layer stops questions at 500).
MAX_LEN = 2000
def _slowdown() -> float:
    """How much slower this machine runs now than an idle core (a fixed piece of pure Python work
    that takes about 25 ms there, the best of three): a loaded machine (several test runs on two
    cores) must not make a linear pattern look quadratic. Capped at 5: an exponential pattern
    still goes past the bound within a few units of pumping."""
    best = min(_timed() for _ in range(3))
    return min(5.0, max(1.0, best / 0.025))


def _timed() -> float:
    t = time.perf_counter()
    sum(i * i for i in range(300_000))
    return time.perf_counter() - t


#: seconds for one search of at most MAX_LEN characters (a linear pattern: well under 1 ms), on
#: an idle core; scaled by the machine's present slowdown
BOUND = 0.2 * _slowdown()

#: The three patterns behind the freeze (issue 9), as they were.
FROZE = [
    r"\bcomment (?:on |je |tu |bien |mieux |faut il )*(?:viser|vise) "
    r"(?:un |une |le |la |l |des |sa |ma |de l |de |du )*(?:masse|jump|queue)\b",
    r"\b(?:j ai|tu as|vous avez)(?: deja| a| a deja| deja a| fait| commis| deja fait| deja commis| eu| deja eu)* "
    r"(\d+|une|aucune) fautes?",
    r"\b(?:il reste|il y a)\s+(?:plus |encore |seulement |uniquement |juste |que |plus que |)+(B\d+(?:\+\d+)*)",
]


def _slowest(pattern: str, flags: int) -> tuple[float, int, str]:
    rx = re.compile(pattern, flags)
    worst = (0.0, 0, "")
    for a in attacks(pattern, flags):
        t, n = worst_time(rx, a, MAX_LEN, BOUND)
        if t > worst[0]:
            worst = (t, n, a.prefix + a.unit + "…")
        if t > BOUND:
            break
    return worst


@pytest.mark.parametrize("pattern", FROZE, ids=["viser", "deja-fait", "plus-que"])
def test_the_pump_catches_the_patterns_that_froze_the_server(pattern):
    t, _n, _sample = _slowest(pattern, 0)
    assert t > BOUND


def test_the_pump_passes_a_linear_rewrite():
    fixed = r"\bcomment (?:on |je |tu )*+(?:viser|vise) (?:(?:un|une|le|la|l|de|du) )*+(?:masse|jump)\b"
    assert _slowest(fixed, 0)[0] < BOUND


def _questions() -> list[str]:
    out: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("q", "question") and isinstance(v, str):
                    out.append(v)
                elif k == "lookups" and isinstance(v, list):
                    out.extend(x for x in v if isinstance(x, str))
                else:
                    walk(v)
        elif isinstance(node, list):
            for x in node:
                walk(x)

    for f in sorted((ROOT / "tests" / "data").glob("*.yaml")) + sorted((ROOT / "bench" / "data").glob("*.yaml")):
        walk(yaml.safe_load(f.read_text(encoding="utf-8")))
    return out


def _module_patterns(mod: ModuleType) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()

    def walk(v, depth=0):
        if isinstance(v, re.Pattern) and isinstance(v.pattern, str):
            found.add((v.pattern, v.flags & ~re.UNICODE))
        elif depth < 3 and isinstance(v, (tuple, list, frozenset, set)):
            for x in v:
                walk(x, depth + 1)
        elif depth < 3 and isinstance(v, dict):
            for x in v.values():
                walk(x, depth + 1)

    for v in vars(mod).values():
        walk(v)
    return found


@pytest.fixture(scope="module")
def used_patterns(answerer, rulebook) -> list[tuple[str, int]]:
    from qa import understand as situation

    seen: set[tuple[str, int]] = set()
    original = re._compile  # type: ignore[attr-defined]

    def recording(pattern, flags):
        if isinstance(pattern, str):
            seen.add((pattern, int(flags) & ~re.UNICODE))
        return original(pattern, flags)

    re._compile = recording  # type: ignore[attr-defined]
    try:
        for q in _questions():
            answerer.ask(q)
            situation.understand(rulebook, q)
    finally:
        re._compile = original  # type: ignore[attr-defined]
    for name, mod in list(sys.modules.items()):
        if mod is not None and name.split(".")[0] in ("qa", "web", "cli"):
            seen |= _module_patterns(mod)
    return sorted(seen)


def test_the_pipeline_uses_many_patterns(used_patterns):
    # the recording works: the situation reader alone applies well over a hundred patterns
    assert len(used_patterns) > 150


def test_no_pattern_on_user_text_backtracks(used_patterns):
    slow = []
    for pattern, flags in used_patterns:
        t, n, sample = _slowest(pattern, flags)
        if t > BOUND:
            t, n, sample = _slowest(pattern, flags)     # once more: a burst of load is not a quadratic pattern
        if t > BOUND:
            slow.append(f"{t * 1000:.0f} ms on {n} characters ({sample[:60]!r}): {pattern[:160]}")
    assert not slow, "\n".join(slow)
