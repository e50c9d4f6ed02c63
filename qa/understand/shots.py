"""Several shots told in one story: which clauses tell the shot to rule (the last one told), and
what the earlier shots tell of the state before it.

« il casse, rien dedans ; je fais un push-out, il me rend la main, et là je rate la 1 » tells three
shots: the break, the push-out and the shot asked about. A clause opens a new shot when, after a
clause that told an event of a shot, a person plays again: a stroke verb (« joue », « rejoue »,
« casse », « annonce »… ``stroke_verbs``) after « puis », « ensuite », « après » or a marker of a
later shot (``shot_markers``: « plus tard », « cette fois », « au coup suivant », « et là »), or
any event of a person after such a marker, or the first person's clause after the table was handed
back (``hand_back``: « il me rend la main »), or a push-out told after a break, or the same player's
stroke once a ball went down (« je casse, la 5 rentre, je joue la 1 »), or « je continue »
(``continue_verbs``, also after a shot told without its player: « casse, la 3 rentre, je continue »).
A foul made (« il fait faute ») is a shot of that person. The word lists are
in ``rules_data/lexicon.yaml``.

What earlier shots tell: the balls they pocketed are down before the ruled shot; a new rack
between them (``new_rack``: « nouvelle manche ») or an earlier shot of the same player told legal
(``legal_words``: « un coup correct ») means that player's fouls in a row start again from none.
A clause that claims a foul (``claim_verbs``: « je réclame la double touche ») never opens a shot;
who claimed and when is read by :mod:`.readers.claim`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from qa.understand.classify import narrative
from qa.understand.clauses import V_CONTACT, V_FALL, V_POT, V_PUSH, Clause, _ARTICLES, _neg
from qa.understand.lexicon import (CLAIM_VERBS, CONTINUE_VERBS, HAND_BACK, LEGAL_WORDS, NEW_RACK, SAY_VERBS, SHOT_MARKERS,
                                   STROKE_VERBS, TABLE_TAKEN)

_PERSONS = ("self", "other", "player")
_LATER = frozenset({"puis", "ensuite", "apres"})
_AT_START = frozenset({("la",), ("et", "la"), ("du", "coup", "la")})
_PUSH = re.compile(V_PUSH)
_BREAK = re.compile(r"\b(?:cass\w*|bris|break|BRK)\b")
_PLAY = re.compile(r"^(?:" + V_CONTACT + "|" + V_POT + "|" + V_FALL + r"|rat\w*|manqu\w*|loup\w*|cass\w*|jou\w*|tir\w*|saut\w*|mass\w*|pouss\w*|refai\w*|refait|(?:re|)scratch\w*)$")
AFTER_BREAK = re.compile(r"\b(?:apres|suite a|suivant) (?:la |le |ma |sa |ta |son |mon |un |une )?(?:casse|bris|break|BRK)\b")
_POTS = re.compile(r"\b(?:je|j|tu|il|ADV|PLAYER|on|vous) (?:\w+ ){0,2}?(?:rentr|empoch|blous|mis\b|mets\b|met\b)\w* B\d")
_FELL = re.compile(r"\bB\d+ (?:est |sont |)(?:bien |)(?:rentr|tomb|entr)\w*")
# « il fait faute », « j'ai commis une faute »: a shot of that person, whatever the foul
_FOUL_MADE = re.compile(r"\b(?:fait|fais|faites|ai fait|as fait|a fait|avez fait|commet|commets|commis) (?:une |sa |ma |ta |la |encore |)faute\b"
                        r"|\b(?:fait|fais|ai fait|as fait|a fait) (?:un |une |sa |son |ma |mon |)(?:dry break|casse seche|break|casse|BRK)\b")
# « ma casse est sèche », « sa casse était légale »: the break told as a shot played
_BREAK_TOLD = re.compile(r"^(?:ma|sa|ta|la|votre|notre|leur) (?:casse|break|bris|BRK) (?:est|etait|a ete|fut) \w+")
_BODY = re.compile(r"\bavec (?:ma|sa|ta|mon|son|ton|la|le|votre) (?:main|bras|manche|coude|doigt|pull|veste|chemise|ventre|corps|"
                   r"cravate|telephone)|\ben (?:me|se|te) penchant\b|\bqueue (?:de jump |)(?:\w+ ){0,1}posee sur")
SAID = r"(?:" + "|".join(sorted(SAY_VERBS)) + r")"      # a verb of saying (rules_data/lexicon.yaml say_verbs)
_SAYS = re.compile(r"^(?:(?:il|elle|ADV|PLAYER|on|mon pote|le mec|l arbitre) |)(?:me |m |lui |nous |)(?:" + SAID + r"|pense que|trouve que)\b")
# the table handed back or taken as it lies: the next person's clause is a new shot
CHOICES = HAND_BACK + TABLE_TAKEN
_LATER_SHOT = re.compile(r"^(?:encore |de nouveau |a nouveau |)(?:un|une|le|la|son|sa|mon|ma) (?:\w+ ){0,3}?(?:coup|faute|safe|securite|push|tir)\b")
# « au tour suivant », « au coup d'après » before « un coup correct »
_NEXT_TURN = re.compile(r"^(?:au |a |le |la |)(?:(?:mon|ma|sa|son|ta|ton) |)(?:tour|coup|venue|passage|visite) "
                        r"(?:suivante?|d apres|d ensuite) ")
_MODAL = frozenset({"peut", "peux", "peuvent", "doit", "dois", "droit", "faut", "pourrait", "voulais", "voulait", "veux",
                    "pensais", "pensait", "comptais", "comptait"})     # « je pensais faire un push »: meant, not played


@dataclass(frozen=True)
class Shots:
    """The story's clauses split into the shot ruled (``ruled``, the last told) and the clauses
    before it (``earlier``), with what the earlier ones tell: ``new_rack`` (a new rack began
    before the ruled shot) and ``legal_before`` (persons whose earlier shot was told legal)."""

    ruled: tuple[Clause, ...]
    earlier: tuple[Clause, ...] = ()
    previous: tuple[Clause, ...] = ()       # the shot told just before the ruled one
    new_rack: bool = False
    legal_before: frozenset[str] = frozenset()


def phrase_at(toks: list[str], phrase: tuple[str, ...]) -> int | None:
    """Where the words ``phrase`` first stand in ``toks`` in a row, or None."""
    n = len(phrase)
    return next((i for i in range(len(toks) - n + 1) if tuple(toks[i:i + n]) == phrase), None)


def has_phrase(toks: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether the words ``phrase`` stand in ``toks`` in a row."""
    return phrase_at(toks, phrase) is not None


