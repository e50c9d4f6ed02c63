"""The story cut into clauses, each with its subject, pronouns resolved, negation."""
from __future__ import annotations

import re
from dataclasses import dataclass

from qa.understand.lexicon import SHOT_MARKERS
from qa.understand.tokens import _is_ball, _nums



# ============================================================================ clauses
_CONJ = frozenset({"et", "mais", "puis", "ensuite", "alors", "donc", "car", "quand", "lorsque",
                   "lorsqu", "si", "pendant", "tandis", "parce", "sauf", "qui", "ou", "apres",
                   "pourtant", "cependant", "sachant", "comme", "sinon"})
_SUBJ = {"je": "self", "j": "self", "g": "self", "jai": "self", "moi": "self", "tu": "self", "t": "self", "toi": "self",
         "vous": "self", "nous": "self", "on": "self", "il": "other", "ADV": "other", "PLAYER": "player"}

# verb stems (regex on a token) by category
V_CONTACT = r"(?:re(?=touch|tap|frapp|cogn))?(?:touch|tap|frapp|percut|heurt|attaqu|cogn|effleur|frol|accroch|kiss|pris\b|prend)\w*"
V_POT = r"(?:rentr|empoch|blous|enquill|plant|pott|met|mets|mis|mise)\w*"
# the push-out named in a story (« push », « coup poussé », « pendant le poussé »: the shot named by its participle)
V_PUSH = (r"\bpush\b|\bpush out\b|\bpushout\b|\bcoup (?:de )?pousse\b|\bdegagement\b|"
          r"(?:(?<=\ble )|(?<=\bun )|(?<=\bmon )|(?<=\bson )|(?<=\bton ))pousse\b")
V_FALL = r"(?:tomb|rentr|entr|empoch|blous|coul|disparai|disparu|plong|jett|jete|jeter)\w*"
_VERB_RE = re.compile(
    r"^(?:touch|tap|frapp|percut|heurt|attaqu|cogn|effleur|frol|accroch|rentr|empoch|blous|enquill|tomb|entr|coul|rat|manqu|"
    r"loup|foir|annonc|cass|saut|mass|sort|eject|vol|envol|jou|vis|pouss|queut|pos|depass|plac|deplac|bouge|ressor|"
    r"fais|fait|va|vont|part|fil|fin|termin|glis|reste|franchi|pass|traverse|averti|prevenu|previen|atterri|plong|decoll|revien|"
    r"commet|commis|scratch|ouvr|atteign|atteint|arriv|met|mets|mis)\w*$")
_AUX = frozenset({"ai", "as", "a", "avons", "avez", "ont", "avais", "avait", "avions", "aviez",
                  "suis", "es", "est", "sommes", "etes", "sont", "etais", "etait", "ete",
                  "viens", "vient", "venons", "venez", "de", "d", "ne", "n", "me", "m", "te", "t",
                  "se", "s", "y", "en", "la", "l", "les", "lui", "vais", "va", "vas", "allez",
                  "deja", "bien", "juste", "encore", "aussi", "meme", "finalement", "ensuite",
                  "d", "abord", "pas", "jamais", "plus", "accidentellement", "involontairement", "avoir", "etre",
                  "malencontreusement", "sans", "faire", "fais", "fait"})
# verbs whose subject can be balls told by their number
_BALL_VERB = re.compile(r"^(?:tomb|rentr|entr|touch|tap|frapp|va$|vont|part|fil|fin|franchi|pass|traverse|depass|"
                        r"remont|atteign|atteint|arriv|sort|saut|vol|envol|roul|rest)\w*$")
_NEG_AFTER = frozenset({"pas", "jamais", "point", "nullement"})


@dataclass
class Clause:
    """One clause of the story: its words, the conjunction that opened it, its subject
    (``self``/``other``/``player``/``cue``/``balls``/``none``/None) and subject balls."""

    toks: list[str]
    conj: str = ""
    subject: str | None = None
    subj_balls: tuple[int, ...] = ()
    inherited: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.toks)


