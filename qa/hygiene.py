"""Which of a lookup's hits are quoted, and in what order (quote hygiene).

:func:`on_subject` keeps the clauses that treat the question's subject: the clauses a policy
answer rests on are kept (added after their ruleset's best hit when the matcher missed them);
a hit far below the best one is off the subject and left out; a list's bare lead-in
(« L’adversaire peut donc : ») gives its place to the best of its items that is quoted (the
item is shown after its lead-in), or else stands for its list (the page shows its items); no
passage is quoted twice (same clause, or the same wording in one text).
"""
from __future__ import annotations

from typing import Sequence

from .matcher import Hit
from .rulebook import Rulebook
from .text import fold

__all__ = ["on_subject", "RELATIVE_FLOOR"]

RELATIVE_FLOOR = 0.4     # a hit under this share of the best one's score is off the subject
WANTED_SHARE = 0.9       # a clause an answer rests on goes first when it scores this share of the best
LEAD_OWN_SHARE = 0.6     # a lead-in matched this much better than its best item is quoted for itself
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


def _best_item(book: Rulebook, lead: str, hits: Sequence[Hit], found_only: bool = False) -> str | None:
    """The item of the list ``lead`` introduces that a hit quotes (the best), else its first
    item (None with ``found_only``: the lead-in then stands for its list, shown with its items)."""
    for h in hits:
        if h.clause.lead_in == lead:
            return h.clause.id
    return None if found_only else first_item(book, lead)


def _first(hits: list[Hit], wanted: set[str]) -> list[Hit]:
    """``hits`` with those of the clauses ``wanted`` first, each part in its order."""
    return [h for h in hits if h.clause.id in wanted] + [h for h in hits if h.clause.id not in wanted]


def items_of(book: Rulebook, lead: str) -> list[str]:
    """The ids of the items of the list the clause ``lead`` introduces, in the text's order."""
    return [c.id for c in book.by_ruleset.get(book.clauses[lead].ruleset, ()) if c.lead_in == lead]


def first_item(book: Rulebook, lead: str) -> str | None:
    """The id of the first item of the list the clause ``lead`` introduces, or None."""
    return next((c.id for c in book.by_ruleset.get(book.clauses[lead].ruleset, ()) if c.lead_in == lead), None)


def on_subject(book: Rulebook, hits: Sequence[Hit], first: Sequence[str] = (), k: int = 5,
               share: float = WANTED_SHARE, conditions: Sequence[str] = ()) -> list[Hit]:
    """At most ``k`` hits to quote, best first: those on the subject, a bare lead-in replaced by
    its best item (shown after its lead-in), no passage twice; the clauses ``first`` (what a
    policy answer rests on) are kept: those the matcher did not find come after the best clause
    of their ruleset (the first place when that ruleset has none); those found lead when they score
    ``share`` of the best hit. ``conditions``: the clauses of the condition a verdict holds on, each
    cited after its ruleset's first clause, beyond the ``k`` (the rule before its condition)."""
    if conditions:
        kept_out = set(conditions)
        return _with_conditions(book, on_subject(book, [h for h in hits if h.clause.id not in kept_out], first, k, share),
                                conditions)
    best = hits[0].score if hits else 1.0
    kept = [h for h in hits if h.score >= best * RELATIVE_FLOOR] or list(hits[:1])
    ordered: list[Hit] = []
    for h in kept:
        cid = h.clause.id
        if _bare_lead(book, cid):
            item = _best_item(book, cid, kept, found_only=True)
            item_score = next((x.score for x in kept if x.clause.id == item), 0.0)
            # an item of the list is quoted: it comes here, after its lead-in; unless the question is
            # about what the lead-in itself says (« le bris suit-il les règles des autres coups ? »)
            if item is not None and item_score >= h.score * LEAD_OWN_SHARE:
                h = Hit(book.clauses[item], h.score)
        ordered.append(h)
    wanted = set(first)
    if wanted:   # the clauses the answer rests on that the matcher found come first (the rule before its
        # exception), unless the matcher found a clause clearly more specific to the question (« une bille
        # par terre à la casse »: the break's own clause, not the general foul the answer names)
        lead = [h for h in ordered if h.clause.id in wanted and h.score >= ordered[0].score * share]
        if lead or not any(h.clause.id in wanted for h in ordered):
            ordered = _first(ordered, wanted)
    present = {h.clause.id for h in ordered}
    for cid in first:
        c = book.clauses.get(cid)
        if c is None or c.kind == "toc" or cid in present:
            continue
        at = next((i + 1 for i, h in enumerate(ordered) if h.clause.ruleset == c.ruleset), min(1, len(ordered)))
        ordered.insert(at, Hit(c, ordered[at - 1].score if at else round(best, 4)))
        present.add(cid)
    if wanted and share <= 0:    # they lead, found or not
        ordered = _first(ordered, wanted)
    out: list[Hit] = []
    seen_ids: set[str] = set()
    seen_text: set[str] = set()   # (ruleset, wording): the same passage twice
    for h in ordered:
        c = h.clause
        key = c.ruleset + " " + " ".join(fold(c.text).lower().split())   # two texts may share wording
        if c.id in seen_ids or key in seen_text:
            continue
        seen_ids.add(c.id)
        seen_text.add(key)
        out.append(h)
    # cut to k, dropping the last hits no policy answer rests on first; the first hit stays (the
    # clause the question is most about: « pas de push-out après une faute à la casse ») unless the
    # clauses the verdicts rest on fill every place: each verdict cites its own clause
    needed = set(first)
    while len(out) > k:
        spare = [i for i in range(len(out) - 1, 0, -1) if out[i].clause.id not in needed]
        drop = spare[0] if spare else (0 if out[0].clause.id not in needed else len(out) - 1)
        out.pop(drop)
    # scores never increase down the list
    fixed: list[Hit] = []
    for h in out:
        if fixed and h.score > fixed[-1].score:
            h = Hit(h.clause, fixed[-1].score)
        fixed.append(h)
    return fixed


def _with_conditions(book: Rulebook, hits: list[Hit], conditions: Sequence[str]) -> list[Hit]:
    """``hits`` with each clause of ``conditions`` after the first hit of its ruleset (none when no hit
    of its ruleset is kept: the condition goes with its rule)."""
    out = list(hits)
    for cid in conditions:
        c = book.clauses.get(cid)
        at = next((i + 1 for i, h in enumerate(out) if c is not None and h.clause.ruleset == c.ruleset), None)
        if c is not None and at is not None:
            out.insert(at, Hit(c, out[at - 1].score))
    return out
