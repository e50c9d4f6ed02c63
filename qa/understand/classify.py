"""A situation or a lookup: is a shot told, or a rule asked?"""
from __future__ import annotations

import re
from dataclasses import replace

from qa.understand.clauses import Clause, _ARTICLES, _INV_PREV, _VERB_RE, _clauses
from qa.understand.facts import RULE_HEADING, Facts
from qa.understand.tokens import _is_ball
from qa.understand.readers.fouls import LISTED_FOULS



_RULE_HEADING = re.compile(RULE_HEADING + r" ,? ")
# « règle du BCA : … », « règles bca. … »: the ruleset the story is told under, no rule asked
_RULESET_HEADING = re.compile(r"^(?:GAME |, )*(?:selon |d apres |avec |en |)(?:les |la |le |)(?:regles?|reglements?) (?:du |de la |de l |de |des |)"
                              r"(?:GAME |)(?:bca|ffb|fede|federation|doolys|dooly s|guide|wpa|quebec|GAME)(?: GAME|) , ")
_GENERAL_Q = re.compile(
    r"^(?:GAME |, )*(?:que deviennent|que devient|ou va|ou vont|ou se place|ou replace|ou place|(?:que|qu) (?:se passe t il|se passe|arrive t il|arrive|faire|dit|disent|prevoit|prevoient)|"
    r"qu est ce qui (?:se passe|arrive)|quelles? (?:est|sont)|quel est|c est quoi|qu est ce qu|comment|pourquoi|combien|"
    r"quand (?:est ce qu|peut|doit|faut|a t on|y a t il)|peut on|peut-on|a t on|doit on|faut il|est il|est elle|est ce qu on|"
    r"y a t il|existe t il|dans quel|dans quels|est ce (?:que la|que le|que les|qu il) (?:regle|reglement|casse|push|faute)|"
    r"explique|expliquez|definition|la regle|les regles|regle du|regle de|regles du|regles de|selon quelle)")


_SKIP_AFTER_SUBJ = frozenset("""ne n me m te t se s l la les lui y en ai as a avons avez ont avais avait
aviez avions suis es est sommes etes sont etais etait ete viens vient venons venez de d deja bien
alors encore aussi meme juste ensuite pas jamais plus finalement accidentellement involontairement
malencontreusement d abord carrement completement vraiment direct directement BRK
annoncee visee choisie prevue designee numerotee""".split())
# verbs that report an event told after them (« je vois qu'il rate la 1 »)
_REPORT = frozenset({"vois", "voit", "vu", "regarde", "remarque", "constate", "trouve", "pense", "crois", "dis", "dit"})
_MODALS = re.compile(r"^(?:peux|peut|peuvent|pouvons|pouvez|pourrais|pourrait|dois|doit|doivent|devons|devez|"
                     r"devrais|devrait|faut|veux|veut|voudrais|voudrait|vais|vas|va|sais|sait|comprends|comprend|"
                     r"aimerais|aimerait|cherche|demande|connais|pense|crois|trouve|ai|as|avez|a|suis|es|est|sommes|etes|sont)$")
_EVENT_VERB = re.compile(
    r"^(?:touch|tap|frapp|percut|heurt|rentr|empoch|blous|enquill|tomb|rat|manqu|loup|foir|cass|saut|mass|"
    r"annonc|pouss|sort|eject|pos|plac|deplac|boug|queut|scratch|commet|commis|depass|mets|met|mis|ouvr|"
    r"averti|prevenu|vis|jou|tir|fais|fait|envoi|envoy|expedi|projet|effleur|frol|accroch|cogn|"
    r"re(?:fai|fait|jou|touch|tap|rat|cass|tent))\w*$")
_NEEDS_OBJECT = re.compile(r"^(?:jou|tir|fais|fait|vis|pos|plac|mets|met|mis|envoi|envoy)\w*$")
_OBJECT_OK = re.compile(r"^(?:B\d|CUE|BIH|un|une|la|le|les|ma|mon|sa|son|tomber|rentrer|sortir|sauter|bouger|"
                        r"assis|assise|allonge|allongee|couche|debout|"
                        r"alors|sans|d|avec|push|coup|jump|masse|scratch|poussette|queutage|securite|dans|par|sur|normal$|normalement|direct$|directement|doucement|fort$)")
