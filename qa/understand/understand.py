"""The entry point: French text → :class:`Understanding` (no engine run here)."""
from __future__ import annotations

import re
from typing import Sequence

from qa.rulebook import Rulebook
from qa.understand.clauses import Clause
from qa.understand.assemble import _assemble
from qa.understand.classify import _has_shot_fact, _not_ruled_here, is_situation, narrative
from qa.understand.clauses import V_POT, _clauses, _resolve_pronouns
from qa.understand.facts import F, Fact, Partial, merge
from qa.understand.names import _rulesets
from qa.understand.readers.clause import read_clause
from qa.understand.readers.order import read_order
from qa.understand.readers.story import read_story
from qa.understand.results import Understanding
from qa.understand.tokens import _group_lists, _nums, _symbolise, tokens

from ..text import words


_PUSH_WORDS = re.compile(r"\bpush\b|\bpushout\b|\bcoup (?:de )?pousse\b|\bdegagement\b")
_BREAK_WORDS = re.compile(r"\b(?:cass\w*|bris|break)\b")


def _before_push_out(clauses: list[Clause]) -> int:
    """When a break is told before the push-out ("je casse, la 2 rentre ; j'annonce un push-out…"),
    the number of clauses before the push-out: they tell the break, an earlier shot."""
    at = next((k for k, c in enumerate(clauses) if _PUSH_WORDS.search(c.text)), 0)
    return at if any(_BREAK_WORDS.search(c.text) for c in clauses[:at]) else 0


def _read_clauses(clauses: list[Clause], kind: str | None, story: Partial = ()) -> Partial:
    """The facts of the shot's clauses, each read knowing what was read before it. In a story
    with two players (« mon adversaire rentre la 1 puis rate la 2 ; je touche la 2… ») the
    asker's shot is ruled: the other player's clauses, like those before a push-out that follows
    a break, only tell the balls that went down before."""
    actors = {c.subject for c in clauses if c.subject in ("self", "other", "player") and narrative([c])[0]}
    multi = "self" in actors and len(actors) > 1
    earlier = _before_push_out(clauses) if kind == "push_out" else 0
    read: Partial = ()
    for k, c in enumerate(clauses):
        if k < earlier or (multi and c.subject in ("other", "player")):
            if re.search(r"\b(?:" + V_POT + r")", c.text):
                read += (Fact(F.GONE, tuple(b for t in c.toks for b in _nums(t)), c.text),)
            continue
        read += read_clause(c, merge(story, read))
    return read


def understand(book: Rulebook, question: str, rulesets: Sequence[str] | None = None) -> Understanding | None:
    """Understand a French situation; None when ``question`` is a lookup or off-topic.

    ``book``: a :class:`qa.rulebook.Rulebook`; ``rulesets``: ids that restrict the answer
    (unknown ids ignored). Returns an :class:`Understanding` whose ``scenario`` follows the
    contract Scenario shape with ``ruleset`` None.
    """
    if not isinstance(question, str) or not question.strip() or len(question) > 2000:
        return None
    toks, det = tokens(question)
    if det.other_game:
        return None
    plain_len = len([t for t in toks if t != ","])
    drop = set(det.drop) if len(words(" ".join(t for t in toks if t != ","))) == plain_len else set()
    sym = _group_lists(_symbolise(toks, drop))
    sym = _resolve_pronouns(sym)
    text = " ".join(sym)
    clauses = _clauses(sym)
    story = read_story(text)
    f = merge(story, _read_clauses(clauses, merge(story).kind, story), read_order(text),
              (Fact(F.NAMED, tuple(b for t in sym for b in _nums(t)), text),))
    if not _has_shot_fact(f) or _not_ruled_here(f):
        return None
    if not is_situation(text, f, clauses):
        return None
    ids, game, notes = _rulesets(book, det, sym, rulesets, f.on_table)
    if not ids:
        return None
    return _assemble(book, question, text, f, ids, game, det, notes)
