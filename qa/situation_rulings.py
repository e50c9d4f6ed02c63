"""Rulings of an understood situation: the engine run on its scenario and on the other case of each
open fact, and which open facts change a ruling (the answer layer keeps those)."""
from __future__ import annotations

import copy
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from qa.understand.results import OpenFact, Understanding

from .rulebook import GAMES
from .engine.evaluate import evaluate
from .engine.outcome import ImpossibleScenarioError
from .engine.scenario import parse_scenario
from .understand.names import scenario_for


def rule(book, scenario: Mapping[str, Any], rulesets: Sequence[str]) -> dict:
    """Run the engine on ``scenario`` under each ruleset: {ruleset: Outcome or
    ImpossibleScenarioError}. A malformed scenario raises ScenarioFormatError (a bug here)."""
    out: dict = {}
    for r in rulesets:
        sc, _ = parse_scenario(scenario_for(book, scenario, r))
        try:
            out[r] = evaluate(book, sc)
        except ImpossibleScenarioError as exc:
            out[r] = exc
    return out


def signature(outcome) -> tuple:
    """What a player sees of a ruling (to tell whether two rulings differ): legality, end of
    game, who plays next and how, balls spotted, fouls count and warning."""
    if isinstance(outcome, Exception):
        return ("impossible", getattr(outcome, "message", str(outcome)))
    br = dict(outcome.break_info) if outcome.break_info else None
    return (outcome.legal, outcome.game_over, outcome.winner,
            outcome.termination.value if outcome.termination else None, outcome.next_shooter,
            outcome.ball_in_hand, tuple(outcome.spotted),
            tuple(sorted((o.choice, o.shooter, o.push_out_available) for o in outcome.options)),
            outcome.push_out_available, outcome.fouls_after.get("shooter"), outcome.warning_due,
            (br or {}).get("legal"), (br or {}).get("three_ball_rule"))


def rulings_of(book, u: Understanding, o: OpenFact | None = None) -> Mapping[str, Any]:
    """{ruleset: Outcome or ImpossibleScenarioError} of ``u``'s scenario (or of the other
    case of its open fact ``o``) under ``u.rulesets``: the rulings :func:`understand` already
    made, else :func:`rule`'s."""
    if o is None:
        return u.rulings if u.rulings is not None else rule(book, u.scenario, u.rulesets)
    if o.name == "game":
        return rulings_of(book, u)
    return o.rulings if o.rulings is not None else rule(book, o.alt_scenario, u.rulesets)


def weigh_open(book, u: Understanding) -> Understanding:
    """Keep the open facts whose other case changes the ruling under some ruleset (with the
    rulings made to see it)."""
    if not u.open:
        return u
    main = rule(book, u.scenario, u.rulesets)
    kept: list[OpenFact] = []
    for o in u.open:
        if o.name == "game":
            sig = {g: {signature(main[r])[:6] for r in u.rulesets if book.rulesets[r].game == g} for g in GAMES}
            nine, ten = sig["nine-ball"], sig["ten-ball"]
            if nine and ten and nine != ten:
                kept.append(o)
            continue
        alt = rule(book, o.alt_scenario, u.rulesets)
        if any(signature(main[r]) != signature(alt[r]) for r in u.rulesets):
            kept.append(replace(o, rulings=MappingProxyType(alt)))
    return replace(u, open=tuple(kept), follow_up=tuple(o.question for o in kept), rulings=MappingProxyType(main))




def _copy(sc: Mapping[str, Any]) -> dict:
    return copy.deepcopy(dict(sc))

