"""The facts read of a story: :class:`Fact` (one fact, with the words it was read from), the
readers' partial facts, the one :func:`merge` into a frozen :class:`Facts`, and the patterns the
readers share."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from qa.understand.clauses import Clause



BALLS = r"B\d+(?:\+\d+)*"
# a story headed by the three-ball rule it is told under (« Règle des 3 billes : deux passent la ligne… »)
RULE_HEADING = r"^(?:GAME |, )*(?:la |)regle des (?:x?3|trois) billes\b"
_POCKET_PLACE = r"(?:dans|au|a|en) (?:la |le |l |une |un )?(?:autre |meme |)(?:poche|trou|blouse|coin|milieu|trous|poches|laterale|laterales)"
# where a ball is sent into a pocket ("au fond", but not "au fond de la table")
_SENT_PLACE = (r"(?:(?:dans|a|en) (?:la |le |l |une |un |ce |cette |sa |son |)(?:poche|trou|blouse|coin|poches|trous|laterale|laterales)|au (?:trou|coin)|"
               r"au fond(?! de la table| du billard| de table)|au milieu(?! de| du)|en poche|dedans)")
_OFF_PLACE = (r"(?:hors (?:de |du )?(?:la |le )?(?:table|billard|surface|jeu)|(?:de|du) (?:la )?(?:table|billard)|"
              r"par terre|au sol|sur le sol|a terre|dehors|en dehors (?:de la table|du billard)|"
              r"sur (?:la |le )(?:moquette|parquet|carrelage|plancher)|sous (?:la |le )(?:table|billard)|"
              r"par dessus (?:la |les )?bandes?|au dessus de (?:la |les )?bandes?|"
              # stopped off the playing surface (« elle finit dans le porte-craie sur le rebord du billard »)
              r"dans (?:le |un |)porte craie|sur le rebord (?:du billard|de la table))")


class F(str, Enum):
    """The facts a reader can read in a story (each the name of a :class:`Facts` field)."""

    KIND = "kind"                    # "break" or "push_out"
    FIRST = "first"                  # the ball hit first: int, None (no ball), "lowest", "wrong"
    INTENT = "intent"                # the ball aimed at: "je joue la 3"
    POCKETED = "pocketed"            # balls pocketed (tuple of ints)
    NOT_POCKETED = "not_pocketed"    # balls said not to drop
    NOTHING_POCKETED = "nothing_pocketed"
    OFF = "off"                      # balls off the table
    CUE = "cue"                      # the cue ball: "pocketed" or "off_table"
    CUE_NOT = "cue_not"              # the cue ball said to stay on the table
    RAIL = "rail"                    # a ball to a rail after the contact
    RAILS_COUNT = "rails_count"      # balls to a rail on the break
    NO_RAIL = "no_rail"
    CROSSED = "crossed"              # balls past the head string (a count)
    CROSSED_BALLS = "crossed_balls"  # the balls named as crossing it
    COMBINATION = "combination"      # a combination told ("sur une combi")
    BACK_ON_CLOTH = "back_on_cloth"  # a ball on the frame came back onto the cloth
    PUSH_UNAVAILABLE = "push_unavailable"   # a push-out declared in the middle of a rack
    OBVIOUS = "obvious"                     # « évident »: a shot the texts need no call for, ruled as called
    PUSH_AFTER_SCRATCH = "push_after_scratch"   # a push-out declared after a break whose cue ball went down
    PUSH_AFTER_ACCEPTED_DRY = "push_after_accepted_dry"   # a push-out by the player who accepted the table after a dry break
    PUSH_UNDECLARED = "push_undeclared"     # "je voulais faire un push mais je ne l'ai pas annoncé"
    CUE_RAIL_FIRST = "cue_rail_first"
    CALLED = "called"                # a dict {ball, pocket, pocket_ok}, "safe" or None (nothing called)
    FOULS_SELF = "fouls_self"        # the asker's fouls so far
    FOULS_OTHER = "fouls_other"
    FOULS_SHOOTER = "fouls_shooter"  # a count told without its owner: the shooter's
    WARNED = "warned"
    RACK = "rack"                    # "template" or "triangle"
    JUMP = "jump"
    CUE_FROZEN = "cue_frozen"        # the cue ball frozen to a ball (int): it plays that ball first
    SAID_STROKE_FOUL = "said_stroke_foul"   # a double hit or push shot someone says or claims, not told as what happened
    MASSE = "masse"
    OBSTACLE = "obstacle"
    CODES = "codes"                  # fouls named by their words (contract codes)
    BIH = "bih"                      # the shooter has ball in hand
    ON_TABLE = "on_table"            # the exact balls left
    LOWEST = "lowest"
    PRESENT = "present"              # balls said to be on the table
    GONE = "gone"                    # balls down before this shot
    AFTER_QUIET_BREAK = "after_quiet_break"     # the shot right after a break that told no ball down
    PERSONS = "persons"              # subjects of the shot's events
    NAMED = "named"                  # every ball the story names
    INCIDENTAL_JUMP = "incidental_jump"     # the cue ball jumps over a ball by itself (not ruled here)
    GENERIC_POCKET = "generic_pocket"       # "une bille rentre": which one is not said
    GENERIC_FOUL = "generic_foul"           # "je fais une faute": which one is not said
    GENERIC_OFF = "generic_off"             # "une bille sort de la table": which one is not said
    POCKET_LOWEST = "pocket_lowest"         # "je rentre la bonne bille / la plus basse"
    DRY = "dry"                      # "dry break" told: the three-ball rule was not met
    POCKETED_COUNT = "pocketed_count"       # balls pocketed told by their number only ("deux tombent")
    TOLD_POCKETS = "told_pockets"    # balls pocketed told by apposition ("deux billes rentrent, la 3 et la 6")
    POCKETED_BY = "pocketed_by"      # (ball, who pocketed it) pairs
    CUE_MISSED = "cue_missed"        # the cue tip missed the cue ball: nothing was struck
    MISSED_POT = "missed_pot"        # balls told missed (« je rate la 2 »): the pot, whether they were hit is not told
    STILL = "still"                  # every ball had stopped (a ball dropping after that dropped by itself)
    DROPPED = "dropped"              # balls that dropped by themselves after the balls stopped
    SIMULTANEOUS = "simultaneous"    # two balls hit « en même temps »: which was first is not known
    CLAIM = "claim"                  # a foul claimed: (who claimed: self/other/referee/spectator, when)


@dataclass(frozen=True)
class Fact:
    """One fact read: ``field``, its ``value``, the ``words`` it was read from, and its
    ``rank`` (for a single-valued field, the highest rank wins: « la 6 en premier » over a
    contact told without order, the order of the story over both)."""

    field: F
    value: Any
    words: str
    rank: int = 0


Partial = tuple[Fact, ...]


class _Merge(Enum):
    FIRST = "first"     # one value: the highest rank, then the first told
    LAST = "last"       # one value: the highest rank, then the last told
    LIST = "list"       # every value, in story order, once each
    SET = "set"         # every value
    FLAG = "flag"       # True when any reader says so
    SUM = "sum"
    MAX = "max"


_MERGE: dict[F, _Merge] = {
    F.KIND: _Merge.FIRST, F.FIRST: _Merge.FIRST, F.INTENT: _Merge.LAST, F.POCKETED: _Merge.LIST,
    F.NOT_POCKETED: _Merge.SET, F.MISSED_POT: _Merge.LIST, F.OFF: _Merge.LIST, F.CUE: _Merge.LAST, F.RAILS_COUNT: _Merge.LAST,
    F.RAIL: _Merge.LAST, F.CROSSED: _Merge.LAST, F.CROSSED_BALLS: _Merge.LAST, F.CALLED: _Merge.LAST,
    F.FOULS_SELF: _Merge.FIRST, F.FOULS_OTHER: _Merge.LAST, F.FOULS_SHOOTER: _Merge.FIRST, F.WARNED: _Merge.LAST, F.RACK: _Merge.LAST,
    F.CODES: _Merge.LIST, F.ON_TABLE: _Merge.LAST, F.LOWEST: _Merge.FIRST, F.PRESENT: _Merge.LIST,
    F.GONE: _Merge.LIST, F.PERSONS: _Merge.LIST, F.NAMED: _Merge.SET, F.POCKETED_COUNT: _Merge.SUM,
    F.TOLD_POCKETS: _Merge.MAX, F.POCKETED_BY: _Merge.LIST, F.DROPPED: _Merge.LIST, F.CLAIM: _Merge.LAST,
    F.SIMULTANEOUS: _Merge.LAST, F.CUE_FROZEN: _Merge.FIRST,
}
_UNSET: dict[F, Any] = {F.FIRST: "unset", F.CALLED: "unset", F.TOLD_POCKETS: 0}
_STRONG_RANK = 2    # the first contact stated with « d'abord », « en premier »…


@dataclass(frozen=True)
class Facts:
    """What the readers read of a story, merged (see :func:`merge`); never written to."""

    kind: str | None = None
    first: Any = "unset"           # int, None (no ball), "lowest", "wrong", or "unset"
    first_strong: bool = False     # stated with "d'abord"/"en premier"
    intent: int | None = None
    pocketed: tuple[int, ...] = ()
    not_pocketed: frozenset[int] = frozenset()
    nothing_pocketed: bool = False
    off: tuple[int, ...] = ()
    cue: str | None = None
    cue_not: bool = False
    rail: bool | None = None
    rails_count: int | None = None
    no_rail: bool = False
    crossed: int | None = None
    crossed_balls: frozenset[int] = frozenset()
    combination: bool = False
    back_on_cloth: bool = False
    push_unavailable: bool = False
    obvious: bool = False
    push_after_scratch: bool = False
    push_after_accepted_dry: bool = False
    push_undeclared: bool = False
    cue_rail_first: bool = False
    called: Any = "unset"
    fouls_self: int | None = None
    fouls_other: int | None = None
    fouls_shooter: int | None = None
    warned: bool | None = None
    rack: str | None = None
    jump: bool = False
    masse: bool = False
    obstacle: bool = False
    codes: tuple[str, ...] = ()
    bih: bool = False
    on_table: tuple[int, ...] | None = None
    lowest: int | None = None
    cue_frozen: int | None = None
    said_stroke_foul: bool = False
    present: tuple[int, ...] = ()
    gone: tuple[int, ...] = ()
    after_quiet_break: bool = False
    persons: tuple[str, ...] = ()
    named: frozenset[int] = frozenset()
    incidental_jump: bool = False
    generic_pocket: bool = False
    generic_foul: bool = False
    generic_off: bool = False
    off_count: int | None = None    # balls off the table of no number told, stood in for (understand._stood_in)
    pocket_lowest: bool = False
    dry: bool = False
    pocketed_count: int | None = None
    told_pockets: int = 0
    pocketed_by: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    cue_missed: bool = False
    missed_pot: tuple[int, ...] = ()
    still: bool = False
    dropped: tuple[int, ...] = ()
    claim: tuple[str, str] | None = None
    simultaneous: tuple[int, ...] = ()
    sources: Partial = ()          # every fact read, with its words

    def words(self, name: F) -> tuple[str, ...]:
        """The words the fact ``name`` was read from (every reading, in story order)."""
        return tuple(s.words for s in self.sources if s.field is name)

    def outcome_told(self) -> bool:
        """A fact of what the shot did was read: the ball hit first, balls pocketed or not, the
        cue ball, balls off the table, rails, the call, the head string, a foul by code."""
        return bool(self.first != "unset" or self.pocketed or self.pocketed_count is not None or self.not_pocketed or self.nothing_pocketed
                    or self.off or self.cue or self.cue_not or self.rail is not None or self.no_rail
                    or self.rails_count is not None or self.cue_rail_first or self.called != "unset"
                    or self.codes or self.crossed is not None or self.cue_missed or bool(self.dropped))


def _one(facts: list[Fact], last: bool) -> Fact:
    top = max(f.rank for f in facts)
    ranked = [f for f in facts if f.rank == top]
    return ranked[-1] if last else ranked[0]


def _items(facts: list[Fact]) -> list[Any]:
    """The values of a many-valued field, each a value or a tuple of values, flattened."""
    out: list[Any] = []
    for f in facts:
        out.extend(f.value if isinstance(f.value, (tuple, list, frozenset, set)) else (f.value,))
    return out


def _merged(name: F, facts: list[Fact]) -> Any:
    how = _MERGE.get(name, _Merge.FLAG)
    if how is _Merge.FLAG:
        return any(bool(f.value) for f in facts)
    if how in (_Merge.FIRST, _Merge.LAST):
        return _one(facts, how is _Merge.LAST).value
    if how is _Merge.SUM:
        return sum(int(f.value) for f in facts)
    if how is _Merge.MAX:
        return max(int(f.value) for f in facts)
    items = _items(facts)
    if how is _Merge.SET:
        return frozenset(items)
    return tuple(dict.fromkeys(items))


def merge(*partials: Partial) -> Facts:
    """The one merge of the readers' partial facts, in story order (see :class:`_Merge`)."""
    every = tuple(f for p in partials for f in p)
    by_field: dict[F, list[Fact]] = {}
    for f in every:
        by_field.setdefault(f.field, []).append(f)
    values: dict[str, Any] = {name.value: _merged(name, facts) for name, facts in by_field.items()}
    if F.FIRST in by_field:
        values["first_strong"] = _one(by_field[F.FIRST], False).rank >= _STRONG_RANK
    if F.POCKETED_BY in by_field:
        pairs: dict[int, str] = {}
        for ball, who in values["pocketed_by"]:
            pairs.setdefault(ball, who)
        values["pocketed_by"] = MappingProxyType(pairs)
    if F.CROSSED_BALLS in values:
        values["crossed_balls"] = frozenset(values["crossed_balls"])
    if F.ON_TABLE.value in values:
        values["on_table"] = tuple(values["on_table"])
    return Facts(**values, sources=every)


