"""Rails: a ball to a rail after the contact, counts of balls to a rail on the break."""
from __future__ import annotations

import re

from qa.understand.facts import F, Partial, Reading
from qa.understand.readers.fouls import _count



# "ni la 4 ni la blanche ne vont en bande", "rien ne va en bande", "aucune ne touche la bande"
_NO_RAIL = re.compile(r"\bni (?:B\d+|CUE)\S* ni (?:B\d+|CUE)\S* (?:ne |n |)(?:(?:ont|a|sont|est) |)"
                      r"(?:touche|touchent|va|vont|alle|allees|tape|tapent|atteint|atteignent)\w*"
                      r"(?: pas)? (?:a |en |contre |)(?:la |une |de |les |des |)bandes?"
                      r"|\b(?:rien|aucune|aucun) (?:ne |n )(?:va|vont|touche|tape|atteint)\w* (?:en|a) (?:la |une |)bandes?")


# how a ball is told to reach a rail (« va en bande », « touche à la bande », « va jusqu'à une bande »)
_TO = r"(?:a |en |jusqu a |jusque |)"
_NONE_RAIL = re.compile(
    r"\b(?:aucune bande|(?:pas|jamais) (?:eu |)(?:de |d une |)bande|sans (?:toucher |faire |atteindre |aller a |)(?:de |la |une |aucune |)bande|"
    r"(?:aucune|aucun|rien|personne)(?: \w+){0,2} (?:ne |n )(?:touche|va|atteint|tape|frappe|rejoint|a touche)\w* " + _TO + r"(?:la |une |de |les |aucune |)bande|"
    r"(?:(?:B\d++\S*+|CUE|elle|il) |)(?:ne |n )(?:touche|touchent|va|vont|atteint|atteignent|tape|tapent)\w* (?:pas|jamais|aucune) (?:a |en |contre |)(?:la |une |de |les |)bande|"
    r"(?:(?:B\d++\S*+|CUE|elle|il) |)(?:touche|touchent|tape|tapent|va|vont) pas (?:a |en |contre |)(?:la |une |de |les |)bande|"
    r"(?:B\d++\S*+|CUE) (?:qui |)(?:s arrete|s arretent|s immobilise|s immobilisent|stoppe|reste|restent) (?:\w+ ){0,2}?avant (?:d atteindre |de toucher |)(?:la |une |)bande|"
    r"\b(?:rien|aucune bille|aucune boule|aucune|personne) (?:(?:a|ont|est|sont|na) |)(?:touche|va|tape|alle|allee|tapee|touchee|atteint) " + _TO + r"(?:la |une |de |les |)bande|"
    r"\bbande (?:n a pas ete|pas) touchee|\babsence de bande|\bsans bande|"
    r"\b(?:et |mais |)(?:rien|aucune|personne|aucune bille) (?:a|en|dans) (?:la |une |les |)bandes?\b)")     # « … et rien à la bande »
_NONE_RAIL_ALL = re.compile(r"\bni (?:B\d+|CUE)\S* ni (?:B\d+|CUE)\S* ni rien (?:d autre |)(?:ne |n )(?:touche|va|tape)\w*")
_RAIL = re.compile(
    r"\b(?:CUE|elle|B\d++\S*+|une bille|une boule|la bille|les billes|tout|l une)(?: \w+){0,2}(?:(?: ,)? qui \w+ pas(?: ,)? mais| mais)? (?:touche|touchent|va|vont|part|partent|tape|tapent|"
    r"frappe|frappent|rejoint|rejoignent|atteint|atteignent|a touche|ont touche|revient|revien\w*) (?:ensuite |apres |bien |)"
    r"(?:toucher |taper |frapper |)(?:a |en |contre |dans |sur |)(?:la |une |les |des |)bandes?")