_PREPS_OF = frozenset({"derriere", "devant", "apres", "avec", "contre", "sur", "sous", "avant"})
_ADVERBS_BEFORE_PARTICIPLE = frozenset({"bien", "juste", "deja", "finement", "seulement", "quand", "meme", "a", "peine"})


def _resolve_pronouns(toks: list[str]) -> list[str]:
    """``elle``/``elles`` → the last ball (or CUE); clitic ``la``/``l``/``les`` before a verb
    → the ball placed after the verb (and after ``pas``)."""
    out: list[str] = []
    last: str | None = None
    before: str | None = None       # the ball named before ``last``
    ways: set[str] = set()          # balls a combination goes through (named again after an aside)
    i = 0
    while i < len(toks):
        t = toks[i]
        if (_is_ball(t) or t == "CUE") and _through(out) and last and last != "CUE":
            ways.add(t)     # (« la 10 en combi via la 3 … elle rentre »: the 3 is the way, the 10 the ball)
        elif (_is_ball(t) or t == "CUE") and t != last and t not in ways:
            last, before = t, last
        if t in ("elle", "elles") and last:
            # « la blanche derrière elle »: not the ball the preposition follows
            own = len(out) >= 2 and out[-2] == last and out[-1] in _PREPS_OF and before
            out.append(before if own and before else last)
            i += 1
            continue
        if t in ("la", "l", "les") and last and i + 1 < len(toks):
            prev = out[-1] if out else ""
            j = i + 1
            while j < len(toks) and toks[j] in ("ai", "as", "a", "avais", "avait", "avez", "avons"):
                j += 1
            while j > i + 1 and j < len(toks) - 1 and toks[j] in _ADVERBS_BEFORE_PARTICIPLE:
                j += 1      # « je l'ai bien touchée »
            if j < len(toks) and _VERB_RE.match(toks[j]) and prev in (
                    "je", "j", "tu", "t", "vous", "il", "on", "ne", "n", "ADV", "PLAYER", "et", "",
                    "nous", "me", "m", "puis", ",", "qui", "sans", "de", "d"):
                aux = toks[i + 1:j]
                out.extend(aux)
                out.append(toks[j])
                k = j + 1
                if k < len(toks) and toks[k] in _NEG_AFTER:
                    out.append(toks[k])
                    k += 1
                out.append(last)
                i = k
                continue
        out.append(t)
        i += 1
    return out


# the word before a ball that a combination goes through (« la 10 en combi via la 3 »): no antecedent of « elle »
_THROUGH = frozenset({"via"})
_COMBINATION = frozenset({"combi", "combo", "combinaison", "combine"})


def _through(out: list[str]) -> bool:
    """The ball that comes next is the one a combination goes through (« … via la 3 », « … en combi avec la 2 »)."""
    return bool(out) and (out[-1] in _THROUGH or out[-1] == "avec" and len(out) >= 2 and out[-2] in _COMBINATION)


# a noun a first-person subject may follow without a comma (« sur un coup poussé j'ai rentré la 3 »)
_NOUN_BEFORE_SUBJECT = frozenset({"pousse", "poussee", "push", "degagement"})
_PUBLISHERS = frozenset({"ffb", "bca", "doolys", "dooly", "guide", "fede", "federation", "wpa"})
# the subjects that open the main clause after « sans <verbe> la N » written without a comma
_SANS_ENDS = frozenset({"je", "j", "jai", "il", "tu", "on", "ADV", "PLAYER"})


def _is_boundary(toks: list[str], i: int, cur: list[str]) -> bool:
    t = toks[i]
    return t in (",", "GAME", "sans") or (t in _CONJ and not (t == "ou" and cur and _is_ball(cur[-1]))
                                          and not (t == "quand" and toks[i + 1:i + 2] == ["meme"])
                                          and not (t in ("apres", "ou") and cur[-1:] == ["d"]))   # « au tour d'après », « d'où »


