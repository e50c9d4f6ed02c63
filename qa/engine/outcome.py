"""Outcome: the ruling on one shot (public contract, "Outcome"), and the errors of the engine.

The engine speaks to its readers in types: each step of a ruling is a :class:`Reason` with
its :class:`Role` and the policy and clause it rests on; each fact it had to assume is an
:class:`Assumption` naming the Scenario fact; what follows the shot is a
:class:`Consequences` record; and :meth:`Outcome.verdict` is what the referee announces — the
one reduction used to tell whether two rulings differ.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping, Protocol

from .scenario import FoulCount


class Termination(str, Enum):
    """Why a game ended."""

    MONEY_BALL = "money_ball"
    THREE_FOULS = "three_fouls"
    FORFEIT = "forfeit"          # the referee ended the game for a serious infraction (conduct)


class ImpossibleScenarioError(ValueError):
    """A scenario that cannot happen under the ruleset (answered 422).

    ``message`` (French) says why, ``clause`` names the clause it contradicts (may be None
    when no clause is involved, e.g. an unknown ruleset), ``field`` the scenario field at fault.
    """

    def __init__(self, message: str, clause: str | None = None, field_name: str | None = None):
        super().__init__(message)
        self.message, self.clause, self.field = message, clause, field_name


class Role(str, Enum):
    """What a step of a ruling does."""

    FOUL = "foul"                    # a foul the text states, found on the shot
    CONDITION = "condition"          # a condition of the shot checked (contact, rail, break, call), met or not
    CONSEQUENCE = "consequence"      # what follows: balls spotted or staying down, win, who plays and how
    REFEREE_CALL = "referee_call"    # the text is silent: a qualified referee's ruling (no clause)


@dataclass(frozen=True)
class Reason:
    """One step of a ruling: its ``role``, the ``policy`` (rules_data/policy_schema.yaml)
    whose value it applies (None for a foul read from the text's list of fouls, or a foul
    code the text does not list), the ``clause`` id it rests on (None for a referee's call)
    and the French ``text``.

    ``gist`` is set on the statement of a foul: what the foul is, without the lead
    (« Faute : ») nor the referee's mark, and without naming the lowest ball when the table
    was not stated — the words a reader quotes after « Pourquoi : ».
    """

    role: Role
    policy: str | None
    clause: str | None
    text: str
    gist: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The contract's reason (``text``, ``clause``) with ``role`` and ``policy``."""
        return {"text": self.text, "clause": self.clause, "role": self.role.value, "policy": self.policy}


@dataclass(frozen=True)
class Assumption:
    """A fact the Scenario did not state and the ruling assumed: the dotted Scenario
    ``fact`` (``shot.first_contact``, ``shot.rail_after_contact``…) and the French ``text``."""

    fact: str
    text: str


@dataclass(frozen=True)
class Foul:
    """A foul found on the shot: a contract foul ``code`` and the ``clause`` that makes it one."""

    code: str
    clause: str | None


@dataclass(frozen=True)
class SpotPlace:
    """Where a spotted ``ball`` goes: ``place`` (``foot_spot``, or when the spot is taken
    ``behind_on_line`` / ``nearest_below``) and the ``clause`` that says so (None: a referee's call)."""

    ball: int
    place: str
    clause: str | None


@dataclass(frozen=True)
class Option:
    """A choice offered to the next player: ``choice`` (play/hand_back), who then ``shooter``s
    (relative to the player of the ruled shot) and whether that shot may be a push-out."""

    choice: str
    shooter: str
    push_out_available: bool


@dataclass(frozen=True)
class Consequences:
    """What follows a shot: the end of the game, or who plays next and how."""

    game_over: bool
    winner: str | None
    termination: Termination | None
    next_shooter: str
    ball_in_hand: bool
    options: tuple[Option, ...]
    push_out_available: bool
    fouls_after: FoulCount
    warning_due: bool


@dataclass(frozen=True)
class Verdict:
    """What the referee announces after a shot: foul or not, the end of the game (winner and
    why), or who plays next (``next``: shooter, opponent, or ``choice``: the opponent chooses
    to play or to hand the table back) with or without ball in hand, the balls spotted,
    whether the next shot may be a push-out (with ``choice``: after a hand-back), the
    shooter's consecutive fouls, a warning due, and the break's legality and three-ball rule.

    Once the game is over only its end is announced (no ball spotted, no next shot).
    Two rulings differ when their verdicts differ. ``fouls`` (the codes called) is carried
    for display and does not enter the comparison: two fouls with the same consequences give
    the same verdict.
    """

    foul: bool
    winner: str | None
    termination: Termination | None
    next: str | None
    ball_in_hand: bool
    spotted: tuple[int, ...]
    push_out: bool
    fouls_after: int
    warning_due: bool
    break_legal: bool | None
    three_ball_rule: str | None
    fouls: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def game_over(self) -> bool:
        return self.winner is not None

    @property
    def headline(self) -> tuple[bool, str | None, Termination | None, str | None, bool]:
        """What is announced whatever the game (the balls spotted and the break's figures are
        named per game): foul, winner, why the game ended, who plays next, ball in hand."""
        return (self.foul, self.winner, self.termination, self.next, self.ball_in_hand)


@dataclass(frozen=True)
class Impossible:
    """The verdict of a scenario that cannot happen under a ruleset: the error's message."""

    message: str


class _HasMessage(Protocol):
    message: str


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
    assumptions: tuple[Assumption, ...]
    on_table_after: tuple[int, ...]
    spotted_at: tuple[SpotPlace, ...] = ()
    fouls_not_recognised: tuple[Foul, ...] = ()

    def verdict(self) -> Verdict:
        """What the referee announces (see :class:`Verdict`)."""
        br = self.break_info or {}
        nxt: str | None = self.next_shooter
        push, ball_in_hand, spotted = self.push_out_available, self.ball_in_hand, tuple(self.spotted)
        if self.game_over:
            nxt, push, ball_in_hand, spotted = None, False, False, ()
        elif self.options:
            back = next((o for o in self.options if o.choice == "hand_back"), None)
            nxt, push = "choice", bool(back and back.push_out_available)
        return Verdict(foul=not self.legal, winner=self.winner, termination=self.termination, next=nxt,
                       ball_in_hand=ball_in_hand, spotted=spotted, push_out=push,
                       fouls_after=self.fouls_after["shooter"], warning_due=self.warning_due,
                       break_legal=br.get("legal"), three_ball_rule=br.get("three_ball_rule"),
                       fouls=frozenset(f.code for f in self.fouls))

    @property
    def cited(self) -> tuple[str, ...]:
        """Clause ids the ruling rests on, in order of first citation, without repeats."""
        return tuple(dict.fromkeys(r.clause for r in self.reasons if r.clause))

    def to_json(self, clauses: Mapping[str, Any] | None = None) -> dict[str, Any]:
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
            "reasons": [r.to_json() for r in self.reasons],
            "citations": [clauses[c].to_json() for c in self.cited if clauses and c in clauses],
            "notes": list(self.notes),
            "unsettled": list(self.unsettled),
            "assumptions": [a.text for a in self.assumptions],
            "assumed": [{"fact": a.fact, "text": a.text} for a in self.assumptions],
            "on_table_after": list(self.on_table_after),
            "spotted_at": [{"ball": p.ball, "place": p.place, "clause": p.clause} for p in self.spotted_at],
            "fouls_not_recognised": [{"code": f.code, "clause": f.clause} for f in self.fouls_not_recognised],
        }


def verdict_of(result: Outcome | _HasMessage) -> Verdict | Impossible:
    """The verdict of a ruling, or :class:`Impossible` for an ImpossibleScenarioError."""
    if isinstance(result, Outcome):
        return result.verdict()
    return Impossible(result.message)
