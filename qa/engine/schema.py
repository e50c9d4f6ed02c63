"""The Scenario schema, defined once (public contract, "Scenario").

These pydantic models are the one definition of a Scenario's fields, their types, enums,
bounds and defaults: :func:`qa.engine.scenario.parse_scenario` validates input with them and
turns them into the engine's frozen dataclasses, :meth:`qa.engine.scenario.Scenario.to_json`
writes through them, the quiz templates start from their defaults, and
``tests/test_scenario_schema.py`` holds ``openapi.yaml``'s Scenario against
:meth:`ScenarioModel.model_json_schema`.

The models are strict (no coercion, unknown keys refused): a field's French error message is
built by :mod:`qa.engine.scenario`.
"""
from __future__ import annotations

from typing import Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

ShotKind = Literal["break", "normal", "push_out"]
CueBall = Literal["table", "pocketed", "off_table"]
Rack = Literal["triangle", "template"]
ClaimBy = Literal["opponent", "referee", "shooter", "other"]
ClaimWhen = Literal["before_next_shot", "after_next_shot"]
Conduct = Literal["forfeit", "unsportsmanlike"]

SHOT_KINDS: tuple[str, ...] = get_args(ShotKind)
CUE_BALLS: tuple[str, ...] = get_args(CueBall)
RACKS: tuple[str, ...] = get_args(Rack)

#: Object balls are numbered 1..10 (a nine-ball ruleset refuses the 10 later, as impossible).
MIN_BALL, MAX_BALL = 1, 10

_BALLS_MESSAGE = "les billes sont numérotées de 1 à 10"


def _check_balls(balls: list[int] | None) -> list[int] | None:
    if balls is not None and any(not MIN_BALL <= b <= MAX_BALL for b in balls):
        raise ValueError(_BALLS_MESSAGE)
    if balls is not None and len(set(balls)) != len(balls):
        raise ValueError("une même bille ne peut figurer qu’une fois dans la liste")
    return balls


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CalledModel(_Strict):
    """The call of a shot: the ball, the pocket (free text), and whether the ball dropped
    in the pocket called."""

    ball: int = Field(ge=MIN_BALL, le=MAX_BALL)
    pocket: str | None = Field(default=None, max_length=200)
    pocket_ok: bool = True
    #: the ball and pocket were obvious (the texts that call shots ask a call only when they are
    #: not): true = obvious, nothing needed to be said; false = not obvious, ball and pocket must
    #: both be named; null = not stated
    obvious: bool | None = None


class FoulClaimModel(_Strict):
    """Who pointed out the foul, and when (Dooly's: only the opponent, before the next shot)."""

    by: ClaimBy
    when: ClaimWhen = "before_next_shot"


class FoulsModel(_Strict):
    """Consecutive fouls so far of the shooter and of the opponent."""

    shooter: int = Field(default=0, ge=0)
    opponent: int = Field(default=0, ge=0)


class StateModel(_Strict):
    """The table before the shot; ``on_table`` None: the full rack."""

    on_table: list[int] | None = Field(default=None, max_length=10)
    ball_in_hand: bool = False
    push_out_available: bool = False
    fouls: FoulsModel = FoulsModel()
    warned: bool = False
    rack: Rack = "triangle"
    #: a timed match (shot clock); null: not stated
    timed_match: bool | None = None

    @field_validator("on_table")
    @classmethod
    def _balls(cls, v: list[int] | None) -> list[int] | None:
        return _check_balls(v)


