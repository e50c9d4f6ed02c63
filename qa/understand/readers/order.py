"""The order of contacts told across clauses: the first ball the cue ball touched is the first
in the story's order, whatever the order of the words — « j'effleure la 6 avant de prendre la 2 »,
« je touche la 2 juste après avoir frôlé la 8 », « après avoir frôlé la 8, je touche la 2 »,
« la blanche a touché la 7 avant la 4 ». Runs after the clause readers and overrides their
first contact (the clauses are cut at « après », so only the whole story shows the order)."""
from __future__ import annotations

import re

from qa.understand.clauses import V_CONTACT
from qa.understand.facts import F, Partial, Reading
from qa.understand.tokens import _nums

_HIT = r"(?:" + V_CONTACT + r"|prend\w*|pris)"
_BALL = r"(B\d+)(?:\+\d+)*"
_ADV = r"(?:(?:juste|bien|d abord|a peine|legerement|un peu|finement) )*+"
# "X avant (de toucher) Y": X first
_BEFORE = re.compile(r"\b" + V_CONTACT + r" " + _ADV + _BALL + r" " + _ADV + r"avant (?:de |d )?(?:" + _HIT + r" )?"
                     + r"(?:meme )?B\d")
# "la 3 et la 5 en même temps"
_TOGETHER = re.compile(r"\b" + V_CONTACT + r" (?:\w+ ){0,2}?(B\d+\+\d+) (?:\w+ ){0,2}?(?:quasi |presque |pratiquement |)"
                       r"(?:en meme temps|simultanement|au meme moment|d un coup)")
# "X touchée avant Y": X first
_BEFORE_TOLD = re.compile(r"\b" + _BALL + r" (?:touchee|tapee|frappee|prise|effleuree|frolee) " + _ADV + r"avant (?:B\d|CUE)")
# "Y après avoir touché X": X first
_AFTER = re.compile(r"\b(?:apres|apres avoir|juste apres avoir) (?:" + _HIT + r") " + _ADV + _BALL)


ORDER_RANK = 4     # above every contact read in one clause


def read_order(s: str) -> Partial:
    """The first contact from an « avant » / « après avoir » told in ``s`` (ranked above the
    contacts the clause readers read)."""
    r = Reading()
    both = _TOGETHER.search(s)
    if both:    # « la blanche touche la 3 et la 5 quasi en même temps »: the first is not known
        r.add(F.SIMULTANEOUS, tuple(_nums(both.group(1))), both.group(0))
        return r.partial()
    m = _BEFORE.search(s)
    if m and not re.search(r"\b(?:sans|pas|jamais) $", s[max(0, m.start() - 6):m.start()]):
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), ORDER_RANK)
        return r.partial()
    m = _AFTER.search(s) or _BEFORE_TOLD.search(s)
    if m:
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), ORDER_RANK)
    return r.partial()
