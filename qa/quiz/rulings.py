"""Ruling questions that test a referee: the situation types a ruleset offers, their level,
and wrong choices that come from real misconceptions.

- **Situation type** (:func:`situation_key`): what a situation is with its ball numbers
  abstracted — the state that matters, the shot's facts (contact right, wrong or none; balls
  pocketed: none, the money ball, others; cue ball; rails; call; jump, massé) and the fouls the
  engine finds. A question's id is its type, so a learner's Leitner box follows the type.
- **Level** (:func:`level_of`): how many rules the ruling combines — the distinct policies its
  reasons rest on: 1 (one or two), 2 (three or four), 3 (five or more).
- **Syllabus** (:class:`CallPool`, :func:`syllabus`): for each ruleset, the situation types the
  templates reach whose ruling a text settles (no ``unsettled`` field, no assumption, no note:
  the engine says nothing is silent, ambiguous or contradictory there), each with its topics,
  level and a few example scenarios; quizzes draw a type first, so that every type is as
  likely as another.
- **Wrong choices** (:func:`wrong_rulings`): the rulings a referee reaches by a known mistake,
  computed by the engine — the same shot under another ruleset of the game (the rule of another
  text), or the shot with one fact misread (the foul not seen, the earlier fouls forgotten, the
  warning mistaken, the push-out or the template rack ignored, the call ignored) — then the
  other complete, coherent rulings (a foul gives ball in hand; a game over names its winner).
  Each differs from the right ruling in at least two parts of what is announced, at least one
  has the other verdict (foul / no foul) when the situation allows one, the wrong ones differ
  from each other in two parts too where they can (no cluster leaves the right one apart), and
  the set is chosen so that the right ruling stands in the middle: neither the choice « closest
  to the others » nor the farthest, by the parts announced and by the words of the choices.
"""
from __future__ import annotations

import itertools
import random
import re
import weakref
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from ..engine.evaluate import evaluate
from ..engine.outcome import ImpossibleScenarioError, Outcome, Termination, Verdict
from ..engine.scenario import Called, Scenario, ScenarioFormatError, parse_scenario
from ..rulebook import Rulebook

MIN_PARTS = 2          # a wrong choice differs from the right one in at least this many parts
POOL_DRAWS = 25        # scenarios drawn per template weight unit and ruleset to find the types
EXAMPLES = 12          # example scenarios kept per situation type
_WORD = re.compile(r"\w+")


# ----------------------------------------------------------------------------- types and levels
def situation_key(sc: Scenario, out: Outcome, money: int) -> tuple:
    """The situation type of ``sc`` (see the module docstring): a tuple of plain values."""
    st, sh = sc.state, sc.shot
    on = st.on_table or ()
    lowest = min(on) if on else 1
    pocketed = set(sh.pocketed)
    called: Any = None
    if sh.called == "safe":
        called = "safe"
    elif isinstance(sh.called, Called):
        c = sh.called
        called = ("money" if c.ball == money else "pocketed" if c.ball in pocketed else "other", c.pocket_ok)
    first = "none" if sh.first_contact is None else "lowest" if sh.first_contact == lowest else "other"
    pots = "none" if not pocketed else ("money" if money in pocketed else "") + ("+" if pocketed - {money} else "")
    return (sc.ruleset, sh.kind, st.rack, st.fouls.shooter, st.warned, st.ball_in_hand, st.push_out_available,
            first, pots, bool(sh.off_table), money in sh.off_table, sh.cue_ball, sh.rail_after_contact,
            sh.cue_rail_first, called, sh.jump, sh.masse, sh.obstacle_moved, tuple(sorted(sh.fouls)),
            tuple(sorted(f.code for f in out.fouls)))


def level_of(out: Outcome) -> int:
    """1, 2 or 3: how many rules (distinct policies of its reasons) the ruling combines."""
    n = len({r.policy for r in out.reasons if r.policy})
    return 1 if n <= 2 else 2 if n <= 4 else 3


def settled(out: Outcome) -> bool:
    """True when a text settles the ruling: nothing unsettled, assumed or noted."""
    return not (out.unsettled or out.assumptions or out.notes)


