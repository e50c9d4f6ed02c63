"""References a question makes to a text's own structure.

Players who have the text in front of them point at it: « la règle 4 », « l’article 6 de la
BCA », « le point 10 », « la section 12 », « à la fin du guide », « au début du règlement ».
:func:`reference` reads one such reference in the words of :func:`qa.text.words` and returns a
:class:`Reference`: the section number named (or the end or start of a text) and the indexes
of the words that make it, which are then no search terms. :func:`section_number` reads the
number a clause's ``section`` starts with (« 4. BRIS LÉGAL » → 4, « 12. » → 12); texts whose
sections are not numbered (the FFB texts, the guide) have none, and a number reference does
not apply to them.

Pure functions over words; the matcher (:meth:`qa.matcher.Matcher.lookup`) restricts the
search to the clauses of the section referred to.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

__all__ = ["Reference", "reference", "section_number"]

# words that name a numbered part of a text (folded, as qa.text.words writes them)
_PART_WORDS = frozenset("""regle regles article articles point points section sections chapitre chapitres
paragraphe paragraphes alinea rubrique partie""".split())
# words that may stand between the part word and its number: « la règle n° 4 », « l'article numéro 6 »
_NUMBER_LEAD = frozenset({"numero", "no", "nr"})
# a text as a whole, for « à la fin du guide », « au début du règlement »
_TEXT_WORDS = frozenset("""guide texte textes reglement reglements document doc regles livret
fascicule""".split())
_SECTION_NUMBER = re.compile(r"\A\s*(\d{1,2})\s*[.)]")   # (\A: read at the start only, once)
_MAX_SECTION = 40


@dataclass(frozen=True)
class Reference:
    """A reference to a text's structure: ``number`` (a numbered section) or ``where``
    (``"end"``, ``"start"``: the last or first section of a text); ``drop``: indexes of the
    words that make it; ``also``: the other sections named with the first (« les règles 8 et 9 »)."""

    number: int | None
    where: str | None
    drop: frozenset[int]
    also: tuple[int, ...] = ()

    @property
    def numbers(self) -> frozenset[int]:
        """Every section number referred to."""
        return frozenset(((self.number,) if self.number is not None else ()) + self.also)


def section_number(section: str) -> int | None:
    """The number a section heading starts with (« 10. BILLE DE CHOC EN MAIN » → 10), or None."""
    m = _SECTION_NUMBER.match(section)
    return int(m.group(1)) if m else None


def _number_at(ws: Sequence[str], i: int) -> tuple[int, int] | None:
    """The section number written at ``ws[i]`` (« 4 », « numéro 4 ») and the index after it,
    or None."""
    j = i
    if j < len(ws) and ws[j] in _NUMBER_LEAD:
        j += 1
    if j < len(ws) and ws[j].isdigit() and 0 < int(ws[j]) <= _MAX_SECTION:
        if j + 1 < len(ws) and ws[j + 1] in ("ball", "balls"):   # « la règle 9 ball » names the game
            return None
        return int(ws[j]), j + 1
    return None


def reference(ws: Sequence[str]) -> Reference | None:
    """The first reference to a text's structure in the words ``ws``, or None.

    ``reference(words("la règle 4 chez Dooly's"))`` → number 4, the words « regle 4 » dropped;
    ``reference(words("c'est quoi à la fin du guide"))`` → where ``"end"``, « fin du guide »
    dropped (the publisher's word stays: it names the ruleset). « La partie est perdue » or
    « 3 points » are no references: a part word must be followed by its number.
    """
    for i, w in enumerate(ws):
        if w in _PART_WORDS:
            found = _number_at(ws, i + 1)
            if found is not None:
                also, end = [], found[1]
                while end + 1 < len(ws) and ws[end] in ("et", "ou") and (more := _number_at(ws, end + 1)) is not None:
                    also.append(more[0])
                    end = more[1]
                return Reference(number=found[0], where=None, drop=frozenset(range(i, end)), also=tuple(also))
        if w in ("fin", "debut") and i + 2 < len(ws) and ws[i + 1] in ("du", "de", "des") and (
                ws[i + 2] in _TEXT_WORDS or (ws[i + 2] in ("la", "l") and i + 3 < len(ws) and ws[i + 3] in _TEXT_WORDS)):
            end = i + 3 if ws[i + 2] in _TEXT_WORDS else i + 4
            text_word = ws[end - 1]
            drop = set(range(i, end))
            if text_word == "guide":   # « le guide » names its ruleset: keep that word
                drop.discard(end - 1)
            return Reference(number=None, where="end" if w == "fin" else "start", drop=frozenset(drop))
    return None
