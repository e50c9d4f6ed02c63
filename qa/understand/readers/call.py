"""The call: a ball and a pocket announced, a safety, nothing called."""
from __future__ import annotations

import re

from qa.understand.facts import F, Partial, Reading, _POCKET_PLACE
from qa.understand.tokens import _nums



_CALLED_POCKET = (r"(?:annoncee?|prevue?|choisie?|designee?|visee?|que (?:j|je|tu|vous|t|il|on) (?:avais |ai |as |avez |aviez |avait |a |)"
                  r"(?:annoncee?|prevue?|choisie?|designee?|visee?))")
# « la 10 dans une autre poche que celle annoncée », « la 6 tombe ailleurs que dans la poche choisie »
_ELSEWHERE = re.compile(r"\b(B\d+)(?: \w+){0,3}? (?:dans |en |au |)(?:une |l |la |le |un |)(?:autre|mauvaise|mauvais) "
                        r"(?:poche|trou|blouse|coin|milieu) (?:que (?:celle|celui|la poche|le trou) |)" + _CALLED_POCKET
                        + r"|\b(B\d+)(?: \w+){0,3}? (?:ailleurs que |mais pas |pas )(?:dans |)(?:la |le |)(?:poche|trou|blouse) "
                        + _CALLED_POCKET)


# a ball, an aside about it between commas, and the ball told again (how a parenthesis is read)
_APPOSED = re.compile(r"\b(B\d+) , (?:[a-z]+ ){0,3}[a-z]+ , \1\b")


_FORETOLD = re.compile(r"\b(?:annonce|annonces|annoncez|dis|dit|previens|previent)\w* (?:\w+ ){0,4}?(?:que|qu) (B\d+) "
                       r"(?:va|allait|vas|devait|doit) (?:rentrer|tomber|aller (?:dans|au fond))")


