"""Helpers shared by the engine tests: the rulebook (loaded once), one-line rulings, and the
check of an ``expect`` block of the situation sets in tests/data/."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from qa.engine.evaluate import evaluate
from qa.engine.outcome import Outcome
from qa.engine.scenario import parse_scenario
from qa.rulebook import Rulebook, load_rulebook

ROOT = Path(__file__).resolve().parent.parent

RULESETS = ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")
TEN_BALL = ("10-doolys", "10-ffb", "10-guide")
NINE_BALL = ("9-bca", "9-ffb")
MONEY = {"10-doolys": 10, "10-ffb": 10, "10-guide": 10, "9-bca": 9, "9-ffb": 9}


@lru_cache(maxsize=1)
def book() -> Rulebook:
    return load_rulebook()


def rule_mapping(data: Mapping[str, Any]) -> Outcome:
    """Rule on a contract Scenario mapping that names its ``ruleset``."""
    sc, _ = parse_scenario(data)
    return evaluate(book(), sc)


def assert_expected(outcome: Outcome, expect: Mapping[str, Any]) -> None:
    """Check the Outcome fields of ``expect`` (a data item's ``expect``) against ``outcome``:
    ``options`` compared as sets of choice names, ``spotted`` as sorted lists, the others as
    their contract JSON values."""
    got = outcome.to_json()
    for key, want in expect.items():
        if key == "options":
            assert sorted(x["choice"] for x in got["options"]) == sorted(want), key
        elif key == "spotted":
            assert sorted(got["spotted"]) == sorted(want), key
        elif key == "break" and isinstance(want, dict) and isinstance(got["break"], dict):
            # the keys the item states (the Outcome's break gained "dry")
            assert {k: got["break"].get(k) for k in want} == want, f"break: {got['break']!r} ≠ {want!r}"
        else:
            assert got[key] == want, f"{key}: {got[key]!r} ≠ {want!r}"


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
