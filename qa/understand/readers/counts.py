"""Balls told by their number, not by ball number: « deux tombent », « une seule bille tombe (la 5) »,
« trois billes rentrent à la casse ». (Counts of balls to a rail are read by :mod:`.rails`, of
balls past the head string by :mod:`.story`.)"""
from __future__ import annotations

import re

from qa.understand.facts import BALLS, F, Partial, Reading
from qa.understand.readers.fouls import _count
from qa.understand.tokens import _nums

# the number at the head of a clause, its nouns and adverbs (each a whole word), a verb of falling
_FALLEN = re.compile(
    r"(?<![+\w])(?:(?:seulement|juste|que|il y en a) )?(\d+|une)"
    r"(?: (?:seule|autres?|billes?|boules?|de plus|seulement|en tout|qui)(?![a-z]))*+"
    r" (?:tombent|tombe|rentrent|rentre|entrent|entre|sont (?:rentrees|tombees|empochees)|est (?:rentree|tombee|empochee)|"
    r"vont (?:dans|au fond)|va (?:dans|au fond)|au fond|dedans|en poche|rentrees?|tombees?|empochees?)(?![a-z])(?P<rest>[^,]*?)(?:, (?P<balls>" + BALLS + r")(?: ,|$)|(?=,)|$)")


# a person's verb of pocketing, then the number of balls (« j'ai empoché 3 billes », « il rentre une bille »)
_PUT_DOWN = re.compile(
    r"\b(?:empoche|rentre|fait tomber|fait rentrer|fais tomber|fais rentrer|mis|mets|met)(?:e|es|s)? "
    r"(?:seulement |juste |que )?(\d+|une) (?:seule )?(?:billes?|boules?)(?![a-z])(?! B\d)(?! (?:de|d) )")

# « j'en rentre une », « il en met deux »: the balls counted by « en »
_PUT_EN = re.compile(r"\ben (?:ai |as |a |avais |avait |avons |avez |ont |)(?:empoche|rentre|mets|met|mis|fait tomber|fais tomber)(?:e|es|s)? "
                     r"(\d+|une)(?![a-z])(?! B\d)")   # (« j'en ai rentré 3 au break »)

# words after which a number is not the subject of "tombent" ("dans 2 poches", "après 3 coups")
_NOT_A_SUBJECT = frozenset({"la", "le", "les", "l", "des", "de", "du", "d", "a", "au", "aux", "en", "sur", "par", "avec",
                            "plus", "moins", "pour", "dans", "apres", "avant", "sans", "entre", "vers", "chez", "qu", "si"})


def read_counts(s: str) -> Partial:
    """Balls pocketed told by their number (``pocketed_count``) and the balls named right after
    them in apposition (« une seule bille tombe (la 5) »: the 5 is pocketed)."""
    r = Reading()
    spans: list[tuple[int, int]] = []
    for m in _FALLEN.finditer(s):
        spans.append(m.span())
        before = s[:m.start()].split()
        if before and before[-1] in _NOT_A_SUBJECT:
            continue    # "avec 2 billes qui tombent", "la 2 tombe" (a ball), "plus de 3"
        n = _count(m.group(1))
        rest = re.split(r"\b(?:et|mais|puis|ensuite|alors|tandis)\b", m.group("rest"))[0]
        if re.search(r"\bB\d", rest):
            continue    # "une bille tombe avec la 9": the balls are told by number (not « …, et la 8 passe la ligne »)
        r.add(F.POCKETED_COUNT, n, m.group(0))
        named = m.group("balls")
        if named:
            r.balls(F.POCKETED, _nums(named), m.group(0))
            r.add(F.TOLD_POCKETS, len(_nums(named)), m.group(0))
    for m in (*_PUT_DOWN.finditer(s), *_PUT_EN.finditer(s)):
        if not any(a <= m.start(1) < b for a, b in spans):   # « je rentre une bille qui tombe »: counted once
            r.add(F.POCKETED_COUNT, _count(m.group(1)), m.group(0))
    return r.partial()