def _gerund_then_subject(toks: list[str], i: int, cur: list[str]) -> bool:
    """``toks[i]`` is a ball (or the cue ball) right after a gerund (« en cassant », « en jouant »)
    and before a conjugated verb of balls: the ball is that verb's subject, not the gerund's object
    (« en cassant la 6 saute par-dessus la bande »)."""
    if len(cur) < 2 or cur[-2] != "en" or not cur[-1].endswith("ant") or i + 1 >= len(toks):
        return False
    nxt = toks[i + 1]
    return (_is_ball(toks[i]) or toks[i] == "CUE") and bool(_BALL_VERB.match(nxt)) and not nxt.endswith(("ant", "er", "ir"))


def _cut(toks: list[str]) -> list[Clause]:
    """The clauses, cut at punctuation, game names and conjunctions (each with its conjunction);
    « sans » opens a clause that keeps it."""
    raw: list[Clause] = []
    cur: list[str] = []
    conj = ""
    i = 0
    while i < len(toks):
        t = toks[i]
        if t in ("j", "je") and cur and cur[-1] in _NOUN_BEFORE_SUBJECT and toks[i + 1:i + 2] in (["ai"], ["avais"]):
            raw.append(Clause(cur, conj))     # « sur un coup poussé j'ai rentré la 3 »: a new clause, its subject kept
            cur, conj = [t], ""
            i += 1
            continue
        if _is_ball(t) and cur[-1:] == [t] and i + 1 < len(toks) and _BALL_VERB.match(toks[i + 1]):
            raw.append(Clause(cur, conj))     # « je joue la 1 elle rentre » (« elle » read as B1): the ball
            cur, conj = [], ""                # told again opens its own clause
            continue
        if _is_ball(t) and t in cur and cur[-1] not in _ARTICLES and cur[-1] not in _PREPS and \
                toks[i + 1:i + 2] in (["a"], ["est"], ["etait"], ["avait"]) and i + 2 < len(toks):
            raw.append(Clause(cur, conj))     # « je visais la 3 au coin du haut elle a fait 2 bandes » (« elle »
            cur, conj = [], ""                # read as B3): the ball named again, with its verb, is a new subject
            continue
        if t == "GAME" and len(cur) == 1 and cur[0] in _SANS_ENDS:
            i += 1      # « mon adversaire au 9 (ffb) a touché la 4 »: the game named between the subject and its verb
            while i < len(toks) and toks[i] in _PUBLISHERS:
                i += 1
            continue
        if _gerund_then_subject(toks, i, cur):
            raw.append(Clause(cur, conj))     # « en cassant la 6 saute… »: the gerund ends before the ball
            cur, conj = [], ""                # that is the subject of the next verb
            continue
        if t in _SANS_ENDS and cur[:1] == ["sans"] and len(cur) >= 3 and _is_ball(cur[-1]):
            raw.append(Clause(cur, conj))     # « sans toucher la 1 je rentre la 10 »: the « sans » clause ends
            cur, conj = [t], ""               # at the subject of the main clause
            i += 1
            continue
        if not _is_boundary(toks, i, cur):
            cur.append(t)
            i += 1
            continue
        if cur:
            raw.append(Clause(cur, conj))
        cur, conj = ([], "") if t in (",", "GAME") else ([], t)
        if t == "sans":
            cur = ["sans"]
        elif toks[i + 1:i + 2] in (["que"], ["qu"]) and t in ("alors", "pendant", "tandis", "parce", "sachant"):
            conj = "alors que" if t == "alors" else t
            i += 1
        i += 1
    if cur:
        raw.append(Clause(cur, conj))
    return raw


_ALSO = ("aussi", "egalement", "pareil", "avec", "itou")


