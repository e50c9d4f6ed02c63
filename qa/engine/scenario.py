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

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..french import quoted_or
from ..rulebook import did_you_mean


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


@dataclass(frozen=True)
class FoulCount:
    """Consecutive fouls so far (0..2) of the ``shooter`` and of the ``opponent``."""

    shooter: int = 0
    opponent: int = 0


@dataclass(frozen=True)
class State:
    """The table before the shot. ``on_table`` None means the full rack of the ruleset."""

    on_table: tuple[int, ...] | None = None
    ball_in_hand: bool = False
    push_out_available: bool = False
    fouls: FoulCount = FoulCount()
    warned: bool = False
    rack: Literal["triangle", "template"] = "triangle"


@dataclass(frozen=True)
class Shot:
    """What happened on the shot (contract fields). ``first_contact`` None: no ball touched.
    ``called`` is a :class:`Called`, the string ``"safe"``, or None (nothing called)."""

    kind: Literal["break", "normal", "push_out"] = "normal"
    first_contact: int | None = None
    cue_rail_first: bool = False
    pocketed: tuple[int, ...] = ()
    off_table: tuple[int, ...] = ()
    cue_ball: Literal["table", "pocketed", "off_table"] = "table"
    rail_after_contact: bool | None = None
    balls_to_rail: int | None = None
    crossed_head_string: int | None = None
    called: Union[Called, Literal["safe"], None] = None
    jump: bool = False
    masse: bool = False
    obstacle_moved: bool = False
    fouls: tuple[str, ...] = ()


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

    def with_ruleset(self, ruleset: str) -> "Scenario":
        """The same scenario under another ruleset."""
        return replace(self, ruleset=ruleset)

    def to_json(self) -> dict:
        """The public Scenario shape (unstated facts are written as null / left out)."""
        st, sh = self.state, self.shot
        called: Any
        if isinstance(sh.called, Called):
            called = {"ball": sh.called.ball, "pocket": sh.called.pocket, "pocket_ok": sh.called.pocket_ok}
        else:
            called = sh.called
        shot = {
            "kind": sh.kind, "first_contact": sh.first_contact, "cue_rail_first": sh.cue_rail_first,
            "pocketed": list(sh.pocketed), "off_table": list(sh.off_table), "cue_ball": sh.cue_ball,
            "rail_after_contact": sh.rail_after_contact, "balls_to_rail": sh.balls_to_rail,
            "crossed_head_string": sh.crossed_head_string, "called": called, "jump": sh.jump,
            "masse": sh.masse, "obstacle_moved": sh.obstacle_moved, "fouls": list(sh.fouls),
        }
        for name in self.unstated:
            key = name.split(".", 1)[1]
            shot.pop(key, None)
        return {
            "ruleset": self.ruleset,
            "state": {
                "on_table": list(st.on_table) if st.on_table is not None else None,
                "ball_in_hand": st.ball_in_hand, "push_out_available": st.push_out_available,
                "fouls": {"shooter": st.fouls.shooter, "opponent": st.fouls.opponent},
                "warned": st.warned, "rack": st.rack,
            },
            "shot": shot,
        }


# ----------------------------------------------------------------------------- input schema
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _CalledIn(_Strict):
    ball: int = Field(ge=1, le=10)
    pocket: str | None = Field(default=None, max_length=200)
    pocket_ok: bool = True


class _FoulsIn(_Strict):
    shooter: int = Field(default=0, ge=0)
    opponent: int = Field(default=0, ge=0)


class _StateIn(_Strict):
    on_table: list[int] | None = Field(default=None, max_length=10)
    ball_in_hand: bool = False
    push_out_available: bool = False
    fouls: _FoulsIn = _FoulsIn()
    warned: bool = False
    rack: Literal["triangle", "template"] = "triangle"

    @field_validator("on_table")
    @classmethod
    def _balls(cls, v):
        if v is not None and any(not 1 <= b <= 10 for b in v):
            raise ValueError("les billes sont numérotées de 1 à 10")
        return v


