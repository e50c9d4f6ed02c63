"""Rulings of an understood situation: the engine run on its scenario and on the other case of each
open fact, and which open facts change a ruling (the answer layer keeps those)."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from .engine.everywhere import rule_under
from .engine.outcome import ImpossibleScenarioError, Outcome, Reason, Role, Verdict, verdict_of
from .rulebook import GAMES, Rulebook
from .understand.names import scenario_for
from .understand.results import OpenFact, Understanding


def rule(book: Rulebook, scenario: Mapping[str, Any], rulesets: Sequence[str]) -> dict[str, Any]:
    """The engine on ``scenario`` under each ruleset, its rack fitted to each
    (:func:`qa.understand.scenario_for`): {ruleset: Outcome or ImpossibleScenarioError}.

    A story that declares a push-out where the ruleset allows none (« il casse sans toucher la 1 ;
    j'ai la bille en main et j'annonce un push-out ») tells a shot that was played all the same:
    under those rulesets it is ruled as an ordinary shot, the clause that excludes the push-out
    cited first and the texts' silence on what the declared push-out becomes said in a note."""
    def fit(sc: Mapping[str, Any], r: str) -> dict[str, Any]:
        return scenario_for(book, sc, r)
    out = rule_under(book, scenario, rulesets, fit=fit)
    shot = scenario.get("shot") or {}
    refused = [r for r, o in out.items() if isinstance(o, ImpossibleScenarioError) and o.field in _PUSH_FIELDS]
    if shot.get("kind") != "push_out" or not refused:
        return out
    ordinary = {**scenario, "shot": {**shot, "kind": "normal"},
                "state": {**(scenario.get("state") or {}), "push_out_available": False}}
    again = rule_under(book, ordinary, refused, fit=fit)
    for r in refused:
        o, err = again[r], out[r]
        if isinstance(o, Outcome) and isinstance(err, ImpossibleScenarioError):
            why = Reason(Role.CONDITION, "push_out_after_break", err.clause,
                         f"{_NO_PUSH} : {err.message[:1].lower()}{err.message[1:]} {_AS_NORMAL}")
            out[r] = replace(o, reasons=(why,) + o.reasons, notes=o.notes + (_PUSH_REFUSED_NOTE,))
    return out


# what a ruling says of a push-out declared where none is allowed
_NO_PUSH, _AS_NORMAL = "Pas de coup poussé ici", "Le coup se juge comme un coup normal."
# the impossible-scenario fields of a push-out the ruleset does not allow there
_PUSH_FIELDS = frozenset({"shot.kind", "state.push_out_available"})
_PUSH_REFUSED_NOTE = ("Le texte ne dit pas ce que devient un coup poussé annoncé là où il n’est pas permis. "
                      "Décision : le coup joué se juge comme un coup normal.")


def _headline(result: Any) -> Any:
    """:attr:`Verdict.headline` of a ruling (an impossible shot: its :class:`Impossible`)."""
    v = verdict_of(result)
    return v.headline if isinstance(v, Verdict) else v


def _rule_understood(book: Rulebook, u: Understanding, scenario: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`rule` on ``scenario`` of ``u``; where the story told a push-out the understanding ruled
    out (``facts["push_refused"]``: the policy that rules it out, as after a dry break whose table
    was accepted), each ruling whose text states that policy cites its clause first."""
    out = rule(book, scenario, u.rulesets)
    policy = u.facts.get("push_refused")
    if not isinstance(policy, str):
        return out
    for r, o in out.items():
        # (a text silent on that policy: its rule of when a push-out may be played, if it has one)
        name, pv = next(((n, pv) for n in (policy, "push_out_after_break")
                         if (pv := book.rulesets[r].policy.get(n)) is not None and pv.clause), (policy, None))
        if isinstance(o, Outcome) and pv is not None and not any(x.clause == pv.clause for x in o.reasons):
            why = Reason(Role.CONDITION, name, pv.clause, f"{_NO_PUSH} : {_AS_NORMAL[:1].lower()}{_AS_NORMAL[1:]}")
            out[r] = replace(o, reasons=(why,) + o.reasons)
    return out


def rulings_of(book: Rulebook, u: Understanding, o: OpenFact | None = None) -> Mapping[str, Any]:
    """{ruleset: Outcome or ImpossibleScenarioError} of ``u``'s scenario (or of the other
    case of its open fact ``o``) under ``u.rulesets``: the rulings :func:`weigh_open` already
    made, else :func:`rule`'s."""
    if o is None:
        return u.rulings if u.rulings is not None else _rule_understood(book, u, u.scenario)
    if o.name == "game":
        return rulings_of(book, u)
    return o.rulings if o.rulings is not None else _rule_understood(book, u, o.alt_scenario)


def weigh_open(book: Rulebook, u: Understanding) -> Understanding:
    """Keep the open facts whose other case changes the ruling under some ruleset (with the
    rulings made to see it)."""
    if not u.open:
        return u
    main = _rule_understood(book, u, u.scenario)
    kept: list[OpenFact] = []
    for o in u.open:
        if o.name == "game":
            sig = {g: {_headline(main[r]) for r in u.rulesets if book.rulesets[r].game == g} for g in GAMES}
            nine, ten = sig["nine-ball"], sig["ten-ball"]
            if nine and ten and nine != ten:
                kept.append(o)
            continue
        alt = _rule_understood(book, u, o.alt_scenario)
        if any(verdict_of(main[r]) != verdict_of(alt[r]) for r in u.rulesets):
            kept.append(replace(o, rulings=MappingProxyType(alt)))
    return replace(u, open=tuple(kept), follow_up=tuple(o.question for o in kept), rulings=MappingProxyType(main))
