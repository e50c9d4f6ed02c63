"""Facts read clause by clause: the ball hit first, balls pocketed, balls off the table, who played."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from qa.understand.clauses import Clause, V_CONTACT, V_FALL, V_POT, _neg
from qa.understand.facts import BALLS, F, Facts, Partial, Reading, _OFF_PLACE, _POCKET_PLACE, _SENT_PLACE, _STRONG, _person
from qa.understand.lexicon import ASKING_WORDS
from qa.understand.tokens import _nums


_GOES_ONTO = re.compile(r"\b(?:part|va|file|fonce|arrive|vient|allee|alle)\w* (?:direct |directement |droit |tout droit |)(?:sur|dans|contre) (B\d+)")
_PASSES_BY = re.compile(r"\b(?:passe|passee|est passee|a passe|file|part)\w* (?:juste |)(?:a cote|entre B\d++\S*+(?: et B\d++\S*+)?)")
_ON_FRAME = re.compile(r"\b(?:reste|restent|monte|montent|finit|finissent|s arrete|s immobilise|atterrit|se pose|posee|posees|"
                       r"immobilisee|bloquee|coincee)\w*(?: \w+){0,2} sur (?:le |la |les )(?:cadre|boiserie|bois|rebord|ceinture|"
                       r"bande en bois|bois de la bande)\b")


# ranks of the first contact (the highest wins, then the first told; :func:`.order.read_order`
# ranks above all): a ball the cue ball goes onto, a contact told without order, a miss of the
# ball aimed at, a contact told with « d'abord » / « en premier », a fact of the whole clause
_ONTO, _TOLD, _MISSED, _STRONG_TOLD, _STATED = -1, 0, 1, 2, 3


def _add_person(r: Reading, who: str | None, words: str) -> None:
    if who:
        r.add(F.PERSONS, (who,), words)


@dataclass(frozen=True)
class _Ctx:
    """What every step reads of a clause: its text (padded with spaces), negation, subject,
    person and modal verb."""

    s: str
    neg: bool
    subj: str | None
    person: str | None
    modal: bool


_MODAL = re.compile(r"\b(?:peux|peut|peuvent|pouvons|pouvez|dois|doit|doivent|devons|devez|faut|puis|ai le droit|as le droit|"
                    r"a le droit|avons le droit|avez le droit|ont le droit|autorise|interdit|permis|faudrait|voudrais|veux)\b")


# a first person's « may I » right before a pocketing verb: the pocket is the shot asked about
_MAY_POT = re.compile(r"\b(?:je peux|puis je|peux je|est ce que je peux|on peut|peut on|j ai le droit de|ai je le droit de|"
                      r"on a le droit de|a t on le droit de) (?:" + V_POT + r") (?:" + BALLS + r")")


def _asks(c: Clause) -> bool:
    """The clause asks (« je fais quoi », « je joue d'où ») rather than tells: a word or phrase of
    ``asking_words`` among its words."""
    padded = " " + " ".join(c.toks) + " "
    return any(" " + w + " " in padded for w in ASKING_WORDS)


def read_clause(c: Clause, seen: Facts) -> Partial:
    """The facts of one clause: the steps in order, until one says the clause is read.
    ``seen``: the facts read before this clause (the story's, the earlier clauses')."""
    s = " " + c.text + " "
    # a person's clause that asks (« je fais quoi ») tells no event: its person did not play the shot
    person = None if _asks(c) else _person(c)
    x = _Ctx(s, _neg(c), c.subject, person, bool(_MODAL.search(s)))
    r = Reading()
    for step in _STEPS:
        if step(c, x, seen, r):
            break
    return r.partial()


def _missed_pot(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """"j'ai raté mon coup": nothing pocketed; True when the clause is read."""
    s, person = x.s, x.person
    # ---------- missed the pot ("j'ai raté mon coup"): nothing pocketed
    if m := re.search(r"\b(?:rate|rates|ratez|manque|manques|manquez|loupe|loupes|loupez|foire)\w* (?:mon|son|ton|votre|le|un) "
                      r"(?:coup|empochage|tir)\b", s):
        r.add(F.NOTHING_POCKETED, True, m.group(0))
        _add_person(r, person, s)
        return True
    return False


# the passive, with or without « ne » (« la 1 n'a pas été touchée en premier », « la 1 a pas été
# touchée d'abord », « la 1 est jamais touchée »): the ball was not hit first (any ball with « en
# premier », the 1 without)
_NOT_BEEN = r" (?:ne |n |)(?:a|avait|as|est|etait|es|aurait) (?:pas|jamais) (?:ete |)(?:" + V_CONTACT + r")"
_PASSIVE_NOT_FIRST = re.compile(r"\b(B\d+)" + _NOT_BEEN + r"(?: \w+){0,2}? (?:" + _STRONG + r")\b|\b(B1)" + _NOT_BEEN + r"(?! B\d)")


def _not_first(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """The ball to hit first was not hit first; True when the clause is read."""
    s, person = x.s, x.person
    # ---------- the first ball to hit was not hit first ("je n'ai pas touché la 1 d'abord")
    m = re.search(r"\b(?:ne |n |)(?:ai|as|avais|avait|a|avez) (?:pas|jamais) (?:" + V_CONTACT + r") (B\d+) (?:" + _STRONG + r")", s) \
        or re.search(r"\b(?:ne |n )(?:" + V_CONTACT + r") (?:pas|jamais) (B\d+) (?:" + _STRONG + r")", s) \
        or re.search(r"\b(?:sans (?:avoir |)(?:toucher|touche|taper|tape|frapper|frappe|atteindre|atteint)|"
                     r"(?:ne |n |)(?:ai|as|avais|avait|a|avez) (?:pas|jamais) (?:" + V_CONTACT + r")) (B1)\b(?!\d)", s) \
        or _PASSIVE_NOT_FIRST.search(s)
    if not m and (low := re.search(r"^ sans (?:avoir |)(?:toucher|touche|taper|tape|frapper|frappe|atteindre|atteint) "
                                   r"(B(\d+))\b(?![\d+])", s)) and seen.named and int(low.group(2)) == min(seen.named):
        m = low     # « sans toucher la 2 …, il restait la 2 et la 9 »: the lowest ball the question names, not hit
    if m:   # (« sans toucher la 1 », « j'ai pas touché la 1 »: the 1, which must be hit first, was not)
        r.add(F.CODES, "wrong_ball_first", m.group(0))
        ball = m.group(m.lastindex or 1)
        r.balls(F.PRESENT, _nums(ball), m.group(0))
        r.add(F.LOWEST, _nums(ball)[0], m.group(0))
        _add_person(r, person, s)
        return True
    return False


# a miss of the ball itself, not of the pot (« il rate la 6 complètement », « pas touchée du tout »)
_WHOLLY = re.compile(r"\b(?:completement|totalement|carrement|du tout|pas touchee|sans la toucher|rien touche|touche rien|a cote)\b")


_NOT_TOUCHED_ASIDE = re.compile(r" (?:elle |)(?:n a |n est |a |est |)(?:pas|jamais) (?:ete |)(?:touchee|tapee|frappee|effleuree)"
                                r"(?: du tout| non plus| meme|) ")


def _no_ball(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """No ball touched; True when the clause is read."""
    s, subj, person = x.s, x.subj, x.person
    # ---------- no ball touched
    if subj == "cue" and _PASSES_BY.search(s) and not re.search(r"\b(?:" + V_CONTACT + r") B\d", s):
        r.add(F.FIRST, None, s, _ONTO - 1)  # "la blanche passe à côté", "passe entre…": unless a contact is told
        return True
    if re.search(r"\b(?:rate|rates|ratez|rater|ratant|manque|manques|manquez|manquer|manquant|loupe|loupes|loupez|louper|loupant|foire)\w* "
                 r"(?:encore |aussi |a nouveau |de nouveau |carrement |completement |totalement |)(?:tout|toutes les billes|la bille|les billes|completement|totalement|la bille visee|la plus petite|la plus basse|B\d++\S*+)(?! (?:dans|au|a(?! la cass| la BRK)|en|de peu|l empochage|la poche))", s) \
            and not re.search(r"\b(?:touche|tape|frappe)\w* (?:d abord |en premier |)B\d", s) \
            and not re.search(r"\b(?:rate|manque|loupe)\w* (?:B\d++\S*+) (?:dans|au|a|en)", s):
        told = re.search(r"\bB(\d+)\b", s)
        if c.conj == "mais" and told and seen.first == int(told.group(1)):
            return False    # « je touche la 1 mais je la rate »: the pot was missed, not the ball
        if told and seen.kind != "break" and not _WHOLLY.search(s) and c.subject != "balls":
            # « je rentre la 1, puis je rate la 2 »: in play, the pot missed; whether the cue ball touched the 2
            # is not told (the ruling says it holds if the lowest was hit first)
            r.balls(F.NOT_POCKETED, _nums(told.group(0)), s)
            r.balls(F.MISSED_POT, _nums(told.group(0)), s)
            _add_person(r, person, s)
            return True
        if not (c.subject == "balls"):
            r.add(F.FIRST, None, s, _MISSED)
            _add_person(r, person, s)
            return True
    if seen.not_pocketed and _NOT_TOUCHED_ASIDE.fullmatch(s):
        # « il rate la 3 (pas touchée du tout) »: the ball missed was not even hit
        r.add(F.FIRST, None, s, _STATED)
        return True
    if re.search(r"\b(?:ne|n) (?:touche|touches|touchez|touchait|tape|tapes|tapez|frappe|frappes|a touche|ai touche|as touche|avez touche|"
                 r"rencontre|percute|heurte)\w* (?:rien|aucune (?:bille|boule)|pas (?:de |une |la moindre |)(?:bille|boule|B\d)|aucune|"
                 r"que (?:la |les |une |des |)bandes?)|\btouche\w* (?:rien|aucune (?:bille|boule))|\bsans rien (?:toucher|taper|frapper)\b|\bsans (?:toucher|taper|frapper) "
                 r"(?:de bille|aucune bille|de boule|aucune|rien|une bille)|\baucune (?:bille|boule) (?:n est|n a ete|ne fut|n a) touch\w*\b(?! (?:a |)(?:la |une |de |les |aucune |)bandes?)", s) \
            and subj not in ("balls",):
        r.add(F.FIRST, None, s, _STATED)
        _add_person(r, person, s)
        return True
    return False


_MOVED_TO_RAIL = re.compile(r" B\d+ (?:va|part|file|roule|touche|tape|frappe) (?:ensuite |juste |)(?:toucher |taper |)"
                            r"(?:en|a|contre|sur|dans) (?:la |une |)bande")


def _first_contact(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """The ball hit first, the ball aimed at; True when the clause is read."""
    s, neg, subj, person, modal = x.s, x.neg, x.subj, x.person, x.modal
    # ---------- first contact
    if subj in ("self", "other", "player", "cue") or c.inherited and subj not in ("balls", "none"):
        m = re.search(r"\b(?:" + V_CONTACT + r")\s+(?:(?:d abord|en premier|bien|directement|direct|tout droit|pleine bille|plein pot|finement|juste|seulement|quand meme|tout de meme|malgre tout|encore|pas|toujours) )*"
                      r"(B\d+(?:\+\d+)*|la plus basse|la bonne (?:bille|boule)|la mauvaise (?:bille|boule)|une autre (?:bille|boule)|la plus petite)"
                      r"(?:\s+(d abord|en premier|en 1|premier|directement|avant))?", s)
        if m and not modal and not re.search(r"\b(?:" + V_CONTACT + r")\s+(?:\S+ ){0,3}avec (?:la |ma |sa |ta |mon |son |le |les |mes )?"
                                             r"(?:main|doigt|doigts|manche|bras|coude|pull|veste|chemise|queue|chevalet|craie|corps)", s) \
                and not re.search(r"\ben (?:placant|positionnant|posant|replacant)", s):
            target = m.group(1)
            strong = bool(m.group(2)) or bool(re.search(r"\b" + _STRONG + r"\b", s[:m.start(1)]))
            if neg and target.startswith("B"):
                pass  # "je ne touche pas la 3": says what was not hit
            else:
                lowest = target in ("la plus basse", "la bonne bille", "la bonne boule", "la plus petite")
                if neg and lowest:
                    # « il touche pas la plus basse »: another ball first
                    target, lowest = "la mauvaise bille", False
                if lowest:
                    val: Any = "lowest"
                elif target in ("la mauvaise bille", "une autre bille", "la mauvaise boule", "une autre boule"):
                    r.add(F.CODES, "wrong_ball_first", m.group(0))
                    val = "wrong"
                else:
                    val = _nums(target)[0]
                # « je rate la 1 mais je la touche »: the contact told after the miss of that ball
                # corrects it (the pot was missed, not the ball)
                corrects = c.conj == "mais" and seen.first is None and isinstance(val, int)
                # « j'annonce la 4, elle rentre, et la blanche touche la 6 »: a contact told after a lower ball
                # went down, the cue ball going on: not the first contact
                later = subj == "cue" and c.conj in ("et", "puis", "ensuite") and not strong and isinstance(val, int) \
                    and bool(seen.pocketed) and val not in seen.pocketed and min(seen.pocketed) < val
                if not later:
                    r.add(F.FIRST, val, m.group(0), _STRONG_TOLD if strong or corrects else _TOLD)
                _add_person(r, person, s)
    if subj == "balls" and len(c.subj_balls) == 1 and (seen.first is None or seen.first == "unset" and c.subj_balls[0] in seen.missed_pot) \
            and not neg and _MOVED_TO_RAIL.match(s):
        # « je la rate, elle va en bande »: a ball the miss was told of went on to a rail, so it was
        # hit; the pot was missed (a stated « ne touche rien » outranks this)
        r.add(F.FIRST, c.subj_balls[0], s, _STRONG_TOLD)
    if subj == "balls" and re.search(r"\b(?:est|sont|etait|a ete|avait ete|ont ete|avaient ete|fut) (?:touchee|touchees|tapee|frappee|percutee)\w* (?:" + _STRONG + ")", s) \
            and c.subj_balls:
        r.add(F.FIRST, c.subj_balls[0], s, _STATED)
    return False


def _contact_told(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """The ball hit first told without a person's verb: « la 1 touchée en premier », « contact sur
    la 6 », « la blanche part direct sur la 9 », a combination, the ball aimed at."""
    s, neg, subj, person, modal = x.s, x.neg, x.subj, x.person, x.modal
    m = _GOES_ONTO.search(s)
    if m and subj == "cue":
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _ONTO)      # "la blanche part direct sur la 9"
    m = re.fullmatch(r" (B\d+) (?:touchee|tapee|frappee|prise|percutee) (" + _STRONG + r" )?"
                     r"(?:(?:plein pot|pleine bille|bien|franchement|finement|fort|doucement) )?", s)
    if m:   # "la 1 touchée en premier", "la 1 touchée": the contact stated (above « rate la 4 »)
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _STATED if m.group(2) else _STRONG_TOLD)
    elif c.inherited and subj == "balls" and len(c.subj_balls) == 1 and \
            (m := re.fullmatch(r" (?:touchee|tapee|frappee|prise|percutee) (" + _STRONG + r" )?", s)):
        r.add(F.FIRST, c.subj_balls[0], m.group(0), _STATED if m.group(1) else _STRONG_TOLD)
    m = re.search(r"\b(B\d+) (?:touchee|tapee|frappee|prise) (?:" + _STRONG + r")\b", s)
    if m:   # "un coup sur la 2 touchée en premier"
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _STATED)
    m = re.search(r"\b(?:coll\w*|pos\w*) (?:CUE |)contre (B\d+)", s) if subj in ("self", "other", "player", "cue") else None
    if m and not neg:   # « je viens coller la blanche contre la 4 »
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _TOLD)
    m = re.search(r"\bjou\w* (?:\w+ ){0,2}?sur (B\d+)", s) if subj in ("self", "other", "player") else None
    if m and not neg and not modal:     # « il joue mollement sur la 5 »
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _ONTO)
    m = re.search(r"\b(?:contact|impact|attaque)s? (?:\w+ ){0,2}(?:sur|avec) (B\d+)(?: (" + _STRONG + r"))?", s) \
        or re.search(r"\b(?:casse|break|bris|BRK|ouverture) (?:\w+ ){0,3}(?:avec|sur) (B\d+)(?! (?:tombee|rentree|empochee|blousee|dedans|au fond|dans|en poche))(?: (" + _STRONG + r"))?", s)
    if m and not neg:   # "contact sur la 6", "impact sur la 1", "casse avec la 1 en premier", « casse plein pot sur la 1 »
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _STRONG_TOLD if m.group(2) else _TOLD)
    if subj == "balls" and len(c.subj_balls) == 1 and re.fullmatch(r" B\d+ (?:" + _STRONG + r") ", s):
        r.add(F.FIRST, c.subj_balls[0], s, _STATED)     # "je casse, la 1 en premier, …"
    m = re.search(r"\ben (?:touchant|tapant|frappant|percutant) (?:d abord (B\d+)|(B\d+) (?:d abord|en premier))", s) \
        if subj == "balls" else None
    if m and not neg:   # « la 10 tombe en touchant d'abord la 2 »: the shot's first contact, told of the ball that fell
        r.add(F.FIRST, _nums(m.group(1) or m.group(2))[0], m.group(0), _STRONG_TOLD)
    m = re.search(r"\bpremiere (?:bille|boule) touchee (?:est |etait |c est |: |)(B\d+)", s)
    if m:
        r.add(F.FIRST, _nums(m.group(1))[0], m.group(0), _STATED)
    if combi := re.search(r"\b(?:combi|combo|combinaison|combinaisons)\b", s):
        r.add(F.COMBINATION, True, combi.group(0))
    m = re.search(r"\b(?:combi|combo|combinaison|combinaisons)\s+(?:de |)(?:la |)(\d+|B\d+)\s*(?:B|)(\d+)", s) \
        or re.search(r"\b(?:combi|combo|combinaison|combinaisons)\s+(?:de |)(?:la |)(B\d+)\+(\d+)", s)
    if m:   # « combo 1-9 »: the first ball of the combination is the one the cue ball hits first
        r.add(F.FIRST, int(m.group(1).lstrip("B")), m.group(0), _ONTO)
    # intent: "je joue la 3", "je vise la 3"
    m = re.search(r"\b(?:joue|joues|jouez|jouait|vise|vises|visez|visais|visait|tente|tentes|essaie|essaye)\s+(?:la |)(B\d+)", s)
    if m and person and not modal:
        r.add(F.INTENT, _nums(m.group(1))[0], m.group(0))
        _add_person(r, person, s)

    return False


def _off_table(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """Balls or the cue ball off the table; True when the clause is read."""
    s, neg, subj, person = x.s, x.neg, x.subj, x.person
    # ---------- off the table (before pockets: "tombe par terre")
    m = re.search(r"\b(?:fait|fais|faites|a fait|ai fait|as fait) (?:sortir|sauter|voler|tomber) (" + BALLS + r"|CUE)(?: \w+){0,2} " + _OFF_PLACE, s)
    if m and not neg and subj in ("cue", "balls"):
        if m.group(1) == "CUE":
            r.add(F.CUE, "off_table", m.group(0))
        else:
            r.balls(F.OFF, _nums(m.group(1)), m.group(0))
        return True
    m = re.fullmatch(r" (" + BALLS + r"|CUE) (?:" + _OFF_PLACE + r")(?: \w+){0,3} ", s)
    if m:       # "la 4 hors de la table", told without a verb
        if m.group(1) == "CUE":
            r.add(F.CUE, "off_table", m.group(0))
        else:
            r.balls(F.OFF, _nums(m.group(1)), m.group(0))
        return True
    off_here = False
    if subj in ("balls", "cue") and re.search(r"\b(?:sort|sortent|sorti|sortie|sorties|saute|sautent|vole|volent|revole|revolent|envole|envolent|decolle|part|partent|tombe|tombent|"
                                               r"atterri|fini|file|filent|est|sont|passe|passent|termine|terminent|roule|roulent|"
                                               r"ejectee|ejectees|eject|quitte|quittent)\w*(?: \w+){0,2} " + _OFF_PLACE, s) and not neg:
        off_here = True
    if subj in ("balls", "cue") and re.search(r"\b(?:saute|sautent|a saute|ont saute) (?:par dessus |)(?:la |les |une |)bandes?\b", s) and not neg:
        off_here = True     # « la blanche a sauté la bande »: over the rail, off the table
    if subj in ("balls", "cue") and re.search(r"\b(?:est|sont|a ete|ont ete) (?:ejectee|ejectees|expulsee|projetee|projetees|sortie|sorties)\b", s) and not neg:
        off_here = True
    if subj in ("balls", "cue") and re.search(r"\b(?:sort|sortent|sorti|sortie|sorties)(?: aussi| egalement| encore| meme)? $", s) \
            and not neg:
        off_here = True     # « la blanche sort » ends the clause: off the table (« sort du trou » does not)
    if subj in ("balls", "cue") and _ON_FRAME.search(s) and not neg and not seen.back_on_cloth:
        off_here = True     # "la 8 monte et reste posée sur le cadre": off the table
    if off_here:
        if subj == "cue":
            r.add(F.CUE, "off_table", s)
        else:
            r.balls(F.OFF, c.subj_balls, s)
        return True
    if person or c.inherited and subj not in ("balls", "cue", "none"):
        m = re.search(r"\b(?:fais|fait|faites|ai fait|as fait|avez fait|a fait) (?:sortir|sauter|voler|tomber) (" + BALLS + r"|CUE)(?: \w+){0,2} " + _OFF_PLACE, s) \
            or re.search(r"\b(?:ejecte|ejectes|ejectez|envoie|envoies|envoyez|expedie|projette|sors|sort)\w* (" + BALLS + r"|CUE)(?: \w+){0,2}(?: " + _OFF_PLACE + "|$| )", s)
        if m and not neg and (re.search(_OFF_PLACE, s) or re.search(r"\beject|\bprojet", s)):
            if m.group(1) == "CUE":
                r.add(F.CUE, "off_table", m.group(0))
            else:
                r.balls(F.OFF, _nums(m.group(1)), m.group(0))
            _add_person(r, person, s)
            return True

    return False


def _sent(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """A ball sent into a pocket by a ball or a player; True when the clause is read."""
    s, neg, subj, person, modal = x.s, x.neg, x.subj, x.person, x.modal
    # ---------- a ball sent into a pocket by a ball or a player ("B3 envoie B9 dans la poche",
    # "elle pousse B9 au fond", "je mets B9 dans le coin")
    if not neg and not modal and (subj not in ("self", "other", "player") or c.inherited):
        for m in re.finditer(r"\b(?:faire|fait|fais|finit par faire) (?:tomber|rentrer) (" + BALLS + r")", s):
            r.balls(F.POCKETED, _nums(m.group(1)), m.group(0))   # "mon push finit par faire tomber la 10"
    if not neg and not modal:
        for m in re.finditer(r"\b(?:envoi|envoy|expedi|pouss|met|mets|mis|propuls|project|projett|amen|emmen|conduit|dirig)\w* "
                             r"(" + BALLS + r")(?: (?!B\d)\w+){0,2}? " + _SENT_PLACE, s):
            r.balls(F.POCKETED, _nums(m.group(1)), m.group(0))
            r.add(F.POCKETED_BY, tuple((b, person or subj or "balls") for b in _nums(m.group(1))), m.group(0))
            _add_person(r, person, s)
    return False


def _person_pockets(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """Pockets told with a person as subject; True when the clause is read."""
    s, neg, subj, person, modal = x.s, x.neg, x.subj, x.person, x.modal
    # ---------- pockets: person as subject ("je rentre la 9", "j'empoche la 4")
    # « je peux rentrer la 5 si je touche la 1 ? »: the pocket whose legality is asked is the shot's
    asked_pot = modal and bool(_MAY_POT.search(s))
    if (person or (c.inherited and subj in ("self", "other", "player"))) and (not modal or asked_pot):
        hits = list(re.finditer(r"\b(?:" + V_POT + r"|en rentrant|en empochant|en blousant|fais tomber|fait tomber|faites tomber|"
                                r"ai fait tomber|as fait tomber|a fait tomber|fais rentrer|fait rentrer|ai fait rentrer)\s+"
                                r"(?:aussi |egalement |meme |bien |en meme temps |quand meme |encore |de nouveau |a nouveau |)(" + BALLS + r"|CUE|rien|aucune bille|tout|"
                                r"les 2|les deux)", s))
        for m in hits:
            obj = m.group(1)
            w = m.group(0)
            if re.match(r"(?:met|mets|mis|mise)\b", w) and obj.startswith(("B", "CUE")) and \
                    re.match(r" (?:\w+ ){0,2}?(?:au milieu|en plein|derriere|devant|pres de|contre|a cote|sur la ligne|"
                             r"dans la zone|juste|collee|la ou|ou je|n importe|en tete|au centre|au sommet|a la pointe|"
                             r"en pointe|sur le point|sur la mouche|dans le triangle|dans le losange|dans le rack|a un mauvais endroit|"
                             r"au mauvais endroit|au mauvais|mal placee|mal place|a la mauvaise place|au bon endroit|au plus pres|"
                             r"le plus pres|au plus proche|sur le spot|en dessous|au dessus|plus bas|plus haut|a la place)", s[m.end():]):
                continue    # "je mets la blanche au milieu de la table": placed, not pocketed
            if obj in ("rien", "aucune bille"):
                r.add(F.NOTHING_POCKETED, True, w)
            elif neg:
                if obj == "CUE":
                    r.add(F.CUE_NOT, True, w)
                else:
                    r.balls(F.NOT_POCKETED, _nums(obj), w)
                    if not (seen.pocketed or r.has(F.POCKETED)):
                        r.add(F.NOTHING_POCKETED, True, w)
            elif obj == "CUE":
                r.add(F.CUE, "pocketed", w)
            elif obj.startswith("B"):
                r.balls(F.POCKETED, _nums(obj), w)
                r.add(F.POCKETED_BY, tuple((b, person or subj or "balls") for b in _nums(obj)), w)
            _add_person(r, person or subj, s)
        if hits:
            return True
        if re.search(r"\b(?:ne |n )?(?:" + V_POT + r")\w* (?:rien|pas|aucune)\b", s) and neg and re.search(r"\b(?:rentre|empoche|blouse)\w*", s):
            r.add(F.NOTHING_POCKETED, True, s)
            _add_person(r, person or subj, s)
    return False


_AFTER_A = re.compile(r"\b(?:apres|suite a|depuis) (?:son|sa|ton|ta|mon|ma|leur) $")   # « après son scratch »: his turn before


def _scratch(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """A scratch; True when the clause is read."""
    s, neg, person = x.s, x.neg, x.person
    if (m := re.search(r"\b(?:(?:re|)scratch\w*|fais un scratch|fait un scratch)\b", s)) and not neg \
            and not _AFTER_A.search(("apres " if c.conj == "apres" else "") + s[:m.start()].lstrip()):     # (« après son scratch, je place la blanche »: the shot before)
        r.add(F.CUE, "pocketed", m.group(0), -1)     # a scratch: unless the cue ball is told off the table
        _add_person(r, person, s)
    return False


# « j'empoche la 9 et la blanche (en même temps) »: the cue ball, with no verb of its own after a
# pocket, is a second object of the pocketing verb
_CUE_ALSO = re.compile(r" CUE (?:(?:aussi|egalement|avec|ensemble|en meme temps|au meme moment|dans la foulee|"
                       r"dans la meme poche|derriere|juste apres) )*"
                       r"(?:(?:sur|pendant|lors de|au cours de|dans) (?:un|le|ce|mon|son|ton|cette|la|une|meme) "
                       r"(?:coup|tir|casse|poche|trou)(?: \w+){0,2} )?")


def _cue_follows(s: str, neg: bool, seen: Facts, r: Reading, conj: str) -> bool:
    """The cue ball following a ball into the pocket (« CUE derrière B9 », « la blanche a suivi dans la poche »,
    « j'empoche la 9 et la blanche en même temps »)."""
    if conj in ("et", "puis") and seen.pocketed and not neg and _CUE_ALSO.fullmatch(s):
        r.add(F.CUE, "pocketed", s)
        return True
    m = re.fullmatch(r" (?:et |puis |)CUE (?:derriere|juste derriere|apres|avec|aussi) (B\d+) ", s)
    if m and _nums(m.group(1))[0] in seen.pocketed:
        r.add(F.CUE, "pocketed", m.group(0))
        return True
    if seen.pocketed and not neg and re.fullmatch(r" (?:et |puis |mais |)CUE (?:a |l a |la |)(?:suit|suivi|suivie)"
                                                  r"(?: (?:derriere|aussi|juste apres|dans la foulee|avec))? ", s):
        r.add(F.CUE, "pocketed", s)     # « elle rentre mais la blanche suit »: after a ball pocketed, into the pocket
        return True
    m = re.search(r"\bCUE (?:a |l a |)(?:suivi|suit|a suivi|suivent|la suit|l a suivie|l a suivi) (?:\w+ ){0,2}?"
                  r"(?:dans (?:la|le|une|un) (?:poche|trou|blouse)|au fond|au trou|dedans)\b", s)
    if m and not neg:
        r.add(F.CUE, "pocketed", m.group(0))
        return True
    return False


def _to_the_middle(fall: re.Match[str] | None, subj: str | None) -> bool:
    """« la blanche roule au milieu »: to the middle of the table, not into a side pocket."""
    return bool(fall and subj == "cue" and re.fullmatch(r"(?!" + V_FALL + r")\S+(?: \S+)? (?:au|a|en) (?:le |plein |)milieu",
                                                        fall.group(0)))


def _ball_pockets(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """Pockets told with balls as subject; True when the clause is read."""
    s, neg, subj = x.s, x.neg, x.subj
    if _cue_follows(s, neg, seen, r, c.conj):
        return True
    m = re.fullmatch(r" (?:et |(?:cette fois |et la |la |)c est |)(" + BALLS + r"|CUE) (?:au fond|dedans|en poche|dans (?:la|une) (?:poche|blouse)|dans (?:le|un) (?:trou|coin)|au trou)(?: \w+){0,3} ", s)
    if m and not neg:   # "la 9 au fond", "la blanche dedans"
        if m.group(1) == "CUE":
            r.add(F.CUE, "pocketed", m.group(0))
        else:
            r.balls(F.POCKETED, _nums(m.group(1)), m.group(0))
        return True
    # ---------- pockets: balls as subject ("la 9 rentre", "elle tombe")
    if subj in ("balls", "cue", "none"):
        fall = re.search(r"\b(?:" + V_FALL + r"|(?:va|vont|part|partent|file|filent|finit|finissent|termine|terminent|glisse|glissent|"
                         r"roule|roulent|disparait|est|sont|se retrouve|se retrouvent|est partie|sont parties|est allee|sont allees|"
                         r"suit|suivent|la suit|le suit|les suit|l accompagne|"
                         r"a fini|ont fini|a file|ont file) (?:(?:direct|directement|droit|tout droit|lentement|doucement|tranquillement|pile|"
                         r"tout seul|toute seule|tous seuls|toutes seules|aussi|encore) )?"
                         r"(?:" + _POCKET_PLACE + r"|au fond(?! de la table| du billard| de table))|(?:reste|restent) (?:dans|en) (?:la |une |le |)(?:poche|blouse|trou)|est dedans|sont dedans|y (?:va|vont|rentre|rentrent|tombe|tombent|file|est allee)|"
                         r"(?:est|sont|a ete|ont ete|fut) (?:rentree|rentrees|tombee|tombees|empochee|empochees|blousee|blousees|rentre|tombe|empoche))\b", s)
        fall = None if _to_the_middle(fall, subj) else fall
        ressort = re.search(r"\b(?:ressort|ressortent|ressorti|ressortie|rebondit hors|recrache|crache)\w*", s)
        deja = re.search(r"\bdeja\b|\bavant\b|\bauparavant", s)
        if fall and not deja and not re.search(r"\b(?:reste|restent|restait) (?:sur|en|au bord|pres|devant|dans le coin de la)", s) \
                and not re.search(r"\b(?:" + V_CONTACT + r")\b", s[:fall.start()] if subj != "none" else ""):
            if subj == "none":     # "rien ne rentre", "rien rentré": nothing pocketed
                r.add(F.NOTHING_POCKETED, True, s)
            elif neg or ressort:
                if subj == "cue":
                    r.add(F.CUE_NOT, True, s)
                else:
                    r.balls(F.NOT_POCKETED, c.subj_balls, s)
            elif subj == "cue":
                obj = re.match(r" (" + BALLS + r")\b", s[fall.end():])
                if obj:     # "la blanche rentre la 8": the 8 goes down
                    r.balls(F.POCKETED, _nums(obj.group(1)), fall.group(0) + obj.group(0))
                else:
                    r.add(F.CUE, "pocketed", s)
            elif re.search(r"\b(?:d elle meme|par elle meme|d elles memes)\b", s) or seen.still and \
                    re.search(r"\b(?:toute seule|tout seul|toutes seules|seule|apres|secondes|plus tard|finalement|ensuite)\b", s):
                r.balls(F.DROPPED, c.subj_balls, s)     # « la 9 tombe toute seule », after the balls stopped
            else:
                r.balls(F.POCKETED, c.subj_balls, s)
                w = re.search(r"\b(?:avec|en meme temps que|au meme moment que|ainsi que|suivie de|et aussi) (?:la |ma |sa |ta |notre |votre |leur |)(" + BALLS + "|CUE)", s[fall.end():])
                if w and w.group(1) == "CUE":
                    r.add(F.CUE, "pocketed", w.group(0))
                elif w:
                    r.balls(F.POCKETED, _nums(w.group(1)), w.group(0))
        elif ressort and subj == "balls":
            r.balls(F.NOT_POCKETED, c.subj_balls, s)
    return False


def _persons(c: Clause, x: _Ctx, seen: Facts, r: Reading) -> bool:
    """Who played the shot; True when the clause is read."""
    s, person, modal = x.s, x.person, x.modal
    # ---------- who played the shot (the person of its events)
    if person and re.search(r"\b(?:cass\w*|ouvre|jump\w*|saute|sautes|sautez|masse|masses|massez|annonce|annonces|annoncez|"
                            r"rate|rates|ratez|manque|manques|manquez|loupe|loupes|pousse|pousses|poussez|joue|joues|jouez|tire|tires|tirez|"
                            r"fais|fait|faites|commets|commet|commettez|place|places|placez|pose|poses|posez|vise|vises|visez|"
                            r"queute|queutes|depasse|depasses|bouge|bouges|deplace|deplaces|touche|touches|touchez|tape|tapes|tapez|"
                            r"frappe|frappes|frappez|scratche|scratches|scratchez)\b", s) and not modal:
        _add_person(r, person, s)
    if person and re.search(r"\b(?:ai|as|avez|a|avons|avais|avait)\s+(?:\w+ ){0,2}(?:casse|touche|tape|frappe|rentre|empoche|blouse|rate|manque|"
                            r"loupe|annonce|saute|masse|joue|tire|pousse|fait|commis|scratche|queute|pose|place|deplace|bouge|vise|averti|"
                            r"depasse|ete averti)\b", s):
        _add_person(r, person, s)


# ============================================================================ lookups
    return False


# (_scratch reads on, whatever else the clause tells: « j'ai rentré la 3 en faisant scratch »)
_STEPS = (_scratch, _missed_pot, _not_first, _no_ball, _first_contact, _contact_told, _off_table, _sent, _person_pockets, _ball_pockets, _persons)