_BALL_EVENT = re.compile(
    r"^(?:tomb|rentr|entr|sort|saut|vol|revol|envol|decoll|part|va|vont|fil|fin|termin|touch|tap|frapp|boug|roul|ressort|ressorti|"
    r"atterri|quitt|passe|passent|franchi|revien|rebond|reste|restent|glisse|disparai|cogn|heurt)\w*$")
_STRONG_SUBJ = frozenset({"je", "j", "g", "tu", "t", "vous", "nous", "ADV", "PLAYER", "il", "on"})
# « puis-je » asks only before an infinitive (« puis-je rejouer ? »); « …, puis je fais une faute »
# tells what came next
_MAY_I = r"puis je(?= (?:le |la |l |les |y |en |me |m |)(?:\w+(?:er|ir)|faire|mettre|prendre|dire|refaire|remettre|reprendre)\b)"
_INVERSION = re.compile(r"\b[a-z]+ t (?:il|elle|on|ils|elles)\b|\b(?:est|sont|peut|doit|faut|compte|"
                        r"vaut|dois|ai|as|a) (?:il|elle|on|je|tu)\b|\bpuis (?:il|elle|on|tu)\b(?= \w+(?:er|ir)\b)|\b" + _MAY_I)


def _main_verb(toks: list[str], start: int) -> tuple[int, str] | None:
    """The first verb after position ``start`` (a subject), skipping clitics, auxiliaries
    and adverbs: (index, word), or None."""
    j = start + 1
    while j < len(toks) and toks[j] in _SKIP_AFTER_SUBJ:
        # an auxiliary or "ne" may be followed by the verb; "a"/"est" as last word is a verb
        j += 1
    if j >= len(toks):
        # "j'ai", "c'est": the auxiliary itself is the last word
        return None
    return j, toks[j]


def _not_a_subject(ts: list[str], i: int) -> bool:
    """``ts[i]`` looks like a subject but is not one: « il y a », « il reste », or an inverted
    subject (« peut-on », « faut-il », « dois-je »)."""
    t = ts[i]
    if t == "il" and i + 1 < len(ts) and ts[i + 1] in ("y", "reste", "restait", "restent", "faut", "manque", "n", "ne"):
        if not (ts[i + 1] in ("n", "ne") and i + 2 < len(ts) and _EVENT_VERB.match(ts[i + 2])):
            return True
    return t in ("il", "on", "je", "tu", "vous", "t") and i > 0 and ts[i - 1] in _INV_PREV \
        and not (i >= 2 and ts[i - 2] in _ARTICLES)


def _person_event(ts: list[str], j: int, v: str, prev: str) -> bool:
    """The verb ``v`` at ``j`` after a person tells an event ("je touche", "j'ai joué la 3"), not a
    verb whose object says it is about the rules ("je joue la partie")."""
    if not _EVENT_VERB.match(v):
        return False
    if _NEEDS_OBJECT.match(v) and not (j + 1 >= len(ts) and (prev in ("ai", "as", "a", "avez", "avons", "ont")
                                                             or v.startswith(("jou", "tir")))):
        nxt = ts[j + 1] if j + 1 < len(ts) else ""
        if not _OBJECT_OK.match(nxt) or nxt in ("la", "le") and j + 2 < len(ts) and ts[j + 2] in ("regle", "regles", "partie", "casse"):
            return False
    return True


def _ball_event(v: str, prev: str) -> bool:
    """The verb ``v`` after a ball or the cue ball tells an event ("la 9 tombe"), not a bare
    participle ("la 10 empochée à la casse")."""
    if not (_BALL_EVENT.match(v) or (_EVENT_VERB.match(v) and v.startswith(("empoch", "blous", "eject", "touch", "effleur", "frol",
                                                                            "accroch", "percut", "prend", "envoi", "envoy",
                                                                            "pouss", "expedi", "projet")))):
        return False
    return not (v.endswith(("ee", "ees")) and prev not in ("est", "sont", "ete", "a", "ont", "etait", "etaient")
                and not v.startswith(("tomb", "rentr", "sort")))


_GOES_TO = frozenset({"en", "dans", "au", "a", "contre", "sur", "derriere", "jusqu", "jusque", "se", "s", "toute", "direct", "droit"})