def _marked(c: Clause) -> bool:
    """The clause tells a later shot: « plus tard », « cette fois », « et là » at its start…"""
    for phrase in SHOT_MARKERS:
        if phrase in _AT_START:
            if tuple(c.toks[:len(phrase)]) == phrase and len(c.toks) > len(phrase):
                return True
        elif has_phrase(c.toks, phrase):
            return True
    return False


def _verbs(c: Clause) -> list[str]:
    """The clause's words that may be its verbs: not nouns (after an article: « la casse ») nor
    infinitives of purpose (« pour jouer son coup »)."""
    return [t for k, t in enumerate(c.toks) if not (k and (c.toks[k - 1] in _ARTICLES or c.toks[k - 1] == "pour"))]


def _stroke(c: Clause) -> bool:
    """A person of the clause plays (a stroke verb among its first words, not after a modal)."""
    head = _verbs(Clause(c.toks[:6]))
    return c.subject in _PERSONS and any(t in STROKE_VERBS for t in head) and not any(t in _MODAL for t in c.toks)


def _shot_event(c: Clause) -> bool:
    """The clause tells what a shot did: a ball's event, or a person who hits, pockets, misses,
    breaks or plays (not « je pose la blanche », « j'ai la bille en main »)."""
    if narrative([c])[1] or _BREAK_TOLD.match(c.text):
        return True
    if _BODY.search(c.text):
        return False    # « j'ai touché la 7 avec mon bras »: a foul of the turn, not a shot
    if says(c):
        return False    # « il dit double touche », « le mec dit que c'est faute »: what someone says of the shot
    if c.subject in ("none", "count", "balls", "cue"):
        return any(_PLAY.match(t) for t in _verbs(c))     # « rien n'est rentré », « deux tombent »
    return c.subject in _PERSONS and (any(_PLAY.match(t) for t in _verbs(c)) or bool(_PUSH.search(c.text))
                                      or bool(_FOUL_MADE.search(c.text)))


