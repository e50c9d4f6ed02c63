"""A yes/no question that restates what a clause says: « oui » where one clause says it, word for word,
and « non » where it says the same but for a detail the clause contradicts.

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

« non » (:func:`clause_refutes`): « au 9 BCA, la 9 va en tête du losange ? » — 9-bca/2-losange says « la
NEUF au centre ». A sentence of the best clause, which neither negates, holds the question's terms close
together but for the words of a detail it contradicts (:func:`qa.contrast.clash_words`: another class of a
contrast group, told of the same ball, or another count) and at most :data:`MISSING_TERMS` other term (one
more when it holds more than :data:`MIN_SHARED`);
the light words of the question (« vraiment ») are not looked for.
"""
from __future__ import annotations

import re
import weakref
from typing import Sequence

from .contrast import clash_words, named_balls, told_of_ball
from .lexicon import load_lexicon
from .matcher import Lookup, Matcher
from .rulebook import Rulebook
from .text import words

__all__ = ["clause_refutes", "clause_states", "stated_verdicts", "MIN_TERMS", "MISSING_TERMS", "SPAN_MARGIN"]

MIN_TERMS = 3        # terms of its own a question needs (fewer say too little to be a statement of a clause)
SPAN_MARGIN = 2      # more terms than the question's that the sentence may hold between them
MISSING_TERMS = 1    # terms of a question a sentence that contradicts its detail may not hold
BALL_CANDIDATES = 3  # best clauses of a ruleset among which the one naming the ball asked is read
MIN_SHARED = 2       # terms a sentence that contradicts a detail shares with the question at least (one no number)
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


# its terms, whether it negates, its words (no count marks), whether it negates outside its conditions
_Sentence = tuple[tuple[str, ...], bool, list[str], bool]
# a sentence's conditions (« S'il touche la 1 et si aucune bille n'est empochée, … », « … même si aucune ne passe »)
_CONDITION = re.compile(r"\b(?:si|s['’ ]il|s['’ ]ils|lorsqu\w*|quand|meme si)\b[^,;:]*(?:[,;:]|$)", re.IGNORECASE)
# per matcher (dropped with it): each text's sentences, and the terms of ``statement_frame``
_SENTENCES: weakref.WeakKeyDictionary[Matcher, dict[str, tuple[_Sentence, ...]]] = weakref.WeakKeyDictionary()
_FRAMES: weakref.WeakKeyDictionary[Matcher, frozenset[str]] = weakref.WeakKeyDictionary()


def _sentences(matcher: Matcher, text: str) -> tuple[_Sentence, ...]:
    """The terms of each sentence of ``text``, whether it negates and its words (once per text and matcher)."""
    cache = _SENTENCES.setdefault(matcher, {})
    found = cache.get(text)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[text] = tuple((tuple(matcher.analyzer.terms(sn)), _negates(sn), words(sn, counts=False),
                                     _negates(_CONDITION.sub(" ", sn)))
                                    for sn in text.replace("!", ".").replace("?", ".").replace(";", ".").split("."))
    return found


def clause_states(matcher: Matcher, text: str, asked: Sequence[str]) -> bool:
    """Whether one sentence of ``text`` holds every term of ``asked``, close together, without a
    negation or an exception."""
    wanted = frozenset(asked)
    balls = {t for t in wanted if t.isdigit()}
    for terms, negates, _, _ in _sentences(matcher, text):
        if negates or not wanted <= set(terms):
            continue
        if balls and any(t.isdigit() and t not in balls for t in terms):
            continue      # « la 1 en tête … et la 10 au centre »: which ball the fact is of, the order of words does not say
        span = _window(terms, wanted)
        if span is not None and span <= len(wanted) + SPAN_MARGIN:
            return True
    return False


def clause_refutes(matcher: Matcher, text: str, asked: Sequence[str], question: str) -> bool:
    """Whether one sentence of ``text`` says what ``question`` (its terms ``asked``) says, but for a detail it
    contradicts (see the module)."""
    ball = {str(n) for n in named_balls(question)}
    for terms, _, sentence, negates in _sentences(matcher, text):
        # (a negation in a condition, « si aucune bille n'est empochée, au moins quatre billes… », leaves the
        # detail that clashes, the count, as the sentence says it; so does one told of other balls than the
        # one asked, « … ne sont pas replacées (à l'exception de la bille no 10 qui est replacée sur … ) »)
        if negates and len(ball) == 1:
            own = told_of_ball(next(iter(ball)), sentence)
            negates = own is None or _negates(" ".join(own))
        clashing = clash_words(question, sentence) if not negates else []
        if not clashing:
            continue
        detail = (set(matcher.analyzer.terms(" ".join(clashing).replace("_", " ")))
                  | {f"x{n}" for n in clashing if n.isdigit()})
        wanted = [t for t in asked if t not in detail]
        held = [t for t in wanted if t in terms]
        if len(ball) == 1 and ball <= set(held) and not any(n.isdigit() for n in clashing):
            # the one ball asked about, told of with another place or rank (« la 10 en tête ? » where the
            # text puts it « au milieu du rang de trois billes »): the ball and its detail are the statement
            if len(wanted) - len(held) <= MISSING_TERMS + 1:
                return True
            continue
        missing = MISSING_TERMS + (len(held) > MIN_SHARED)    # (a longer statement may say one more thing of its own)
        if len(wanted) - len(held) > missing or len(held) < MIN_SHARED or all(t.isdigit() for t in held):
            continue
        span = _window(terms, frozenset(held))
        if span is not None and span <= len(held) + SPAN_MARGIN + len(detail):
            return True
    return False


