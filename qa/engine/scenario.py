"""Scenario: one shot and the state just before it (public contract, "Scenario").

``parse_scenario(data)`` turns a JSON/YAML mapping into a frozen :class:`Scenario`, raising
:class:`ScenarioFormatError` (a 400: wrong type, unknown field) with the field's path.
Facts a caller did not state are recorded in ``Scenario.unstated`` so that the engine can
say which assumption it made (contract: "a field left out or null is not stated").
"""
from __future__ import annotations

from dataclasses import dataclass, replace
import re
from typing import Any, Literal, Mapping, Union

from pydantic import ValidationError

from ..french import quoted_or
from ..rulebook import did_you_mean
from .schema import (KEYS, NULL_IS_STATED, QUIET_DEFAULTS, UNION_BRANCHES, UNSTATED_IF_MISSING, CalledModel, ClaimBy, ClaimWhen,
                     Conduct, CueBall, FoulClaimModel, FoulsModel, Rack, ScenarioManyModel, ScenarioModel, ShotKind,
                     ShotModel, StateModel)


class ScenarioFormatError(ValueError):
    """A scenario that is not well formed: ``field`` (dotted path) and a French ``message``."""

    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class Called:
    """The call of a shot: ``ball`` (1..10), ``pocket`` (free text) and ``pocket_ok``
    (False when the ball dropped in another pocket than the one called)."""

    ball: int
    pocket: str | None = None
    pocket_ok: bool = True
    obvious: bool | None = None


@dataclass(frozen=True)
class FoulClaim:
    """Who pointed out the foul (``by``) and ``when`` (before or after the next shot)."""

    by: ClaimBy
    when: ClaimWhen = "before_next_shot"


@dataclass(frozen=True)
class FoulCount:
    """Consecutive fouls so far (0..2) of the ``shooter`` and of the ``opponent``."""

    shooter: int = 0
    opponent: int = 0

    def to_json(self) -> dict[str, int]:
        return {"shooter": self.shooter, "opponent": self.opponent}


@dataclass(frozen=True)
class State:
    """The table before the shot. ``on_table`` None means the full rack of the ruleset."""

    on_table: tuple[int, ...] | None = None
    ball_in_hand: bool = False
    push_out_available: bool = False
    fouls: FoulCount = FoulCount()
    warned: bool = False
    rack: Rack = "triangle"
    timed_match: bool | None = None


@dataclass(frozen=True)
class Shot:
    """What happened on the shot (contract fields). ``first_contact`` None: no ball touched.
    ``called`` is a :class:`Called`, the string ``"safe"``, or None (nothing called)."""

    kind: ShotKind = "normal"
    first_contact: int | None = None
    cue_rail_first: bool = False
    pocketed: tuple[int, ...] = ()
    off_table: tuple[int, ...] = ()
    cue_ball: CueBall = "table"
    rail_after_contact: bool | None = None
    balls_to_rail: int | None = None
    crossed_head_string: int | None = None
    called: Union[Called, Literal["safe"], None] = None
    jump: bool = False
    masse: bool = False
    obstacle_moved: bool = False
    fouls: tuple[str, ...] = ()
    cue_frozen: bool = False
    curve: bool = False
    cue_missed: bool = False
    dropped_by_itself: tuple[int, ...] = ()
    spot_taken: bool | None = None
    foul_claim: FoulClaim | None = None
    conduct: Conduct | None = None


@dataclass(frozen=True)
class Scenario:
    """A ruleset id (may be None in a parsed question), the state and the shot.

    ``unstated`` holds the dotted names of facts the caller left out (``shot.first_contact``,
    ``shot.rail_after_contact``, ``shot.called``, ``shot.balls_to_rail``,
    ``shot.crossed_head_string``): the engine assumes a value for them and says so.
    """

    ruleset: str | None
    state: State = State()
    shot: Shot = Shot()
    unstated: frozenset[str] = frozenset()

    def with_ruleset(self, ruleset: str | None) -> "Scenario":
        """The same scenario under another ruleset (None: under none in particular)."""
        return replace(self, ruleset=ruleset)

    def to_json(self) -> dict[str, Any]:
        """The public Scenario shape, written through :class:`ScenarioModel` (unstated facts
        left out)."""
        unstated = {name.split(".", 1)[1] for name in self.unstated}
        return quiet(to_model(self).model_dump(exclude={"shot": unstated} if unstated else None))