# the call of the shot told (« j'avais annoncé la 10 »), a pluperfect, a break: not the next stroke
_AGAIN_NOT = frozenset({"annonce", "annonces", "annoncez", "avais", "avait", "aviez", "avions", "casse", "casses", "cassez"})


def says(c: Clause) -> bool:
    """The clause tells what someone says (« il dit que j'avais pas le droit de la mettre là »),
    not what happened."""
    return bool(_SAYS.match(c.text))


def _fell(c: Clause) -> bool:
    """The clause tells a ball that went down (« la 5 rentre », « la 1 elle rentre »), not negated."""
    return bool(_FELL.search(c.text)) and not _neg(c)


def _opens_shot(c: Clause, handed_back: bool, player: str | None, potted: bool) -> bool:
    """``c`` opens a new shot (``player``: the person of the shot told so far; ``potted``: that
    shot pocketed a ball, so its player shoots again)."""
    if c.subject not in _PERSONS:
        return False
    if handed_back or (potted and c.subject == player and c.conj in ("puis", "ensuite") and _shot_event(c)):
        return True
    if player is not None and c.subject != player and _shot_event(c) and not c.inherited:
        return True     # the other player plays: players take turns
    if (c.subject == player or player is None) and not c.inherited and c.conj != "ou" and \
            any(t in CONTINUE_VERBS for t in _verbs(Clause(c.toks[:4]))):   # (« je gagne ou je continue ? » asks)
        return True     # « je continue »: the same player's next shot (« casse, la 3 rentre, je continue »: the asker's)
    if potted and c.subject == player and not c.inherited and _stroke(c) and not _AGAIN_NOT.intersection(c.toks[:5]):
        return True     # « je casse, la 5 rentre, je joue la 1 »: a ball went down, the same player plays again
    marked = _marked(c)
    if _stroke(c) and (marked or c.conj in _LATER and c.toks[:1] != ["avoir"]):
        return True
    return marked and (narrative([c])[0] or c.subject in _PERSONS and not c.inherited and _shot_event(c))   # (« et là sur la 3 j'ai raté »)


def _push_after_break(clauses: list[Clause], k: int) -> bool:
    """A push-out declared by a person after a break told as an event (not « juste après la casse »)."""
    c = clauses[k]
    if not (_PUSH.search(c.text) and c.subject in _PERSONS) or any(t in _MODAL or t == "sans" for t in c.toks):
        return False
    return any(e.conj != "apres" and _BREAK.search(e.text) and not AFTER_BREAK.search(e.text) for e in clauses[:k])


def _back_to_person(clauses: list[Clause], k: int, floor: int) -> int:
    """The new shot starts at the first of its player's clauses that lead to it without telling
    a shot's event (« j'ai la bille en main, je pose la blanche, j'annonce un push-out »)."""
    # (a clause of manner, « …la 1 sans l'annoncer », tells how the shot before it was played: it stays with it)
    # (an aside between them, « j'annonce la 4 (la plus basse) coin, et je la rentre », is walked over)
    person, j = clauses[k].subject, k - 1
    while j > floor and not _shot_event(clauses[j]) and clauses[j].toks[:1] != ["sans"]:
        if clauses[j].subject == person:
            k = j
        elif clauses[j].subject is not None and clauses[j].subject != "balls":
            break
        j -= 1
    return k


