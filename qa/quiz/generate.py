"""Quiz questions whose right answer is proven by the rule texts or by the rules engine.

``generate(book, rulesets, topics, count, seed) -> list[Question]`` is pure and deterministic:
the same rulebook, parameters and seed give the same questions in the same order (one
``random.Random(seed)`` drives every draw; nothing iterates over a set or a hash order).

Three kinds of question (contract "Quizzes"):

- ``call`` — what is the ruling on this situation? A state and a shot are drawn so that the
  situations that matter come up (legal and illegal breaks, push-outs, three fouls, the money
  ball on a foul, called shots, the three-ball rule with a template rack, scratches, wrong
  ball first, no rail...). The right answer is the engine's :class:`Outcome` summarised in
  French; every wrong choice is a plausible ruling that differs from it in exactly one thing
  (who shoots, ball in hand, spotted ball, push-out, game over, who wins). A situation whose outcome
  has ``unsettled`` fields (a text leaves the answer open) or rests on ``assumptions`` is
  never asked.
- ``clause`` — what does a text say: true/false (a true statement is the clause's own
  sentence; a false one alters one key word), fill in the missing words (the right choice is
  the verbatim words), or which consequence follows a condition (verbatim).
- ``variant`` — which ruleset a passage comes from, or which ruleset of a game holds a given
  policy value (from the policy tables). Its ``ruleset`` is None so as not to give it away.
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import weakref
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from .. import ruling_words as words
from ..engine.evaluate import evaluate
from ..engine.outcome import ImpossibleScenarioError, Outcome, Verdict
from ..engine.scenario import Called, Scenario, ScenarioFormatError, Shot, State, parse_scenario
from ..engine.schema import ShotModel, StateModel
from ..french import ball_list
from ..rulebook import GAMES, Clause, Rulebook, Ruleset
from . import rulings as rl
from . import statements as stm

KINDS = ("call", "clause", "variant")
KIND_WEIGHTS = {"call": 45, "clause": 35, "variant": 20}
LETTERS = "abcdefgh"
TRUE, FALSE = "Vrai", "Faux"


# ----------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Choice:
    """One answer offered: ``id`` (a letter) and French ``text``."""

    id: str
    text: str


@dataclass(frozen=True)
class Question:
    """A quiz question (contract shape plus what only the marker sees).

    Public: ``id`` (stable: the fact or situation type asked, see :func:`question_id`),
    ``kind`` (call/clause/variant), ``prompt``, ``ruleset`` (None for ``variant``), ``topics``,
    ``choices``, ``scenario`` (contract Scenario mapping for ``call``, else None), ``level``
    (1..3: how many rules a ruling combines; 1 for text questions). Private: ``right`` (id of the right
    choice), ``explanation`` (plain French), ``citations`` (clause ids), ``form`` (ruling,
    true_false, fill, consequence, which_ruleset, policy_owner), ``evidence`` (for clause and
    variant questions: the verbatim passage of ``citations[0]`` that proves the answer) and
    ``detail`` (form-specific facts kept for checking, e.g. the ruling behind each choice).
    """

    id: str
    kind: str
    prompt: str
    ruleset: str | None
    topics: tuple[str, ...]
    choices: tuple[Choice, ...]
    right: str
    explanation: str
    citations: tuple[str, ...]
    form: str
    scenario: Mapping[str, Any] | None = field(default=None, hash=False)
    evidence: str = ""
    detail: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def right_text(self) -> str:
        """Text of the right choice."""
        return self.choice_text(self.right) or ""

    def choice_text(self, choice_id: str) -> str | None:
        """Text of choice ``choice_id`` (None when the question has no such choice)."""
        return next((c.text for c in self.choices if c.id == choice_id), None)

    def public(self) -> dict:
        """The contract ``Question`` shape: nothing that gives the answer away."""
        return {
            "id": self.id, "kind": self.kind, "prompt": self.prompt, "ruleset": self.ruleset,
            "topics": list(self.topics), "choices": [{"id": c.id, "text": c.text} for c in self.choices],
            "scenario": json.loads(json.dumps(self.scenario)) if self.scenario is not None else None,
            "level": int(self.detail.get("level", 1)),
        }

    def to_json(self) -> dict:
        """Everything, for storage and exports (``public()`` plus the answer and its proof)."""
        out = self.public()
        out.update(right_choice=self.right, explanation=self.explanation, citations=list(self.citations),
                   form=self.form, evidence=self.evidence, detail=json.loads(json.dumps(self.detail)))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Question":
        """Rebuild a Question from :meth:`to_json` output."""
        return cls(
            id=data["id"], kind=data["kind"], prompt=data["prompt"], ruleset=data.get("ruleset"),
            topics=tuple(data.get("topics") or ()),
            choices=tuple(Choice(c["id"], c["text"]) for c in data["choices"]),
            right=data["right_choice"], explanation=data.get("explanation", ""),
            citations=tuple(data.get("citations") or ()), form=data.get("form", ""),
            scenario=data.get("scenario"), evidence=data.get("evidence", ""), detail=data.get("detail") or {},
        )


def question_id(kind: str, *content: Any) -> str:
    """A stable id: ``<kind>-`` and 12 hex digits of a SHA-1 over the kind and content."""
    blob = json.dumps([kind, *content], ensure_ascii=False, sort_keys=True, default=str)
    return f"{kind}-{hashlib.sha1(blob.encode('utf-8')).hexdigest()[:12]}"


def _norm(text: str) -> str:
    """Comparison key for 'same meaning' of two choice texts (case, spaces, punctuation)."""
    t = text.lower().replace("’", "'")
    t = re.sub(r"[\s«»\"“”.;:,!?()]+", " ", t)
    return t.strip()


def _make(kind: str, form: str, prompt: str, ruleset: str | None, topics: Iterable[str],
          right_text: str, wrong: Sequence[str], explanation: str, citations: Iterable[str],
          rng: random.Random | None, scenario: Mapping | None = None, evidence: str = "",
          detail: Mapping | None = None, keep_order: bool = False) -> Question | None:
    """Assemble a Question: dedupe choices by meaning, shuffle them with ``rng`` (unless
    ``keep_order``), letter them, and hash the content into the id. None when fewer than two
    distinct choices remain."""
    texts = [right_text]
    keys = {_norm(right_text)}
    for w in wrong:
        k = _norm(w)
        if k and k not in keys:
            keys.add(k)
            texts.append(w)
    if len(texts) < 2:
        return None
    order = list(texts)
    if not keep_order and rng is not None:
        rng.shuffle(order)
    choices = tuple(Choice(LETTERS[i], t) for i, t in enumerate(order))
    right = choices[order.index(right_text)].id
    topics = tuple(dict.fromkeys(topics))
    det = dict(detail or {})
    if "rulings" in det:  # rulings keyed by text -> keyed by choice id
        det["rulings"] = {c.id: det["rulings"][c.text] for c in choices}
    qid = question_id(kind, form, ruleset, prompt, scenario, sorted(texts), right_text)
    return Question(qid, kind, prompt, ruleset, topics, choices, right, explanation, tuple(dict.fromkeys(citations)),
                    form, scenario, evidence, det)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ----------------------------------------------------------------------------- selection
class _Selection:
    """The rulesets and topics a quiz draws from (book order), and the rulebook."""

    def __init__(self, book: Rulebook, rulesets: Iterable[str] | None, topics: Iterable[str] | None,
                 levels: Iterable[int] | None = None):
        self.book = book
        self.levels = frozenset(levels or ())
        self.call_types: list[list[rl.CallType]] | None = None
        wanted = set(rulesets or ())
        self.rulesets = [r for r in book.rulesets if not wanted or r in wanted]
        tw = set(topics or ())
        self.topics = [t for t in book.topics if t in tw]
        self.topic_set = set(self.topics)

    def topic_ok(self, topics: Iterable[str]) -> bool:
        """True when no topic filter is set or ``topics`` meets it."""
        return not self.topic_set or bool(self.topic_set.intersection(topics))


# ============================================================================= call
POCKETS = ("du coin en haut à gauche", "du coin en haut à droite", "du milieu à gauche", "du milieu à droite",
           "du coin en bas à gauche", "du coin en bas à droite")


def verdict_json(v: Verdict) -> dict:
    """What a call question records of a verdict (the fields its wording shows)."""
    return {"foul": v.foul, "winner": v.winner, "next": v.next, "ball_in_hand": v.ball_in_hand,
            "spotted": list(v.spotted), "push_out": v.push_out, "fouls_after": v.fouls_after}


@dataclass(frozen=True)
class CallContext:
    """What the wording of a ruling depends on: the money ball, the object balls the shot
    pocketed or drove off (``involved``), and whether a push-out is at stake."""

    money: int
    involved: tuple[int, ...]
    pocketed: tuple[int, ...]
    push_relevant: bool

    @classmethod
    def of(cls, scenario: Scenario, money: int) -> "CallContext":
        """The context of ``scenario`` under a ruleset whose money ball is ``money``."""
        sh, st = scenario.shot, scenario.state
        return cls(money, tuple(sorted(set(sh.pocketed) | set(sh.off_table))), tuple(sh.pocketed),
                   sh.kind in ("break", "push_out") or st.push_out_available)


def render_ruling(r: Verdict, ctx: CallContext) -> str:
    """The French sentence announcing verdict ``r`` (one wording per verdict as the question
    shows it: two different rulings never read the same)."""
    parts = [(words.FOUL if r.foul else words.LEGAL) + "."]
    if r.winner:
        parts.append(f"Partie gagnée par {words.WHO[r.winner]}.")
        return " ".join(parts)
    bih = " avec la bille en main." if r.ball_in_hand else ", sans bille en main."
    if r.next == "shooter":
        parts.append(f"{words.WHO['shooter'].capitalize()} rejoue" + bih)
    elif r.next == "opponent":
        parts.append(f"{words.WHO['opponent'].capitalize()} joue" + bih)
    else:
        parts.append("L’adversaire choisit de jouer ou de rendre la main au tireur" + bih)
    if ctx.involved:
        if r.spotted:
            verb = "est replacée" if len(r.spotted) == 1 else "sont replacées"
            parts.append(f"{_cap(ball_list(r.spotted))} {verb}.")
        else:
            parts.append("Aucune bille n’est replacée.")
    if ctx.push_relevant:
        if r.next == "choice":
            parts.append("S’il rend la main, le tireur peut jouer un coup poussé (push-out)." if r.push_out
                         else "S’il rend la main, le tireur ne peut pas jouer de coup poussé.")
        else:
            parts.append("Le coup suivant peut être un coup poussé (push-out)." if r.push_out
                         else "Le coup suivant ne peut pas être un coup poussé.")
    parts.append(_fouls_fr(r.fouls_after))
    return " ".join(parts)


def _fouls_fr(n: int) -> str:
    """The shooter's count of consecutive fouls after the shot, as the referee keeps it."""
    return ("Le tireur n’a aucune faute consécutive en cours." if n == 0 else
            "Le tireur en est à une faute consécutive." if n == 1 else
            f"Le tireur en est à {n} fautes consécutives.")