def quiet(out: dict[str, Any]) -> dict[str, Any]:
    """``out`` (a Scenario mapping) without the added fields that hold their default
    (``QUIET_DEFAULTS``); changed in place and returned."""
    for path, default in QUIET_DEFAULTS.items():
        parent: Any = out
        for key in path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        if isinstance(parent, dict) and parent.get(path[-1], default) == default:
            parent.pop(path[-1], None)
    return out


def to_model(sc: Scenario) -> ScenarioModel:
    """The :class:`ScenarioModel` of a frozen :class:`Scenario` (every fact written)."""
    st, sh = sc.state, sc.shot
    called: CalledModel | Literal["safe"] | None
    if isinstance(sh.called, Called):
        called = CalledModel(ball=sh.called.ball, pocket=sh.called.pocket, pocket_ok=sh.called.pocket_ok,
                             obvious=sh.called.obvious)
    else:
        called = sh.called
    return ScenarioModel.model_construct(
        ruleset=sc.ruleset,
        state=StateModel.model_construct(
            on_table=list(st.on_table) if st.on_table is not None else None, ball_in_hand=st.ball_in_hand,
            push_out_available=st.push_out_available,
            fouls=FoulsModel.model_construct(shooter=st.fouls.shooter, opponent=st.fouls.opponent),
            warned=st.warned, rack=st.rack, timed_match=st.timed_match),
        shot=ShotModel.model_construct(
            kind=sh.kind, first_contact=sh.first_contact, cue_rail_first=sh.cue_rail_first,
            pocketed=list(sh.pocketed), off_table=list(sh.off_table), cue_ball=sh.cue_ball,
            rail_after_contact=sh.rail_after_contact, balls_to_rail=sh.balls_to_rail,
            crossed_head_string=sh.crossed_head_string, called=called, jump=sh.jump, masse=sh.masse,
            obstacle_moved=sh.obstacle_moved, fouls=list(sh.fouls), cue_frozen=sh.cue_frozen, curve=sh.curve,
            cue_missed=sh.cue_missed, dropped_by_itself=list(sh.dropped_by_itself), spot_taken=sh.spot_taken,
            foul_claim=FoulClaimModel.model_construct(by=sh.foul_claim.by, when=sh.foul_claim.when)
            if sh.foul_claim else None, conduct=sh.conduct),
    )


def from_model(m: ScenarioModel, unstated: frozenset[str] = frozenset()) -> Scenario:
    """The frozen :class:`Scenario` of a validated model: ball lists sorted without repeats,
    foul codes without repeats."""
    s, st = m.shot, m.state
    called: Called | Literal["safe"] | None
    if isinstance(s.called, CalledModel):
        called = Called(s.called.ball, s.called.pocket, s.called.pocket_ok, s.called.obvious)
    else:
        called = s.called
    return Scenario(
        ruleset=m.ruleset,
        state=State(
            on_table=tuple(sorted(set(st.on_table))) if st.on_table is not None else None,
            ball_in_hand=st.ball_in_hand, push_out_available=st.push_out_available,
            fouls=FoulCount(st.fouls.shooter, st.fouls.opponent), warned=st.warned, rack=st.rack,
            timed_match=st.timed_match,
        ),
        shot=Shot(
            kind=s.kind, first_contact=s.first_contact, cue_rail_first=s.cue_rail_first,
            pocketed=tuple(sorted(set(s.pocketed))), off_table=tuple(sorted(set(s.off_table))),
            cue_ball=s.cue_ball, rail_after_contact=s.rail_after_contact, balls_to_rail=s.balls_to_rail,
            crossed_head_string=s.crossed_head_string, called=called, jump=s.jump, masse=s.masse,
            obstacle_moved=s.obstacle_moved, fouls=tuple(dict.fromkeys(s.fouls)), cue_frozen=s.cue_frozen,
            curve=s.curve, cue_missed=s.cue_missed, dropped_by_itself=tuple(sorted(set(s.dropped_by_itself))),
            spot_taken=s.spot_taken, foul_claim=FoulClaim(s.foul_claim.by, s.foul_claim.when) if s.foul_claim else None,
            conduct=s.conduct,
        ),
        unstated=unstated,
    )


def unstated_in(data: Mapping[str, Any]) -> frozenset[str]:
    """The dotted names of the shot facts a Scenario mapping leaves unstated."""
    raw = data.get("shot")
    shot: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    return frozenset(f"shot.{k}" for k in UNSTATED_IF_MISSING
                     if k not in shot or (shot.get(k) is None and k not in NULL_IS_STATED))