def _starts(clauses: list[Clause]) -> list[int]:
    """The index of the clause that opens each shot told (``[0]``: one shot)."""
    starts = [0]
    start = 0
    handed_back = False
    events = [_shot_event(c) for c in clauses]
    for k in range(1, len(clauses)):
        c = clauses[k]
        told = any(events[start:k])
        player = next((e.subject for e, ev in zip(clauses[start:k], events[start:k]) if ev and e.subject in _PERSONS),
                      next((e.subject for e in clauses[start:k] if e.subject in _PERSONS), None))
        potted = any(_POTS.search(e.text) and e.subject == player or _fell(e) for e in clauses[start:k])
        # (« je lui redonne la main, sa blanche touche la 3 »: right after the table handed back, the next shot told
        # by its cue ball)
        by_cue = c.subject == "cue" and any(has_phrase(clauses[k - 1].toks, p) for p in CHOICES) and _shot_event(c)
        # (« break légal, rien rentré, mon adversaire joue … »: a break told by no person, then a person's stroke)
        after_break = player is None and c.subject in _PERSONS and _stroke(c) and not c.inherited \
            and any(_BREAK.search(e.text) and not AFTER_BREAK.search(e.text) and e.conj not in ("apres", "suite")
                    for e in clauses[start:k])
        opens = _opens_shot(c, handed_back, player, potted) or _push_after_break(clauses, k) or by_cue or after_break
        if (told or after_break) and opens and not any(t in CLAIM_VERBS for t in c.toks):
            start, handed_back = _back_to_person(clauses, k, start), False
            starts.append(start)
        elif c.conj in ("puis", "ensuite") and _LATER_SHOT.match(_NEXT_TURN.sub("", c.text)) and k > start and \
                any(e.subject in _PERSONS for e in clauses[:k]):
            start, handed_back = k, False      # « deux fautes, puis un coup correct, puis une faute »
            starts.append(start)
        elif any(has_phrase(c.toks, p) for p in NEW_RACK):
            start, handed_back = k, False      # « nouvelle manche, je fais une faute »
            starts.append(start)
        if any(has_phrase(c.toks, p) for p in CHOICES):
            handed_back = True
    return starts


def _legal_before(earlier: list[Clause]) -> frozenset[str]:
    """Persons whose earlier shot is told legal (« il joue un coup correct », « …, puis un coup
    correct » of the person told last)."""
    out: set[str] = set()
    person: str | None = None
    for c in earlier:
        if c.subject in _PERSONS and not c.inherited:
            person = c.subject
        if person and (any(t in LEGAL_WORDS for t in c.toks) and not any(t in ("pas", "faute") for t in c.toks)
                       or has_phrase(c.toks, ("sans", "faute"))):     # (« il rate, sans faute »: a legal shot)
            out.add(person)
    return frozenset(out)


def split_shots(clauses: list[Clause]) -> Shots:
    """The clauses of the shot to rule and what the earlier shots tell (see the module doc; a
    foul claimed late is read by :mod:`.readers.claim`)."""
    starts = _starts(clauses)
    last = clauses[starts[-1]:]
    if len(starts) > 1 and len(last) == 1 and len(last[0].toks) <= 3 and not _shot_event(last[0]):
        starts.pop()     # « …, je l'ai rentrée. je continue ? »: the last words tell no shot, they ask
    start = starts[-1]
    if start == 0:
        return Shots(ruled=tuple(clauses))
    earlier, ruled = clauses[:start], clauses[start:]
    previous = tuple(clauses[starts[-2]:start])
    return Shots(ruled=tuple(ruled), earlier=tuple(earlier), previous=previous,
                 new_rack=any(has_phrase(c.toks, p) for c in ruled[:1] + earlier for p in NEW_RACK),
                 legal_before=_legal_before(earlier))

