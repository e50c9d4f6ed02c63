"""A yes/no question that states a detail its clause contradicts (« la 1 est sur le spot supérieur ? »
where 10-ffb says « sur le spot inférieur »): the policy's « oui » or « non » would answer another question.

The words that exclude each other are data (``contrasts`` of rules_data/lexicon.yaml): each group is a
phrase of classes, a class one word or several joined by « | » that say the same (« sommet|tete
centre|milieu »). A question naming a class of a group, whose clause names another class of that group
and not the question's, contradicts that clause. When the question is about one ball and the sentence
names several (« la 1 au sommet …, la 10 au centre »), the words read are those told of that ball: from
its number to the next ball's. A clause that names other balls than the one the question is about, and
not as the exception of a rule on all balls, contradicts it too (« la 10 au sommet ? » where it puts the 1
there). The answer then gives no « oui » for it (:mod:`qa.confirm` may read its « non »).
"""
from __future__ import annotations

from typing import Sequence

from .detect import detect
from .lexicon import load_lexicon
from .rulebook import Rulebook
from .text import words

__all__ = ["ALL_BUT", "balls_spoken_of", "clash_words", "contradicted", "named_balls", "told_of_ball"]

_LEXICON = load_lexicon()
_GROUPS = tuple(tuple(frozenset(c.split("|")) for c in g) for g in _LEXICON.contrasts)
_PLACES = frozenset(w for g in _GROUPS for c in g for w in c)   # the words of places and ranks the groups hold
# the things a text counts as a fact of the table (« rang de trois billes », « quatre bandes »); the fouls a
# question counts tell its story (« 2 fautes à la fin d'une partie puis 1 »), their rule is read by the policies
_COUNTED = frozenset({"bille", "billes", "boule", "boules", "bande", "bandes", "poche", "poches"})


def _counts(ws: Sequence[str]) -> dict[str, set[str]]:
    """{count noun: the numbers told before it} (« 3 billes », « trois fautes »: words() writes digits)."""
    out: dict[str, set[str]] = {}
    for a, b in zip(ws, ws[1:]):
        if a.isdigit() and b in _COUNTED:
            out.setdefault(b.rstrip("s"), set()).add(a)
    return out


# the words before a ball's number (« la 10 », « la bille no 1 », « la bille numérotée « 10 » »); « au 10 »,
# « du 9 », « le 10 FFB » name the game, « 3 fautes » counts
_BALL_BEFORE = frozenset({"la", "l", "ma", "ta", "sa", "bille", "boule", "balle", "numero", "no", "n", "numerotee"})


def _balls(ws: Sequence[str]) -> list[int]:
    """The positions of the ball numbers of ``ws``: a number after a ball's article or name, not before a
    count noun (« 4 billes »), nor one that names the game (« jeu de la 9 »)."""
    return [i for i, w in enumerate(ws) if w.isdigit() and i and ws[i - 1] in _BALL_BEFORE
            and not (i + 1 < len(ws) and ws[i + 1] in _COUNTED) and "jeu" not in ws[max(i - 3, 0):i]]


def named_balls(question: str) -> set[int]:
    """The numbers of the balls ``question`` names (« 10 FFB : la 9 éjectée … »: {9}; not the game's number,
    nor a count, « 4 billes »)."""
    ws = words(question)
    game = detect(question).drop
    return {int(w) for i, w in enumerate(ws) if w.isdigit() and i not in game and i in set(_balls(ws))}


def told_of_ball(ball: str, said: list[str]) -> list[str] | None:
    """The words of ``said`` from the number of ``ball`` (after its article) to the next other ball's, or None
    when ``said`` does not name it (« … ne sont pas replacées (à l'exception de la bille no 10 qui est replacée
    sur la mouche arrière) »: what is told of the 10)."""
    theirs = _balls(said)
    starts = [i for i in theirs if said[i] == ball]
    if not starts:
        return None
    ends = [i for i in theirs if i > starts[0] and said[i] != ball]
    return said[starts[0]:ends[0] if ends else len(said)]


