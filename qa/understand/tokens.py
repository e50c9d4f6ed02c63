"""Words, typo fixes and symbols: balls become ``B<n>``, the cue ball ``CUE``, ball in hand ``BIH``,
the opponent ``ADV``, a third person ``PLAYER``; ball lists are grouped (``B3+8+9``)."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein
from qa.understand.lexicon import BREAKERS, KEYWORDS, _ADV_PHRASES, _AFTER_BALL, _BALL_LEAD, _COUNT_NOUNS, _KEEP, _KEYSET, _PLAYER_PHRASES

from ..detect import detect
from ..text import EXCEPTING, excepted_balls, fold, is_shorthand, spell_numero, words


_INFL = ("er", "ir", "re", "ez", "ons", "ent", "ait", "ais", "ant", "ee", "ees", "es", "e", "s", "i", "is",
         "it", "ie", "ies", "a", "as", "era", "eras", "erai", "u", "ue", "us")
_STEMS = frozenset(k[:n] for k in KEYWORDS for n in range(4, len(k) + 1))


@lru_cache(maxsize=8192)
def _fix_word(w: str) -> str:
    if w in _KEYSET or w in _KEEP or len(w) < 4 or not w.isalpha() or is_shorthand(w):
        return w
    # an inflection of a keyword ("sortir", "touchez") is not a typo; « blanc » is not inflected
    # as « blance » (« blanche »: a typo)
    if any(w.endswith(e) and w[:-len(e)] in _STEMS and w[:-len(e)] != "blanc" for e in _INFL):
        return w
    cutoff = 1 if len(w) <= 6 else 2
    found = process.extractOne(w, KEYWORDS, scorer=DamerauLevenshtein.distance, score_cutoff=cutoff)
    if not found:
        return w
    cand = found[0]
    if cand[0] != w[0] and not (len(w) >= 6 and cand[1:] == w[1:]):
        return w
    return cand


def fix_typos(folded: str) -> str:
    """Correct likely typos of the keywords in already folded text ("blanhe" → "blanche",
    "adversair" → "adversaire"); other words are left alone."""
    return re.sub(r"[a-z]{4,}", lambda m: _fix_word(m.group(0)), folded)


def _split_segments(text: str) -> list[str]:
    return re.split(r"[,.;:!?()\[\]\n/…]+|\s[-–—]\s", spell_numero(text))


# an aside in brackets after a ball ("la 2 (annoncée au coin, la plus basse) et la blanche
# tombent"): the ball is said again after it, so that it stays the subject of what follows
_ASIDE = re.compile(r"\b((?:la|le|ma|sa|ta) (?:bille |boule )?(?:\d+|blanche))\s*\(([^()]{1,80})\)\s*")




# « les billes (sauf la 9) rentrées sur un push » : the balls a general statement leaves out are not
# balls of the story (unlike « rien ne rentre sauf la 9 », where the 9 is the one pocketed)
_ALL_BUT_BALLS = re.compile(
    rf"\b((?:les|des|toutes les|autres) (?:autres )?(?:billes|boules)(?: de couleur| numerotees| de but)?)\s*\(?\s*"
    rf"(?:{EXCEPTING}|hors) {excepted_balls('ou|et|ni|,')}\s*\)?"
    # « une bille normale (pas la 9 ni la 10) »: any ball but those
    rf"|\b((?:une|un|la|cette) (?:bille|boule)(?: normale| quelconque| de couleur| numerotee| ordinaire)?)\s*\(\s*"
    rf"(?:pas|ni|{EXCEPTING}) {excepted_balls('ou|et|ni|,')}\s*\)"
    # « une bille autre que la 10 (ou la 9) empochée »: a ball, not the 10
    rf"|\b((?:une|la) (?:bille|boule))(?: de but|) {EXCEPTING} {excepted_balls()}\b"
    # « les autres billes que la 10 »: « autres » before the noun, « que » after it
    rf"|\b((?:les|des) autres (?:billes|boules)(?: de couleur| numerotees| de but)?) que {excepted_balls('ou|et|ni|,')}")


def _aside(m: re.Match[str]) -> str:
    """« la 4 (la plus basse) » → « la 4 , la plus basse , la 4 » (a participle opening the aside is
    said of the ball: see :func:`qa.understand.clauses._inherited_subject`)."""
    ball, aside = m.group(1), m.group(2).strip()
    return f"{ball} , {aside} , {ball} "


def tokens(question: str) -> tuple[list[str], Any]:
    """Folded, typo-fixed words of ``question`` with ``,`` at punctuation, and the
    :class:`qa.detect.Detection` of the game and publishers (indexes aligned on the words)."""
    folded = fold(question)
    # glued or clipped first person ("jtouche", "j'touche", "g touché" is read as "j'ai touché")
    folded = re.sub(r"\bj(?=(?:touch|tap|rentr|empoch|rat|manqu|cass|annonc|saut|mass|mets|met|jou|vis|tir|fais)\w*)", "j ", folded)
    folded = re.sub(r"\bjpeu[xt]?\b|\bjpx\b", "je peux", folded)   # « jpeu faire un push ? »: asked, not told
    folded = re.sub(r"\bdabord\b", "d abord", folded)
    # « … est-elle régulière ? », « a-t-il gagné ? »: the inverted subject of a question is no new subject
    folded = re.sub(r"\b(est|sont|etait|serait|a|ont|avait|peut|peuvent|doit|doivent|compte|comptent|reste|restent)"
                    r"-(?:t-)?(?:elle|il|elles|ils)\b", r"\1", folded)
    folded = re.sub(r"\bjeux (?=de la|du)", "jeu ", folded)
    folded = fix_typos(folded)
    folded = _ALL_BUT_BALLS.sub(lambda m: next(g for g in m.groups() if g) + " ", folded)
    folded = _ASIDE.sub(_aside, folded)
    out: list[str] = []
    for seg in _split_segments(folded):
        ws = words(seg, counts=False)   # this module reads counts itself ("quatre billes")
        if ws:
            if out:
                out.append(",")
            out.extend(ws)
    plain = [t for t in out if t != ","]
    return out, detect(" ".join(plain))


_NOT_A_PLAYER = frozenset({"poche", "poches", "bille", "boule", "cote", "bande", "coin", "trou", "blouse", "bout",
                           "extremite", "fois", "coup", "partie", "manche", "laterale", "jour", "sens", "direction"})


def _match_phrase(toks: list[str], i: int, phrases: Iterable[tuple[str, ...]]) -> int:
    for ph in sorted(phrases, key=len, reverse=True):
        if tuple(toks[i:i + len(ph)]) == ph:
            return len(ph)
    return 0


def _pop_article(out: list[str], articles: tuple[str, ...] = ("la", "le", "l")) -> None:
    if out and out[-1] in articles:
        out.pop()


def _sym_bih(toks: list[str], i: int, out: list[str]) -> int:
    """Ball in hand: (la) bille/blanche/boule (blanche) en main → BIH."""
    if toks[i] not in ("bille", "blanche", "boule", "balle"):
        return 0
    j = i + 1
    if j < len(toks) and toks[j] == "blanche":
        j += 1
    if toks[j:j + 2] != ["en", "main"]:
        return 0
    _pop_article(out, ("la", "le"))
    out.append("BIH")
    return j + 2 - i


def _sym_cue(toks: list[str], i: int, out: list[str]) -> int:
    """The cue ball: la blanche, la bille blanche, la bille de choc / de visée / de tir → CUE."""
    t = toks[i]
    if t == "blanche" or (t in ("bille", "boule", "balle") and toks[i + 1:i + 2] == ["blanche"]):
        k = 1 if t == "blanche" else 2
    elif t in ("bille", "boule") and toks[i + 1:i + 3] in (["de", "choc"], ["de", "visee"], ["de", "tir"]):
        k = 3
    else:
        return 0
    _pop_article(out)
    out.append("CUE")
    return k


def _sym_players(toks: list[str], i: int, out: list[str]) -> int:
    """The opponent (ADV) and a third person (PLAYER; BRK after the breaker: the break)."""
    k = _match_phrase(toks, i, _ADV_PHRASES)
    if k and toks[i + k - 1] == "autre" and i + k < len(toks) and toks[i + k] in _NOT_A_PLAYER:
        k = 0       # "dans l'autre poche": the other pocket, not the other player
    if k:
        out.append("ADV")
        return k
    k = _match_phrase(toks, i, _PLAYER_PHRASES)
    if k:
        out.append("PLAYER")
        if toks[i + k - 1] in BREAKERS:
            out.append("BRK")     # "le casseur rentre la 5": the break
    return k


def _is_ball_number(toks: list[str], i: int, out: list[str]) -> bool:
    prev = toks[i - 1] if i else ""
    if out and re.fullmatch(r"B\d+", out[-1]) and prev.isdigit():
        return True     # a list told with spaces: « il restait 3 5 8 9 »
    return prev in _BALL_LEAD or (prev in ("et", ",", "ou", "puis") and len(out) >= 2
                                  and out[-2].startswith("B") and out[-2][1:2].isdigit()) \
        or toks[i + 1:i + 3] in (["en", "premier"], ["d", "abord"])   # "1 en premier": the ball hit first


def _sym_ball(toks: list[str], i: int, out: list[str]) -> int:
    """A ball number after a lead-in (« la 9 », « bille 9 », « la une ») → B<n>; a count (« 3 billes »)
    stays a number."""
    t, n = toks[i], len(toks)
    if t in ("un", "une") and i and toks[i - 1] == "la" and (i + 1 >= n or not toks[i + 1].isalpha()
                                                             or toks[i + 1] in _AFTER_BALL):
        t = "1"
    if not (t.isdigit() and 1 <= int(t) <= 10):
        return 0
    nxt = toks[i + 1] if i + 1 < n else ""
    # (« … avant la 1 faute ? »: after « la », a number before « faute » is a ball, the question follows)
    # (« j'annonce la 10 poche du bas »: after « la », a number before a singular « poche » is the ball called)
    counted = nxt in _COUNT_NOUNS and not (i and toks[i - 1] == "la" and nxt in ("faute", "fautes", "poche"))
    if counted or nxt == "ball" or not _is_ball_number(toks, i, out):
        out.append(t)
        return 1
    while out and out[-1] in ("la", "le", "l", "bille", "boule", "balle", "numero", "billes", "boules"):
        out.pop()
    out.append(f"B{int(t)}")
    return 1


_SYMBOLS = (_sym_bih, _sym_cue, _sym_players, _sym_ball)
_GAMES = re.compile(r"\b(?:(?:au|du|le|en|a|de|pour|sur)\s+)?(?:(?:la|le|l)\s+)?GAME"
                    r"(?:\s+(?:(?:de|du|a)\s+)?(?:(?:la|le|l)\s+)?GAME)*")


def _symbolise(toks: list[str], drop: set[int]) -> list[str]:
    """Replace game words by GAME, balls by B<n>, the cue ball by CUE, ball in hand by BIH,
    the opponent by ADV and a third-person player by PLAYER (see module doc)."""
    # ``drop`` counts words without the commas: their positions in toks
    word_at = [i for i, t in enumerate(toks) if t != ","]
    dropped = {word_at[w] for w in drop if w < len(word_at)}
    out: list[str] = []
    i = 0
    while i < len(toks):
        if i in dropped:
            if not out or out[-1] != "GAME":
                out.append("GAME")
            i += 1
            continue
        k = next((k for k in (sym(toks, i, out) for sym in _SYMBOLS) if k), 0)
        if not k:
            out.append(toks[i])
            k = 1
        i += k
    return _GAMES.sub(" GAME ", " ".join(out)).split()


_SING_VERBS = re.compile(r"^(?:rentre|tombe|entre|sort|saute|part|va|file|finit|est|etait|touche|reste|restait|"
                         r"ressort|vole|glisse|coule|a|ne|n|termine|atterrit|roule|bouge|monte|remonte|revole|decolle|saute)$")


_TOGETHER_VERB = re.compile(r"^(?:tomb|rentr|entr|vont|part|fil|finiss|coul|disparaiss)\w*$")


_OBJECT_OF = re.compile(r"^(?:rentr|empoch|blous|touch|tap|frapp|jou|vis|met|rat|manqu|loup)\w*$")


def _with_cue(toks: list[str]) -> list[str]:
    """A ball and the cue ball falling together: "B7 et CUE tombent" (or "CUE et B7 tombent")
    becomes "B7 tombent avec CUE", so that the ball stays pocketed with the cue ball."""
    out = list(toks)
    for i in range(len(out) - 3):
        a, conj, b, verb = out[i:i + 4]
        if i and _OBJECT_OF.match(out[i - 1]) and not verb.endswith("nt"):
            continue   # « je rentre B5 et CUE tombe »: the 5 is the verb's object, the cue ball falls on its own
        if conj == "et" and {a, b} & {"CUE"} and (_is_ball(a) or _is_ball(b)) and _TOGETHER_VERB.match(verb):
            ball = a if _is_ball(a) else b
            out[i:i + 4] = [ball, verb, "avec", "CUE"]
    return out


def _separator(tok: str) -> str:
    """The word between two balls of a list, or a comma for a list told with spaces (« la 1 la 2 »)."""
    return tok if tok in (",", "et", "ou", "puis") else ","


def _group_lists(toks: list[str]) -> list[str]:
    """Merge ball lists ("B3 , B8 et B9" → "B3+8+9"), but not a ball that is the subject
    of a singular verb ("je touche B3 et B9 rentre"); a ball and the cue ball falling together
    are told as one fall (:func:`_with_cue`)."""
    toks = _with_cue(toks)
    out: list[str] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if _is_ball(t):
            group = [t]
            j = i + 1
            while j < len(toks) and (_is_ball(toks[j]) or j + 1 < len(toks) and toks[j] in (",", "et", "ou", "puis")
                                     and _is_ball(toks[j + 1])):
                if _is_ball(toks[j]):       # « B3 B5 B8 »: a list told with spaces
                    group.append(toks[j])
                    j += 1
                    continue
                group.append(toks[j + 1])
                j += 2
            if len(group) > 1:
                nxt = toks[j] if j < len(toks) else ""
                prev = out[-1] if out else ""
                if re.match(r"^(?:touch|tap|frapp|percut|heurt|vis|jou)\w*$|^(?:sur|contre)$", prev) and re.match(
                        r"^(?:rentr|tomb|entr|sort|saut|part|vont|fil|finiss|pass|franchi|depass|travers|remont)\w*$", nxt):
                    # "la blanche touche la 1, la 4 et la 7 rentrent", « casse sur la 1, la 3 et la 5
                    # tombent »: the first is the object
                    out.append(group[0])
                    out.append(_separator(toks[i + 1]))
                    out.append(_merge(group[1:]))
                    i = j
                    continue
                if _SING_VERBS.match(nxt):
                    # the last ball is the subject of the verb that follows
                    head = group[:-1]
                    out.append(_merge(head))
                    out.append(_separator(toks[j - 2]))
                    out.append(group[-1])
                else:
                    out.append(_merge(group))
                i = j
                continue
        out.append(t)
        i += 1
    return _run_on_clauses(out)


_PUSH_END = frozenset({"out", "push", "pushout", "pousse"})
_DONE = re.compile(r"^(?:tombee?s?|rentree?s?|sortie?s?|empochee?s?|partie?s?|passee?s?|allee?s?|restee?s?|arretee?s?|dedans)$")


# before a finished verb, a person or « avoir »: the ball after it is its object (« j'ai empoché
# la blanche à la casse », « il rentre la 9 »), not the subject of the next verb
_TRANSITIVE_BEFORE = frozenset({"ai", "as", "a", "avons", "avez", "ont", "avais", "avait", "j", "je", "tu", "il", "on",
                                "ADV", "PLAYER"})


def _run_on_clauses(toks: list[str]) -> list[str]:
    """A comma where a story runs two clauses together: « CUE est tombee B3 reste dedans » (a ball
    after a finished verb, itself the subject of the next verb) is « CUE est tombee , B3 reste dedans »; not
    after a verb whose object it is (« j ai empoche CUE a la casse »)."""
    out: list[str] = []
    for i, t in enumerate(toks):
        if (_is_ball(t) or t == "CUE") and out and i + 1 < len(toks) and _SING_VERBS.match(toks[i + 1]) and (
                _DONE.match(out[-1]) and not (len(out) > 1 and out[-2] in _TRANSITIVE_BEFORE) or out[-1] in ("annonce", "annoncee") and len(out) > 1 and out[-2] in _PUSH_END):
            out.append(",")     # (« push out annoncé la 9 est tombée »: the push-out was announced, not the 9)
        out.append(t)
    return out


def _is_ball(t: str) -> bool:
    return bool(re.fullmatch(r"B\d+(?:\+\d+)*", t))


def _merge(balls: list[str]) -> str:
    nums: list[int] = []
    for b in balls:
        nums.extend(_nums(b))
    nums = list(dict.fromkeys(nums))
    return "B" + "+".join(str(n) for n in nums)


def _nums(tok: str) -> list[int]:
    return [int(x) for x in tok[1:].split("+")] if _is_ball(tok) else []