def read_call(s: str) -> Partial:
    """The call: nothing called (None), a ball called by the pocket it went in, a safety, or a
    ball and pocket called (``pocket_ok`` False when it went in another pocket)."""
    r = Reading()
    # « j'annonce la 3 (la plus basse) dans le coin »: the aside and the ball it repeats left out
    s = _APPOSED.sub(r"\1", s)
    balls = set(re.findall(r"\bB(\d+)\b", s))
    # « la 3 était collée à la poche, évident, j'ai pas annoncé »: a shot the texts need no call for (« la bille
    # jouée et la poche choisie si elles ne sont pas évidentes »), the ball and pocket as called
    m = re.search(r"\b(?:evident|evidente)\b", s)
    if m and len(balls) == 1 and not re.search(r"\b(?:pas|jamais|guere|plus|pas si|loin d etre)\b(?: \w+){0,3} $", s[:m.start()]):
        r.add(F.CALLED, {"ball": int(next(iter(balls))), "pocket": None, "pocket_ok": True}, m.group(0))
        r.add(F.OBVIOUS, True, m.group(0))
        return r.partial()
    if none := re.search(r"\b(?:sans (?:l |les |la |rien |)(?:l avoir |les avoir |avoir |)(?:annoncer|annonce\w*|nommer|nomme\w*|dire|dit)|"
                 r"\b(?:je|j|tu|t|il|on|vous) (?:l |la |les )?(?:ai|as|a|avais|avait|avez) (?:pas|rien|jamais) (?:annonc|nomm)\w*|(?:ne |n )(?:l |la |les |)(?:ai|avais|a|as|avez|avait) "
                 r"(?:pas|rien|jamais) (?:annonce|nomme|dit)|(?:ne |n )(?:l |la |les )?(?:annonce|annonces|annoncez|nomme)\w* (?:pas|rien|jamais)|"
                 r"pas (?:d |)annonce|non annoncee?s?|aucune annonce|rien annonce|pas annoncee?s?|oublie d annoncer|annonce rien|"
                 r"\b(?:ai|avais|as|avait|a|avez|aviez) rien (?:dit|annonce|nomme)|\bsans rien dire|"
                 # the pocket not said (« j'avais pas dit la poche », « sans dire dans quelle poche »)
                 r"\b(?:pas|jamais|sans|sans avoir|oublie de|oublie d) (?:dit|dire|precise|preciser|indique|indiquer|annonce|annoncer|"
                 r"choisi|choisir|donne|donner) (?:la |sa |ma |de |une |dans quelle |quelle |le |)(?:poche|trou|blouse)\b|"
                 r"\bsans (?:qu|que) (?:on|il|elle|je|j|tu|vous|nous) (?:l |la |les |B\d+ |)(?:ait |aie |aies |ayez |)"
                 r"(?:annonc|nomm|dis|dit|dise)\w*)", s):
        r.add(F.CALLED, None, none.group(0))
        return r.partial()
    if m := _ELSEWHERE.search(s):    # the ball went into another pocket than the one called
        r.add(F.CALLED, {"ball": _nums(m.group(1) or m.group(2))[0], "pocket": None, "pocket_ok": False}, m.group(0))
        return r.partial()
    m = re.search(r"\b(B\d+) (?:[a-z]+ ){0,2}(?:rentre|tombe|entre|va|part|finit|file)\w* (?:bien |)(?:dans|au|en) (?:la |le |l |)"
                  r"(?:poche|trou|blouse) (?:que (?:j|je|tu|vous|t) (?:avais |ai |as |avez |aviez |)|)(?:annoncee?|prevue?|choisie?|designee?)", s)
    if m:
        r.add(F.CALLED, {"ball": _nums(m.group(1))[0], "pocket": None, "pocket_ok": True}, m.group(0))
        return r.partial()
    m = re.search(r"\b(?:annonce|annonces|annoncez|annoncer|annoncant|nomme|nommes|designe|designes)\s+(?:une |un |la |le |)"
                  r"(?:securite|secu|safe|safety|coup de securite|coup de secu|defense|defensive|coup defensif)\b", s)
    m = m or re.search(r"\b(?:securite|secu) annoncee|\bannonce (?:une |)(?:securite|secu)\b", s)
    if m:
        r.add(F.CALLED, "safe", m.group(0))
        return r.partial()
    combi = re.search(r"\bannonc\w* (?:une |la |un |)(?:combi|combo|combinaison) (?:de |)(B\d+(?:\+\d+)+)"
                      r"(?:\s+(" + _POCKET_PLACE + r"(?: [a-z]+){0,4}))?", s)
    combi = combi or re.search(r"\b(?:combi|combo|combinaison) (?:annoncee|que j ai annoncee|que j avais annoncee) "
                               r"(?:avec|sur|pour) (B\d+)(?:\s+(" + _POCKET_PLACE + r"(?: [a-z]+){0,3}))?", s)
    if combi:   # « j'annonce combi 6-10 dans le coin », « la 3 en combinaison annoncée avec la 10 »: the last ball is called
        r.add(F.CALLED, {"ball": _nums(combi.group(1))[-1], "pocket": _pocket_name(combi.group(2)), "pocket_ok": True},
              combi.group(0))
        return r.partial()
    m = re.search(r"(?<!push out )(?<!pushout )(?<!push )(?<!coup pousse )\b(?:annonc\w*|nomm\w*|design\w*|dis|dit)\s+"
                  r"(?:bien |d abord |)(?:avant (?:de casser|la casse|le break|le bris|de jouer|de tirer|le coup|mon coup) |)(B\d+|1?\d\b(?= (?:au|a|dans|coin|milieu|poche|pour|en|direct)\b| ,|$))(?:\s+(" + _POCKET_PLACE + r"(?: [a-z]+){0,3}|(?:coin|milieu|poche|trou|blouse)(?: [a-z]+){0,3}))?", s) \
        or re.search(r"\b(B\d+) (?:, |)(?:annoncee|que j ai annoncee|que j avais annoncee|etait annoncee|est annoncee|avait ete annoncee|"
                     r"a ete annoncee)(?:\s+(" + _POCKET_PLACE + r"(?: [a-z]+){0,3}))?", s)
    if m:
        ball = (_nums(m.group(1)) or [int(m.group(1))])[0]     # « j'annonce 10 coin »: the ball by its number alone
        pocket = _pocket_name(m.group(2))
        r.add(F.CALLED, {"ball": ball, "pocket": pocket, "pocket_ok": _pocket_ok(s, m.end(), ball, pocket)}, m.group(0))
        return r.partial()
    # « je dis avant de casser que la 10 va rentrer »: the ball announced by what it will do
    if m := _FORETOLD.search(s):
        r.add(F.CALLED, {"ball": _nums(m.group(1))[0], "pocket": None, "pocket_ok": True}, m.group(0))
        return r.partial()
    # « j'annonce coin bas gauche et elle part dans le coin bas droit »: the pocket called without its ball, of the
    # one ball the story names
    if len(balls) == 1 and (m := re.search(r"\b(?:annonc\w*|dis|dit|nomm\w*|design\w*) (?:le |la |l |)((?:coin|milieu|poche|trou|blouse)"
                                           r"(?: [a-z]+){0,3}?)(?= et | mais | puis | ,|$)", s)):
        ball = int(next(iter(balls)))
        r.add(F.CALLED, {"ball": ball, "pocket": m.group(1), "pocket_ok": _pocket_ok(s, m.end(), ball, m.group(1))}, m.group(0))
        return r.partial()
    # « la 10 rentre, j'avais annoncé » : the call told without its ball, when the story names one ball only
    # (« …en l'ayant annoncée », « …sur une casse valide et annoncée »: the same call, told by a participle)
    said = re.search(r"\b(?:j|je|tu|il|on|vous) (?:l |la |)(?:ai|avais|as|avait|a|avez|aviez) (?:bien |)annonce\w*\b(?! (?:B\d|une|un|la|le|sa|ma))"
                     r"|\ben (?:l |la |)(?:ayant|avoir) (?:bien |)annonce\w*\b|\b(?:et|mais) (?:bien |)annoncee\b", s)
    if said and len(balls) == 1:
        r.add(F.CALLED, {"ball": int(next(iter(balls))), "pocket": None, "pocket_ok": True}, said.group(0))
    return r.partial()