class Reading:
    """A reader's own facts while it reads (a local list; the reader returns :meth:`partial`)."""

    def __init__(self) -> None:
        self._facts: list[Fact] = []

    def add(self, name: F, value: Any, words: str, rank: int = 0) -> None:
        """Read ``value`` for ``name`` from ``words``."""
        self._facts.append(Fact(name, value, words.strip(), rank))

    def balls(self, name: F, balls: Iterable[int], words: str) -> None:
        """Read the balls ``balls`` (a tuple) for the many-valued ``name``."""
        self.add(name, tuple(balls), words)

    def drop(self, name: F, value: Any) -> None:
        """Take back the reading ``value`` of ``name`` (a later, more specific word explains it)."""
        self._facts = [f for f in self._facts if not (f.field is name and f.value == value)]

    def has(self, name: F, value: Any = None) -> bool:
        """This reader read ``name`` (with ``value`` among its values when given)."""
        facts = [f for f in self._facts if f.field is name]
        return bool(facts) if value is None else value in _items(facts)

    def partial(self) -> Partial:
        return tuple(self._facts)


def _person(c: Clause) -> str | None:
    return c.subject if c.subject in ("self", "other", "player") else None


_STRONG = r"(?:d abord|en premier|en 1|premier|premiere|au depart|directement|first)"