# ----------------------------------------------------------------------------- the syllabus
@dataclass(frozen=True)
class CallType:
    """One situation type of a ruleset: its key, template, topics, level and examples."""

    ruleset: str
    key: tuple
    template: str
    topics: tuple[str, ...]
    level: int
    examples: tuple[Mapping[str, Any], ...]


TopicsOf = Callable[[str, Scenario, Outcome], Sequence[str]]
Template = Any      # generate._Template (name, weight, applies, build)


class CallPool:
    """The situation types of each ruleset (built once per ruleset, on first use)."""

    def __init__(self, book: Rulebook, templates: Sequence[Template], topics_of: TopicsOf):
        self.book, self.templates, self.topics_of = book, templates, topics_of
        self._types: dict[str, list[CallType]] = {}

    def types(self, ruleset: str) -> list[CallType]:
        """The ruleset's situation types, in a fixed order (first found first)."""
        got = self._types.get(ruleset)
        if got is None:
            got = self._types[ruleset] = self._build(ruleset)
        return got

    def _build(self, ruleset: str) -> list[CallType]:
        rs = self.book.rulesets[ruleset]
        found: dict[tuple, dict[str, Any]] = {}
        for tpl in self.templates:
            if not tpl.applies(rs):
                continue
            rng = random.Random(f"pool/{ruleset}/{tpl.name}")
            for _ in range(POOL_DRAWS * tpl.weight):
                data = tpl.build(rng, rs)
                try:
                    sc, _ = parse_scenario(dict(data))
                    out = evaluate(self.book, sc)
                except (ImpossibleScenarioError, ScenarioFormatError):
                    continue
                if not settled(out):
                    continue
                key = situation_key(sc, out, rs.money_ball)
                slot = found.setdefault(key, {"template": tpl.name, "topics": tuple(self.topics_of(tpl.name, sc, out)),
                                              "level": level_of(out), "examples": []})
                if len(slot["examples"]) < EXAMPLES:
                    slot["examples"].append(sc.to_json())
        return [CallType(ruleset, k, v["template"], v["topics"], v["level"], tuple(v["examples"]))
                for k, v in found.items()]


_POOLS: dict[int, tuple[weakref.ref, CallPool]] = {}


def call_pool(book: Rulebook, templates: Sequence[Template], topics_of: TopicsOf) -> CallPool:
    """The :class:`CallPool` of ``book`` (one per rulebook)."""
    hit = _POOLS.get(id(book))
    if hit and hit[0]() is book:
        return hit[1]
    pool = CallPool(book, templates, topics_of)
    _POOLS[id(book)] = (weakref.ref(book), pool)
    return pool


