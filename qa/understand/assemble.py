"""Facts → a contract Scenario, the facts stated, the assumptions made and the open facts."""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any

from qa.understand.facts import _Facts
from qa.understand.names import _copy, _money
from qa.understand.results import OpenFact, Understanding

from ..text import fold


def _address(question: str) -> str:
    q = " " + fold(question) + " "
    if re.search(r"\b(?:vous|votre|vos|avez|etes|pouvez|savez|dites)\b", q) and not re.search(r"\b(?:tu|ton|ta|tes|t as|as tu|es tu)\b", q):
        return "vous"
    return "tu"


def _assemble(book, question: str, text: str, f: _Facts, ids: tuple[str, ...], game: str | None,
              det, notes: list[str]) -> Understanding:
    vous = _address(question) == "vous"
    money = _money(book, ids)
    facts: dict[str, Any] = {}
    assumptions: list[str] = list(notes)
    if game:
        facts["game"] = game
    if det.rulesets:
        facts["named"] = list(det.rulesets)
    shooter = "self"
    persons = [p for p in f.persons if p]
    if persons:
        shooter = "self" if "self" in persons else persons[0]
    if shooter != "self":
        facts["shooter"] = shooter
    kind = f.kind or "normal"
    if f.kind:
        facts["kind"] = f.kind
    shot: dict[str, Any] = {"kind": kind}
    state: dict[str, Any] = {}

    # ---- first contact
    first = f.first
    if first == "unset" and f.intent is not None:
        first = f.intent
    if first == "wrong":
        first = "unset"
    if first != "unset":
        facts["first_contact"] = first
        if first != "lowest":
            shot["first_contact"] = first
    # ---- pockets
    # a ball pocketed by the other player in the story went down on an earlier shot
    earlier = {b for b, who in f.pocketed_by.items() if who in ("self", "other", "player") and who != shooter}
    if earlier:
        f.gone = sorted(set(f.gone) | earlier)
    pocketed = [b for b in f.pocketed if b not in f.not_pocketed and b not in earlier]
    if f.pocket_lowest:
        low = f.lowest or (min(f.on_table) if f.on_table else None) or (min(f.present) if f.present else None) or 1
        if low not in pocketed:
            pocketed.append(low)
        assumptions.append(f"J’ai compris que la bille empochée était la plus basse sur la table (la {low}).")
    if f.dry and f.crossed is None and len(pocketed) < 3:
        f.crossed = 0
    if pocketed or f.nothing_pocketed or f.not_pocketed:
        facts["pocketed"] = sorted(pocketed)
    shot["pocketed"] = sorted(pocketed)
    off = [b for b in f.off if b not in pocketed]
    if off:
        facts["off_table"] = sorted(off)
    shot["off_table"] = sorted(off)
    cue = f.cue or "table"
    if f.cue or f.cue_not:
        facts["cue_ball"] = cue
    shot["cue_ball"] = cue
    # ---- rails
    if kind == "break":
        if f.rails_count is not None:
            shot["balls_to_rail"] = f.rails_count
        elif f.no_rail:
            shot["balls_to_rail"] = 0
        if "balls_to_rail" in shot:
            facts["balls_to_rail"] = shot["balls_to_rail"]
        if f.crossed_balls:
            f.crossed = len(f.crossed_balls - set(pocketed))
        if f.crossed is not None:
            shot["crossed_head_string"] = f.crossed
            facts["crossed_head_string"] = f.crossed
    else:
        if f.no_rail:
            shot["rail_after_contact"] = False
        elif f.rail or (f.rails_count is not None and f.rails_count > 0):
            shot["rail_after_contact"] = True
        elif f.rails_count == 0:
            shot["rail_after_contact"] = False
        if "rail_after_contact" in shot:
            facts["rail_after_contact"] = shot["rail_after_contact"]
    if f.cue_rail_first:
        shot["cue_rail_first"] = True
        facts["cue_rail_first"] = True
    # ---- call
    if f.called != "unset":
        shot["called"] = f.called
        facts["called"] = f.called
    # ---- technique and fouls
    for name in ("jump", "masse"):
        if getattr(f, name):
            shot[name] = True
            facts[name] = True
    if f.obstacle:
        shot["obstacle_moved"] = True
        facts["obstacle_moved"] = True
    codes = list(f.codes)
    if codes:
        shot["fouls"] = codes
        facts["fouls"] = list(codes)
    # ---- state: fouls, warning, rack, ball in hand
    me, them = f.fouls_self, f.fouls_other
    if shooter != "self":
        me, them = them, me
    fouls_state = {"shooter": me or 0, "opponent": them or 0}
    if me is not None:
        facts["fouls_shooter"] = me
    if them is not None:
        facts["fouls_opponent"] = them
    warned = f.warned if shooter == "self" or f.warned is None else f.warned
    if warned is not None:
        facts["warned"] = warned
    if warned and fouls_state["shooter"] < 2:
        fouls_state["shooter"] = 2
    if warned is None and fouls_state["shooter"] == 2:
        warned = True
        assumptions.append("J’ai supposé que " + ("vous aviez" if vous and shooter == "self" else "tu avais" if shooter == "self" else "le joueur avait")
                           + " été averti après la deuxième faute, comme la règle l’exige.")
    state["fouls"] = fouls_state
    state["warned"] = bool(warned) and fouls_state["shooter"] == 2
    if f.rack:
        state["rack"] = f.rack
        facts["rack"] = f.rack
    if f.bih and kind != "break":
        state["ball_in_hand"] = True
        facts["ball_in_hand"] = True
    if kind == "push_out":
        state["push_out_available"] = True
        facts["push_out_available"] = True
    # ---- the table before the shot
    lowest_open: int | None = None
    if kind != "break":
        mentioned = set(pocketed) | set(off) | ({first} if isinstance(first, int) else set())
        # every ball the story names was on the table before the shot (unless already down)
        mentioned |= {b for b in f.named if b not in f.gone}
        if f.lowest is not None:
            mentioned = {b for b in mentioned if b >= f.lowest}
        if f.on_table is not None:
            table = set(f.on_table) | mentioned
            facts["on_table"] = sorted(f.on_table)
            state["on_table"] = sorted(table | {money})
        elif f.lowest is not None:
            facts["lowest"] = f.lowest
            state["on_table"] = sorted(set(range(f.lowest, money + 1)) | {b for b in mentioned if b > f.lowest} | set(f.present))
        elif f.present or f.gone:
            if f.present:
                facts["present"] = sorted(f.present)
            if f.gone:
                facts["gone"] = sorted(f.gone)
            low = min(f.present) if f.present else None
            if low is None:
                low = 1
                while low in f.gone:
                    low += 1
            low = min([low] + [b for b in mentioned])
            table = set(range(low, money + 1)) - set(f.gone)
            state["on_table"] = sorted(table | mentioned | set(f.present))
            if isinstance(first, int) and first == low and first > 1 and not f.present:
                lowest_open = first
                assumptions.append(f"J’ai supposé que la {first} était la plus basse sur la table.")
        elif isinstance(first, int):
            low = min(mentioned)
            state["on_table"] = sorted(set(range(low, money + 1)))
            if low == first and first > 1:
                lowest_open = first
                assumptions.append(f"J’ai supposé que la {first} était la plus basse sur la table.")
        if state.get("on_table") is not None and any(b > money for b in state["on_table"]):
            state["on_table"] = [b for b in state["on_table"] if b <= money]
    scenario = {"ruleset": None, "state": state, "shot": shot}

    # ---- open facts
    opens: list[OpenFact] = []
    tu_avais = "vous aviez" if vous else "tu avais"
    if lowest_open is not None and kind != "push_out":
        alt = _copy(scenario)
        alt["state"]["on_table"] = sorted(set(alt["state"]["on_table"]) | {lowest_open - 1})
        opens.append(OpenFact("lowest", f"La {lowest_open} était-elle la plus basse sur la table ?",
                              f"si la {lowest_open} était la plus basse sur la table",
                              f"si une bille plus basse que la {lowest_open} était encore sur la table", alt))
    ten_call = any(book.rulesets[r].policy["call_shot"].value == "ball_and_pocket" or
                   book.rulesets[r].policy["money_ball_on_legal_break"].value == "wins_if_called" for r in ids)
    if ten_call and "called" not in shot and pocketed:
        alt = _copy(scenario)
        if kind == "break":
            tens = [r for r in ids if book.rulesets[r].game == "ten-ball"]
            m10 = max((book.rulesets[r].money_ball for r in tens), default=10)
            if m10 in pocketed:
                alt["shot"]["called"] = {"ball": m10, "pocket": None, "pocket_ok": True}
                opens.append(OpenFact("called", f"La {m10} était-elle annoncée avant la casse ?",
                                      f"si la {m10} n’était pas annoncée", f"si la {m10} était annoncée", alt))
        else:
            target = money if money in pocketed else min(pocketed)
            alt["shot"]["called"] = None
            opens.append(OpenFact("called", f"Avais-{'vous' if vous else 'tu'} annoncé la {target} (et sa poche) ?",
                                  f"si la {target} était annoncée", "si rien n’était annoncé", alt))
    if kind in ("normal",) and "rail_after_contact" not in shot and not pocketed and first is not None and not codes \
            and cue == "table" and not off:
        alt = _copy(scenario)
        alt["shot"]["rail_after_contact"] = False
        opens.append(OpenFact("rail_after_contact", "Une bille (ou la blanche) a-t-elle touché une bande après le contact ?",
                              "si une bille a touché une bande après le contact",
                              "si aucune bille n’a touché de bande après le contact", alt))
    if kind == "break" and "balls_to_rail" not in shot:
        alt = _copy(scenario)
        alt["shot"]["balls_to_rail"] = 3
        opens.append(OpenFact("balls_to_rail", "Au moins quatre billes ont-elles touché une bande à la casse ?",
                              "si au moins quatre billes ont touché une bande",
                              "si moins de quatre billes ont touché une bande", alt))
    if kind == "break" and state.get("rack") == "template" and "crossed_head_string" not in shot and len(pocketed) < 3:
        alt = _copy(scenario)
        need = 3 - len(pocketed)
        alt["shot"]["crossed_head_string"] = need
        opens.append(OpenFact("crossed_head_string", "Combien de billes non empochées ont franchi la ligne de départ ?",
                              "si aucune bille non empochée n’a franchi la ligne de départ",
                              f"si {need} bille{'s' if need > 1 else ''} non empochée{'s' if need > 1 else ''} "
                              f"{'ont' if need > 1 else 'a'} franchi la ligne de départ", alt))
    if state["fouls"]["shooter"] == 2 and "warned" not in facts:
        alt = _copy(scenario)
        alt["state"]["warned"] = False
        opens.append(OpenFact("warned", f"{'Aviez-vous' if vous else 'Avais-tu'} été averti après la deuxième faute ?"
                              if shooter == "self" else "Le joueur avait-il été averti après sa deuxième faute ?",
                              f"si {tu_avais} été averti" if shooter == "self" else "s’il avait été averti",
                              "sans avertissement", alt))
    if game is None and len({book.rulesets[r].game for r in ids}) > 1:
        opens.append(OpenFact("game", "Jouiez-vous au jeu de la 9 ou au jeu de la 10 ?" if vous else
                              "Tu joues au jeu de la 9 ou au jeu de la 10 ?", "", "", scenario))
    return Understanding(
        scenario=scenario, rulesets=ids, facts=MappingProxyType(facts),
        follow_up=tuple(o.question for o in opens), assumptions=tuple(dict.fromkeys(assumptions)),
        open=tuple(opens), address="vous" if vous else "tu", shooter=shooter,
    )


# ============================================================================ rulings