def _frame_terms(matcher: Matcher) -> frozenset[str]:
    """The terms of ``statement_frame`` (once per matcher)."""
    found = _FRAMES.get(matcher)
    if found is None:
        found = _FRAMES[matcher] = frozenset(t for w in _LEXICON.statement_frame for t in matcher.analyzer.terms(w))
    return found


def stated_verdicts(book: Rulebook, matcher: Matcher, question: str, look: Lookup) -> dict[str, str]:
    """{clause id: « yes » or « no »}, best first and one per ruleset, among the lookup's best clause of each
    ruleset it covers: the clauses that state what the yes/no ``question`` asks (« yes ») or state it but
    for a detail they contradict (« no »; see the module); empty when none does."""
    if look.unknown or not look.hits or _negates(question):
        return {}
    # the numbers that name the game (« le 10 FFB est réservé… »), not a ball the question is about
    balls_named = {str(n) for n in named_balls(question)}
    games = {str(rs.money_ball) for rs in book.rulesets.values()} - balls_named if look.detection.game else set()
    # the question's terms but those of its frame words (« faut » is not « faute », though both stem « faut »)
    # and of its light words (« vraiment »), which a refuting sentence need not hold
    ws = words(question)
    framed = set(matcher.analyzer.terms(" ".join(w for w in ws if w not in _LEXICON.statement_frame)))
    light = set(matcher.analyzer.terms(" ".join(w for w in ws if w not in _LEXICON.light_words)))
    terms = [t for t in dict.fromkeys(look.terms) if t in framed]
    asked = [t for t in terms if t not in games and not t.startswith("x")]
    if sum(1 for t in asked if not t.isdigit()) < MIN_TERMS - 1:
        return {}
    found: dict[str, str] = {}
    balls = [t for t in asked if t.isdigit()]
    for ruleset in look.rulesets:
        own = [h.clause for h in look.hits if h.clause.ruleset == ruleset][:BALL_CANDIDATES]
        # of one ball asked, the clause that names it (« la 10 en tête ? »: the 10's line of the rack, not the 1's)
        naming = [c for c in own if len(set(balls)) == 1 and balls[0] in words(c.text)]
        best = naming[0] if naming else own[0] if own else None
        if best is None or best.kind not in ("rule", "info"):
            continue
        lead = book.clauses.get(best.lead_in) if best.lead_in else None
        text = f"{lead.text} {best.text}" if lead is not None and best.text[:1].islower() else best.text
        if len([t for t in asked if not t.isdigit()]) >= MIN_TERMS and clause_states(matcher, text, asked):
            found[best.id] = "yes"
        elif lead is not None and (listed := _listed_item(matcher, lead.text, best.text, asked)) is not None:
            found[best.id] = listed
        elif clause_refutes(matcher, text, [t for t in terms if t in light], question):
            found[best.id] = "no"
    return found


def _listed_item(matcher: Matcher, lead: str, item: str, asked: Sequence[str]) -> str | None:
    """« yes » when an item of a list says what the question asks and its lead-in says the rest (« …
    propulser une bille de but avec la queue, c'est faute ? » of « Les fautes les plus communes : … »);
    « no » when that lead-in negates (« Il n'y a pas faute quand : »); None otherwise."""
    lead_terms = set(matcher.analyzer.terms(lead))
    of_item = frozenset(t for t in asked if t not in lead_terms)
    if not of_item or of_item == frozenset(asked) or len(of_item) < MIN_TERMS - 1:
        return None       # (the lead-in must say part of it, the item the rest)
    for terms, negates, _, _ in _sentences(matcher, item):
        if negates or not of_item <= set(terms):
            continue
        span = _window(terms, of_item)
        if span is not None and span <= len(of_item) + SPAN_MARGIN:
            return "no" if _negates(lead) else "yes"
    return None
