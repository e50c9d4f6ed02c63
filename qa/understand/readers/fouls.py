"""The fouls so far: « j'ai déjà deux fautes », « c'est ma troisième faute »."""
from __future__ import annotations

import re

from qa.understand.facts import F, Partial, Reading

from qa.understand.lexicon import LEGAL_WORDS

from ...text import ORDINAL_VALUES


def _count(word: str) -> int:
    """A count told in words ("aucune", "une seule", "seulement 3") as an int (0 when none)."""
    word = word.replace("seulement ", "").replace("que ", "").replace("juste ", "").strip()
    if word in ("aucune", "aucun", "rien"):
        return 0
    if word in ("une", "un", "une seule", "seule"):
        return 1
    try:
        return int(word)
    except ValueError:
        return 0


# « j'ai fait une faute à la casse », « … sur le coup » tell the foul of the shot told, not a foul so far
_ON_THIS_BREAK = (r"(?! (?:a la casse|au break|sur (?:la |ma |sa |cette |)casse|en cassant|au bris|pendant la casse|"
                  r"sur (?:le|ce|mon|son|ton|le meme) (?:coup|tir)|en meme temps|au meme moment|pendant (?:le|ce) coup|dessus|en jouant))")


# « j'ai fait une faute » (no « déjà », no count before it): this shot's foul, told before the rest of the story
_THIS_SHOTS_FOUL = re.compile(r"(?:j ai|tu as|vous avez) (?:fait|commis) une fautes?")


_SAID_TO_HIM = re.compile(r"\blui (?:dit|dis|ai dit|a dit|avait dit|avais dit|annonce|rappelle|signale|previent)\b(?: \w+){0,4}? "
                          r"(?:t as|t es a|tu as|tu es a|t en es a|t en as) (?:deja |)(\d+|une) fautes?")


_THEN = r"(?:, puis |, et |, |puis |et |; )"
# « il a fait faute, faute, et là … »: two fouls told as a list, then the shot ruled (also read by classify)
LISTED_FOULS = re.compile(r"(?:^|, |: |\b(?:fait|fais|commis|commet) )(?:une |)faute " + _THEN + r"(?:encore |puis |)(?:une |)faute " + _THEN +
                     r"(?:et |puis |)(?!faute\b)(?=[a-zA-Z])")


_OF_THE_RACK_BEFORE = re.compile(r"\bfautes? (?:\w+ ){0,3}?(?:a la fin de |dans |lors de |pendant |sur |)(?:la|le) "
                                 r"(?:partie|manche|rack) (?:d avant|precedente?|d avant celle ci)\b")
_PREVIOUS_RACK = 5      # the rank of « of the rack before »: over any count told


def _broken(rest: str) -> bool:
    """The story goes on with a legal shot before the foul ruled (« faute, faute, puis un coup raté mais propre,
    puis la faute encore »): the fouls in a row start again."""
    ws = rest.split()
    legal = next((i for i, w in enumerate(ws) if w in LEGAL_WORDS or ws[i - 1:i + 1] == ["sans", "faute"]), None)
    return legal is not None and "faute" in ws[legal + 1:]