def _share_verbs(raw: list[Clause]) -> None:
    """« la 9 tombe et la blanche aussi »: the verb of the previous clause is understood."""
    for k in range(1, len(raw)):
        ts = raw[k].toks
        # the word that stands for the verb: last (« la blanche aussi »), or right after the ball
        # with the rest of the clause telling where or when (« la blanche aussi dans la poche du milieu »)
        at = len(ts) - 1 if 2 <= len(ts) <= 3 and ts[-1] in _ALSO else 1 if len(ts) > 2 and ts[1] in _ALSO else 0
        if at and (ts[0] == "CUE" or _is_ball(ts[0])) and not any(_VERB_RE.match(t) for t in ts[1:]):
            prev = raw[k - 1].toks
            sub_at = next((j for j, t in enumerate(prev) if t == "CUE" or _is_ball(t) or t in _SUBJ), None)
            obj_at = next((j for j, t in enumerate(prev) if j > (sub_at or 0) and (t == "CUE" or _is_ball(t))), None)
            if sub_at is not None and prev[sub_at] in _SUBJ and obj_at is not None:
                # « j'empoche la 9 et la blanche aussi »: a second object of the person's verb
                raw[k].toks = prev[sub_at:obj_at] + [ts[0]] + ts[at + 1:]
            elif sub_at is not None:
                raw[k].toks = [ts[0]] + prev[sub_at + 1:] + ts[at + 1:]


_COMBINATION = frozenset({"combi", "combo", "combinaison"})
# a ball's own verb (« la 6 est tombée », « la 2 a filé »): not a clause without a verb
_AUX_OF_BALLS = frozenset({"est", "sont", "a", "ont", "etait", "etaient", "avait", "avaient", "fut", "ne", "n"})


def _elided_verbs(raw: list[Clause]) -> None:
    """« je rentre la 1, puis la 2, puis la 3 en combinaison avec la 10 »: a clause opened by « puis »
    or « ensuite » that names a ball and no verb of its own goes on with the person's verb told
    before (a shot of the same player); a ball played « en combinaison » is the ball played, not the
    ball pocketed (« je joue »)."""
    for k in range(1, len(raw)):
        c = raw[k]
        if c.conj not in ("puis", "ensuite") or not c.toks or not _is_ball(c.toks[0]) \
                or any(_VERB_RE.match(t) and not t.endswith(("ee", "ees")) or t in _AUX_OF_BALLS for t in c.toks[1:]):
            continue
        prev = next((p.toks for p in reversed(raw[:k]) if _subject_of(p.toks)[0] in ("self", "other", "player")), None)
        sub_at = next((j for j, t in enumerate((prev or [])[:3]) if t in _SUBJ), None)
        if prev is None or sub_at is None:
            continue
        obj_at = next((j for j, t in enumerate(prev) if j > sub_at and _is_ball(t)), None)
        if obj_at is None or not any(_VERB_RE.match(t) for t in prev[sub_at + 1:obj_at]):
            continue
        verb = [prev[sub_at], "joue"] if _COMBINATION.intersection(c.toks) else prev[sub_at:obj_at]
        c.toks = verb + c.toks


@dataclass
class _Context:
    """What the clauses read so far tell the next: last subject, last person, last object ball."""

    subject: str | None = None
    balls: tuple[int, ...] = ()
    person: str | None = None
    obj: tuple[int, ...] = ()
    last: tuple[str, ...] = ()      # the words of the clause before


def _inherited_subject(c: Clause, ctx: _Context) -> tuple[str | None, tuple[int, ...]] | None:
    """The subject of a clause that has none written: the object of the clause before after
    « qui », else the subject before for a clause that starts with a verb (None: not inherited)."""
    if c.conj == "qui" and ctx.last[-1:] in (("rien",), ("aucune",), ("aucun",)):
        return "none", ()           # « rien qui tombe »
    if c.conj == "qui" and ctx.last[-1:] == ("CUE",):
        return "cue", ()            # « je joue la blanche qui va toucher la 4 »
    if c.conj == "qui" and ctx.obj:
        return "balls", ctx.obj
    if ctx.obj and c.toks and c.toks[0].endswith(("ee", "ees", "prise")) and _VERB_RE.match(c.toks[0]):
        return "balls", ctx.obj     # « … rate la 4 (touchée, bande) »: said of the 4
    if c.conj in ("et", "puis", "ensuite", "mais", "", "donc", "apres", "sans") and _starts_with_verb(c.toks):
        # a verb with a ball or the cue ball as object ("… et rentre la 9") has the last
        # person as subject, even after a clause about a ball ("alors que la 5 est là")
        if ctx.person and ctx.subject not in ("self", "other", "player") and \
                any(_is_ball(t) or t == "CUE" for t in c.toks[1:]) and not _is_ball(c.toks[0]):
            return ctx.person, ()
        return ctx.subject, ctx.balls
    return None