# -- scenario drawing ---------------------------------------------------------------
def _table(rng: random.Random, money: int, min_size: int = 2) -> list[int]:
    """Object balls on the table: the money ball and a random subset of the others."""
    others = list(range(1, money))
    k = rng.randint(min_size - 1, len(others))
    return sorted(rng.sample(others, k)) + [money]


def _call(rs: Ruleset, ball: int, rng: random.Random, ok: bool = True) -> dict:
    return {"ball": ball, "pocket": rng.choice(POCKETS), "pocket_ok": ok}


_SHOT_DEFAULTS = ShotModel().model_dump()
_STATE_DEFAULTS = StateModel().model_dump()


def _fresh(defaults: Mapping[str, Any]) -> dict:
    """A copy of a defaults mapping (its lists and dicts copied too)."""
    return {k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in defaults.items()}


def _shot(**kw: Any) -> dict:
    """A Shot mapping from the schema's defaults, every fact stated: nothing called, no ball
    touched unless given, and a rail reached after the contact."""
    base = _fresh(_SHOT_DEFAULTS)
    base["rail_after_contact"] = True
    base.update(kw)
    return base


def _state(**kw: Any) -> dict:
    """A State mapping from the schema's defaults."""
    base = _fresh(_STATE_DEFAULTS)
    base.update(kw)
    return base


def _calls(rs: Ruleset) -> bool:
    return rs.policy["call_shot"].value == "ball_and_pocket"