def _pocket_name(words: str | None) -> str | None:
    """The pocket a call names (« dans le coin du bas a gauche » → « coin du bas a gauche »), up to the next clause."""
    pocket = re.sub(r"^(?:dans|au|a|en) (?:la |le |l |une |un )?", "", (words or "").strip())
    return re.split(r" (?:et|mais|puis|qui|ou|GAME|,) ", " " + pocket + " ")[0].strip() or None


def _pocket_ok(s: str, after: int, ball: int, pocket: str | None) -> bool:
    """Whether the called ``ball`` went into the ``pocket`` called (told after the call, from ``after``):
    not when the pocket it is told to reach is another (:func:`_other_place`) or another pocket is said."""
    went = re.search(r"\b(?:B%d|elle)(?: \w+){0,4} (?:rentre|rentrent|tombe|tombent|entre|va|part|finit|file|est rentree|"
                     r"est tombee|termine)\w* (?:, |)(?:mais |)(?:(?:dans|au|a|en) (?:la |le |l |une |un |)|(?=coin|milieu|poche))(?:poche |trou |blouse |)(?:du |de |d |)"
                     r"([a-z]+(?: [a-z]+){0,3})" % ball, s[after:])
    return not (pocket and went and _other_place(went.group(1), pocket)) and not _other_pocket(s, after, ball)


def _other_pocket(s: str, after: int, ball: int) -> bool:
    """The called ``ball`` went into another pocket than the one called: said of that ball
    (« la 4 rentre dans l'autre poche »), or said after the call when no other ball is told
    (« … mais dans l'autre poche »), or « pas dans la poche annoncée », « ailleurs »."""
    if re.search(r"\b(?:B%d|elle)(?: \w+){0,3} (?:dans |)(?:une |l |la |le |)(?:autre|mauvaise|mauvais) (?:poche|trou|blouse|coin|milieu)" % ball, s):
        return True
    rest = s[after:]
    if not re.search(r"\bB(?!%d\b)\d" % ball, rest) and \
            re.search(r"\b(?:une |l |dans une |dans l |dans la |dans le )?(?:autre|mauvaise|mauvais) (?:poche|trou|blouse|coin|milieu)", rest):
        return True
    return bool(re.search(r"\bpas dans (?:la|le) (?:poche|trou|blouse)(?: annoncee?| prevue?| choisie?| que j avais annoncee?|)|"
                          r"\bailleurs|\bpoche (?:opposee|d a cote|voisine|differente)", s))


_POCKET_WORDS = {"coin": "coin", "angle": "coin", "corner": "coin", "milieu": "milieu", "centre": "milieu",
                 "cote": "milieu", "central": "milieu", "centrale": "milieu",
                 "laterale": "milieu", "laterales": "milieu"}


def _pocket_words(text: str) -> set[str]:
    return {_POCKET_WORDS[w] for w in text.split() if w in _POCKET_WORDS}


_SIDES = {"haut": "haut", "bas": "bas", "gauche": "gauche", "droite": "droite", "droit": "droite",
          "tete": "haut", "pied": "bas"}


def _other_place(went: str, called: str) -> bool:
    """Whether the pocket a ball went in (« coin haut droit ») is not the one called (« coin haut
    gauche »): another kind of pocket, or sides told on both that each has and the other lacks."""
    kinds = _pocket_words(went), _pocket_words(called)
    if kinds[0] and kinds[1] and not kinds[0] & kinds[1]:
        return True
    sides = [{_SIDES[w] for w in text.split() if w in _SIDES} for text in (went, called)]
    return bool(sides[0] - sides[1]) and bool(sides[1] - sides[0])
