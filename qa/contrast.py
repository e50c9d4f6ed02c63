"""A yes/no question that states a detail its clause contradicts (« la 1 est sur le spot supérieur ? »
where 10-ffb says « sur le spot inférieur »): the policy's « oui » or « non » would answer another question.

The words that exclude each other are data (``contrasts`` of rules_data/lexicon.yaml): a question naming
one word of a group, whose clause names another word of that group and not the question's, contradicts
that clause. The answer then gives no verdict for it and quotes the text, which settles the detail.
"""
from __future__ import annotations

from typing import Sequence

from .lexicon import load_lexicon
from .rulebook import Rulebook
from .text import words

__all__ = ["contradicted"]

_LEXICON = load_lexicon()
_GROUPS = tuple(frozenset(g) for g in _LEXICON.contrasts)
# the things a text counts as a fact of the table (« rang de trois billes », « quatre bandes »); the fouls a
# question counts tell its story (« 2 fautes à la fin d'une partie puis 1 »), their rule is read by the policies
_COUNTED = frozenset({"bille", "billes", "boule", "boules", "bande", "bandes", "poche", "poches"})


def _counts(ws: Sequence[str]) -> dict[str, set[str]]:
    """{count noun: the numbers told before it} (« 3 billes », « trois fautes »: words() writes digits)."""
    out: dict[str, set[str]] = {}
    for a, b in zip(ws, ws[1:]):
        if a.isdigit() and b in _COUNTED:
            out.setdefault(b.rstrip("s"), set()).add(a)
    return out


def _clashes(asked: list[str], said: list[str]) -> bool:
    mine_words, their_words = set(asked), set(said)
    for group in _GROUPS:
        mine, theirs = mine_words & group, their_words & group
        if mine and theirs and not mine & theirs:
            return True
    theirs_counts = _counts(said)
    return any(noun in theirs_counts and not told & theirs_counts[noun] for noun, told in _counts(asked).items())


def contradicted(book: Rulebook, question: str, clause_ids: Sequence[str]) -> list[str]:
    """The clauses of ``clause_ids`` whose words contradict a detail ``question`` states."""
    asked = words(question, counts=False)
    out = []
    for cid in clause_ids:
        clause = book.clauses.get(cid)
        if clause is not None and _clashes(asked, words(clause.text, counts=False)):
            out.append(cid)
    return out