class ShotModel(_Strict):
    """What happened on the shot. Left out or null: not stated (see ``UNSTATED_IF_MISSING``)."""

    kind: ShotKind = "normal"
    first_contact: int | None = Field(default=None, ge=MIN_BALL, le=MAX_BALL)
    cue_rail_first: bool = False
    pocketed: list[int] = Field(default_factory=list, max_length=10)
    off_table: list[int] = Field(default_factory=list, max_length=10)
    cue_ball: CueBall = "table"
    rail_after_contact: bool | None = None
    balls_to_rail: int | None = Field(default=None, ge=0, le=10)
    crossed_head_string: int | None = Field(default=None, ge=0, le=10)
    called: Union[CalledModel, Literal["safe"], None] = None
    jump: bool = False
    masse: bool = False
    obstacle_moved: bool = False
    fouls: list[str] = Field(default_factory=list, max_length=30)
    #: the cue ball was frozen to the ball it hit first, and was played into it
    cue_frozen: bool = False
    #: a curved (« dévié ») shot, around an obstacle ball
    curve: bool = False
    #: the cue tip missed the cue ball entirely (nothing moved)
    cue_missed: bool = False
    #: object balls that dropped into a pocket by themselves after every ball had stopped
    dropped_by_itself: list[int] = Field(default_factory=list, max_length=10)
    #: the foot spot is taken by a ball when a spotted ball comes back; null: not stated
    spot_taken: bool | None = None
    #: who pointed out the foul and when; null: not stated
    foul_claim: FoulClaimModel | None = None
    #: the referee's ruling on the shooter's conduct: ``forfeit`` (the game lost for a serious
    #: infraction) or ``unsportsmanlike``; null: nothing of the kind
    conduct: Conduct | None = None

    @field_validator("pocketed", "off_table", "dropped_by_itself")
    @classmethod
    def _balls(cls, v: list[int]) -> list[int]:
        return _check_balls(v) or []


class ScenarioModel(_Strict):
    """One shot and the state just before it, under one ruleset (may be null)."""

    ruleset: str | None = Field(default=None, max_length=100)
    state: StateModel = StateModel()
    shot: ShotModel = ShotModel()


class ScenarioManyModel(ScenarioModel):
    """The same shot under several rulesets (``rulesets`` in place of ``ruleset``)."""

    rulesets: list[str] | None = Field(default=None, max_length=50)


#: Shot facts that are "not stated" when left out: the engine assumes a value and says so.
#: ``called`` and ``first_contact`` are stated when given as null (nothing called, no ball
#: touched); the others are also unstated when null.
UNSTATED_IF_MISSING: tuple[str, ...] = ("first_contact", "rail_after_contact", "called", "balls_to_rail",
                                        "crossed_head_string")
NULL_IS_STATED: frozenset[str] = frozenset({"called", "first_contact"})

#: Fields added to the contract's Scenario (issue 12): written by ``Scenario.to_json`` only when
#: they differ from their default, so that a Scenario that does not use them keeps its shape.
QUIET_DEFAULTS: dict[tuple[str, ...], object] = {
    ("state", "timed_match"): None,
    ("shot", "cue_frozen"): False, ("shot", "curve"): False, ("shot", "cue_missed"): False,
    ("shot", "dropped_by_itself"): [], ("shot", "spot_taken"): None, ("shot", "foul_claim"): None,
    ("shot", "conduct"): None, ("shot", "called", "obvious"): None,
}

#: The union branches pydantic may name in an error's location.
UNION_BRANCHES: frozenset[str] = frozenset({CalledModel.__name__, FoulClaimModel.__name__})

#: The keys each object of a Scenario allows, by path (for a "vouliez-vous dire").
KEYS: dict[tuple[str, ...], tuple[str, ...]] = {
    (): tuple(ScenarioManyModel.model_fields),
    ("state",): tuple(StateModel.model_fields),
    ("state", "fouls"): tuple(FoulsModel.model_fields),
    ("shot",): tuple(ShotModel.model_fields),
    ("shot", "called"): tuple(CalledModel.model_fields),
    ("shot", "foul_claim"): tuple(FoulClaimModel.model_fields),
}

#: Every dotted Scenario fact name (``state.rack``, ``shot.first_contact``…).
FACTS: frozenset[str] = frozenset(
    [f"state.{k}" for k in StateModel.model_fields] + [f"shot.{k}" for k in ShotModel.model_fields])
