"""The facts read of a story, filled in by the readers, and the patterns they share."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from qa.understand.clauses import Clause



BALLS = r"B\d+(?:\+\d+)*"
_POCKET_PLACE = r"(?:dans|au|a|en) (?:la |le |l |une |un )?(?:autre |meme |)(?:poche|trou|blouse|coin|milieu|trous|poches|laterale|laterales)"
# where a ball is sent into a pocket ("au fond", but not "au fond de la table")
_SENT_PLACE = (r"(?:(?:dans|a|en) (?:la |le |l |une |un )?(?:poche|trou|blouse|coin|poches|trous|laterale|laterales)|au (?:trou|coin)|"
               r"au fond(?! de| du)|en poche)")
_OFF_PLACE = (r"(?:hors (?:de |du )?(?:la |le )?(?:table|billard|surface|jeu)|(?:de|du) (?:la )?(?:table|billard)|"
              r"par terre|au sol|sur le sol|a terre|dehors|en dehors (?:de la table|du billard)|"
              r"par dessus (?:la |les )?bandes?|au dessus de (?:la |les )?bandes?)")


@dataclass
class _Facts:
    kind: str | None = None
    first: Any = "unset"           # int, None (no ball), "lowest", or "unset"
    first_strong: bool = False     # stated with "d'abord"/"en premier"
    intent: int | None = None      # "je joue la 3"
    pocketed: list[int] = field(default_factory=list)
    not_pocketed: set[int] = field(default_factory=set)
    nothing_pocketed: bool = False
    off: list[int] = field(default_factory=list)
    cue: str | None = None
    cue_not: bool = False
    rail: bool | None = None
    rails_count: int | None = None
    no_rail: bool = False
    crossed: int | None = None
    crossed_balls: set[int] = field(default_factory=set)   # balls named as crossing the head string
    combination: bool = False       # a combination told ("sur une combi"): another ball than the one pocketed was hit first
    back_on_cloth: bool = False     # a ball that went onto the frame came back onto the cloth
    push_unavailable: bool = False  # a push-out declared in the middle of a rack (none is possible there)
    push_undeclared: bool = False   # "je voulais faire un push mais je ne l'ai pas annoncé"
    cue_rail_first: bool | None = None
    called: Any = "unset"
    fouls_self: int | None = None
    fouls_other: int | None = None
    warned: bool | None = None
    rack: str | None = None
    jump: bool = False
    masse: bool = False
    obstacle: bool = False
    codes: list[str] = field(default_factory=list)
    bih: bool = False
    on_table: list[int] | None = None
    lowest: int | None = None
    present: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)   # subjects of the shot's events
    named: set[int] = field(default_factory=set)       # every ball the story names
    incidental_jump: bool = False   # the cue ball jumps over a ball by itself (not ruled here)
    generic_pocket: bool = False    # "une bille rentre": which one is not said
    generic_foul: bool = False      # "je fais une faute": which one is not said
    pocket_lowest: bool = False     # "je rentre la bonne bille / la plus basse"
    dry: bool = False               # "dry break" told: the three-ball rule was not met
    pocketed_count: int | None = None   # balls pocketed told by their number only ("deux tombent")
    told_pockets: int = 0           # balls pocketed told by apposition ("deux billes rentrent, la 3 et la 6")
    pocketed_by: dict[int, str] = field(default_factory=dict)   # ball → who pocketed it

    def code(self, c: str) -> None:
        """Add the foul code ``c`` (once)."""
        if c not in self.codes:
            self.codes.append(c)

    def outcome_told(self) -> bool:
        """A fact of what the shot did was read: the ball hit first, balls pocketed or not, the
        cue ball, balls off the table, rails, the call, the head string, a foul by code."""
        return bool(self.first != "unset" or self.pocketed or self.pocketed_count is not None or self.not_pocketed or self.nothing_pocketed
                    or self.off or self.cue or self.cue_not or self.rail is not None or self.no_rail
                    or self.rails_count is not None or self.cue_rail_first or self.called != "unset"
                    or self.codes or self.crossed is not None)


def _add(lst: list[int], balls: Iterable[int]) -> None:
    for b in balls:
        if b not in lst:
            lst.append(b)


def _person(c: Clause) -> str | None:
    return c.subject if c.subject in ("self", "other", "player") else None


_STRONG = r"(?:d abord|en premier|en 1|premier|premiere|au depart|directement|first)"