def _clauses(toks: list[str]) -> list[Clause]:
    """Cut the symbolised words into clauses and give each its subject."""
    raw = _cut(toks)
    _share_verbs(raw)
    _elided_verbs(raw)
    ctx = _Context()
    for c in raw:
        subj, balls = _subject_of(c.toks)
        if subj is None:
            inherited = _inherited_subject(c, ctx)
            if inherited is not None:
                (subj, balls), c.inherited = inherited, True
        c.subject, c.subj_balls = subj, balls
        if subj is not None:
            ctx.subject, ctx.balls = subj, balls
        if subj in ("self", "other", "player"):
            ctx.person = subj
        objs = [b for t in c.toks for b in _nums(t)]
        if objs:
            ctx.obj = (objs[-1],)
        ctx.last = tuple(c.toks)
    return raw


_GOES_TO = frozenset({"en", "a", "au", "aux", "contre", "dans", "sur", "direct", "directement", "droit", "tout"})


def _starts_with_verb(toks: list[str]) -> bool:
    for k, t in enumerate(toks):
        if t in ("va", "vont") and toks[k + 1:k + 2] and toks[k + 1] in _GOES_TO:
            return True     # « … mais va en bande »: « aller » a verb of its own, not an auxiliary
        if t in _AUX:
            continue
        return bool(_VERB_RE.match(t))
    return False


_INV_PREV = frozenset({"t", "faut", "peut", "doit", "dois", "puis", "est", "sais", "ai", "suis", "fais", "dit",
                       "vais", "peux", "pourrait", "devrait", "sont", "avez", "pouvez", "devez", "etes"})
_ARTICLES = frozenset({"la", "le", "l", "les", "une", "un", "ma", "mon", "ta", "ton", "sa", "son", "ce", "cette",
                       "du", "des", "au", "aux", "notre", "votre", "leur"})
_PREPS = frozenset({"a", "au", "aux", "sur", "dans", "en", "avant", "pendant", "lors", "de", "du", "d", "par",
                    "pour", "avec", "selon", "chez", "GAME", "ffb", "bca", "guide", "dooly", "s", "c", "ca",
                    "bon", "bref", "ok", "alors", "ben", "bah", "euh", "hier", "ensuite", "la", "maintenant",
                    "aujourd", "hui", "soir", "finalement", "donc", "voila", "oui", "non", "que", "qu", "meme", "temps"})


_COUNTED = frozenset({"billes", "bille", "boules", "boule", "autres", "autre"})
_COUNT_WORDS = frozenset({"seulement", "juste", "que", "seule", "de", "plus"})


def _is_count_subject(toks: list[str], k: int) -> bool:
    """``toks[k]`` is a number (or « une ») that is the subject of a verb about balls: "2 tombent",
    "6 billes touchent", "une autre franchit" (not "une bille" alone before a noun phrase)."""
    t = toks[k]
    if not (t.isdigit() or t == "une") or (k and toks[k - 1] in _ARTICLES):
        return False
    j = k + 1
    counted = False
    while j < len(toks) and (toks[j] in _COUNTED or toks[j] in _COUNT_WORDS):
        counted = counted or toks[j] in _COUNTED
        j += 1
    if j >= len(toks) or (t == "une" and not counted and not (k == 0 and re.match(r"(?:tomb|rentr|entr)\w*$", toks[j]))):
        return False
    return bool(_BALL_VERB.match(toks[j])) or toks[j] in ("qui", "ne", "n", "sont", "ont")