def _told_of(mine: set[str], said: list[str]) -> list[str]:
    """The words of ``said`` told of the one ball ``mine`` holds, when ``said`` names several: from that
    ball's number to the next ball's; all of ``said`` otherwise."""
    theirs = _balls(said)
    if len(mine) != 1 or len({said[i] for i in theirs}) < 2:
        return said
    ball = next(iter(mine))
    starts = [i for i in theirs if said[i] == ball]
    if not starts:
        return said
    ends = [i for i in theirs if i > starts[0] and said[i] != ball]
    return said[starts[0]:ends[0] if ends else len(said)]


def _with_phrases(ws: Sequence[str]) -> set[str]:
    """The words of ``ws`` and its runs of two and three words joined by « _ » (a class « mouche_arriere »)."""
    return set(ws) | {"_".join(ws[i:i + n]) for n in (2, 3) for i in range(len(ws) - n + 1)}


def clash_words(question: str, said: list[str]) -> list[str]:
    """The words of ``question`` (its :func:`words`, without count marks) that a detail of ``said`` contradicts:
    a class of a contrast group ``said`` does not name where it names another, or a count it does not give, or
    a place ``said`` tells of another ball only (« la 9 sur la mouche ? » where the 1 is on it). Empty when
    nothing clashes."""
    asked = [w[1:] if w[:1] == "x" and w[1:].isdigit() else w for w in words(question, counts=False)]  # (:func:`clean`'s counts)
    mine = {str(n) for n in named_balls(question)}
    told = _told_of(mine, said)
    mine_words, their_words = _with_phrases(asked), _with_phrases(told)
    out: list[str] = [w for w in sorted(mine_words & _PLACES - their_words) if told is not said and w in said]
    for group in _GROUPS:
        asked_classes = [c for c in group if c & mine_words]
        said_classes = [c for c in group if c & their_words]
        if asked_classes and said_classes and not set(asked_classes) & set(said_classes):
            out += [w for c in asked_classes for w in sorted(c & mine_words)]
    theirs_counts = _counts(told)
    for noun, numbers in _counts(asked).items():
        if noun in theirs_counts and not numbers & theirs_counts[noun]:
            out += sorted(numbers)
    return out


# the words by which a sentence naming a ball speaks of the others too (« sauf s'il s'agit de la bille no 10 »)
ALL_BUT = frozenset({"autre", "autres", "toute", "toutes", "sauf", "excepte", "exceptee", "exception", "hormis"})


def balls_spoken_of(text: str) -> frozenset[int]:
    """The balls a clause's ``text`` speaks of alone: the numbers it names, none when it states a rule on all
    balls but one (« les billes autres que la 10 », « sauf la bille no 10 »)."""
    said = words(text, counts=False)
    if ALL_BUT & set(said):
        return frozenset()
    return frozenset(int(said[i]) for i in _balls(said))


def _of_another_ball(question: str, said: list[str]) -> bool:
    """Whether ``said`` speaks of other balls than the one ``question`` is about (« la 10 au sommet ? » where
    the clause puts the 1 there), and not of all balls but one."""
    mine = {str(n) for n in named_balls(question)}
    theirs = {said[i] for i in _balls(said)}
    return len(mine) == 1 and bool(theirs) and not mine & theirs and not ALL_BUT & set(said)


def contradicted(book: Rulebook, question: str, clause_ids: Sequence[str]) -> list[str]:
    """The clauses of ``clause_ids`` whose words contradict a detail ``question`` states."""
    out = []
    for cid in clause_ids:
        clause = book.clauses.get(cid)
        if clause is None:
            continue
        said = words(clause.text, counts=False)
        if clash_words(question, said) or _of_another_ball(question, said):
            out.append(cid)
    return out