def read_fouls_count(s: str) -> Partial:
    """The fouls so far of each player (the first told of the asker wins; of the other, the last)."""
    r = Reading()
    # « je lui dis "t'es à 2 fautes" »: the count said to the other player is his
    if told := _SAID_TO_HIM.search(s):
        r.add(F.FOULS_OTHER, min(_count(told.group(1)), 2), told.group(0))
        s = s[:told.start()] + " " + s[told.end():]
    # "mon adversaire a deux fautes"
    for hit in re.finditer(r"\b(ADV|PLAYER|il)(?: (?:a|avait|en|est|etait|cumule|deja|commis|fait)(?![a-z]))++ (\d+|une) fautes?", s):
        r.add(F.FOULS_OTHER, min(_count(hit.group(2)), 2), hit.group(0))
    pats = [
        r"\b(?:j ai|tu as|vous avez|j avais|tu avais|vous aviez|je suis|tu es|vous etes|j en suis|on est|je compte|"
        r"je cumule|j etais|j en etais)(?: (?:deja|a|fait|commis|eu)(?![a-z]))*+ "
        r"(\d+|une|aucune) fautes?" + _ON_THIS_BREAK,
        r"\b(\d+) fautes? (?:de suite|consecutives?|d affilee|a la suite|consecutivement) (?:deja |)(?:avant|derriere moi|au compteur|pour moi|de ma part|pour toi)",
        r"\bmes (\d+) fautes? ",
    ]
    for p in pats:
        m = re.search(p, s)
        if m and not _THIS_SHOTS_FOUL.fullmatch(m.group(0)):
            r.add(F.FOULS_SELF, min(_count(m.group(1)), 2), m.group(0))
    # counts told without their owner are the shooter's ("après 2 fautes de suite", "sa 3e faute")
    for p in (r"\b(?:apres|avec|sur|deja|suite a|a) (\d+) fautes? (?:de suite|consecutives?|d affilee|d affile|a la suite|"
              r"consecutivement|de rang)", r"^(\d+) fautes? (?:de suite|consecutives?|d affilee|a la suite|consecutivement)"):
        if m := re.search(p, s):
            r.add(F.FOULS_SHOOTER, min(_count(m.group(1)), 2), m.group(0))
    # « il a fait faute à ses deux derniers passages à la table »: the shooter's fouls so far, counted by his visits
    if m := re.search(r"\bfautes? (?:a|sur|lors de|pendant|aux|durant) (?:ses|mes|tes|vos|les) (\d+) (?:derniers|dernieres|"
                      r"precedents|precedentes) (?:passages|coups|visites|tours|tirs|essais)\b", s):
        r.add(F.FOULS_SHOOTER, min(_count(m.group(1)), 2), m.group(0))
    o = re.search(r"\b(?:c est|c etait|ce serait|pour|ce qui fait|ca fait|soit|est) (?:ma|ta|votre) (premier|deuxieme|troisieme) faute", s) \
        or re.search(r"\b(?:ma|ta|votre) (premier|deuxieme|troisieme) faute (?:de suite|consecutive|d affilee)", s)
    if o:
        r.add(F.FOULS_SELF, max(0, ORDINAL_VALUES[o.group(1)] - 1), o.group(0))
    o = re.search(r"(?:^|, |\b(?:et|puis|pour|avec|c est|est) )(?:une |la |sa |)(deuxieme|troisieme) faute (?:de suite|consecutive|d affilee|a la suite)", s) \
        or re.search(r"(?:^|, |\bet |\bpuis )(?:sa |la |)(deuxieme|troisieme) faute(?= ,|$| \?)", s.strip()) \
        or re.search(r"\b(?:c est|c etait|ce serait|ce qui fait|ca fait|soit) (?:sa|son) (deuxieme|troisieme) faute\b", s) \
        or re.search(r"\b(?:fait|fais|commet|commets|enchaine|enchaines|en est a|en suis a|c est|est) (?:sa|ma|ta|une|la) (deuxieme|troisieme)(?: faute|) "
                     r"(?:de suite|consecutive|d affilee)", s)
    if o:
        r.add(F.FOULS_SHOOTER, ORDINAL_VALUES[o.group(1)] - 1, o.group(0))
    # « j'ai déjà fait une faute », « j'ai fait une faute au coup d'avant »: a foul before this shot; « j'ai fait une
    # faute, la 10 est tombée » is this shot's (of no stated kind)
    if one := re.search(r"\b(?:j ai|tu as|vous avez) deja (?:fait|commis) (?:une|1) faute\b" + _ON_THIS_BREAK + "|"
                        r"\b(?:j ai|tu as|vous avez) (?:fait|commis) (?:une|1) faute (?:avant|juste avant|tout a l heure|au coup d avant|"
                        r"au coup precedent|sur le coup d avant|a mon coup d avant|la fois d avant|au tour d avant|a la visite d avant)\b", s):
        r.add(F.FOULS_SELF, 1, one.group(0))
    # « il a fait faute, faute, et là il scratche »: two fouls told as a list, then the shot ruled
    if (m := LISTED_FOULS.search(s)) and not _broken(s[m.end():]):
        r.add(F.FOULS_SHOOTER, 2, m.group(0))
    m = re.search(r"\b(\d+) fautes? (?:de suite|consecutives?|d affilee|a la suite|consecutivement)\b", s)
    if m and not re.search(r"\b(?:regle|regles) des (\d+) fautes", s):
        r.add(F.FOULS_SHOOTER, min(_count(m.group(1)), 2), m.group(0))
    if before := _OF_THE_RACK_BEFORE.search(s):
        # « j'ai fait 2 fautes à la fin de la partie d'avant »: fouls in a row count within one rack
        for field in (F.FOULS_SELF, F.FOULS_OTHER, F.FOULS_SHOOTER):
            r.add(field, 0, before.group(0), _PREVIOUS_RACK)
    return r.partial()
