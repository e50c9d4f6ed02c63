"""Checks that make text questions hold: a false statement is false and reads as French, a
fill-in has one right choice, a « which ruleset » passage belongs to one text.

A false statement changes one key word of a sentence of the text (``generate.ALTERATIONS``).
The change makes the sentence false only where the sentence asserts that word: not under a
negation or an exception (« et non pour trois », « ni », « sauf », « pas »), not as one
alternative of a choice (« … ou trois »), not when the new word already stands in the sentence
(« avant … ou après »), not « gagne » ↔ « perd » where the sentence speaks of the end of a
turn or a game (someone winning is someone losing), and, for « au moins N » / « au plus N », only in the direction that
makes the requirement wrong (« au moins quatre » → « au moins cinq »: a break with four is then
refused; « au moins trois » would still be true of every legal break). It must also stay
grammatical: no « n’n’ », no word doubled, « deux fautes » and not « deux faute », no
« après de » or « avant avoir », no indicative where French wants a subjunctive (« qu’il
perd »), no partitive « de » left by a negation taken away (« il peut jouer de coup »).
"""
from __future__ import annotations

import re
from typing import Iterable

_APOS = "[’']"
# a negation, an exception or a contrast governing the words that follow, in the same clause
_SCOPE_BEFORE = re.compile(rf"(?:\bnon\b|\bpas\b|\bni\b|\bsauf\b|\bexcept\w*|\bexception\b|\bplutôt\b|\bjamais\b|"
                           rf"\bne\b|\bn{_APOS})[^,;:.()]*$", re.IGNORECASE)
_ALTERNATIVE = re.compile(r"^\s*(?:ou|et non|ni|/)\b|\b(?:ou|et non|ni)\s*$", re.IGNORECASE)
_NUMBERS = {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
            "neuf": 9, "dix": 10}
_NOUN_AFTER = re.compile(r"^\s+(\w+)")
_ENDING = re.compile(r"fin\b|termin|jusqu|forfait|un des joueurs|l[’']un des", re.IGNORECASE)
_SINGULAR_NOUNS = frozenset("faute bille boule bande coup fois point joueur manche partie poche seconde minute "
                            "reprise tour".split())


def _clause_before(s: str, start: int) -> str:
    """The words of the sentence's clause before ``start`` (since the last , ; : or bracket)."""
    head = s[:start]
    cut = max(head.rfind(ch) for ch in ",;:()")
    return head[cut + 1:]


def in_scope(s: str, start: int, end: int) -> bool:
    """True when the words at ``s[start:end]`` sit under a negation, an exception or an
    alternative, where changing them may leave the sentence true."""
    before = _clause_before(s, start)
    if _SCOPE_BEFORE.search(before):
        return True
    return bool(_ALTERNATIVE.search(s[end:end + 12]) or _ALTERNATIVE.search(before[-12:]))


def ungrammatical(text: str) -> bool:
    """« n’n’ », « ne n’ », a word doubled, a number above one before a singular noun,
    « après de », « avant avoir », « qu’il perd », an article of the wrong gender before a noun of
    the game (« un bille »)."""
    t = text.replace("’", "'")
    if re.search(r"\bn'n'|\bne n'|\bn'ne\b", t, re.IGNORECASE):
        return True
    if re.search(r"\b(\w{2,})\s+\1\b", t, re.IGNORECASE):
        return True
    if re.search(r"\baprès (?:de|d')\s", t, re.IGNORECASE) or re.search(r"\bavant (?:avoir|être)\b", t, re.IGNORECASE):
        return True
    if re.search(r"\bqu'(?:il|elle|ils|elles) perd\b", t, re.IGNORECASE):
        return True
    for m in re.finditer(r"\b(deux|trois|quatre|cinq|six)\s+(\w+)", t, re.IGNORECASE):
        if m.group(2).lower() in _SINGULAR_NOUNS:
            return True
    # a masculine article before a feminine noun of the game, or the other way: « un bille en main »
    if re.search(r"\b(?:un|le|du|au)\s+(?:bille|boule|blanche|casse|faute|bande|poche|ligne|queue|partie|manche|"
                 r"sécurité|annonce|table)\b", t, re.IGNORECASE):
        return True
    if re.search(r"\b(?:une|la)\s+(?:coup|push-out|bris|rack|tirage|joueur|tireur|point|jump|massé)\b", t, re.IGNORECASE):
        return True
    return False


def _number(word: str) -> int | None:
    return _NUMBERS.get(word.lower())


def alteration_ok(s: str, start: int, end: int, replacement: str) -> bool:
    """True when replacing ``s[start:end]`` by ``replacement`` surely makes a false, grammatical
    statement (see the module docstring)."""
    original = s[start:end]
    if in_scope(s, start, end):
        return False
    if {original.lower(), replacement.lower()} == {"gagne", "perd"} and _ENDING.search(s):
        return False      # « se termine s'il gagne » → « s'il perd »: the end of a game is both
    rest = s[:start] + s[end:]
    if re.search(rf"(?<!\w){re.escape(replacement)}(?!\w)", rest, re.IGNORECASE):
        return False
    old, new = _number(original), _number(replacement)
    if old is not None and new is not None:
        before = s[:start].lower()
        if before.rstrip().endswith("au moins") and new < old:
            return False
        if before.rstrip().endswith("au plus") and new > old:
            return False
    if re.match(rf"\s*(?:\w+\s+){{0,2}}(?:de|d{_APOS})\s*\w", s[end:]) and re.match(rf"(?:ne|n{_APOS})", original,
                                                                                    re.IGNORECASE):
        return False      # « ne peut pas jouer de coup » → « peut jouer de coup »
    statement = s[:start] + replacement + s[end:]
    return not ungrammatical(statement) or ungrammatical(s)


def fill_ok(s: str, start: int, end: int, alternative: str) -> bool:
    """True when ``alternative`` in the blank ``s[start:end]`` is surely wrong: the blank is not
    under a negation or alternative, and the word does not stand elsewhere in the sentence."""
    if in_scope(s, start, end):
        return False
    pair = f"{s[start:end]} {alternative}".lower()
    if "gagne" in pair and "perd" in pair and _ENDING.search(s):
        return False      # « se termine … s'il gagne / perd la partie »: both end a turn
    rest = s[:start] + " " + s[end:]
    return not re.search(rf"(?<!\w){re.escape(alternative)}(?!\w)", rest, re.IGNORECASE)


_WORD = re.compile(r"\w+")
_STOP = frozenset("le la les l de des du d un une et ou à au aux en est sont que qui ne pas se sa son ses il elle "
                  "ils elles on par pour sur dans avec ce cette qu n s si y plus".split())


def content_words(text: str) -> set[str]:
    """The words of ``text`` that carry meaning (no article, preposition, pronoun; 3 letters or more)."""
    return {w for w in (x.lower() for x in _WORD.findall(text)) if w not in _STOP and len(w) > 2}


def held_elsewhere(passage: str, others: Iterable[set[str]], share: float = 0.6) -> bool:
    """True when most content words of ``passage`` (``share`` of them, or all but two) stand
    in one of ``others`` (the :func:`content_words` of other texts): another text states the
    same thing."""
    words = content_words(passage)
    if not words:
        return True
    for other in others:
        shared = len(words & other)
        if shared >= share * len(words) or shared >= len(words) - 2:
            return True
    return False