def _clause_event(ts: list[str]) -> tuple[bool, bool]:
    """(a person's event, an event of balls) told by the first subject of a clause and its verb."""
    # (a clause may open on when it happened: « à mon premier coup de celle-ci je touche la 3 »)
    head = 8 if ts[:1] in (["a"], ["au"], ["sur"], ["pendant"], ["lors"], ["des"]) else 5
    for i, t in enumerate(ts[:head]):
        if not (t in _STRONG_SUBJ or t == "CUE" or _is_ball(t)):
            continue
        mv = None if _not_a_subject(ts, i) else _main_verb(ts, i)
        if mv is not None and mv[1] in ("va", "vont") and (t == "CUE" or _is_ball(t)) and mv[0] + 1 < len(ts) \
                and (_BALL_EVENT.match(ts[mv[0] + 1]) or ts[mv[0] + 1] in _GOES_TO):
            return False, True      # « ma blanche va taper la 5 », « la 3 va en bande »: what the ball does
        if mv is None or _MODALS.match(mv[1]):
            return False, False
        j, v = mv
        if t in _STRONG_SUBJ and v in _REPORT:
            continue        # « je vois qu'il rate la 1 »: the event is told after
        prev = ts[j - 1] if j > i + 1 else ""
        if v.endswith(("er", "ir")) and prev not in ("de", "d") and not v.endswith(("ier",)) \
                and (not _BALL_EVENT.match(v) or t in _STRONG_SUBJ):
            return False, False     # an infinitive: after "vais"/"peux"… (skipped above) — not an event
        if t in _STRONG_SUBJ:
            return _person_event(ts, j, v, prev), False
        return False, _ball_event(v, prev)
    return False, False


# a shot that makes a ball fall or leave the table (« la casse fait tomber la 9 », « mon coup a fait sortir la 4 »)
_CAUSED = re.compile(r"\b(?:casse|break|bris|BRK|coup|tir|push|jump|masse|ouverture) (?:\w+ ){0,2}?(?:fait|fais|a fait|avait fait|finit par faire) "
                     r"(?:tomber|rentrer|sortir|sauter|voler) (?:B\d|CUE)")


def _implied_ball_events(c: "Clause") -> int:
    """Events of balls whose subject is not written in the clause."""
    ts = c.toks
    if c.inherited and c.subject in ("cue", "balls") and c.conj != "qui" and ts and _BALL_EVENT.match(ts[0]):
        return 1    # "la blanche décolle et part par terre": the second verb's subject is the cue ball
    if c.subject == "count" and c.conj != "qui":
        return 1    # "deux tombent", "six billes touchent une bande" (read by _subject_of)
    if c.conj == "qui" and c.subject in ("balls", "cue"):   # « la 4 qui tombe », « blanche qui saute hors de la table »
        mv = _main_verb(["X"] + ts, 0)
        return 1 if mv and _BALL_EVENT.match(mv[1]) else 0
    if _CAUSED.search(" ".join(ts)):
        return 1    # « ma casse fait tomber la 9 »: the 9 falls, caused by the shot
    return 0


def narrative(clauses: list["Clause"]) -> tuple[bool, int]:
    """(events told by a person: "je touche", "mon adversaire casse"…, how many clauses
    tell an event of balls or the cue ball: "la 9 tombe", "la blanche saute hors de la
    table"…), each with a conjugated verb (not an infinitive after a modal: "je peux sauter"
    tells nothing)."""
    person = False
    balls = 0
    for c in clauses:
        p, b = _clause_event(c.toks)
        person = person or p
        balls += int(b) + _implied_ball_events(c)
    return person, balls


_MODAL_Q = re.compile(r"\b(?:dois je|doit on|doit il|" + _MAY_I + r"|peut on|peut il|peux je|faut il|ai je le droit|a t on le droit|"
                      r"est ce que (?:je|j|on|tu) (?:peux|peut|dois|doit|ai le droit)|est il (?:permis|autorise|interdit|obligatoire)|"
                      r"(?:je|tu|on) (?:peux|peut|dois|doit) (?:\w+ )?(?:toucher|jouer|annoncer|casser|sauter|masser|placer|rentrer))\b"
                      # « faut 4 billes à la bande sur la casse ? » opens on what the rule requires
                      r"|^(?:GAME |, )*(?:il |)faut\b")