# a rail the cue ball reached before the ball: not the rail after the contact
_BEFORE_CONTACT = re.compile(r"(?: \w+){0,3} avant (?:de (?:toucher|taper|frapper) |d atteindre |)(?:B\d|la bille|une bille|la boule)")
# a no-rail told of one ball (« la 3 ne touche pas la bande »), not of every ball
_ONE_BALL = re.compile(r"^(?:B\d++\S*+|CUE|elle|il) ")


# a count of balls to a rail told as not reached: « (même) sans 4 billes en bande », « pas 4 », « moins de 4 »
_FEWER = re.compile(r"\b(?:sans|pas|moins de|jamais|meme pas|pas meme|pas encore)(?: meme)? (?:seulement |juste |)$")


_NAMED_TO_RAIL = re.compile(r"\b(B\d+)(?: \w+){0,2}? (?:touche|tape|va|frappe|part|rejoint|atteint)\w* (?:a |en |contre |)(?:la |une |)bande")


def _subject(words: str) -> str:
    return words.split(" ", 1)[0]


def read_rails(s: str) -> Partial:
    """Balls to a rail: a count (break), none, one after the contact; the cue ball to a rail first."""
    r = Reading()
    # counts of balls to a rail (break)
    m = re.search(r"\b(?:seulement |que |juste |uniquement |)(\d+|une|aucune) (?:autres? |)(?:billes? |boules? |)(?:de but |numerotees |)(?:seulement |)(?:qui |)(?:seulement |)"
                  r"(?:(?:ont |sont |)(?:touche\w*|tape\w*|va|vont|sont allees|est allee|atteign\w*|atteint\w*|frappe\w*|rejoign\w*|"
                  r"arrive\w*|vont|partent|part)(?: taper| toucher| frapper|) (?:a |en |contre |)(?:la |une |les |des |)(?:bandes?)|(?:a|en|aux) (?:la |)bandes?)", s)
    if m:
        count = _count(m.group(1))
        if count and _FEWER.search(s[:m.start(1)]):
            count -= 1      # « même sans 4 billes en bande », « moins de 4 en bande »: fewer than that, at most one less
        if " autre" in m.group(0):
            # « la 5 touche la bande puis rentre, et 3 autres billes vont en bande »: the balls named before count too
            count += len(set(_NAMED_TO_RAIL.findall(s[:m.start()])))
        r.add(F.RAILS_COUNT, count, m.group(0))
    nones = [m.group(0) for m in (_NONE_RAIL.search(s), _NONE_RAIL_ALL.search(s), _NO_RAIL.search(s)) if m]
    rails = [m for m in _RAIL.finditer(s) if not _BEFORE_CONTACT.match(s, m.end())]
    # a rail told of one ball outweighs « la 3 ne touche pas la bande » told of another: after the
    # contact, the cue ball or any ball must reach a rail (9-bca 8, 9-ffb « pas de bande »)
    if rails and (not nones or all(_ONE_BALL.search(w) for w in nones)
                  and any(_subject(m.group(0)) != _subject(w) for w in nones for m in rails)):
        r.add(F.RAIL, True, rails[0].group(0))
    else:
        for words in nones:
            r.add(F.NO_RAIL, True, words)
    # cue ball to a rail before the first ball
    if first := re.search(r"\b(?:CUE|je|j ai|tu|tu as|vous|vous avez|il|ADV|on) (?:touche|tape|frappe|va|part|a touche|ai touche|as touche|avez touche)\w* "
                 r"(?:d abord |en premier |)(?:la |une |)bande (?:laterale |longue |courte |du haut |du bas |)(?:d abord |en premier |avant|puis|et ensuite|ensuite)|\bbande avant (?:de toucher |)(?:B\d+|la bille|une bille)|"
                 r"\ben (?:touchant|tapant|frappant|prenant) (?:d abord |)(?:la |une |)bande (?:d abord|en premier|avant|puis)\b|"
                 r"\bpar la bande|\bd abord (?:la |une )bande|\bcoup de bande|\bbande en premier", s):
        r.add(F.CUE_RAIL_FIRST, True, first.group(0))
    return r.partial()


# ---- per-clause rules ------------------------------------------------------------