def _t_break(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    balls = list(range(1, money + 1))
    first = 1 if rng.random() < 0.82 else rng.choice([None, *balls[1:]])
    pocketed = sorted(rng.sample(balls, rng.choice([0, 0, 1, 1, 2, 3])))
    if money not in pocketed and rng.random() < 0.25:
        pocketed = sorted(pocketed + [money])
    rest = [b for b in balls if b not in pocketed]
    off = [rng.choice(rest)] if rest and rng.random() < 0.1 else []
    rails = rng.choice([1, 2, 3, 4, 4, 5, 5, 6, 7])
    cue = rng.choices(["table", "pocketed", "off_table"], weights=[78, 17, 5])[0]
    called = None
    if money in pocketed and rs.policy["money_ball_on_legal_break"].value == "wins_if_called" and rng.random() < 0.75:
        called = _call(rs, money, rng)
    rail_first = (not rs.policy["break_cue_rail_first"].silent) and first == 1 and rng.random() < 0.12
    return {"ruleset": rs.id, "state": _state(),
            "shot": _shot(kind="break", first_contact=first, cue_rail_first=rail_first, pocketed=pocketed,
                          off_table=off, cue_ball=cue, rail_after_contact=None, balls_to_rail=rails, called=called)}


def _t_template_break(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    balls = list(range(1, money + 1))
    pocketed = sorted(rng.sample(balls[1:-1], rng.choice([0, 1, 1, 2, 2, 3])))
    if rng.random() < 0.2:
        pocketed = sorted(pocketed + [money])
    crossed = rng.choice([0, 0, 1, 1, 2, 2, 3])
    cue = "pocketed" if rng.random() < 0.1 else "table"
    return {"ruleset": rs.id, "state": _state(rack="template"),
            "shot": _shot(kind="break", first_contact=1, pocketed=pocketed, cue_ball=cue, rail_after_contact=None,
                          balls_to_rail=rng.choice([4, 5, 6]), crossed_head_string=crossed)}


def _t_push_out(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    table = _table(rng, money)
    first = None if rng.random() < 0.4 else rng.choice(table)
    r = rng.random()
    pocketed = [] if r < 0.55 else ([money] if r < 0.75 else [rng.choice(table[:-1] or table)])
    cue = "pocketed" if rng.random() < 0.15 else "table"
    return {"ruleset": rs.id, "state": _state(on_table=table, push_out_available=True),
            "shot": _shot(kind="push_out", first_contact=first, pocketed=sorted(set(pocketed)), cue_ball=cue,
                          rail_after_contact=rng.random() < 0.5)}


_SITUATIONS = ("miss", "pot", "money_pot", "wrong_first", "no_contact", "no_rail", "scratch", "off_table",
               "money_on_foul")


def _foul_shot(rng: random.Random, rs: Ruleset, table: list[int], kind: str, shot: dict) -> None:
    """Turn ``shot`` into a foul of ``kind`` (wrong_first/no_contact/no_rail/scratch)."""
    lowest = table[0]
    if kind == "wrong_first" and len(table) > 1:
        shot["first_contact"] = rng.choice(table[1:])
    elif kind == "no_contact":
        shot["first_contact"] = None
        shot["rail_after_contact"] = rng.random() < 0.5
    elif kind == "no_rail":
        shot.update(first_contact=lowest, rail_after_contact=False, pocketed=[])
    else:
        shot["cue_ball"] = rng.choice(["pocketed", "pocketed", "off_table"])


def _t_shot(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    table = _table(rng, money)
    lowest = table[0]
    st = _state(on_table=table, ball_in_hand=rng.random() < 0.2,
                fouls={"shooter": rng.choice([0, 0, 0, 1]), "opponent": rng.choice([0, 0, 1])})
    shot = _shot(first_contact=lowest)
    sit = rng.choice(_SITUATIONS)
    small = [b for b in table if b != money]
    if sit == "pot" and small:
        shot["pocketed"] = sorted(rng.sample(small, rng.choice([1, 1, 2]) if len(small) > 1 else 1))
    elif sit == "money_pot":
        shot["pocketed"] = sorted({money} | ({lowest} if rng.random() < 0.3 else set()))
    elif sit in ("wrong_first", "no_contact", "no_rail", "scratch"):
        if sit != "no_rail" and small and rng.random() < 0.4:
            shot["pocketed"] = [rng.choice(small)]
        _foul_shot(rng, rs, table, sit, shot)
    elif sit == "off_table":
        shot["off_table"] = [rng.choice(table)]
    elif sit == "money_on_foul":
        shot["pocketed"] = [money]
        _foul_shot(rng, rs, table, rng.choice(["wrong_first", "scratch"]), shot)
    if _calls(rs) and shot["pocketed"]:
        target = money if money in shot["pocketed"] else min(shot["pocketed"])
        shot["called"] = _call(rs, target, rng)
    return {"ruleset": rs.id, "state": st, "shot": shot}


def _t_three_fouls(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    table = _table(rng, money)
    st = _state(on_table=table, ball_in_hand=rng.random() < 0.5, fouls={"shooter": 2, "opponent": 0},
                warned=rng.random() < 0.6)
    shot = _shot(first_contact=table[0])
    if rng.random() < 0.25:
        shot["pocketed"] = [money]
    _foul_shot(rng, rs, table, rng.choice(["wrong_first", "no_contact", "no_rail", "scratch"]), shot)
    return {"ruleset": rs.id, "state": st, "shot": shot}


def _t_called(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    table = _table(rng, money, min_size=3)
    lowest = table[0]
    small = [b for b in table if b != money]
    shot = _shot(first_contact=lowest)
    sub = rng.choice(["made", "made_extra", "wrong_pocket", "uncalled_lowest", "money_made", "nothing_called"])
    b = rng.choice(small)
    if sub == "made":
        shot.update(pocketed=[b], called=_call(rs, b, rng))
    elif sub == "made_extra":
        c = rng.choice([x for x in small if x != b] or [money])
        shot.update(pocketed=sorted({b, c}), called=_call(rs, b, rng))
    elif sub == "wrong_pocket":
        shot.update(pocketed=[b], called=_call(rs, b, rng, ok=False))
    elif sub == "uncalled_lowest":
        other = rng.choice([x for x in small if x != lowest] or [money])
        shot.update(pocketed=[lowest], called=_call(rs, other, rng))
    elif sub == "money_made":
        shot.update(pocketed=sorted({money} | ({lowest} if rng.random() < 0.3 else set())), called=_call(rs, money, rng))
    else:
        shot.update(pocketed=[b], called=None)
    st = _state(on_table=table, ball_in_hand=rng.random() < 0.2)
    return {"ruleset": rs.id, "state": st, "shot": shot}


def _t_jump(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    table = _table(rng, money)
    kinds = [k for k, p in (("jump", "jump_shots"), ("masse", "masse_shots")) if not rs.policy[p].silent]
    attr = rng.choice(kinds)
    shot = _shot(first_contact=table[0], **{attr: True})
    if rng.random() < 0.4:
        shot["pocketed"] = [rng.choice(table)]
    if "obstacle_moved" in rs.fouls and rng.random() < 0.5:
        shot["obstacle_moved"] = True
    if _calls(rs) and shot["pocketed"]:
        shot["called"] = _call(rs, shot["pocketed"][0], rng)
    return {"ruleset": rs.id, "state": _state(on_table=table), "shot": shot}


_FACT_FOULS = frozenset({"wrong_ball_first", "no_contact", "no_rail", "illegal_break", "cue_rail_first", "cue_ball_pocketed",
                         "cue_ball_off_table", "object_ball_off_table", "jump_not_allowed", "masse_not_allowed",
                         "obstacle_moved"})


def _t_listed(rng: random.Random, rs: Ruleset) -> dict:
    money = rs.money_ball
    table = _table(rng, money)
    # a foul the shot's own facts decide (the ball hit first, the rails, the cue ball, a ball off the
    # table, the break, a jump or massé) would contradict the facts told with it: only the others
    codes = sorted(c for c in rs.fouls if c not in _FACT_FOULS)
    shot = _shot(first_contact=table[0], fouls=[rng.choice(codes)])
    if rng.random() < 0.35:
        shot["pocketed"] = [money if rng.random() < 0.5 else rng.choice(table)]
    st = _state(on_table=table, fouls={"shooter": rng.choice([0, 1]), "opponent": 0})
    return {"ruleset": rs.id, "state": st, "shot": shot}


@dataclass(frozen=True)
class _Template:
    name: str
    weight: int
    topics: tuple[str, ...]        # always among the question's topics
    may: tuple[str, ...]           # topics the question may also get
    applies: Callable[[Ruleset], bool]
    build: Callable[[random.Random, Ruleset], dict]


_COMMON = ("fouls", "ball-in-hand", "spotting", "end-of-game", "balls-off-table")
TEMPLATES = (
    _Template("break", 3, ("break",), _COMMON + ("push-out", "call-shot"), lambda rs: True, _t_break),
    _Template("template_break", 2, ("break", "rack"), _COMMON + ("push-out",),
              lambda rs: not rs.policy["three_ball_rule"].silent, _t_template_break),
    _Template("push_out", 2, ("push-out",), _COMMON, lambda rs: True, _t_push_out),
    _Template("shot", 4, ("play",), _COMMON + ("call-shot",), lambda rs: True, _t_shot),
    _Template("three_fouls", 2, ("three-fouls",), _COMMON, lambda rs: True, _t_three_fouls),
    _Template("called", 2, ("call-shot",), _COMMON + ("play",), _calls, _t_called),
    _Template("jump", 1, ("jump-masse",), _COMMON,
              lambda rs: not (rs.policy["jump_shots"].silent and rs.policy["masse_shots"].silent), _t_jump),
    _Template("listed", 1, ("fouls",), _COMMON, lambda rs: any(c not in _FACT_FOULS for c in rs.fouls), _t_listed),
)


def describe(book: Rulebook, scenario: Scenario) -> str:
    """The situation of ``scenario`` told in French, ending with the question."""
    assert scenario.ruleset is not None    # a quiz question's scenario names its ruleset
    rs = book.rulesets[scenario.ruleset]
    st, sh = scenario.state, scenario.shot
    out = [f"« {rs.title} »."]
    if sh.kind == "break":
        out += _describe_break(st, sh)
    else:
        out += _describe_before(rs, st, sh)
        out += _describe_shot(sh)
    if sh.cue_ball == "pocketed":
        out.append("La blanche tombe dans une poche.")
    elif sh.cue_ball == "off_table":
        out.append("La blanche sort de la table.")
    for b in sh.off_table:
        out.append(f"La {b} sort de la table.")
    for code in sh.fouls:      # who calls it is a matter of the ruleset (Dooly's: the opponent): not said here
        out.append(f"Sur ce coup, le tireur commet aussi : {book.foul_label(code).lower()}.")
    out.append("Quelle est la décision ?")
    return " ".join(out)


def _describe_break(st: State, sh: Shot) -> list[str]:
    """A break told in French: the rack, the call, the contact, the balls pocketed and to a rail."""
    out = []
    rack = "au gabarit (magic rack ou tapis marqué)" if st.rack == "template" else "au triangle"
    out.append(f"Casse, billes placées {rack}.")
    if isinstance(sh.called, Called):
        out.append(f"Avant de casser, le joueur annonce la {sh.called.ball} dans la poche {sh.called.pocket}.")
    if sh.first_contact is None:
        out.append("La blanche ne touche aucune bille.")
    else:
        rail = " après avoir touché une bande" if sh.cue_rail_first else ""
        out.append(f"La blanche touche d’abord la {sh.first_contact}{rail}.")
    out.append(_pocketed_fr(sh.pocketed) if sh.pocketed else "Aucune bille n’est empochée.")
    n = sh.balls_to_rail
    if n is not None:
        out.append("Aucune bille de but ne touche de bande." if n == 0 else
                   "Une seule bille de but touche une bande." if n == 1 else
                   f"{n} billes de but touchent une bande (empochées comprises).")
    if st.rack == "template" and sh.crossed_head_string is not None:
        c = sh.crossed_head_string
        out.append("Aucune bille non empochée ne franchit la ligne de départ." if c == 0 else
                   "Une bille non empochée franchit la ligne de départ." if c == 1 else
                   f"{c} billes non empochées franchissent la ligne de départ.")
    return out


def _describe_before(rs: Ruleset, st: State, sh: Shot) -> list[str]:
    """Before a shot (not a break): the table, the fouls so far, ball in hand, push-out, the call."""
    out = []
    table = st.on_table if st.on_table is not None else rs.balls
    out.append(f"Sur la table : {ball_list(table)}.")
    if st.fouls.shooter == 2:
        out.append("Le tireur a déjà commis deux fautes consécutives" +
                   (" et en a été averti." if st.warned else ", sans en avoir été averti."))
    elif st.fouls.shooter == 1:
        out.append("Le tireur a commis une faute à son coup précédent.")
    if st.ball_in_hand:
        out.append("Le tireur a la bille en main.")
    if sh.kind == "push_out":
        out.append("Premier coup après une casse légale : le joueur annonce un coup poussé (push-out).")
    elif st.push_out_available:
        out.append("Premier coup après une casse légale (un coup poussé est possible).")
    if rs.policy["call_shot"].value == "ball_and_pocket" and sh.kind != "push_out":
        if isinstance(sh.called, Called):
            out.append(f"Le tireur annonce la {sh.called.ball} dans la poche {sh.called.pocket}.")
        elif sh.called == "safe":
            out.append("Le tireur annonce un coup de sécurité.")
        else:
            out.append("Le tireur n’annonce aucune bille.")
    return out


def _describe_shot(sh: Shot) -> list[str]:
    """A shot (not a break): jump or massé, the contact, the balls pocketed, the rails."""
    out = []
    if sh.jump:
        out.append("Il joue un coup sauté.")
    if sh.masse:
        out.append("Il joue un coup massé.")
    out.append("La blanche ne touche aucune bille." if sh.first_contact is None
               else f"La blanche touche d’abord la {sh.first_contact}.")
    if sh.obstacle_moved:
        out.append("La bille qui faisait obstacle bouge.")
    if sh.pocketed:
        s = _pocketed_fr(sh.pocketed)
        if isinstance(sh.called, Called) and not sh.called.pocket_ok and sh.called.ball in sh.pocketed:
            s = s[:-1] + f", mais la {sh.called.ball} entre dans une autre poche que celle annoncée."
        out.append(s)
    else:
        out.append("Aucune bille n’est empochée.")
    if sh.first_contact is not None and sh.rail_after_contact is False:
        out.append("Aucune bille ne touche de bande après le contact.")
    elif sh.first_contact is not None and sh.rail_after_contact and not sh.pocketed:
        out.append("Une bille touche ensuite une bande.")
    elif sh.first_contact is None and sh.rail_after_contact is not None and sh.kind == "push_out":
        out.append("La blanche touche une bande." if sh.rail_after_contact else "La blanche ne touche aucune bande.")
    return out


def _pocketed_fr(balls: Sequence[int]) -> str:
    verb = "est empochée" if len(balls) == 1 else "sont empochées"
    return f"{_cap(ball_list(balls))} {verb}."


def _call_topics(tpl: _Template, sc: Scenario, out: Outcome, rs: Ruleset) -> list[str]:
    topics = list(tpl.topics)
    if out.fouls:
        topics.append("fouls")
    if out.ball_in_hand:
        topics.append("ball-in-hand")
    if out.spotted:
        topics.append("spotting")
    if out.game_over:
        topics.append("end-of-game")
    if sc.shot.off_table or sc.shot.cue_ball == "off_table":
        topics.append("balls-off-table")
    if sc.shot.kind == "push_out" or out.push_out_available or any(o.push_out_available for o in out.options):
        topics.append("push-out")
    if sc.shot.called is not None and (rs.policy["call_shot"].value == "ball_and_pocket" or sc.shot.kind == "break"):
        topics.append("call-shot")
    return topics


def _template(name: str, base_topics: Sequence[str] = ()) -> _Template:
    return next((t for t in TEMPLATES if t.name == name), None) or \
        _Template(name, 1, tuple(base_topics), (), lambda rs: True, lambda rng_, rs_: {})


def _topics_of(book: Rulebook) -> Callable[[str, Scenario, Outcome], list[str]]:
    def topics(name: str, sc: Scenario, out: Outcome) -> list[str]:
        assert sc.ruleset is not None
        return _call_topics(_template(name), sc, out, book.rulesets[sc.ruleset])
    return topics


def call_pool(book: Rulebook) -> rl.CallPool:
    """The situation types of the book's rulesets (the syllabus quizzes draw from)."""
    return rl.call_pool(book, TEMPLATES, _topics_of(book))


def syllabus(book: Rulebook, rulesets: Iterable[str] | None = None) -> dict[str, dict[str, dict[str, int]]]:
    """``{ruleset: {topic: {"1": n, "2": n, "3": n}}}``: the situation types of each ruleset by
    topic and level (see :mod:`qa.quiz.rulings`)."""
    wanted = set(rulesets or ())
    return rl.syllabus(call_pool(book), [r for r in book.rulesets if not wanted or r in wanted])


def call_question_for(book: Rulebook, data: Mapping[str, Any], rng: random.Random,
                      template: str = "custom", base_topics: Sequence[str] = ()) -> Question | None:
    """A ``call`` question on the scenario mapping ``data`` (None when the scenario is
    impossible, when its ruling rests on assumptions, or when a text leaves it unsettled,
    ambiguous or contradictory: ``notes``).

    The choices are the engine's ruling and wrong rulings from known mistakes
    (:func:`qa.quiz.rulings.wrong_rulings`): each differs from it in two parts or more, foul
    or not being one of the parts asked. The id is the situation type (ball numbers aside)."""
    tpl = _template(template, base_topics)
    try:
        sc, _ = parse_scenario(dict(data))
        out = evaluate(book, sc)
    except (ImpossibleScenarioError, ScenarioFormatError):
        return None
    if not rl.settled(out):
        return None
    assert sc.ruleset is not None    # evaluate() refuses a scenario without one
    rs = book.rulesets[sc.ruleset]
    ctx = CallContext.of(sc, rs.money_ball)
    right = out.verdict()
    right_text = render_ruling(right, ctx)
    wrong = rl.wrong_rulings(book, sc, right, lambda v: render_ruling(v, ctx), ctx.involved, ctx.push_relevant, rng)
    if len(wrong) < 2:
        return None
    explanation = " ".join(r.text for r in out.reasons)
    level = rl.level_of(out)
    rulings = {right_text: {"dimension": None, "why": None, **verdict_json(right)}}
    rulings.update({t: {"dimension": "+".join(_dimensions(right, v)), "why": why, **verdict_json(v)}
                    for why, t, v in wrong})
    key = rl.situation_key(sc, out, rs.money_ball)
    q = _make("call", "ruling", describe(book, sc), rs.id, _call_topics(tpl, sc, out, rs), right_text,
              [t for _, t, _ in wrong], explanation, out.cited, rng, scenario=sc.to_json(),
              detail={"template": tpl.name, "rulings": rulings, "level": level,
                      "situation": json.loads(json.dumps(list(key)))})
    return replace(q, id=question_id("call", "situation", list(key))) if q is not None else None


def _dimensions(a: Verdict, b: Verdict) -> list[str]:
    """The announced parts in which two rulings differ."""
    names = ("foul", "winner", "next", "ball_in_hand", "spotted", "push_out")
    return [n for n in names if getattr(a, n) != getattr(b, n)]


def _make_call(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    """A ruling question: a ruleset of the selection, then one of its situation types (each as
    likely as another) whose topics meet the selection, then one of the type's examples."""
    book = sel.book
    if sel.call_types is None:      # the selection's types, per ruleset (filtered once per quiz)
        pool = call_pool(book)
        sel.call_types = [[t for t in pool.types(r) if sel.topic_ok(t.topics)
                           and (not sel.levels or t.level in sel.levels)] for r in sel.rulesets]
    by_rs = [types for types in sel.call_types if types]
    if not by_rs:
        raise _Exhausted
    types = rng.choice(by_rs)
    t = types.pop(rng.randrange(len(types)))        # a type is asked once per quiz
    q = call_question_for(book, rng.choice(t.examples), rng, t.template)
    if q is None or not sel.topic_ok(q.topics):
        return None
    return q


# ============================================================================= clause
_APOS = "[’']"

# One key word or phrase altered to make a false statement: (pattern, replacement).
ALTERATIONS: tuple[tuple[str, str], ...] = (
    (r"\bquatre\b", "trois"), (r"\btrois\b", "quatre"), (r"\bdeux\b", "trois"),
    (r"\bdeuxième\b", "troisième"), (r"\btroisième\b", "quatrième"),
    (rf"\bn{_APOS}est pas\b", "est"), (r"\bne sont pas\b", "sont"), (rf"\bn{_APOS}a pas à\b", "doit"),
    (rf"\bn{_APOS}ont pas à\b", "doivent"), (rf"\bn{_APOS}ont jamais à\b", "doivent toujours"),
    (r"\bne perdra pas\b", "perdra"), (rf"\bn{_APOS}est plus\b", "est toujours"), (r"\bne peut pas\b", "peut"),
    (r"(?<!ne )\bdoit\b", "ne doit pas"), (r"(?<!ne )\bdoivent\b", "ne doivent pas"),
    (r"\bperd\b", "gagne"), (r"\bgagne\b", "perd"), (r"\bremporte\b", "perd"),
    (rf"(?<!{_APOS})\bavant\b", "après"), (r"\baprès\b", "avant"),
    (r"\bautorisés\b", "interdits"), (r"\bjamais\b", "toujours"), (r"\btoujours\b", "jamais"),
    (r"\bplus basse\b", "plus haute"), (r"\bplus petit\b", "plus grand"), (r"\bplus faible\b", "plus forte"),
    (r"\bmoins élevée\b", "plus élevée"), (r"\best replacée\b", "n’est pas replacée"),
    (r"\best remise\b", "n’est pas remise"), (r"\breste empochée\b", "est replacée"),
    (r"\brestent empochées\b", "sont replacées"), (r"\bderrière\b", "devant"),
    (r"\bobligatoirement\b", "facultativement"), (r"\bune seule\b", "deux"),
    (r"\bsimultanément\b", "l’un après l’autre"), (r"\bgrande bande\b", "petite bande"),
    (r"\bpetite bande\b", "grande bande"), (r"(?<=n° )1\b", "2"), (r"(?<=n°)1\b", "2"), (r"(?-i:\bUN\b)", "DEUX"), (r"(?-i:\bNEUF\b)", "HUIT"),
)
_ALTER_RE = tuple((re.compile(p, re.IGNORECASE), rep) for p, rep in ALTERATIONS)

# Key terms to blank, by family of interchangeable (but different) answers.
FILL_FAMILIES: tuple[tuple[str, ...], ...] = (
    ("deux", "trois", "quatre", "cinq"),
    ("deuxième", "troisième", "quatrième"),
    ("avant", "après", "pendant"),
    ("plus basse", "plus haute", "plus proche"),
    ("plus petit numéro", "plus grand numéro", "numéro annoncé"),
    ("derrière la ligne de départ", "n’importe où sur la table", "sur le point de replacement"),
    ("perd la partie", "gagne la partie", "rejoue"),
    ("bille en main", "coup poussé", "coup de sécurité"),
    ("replacée", "laissée dans la poche", "rendue à l’adversaire"),
)
_FILL_RE = tuple(
    (fam, term, re.compile(r"(?<![\w’'])" + re.escape(term).replace("’", _APOS) + r"(?![\w’'])", re.IGNORECASE))
    for fam in FILL_FAMILIES for term in fam)

_COND_RE = re.compile(rf"^(?P<cond>(?:Si |S{_APOS}il |S{_APOS}ils |Lorsqu|Quand |En cas d|Après )[^,]{{8,}}),\s+"
                      rf"(?P<cons>(?:l{_APOS}|le |la |les |il |ils |elle |elles |celle|celui|son |sa |ses |cette |"
                      r"ce |cet |aucun|un |une |tout|on )[^,\s].{8,})$")


def _cond_match(s: str) -> tuple[str, int, int] | None:
    """``(condition, start, end)`` of the consequence in a sentence « Si …, la … »: the consequence
    without its closing punctuation mark and spaces (trimmed here rather than by a lazy pattern
    followed by optional parts, which backtracks in quadratic time)."""
    m = _COND_RE.match(s)
    if not m:
        return None
    cons = m.group("cons").rstrip()
    if cons[-1:] in (".", ";", ":"):
        cons = cons[:-1].rstrip()
    return (m.group("cond"), m.start("cons"), m.start("cons") + len(cons)) if len(cons) >= 9 else None


def _balanced(s: str) -> bool:
    """Brackets and French quotes open and close within ``s``."""
    return s.count("(") == s.count(")") and s.count("«") == s.count("»")


def _words(s: str) -> set[str]:
    return set(re.findall(r"\w+", s.lower().replace("’", "'")))


def _similar(a: tuple[str, set[str]], b: tuple[str, set[str]]) -> bool:
    """Two passages given as ``(_norm(text), _words(text))`` are the same up to punctuation
    and case, one is inside the other, or they share most of their words."""
    (na, wa), (nb, wb) = a, b
    if len(na) > 15 and len(nb) > 15 and (na in nb or nb in na):
        return True
    return bool(wa and wb) and len(wa & wb) / len(wa | wb) >= 0.6
_SENT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ«\"(])")


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, each a verbatim substring (split on lines and sentence ends)."""
    out = []
    for line in text.splitlines():
        for s in _SENT_RE.split(line.strip()):
            s = s.strip()
            if s:
                out.append(s)
    return out


def _match_case(original: str, repl: str) -> str:
    if len(original) > 1 and original.isupper():
        return repl.upper()
    if original[:1].isupper():
        return _cap(repl)
    return repl


@dataclass(frozen=True)
class _ClauseItem:
    clause: str
    sentence: str
    start: int
    end: int
    extra: Any = None   # alteration replacement / family / consequence


class _Pools:
    """Candidate clause and variant questions of a rulebook, computed once per book."""

    def __init__(self, book: Rulebook):
        self.tf: list[_ClauseItem] = []
        self.fill: list[_ClauseItem] = []
        self.cons: list[_ClauseItem] = []
        self.passages: list[tuple[str, str]] = []       # (clause id, passage)
        self.policies: list[tuple[str, str, str, str]] = []   # (game, policy, value, owner ruleset)
        keys_by_rs = {r: [(_norm(c.text), _words(c.text)) for c in cl] for r, cl in book.by_ruleset.items()}
        content = {c.id: stm.content_words(c.text) for c in book.clauses.values()}
        for c in book.clauses.values():
            if c.kind != "rule":
                continue
            for s in sentences(c.text):
                self._add_sentence(c, s)
            rs = book.rulesets[c.ruleset]
            game_rs = book.rulesets_of_game(rs.game)
            if len(game_rs) >= 2 and 40 <= len(c.text) <= 320:
                mine = (_norm(c.text), _words(c.text))
                others = [content[t.id] for r in game_rs if r != c.ruleset for t in book.by_ruleset.get(r, ())]
                if not any(_similar(mine, k) for r in game_rs if r != c.ruleset for k in keys_by_rs.get(r, ())) \
                        and not stm.held_elsewhere(c.text, others):
                    self.passages.append((c.id, c.text))
        for game in GAMES:
            self._add_policies(book, game)

    def _add_sentence(self, c: Clause, s: str) -> None:
        """The true/false, fill-in and consequence candidates of one sentence of clause ``c``.
        A piece that starts in lower case inside a longer clause (« le joueur fautif ne perdra
        pas la partie », the end of a condition stated before it) is not asked alone: out of its
        context it could be read either way."""
        whole = " ".join(s.split()) == " ".join(c.text.split())
        if not (s[:1].isupper() or s[:1] in "«\"(" or whole):
            return
        if 25 <= len(s) <= 280 and not s.rstrip().endswith(":"):   # not a list's lead-in
            for rx, rep in _ALTER_RE:
                m = rx.search(s)
                if m and stm.alteration_ok(s, m.start(), m.end(), _match_case(m.group(0), rep)):
                    self.tf.append(_ClauseItem(c.id, s, m.start(), m.end(), rep))
            for fam, term, rx in _FILL_RE:
                ms = list(rx.finditer(s))
                if len(ms) == 1 and not stm.in_scope(s, ms[0].start(), ms[0].end()):
                    self.fill.append(_ClauseItem(c.id, s, ms[0].start(), ms[0].end(), fam))
        if len(s) <= 300:
            cm = _cond_match(s)
            if cm and len(s[cm[1]:cm[2]].split()) >= 3 and _balanced(cm[0]) and _balanced(s[cm[1]:cm[2]]):
                self.cons.append(_ClauseItem(c.id, s, cm[1], cm[2], cm[0]))

    def _add_policies(self, book: Rulebook, game: str) -> None:
        """The policy values of ``game`` that one ruleset alone holds (variant questions)."""
        ids = book.rulesets_of_game(game)
        if len(ids) < 2:
            return
        for name in book.policy_specs:
            pvs = [book.rulesets[r].policy.get(name) for r in ids]
            values = [pv.value for pv in pvs if pv is not None and not pv.note]
            if len(values) < len(pvs):    # a ruleset without it, or with a note
                continue
            for r, v in zip(ids, values):
                if values.count(v) == 1:
                    self.policies.append((game, name, v, r))


_POOL_CACHE: dict[int, tuple[weakref.ref, _Pools]] = {}


def _pools(book: Rulebook) -> _Pools:
    hit = _POOL_CACHE.get(id(book))
    if hit and hit[0]() is book:
        return hit[1]
    pools = _Pools(book)
    _POOL_CACHE[id(book)] = (weakref.ref(book), pools)
    return pools


class _Exhausted(Exception):
    """No more candidates of this kind for the selection."""


def _context_of(book: Rulebook, c: Clause) -> str:
    if c.lead_in and c.lead_in in book.clauses:
        return f" (dans la liste « {book.clauses[c.lead_in].text.strip()} »)"
    return ""


def _contradicted(book: Rulebook) -> frozenset[str]:
    """Clauses a text contradicts (a policy resting on one ``against`` the other): a question
    asking what such a clause says could be answered from either."""
    known = _CONTRADICTED.get(id(book))
    if known is not None and known[0] is book:
        return known[1]
    out: set[str] = set()
    for rs in book.rulesets.values():
        for pv in rs.policy.values():
            if pv.against:
                out.update(c for c in (pv.clause, pv.against) if c)
    _CONTRADICTED[id(book)] = (book, frozenset(out))
    return frozenset(out)


_CONTRADICTED: dict[int, tuple[Rulebook, frozenset[str]]] = {}


def _clause_ok(sel: _Selection, c: Clause, used: set) -> bool:
    return c.ruleset in sel.rulesets and sel.topic_ok(c.topics) and c.id not in used \
        and c.id not in _contradicted(sel.book)


def _draw_item(rng: random.Random, sel: _Selection, used: set, pool: Sequence[_ClauseItem],
               form: str = "") -> tuple[_ClauseItem, Clause, Ruleset]:
    """A random item of ``pool`` whose clause the selection allows and no question of the quiz
    uses yet (nor found unable to make a question of ``form``: ``(form, clause id)`` in
    ``used``), with its clause and ruleset. Raises :class:`_Exhausted` when none is left."""
    book = sel.book
    items = [i for i in pool if _clause_ok(sel, book.clauses[i.clause], used) and (form, i.clause) not in used]
    if not items:
        raise _Exhausted
    it = rng.choice(items)
    c = book.clauses[it.clause]
    return it, c, book.rulesets[c.ruleset]


def _make_true_false(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    book = sel.book
    it, c, rs = _draw_item(rng, sel, used, _pools(book).tf)
    s = it.sentence
    original = s[it.start:it.end]
    truth = rng.random() < 0.5
    if truth:
        statement = s
    else:
        altered = _match_case(original, it.extra)
        statement = s[:it.start] + altered + s[it.end:]
        if any(statement in t.text for t in book.by_ruleset[c.ruleset]):
            return None
    prompt = (f"Vrai ou faux ? D’après « {rs.title} »{_context_of(book, c)} : « {statement} »")
    if truth:
        expl = f"Vrai : c’est le texte même de la règle ({c.section or c.title})."
    else:
        expl = (f"Faux : le texte dit « {original} » et non « {_match_case(original, it.extra)} » : « {s} » "
                f"({c.section or c.title}).")
    q = _make("clause", "true_false", prompt, rs.id, c.topics, TRUE if truth else FALSE,
              [FALSE if truth else TRUE], expl, [c.id], None, evidence=s,
              detail={"statement": statement, "original": original, "truth": truth}, keep_order=True)
    if q is not None and not truth:   # keep Vrai before Faux
        q = replace(q, choices=(Choice("a", TRUE), Choice("b", FALSE)), right="b")
    used.add(c.id)
    # the fact asked is the sentence, whether shown as written or altered
    return replace(q, id=question_id("clause", "true_false", c.id, s)) if q is not None else None


def _make_fill(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    book = sel.book
    it, c, rs = _draw_item(rng, sel, used, _pools(book).fill, "fill")
    s = it.sentence
    right = s[it.start:it.end]
    blanked = s[:it.start] + "_____" + s[it.end:]
    texts = [t.text for t in book.by_ruleset[c.ruleset]]
    wrong = []
    for alt in it.extra:
        if _norm(alt) == _norm(right):
            continue
        alt = _match_case(right, alt)
        filled = s[:it.start] + alt + s[it.end:]
        if any(filled in t for t in texts) or not stm.fill_ok(s, it.start, it.end, alt) or stm.ungrammatical(filled):
            continue
        wrong.append(alt)
    wrong = rng.sample(wrong, min(3, len(wrong)))
    if len(wrong) < 2:
        used.add(("fill", c.id))          # this clause offers no fill-in: not drawn again for one
        return None
    where = f", section « {c.section or c.title} »" if (c.section or c.title) else ""
    prompt = f"Complétez le texte de « {rs.title} »{where}{_context_of(book, c)} : « {blanked} »"
    expl = f"Le texte dit : « {s} » ({c.section or c.title})."
    used.add(c.id)
    q = _make("clause", "fill", prompt, rs.id, c.topics, right, wrong, expl, [c.id], rng, evidence=right,
              detail={"sentence": s, "blanked": blanked})
    return replace(q, id=question_id("clause", "fill", c.id, s, it.start)) if q is not None else None


def _make_consequence(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    book = sel.book
    pool = _pools(book).cons
    it, c, rs = _draw_item(rng, sel, used, pool, "consequence")
    right = it.sentence[it.start:it.end]
    topics = set(c.topics)
    others = []
    for o in pool:
        oc = book.clauses[o.clause]
        if oc.game != c.game or o.clause == c.id or topics.intersection(oc.topics):
            continue
        cons = o.sentence[o.start:o.end]
        if cons in c.text or _norm(cons) == _norm(right):
            continue
        others.append(cons)
    others = list(dict.fromkeys(others))
    if len(others) < 2:
        used.add(("consequence", c.id))   # no consequence to offer beside it: not drawn again for one
        return None
    wrong = rng.sample(others, min(3, len(others)))
    prompt = f"D’après « {rs.title} » : « {it.extra}, … » Quelle est la suite du texte ?"
    expl = f"Le texte dit : « {it.sentence} » ({c.section or c.title})."
    used.add(c.id)
    q = _make("clause", "consequence", prompt, rs.id, c.topics, right, wrong, expl, [c.id], rng, evidence=right,
              detail={"condition": it.extra, "sentence": it.sentence})
    return replace(q, id=question_id("clause", "consequence", c.id, it.sentence)) if q is not None else None


_CLAUSE_FORMS = (("true_false", 40, _make_true_false), ("fill", 35, _make_fill), ("consequence", 25, _make_consequence))


def _make_of_forms(forms: Sequence[tuple[str, int, Callable]], rng: random.Random, sel: _Selection,
                   used: set) -> Question | None:
    """A question of one of ``forms`` ((name, weight, maker)), drawn by weight among those not
    exhausted yet. A form whose maker has nothing left is marked used (the others may still
    have some); raises :class:`_Exhausted` once every form is."""
    left = [f for f in forms if f[0] not in used]
    if not left:
        raise _Exhausted
    name, _, maker = rng.choices(left, weights=[f[1] for f in left])[0]
    try:
        return maker(rng, sel, used)
    except _Exhausted:
        used.add(name)
        return None


def _make_clause(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    return _make_of_forms(_CLAUSE_FORMS, rng, sel, used)


# ============================================================================= variant
def _game_label(game: str) -> str:
    return GAMES.get(game, game)


def _make_passage(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    book = sel.book
    items = [(cid, p) for cid, p in _pools(book).passages if _clause_ok(sel, book.clauses[cid], used)]
    if not items:
        raise _Exhausted
    cid, passage = rng.choice(items)
    c = book.clauses[cid]
    ids = book.rulesets_of_game(c.game)
    right = book.rulesets[c.ruleset].title
    wrong = [book.rulesets[r].title for r in ids if r != c.ruleset]
    prompt = f"De quel règlement du {_game_label(c.game)} ce passage est-il tiré ? « {passage} »"
    expl = f"Ce passage est tiré de « {right} » ({c.section or c.title}) ; il ne figure dans aucun autre règlement du {_game_label(c.game)}."
    used.add(cid)
    q = _make("variant", "which_ruleset", prompt, None, c.topics, right, wrong, expl, [cid], rng,
              evidence=passage, detail={"answer_ruleset": c.ruleset})
    return replace(q, id=question_id("variant", "which_ruleset", cid)) if q is not None else None


def _make_policy(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    book = sel.book
    items = [p for p in _pools(book).policies
             if p[3] in sel.rulesets and sel.topic_ok([book.policy_specs[p[1]].topic]) and ("policy", p[0], p[1]) not in used]
    if not items:
        raise _Exhausted
    game, name, value, owner = rng.choice(items)
    spec = book.policy_specs[name]
    ids = book.rulesets_of_game(game)

    def label(v: str) -> str:
        return "le texte n’en dit rien" if v == "silent" else spec.values.get(v, v)

    if value == "silent":
        prompt = f"{_cap(_game_label(game))} — « {spec.label} » : quel règlement n’en dit rien ?"
    else:
        prompt = f"{_cap(_game_label(game))} — « {spec.label} » : « {label(value)} ». Quel règlement le dit ?"
    lines = []
    cites = []
    for r in ids:
        pv = book.rulesets[r].policy[name]
        lines.append(f"« {book.rulesets[r].title} » : {label(pv.value)}")
        if pv.clause:
            cites.append(pv.clause)
    own = book.rulesets[owner].policy[name]
    if own.clause:
        cites.insert(0, own.clause)
    expl = f"{spec.label} — " + " ; ".join(lines) + "."
    used.add(("policy", game, name))
    evidence = book.clauses[own.clause].text if own.clause else ""
    q = _make("variant", "policy_owner", prompt, None, [spec.topic], book.rulesets[owner].title,
              [book.rulesets[r].title for r in ids if r != owner], expl, cites, rng, evidence=evidence,
              detail={"answer_ruleset": owner, "policy": name, "value": value})
    return replace(q, id=question_id("variant", "policy_owner", game, name, value)) if q is not None else None


_VARIANT_FORMS = (("which_ruleset", 55, _make_passage), ("policy_owner", 45, _make_policy))


def _make_variant(rng: random.Random, sel: _Selection, used: set) -> Question | None:
    return _make_of_forms(_VARIANT_FORMS, rng, sel, used)


# ============================================================================= entry point
_MAKERS = {"call": _make_call, "clause": _make_clause, "variant": _make_variant}
MAX_FAILURES = 80


def bank(book: Rulebook, rulesets: Iterable[str] | None = None) -> list[Question]:
    """The whole question bank of ``rulesets`` (None: all): one ruling question per situation
    type, one text question per clause, every passage and policy question; kinds in order
    (call, clause, variant), drawn with a fixed seed (the same bank at every export; kept per
    rulebook and selection once drawn)."""
    key = (id(book), tuple(r for r in book.rulesets if not rulesets or r in set(rulesets)))
    hit = _BANK_CACHE.get(key)
    if hit and hit[0]() is book:
        return list(hit[1])
    out: list[Question] = []
    for kind in KINDS:
        out += generate(book, key[1], None, 100_000, f"bank/{kind}", [kind], max_failures=5_000)
    if len(_BANK_CACHE) >= 32:     # every selection of the five rulesets (31) stays drawn once
        _BANK_CACHE.pop(next(iter(_BANK_CACHE)))
    _BANK_CACHE[key] = (weakref.ref(book), tuple(out))
    return out


_BANK_CACHE: dict[tuple, tuple[weakref.ref, tuple[Question, ...]]] = {}


def generate(book: Rulebook, rulesets: Iterable[str] | None = None, topics: Iterable[str] | None = None,
             count: int = 10, seed: int | str = 0, kinds: Iterable[str] | None = None,
             levels: Iterable[int] | None = None, max_failures: int = 80) -> list[Question]:
    """Draw up to ``count`` questions on ``rulesets`` (None/empty: all) and ``topics``
    (None/empty: all), driven by ``random.Random(seed)``.

    Deterministic: the same book, parameters (in any order) and seed give the same
    questions, with the same ids, in the same order. ``kinds`` restricts the kinds (call,
    clause, variant) and ``levels`` the levels (1..3) of ruling questions. Returns fewer than
    ``count`` questions when the selection cannot supply
    more (e.g. a narrow topic on one ruleset); never two questions with the same id.
    """
    sel = _Selection(book, rulesets, topics, levels)
    rng = random.Random(seed)
    active = [k for k in KINDS if not kinds or k in set(kinds)]
    failures = {k: 0 for k in active}
    used: set = set()
    seen: set[str] = set()
    out: list[Question] = []
    while len(out) < count and active:
        kind = rng.choices(active, weights=[KIND_WEIGHTS[k] for k in active])[0]
        try:
            q = _MAKERS[kind](rng, sel, used)
        except _Exhausted:
            active.remove(kind)
            continue
        if q is None or q.id in seen:
            failures[kind] += 1
            if failures[kind] >= max(max_failures, MAX_FAILURES):
                active.remove(kind)
            continue
        seen.add(q.id)
        out.append(q)
    return out