# « faut 4 billes à la bande même si j'en rentre une ? »: what the rule requires, under a condition (no shot told)
_MUST_IF = re.compile(r"^(?:GAME |, )*(?:il |)faut\b.*\b(?:meme si|si|quand|lorsque)\b")
_RULING_Q = re.compile(r"\b(?:faute|fautes|gagne|gagner|gagnee|gagnes|perdu|perd|perds|valable|valide|regulier|reguliere|"
                       r"legal|legale|compte|qui joue|a qui|qui rejoue|qui a la main|ca donne quoi|on fait quoi|que faire|"
                       r"quoi faire|je fais quoi|la suite|sanction|penalite|c est bon|ok|c grave|c est grave|ca passe)\b"
                       r"|(?:, |^)(?:et |)(?:ensuite|apres|et maintenant|consequences?)$")


def _fact_count(f: Facts) -> int:
    """How many facts of the shot a story tells (the game and rules named are not counted)."""
    return sum(bool(x) for x in (
        f.kind, f.first != "unset", f.pocketed or f.nothing_pocketed or f.not_pocketed or f.pocketed_count is not None,
        f.cue or f.cue_not, f.off, f.crossed is not None,
        f.rail is not None or f.no_rail or f.rails_count is not None or f.cue_rail_first, f.called != "unset", f.codes,
        f.fouls_self is not None or f.fouls_shooter is not None, f.jump or f.masse, f.lowest is not None or f.present or f.on_table))


_CODE_Q = re.compile(r"\b(?:est ce (?:une |)faute|c est (?:une |)faute (?:de|d)|y a t il faute)\b")


# the rule asked in general, not a shot: "en général", "normalement", "d'habitude"
_GENERIC = re.compile(r"\b(?:en general|normalement|d habitude|habituellement|en regle generale|generalement|en principe)\b")
# where a ball goes: "on la met où ?", "où on la replace ?"
_PLACE_Q = re.compile(r"\b(?:on|je|il|tu) (?:la |le |les |l |)(?:met|mets|place|replace|remet|pose)\w* (?:B\d++\S*+ |CUE |)ou\b(?! (?:je|j|tu|il|on|vous) (?:veux|veut|voulez|voulais|voulait))|"
                      # (« gagné ou on la remet ? »: « ou » after a word is « or », the question opens on « où »)
                      r"(?:^|, |\bet |\bmais |\balors |GAME )ou (?:est ce qu |)(?:on|je|il|tu) (?:la |le |les |l |)(?:met|mets|place|replace|remet|pose)\w*")

# the ruling asked at the end of a story told before it (« la 9 tombe avec la blanche, que se passe-t-il ? »)
_RULING_TAIL = re.compile(r"(?<=\S) (?:, |: |)(?:et |alors |du coup |bon |)(?:que se passe t il|qu arrive t il|qu est ce qui se passe|"
                          r"qu est ce qu il se passe|que se passe t il alors|que faut il faire|que dois je faire|on fait comment)$")

_OWN_RESULT = re.compile(r"\b(?:ai je|as tu|a t il|avez vous) (?:perdu|gagne)\b")


