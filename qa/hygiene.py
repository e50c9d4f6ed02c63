"""Which of a lookup's hits are quoted, and in what order (quote hygiene).

:func:`on_subject` keeps the clauses that treat the question's subject: the clauses a policy
answer rests on come first (the rule before its exception: « trois fautes » before « sans
avertissement »); a hit far below the best one is off the subject and left out; a list's bare
lead-in (« L’adversaire peut donc : ») is left out when one of its items is quoted (the item
is shown after its lead-in); no passage is quoted twice (same clause, or the same wording).
"""
from __future__ import annotations

from typing import Sequence

from .matcher import Hit
from .rulebook import Rulebook
from .text import fold

__all__ = ["on_subject", "RELATIVE_FLOOR"]

RELATIVE_FLOOR = 0.4     # a hit under this share of the best one's score is off the subject
_LEAD_MAX = 160          # a lead-in this short, ending with « : », says nothing alone


_LEADS: dict[int, tuple[Rulebook, frozenset[str]]] = {}


def _lead_ins(book: Rulebook) -> frozenset[str]:
    """The ids of the clauses that are some list's lead-in (once per book)."""
    kept = _LEADS.get(id(book))
    if kept is None or kept[0] is not book:
        kept = (book, frozenset(c.lead_in for c in book.clauses.values() if c.lead_in))
        _LEADS[id(book)] = kept
    return kept[1]


def _bare_lead(book: Rulebook, cid: str) -> bool:
    c = book.clauses[cid]
    return cid in _lead_ins(book) and len(c.text) <= _LEAD_MAX and c.text.rstrip().endswith(":")


def on_subject(book: Rulebook, hits: Sequence[Hit], first: Sequence[str] = ()) -> list[Hit]:
    """The hits to quote, best first: the clauses ``first`` (a policy answer's), then the
    others on the subject, without bare lead-ins whose items are quoted, nor repeats."""
    best = hits[0].score if hits else 1.0
    by_id = {h.clause.id: h for h in hits}
    ordered: list[Hit] = []
    for cid in first:
        c = book.clauses.get(cid)
        if c is not None and c.kind != "toc":
            ordered.append(by_id.get(cid) or Hit(c, round(best, 4)))
    ordered += [h for h in hits if h.score >= best * RELATIVE_FLOOR]
    quoted = {h.clause.id for h in ordered}
    out: list[Hit] = []
    seen_ids: set[str] = set()
    seen_text: set[str] = set()   # (ruleset, wording): the same passage twice
    for h in ordered:
        c = h.clause
        key = c.ruleset + " " + " ".join(fold(c.text).lower().split())   # two texts may share wording
        if c.id in seen_ids or key in seen_text:
            continue
        if _bare_lead(book, c.id) and any(book.clauses[q].lead_in == c.id for q in quoted if q in book.clauses):
            continue
        seen_ids.add(c.id)
        seen_text.add(key)
        out.append(h)
    if not out and hits:
        out = [hits[0]]
    # scores never increase down the list (a policy clause put first takes the best score)
    top = out[0].score if out else 0.0
    fixed: list[Hit] = []
    for h in out:
        top = min(top, h.score) if fixed else max(h.score, top)
        fixed.append(h if h.score == top else Hit(h.clause, top))
    return fixed
