"""Outcome: the ruling on one shot (public contract, "Outcome"), and the errors of the engine."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping


class Termination(str, Enum):
    """Why a game ended."""

    MONEY_BALL = "money_ball"
    THREE_FOULS = "three_fouls"


class ImpossibleScenarioError(ValueError):
    """A scenario that cannot happen under the ruleset (answered 422).

    ``message`` (French) says why, ``clause`` names the clause it contradicts (may be None
    when no clause is involved, e.g. an unknown ruleset), ``field`` the scenario field at fault.
    """

    def __init__(self, message: str, clause: str | None = None, field_name: str | None = None):
        super().__init__(message)
        self.message, self.clause, self.field = message, clause, field_name


@dataclass(frozen=True)
class Reason:
    """One step of a ruling: French ``text`` and the ``clause`` id it rests on (None when
    the step is a referee's ruling where the text is silent)."""

    text: str
    clause: str | None


@dataclass(frozen=True)
class Foul:
    """A foul found on the shot: a contract foul ``code`` and the ``clause`` that makes it one."""

    code: str
    clause: str | None


@dataclass(frozen=True)
class Option:
    """A choice offered to the next player: ``choice`` (play/hand_back), who then ``shooter``s
    (relative to the player of the ruled shot) and whether that shot may be a push-out."""

    choice: str
    shooter: str
    push_out_available: bool


@dataclass(frozen=True)
class Outcome:
    """The ruling on one shot under one ruleset (fields as in the public contract).

    ``on_table_after`` (extra field) lists the object balls on the table after the shot,
    spotted balls included. ``shooter``/``opponent`` are relative to the player of the shot.
    """

    ruleset: str
    legal: bool
    fouls: tuple[Foul, ...]
    break_info: Mapping[str, Any] | None
    game_over: bool
    winner: str | None
    termination: Termination | None
    next_shooter: str
    ball_in_hand: bool
    spotted: tuple[int, ...]
    options: tuple[Option, ...]
    push_out_available: bool
    fouls_after: Mapping[str, int]
    warning_due: bool
    reasons: tuple[Reason, ...]
    notes: tuple[str, ...]
    unsettled: tuple[str, ...]
    assumptions: tuple[str, ...]
    on_table_after: tuple[int, ...]

    @property
    def cited(self) -> tuple[str, ...]:
        """Clause ids the ruling rests on, in order of first citation, without repeats."""
        return tuple(dict.fromkeys(r.clause for r in self.reasons if r.clause))

    def to_json(self, clauses: Mapping[str, Any] | None = None) -> dict:
        """The public Outcome shape. ``clauses`` ({id: Clause}) fills ``citations``."""
        return {
            "ruleset": self.ruleset,
            "legal": self.legal,
            "fouls": [{"code": f.code, "clause": f.clause} for f in self.fouls],
            "break": dict(self.break_info) if self.break_info is not None else None,
            "game_over": self.game_over,
            "winner": self.winner,
            "termination": self.termination.value if self.termination else None,
            "next_shooter": self.next_shooter,
            "ball_in_hand": self.ball_in_hand,
            "spotted": list(self.spotted),
            "options": [{"choice": o.choice, "shooter": o.shooter, "push_out_available": o.push_out_available}
                        for o in self.options],
            "push_out_available": self.push_out_available,
            "fouls_after": dict(self.fouls_after),
            "warning_due": self.warning_due,
            "reasons": [{"text": r.text, "clause": r.clause} for r in self.reasons],
            "citations": [clauses[c].to_json() for c in self.cited if clauses and c in clauses],
            "notes": list(self.notes),
            "unsettled": list(self.unsettled),
            "assumptions": list(self.assumptions),
            "on_table_after": list(self.on_table_after),
        }
