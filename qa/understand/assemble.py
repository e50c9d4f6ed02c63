"""Facts → a contract Scenario, the facts stated, the assumptions made and the open facts.

:func:`_assemble` runs the steps below in order over one :class:`_Build`: each step reads the
facts (never written back) and what the earlier steps decided, and fills its part of the
scenario (``shot``, ``state``), of the facts stated and of the assumptions. Then each open fact
(a fact the story leaves out that may change the ruling) is proposed by its own function with
the other case's scenario.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable

from qa.detect import Detection
from qa.rulebook import Rulebook
from qa.understand.facts import Facts
from qa.understand.names import _copy, _money
from qa.understand.results import OpenFact, Understanding

from ..text import fold


def _address(question: str) -> str:
    q = " " + fold(question) + " "
    if re.search(r"\b(?:vous|votre|vos|avez|etes|pouvez|savez|dites)\b", q) and not re.search(r"\b(?:tu|ton|ta|tes|t as|as tu|es tu)\b", q):
        return "vous"
    return "tu"


@dataclass
class _Build:
    """The scenario being assembled from read-only facts ``f``."""

    book: Rulebook
    ids: tuple[str, ...]
    game: str | None
    f: Facts
    vous: bool
    money: int
    shooter: str
    kind: str
    facts: dict[str, Any] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)
    shot: dict[str, Any] = field(default_factory=dict)
    state: dict[str, Any] = field(default_factory=dict)
    first: Any = "unset"
    pocketed: list[int] = field(default_factory=list)
    off: list[int] = field(default_factory=list)
    cue: str = "table"
    codes: list[str] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)
    lowest_open: int | None = None
    stood_in: list[int] = field(default_factory=list)    # balls standing in for balls told by no number

    @property
    def scenario(self) -> dict[str, Any]:
        return {"ruleset": None, "state": self.state, "shot": self.shot}


def _shooter(f: Facts) -> str:
    persons = [p for p in f.persons if p]
    if persons:
        return "self" if "self" in persons else persons[0]
    return "self"


def _first_contact(b: _Build) -> None:
    first = b.f.first
    if b.f.simultaneous:
        first = "unset"     # which ball was hit first is not known: asked (see _open_first_contact)
    if first == "unset" and b.f.intent is not None:
        first = b.f.intent
    if first == "unset" and b.f.cue_frozen is not None:
        first = b.f.cue_frozen      # the cue ball frozen to a ball, played: that ball is hit first
    if first == "wrong":
        first = "unset"
    if first != "unset":
        b.facts["first_contact"] = first
        if first != "lowest":
            b.shot["first_contact"] = first
    b.first = first


def warning_assumed(vous: bool, shooter: str) -> str:
    """The assumption said when two fouls are told and the warning is not: it was given, as the rule requires."""
    who = ("vous aviez" if vous else "tu avais") if shooter == "self" else "le joueur avait"
    return f"J’ai supposé que {who} été averti après la deuxième faute, comme la règle l’exige."


def stand_in_balls(count: int, named: set[int] | frozenset[int], highest: int) -> list[int]:
    """The balls a story told by their number only stands for (« deux tombent »): the highest ones
    below the money ball (``highest``: the money ball less one) that it does not name."""
    return [x for x in range(highest, 0, -1) if x not in named][:max(0, count)]


def _pockets(b: _Build) -> None:
    f = b.f
    # a ball pocketed by the other player in the story went down on an earlier shot
    earlier = {ball for ball, who in f.pocketed_by.items() if who in ("self", "other", "player") and who != b.shooter}
    b.gone = sorted(set(f.gone) | earlier) if earlier else list(f.gone)
    pocketed = [ball for ball in f.pocketed if ball not in f.not_pocketed and ball not in earlier]
    if f.pocket_lowest:
        low = f.lowest or (min(f.on_table) if f.on_table else None) or (min(f.present) if f.present else None) or 1
        if low not in pocketed:
            pocketed.append(low)
        b.assumptions.append(f"J’ai compris que la bille empochée était la plus basse sur la table (la {low}).")
    missing = (f.pocketed_count or 0) - len(pocketed)
    if missing > 0:
        # balls told by their number only: any balls but the money ball and those named
        named = set(f.named) | set(pocketed)
        # none of the money balls of the rulesets in play (the 9 of a nine-ball text, under a game not told)
        moneys = _money_balls(b)
        pool = stand_in_balls(missing, named, min(moneys) - 1)
        pocketed.extend(pool)
        b.stood_in = list(pool)
        money = " et la ".join(str(m) for m in sorted(moneys))
        many = len(pool) > 1
        told = f"que {len(pool)} billes autres" if many else "qu’une bille autre"
        b.assumptions.append(f"J’ai compris {told} que la {money} {'sont tombées' if many else 'est tombée'}.")
    if pocketed or f.nothing_pocketed or f.not_pocketed:
        b.facts["pocketed"] = sorted(pocketed)
    b.shot["pocketed"] = sorted(pocketed)
    b.pocketed = pocketed


def _money_balls(b: _Build) -> set[int]:
    """The money balls of the rulesets the story is ruled under (the game's own when none is known)."""
    return {b.book.rulesets[r].money_ball for r in b.ids if r in b.book.rulesets} or {b.money}


def _off_and_cue(b: _Build) -> None:
    f = b.f
    b.off = [ball for ball in f.off if ball not in b.pocketed]
    if f.off_count and not b.off:
        # a ball of no number off the table (understand._stood_in): any ball but the money ball and those named
        moneys = _money_balls(b)
        b.off = stand_in_balls(f.off_count, set(f.named) | set(b.pocketed) | set(b.gone), min(moneys) - 1)
        money = " et la ".join(str(m) for m in sorted(moneys))
        b.assumptions.append(f"J’ai compris qu’une bille autre que la {money} est sortie de la table.")
    if b.off:
        b.facts["off_table"] = sorted(b.off)
    b.shot["off_table"] = sorted(b.off)
    b.cue = f.cue or "table"
    if f.cue or f.cue_not:
        b.facts["cue_ball"] = b.cue
    b.shot["cue_ball"] = b.cue


def _break_rails(b: _Build) -> None:
    f = b.f
    if f.rails_count is not None:
        b.shot["balls_to_rail"] = f.rails_count
    elif f.no_rail:
        b.shot["balls_to_rail"] = 0
    if "balls_to_rail" in b.shot:
        b.facts["balls_to_rail"] = b.shot["balls_to_rail"]
    crossed = f.crossed
    if f.dry and crossed is None and len(b.pocketed) < 3:
        crossed = 0     # a dry break told: no ball crossed the head string
    if f.crossed_balls:
        crossed = len(f.crossed_balls - set(b.pocketed))
    if crossed is not None:
        b.shot["crossed_head_string"] = crossed
        b.facts["crossed_head_string"] = crossed


def _rail_after_contact(f: Facts) -> bool | None:
    if f.no_rail:
        return False
    if f.rail or (f.rails_count is not None and f.rails_count > 0):
        return True
    if f.rails_count == 0:
        return False
    return None


def _rails(b: _Build) -> None:
    if b.kind == "break":
        _break_rails(b)
    else:
        rail = _rail_after_contact(b.f)
        if rail is not None:
            b.shot["rail_after_contact"] = rail
            b.facts["rail_after_contact"] = rail
    if b.f.cue_rail_first:
        b.shot["cue_rail_first"] = True
        b.facts["cue_rail_first"] = True


def _circumstances(b: _Build) -> None:
    """The cue ball missed, balls that dropped by themselves, a foul claimed (who, relative to the
    shooter, and when)."""
    f = b.f
    if f.cue_missed:
        b.shot["cue_missed"] = b.facts["cue_missed"] = True
    dropped = [x for x in f.dropped if x not in b.pocketed]
    if dropped:
        b.shot["dropped_by_itself"] = b.facts["dropped_by_itself"] = sorted(dropped)
    if f.claim is not None:
        who, when = f.claim
        by = {"referee": "referee", "spectator": "other"}.get(who) or ("shooter" if who == b.shooter else "opponent")
        b.shot["foul_claim"] = b.facts["foul_claim"] = {"by": by, "when": when}


def _call_and_fouls(b: _Build) -> None:
    f = b.f
    if f.called != "unset":
        b.shot["called"] = f.called
        b.facts["called"] = f.called
    # (a double hit told as what happened stands; one someone says, « il dit double touche », is what the
    # frozen ball decides)
    stated = {"double_hit", "push_shot"} & set(f.codes) and not f.said_stroke_foul
    if f.cue_frozen is not None and b.shot.get("first_contact") == f.cue_frozen and not stated:
        b.shot["cue_frozen"] = b.facts["cue_frozen"] = True
    for name, told in (("jump", f.jump), ("masse", f.masse), ("obstacle_moved", f.obstacle)):
        if told:
            b.shot[name] = True
            b.facts[name] = True
    b.codes = list(f.codes)
    if b.codes:
        b.shot["fouls"] = list(b.codes)
        b.facts["fouls"] = list(b.codes)


def _fouls_state(b: _Build) -> None:
    f = b.f
    me, them = (f.fouls_self, f.fouls_other) if b.shooter == "self" else (f.fouls_other, f.fouls_self)
    if me is None:
        me = f.fouls_shooter
    if b.kind == "break" and (me or them):
        # the break opens a rack: fouls told in the story were of a rack before it
        b.assumptions.append("J’ai compris que les fautes racontées étaient celles d’une manche précédente : "
                             "la casse ouvre une nouvelle manche.")
        b.state["fouls"], b.state["warned"] = {"shooter": 0, "opponent": 0}, False
        return
    fouls_state = {"shooter": me or 0, "opponent": them or 0}
    if me is not None:
        b.facts["fouls_shooter"] = me
    if them is not None:
        b.facts["fouls_opponent"] = them
    warned = f.warned
    if warned is not None:
        b.facts["warned"] = warned
    if warned and fouls_state["shooter"] < 2:
        fouls_state["shooter"] = 2
    if warned is None and fouls_state["shooter"] == 2:
        warned = True
        b.assumptions.append(warning_assumed(b.vous, b.shooter))
    b.state["fouls"] = fouls_state
    b.state["warned"] = bool(warned) and fouls_state["shooter"] == 2


def _other_state(b: _Build) -> None:
    f = b.f
    if f.rack:
        b.state["rack"] = f.rack
        b.facts["rack"] = f.rack
    if f.bih and b.kind != "break":
        b.state["ball_in_hand"] = True
        b.facts["ball_in_hand"] = True
    if f.push_unavailable:
        b.facts["push_refused"] = "push_out_after_break"
        b.assumptions.append("Un push-out ne se joue qu’au coup qui suit la casse : ce coup, annoncé en cours de "
                             "partie, est jugé comme un coup ordinaire.")
    if f.obvious:
        b.assumptions.append("Coup évident : le texte ne demande d’annoncer la bille et la poche que si elles ne sont pas "
                             "évidentes ; le coup est jugé comme annoncé.")
    if f.push_after_scratch:
        b.facts["push_refused"] = "push_out_exclusion"
        b.assumptions.append("Après une casse où la blanche est tombée, l’adversaire ne peut pas jouer de push-out : "
                             "ce coup est jugé comme un coup ordinaire.")
    if f.push_after_accepted_dry:
        b.facts["push_refused"] = "dry_break_accept_push_out"
        b.assumptions.append("Qui accepte la table après un dry break ne peut pas jouer de push-out : "
                             "ce coup est jugé comme un coup ordinaire.")
    if b.kind == "push_out":
        b.state["push_out_available"] = True
        b.facts["push_out_available"] = True


def _mentioned(b: _Build) -> set[int]:
    """Every ball the story names was on the table before the shot (unless already down)."""
    f = b.f
    mentioned = set(b.pocketed) | set(b.off) | ({b.first} if isinstance(b.first, int) else set())
    mentioned |= {ball for ball in f.named if ball not in b.gone}
    if f.lowest is not None:
        mentioned = {ball for ball in mentioned if ball >= f.lowest}
    return mentioned


def _assume_lowest(b: _Build, low: int) -> None:
    """The ball hit first is the lowest named: say it was assumed the lowest on the table."""
    if isinstance(b.first, int) and b.first == low and b.first > 1:
        b.lowest_open = b.first
        b.assumptions.append(f"J’ai supposé que la {b.first} était la plus basse sur la table.")


def _table_from_present(b: _Build, mentioned: set[int]) -> list[int]:
    f = b.f
    if f.present:
        b.facts["present"] = sorted(f.present)
    if b.gone:
        b.facts["gone"] = sorted(b.gone)
    low = min(f.present) if f.present else None
    if low is None:
        low = 1
        while low in b.gone:
            low += 1
    low = min([low, *mentioned])
    table = set(range(low, b.money + 1)) - set(b.gone)
    if not f.present and not set(range(1, low)) <= set(b.gone):
        _assume_lowest(b, low)      # (every lower ball told down: the lowest is known, not assumed)
    return sorted(table | mentioned | set(f.present))


def _table(b: _Build) -> None:
    """The balls on the table before the shot (none stated on a break: the full rack)."""
    if b.kind == "break":
        return
    f = b.f
    mentioned = _mentioned(b)
    table: list[int] | None = None
    if f.on_table is not None:
        b.facts["on_table"] = sorted(f.on_table)
        table = sorted((set(f.on_table) - set(b.gone)) | mentioned | {b.money})
    elif f.lowest is not None:
        b.facts["lowest"] = f.lowest
        table = sorted(set(range(f.lowest, b.money + 1)) | {x for x in mentioned if x > f.lowest} | set(f.present))
    elif f.present or b.gone:
        table = _table_from_present(b, mentioned)
    elif f.after_quiet_break:
        table = list(range(1, b.money + 1))     # the shot after a break that sent no ball down
        b.assumptions.append("J’ai supposé qu’aucune bille n’était tombée à la casse : toutes étaient encore sur la table.")
    elif isinstance(b.first, int):
        low = min(mentioned)
        table = sorted(set(range(low, b.money + 1)))
        _assume_lowest(b, low)
    if table is not None:
        b.state["on_table"] = [x for x in table if x <= b.money]


# ---------------------------------------------------------------------------- open facts
def _open_lowest(b: _Build) -> OpenFact | None:
    if b.lowest_open is None or b.kind == "push_out":
        return None
    n = b.lowest_open
    alt = _copy(b.scenario)
    alt["state"]["on_table"] = sorted(set(alt["state"]["on_table"]) | {n - 1})
    return OpenFact("lowest", f"La {n} était-elle la plus basse sur la table ?",
                    f"si la {n} était la plus basse sur la table",
                    f"si une bille plus basse que la {n} était encore sur la table", alt)


def _open_first_contact(b: _Build) -> OpenFact | None:
    """The ball hit first not told while it decides the foul: a combination, or a ball higher
    than the lowest on the table pocketed (« il restait la 2, la 5 et la 9 : la 5 est tombée »)."""
    if b.kind != "normal" or b.first != "unset" or not (b.pocketed or b.f.simultaneous):
        return None
    table = b.state.get("on_table") or list(range(1, b.money + 1))
    low = min(table)
    if b.f.simultaneous:
        low = min(b.f.simultaneous)
        others = [x for x in b.f.simultaneous if x != low]
    elif b.f.combination:
        others = [x for x in table if x != low and x not in b.pocketed]
    elif "on_table" in b.state and low not in b.pocketed:
        others = sorted(b.pocketed)     # the pocketed ball hit directly, not the lowest
    elif b.stood_in:     # « une bille rentre »: which ball the cue ball hit first is not told either
        others = [x for x in table if x != low][:1]
    else:
        return None
    if not others:
        return None
    alt = _copy(b.scenario)
    alt["shot"]["first_contact"] = others[0]
    if b.f.simultaneous:
        return OpenFact("first_contact", f"La blanche a-t-elle touché la {low} avant la {others[0]} ?",
                        f"si la blanche a touché la {low} en premier",
                        f"si la blanche a touché la {others[0]} en premier", alt)
    return OpenFact("first_contact", f"La blanche a-t-elle touché en premier la {low}, la plus basse ?",
                    f"si la blanche a touché la {low} en premier",
                    f"si la blanche a touché une autre bille en premier (la {others[0]})", alt)


def _open_missed(b: _Build) -> OpenFact | None:
    """« je rate la 2 »: the pot missed, ruled as if the cue ball touched the 2; whether it touched it
    (or nothing) is asked."""
    if b.kind != "normal" or b.first != "unset" or not b.f.missed_pot or b.pocketed:
        return None
    ball = b.f.missed_pot[-1]
    alt = _copy(b.scenario)
    alt["shot"]["first_contact"] = None
    return OpenFact("contact", f"La blanche a-t-elle touché la {ball} ?", f"si la blanche a touché la {ball}",
                    "si la blanche n’a touché aucune bille", alt)


def _open_called(b: _Build) -> OpenFact | None:
    rulesets = [b.book.rulesets[r] for r in b.ids]
    ten_call = any(rs.policy["call_shot"].value == "ball_and_pocket" or
                   rs.policy["money_ball_on_legal_break"].value == "wins_if_called" for rs in rulesets)
    if not ten_call or "called" in b.shot or not b.pocketed:
        return None
    alt = _copy(b.scenario)
    if b.kind == "break":
        m10 = max((rs.money_ball for rs in rulesets if rs.game == "ten-ball"), default=10)
        if m10 not in b.pocketed:
            return None
        alt["shot"]["called"] = {"ball": m10, "pocket": None, "pocket_ok": True}
        return OpenFact("called", f"La {m10} était-elle annoncée avant la casse ?",
                        f"si la {m10} n’était pas annoncée", f"si la {m10} était annoncée", alt)
    target = b.money if b.money in b.pocketed else min(b.pocketed)
    alt["shot"]["called"] = None
    ball = "la bille" if target in b.stood_in else f"la {target}"     # (a stand-in is not named back)
    return OpenFact("called", f"Avais-{'vous' if b.vous else 'tu'} annoncé {ball} (et sa poche) ?",
                    f"si {ball} était annoncée", "si rien n’était annoncé", alt)


def _open_rail(b: _Build) -> OpenFact | None:
    if b.kind != "normal" or "rail_after_contact" in b.shot or b.pocketed or b.first is None or b.codes \
            or b.cue != "table" or b.off:
        return None
    alt = _copy(b.scenario)
    alt["shot"]["rail_after_contact"] = False
    return OpenFact("rail_after_contact", "Une bille (ou la blanche) a-t-elle touché une bande après le contact ?",
                    "si une bille a touché une bande après le contact",
                    "si aucune bille n’a touché de bande après le contact", alt)


def _open_break_rails(b: _Build) -> OpenFact | None:
    if b.kind != "break" or "balls_to_rail" in b.shot:
        return None
    alt = _copy(b.scenario)
    alt["shot"]["balls_to_rail"] = 3
    return OpenFact("balls_to_rail", "Au moins quatre billes ont-elles touché une bande à la casse ?",
                    "si au moins quatre billes ont touché une bande",
                    "si moins de quatre billes ont touché une bande", alt)


def _open_crossed(b: _Build) -> OpenFact | None:
    if b.kind != "break" or b.state.get("rack") != "template" or "crossed_head_string" in b.shot \
            or len(b.pocketed) >= 3:
        return None
    alt = _copy(b.scenario)
    need = 3 - len(b.pocketed)
    alt["shot"]["crossed_head_string"] = need
    plural = need > 1
    return OpenFact("crossed_head_string", "Combien de billes non empochées ont franchi la ligne de départ ?",
                    "si aucune bille non empochée n’a franchi la ligne de départ",
                    f"si {need} bille{'s' if plural else ''} non empochée{'s' if plural else ''} "
                    f"{'ont' if plural else 'a'} franchi la ligne de départ", alt)


def _open_warned(b: _Build) -> OpenFact | None:
    if b.state["fouls"]["shooter"] != 2 or "warned" in b.facts:
        return None
    alt = _copy(b.scenario)
    alt["state"]["warned"] = False
    if b.shooter == "self":
        return OpenFact("warned", f"{'Aviez-vous' if b.vous else 'Avais-tu'} été averti après la deuxième faute ?",
                        f"si {'vous aviez' if b.vous else 'tu avais'} été averti", "sans avertissement", alt)
    return OpenFact("warned", "Le joueur avait-il été averti après sa deuxième faute ?",
                    "s’il avait été averti", "sans avertissement", alt)


def _open_game(b: _Build) -> OpenFact | None:
    if b.game is not None or len({b.book.rulesets[r].game for r in b.ids}) <= 1:
        return None
    return OpenFact("game", "Jouiez-vous au jeu de la 9 ou au jeu de la 10 ?" if b.vous else
                    "Tu joues au jeu de la 9 ou au jeu de la 10 ?", "", "", b.scenario)


_STEPS: tuple[Callable[[_Build], None], ...] = (
    _first_contact, _pockets, _off_and_cue, _rails, _call_and_fouls, _circumstances, _fouls_state, _other_state, _table)
_OPEN: tuple[Callable[[_Build], OpenFact | None], ...] = (
    _open_lowest, _open_first_contact, _open_missed, _open_called, _open_rail, _open_break_rails, _open_crossed, _open_warned, _open_game)


def _assemble(book: Rulebook, question: str, text: str, f: Facts, ids: tuple[str, ...], game: str | None,
              det: Detection, notes: list[str]) -> Understanding:
    """The :class:`Understanding` of facts ``f`` read in ``question`` for the rulesets ``ids``."""
    shooter = _shooter(f)
    b = _Build(book=book, ids=ids, game=game, f=f, vous=_address(question) == "vous", money=_money(book, ids),
               shooter=shooter, kind=f.kind or "normal", assumptions=list(notes))
    if game:
        b.facts["game"] = game
    if det.rulesets:
        b.facts["named"] = list(det.rulesets)
    if shooter != "self":
        b.facts["shooter"] = shooter
    if f.kind:
        b.facts["kind"] = f.kind
    if f.generic_foul:
        b.facts["foul_told"] = True     # « j'ai fait une faute »: the story says a foul, whatever the engine finds
    b.shot["kind"] = b.kind
    for step in _STEPS:
        step(b)
    opens = [o for o in (make(b) for make in _OPEN) if o is not None]
    return Understanding(
        scenario=b.scenario, rulesets=ids, facts=MappingProxyType(b.facts),
        follow_up=tuple(o.question for o in opens), assumptions=tuple(dict.fromkeys(b.assumptions)),
        open=tuple(opens), address="vous" if b.vous else "tu", shooter=shooter,
    )
