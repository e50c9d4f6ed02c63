"""One shot under several rulesets: the one loop every caller uses.

``rule_under(book, scenario, rulesets)`` → ``{ruleset: Outcome | ImpossibleScenarioError}``,
in the order of ``rulesets`` (repeats dropped). A shot that cannot happen under a ruleset is
not raised: its error takes the ruling's place, and each caller says it its own way (the
JSON API answers 422 naming the ruleset, the comparer and the builder show it in that
ruleset's column, the situation answer explains it in French).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Union

from ..rulebook import Rulebook
from .evaluate import evaluate
from .outcome import ImpossibleScenarioError, Outcome
from .scenario import Scenario, parse_scenario

#: A ruling under one ruleset, or why the shot cannot happen there.
Result = Union[Outcome, ImpossibleScenarioError]

#: Adapts a Scenario mapping to a ruleset (e.g. the balls on the table to its rack).
Fit = Callable[[Mapping[str, Any], str], Mapping[str, Any]]


def _under(scenario: Scenario | Mapping[str, Any], ruleset: str, fit: Fit | None) -> Scenario:
    if fit is not None:
        data = scenario.to_json() if isinstance(scenario, Scenario) else dict(scenario)
        sc, _ = parse_scenario({**dict(fit(data, ruleset)), "ruleset": ruleset})
        return sc
    if isinstance(scenario, Scenario):
        return scenario.with_ruleset(ruleset)
    data = {k: v for k, v in scenario.items() if k != "rulesets"}
    sc, _ = parse_scenario({**data, "ruleset": ruleset})
    return sc


def rule_under(book: Rulebook, scenario: Scenario | Mapping[str, Any], rulesets: Iterable[str],
               fit: Fit | None = None) -> dict[str, Result]:
    """Rule on ``scenario`` under each of ``rulesets``.

    ``scenario`` is a :class:`Scenario` or a contract Scenario mapping (its ``ruleset`` and
    ``rulesets`` are ignored); ``fit(mapping, ruleset)``, when given, adapts the mapping to
    each ruleset before it is parsed. Returns ``{ruleset: Outcome | ImpossibleScenarioError}``
    (an unknown ruleset is an ImpossibleScenarioError on the field ``ruleset``). A malformed
    mapping raises :class:`~qa.engine.scenario.ScenarioFormatError`.
    """
    out: dict[str, Result] = {}
    for rid in dict.fromkeys(rulesets):
        try:
            out[rid] = evaluate(book, _under(scenario, rid, fit))
        except ImpossibleScenarioError as exc:
            out[rid] = exc
    return out


def first_impossible(rulings: Mapping[str, Result]) -> tuple[str, ImpossibleScenarioError] | None:
    """The first ruleset (in order) under which the shot cannot happen, with its error."""
    return next(((rid, r) for rid, r in rulings.items() if isinstance(r, ImpossibleScenarioError)), None)


def outcomes_json(book: Rulebook, rulings: Mapping[str, Result]) -> dict[str, dict[str, Any]]:
    """The contract Outcome JSON of the rulesets under which the shot could happen."""
    return {rid: r.to_json(book.clauses) for rid, r in rulings.items() if isinstance(r, Outcome)}
