"""Helpers shared by the engine tests: the rulebook (loaded once) and a one-line ruling."""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from qa.engine.evaluate import evaluate  # noqa: E402
from qa.engine.outcome import Outcome  # noqa: E402
from qa.engine.scenario import parse_scenario  # noqa: E402
from qa.rulebook import Rulebook, load_rulebook  # noqa: E402

RULESETS = ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")
TEN_BALL = ("10-doolys", "10-ffb", "10-guide")
NINE_BALL = ("9-bca", "9-ffb")
MONEY = {"10-doolys": 10, "10-ffb": 10, "10-guide": 10, "9-bca": 9, "9-ffb": 9}


@lru_cache(maxsize=1)
def book() -> Rulebook:
    return load_rulebook()


def rule(ruleset: str, shot: dict | None = None, **state) -> Outcome:
    """Rule on one shot: ``rule("9-ffb", {"first_contact": 1, "pocketed": [1]}, on_table=[1, 9])``."""
    sc, _ = parse_scenario({"ruleset": ruleset, "state": state, "shot": shot or {}})
    return evaluate(book(), sc)


def brk(ruleset: str, rack: str = "triangle", **shot) -> Outcome:
    """Rule on a break (kind "break" on the full rack)."""
    return rule(ruleset, {"kind": "break", **shot}, rack=rack)


def choices(outcome: Outcome) -> set[str]:
    return {o.choice for o in outcome.options}


def codes(outcome: Outcome) -> list[str]:
    return [f.code for f in outcome.fouls]
