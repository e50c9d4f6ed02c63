"""What understanding gives back: an :class:`Understanding` and its :class:`OpenFact` entries."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping




# ============================================================================ results
@dataclass(frozen=True)
class OpenFact:
    """A fact the question leaves out that may change the ruling.

    ``name``: the fact (``lowest``, ``called``, ``contact`` (whether the ball missed was touched), ``rail_after_contact``, ``balls_to_rail``,
    ``crossed_head_string``, ``warned``, ``game``); ``question``: the follow-up question in
    French (tu or vous as the asker); ``default_label``/``alt_label``: the two cases in
    French ("si la 3 était la plus basse" / "si une bille plus basse était sur la table");
    ``alt_scenario``: the Scenario dict of the other case (``default`` is
    ``Understanding.scenario``; for ``game``, the same scenario: the case is the other
    game's rulesets); ``rulings``: :func:`qa.situation_rulings.rule` of ``alt_scenario``, kept
    when :func:`qa.situation_rulings.weigh_open` ran the engine to see that the case changes a
    ruling (else None).
    """

    name: str
    question: str
    default_label: str
    alt_label: str
    alt_scenario: Mapping[str, Any]
    rulings: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Understanding:
    """What was understood of a situation.

    - ``scenario``: a contract Scenario dict (``ruleset`` None; facts not stated are left
      out of ``shot`` so that the engine says what it assumed). When ``rulesets`` span both
      games, ``state.on_table`` is written for the ten-ball rack: use :func:`scenario_for`.
    - ``rulesets``: ids covered, in book order.
    - ``facts``: {field: value} for each fact read in the question (only those stated):
      ``game``, ``named`` (publisher rulesets), ``kind``, ``first_contact`` (int, None for
      no ball touched, or ``"lowest"``), ``pocketed``, ``off_table``, ``cue_ball``,
      ``on_table`` (exact list), ``lowest``, ``present``, ``gone``,
      ``rail_after_contact``, ``balls_to_rail``, ``crossed_head_string``, ``cue_rail_first``,
      ``called`` (dict, ``"safe"`` or None), ``fouls_shooter``, ``fouls_opponent``,
      ``warned``, ``rack``, ``jump``, ``masse``, ``obstacle_moved``, ``fouls`` (codes),
      ``ball_in_hand``, ``push_out_available``, ``shooter`` (``self``/``other``/``player``).
    - ``follow_up``: the questions of ``open`` (each may change the ruling; the answer
      keeps those that do).
    - ``assumptions``: the defaults this module chose, in French ("J'ai supposé que…").
    - ``open``: :class:`OpenFact` entries.
    - ``address``: ``"tu"`` or ``"vous"``, as the question speaks; ``shooter``: who played
      the shot (``self``: the asker, ``other``: the asker's opponent, ``player``: a third
      person).
    - ``rulings``: the rulings of ``scenario`` under ``rulesets`` once
      :func:`qa.situation_rulings.weigh_open` ran the engine (to weigh the open facts), else None
      (:func:`qa.situation_rulings.rulings_of` runs it when needed). :func:`understand` itself never
      runs the engine: it gives every open fact, unweighed.
    """

    scenario: Mapping[str, Any]
    rulesets: tuple[str, ...]
    facts: Mapping[str, Any]
    follow_up: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()
    open: tuple[OpenFact, ...] = ()
    address: str = "tu"
    shooter: str = "self"
    rulings: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