# ----------------------------------------------------------------------------- input errors
# French text for every pydantic error type the models above can raise (pydantic's own
# messages are English): formatted with the error's ``ctx`` (pydantic docs, "Customizing
# error messages"). A type not listed falls back to a French generic message, never English.
_MESSAGES = {
    "int_type": "un nombre entier est attendu",
    "int_parsing": "un nombre entier est attendu",
    "int_from_float": "un nombre entier est attendu",
    "bool_type": "vrai ou faux (true/false) est attendu",
    "bool_parsing": "vrai ou faux (true/false) est attendu",
    "string_type": "un texte est attendu",
    "list_type": "une liste est attendue",
    "model_type": "un objet est attendu",
    "model_attributes_type": "un objet est attendu",
    "dict_type": "un objet est attendu",
    "none_required": "null est attendu",
    "missing": "champ obligatoire manquant",
    "extra_forbidden": "champ inconnu",
    "greater_than_equal": "une valeur d’au moins {ge} est attendue",
    "greater_than": "une valeur supérieure à {gt} est attendue",
    "less_than_equal": "une valeur d’au plus {le} est attendue",
    "less_than": "une valeur inférieure à {lt} est attendue",
    "string_too_long": "{max_length} caractères au plus",
    "string_too_short": "au moins {min_length} caractère(s)",
    "too_long": "{max_length} éléments au plus",
    "too_short": "au moins {min_length} élément(s)",
    "literal_error": "valeur non permise ; {expected} est attendu",
    "value_error": "{error}",
    "assertion_error": "{error}",
}

# Fields whose value may take several shapes (a pydantic union): what to say when the value
# has none of them.
_UNION_EXPECTED = {
    "shot.called": "un objet {ball, pocket, pocket_ok, obvious}, « safe » ou null est attendu",
}


def _is_branch(part: Any) -> bool:
    """A union branch name pydantic puts in an error's location ("CalledModel", "literal['safe']")."""
    return isinstance(part, str) and (part in UNION_BRANCHES or part.startswith(("literal[", "function-")))


def _french_text(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    ctx = dict(err.get("ctx") or {})
    if kind == "literal_error":
        ctx["expected"] = quoted_or(re.findall(r"'([^']*)'", str(ctx.get("expected", ""))))
    template = _MESSAGES.get(kind)
    if template is None:
        return "valeur non valide"
    try:
        return template.format(**ctx)
    except (KeyError, IndexError, ValueError):
        return template.split(" ;")[0].split("{")[0].strip() or "valeur non valide"


def _format_error(exc: ValidationError, many: bool = False) -> ScenarioFormatError:
    """The first error of ``exc`` as one French sentence naming the field's dotted path."""
    errors = exc.errors()
    err = errors[0]
    raw = list(err["loc"])
    branch_at = next((i for i, p in enumerate(raw) if _is_branch(p)), None)
    loc = [str(p)[:80] for p in raw if not _is_branch(p)]
    name = ".".join(loc) or "scénario"
    text = _french_text(err)
    if branch_at is not None:
        # a union field: when every branch failed on the value itself (none inside an object),
        # the value has none of the shapes the field allows: name them all
        prefix = tuple(raw[:branch_at])
        siblings = [e for e in errors if tuple(e["loc"][:branch_at]) == prefix]
        if all(len(e["loc"]) == branch_at + 1 for e in siblings):
            text = _UNION_EXPECTED.get(name, text)
    if err["type"] == "extra_forbidden" and len(loc) >= 1:
        allowed = KEYS.get(tuple(p for p in loc[:-1]), ())
        if not many and not loc[:-1]:
            allowed = tuple(k for k in allowed if k != "rulesets")
        if allowed:
            text += f"{did_you_mean(loc[-1], allowed)} ; champs permis : {', '.join(allowed)}"
    return ScenarioFormatError(name, f"Champ « {name} » : {text}.")


def parse_scenario(data: Any, many: bool = False) -> tuple[Scenario, list[str] | None]:
    """Parse a Scenario mapping (JSON or YAML already decoded).

    Returns ``(scenario, rulesets)``; ``rulesets`` is the list given in place of ``ruleset``
    when ``many`` is true (None otherwise). Raises :class:`ScenarioFormatError` naming the field.
    """
    if not isinstance(data, dict):
        raise ScenarioFormatError("scénario", "Le scénario doit être un objet JSON.")
    model = ScenarioManyModel if many else ScenarioModel
    try:
        m = model.model_validate(data)
    except ValidationError as exc:
        raise _format_error(exc, many) from None
    rulesets = m.rulesets if isinstance(m, ScenarioManyModel) else None
    return from_model(m, unstated_in(data)), rulesets