class _ShotIn(_Strict):
    kind: Literal["break", "normal", "push_out"] = "normal"
    first_contact: int | None = Field(default=None, ge=1, le=10)
    cue_rail_first: bool = False
    pocketed: list[int] = Field(default_factory=list, max_length=10)
    off_table: list[int] = Field(default_factory=list, max_length=10)
    cue_ball: Literal["table", "pocketed", "off_table"] = "table"
    rail_after_contact: bool | None = None
    balls_to_rail: int | None = Field(default=None, ge=0, le=10)
    crossed_head_string: int | None = Field(default=None, ge=0, le=10)
    called: Union[_CalledIn, Literal["safe"], None] = None
    jump: bool = False
    masse: bool = False
    obstacle_moved: bool = False
    fouls: list[str] = Field(default_factory=list, max_length=30)

    @field_validator("pocketed", "off_table")
    @classmethod
    def _balls(cls, v):
        if any(not 1 <= b <= 10 for b in v):
            raise ValueError("les billes sont numérotées de 1 à 10")
        return v


class _ScenarioIn(_Strict):
    ruleset: str | None = Field(default=None, max_length=100)
    state: _StateIn = _StateIn()
    shot: _ShotIn = _ShotIn()


class _ScenarioManyIn(_ScenarioIn):
    rulesets: list[str] | None = Field(default=None, max_length=50)


_UNSTATED_IF_MISSING = ("first_contact", "rail_after_contact", "called", "balls_to_rail", "crossed_head_string")

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
    "shot.called": "un objet {ball, pocket, pocket_ok}, « safe » ou null est attendu",
}

# The keys each object of a Scenario allows (for a "vouliez-vous dire" on an unknown one).
_KEYS = {
    (): tuple(_ScenarioManyIn.model_fields),
    ("state",): tuple(_StateIn.model_fields),
    ("state", "fouls"): tuple(_FoulsIn.model_fields),
    ("shot",): tuple(_ShotIn.model_fields),
    ("shot", "called"): tuple(_CalledIn.model_fields),
}


def _is_branch(part: Any) -> bool:
    """A union branch name pydantic puts in an error's location ("_CalledIn", "literal['safe']")."""
    return isinstance(part, str) and part.startswith(("_", "literal[", "function-"))


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
        allowed = _KEYS.get(tuple(p for p in loc[:-1]), ())
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
    model = _ScenarioManyIn if many else _ScenarioIn
    try:
        m = model.model_validate(data)
    except ValidationError as exc:
        raise _format_error(exc, many) from None
    shot_raw = data.get("shot") if isinstance(data.get("shot"), dict) else {}
    unstated = frozenset(f"shot.{k}" for k in _UNSTATED_IF_MISSING
                         if k not in shot_raw or (k != "called" and shot_raw.get(k) is None and k != "first_contact"))
    s = m.shot
    called: Any = Called(s.called.ball, s.called.pocket, s.called.pocket_ok) if isinstance(s.called, _CalledIn) else s.called
    st = m.state
    scenario = Scenario(
        ruleset=m.ruleset,
        state=State(
            on_table=tuple(sorted(set(st.on_table))) if st.on_table is not None else None,
            ball_in_hand=st.ball_in_hand, push_out_available=st.push_out_available,
            fouls=FoulCount(st.fouls.shooter, st.fouls.opponent), warned=st.warned, rack=st.rack,
        ),
        shot=Shot(
            kind=s.kind, first_contact=s.first_contact, cue_rail_first=s.cue_rail_first,
            pocketed=tuple(sorted(set(s.pocketed))), off_table=tuple(sorted(set(s.off_table))),
            cue_ball=s.cue_ball, rail_after_contact=s.rail_after_contact, balls_to_rail=s.balls_to_rail,
            crossed_head_string=s.crossed_head_string, called=called, jump=s.jump, masse=s.masse,
            obstacle_moved=s.obstacle_moved, fouls=tuple(dict.fromkeys(s.fouls)),
        ),
        unstated=unstated,
    )
    return scenario, (getattr(m, "rulesets", None) if many else None)