def is_situation(sym: str, f: Facts, clauses: list["Clause"] | None = None) -> bool:
    """True when the symbolised question tells a shot (see module doc), False for a lookup."""
    person, balls = narrative(clauses if clauses is not None else _clauses(sym.split()))
    if _MODAL_Q.search(sym) and not f.outcome_told() or _MUST_IF.search(sym):
        return False   # "quand je casse, dois-je toucher la 1 ?": a rule asked, no shot told
    if _GENERIC.search(sym) or _PLACE_Q.search(sym):
        return False   # "en général…", "on la met où ?": the rule asked
    if person:
        return True
    first_word = next((t for t in sym.split() if t not in ("GAME", ",")), "")
    # « Règle des trois billes : deux billes passent la ligne… » names the rule the story is under
    headed = _RULESET_HEADING.sub("", _RULE_HEADING.sub("", sym))
    # « …, que se passe-t-il ? » at the end of a story asks its ruling: not the rule asked in general
    told = _RULING_TAIL.sub("", sym)
    general = bool(_GENERAL_Q.search(headed) or _INVERSION.search(told) or
                   (first_word.endswith(("er", "ir")) and _VERB_RE.match(first_word)) or
                   re.search(r"\b(?:que se passe t il|qu arrive t il|que se passe|qu est ce qui se passe|que faire) "
                             r"(?:si|quand|lorsque|lorsqu|en cas)", sym))
    if general and not (balls and _OWN_RESULT.search(sym)):
        return False
    if f.cue_missed and not _CODE_Q.search(sym):
        return True     # « ma queue est passée à côté de la blanche »
    if f.first is None and _RULING_Q.search(sym) and not re.search(r"\bsi\b", sym):
        return True     # « la blanche rate tout, faute ? »: the miss is the story
    if balls:
        # events of balls only: a story when it tells two facts or asks for a ruling; a bare
        # statement ("la 10 sort de la table") is left to the clause lookup
        # ("la blanche ne touche aucune bille" tells the contact: enough to rule)
        return balls >= 2 or _fact_count(f) >= 2 or bool(f.codes) or bool(_RULING_Q.search(sym)) \
            or (f.first is None and not re.search(r"\bsi\b", sym))
    if f.kind and _fact_count(f) >= (2 if f.kind == "push_out" else 3) and not re.search(r"\bsi\b", sym):
        return True     # "à la casse rien ne rentre, 3 billes touchent une bande, la 1 touchée en premier"
    if f.told_pockets and _fact_count(f) >= 2:
        return True
    if _fact_count(f) >= 3 and f.first != "unset" and not re.search(r"\bsi\b", sym):
        return True     # « je viens coller la blanche contre la 4, la plus basse, mais rien ne touche une bande »
    # a foul told in a few words ("queutage sur la 1", "poche pleine, la blanche touche une bille")
    if (f.codes or f.jump or f.masse) and re.search(r"\bB\d|\bCUE\b", sym) and not _CODE_Q.search(sym):
        return True
    told_fouls = f.fouls_self or f.fouls_other or f.fouls_shooter or LISTED_FOULS.search(sym)
    if told_fouls and (f.codes or _fact_count(f) >= 2) and not _CODE_Q.search(sym) and not re.search(r"\bsi\b", sym):
        return True     # "3 fautes de suite, la 3e c'était une mauvaise bille", « faute, faute, puis … »
    return False


# ============================================================================ assembly


def _not_ruled_here(f: Facts) -> bool:
    """Stories the engine cannot rule on as told, left to the clause lookup: the cue ball
    flying over a ball by itself, "une bille rentre" with no ball named, "je fais une faute"
    with no foul named."""
    if f.incidental_jump:
        return True
    if f.generic_pocket and not f.pocketed and not f.pocket_lowest and not (f.kind == "break" and f.pocketed_count):
        return True
    specific = bool(f.codes or f.cue in ("pocketed", "off_table") or f.off or f.no_rail or f.first is None
                    or f.lowest is not None or f.present or f.jump or f.masse or f.rails_count is not None
                    or f.cue_rail_first or (f.fouls_self or 0) > 0
                    # « il refait une faute en touchant la 8 d'abord » with a lower ball told: the foul is that contact
                    or isinstance(f.first, int) and any(b < f.first for b in f.named))
    return f.generic_foul and not specific


def _has_shot_fact(f: Facts) -> bool:
    """At least one fact of what the shot did was read, or of how it was played (the ball aimed
    at, a jump, a massé). A story about placing the cue ball in hand, say, or the kind of shot
    alone (and the rack, the fouls so far…) tells nothing the engine could rule on but its own
    defaults ("que se passe-t-il si on casse avec un magic rack ?" asks for the rule: a lookup)."""
    # (« il annonce push out et il pousse la blanche derrière la 7 »: a push-out played, it needs no contact)
    # (« c'est vrai qu'on n'annonce pas ? »: no call, and nothing else of a shot, tells no shot)
    told = f.outcome_told() and (f.called is not None or replace(f, called="unset").outcome_told())
    return told or f.intent is not None or f.jump or f.masse or f.pocket_lowest or f.cue_missed or (
        f.kind == "push_out" and bool(f.persons))
