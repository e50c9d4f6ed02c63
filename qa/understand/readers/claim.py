"""A foul claimed: who pointed it out and when — « je réclame la faute », « un spectateur crie
faute », « l'arbitre signale » — before the next shot, or only after it (« il a déjà rejoué »,
« au coup suivant je réclame »). Dooly's recognises a foul only when the opponent claims it
before the next shot; the engine rules on the claim (Scenario ``shot.foul_claim``)."""
from __future__ import annotations

import re
from typing import Sequence

from qa.understand.clauses import Clause, _neg
from qa.understand.facts import F, Partial, Reading
from qa.understand.lexicon import CLAIM_VERBS

_CRY = re.compile(r"\b(?:crie|crient|criait|hurle|gueule)\w* (?:, |)(?:a la |)faute\b|\bdit (?:qu il y a |)faute\b")
_NOT = frozenset({"rien", "pas", "jamais", "personne"})
_WHO = (("referee", re.compile(r"\barbitre\b")),
        ("spectator", re.compile(r"\b(?:spectateur|spectatrice|public|quelqu un|un gars|un joueur d a cote|la salle)\b")))
_LATE = re.compile(r"\b(?:deja rejoue|a rejoue|avait rejoue|coup suivant|coup d apres|apres son coup|trop tard|"
                   r"apres coup|plus tard|apres avoir rejoue|avoir rejoue|avoir joue son coup)\b")
# a foul let pass: its player's opponent says nothing (« il n'a rien dit », « sans rien dire ») and the
# next shot is played (« et il a joué son coup », « puis il rejoue »): not pointed out before it
_SILENT = re.compile(r"\b(?:(?:ne |n |)(?:a |avait |)(?:rien dit|dit rien)|sans rien (?:dire|signaler|reclamer)|"
                     r"(?:ne |n |)(?:a |avait |)(?:rien (?:signale|reclame)|(?:signale|reclame) rien)|laisse (?:passer|filer)|se tait|s est tu)\b")
_PLAYED_ON = re.compile(r"\b(?:joue|rejoue|a joue|a rejoue|avait joue|avait rejoue|continue|enchaine|tire|tape)\b")


def _claims(c: Clause, after: str) -> bool:
    """``c`` claims a foul (``after``: the next clause's words, « crie « faute ! » » is cut there)."""
    verb = next((k for k, t in enumerate(c.toks) if t in CLAIM_VERBS), None)
    if verb is not None:
        return not _neg(c) and not _NOT & set(c.toks[:verb])
    return bool(_CRY.search(c.text + " , " + after))


def read_claim(clauses: Sequence[Clause]) -> Partial:
    """The claim told in ``clauses`` (the last one wins): who claimed (``self``, ``other``,
    ``referee``, ``spectator``) and when (after the next shot when the story says so: « il a
    déjà rejoué », « au coup suivant »)."""
    r = Reading()
    for k, c in enumerate(clauses):
        if c.subject in ("self", "other") and _SILENT.search(c.text) and \
                any(_PLAYED_ON.search(e.text) and e.subject in ("self", "other") for e in clauses[k:]):
            r.add(F.CLAIM, (c.subject, "after_next_shot"), c.text)     # let pass, then the next shot played
            continue
        if not _claims(c, clauses[k + 1].text if k + 1 < len(clauses) else ""):
            continue
        who = next((name for name, rx in _WHO if rx.search(c.text)), None) or \
            (c.subject if c.subject in ("self", "other") else "self")
        late = any(_LATE.search(e.text) for e in clauses)
        r.add(F.CLAIM, (who, "after_next_shot" if late else "before_next_shot"), c.text)
    return r.partial()