def syllabus(pool: CallPool, rulesets: Sequence[str]) -> dict[str, dict[str, dict[str, int]]]:
    """``{ruleset: {topic: {"1": n, "2": n, "3": n}}}``: situation types per topic and level."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for r in rulesets:
        table: dict[str, dict[str, int]] = {}
        for t in pool.types(r):
            for topic in t.topics:
                row = table.setdefault(topic, {"1": 0, "2": 0, "3": 0})
                row[str(t.level)] += 1
        out[r] = {topic: table[topic] for topic in pool.book.topics if topic in table}
    return out


# ----------------------------------------------------------------------------- wrong choices
Render = Callable[[Verdict], str]


def shown_parts(v: Verdict, involved: bool, push_relevant: bool) -> tuple:
    """What the wording of a ruling announces (see generate.render_ruling)."""
    if v.winner:
        return (v.foul, v.winner, None, None, None, None, None)
    return (v.foul, None, v.next, v.ball_in_hand, tuple(v.spotted) if involved else None,
            v.push_out if push_relevant else None, v.fouls_after)


def parts_apart(a: tuple, b: tuple) -> int:
    """How many announced parts two rulings differ in."""
    return sum(x != y for x, y in zip(a, b))


def _misread(sc: Scenario, lowest: int) -> list[tuple[str, Scenario]]:
    """The shot with one fact misread, as a referee who makes a known mistake sees it."""
    st, sh = sc.state, sc.shot
    out: list[tuple[str, Scenario]] = []
    clean = replace(sh, cue_ball="table", off_table=(), fouls=(), jump=False, masse=False, obstacle_moved=False,
                    cue_rail_first=False, rail_after_contact=True if sh.kind != "break" else sh.rail_after_contact,
                    first_contact=(1 if sh.kind == "break" else lowest),
                    balls_to_rail=max(sh.balls_to_rail or 0, 4) if sh.kind == "break" else sh.balls_to_rail)
    if clean != sh:
        out.append(("foul_not_seen", replace(sc, shot=clean, unstated=frozenset())))
    if st.fouls.shooter:
        out.append(("fouls_forgotten", replace(sc, state=replace(st, fouls=replace(st.fouls, shooter=0), warned=False))))
    if st.fouls.shooter == 2:
        out.append(("warning_mistaken", replace(sc, state=replace(st, warned=not st.warned))))
    if sh.kind == "push_out":
        out.append(("push_out_ignored", replace(sc, shot=replace(sh, kind="normal"))))
    if st.rack == "template" and sh.kind == "break":
        out.append(("template_ignored", replace(sc, state=replace(st, rack="triangle"))))
    if isinstance(sh.called, Called):
        out.append(("call_ignored", replace(sc, shot=replace(sh, called=None))))
        if not sh.called.pocket_ok:
            out.append(("pocket_ignored", replace(sc, shot=replace(sh, called=replace(sh.called, pocket_ok=True)))))
    if st.ball_in_hand and sh.kind != "break":
        out.append(("ball_in_hand_ignored", replace(sc, state=replace(st, ball_in_hand=False))))
    return out


def misconceptions(book: Rulebook, sc: Scenario) -> list[tuple[str, Verdict]]:
    """``[(why, verdict)]``: the engine's ruling under another ruleset of the game, and on the
    shot with one fact misread (scenarios that cannot happen are skipped)."""
    assert sc.ruleset is not None
    rs = book.rulesets[sc.ruleset]
    out: list[tuple[str, Verdict]] = []
    for other in book.rulesets_of_game(rs.game):
        if other == rs.id:
            continue
        try:
            o = evaluate(book, replace(sc, ruleset=other))
        except ImpossibleScenarioError:
            continue
        if settled(o):
            out.append((f"ruleset:{other}", o.verdict()))
    lowest = min(sc.state.on_table) if sc.state.on_table else 1
    for why, alt in _misread(sc, lowest):
        try:
            out.append((why, evaluate(book, alt).verdict()))
        except ImpossibleScenarioError:
            continue
    return out


def coherent(right: Verdict, money: int, involved: Sequence[int], push_relevant: bool,
             shooter_fouls: int) -> list[tuple[str, Verdict]]:
    """The complete rulings a referee could announce here: a foul gives the opponent ball in
    hand, the choice, or (the bar-room mistake) only the turn; no foul lets the shooter go on or
    passes the turn; a game over names its winner; spotted balls and push-out vary where the
    wording shows them."""
    spots: list[tuple[int, ...]] = [()]
    if money in involved:
        spots.append((money,))
    if right.spotted and tuple(right.spotted) not in spots:
        spots.append(tuple(right.spotted))
    pushes = [False, True] if push_relevant else [False]
    base = replace(right, winner=None, termination=None)
    # the shooter's consecutive fouls after the shot: counted (one more, at most two) or, by
    # mistake, left as they were; a legal shot ends the series (or, by mistake, does not)
    counted, kept = min(shooter_fouls + 1, 2), shooter_fouls
    out: list[tuple[str, Verdict]] = []
    for s in spots:
        for n in dict.fromkeys((counted, kept)):
            f = replace(base, foul=True, spotted=s, push_out=False, fouls_after=n)
            out.append(("foul", replace(f, next="opponent", ball_in_hand=True)))
            # a foul that only loses the turn (bar rules), or gives the opponent the choice
            out.append(("foul_turn_only", replace(f, next="opponent", ball_in_hand=False)))
            out.append(("foul_choice", replace(f, next="choice", ball_in_hand=True)))
        for p in pushes:
            for n in dict.fromkeys((0, kept)):
                g = replace(base, foul=False, ball_in_hand=False, spotted=s, push_out=p, fouls_after=n)
                out.append(("goes_on", replace(g, next="shooter")))
                out.append(("turn", replace(g, next="opponent")))
                if push_relevant:
                    out.append(("choice", replace(g, next="choice")))
    end = replace(right, next=None, ball_in_hand=False, spotted=(), push_out=False)
    if money in involved or right.winner == "shooter":
        out.append(("win", replace(end, foul=False, winner="shooter", termination=Termination.MONEY_BALL)))
    if shooter_fouls == 2 or right.winner == "opponent":
        out.append(("three_fouls", replace(end, foul=True, winner="opponent", termination=Termination.THREE_FOULS)))
    return out


def _words(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(text))


def _apart(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard distance of two choices' words (what a candidate who reads only the shape sees)."""
    return 1 - len(a & b) / len(a | b) if a | b else 0.0


