"""A match as a value: its settings, and the state its recorded shots leave.

:func:`parse_settings` checks the body of ``POST /api/matches`` (French :class:`MatchError`
naming the field). :func:`replay` reads the recorded shots: the score, the racks and who broke
them come from the recorded outcomes; the shots of the rack under way are ruled again, one by
one, by :meth:`qa.engine.rack.RackState.play` — the engine's own rack ruling, the code path of
``POST /api/rack`` — which gives the state of the table now. Inside a rack the engine's players
are ``A`` (who broke the rack) and ``B``; :attr:`MatchState.breaker` maps them onto the match's
players ``A`` (``players[0]``, who breaks the first rack) and ``B``.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..engine.outcome import ImpossibleScenarioError
from ..engine.evaluate import evaluate
from ..engine.rack import RackState, other
from ..engine.scenario import ScenarioFormatError, parse_scenario
from ..rulebook import Rulebook, did_you_mean
from ..text import has_control
from .store import ShotRow

MAX_RACE = 50
MAX_NAME = 60
BREAK_ORDERS = ("alternate", "winner")
RACKS = ("triangle", "template")
SETTINGS_KEYS = ("ruleset", "players", "race_to", "break", "rack", "state")
#: Most shots a match may hold (each rack holds at most qa.engine.rack.MAX_SHOTS).
MAX_MATCH_SHOTS = 5000


class MatchError(Exception):
    """An error of match mode: HTTP ``status``, ``code``, French ``message``, the ``field`` at
    fault, and ``extra`` keys for the error body (``clause`` of a 422, ``shots`` of a 409)."""

    def __init__(self, status: int, code: str, message: str, field_name: str | None = None, **extra: Any):
        super().__init__(message)
        self.status, self.code, self.message, self.field, self.extra = status, code, message, field_name, extra


@dataclass(frozen=True)
class Settings:
    """What a match is played under: the ruleset, the two players' names (A breaks first), the
    race (racks to win), who breaks the next rack (``alternate`` or the rack's ``winner``), the
    rack (``triangle`` or ``template``) and, for a match followed from the middle of its first
    rack, that rack's state (contract Scenario.state; None: a full rack, to break)."""

    ruleset: str
    players: tuple[str, str]
    race_to: int
    break_order: str
    rack: str
    state: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "players": list(self.players), "race_to": self.race_to,
                "break": self.break_order, "rack": self.rack, "state": dict(self.state) if self.state else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        return cls(data["ruleset"], (str(data["players"][0]), str(data["players"][1])), int(data["race_to"]),
                   data["break"], data["rack"], data.get("state"))


def clean_name(raw: Any, i: int) -> str:
    """A player's name: visible text, spaces folded, 1 to :data:`MAX_NAME` characters."""
    name = f"players[{i}]"
    if not isinstance(raw, str):
        raise MatchError(400, "invalid_field", f"Champ « {name} » : le nom du joueur (texte) est attendu.", name)
    if has_control(raw):      # a NUL or another control character is refused, as in a question (not dropped silently)
        raise MatchError(400, "invalid_field", f"Champ « {name} » : le nom contient un caractère de contrôle.", name)
    text = " ".join("".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").split())
    if not text or len(text) > MAX_NAME:
        raise MatchError(400, "invalid_field", f"Champ « {name} » : un nom de 1 à {MAX_NAME} caractères est attendu.",
                         name)
    return text


def _choice(data: Mapping[str, Any], key: str, allowed: Sequence[str]) -> str:
    value = data.get(key)
    if value is None:
        return allowed[0]
    if value not in allowed:
        raise MatchError(400, "invalid_field", f"Champ « {key} » : « {' » ou « '.join(allowed)} » est attendu.", key)
    return str(value)


def parse_settings(book: Rulebook, data: Any) -> Settings:
    """The settings of a new match from the body of ``POST /api/matches``."""
    if not isinstance(data, dict):
        raise MatchError(400, "invalid_json", "Le corps doit être un objet JSON.")
    for key in data:
        if key not in SETTINGS_KEYS:
            raise MatchError(400, "unknown_field", f"Champ inconnu « {str(key)[:60]} »{did_you_mean(str(key), SETTINGS_KEYS)} ; "
                             f"champs : {', '.join(SETTINGS_KEYS)}.", str(key)[:60])
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise MatchError(400, "missing_field", f"Champ « ruleset » : le règlement de la partie manque ; "
                         f"règlements : {', '.join(book.rulesets)}.", "ruleset")
    if not isinstance(ruleset, str):
        raise MatchError(400, "invalid_field", "Champ « ruleset » : un seul identifiant de règlement (un texte) "
                         f"est attendu ; règlements : {', '.join(book.rulesets)}.", "ruleset")
    if ruleset not in book.rulesets:
        raise MatchError(400, "unknown_ruleset", f"Champ « ruleset » : règlement inconnu « {ruleset[:60]} »"
                         f"{did_you_mean(ruleset, book.rulesets)} ; règlements : {', '.join(book.rulesets)}.",
                         "ruleset")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise MatchError(400, "invalid_field", "Champ « players » : la liste des deux noms est attendue "
                                               "([\"Nom A\", \"Nom B\"]).", "players")
    names = (clean_name(players[0], 0), clean_name(players[1], 1))
    race = data.get("race_to", 1)
    if isinstance(race, bool) or not isinstance(race, int) or not 1 <= race <= MAX_RACE:
        raise MatchError(400, "invalid_field", f"Champ « race_to » : un nombre entier de 1 à {MAX_RACE} est attendu "
                                               "(les racks à gagner).", "race_to")
    settings = Settings(ruleset, names, race, _choice(data, "break", BREAK_ORDERS), _choice(data, "rack", RACKS),
                        data.get("state"))
    try:
        first_rack(book, settings)
    except ScenarioFormatError as exc:
        raise MatchError(400, "invalid_scenario", exc.message, exc.field) from None
    except ImpossibleScenarioError as exc:
        raise MatchError(422, "impossible_scenario", exc.message, exc.field, clause=exc.clause) from None
    return settings


def first_rack(book: Rulebook, settings: Settings) -> RackState:
    """The state before the first shot of the match."""
    if not isinstance(settings.state, (dict, type(None))):
        raise ScenarioFormatError("state", "Champ « state » : un objet est attendu.")
    state = dict(settings.state) if settings.state is not None else {}
    state.setdefault("rack", settings.rack)
    if state["rack"] != settings.rack:
        raise ScenarioFormatError("state.rack", "Champ « state.rack » : il doit être celui de « rack ».")
    rack = RackState.start(book, settings.ruleset, state)
    if settings.state:
        # a state no first shot could be played from (the money ball gone, ball in hand with a push-out,
        # fouls running into the break of a full rack) is refused now, not at every shot: the engine's own
        # checks on a probe shot (a full rack is broken first)
        full = tuple(sorted(rack.on_table)) == book.rulesets[settings.ruleset].balls
        kind = "break" if full and not rack.ball_in_hand and not rack.push_out else "normal"
        evaluate(book, parse_scenario({"ruleset": settings.ruleset, "state": state, "shot": {"kind": kind}})[0])
    return rack


def new_rack(book: Rulebook, settings: Settings) -> RackState:
    """A fresh rack, to break."""
    return RackState.start(book, settings.ruleset, {"rack": settings.rack})


@dataclass(frozen=True)
class Rack:
    """A rack of the match: its number (from 1), who broke it, its winner (None: under way),
    why it ended (``money_ball``/``three_fouls``) and how many shots it took."""

    number: int
    breaker: str
    winner: str | None = None
    termination: str | None = None
    shots: int = 0


@dataclass(frozen=True)
class Warning:
    """The question « Avertissement donné ? » after the foul ``seq`` that made a warning due
    to ``player`` (who has not shot since); ``given``: the answer recorded (None: not yet)."""

    player: str
    seq: int
    given: bool | None


@dataclass(frozen=True)
class MatchState:
    """What the recorded shots leave: the score, the racks, the rack under way (``table``,
    its engine state; None once the match is won), the match's ``winner``, the pending
    warning questions (one per player at most)."""

    settings: Settings
    score: Mapping[str, int]
    racks: tuple[Rack, ...]
    table: RackState | None
    winner: str | None
    shots: int
    warnings: tuple[Warning, ...] = ()
    rack_shots: tuple[ShotRow, ...] = field(default=())

    @property
    def rack(self) -> int:
        return self.racks[-1].number

    @property
    def breaker(self) -> str:
        return self.racks[-1].breaker

    def player(self, rack_player: str) -> str:
        """The match player (A/B) behind a player of the rack's engine (A: who broke it)."""
        return rack_player if self.breaker == "A" else other(rack_player)

    def warning_of(self, player: str | None) -> Warning | None:
        """The pending warning question of ``player``, if any."""
        return next((w for w in self.warnings if w.player == player), None)

    def rack_player(self, player: str) -> str:
        """The rack's engine player behind a match player (the same swap, both ways)."""
        return self.player(player)


def _rack_outcome(row: ShotRow) -> tuple[str | None, str | None]:
    """The match player who won the rack on this shot (None: it went on), and why."""
    out = row.outcome
    if not out.get("game_over"):
        return None, None
    winner = row.player if out.get("winner") == "shooter" else other(row.player)
    return winner, out.get("termination")


def _pending_warnings(rows: Sequence[ShotRow]) -> tuple[Warning, ...]:
    """For each player whose last shot of the rack was a foul that made a warning due, the question."""
    out = []
    for p in ("A", "B"):
        last = next((r for r in reversed(rows) if r.player == p), None)
        if last is not None and last.outcome.get("warning_due"):
            out.append(Warning(p, last.seq, last.warning))
    return tuple(sorted(out, key=lambda w: w.seq))


def replay(book: Rulebook, settings: Settings, rows: Sequence[ShotRow]) -> MatchState:
    """The state of a match after its recorded shots (see the module's docstring)."""
    score = {"A": 0, "B": 0}
    racks = [Rack(1, "A")]
    winner: str | None = None
    start = 0
    for k, row in enumerate(rows):
        won, why = _rack_outcome(row)
        if won is None:
            continue
        score[won] += 1
        cur = racks[-1]
        racks[-1] = Rack(cur.number, cur.breaker, won, why, k + 1 - start)
        start = k + 1
        if score[won] >= settings.race_to:
            winner = won
            break
        racks.append(Rack(cur.number + 1, other(cur.breaker) if settings.break_order == "alternate" else won))
    current = tuple(rows[start:]) if winner is None else ()
    if winner is None:
        racks[-1] = Rack(racks[-1].number, racks[-1].breaker, shots=len(current))
    state = MatchState(settings, score, tuple(racks), None, winner, len(rows))
    if winner is not None:
        return state
    table = first_rack(book, settings) if racks[-1].number == 1 else new_rack(book, settings)
    for row in current:
        rack_shot = dict(row.shot)
        _, _, table = table.play(book, rack_shot)
    return MatchState(settings, score, tuple(racks), table, None, len(rows), _pending_warnings(current), current)


def shooter_of(state: MatchState, choice: Any) -> str | None:
    """The match player who plays the next shot given its ``choice`` (None: not known yet —
    the shot is then refused by the engine with the reason)."""
    t = state.table
    if t is None:
        return None
    prev = t.previous
    if prev is not None and prev.options:
        opt = next((o for o in prev.options if o.choice == choice), None)
        if opt is None or t.previous_player is None:
            return None
        return state.player(t.previous_player if opt.shooter == "shooter" else other(t.previous_player))
    return state.player(t.player)


def headline(outcome: Mapping[str, Any], roles: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """The ruling in one line and the clause it rests on, read from an Outcome's reasons by
    their role: the end of the game; else what a third foul counts for (a reason whose policy's
    role in rules_data/policy_schema.yaml, given by ``roles``, is ``third_foul``); else the
    first foul; else the first consequence."""
    reasons = list(outcome.get("reasons") or [])
    if not reasons:
        return ("Coup légal." if outcome.get("legal") else "Faute."), None
    roles = roles or {}

    def pick(role: str, last: bool = False) -> Mapping[str, Any] | None:
        found = [r for r in reasons if r.get("role") == role]
        return (found[-1] if last else found[0]) if found else None
    # the game went on: not the rule that three fouls lose, but what this third foul counts for
    third = [r for r in reasons if roles.get(r.get("policy") or "") == "third_foul" and r.get("policy") != "three_fouls"]
    r = (pick("consequence", last=True) if outcome.get("game_over") else None) \
        or (third[0] if third else None) \
        or (pick("foul") if not outcome.get("legal") else None) or pick("consequence") or reasons[-1]
    return str(r.get("text")), r.get("clause")