def _subject_of(toks: list[str]) -> tuple[str | None, tuple[int, ...]]:
    """The subject of a clause: (kind, balls). Kind is ``self``/``other``/``player`` (a
    person), ``cue``, ``balls``, ``count`` (balls told by their number: "deux tombent", "six
    billes touchent une bande", "une autre franchit la ligne"), ``none`` ("rien ne rentre") or
    None (elided, or a question with an inverted subject). A marker of a later shot that opens
    the clause (« plus tard », « cette fois », ``shot_markers``) is not its subject."""
    lead = next((len(p) for p in SHOT_MARKERS if tuple(toks[:len(p)]) == p and len(toks) > len(p)
                 and toks[len(p)] in _SUBJ), 0)
    rest = toks[lead:]
    if rest[:1] == ["lui"] and len(rest) > 1 and (_VERB_RE.match(rest[1]) or rest[1].startswith("re")):
        return "other", ()      # « … et lui refait une faute »
    return _subject_after(rest)


def _subject_after(toks: list[str]) -> tuple[str | None, tuple[int, ...]]:
    for k, t in enumerate(toks[:7]):
        prev = toks[k - 1] if k else ""
        if _is_count_subject(toks, k):
            return "count", ()
        if prev in _ARTICLES and t not in ("CUE",) and not _is_ball(t) and t not in _SUBJ:
            continue   # a noun: "à la casse", "sur le break"
        if t in _SUBJ:
            if k and prev in _INV_PREV and not (k >= 2 and toks[k - 2] in _ARTICLES) \
                    and t in ("il", "on", "je", "tu", "vous", "t"):
                return None, ()     # inverted subject: a question ("peut-on", "faut-il")
            if t == "il" and k + 1 < len(toks) and toks[k + 1] in ("y", "reste", "restait", "restent", "faut", "manque"):
                return None, ()
            if t == "il" and toks[k + 1:k + 3] in (["ne", "reste"], ["n", "y"], ["ne", "restait"], ["n", "en"]):
                return None, ()
            return _SUBJ[t], ()
        if t == "CUE":
            return "cue", ()
        if _is_ball(t) and prev in ("sur", "contre", "vers", "derriere", "devant", "avec", "pour"):
            continue    # « sur la 3 j'ai joué trop doux »: the ball aimed at, not the subject
        if _is_ball(t):
            return "balls", tuple(_nums(t))
        if t in ("rien", "aucune", "aucun", "personne", "nulle"):
            return "none", ()
        if t in _ARTICLES or t in _PREPS:
            if t == "a" and k + 1 < len(toks) and toks[k + 1] not in _ARTICLES and toks[k + 1] != "GAME":
                return None, ()    # "a" as a verb: "a touché…" with an elided subject
            continue
        if _VERB_RE.match(t) or t in _AUX:
            return None, ()
    return None, ()


_ASKED_NO_FOUL = re.compile(r" (?:il |)(?:y a|y aurait|y a t il) (?:pas|aucune|jamais) (?:de |)faute(?: ou pas| ou non|) $|"
                            r" (?:c est|ce n est|c est t il|ce serait) (?:pas|jamais) (?:une |)faute(?: ou pas| ou non|) $")


_NO_RAIL_TOLD = re.compile(r" pas de (?:bande|bandes|rail|rails)\b")


def _neg(c: Clause) -> bool:
    """True when the clause is negated (ne … pas/jamais/rien/aucun, or opened by ``sans``)."""
    ts = c.toks
    if c.conj == "sans" or (ts and ts[0] == "sans"):
        return True
    s = _ASKED_NO_FOUL.sub(" ", " " + " ".join(ts) + " ")   # « si CUE tombe il y a pas de faute »: the question's own negation
    if not re.search(r" (?:ne|n) ", s):
        s = _NO_RAIL_TOLD.sub(" ", s)     # « B2 rentre pas de bande »: a fact of its own, not « ne rentre pas »
    if re.search(r" (?:ne|n) (?!.*\bque\b)", s) and re.search(r" (?:pas|jamais|rien|aucune?|personne|plus|point) ", s):
        return True
    if re.search(r" (?:ne|n) [a-z]+ que ", s):   # "ne … que": only, not a negation
        return False
    if re.search(r"\b(?:pas|jamais)\b", s):
        return True
    return False


# ============================================================================ fact rules