def _rank(totals: Sequence[float], key: int) -> float:
    """The key's rank by total distance to the others (0: closest), ties shared."""
    mine = totals[key]
    return sum(t < mine for i, t in enumerate(totals) if i != key) + \
        0.5 * sum(t == mine for i, t in enumerate(totals) if i != key)


def wrong_rulings(book: Rulebook, sc: Scenario, right: Verdict, render: Render, involved: Sequence[int],
                  push_relevant: bool, rng: random.Random, k: int = 3) -> list[tuple[str, str, Verdict]]:
    """Up to ``k`` wrong choices ``[(why, text, verdict)]`` for the ruling ``right`` on ``sc``
    (see the module docstring); fewer when the situation does not offer them."""
    assert sc.ruleset is not None
    money = book.rulesets[sc.ruleset].money_ball
    key_parts = shown_parts(right, bool(involved), push_relevant)
    key_text = render(right)
    first = misconceptions(book, sc)
    rng.shuffle(first)
    second = coherent(right, money, involved, push_relevant, sc.state.fouls.shooter)
    rng.shuffle(second)
    cands: list[tuple[int, str, str, Verdict, tuple]] = []
    seen = {key_text}
    for tier, group in ((0, first), (1, second)):
        for why, v in group:
            text = render(v)
            p = shown_parts(v, bool(involved), push_relevant)
            if text in seen or parts_apart(p, key_parts) < MIN_PARTS:
                continue
            seen.add(text)
            cands.append((tier, why, text, v, p))
    cands = cands[:8]
    if len(cands) <= k:
        return [(why, text, v) for _, why, text, v, _ in cands]
    target = k / 2            # the key in the middle: neither the closest nor the farthest
    # distances between every two of the key (index 0) and the candidates, by parts and by words
    items = [key_parts] + [c[4] for c in cands]
    words = [_words(key_text)] + [_words(c[2]) for c in cands]
    n = len(items)
    by_parts = [[parts_apart(items[i], items[j]) for j in range(n)] for i in range(n)]
    by_words = [[_apart(words[i], words[j]) for j in range(n)] for i in range(n)]
    other = [False] + [c[3].foul != right.foul for c in cands]
    best: tuple | None = None
    for a, b, c in itertools.combinations(range(1, n), 3) if k == 3 else ():
        bp, bw = by_parts, by_words
        totals = (bp[0][a] + bp[0][b] + bp[0][c], bp[a][0] + bp[a][b] + bp[a][c],
                  bp[b][0] + bp[b][a] + bp[b][c], bp[c][0] + bp[c][a] + bp[c][b])
        totals_w = (bw[0][a] + bw[0][b] + bw[0][c], bw[a][0] + bw[a][b] + bw[a][c],
                    bw[b][0] + bw[b][a] + bw[b][c], bw[c][0] + bw[c][a] + bw[c][b])
        close = (bp[a][b] < MIN_PARTS) + (bp[a][c] < MIN_PARTS) + (bp[b][c] < MIN_PARTS)
        off = abs(_rank(totals, 0) - target) + abs(_rank(totals_w, 0) - target)
        score = (not (other[a] or other[b] or other[c]), off, close, cands[a - 1][0] + cands[b - 1][0] + cands[c - 1][0])
        if best is None or score < best[0]:
            best = (score, [cands[a - 1], cands[b - 1], cands[c - 1]])
    if best is None:                      # k other than 3: the first k candidates
        best = ((), cands[:k])
    assert best is not None
    return [(why, text, v) for _, why, text, v, _ in best[1]]
