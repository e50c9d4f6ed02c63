"""A yes/no question that restates what a clause says: « oui » where one clause says it, word for word.

« le jeu de la 10 FFB est réservé au circuit national ? » — 10-ffb/mode-de-jeu-circuit-national says « Ce
mode de jeu est uniquement réservé au Circuit National ». No policy answers such a point; the clause
itself does, when every term of the question is in one of its sentences, close together (within
:data:`SPAN_MARGIN` more terms than the question has), that sentence names no other ball than the
question's, and neither the question nor that sentence
negates or makes an exception (« ne … pas », « sauf », « à l'exception de »: the sentence may state the
opposite of the question with the same words). The verdict is only ever « yes », and only for the
rulesets whose clause says it; a text whose clause does not is left without a verdict (its silence is
not proven by a sentence that says something else). Terms are the matcher's (stems, glossary
synonyms), so « bille de choc » is « blanche » on both sides.
"""
from __future__ import annotations

from typing import Sequence

from .lexicon import load_lexicon
from .matcher import Lookup, Matcher
from .rulebook import Rulebook
from .text import words

__all__ = ["clause_states", "confirming_clauses", "MIN_TERMS", "SPAN_MARGIN"]

MIN_TERMS = 3        # terms of its own a question needs (fewer say too little to be a statement of a clause)
SPAN_MARGIN = 2      # more terms than the question's that the sentence may hold between them
_LEXICON = load_lexicon()


def _window(sequence: Sequence[str], wanted: frozenset[str]) -> int | None:
    """The length of the shortest run of ``sequence`` that holds every term of ``wanted``, or None."""
    best: int | None = None
    count: dict[str, int] = {}
    have = 0
    left = 0
    for right, t in enumerate(sequence):
        if t in wanted:
            count[t] = count.get(t, 0) + 1
            have += count[t] == 1
        while have == len(wanted):
            size = right - left + 1
            best = size if best is None or size < best else best
            u = sequence[left]
            if u in wanted:
                count[u] -= 1
                have -= count[u] == 0
            left += 1
    return best


def _negates(text: str) -> bool:
    return any(w in _LEXICON.statement_negations for w in words(text))


_SENTENCES: dict[tuple[int, str], tuple[tuple[tuple[str, ...], bool], ...]] = {}


def _sentences(matcher: Matcher, text: str) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """The terms of each sentence of ``text`` and whether it negates (once per text and matcher)."""
    key = (id(matcher), text)
    found = _SENTENCES.get(key)
    if found is None:
        if len(_SENTENCES) > 4096:
            _SENTENCES.clear()
        found = tuple((tuple(matcher.analyzer.terms(sn)), _negates(sn))
                      for sn in text.replace("!", ".").replace("?", ".").replace(";", ".").split("."))
        _SENTENCES[key] = found
    return found


def clause_states(matcher: Matcher, text: str, asked: Sequence[str]) -> bool:
    """Whether one sentence of ``text`` holds every term of ``asked``, close together, without a
    negation or an exception."""
    wanted = frozenset(asked)
    balls = {t for t in wanted if t.isdigit()}
    for terms, negates in _sentences(matcher, text):
        if negates or not wanted <= set(terms):
            continue
        if balls and any(t.isdigit() and t not in balls for t in terms):
            continue      # « la 1 en tête … et la 10 au centre »: which ball the fact is of, the order of words does not say
        span = _window(terms, wanted)
        if span is not None and span <= len(wanted) + SPAN_MARGIN:
            return True
    return False


_FRAMES: dict[int, frozenset[str]] = {}


def _frame_terms(matcher: Matcher) -> frozenset[str]:
    """The terms of ``statement_frame`` (once per matcher)."""
    found = _FRAMES.get(id(matcher))
    if found is None:
        found = _FRAMES[id(matcher)] = frozenset(t for w in _LEXICON.statement_frame for t in matcher.analyzer.terms(w))
    return found


def confirming_clauses(book: Rulebook, matcher: Matcher, question: str, look: Lookup) -> list[str]:
    """The clauses, best first and one per ruleset, among the lookup's best clause of each ruleset it
    covers, that state what the yes/no ``question`` asks (see the module); empty when none does."""
    if look.unknown or not look.hits or _negates(question):
        return []
    frame = _frame_terms(matcher)
    games = {str(rs.money_ball) for rs in book.rulesets.values()} if look.detection.game else set()
    asked = [t for t in dict.fromkeys(look.terms) if t not in frame and t not in games and not t.startswith("x")]
    if sum(1 for t in asked if not t.isdigit()) < MIN_TERMS:
        return []
    found: list[str] = []
    for ruleset in look.rulesets:
        best = next((h.clause for h in look.hits if h.clause.ruleset == ruleset), None)
        if best is None or best.kind not in ("rule", "info"):
            continue
        lead = book.clauses.get(best.lead_in) if best.lead_in else None
        text = f"{lead.text} {best.text}" if lead is not None and best.text[:1].islower() else best.text
        if clause_states(matcher, text, asked):
            found.append(best.id)
    return found
