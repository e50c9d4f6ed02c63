"""Free-text situations in French → a contract Scenario (plus what is left open).

``understand(book, question, rulesets=None) -> Understanding | None``

A *situation* is a narrative of one shot ("Au jeu de la 9, je touche la 3 alors que la 2 est
encore là et la 9 tombe, j'ai gagné ?"): events told by a person with a conjugated verb
("je touche", "tu as rentré", "mon adversaire casse"), or events of numbered balls / the
cue ball ("la 9 tombe", "la blanche saute hors de la table"), or a foul told in a few words
("queutage sur la 1"). A general question is a rule *lookup* and gives None: an
interrogative opening ("quelle est…", "comment…", "que se passe-t-il si la blanche
tombe…", "où replace-t-on…"), an inverted or modal question with no shot told ("peut-on
sauter une bille ?", "quand je casse, dois-je toucher la 1 ?"), an infinitive after a modal
("est-ce que je peux sauter…"). None too for another game ("jeu de la 8") and for a story
with no fact about a shot ("je place la blanche collée à la 3").

Pipeline (pure functions over the rulebook; no state beyond compiled regexes and caches):

1. words: :func:`qa.text.fold` and :func:`qa.text.words` (accents folded, elisions split,
   number words → digits), after a light typo fix on the keywords this module reads
   (:func:`fix_typos`: "blanhe" → "blanche", "nuef" → "neuf"; inflections are not typos);
   punctuation is kept as ``,`` boundaries.
2. names: game and publisher mentions read by :func:`qa.detect.detect` ("jeu de la 9",
   "à la dix", "9-ball", "Dooly's", "FFB", "BCA", "guide"), plus "9 FFB"; with no game
   named, a ball 10 in the story means ten-ball; with neither game nor publisher, all five
   rulesets; an explicit ``rulesets`` argument restricts (and wins, with a note, when the
   question names other rules).
3. tokens: ball mentions become ``B<n>`` (``la 9``, ``la bille n°9``, ``la neuf``, ``ma 9``),
   lists ``B3+9``; the cue ball ``CUE``; ball in hand ``BIH``; the opponent ``ADV``; a third
   person ``PLAYER``; pronouns ``elle``/``la``/``l'`` are resolved to the last ball.
4. clauses: the story is cut at punctuation and conjunctions (et, mais, puis, qui, sans…);
   each clause has a subject (inherited when elided) and is read by small rules that each
   state one fact (first contact, balls pocketed, cue ball, rails, call, fouls…); negations
   ("ne … pas", "sans", "aucune", colloquial "rentre pas") turn a fact around. In a story
   with two players, the asker's shot is ruled and the other's pockets are "already down".
5. assembly: the facts become a contract Scenario dict (``ruleset`` null); facts not
   stated are left out (the engine then says what it assumed) or given a stated default
   (the ball hit first was the lowest on the table; the warning was given after a second
   foul); each fact left out becomes an :class:`OpenFact` with the other case's scenario,
   and only those whose other case changes a ruling are kept (the engine is run on both).

Errors: ``understand`` does not raise on any text (it returns None or an Understanding whose
scenario is well formed for :func:`qa.engine.scenario.parse_scenario`); the engine may still
find the situation impossible (:class:`ImpossibleScenarioError`, e.g. ball 10 at nine-ball),
which :func:`rule` returns in place of an Outcome.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from .detect import detect
from .engine.evaluate import evaluate
from .engine.outcome import ImpossibleScenarioError
from .engine.scenario import parse_scenario
from .rulebook import GAMES
from .text import ORDINAL_VALUES, fold, spell_numero, words

__all__ = ["Understanding", "OpenFact", "understand", "is_situation", "narrative", "tokens", "fix_typos",
           "scenario_for", "rule", "rulings_of", "signature"]



# ============================================================================ results
@dataclass(frozen=True)
class OpenFact:
    """A fact the question leaves out that may change the ruling.

    ``name``: the fact (``lowest``, ``called``, ``rail_after_contact``, ``balls_to_rail``,
    ``crossed_head_string``, ``warned``, ``game``); ``question``: the follow-up question in
    French (tu or vous as the asker); ``default_label``/``alt_label``: the two cases in
    French ("si la 3 était la plus basse" / "si une bille plus basse était sur la table");
    ``alt_scenario``: the Scenario dict of the other case (``default`` is
    ``Understanding.scenario``; for ``game``, the same scenario: the case is the other
    game's rulesets); ``rulings``: :func:`rule` of ``alt_scenario``, kept when
    :func:`understand` ran the engine to see that the case changes a ruling (else None).
    """

    name: str
    question: str
    default_label: str
    alt_label: str
    alt_scenario: Mapping[str, Any]
    rulings: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Understanding:
    """What was understood of a situation.

    - ``scenario``: a contract Scenario dict (``ruleset`` None; facts not stated are left
      out of ``shot`` so that the engine says what it assumed). When ``rulesets`` span both
      games, ``state.on_table`` is written for the ten-ball rack: use :func:`scenario_for`.
    - ``rulesets``: ids covered, in book order.
    - ``facts``: {field: value} for each fact read in the question (only those stated):
      ``game``, ``named`` (publisher rulesets), ``kind``, ``first_contact`` (int, None for
      no ball touched, or ``"lowest"``), ``pocketed``, ``off_table``, ``cue_ball``,
      ``on_table`` (exact list), ``lowest``, ``present``, ``gone``,
      ``rail_after_contact``, ``balls_to_rail``, ``crossed_head_string``, ``cue_rail_first``,
      ``called`` (dict, ``"safe"`` or None), ``fouls_shooter``, ``fouls_opponent``,
      ``warned``, ``rack``, ``jump``, ``masse``, ``obstacle_moved``, ``fouls`` (codes),
      ``ball_in_hand``, ``push_out_available``, ``shooter`` (``self``/``other``/``player``).
    - ``follow_up``: the questions of ``open`` (each may change the ruling; the answer
      keeps those that do).
    - ``assumptions``: the defaults this module chose, in French ("J'ai supposé que…").
    - ``open``: :class:`OpenFact` entries.
    - ``address``: ``"tu"`` or ``"vous"``, as the question speaks; ``shooter``: who played
      the shot (``self``: the asker, ``other``: the asker's opponent, ``player``: a third
      person).
    - ``rulings``: :func:`rule` of ``scenario`` under ``rulesets`` when :func:`understand`
      already ran the engine (to weigh the open facts), else None: :func:`rulings_of`.
    """

    scenario: Mapping[str, Any]
    rulesets: tuple[str, ...]
    facts: Mapping[str, Any]
    follow_up: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()
    open: tuple[OpenFact, ...] = ()
    address: str = "tu"
    shooter: str = "self"
    rulings: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)


# ============================================================================ words
# Words this module reads: a typo within one or two edits of one of them is corrected.
KEYWORDS = sorted(set("""
touche touches touchent touchait touchee touchees toucher tape tapes tapent taper frappe frapper
rentre rentres rentrent rentrer rentree rentrees empoche empoches empochent empocher empochee
empochees blouse blouser tombe tombes tombent tomber tombee tombees entre entrent
blanche bille billes boule boules bande bandes casse casser cassant bris break ouverture
annonce annonces annoncer annoncee annonces annonceee annoncant adversaire adversaires
avertissement averti avertie avertir prevenu faute fautes premier premiere abord
poche poches coin milieu table saute sautes sauter sautant masse masser massant scratch
push degagement pousse poussee poussette ligne depart gabarit magic rack queue queutage
encore reste restent basse petite aucune aucun jamais manque manquer rate rater loupe
gagne gagner perdu perdre partie consecutive consecutives suite affilee deuxieme troisieme
neuf deux trois quatre cinq sept huit securite mouvement pied pieds plein pleine remplie
ejectee ejecte sortie sort sortent hors terre franchissent franchit passent passe
marque marquage tapis obstacle bouge double contact seulement seule alors
""".split()))
_KEYSET = frozenset(KEYWORDS)
# Common words that must never be "corrected" into a keyword.
_KEEP = frozenset("""
mais dans sans elle elles pour avec avant apres tout toute toutes tous quand donc puis
ensuite aussi comme cette celle celui cela quoi quel quelle quels quelles leur leurs
mon ton son mes tes ses notre votre nos vos moi toi lui nous vous ils eux jeu jeux
coup coups joue joues jouer jouons jouez jouent main mains fait fais faire font faut
dois doit peux peut veux veut suis sont etait etre avoir avais avait avez avons
bien tres trop peu plus moins rien personne chose cas fois deja autre autres meme
vite mise mises mets remise remet place placee placer pose posee poser posez
point points regle regles partie parties manche manches match joueur joueuse proche proches
casseur ouvreur tireur tour tours temps chrono lent lente arbitre coups
reste resta restee voila alors ainsi encore pourtant sinon soit selon entre vers
devant derriere dessus dessous centre cote bord cadre bois sol
""".split())


_INFL = ("er", "ir", "re", "ez", "ons", "ent", "ait", "ais", "ant", "ee", "ees", "es", "e", "s", "i", "is",
         "it", "ie", "ies", "a", "as", "era", "eras", "erai", "u", "ue", "us")
_STEMS = frozenset(k[:n] for k in KEYWORDS for n in range(4, len(k) + 1))


@lru_cache(maxsize=8192)
def _fix_word(w: str) -> str:
    if w in _KEYSET or w in _KEEP or len(w) < 4 or not w.isalpha():
        return w
    # an inflection of a keyword ("sortir", "touchez") is not a typo
    if any(w.endswith(e) and w[:-len(e)] in _STEMS for e in _INFL):
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


_COUNT_NOUNS = frozenset("""billes bille boules boule fautes faute bandes bande fois coups coup
pieds pied poches poche joueurs manches parties points secondes minutes ans tours eme e er""".split())
_BALL_LEAD = frozenset({"la", "le", "l", "bille", "boule", "balle", "numero", "billes", "boules", "ma", "sa", "ta",
                        "cette", "ta", "votre", "notre"})
_ADV_PHRASES = (
    ("mon", "adversaire"), ("l", "adversaire"), ("ton", "adversaire"), ("votre", "adversaire"),
    ("son", "adversaire"), ("mon", "opposant"), ("l", "autre", "joueur"), ("mon", "pote"),
    ("mon", "ami"), ("mon", "copain"), ("ma", "copine"), ("mon", "amie"), ("mon", "frere"),
    ("ma", "soeur"), ("mon", "pere"), ("mon", "collegue"), ("mon", "partenaire"),
    ("mon", "coequipier"), ("l", "autre"), ("mon", "rival"), ("mon", "opponent"), ("adversaire",),
)
_PLAYER_PHRASES = (("le", "joueur"), ("un", "joueur"), ("le", "casseur"), ("l", "ouvreur"),
                   ("le", "tireur"), ("la", "joueuse"), ("une", "joueuse"))


_AFTER_BALL = frozenset("""et en d de puis alors mais avant dans qui sans tombe rentre part sort va
est ne n reste premier abord avec""".split())


def _split_segments(text: str) -> list[str]:
    return re.split(r"[,.;:!?()\[\]\n/…]+|\s[-–—]\s", spell_numero(text))


def tokens(question: str) -> tuple[list[str], Any]:
    """Folded, typo-fixed words of ``question`` with ``,`` at punctuation, and the
    :class:`qa.detect.Detection` of the game and publishers (indexes aligned on the words)."""
    folded = fold(question)
    # glued or clipped first person ("jtouche", "j'touche", "g touché" is read as "j'ai touché")
    folded = re.sub(r"\bj(?=(?:touch|tap|rentr|empoch|rat|manqu|cass|annonc|saut|mass|mets|met|jou|vis|tir|fais)\w*)", "j ", folded)
    folded = re.sub(r"\bdabord\b", "d abord", folded)
    folded = re.sub(r"\bjeux (?=de la|du)", "jeu ", folded)
    folded = fix_typos(folded)
    out: list[str] = []
    for seg in _split_segments(folded):
        ws = words(seg, counts=False)   # this module reads counts itself ("quatre billes")
        if ws:
            if out:
                out.append(",")
            out.extend(ws)
    plain = [t for t in out if t != ","]
    return out, detect(" ".join(plain))


def _match_phrase(toks: list[str], i: int, phrases) -> int:
    for ph in sorted(phrases, key=len, reverse=True):
        if tuple(toks[i:i + len(ph)]) == ph:
            return len(ph)
    return 0


def _symbolise(toks: list[str], drop: set[int]) -> list[str]:
    """Replace game words by GAME, balls by B<n>, the cue ball by CUE, ball in hand by BIH,
    the opponent by ADV and a third-person player by PLAYER (see module doc)."""
    # ``drop`` counts words without the commas: their positions in toks
    word_at = [i for i, t in enumerate(toks) if t != ","]
    dropped = {word_at[w] for w in drop if w < len(word_at)}
    out: list[str] = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if i in dropped:
            if not out or out[-1] != "GAME":
                out.append("GAME")
            i += 1
            continue
        # ball in hand: (la) bille/blanche/boule (blanche) en main
        if t in ("bille", "blanche", "boule", "balle"):
            j = i + 1
            if j < n and toks[j] == "blanche":
                j += 1
            if toks[j:j + 2] == ["en", "main"]:
                if out and out[-1] in ("la", "le"):
                    out.pop()
                out.append("BIH")
                i = j + 2
                continue
        # cue ball
        if t == "blanche" or (t in ("bille", "boule", "balle") and i + 1 < n and toks[i + 1] == "blanche"):
            if out and out[-1] in ("la", "le", "l"):
                out.pop()
            out.append("CUE")
            i += 2 if t != "blanche" else 1
            continue
        if t in ("bille", "boule") and toks[i + 1:i + 3] in (["de", "choc"], ["de", "visee"], ["de", "tir"]):
            if out and out[-1] in ("la", "le", "l"):
                out.pop()
            out.append("CUE")
            i += 3
            continue
        k = _match_phrase(toks, i, _ADV_PHRASES)
        if k:
            out.append("ADV")
            i += k
            continue
        k = _match_phrase(toks, i, _PLAYER_PHRASES)
        if k:
            out.append("PLAYER")
            if toks[i + k - 1] in ("casseur", "ouvreur"):
                out.append("BRK")     # "le casseur rentre la 5": the break
            i += k
            continue
        if t in ("un", "une") and i and toks[i - 1] == "la" and (i + 1 >= n or not toks[i + 1].isalpha()
                                                                 or toks[i + 1] in _AFTER_BALL):
            t = "1"
        if t.isdigit() and 1 <= int(t) <= 10:
            prev = toks[i - 1] if i else ""
            nxt = toks[i + 1] if i + 1 < n else ""
            if nxt in _COUNT_NOUNS or nxt == "ball":
                out.append(t)
                i += 1
                continue
            is_ball = prev in _BALL_LEAD or (prev in ("et", ",", "ou", "puis") and out and len(out) >= 2
                                             and out[-2].startswith("B") and out[-2][1:2].isdigit())
            if is_ball:
                while out and out[-1] in ("la", "le", "l", "bille", "boule", "balle", "numero", "billes", "boules"):
                    out.pop()
                out.append(f"B{int(t)}")
                i += 1
                continue
        out.append(t)
        i += 1
    text = " ".join(out)
    text = re.sub(r"\b(?:(?:au|du|le|en|a|de|pour|sur)\s+)?(?:(?:la|le|l)\s+)?GAME(?:\s+(?:(?:de|du|a)\s+)?(?:(?:la|le|l)\s+)?GAME)*",
                  " GAME ", text)
    return text.split()


_SING_VERBS = re.compile(r"^(?:rentre|tombe|entre|sort|saute|part|va|file|finit|est|touche|reste|"
                         r"ressort|vole|glisse|coule|a|ne|n|termine|atterrit|roule|bouge)$")


def _group_lists(toks: list[str]) -> list[str]:
    """Merge ball lists ("B3 , B8 et B9" → "B3+8+9"), but not a ball that is the subject
    of a singular verb ("je touche B3 et B9 rentre")."""
    out: list[str] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if _is_ball(t):
            group = [t]
            j = i + 1
            while j + 1 < len(toks) and toks[j] in (",", "et", "ou", "puis") and _is_ball(toks[j + 1]):
                group.append(toks[j + 1])
                j += 2
            if len(group) > 1:
                nxt = toks[j] if j < len(toks) else ""
                prev = out[-1] if out else ""
                if re.match(r"^(?:touch|tap|frapp|percut|heurt|vis|jou)\w*$", prev) and re.match(
                        r"^(?:rentr|tomb|entr|sort|saut|part|vont|fil|finiss)\w*$", nxt):
                    # "la blanche touche la 1, la 4 et la 7 rentrent": the first is the object
                    out.append(group[0])
                    out.append(toks[i + 1])
                    out.append(_merge(group[1:]))
                    i = j
                    continue
                if _SING_VERBS.match(nxt):
                    # the last ball is the subject of the verb that follows
                    head = group[:-1]
                    out.append(_merge(head))
                    out.append(toks[j - 2])  # the separator
                    out.append(group[-1])
                else:
                    out.append(_merge(group))
                i = j
                continue
        out.append(t)
        i += 1
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


# ============================================================================ clauses
_CONJ = frozenset({"et", "mais", "puis", "ensuite", "alors", "donc", "car", "quand", "lorsque",
                   "lorsqu", "si", "pendant", "tandis", "parce", "sauf", "qui", "ou", "apres",
                   "pourtant", "cependant", "sachant", "comme", "sinon"})
_SUBJ = {"je": "self", "j": "self", "g": "self", "jai": "self", "moi": "self", "tu": "self", "t": "self", "toi": "self",
         "vous": "self", "nous": "self", "on": "self", "il": "other", "ADV": "other", "PLAYER": "player"}

# verb stems (regex on a token) by category
V_CONTACT = r"(?:touch|tap|frapp|percut|heurt|attaqu|cogn|touch)\w*"
V_POT = r"(?:rentr|empoch|blous|enquill|plant|pott|met|mets|mis|mise)\w*"
V_FALL = r"(?:tomb|rentr|entr|empoch|blous|coul|disparai|disparu)\w*"
_VERB_RE = re.compile(
    r"^(?:touch|tap|frapp|percut|heurt|attaqu|cogn|rentr|empoch|blous|enquill|tomb|entr|coul|rat|manqu|"
    r"loup|foir|annonc|cass|saut|mass|sort|eject|vol|jou|vis|pouss|queut|pos|depass|plac|deplac|bouge|ressor|"
    r"fais|fait|va|vont|part|fil|fin|termin|glis|reste|franchi|pass|traverse|averti|prevenu|previen|"
    r"commet|commis|scratch|ouvr|atteign|atteint|arriv|met|mets|mis)\w*$")
_AUX = frozenset({"ai", "as", "a", "avons", "avez", "ont", "avais", "avait", "avions", "aviez",
                  "suis", "es", "est", "sommes", "etes", "sont", "etais", "etait", "ete",
                  "viens", "vient", "venons", "venez", "de", "d", "ne", "n", "me", "m", "te", "t",
                  "se", "s", "y", "en", "la", "l", "les", "lui", "vais", "va", "vas", "allez",
                  "deja", "bien", "juste", "encore", "aussi", "meme", "finalement", "ensuite",
                  "d", "abord", "pas", "jamais", "plus", "accidentellement", "involontairement", "avoir", "etre",
                  "malencontreusement", "sans", "faire", "fais", "fait"})
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


def _resolve_pronouns(toks: list[str]) -> list[str]:
    """``elle``/``elles`` → the last ball (or CUE); clitic ``la``/``l``/``les`` before a verb
    → the ball placed after the verb (and after ``pas``)."""
    out: list[str] = []
    last: str | None = None
    i = 0
    while i < len(toks):
        t = toks[i]
        if _is_ball(t) or t == "CUE":
            last = t
        if t in ("elle", "elles") and last:
            out.append(last)
            i += 1
            continue
        if t in ("la", "l", "les") and last and i + 1 < len(toks):
            prev = out[-1] if out else ""
            j = i + 1
            while j < len(toks) and toks[j] in ("ai", "as", "a", "avais", "avait", "avez", "avons"):
                j += 1
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


def _clauses(toks: list[str]) -> list[Clause]:
    """Cut the symbolised words into clauses and give each its subject."""
    raw: list[Clause] = []
    cur: list[str] = []
    conj = ""
    i = 0
    while i < len(toks):
        t = toks[i]
        boundary = t in (",", "GAME") or (t in _CONJ and not (t == "ou" and cur and _is_ball(cur[-1]))
                                          and not (t == "quand" and i + 1 < len(toks) and toks[i + 1] == "meme"))
        if t == "sans" or boundary:
            if cur:
                raw.append(Clause(cur, conj))
            cur = []
            conj = "" if t in (",", "GAME") else t
            if t == "sans":
                cur = ["sans"]
                conj = "sans"
            elif t == "alors" and i + 1 < len(toks) and toks[i + 1] in ("que", "qu"):
                conj = "alors que"
                i += 1
            elif t in ("pendant", "tandis", "parce", "sachant") and i + 1 < len(toks) and toks[i + 1] in ("que", "qu"):
                i += 1
            i += 1
            continue
        cur.append(t)
        i += 1
    if cur:
        raw.append(Clause(cur, conj))
    # "la 9 tombe et la blanche aussi": the verb of the previous clause is understood
    for k in range(1, len(raw)):
        ts = raw[k].toks
        if 2 <= len(ts) <= 3 and ts[-1] in ("aussi", "egalement", "pareil", "avec", "itou") and \
                (ts[0] == "CUE" or _is_ball(ts[0])) and not any(_VERB_RE.match(t) for t in ts[1:-1]):
            prev = raw[k - 1].toks
            sub_at = next((j for j, t in enumerate(prev) if t == "CUE" or _is_ball(t) or t in _SUBJ), None)
            if sub_at is not None:
                raw[k].toks = [ts[0]] + prev[sub_at + 1:]
    prev_subject: str | None = None
    prev_person: str | None = None
    prev_balls: tuple[int, ...] = ()
    prev_obj: tuple[int, ...] = ()
    for c in raw:
        subj, balls = _subject_of(c.toks)
        if subj is None and c.conj == "qui" and prev_obj:
            subj, balls = "balls", prev_obj
            c.inherited = True
        elif subj is None and c.conj in ("et", "puis", "ensuite", "mais", "", "donc", "apres", "sans") and _starts_with_verb(c.toks):
            subj, balls = prev_subject, prev_balls
            # a verb with a ball or the cue ball as object ("… et rentre la 9") has the last
            # person as subject, even after a clause about a ball ("alors que la 5 est là")
            if prev_person and subj not in ("self", "other", "player") and \
                    any(_is_ball(t) or t == "CUE" for t in c.toks[1:]) and not _is_ball(c.toks[0]):
                subj, balls = prev_person, ()
            c.inherited = True
        c.subject, c.subj_balls = subj, balls
        if subj is not None:
            prev_subject, prev_balls = subj, balls
        if subj in ("self", "other", "player"):
            prev_person = subj
        objs = [b for t in c.toks for b in _nums(t)]
        if objs:
            prev_obj = (objs[-1],)
    return raw


def _starts_with_verb(toks: list[str]) -> bool:
    for t in toks:
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
                    "aujourd", "hui", "soir", "finalement", "donc", "voila", "oui", "non", "que", "qu"})


def _subject_of(toks: list[str]) -> tuple[str | None, tuple[int, ...]]:
    """The subject of a clause: (kind, balls). Kind is ``self``/``other``/``player`` (a
    person), ``cue``, ``balls``, ``none`` ("rien ne rentre") or None (elided, or a question
    with an inverted subject)."""
    for k, t in enumerate(toks[:7]):
        prev = toks[k - 1] if k else ""
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


def _neg(c: Clause) -> bool:
    """True when the clause is negated (ne … pas/jamais/rien/aucun, or opened by ``sans``)."""
    ts = c.toks
    if c.conj == "sans" or (ts and ts[0] == "sans"):
        return True
    s = " " + " ".join(ts) + " "
    if re.search(r" (?:ne|n) (?!.*\bque\b)", s) and re.search(r" (?:pas|jamais|rien|aucune?|personne|plus|point) ", s):
        return True
    if re.search(r" (?:ne|n) [a-z]+ que ", s):   # "ne … que": only, not a negation
        return False
    if re.search(r"\b(?:pas|jamais)\b", s):
        return True
    return False


# ============================================================================ fact rules
BALLS = r"B\d+(?:\+\d+)*"
_POCKET_PLACE = r"(?:dans|au|a|en) (?:la |le |l |une |un )?(?:poche|trou|blouse|coin|milieu|trous|poches)"
# where a ball is sent into a pocket ("au fond", but not "au fond de la table")
_SENT_PLACE = (r"(?:(?:dans|a|en) (?:la |le |l |une |un )?(?:poche|trou|blouse|coin|poches|trous)|au (?:trou|coin)|"
               r"au fond(?! de| du)|en poche)")
_OFF_PLACE = (r"(?:hors (?:de |du )?(?:la |le )?(?:table|billard|surface|jeu)|(?:de|du) (?:la )?(?:table|billard)|"
              r"par terre|au sol|sur le sol|a terre|dehors|en dehors (?:de la table|du billard))")


@dataclass
class _Facts:
    kind: str | None = None
    first: Any = "unset"           # int, None (no ball), "lowest", or "unset"
    first_strong: bool = False     # stated with "d'abord"/"en premier"
    intent: int | None = None      # "je joue la 3"
    pocketed: list[int] = field(default_factory=list)
    not_pocketed: set[int] = field(default_factory=set)
    nothing_pocketed: bool = False
    off: list[int] = field(default_factory=list)
    cue: str | None = None
    cue_not: bool = False
    rail: bool | None = None
    rails_count: int | None = None
    no_rail: bool = False
    crossed: int | None = None
    crossed_balls: set[int] = field(default_factory=set)   # balls named as crossing the head string
    push_undeclared: bool = False   # "je voulais faire un push mais je ne l'ai pas annoncé"
    cue_rail_first: bool | None = None
    called: Any = "unset"
    fouls_self: int | None = None
    fouls_other: int | None = None
    warned: bool | None = None
    rack: str | None = None
    jump: bool = False
    masse: bool = False
    obstacle: bool = False
    codes: list[str] = field(default_factory=list)
    bih: bool = False
    on_table: list[int] | None = None
    lowest: int | None = None
    present: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)   # subjects of the shot's events
    named: set[int] = field(default_factory=set)       # every ball the story names
    incidental_jump: bool = False   # the cue ball jumps over a ball by itself (not ruled here)
    generic_pocket: bool = False    # "une bille rentre": which one is not said
    generic_foul: bool = False      # "je fais une faute": which one is not said
    pocket_lowest: bool = False     # "je rentre la bonne bille / la plus basse"
    dry: bool = False               # "dry break" told: the three-ball rule was not met
    told_pockets: int = 0           # balls pocketed told by apposition ("deux billes rentrent, la 3 et la 6")
    pocketed_by: dict[int, str] = field(default_factory=dict)   # ball → who pocketed it

    def code(self, c: str) -> None:
        """Add the foul code ``c`` (once)."""
        if c not in self.codes:
            self.codes.append(c)

    def outcome_told(self) -> bool:
        """A fact of what the shot did was read: the ball hit first, balls pocketed or not, the
        cue ball, balls off the table, rails, the call, the head string, a foul by code."""
        return bool(self.first != "unset" or self.pocketed or self.not_pocketed or self.nothing_pocketed
                    or self.off or self.cue or self.cue_not or self.rail is not None or self.no_rail
                    or self.rails_count is not None or self.cue_rail_first or self.called != "unset"
                    or self.codes or self.crossed is not None)


def _add(lst: list[int], balls: Iterable[int]) -> None:
    for b in balls:
        if b not in lst:
            lst.append(b)


def _person(c: Clause) -> str | None:
    return c.subject if c.subject in ("self", "other", "player") else None


_PUSH_NOT_DECLARED = (r"\bsans (?:l |le |la |)(?:avoir |)(?:annonc|declar|dire|prevenir)\w*|"
                      r"\b(?:ne |n |)(?:l |le |)(?:ai|as|a|avais|avait|avez|avons) (?:pas|jamais|rien) (?:\w+ )?(?:annonc|declar|dit|prevenu)\w*|"
                      r"\b(?:ne |n )(?:l |le |)(?:annonc|declar)\w* (?:pas|jamais|rien)|\b(?:pas|non) (?:annonc|declar)\w*|"
                      r"\boubli\w* de (?:l |le |)(?:annonc|declar)\w*")


def _read_global(s: str, f: _Facts) -> None:
    """Facts read on the whole story (phrases that cross clause boundaries)."""
    # ---- phase
    for m in re.finditer(r"\bpush\b|\bpush out\b|\bpushout\b|coup (?:de )?pousse\b|\bdegagement\b", s):
        before = s[max(0, m.start() - 45):m.start()]
        if re.search(r"\b(?:apres|suite a|suite au|avant) (?:un |le |son |ton |mon |sa |une |)(?:\w+ )?$", before) \
                and not re.search(r"\b(?:je|tu|vous|j)\b", before[-12:]):
            continue   # "après un push-out de mon adversaire": the shot before
        if re.search(r"\b(?:peut|peux|pourra|pourrait|peuvent|droit|doit|dois|faut|jouer un|jouer le|interdit|possible|"
                     r"autorise|permis)\b[^,]*$", before):
            continue   # "mon adversaire peut-il jouer un coup poussé ?": asked, not told
        # the negation must bear on the push: no ball, cue ball or comma in between
        after = re.split(r"\bB\d|\bCUE\b|,", s[m.end():m.end() + 60])[0]
        near = re.split(r"\bB\d+\S*|\bCUE\b|,", before)[-1] + " " + s[m.start():m.end()] + after
        if re.search(_PUSH_NOT_DECLARED, near):
            f.push_undeclared = True   # a push-out not announced is played as an ordinary shot
            continue
        f.kind = "push_out"
        break
    brk = re.search(r"\b(?:cass(?!er\b)\w*|(?:viens|vient|venons|venez) de casser|bris|break|ouverture|ouvreur|j ouvre|"
                    r"coup d envoi|dry break|BRK)\b", s)
    if brk and f.kind is None:
        # a break mentioned only as "after the break" is not this shot
        stripped = re.sub(r"\b(?:apres|suivant|suit|suivi) (?:la |le |ma |sa |ta |une |un |son |mon |ton )?"
                          r"(?:casse|bris|break|ouverture)\b", " ", s)
        stripped = re.sub(r"\b(?:la|une|les|des) casses? (?:d avant|precedente)", " ", stripped)
        if re.search(r"\b(?:cass(?!er\b)\w*|(?:viens|vient|venons|venez) de casser|bris|break|ouverture|ouvreur|j ouvre|"
                     r"coup d envoi|BRK)\b", stripped):
            f.kind = "break"
    if re.search(r"\bdry break\b", s):
        f.rack = "template"
        f.dry = True
    # ---- template rack and head string
    if re.search(r"\bmagic rack|\brack magique|\bgabarit|\btapis marque|\bmarquage du tapis|\btriangle magique|"
                 r"\bmagic\b|\bfeuille de rack|\brack a gabarit|\bbilles? marquees?", s):
        f.rack = "template"
    elif re.search(r"\btriangle (?:classique|normal|ordinaire|traditionnel)", s):
        f.rack = "triangle"
    m = re.search(r"(?<![+\w])(\d+|aucune|rien|une seule|une|seulement \d+|que \d+|juste \d+)\s*(?:autres? |)(?:billes? |boules? |)(?:autres? |)"
                  r"(?:(?:ne |n )?(?:passent|passe|franchissent|franchit|depassent|depasse|traversent|traverse|"
                  r"remontent|remonte|ont passe|a passe|ont franchi|a franchi|ont depasse|a depasse|vont derriere|"
                  r"va derriere|sont passees|est passee)(?: pas)?) (?:la |de la )?ligne", s)
    if m:
        f.crossed = _count(m.group(1))
    else:
        m = re.search(r"\b(" + BALLS + r") (?:(ne |n )?(?:passent|passe|franchissent|franchit|depassent|depasse|traversent|traverse|"
                      r"remontent|remonte|ont passe|a passe|ont franchi|a franchi|ont depasse|a depasse|vont derriere|"
                      r"va derriere|sont passees|est passee)(?: pas)?) (?:derriere |au dela de |)(?:la |de la )?ligne", s)
        if m:
            f.crossed_balls = set() if m.group(2) else set(_nums(m.group(1)))
            f.crossed = len(f.crossed_balls)
    # ---- foul count and warning
    _read_fouls_count(s, f)
    if re.search(r"\b(?:sans (?:avertissement|m avertir|me prevenir|prevenir|avoir ete averti|que personne|"
                 r"qu on (?:m |me |t |te |l |le |nous |vous |)(?:ait|aie|aies|ai) (?:averti|prevenu)|(?:m |l |t |)avoir (?:averti|prevenu))|"
                 r"pas (?:ete |d )?(?:averti|avertissement|prevenu)|(?:ne|n) (?:m |me |t |te |l |nous )?(?:a|ont|avait|avez|as) "
                 r"(?:jamais |pas |)(?:ete )?(?:averti|prevenu|dit)|personne (?:ne |n )?(?:m |t |l )?a (?:averti|prevenu)|"
                 r"aucun avertissement|non averti|jamais ete averti|pas averti|oublie de (?:m |me |l |t |)(?:avertir|prevenir))", s):
        f.warned = False
    elif re.search(r"\b(?:averti|avertie|avertis|avertissement|prevenu|m a prevenu)\b", s):
        f.warned = True
    m = re.search(r"\b(?:\d+|des|plusieurs) (?:billes?|boules?) (?:de but |)(?:rentrent|tombent|entrent|sont rentrees|sont empochees)"
                  r" (?:, |: |)(" + BALLS + r")", s)
    if m:
        _add(f.pocketed, _nums(m.group(1)))
        f.told_pockets = len(_nums(m.group(1)))
    if re.search(r"\b(?:une|des|plusieurs|2|3|quelques) (?:autres? |)(?:billes?|boules?) (?:de but |numerotees? |)(?:\w+ )?"
                 r"(?:rentre|rentrent|tombe|tombent|entre|entrent|est rentree|sont rentrees|est empochee|sont empochees)\b|"
                 r"\b(?:rentre|rentres|rentrez|empoche|empoches|empochez|blouse|mets)\w* (?:une|des|plusieurs|2|quelques) (?:autres? |)(?:billes?|boules?)\b", s):
        f.generic_pocket = True
    if re.search(r"\b(?:fais|fait|faites|commets|commet|commettez|commis|ai fait|as fait|a fait) (?:une |la |encore une |)faute\b|"
                 r"\b(?:sur|avec|en faisant|apres) (?:une |)faute\b", s):
        f.generic_foul = True
    if re.search(r"\b(?:rentre|rentres|rentrez|empoche|empoches|empochez|blouse|blouses|mets|mis)\w* (?:bien |)(?:la bonne bille|la plus basse|"
                 r"la plus petite|la bille la plus basse|la bille visee)", s):
        f.pocket_lowest = True
    # ---- listed fouls (codes) and technique
    _read_codes(s, f)
    # ---- the table
    _read_table(s, f)
    # ---- the call
    _read_call(re.sub(_PUSH_NOT_DECLARED, " ", s) if f.push_undeclared else s, f)
    # ---- rails
    _read_rails(s, f)
    # ---- ball in hand (state)
    if re.search(r"\b(?:j ai|tu as|vous avez|j avais|tu avais|avec|ayant|je prends|j ai pris|je place|je pose|"
                 r"je mets)\s+(?:la )?BIH\b|^BIH\b|, BIH\b|\bBIH ,", s) or re.search(r"\b(?:je|tu|vous) (?:place|places|placez|pose|poses|posez) CUE (?:ou|n importe|derriere|ou je veux)", s):
        f.bih = True


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


def _read_fouls_count(s: str, f: _Facts) -> None:
    # "mon adversaire a deux fautes"
    for m in re.finditer(r"\b(ADV|PLAYER|il)(?: (?:a|avait|en|est|etait|cumule|deja|commis|fait)(?![a-z]))++ (\d+|une) fautes?", s):
        f.fouls_other = min(_count(m.group(2)), 2)
    pats = [
        r"\b(?:j ai|tu as|vous avez|j avais|tu avais|vous aviez|je suis|tu es|vous etes|j en suis|on est|je compte|"
        r"je cumule|j etais|j en etais)(?: (?:deja|a|fait|commis|eu)(?![a-z]))*+ "
        r"(\d+|une|aucune) fautes?",
        r"\b(?:apres|avec|sur|deja|suite a|a) (\d+) fautes? (?:de suite|consecutives?|d affilee|d affile|a la suite|"
        r"consecutivement|de rang)",
        r"^(\d+) fautes? (?:de suite|consecutives?|d affilee|a la suite|consecutivement)",
        r"\b(\d+) fautes? (?:de suite|consecutives?|d affilee|a la suite|consecutivement) (?:deja |)(?:avant|derriere moi|au compteur|pour moi|de ma part|pour toi)",
        r"\bmes (\d+) fautes? ",
    ]
    for p in pats:
        m = re.search(p, s)
        if m and f.fouls_self is None:
            f.fouls_self = min(_count(m.group(1)), 2)
    m = re.search(r"\b(?:c est|c etait|ce serait|pour|ce qui fait|ca fait|soit|est) (?:ma|ta|votre|sa) (premier|deuxieme|troisieme) faute", s) \
        or re.search(r"\b(?:ma|ta|votre) (premier|deuxieme|troisieme) faute (?:de suite|consecutive|d affilee)", s)
    if m and f.fouls_self is None:
        f.fouls_self = max(0, ORDINAL_VALUES[m.group(1)] - 1)
    m = re.search(r"(?:^|, |\b(?:et|puis|pour|avec) )(?:une |la |)(deuxieme|troisieme) faute (?:de suite|consecutive|d affilee|a la suite)", s)
    if m and f.fouls_self is None:
        f.fouls_self = ORDINAL_VALUES[m.group(1)] - 1
    if f.fouls_self is None and re.search(r"\b(?:j ai|tu as|vous avez) (?:deja |)(?:fait|commis) (?:une|1) faute\b", s):
        f.fouls_self = 1
    m = re.search(r"\b(\d+) fautes? (?:de suite|consecutives?|d affilee|a la suite|consecutivement)\b", s)
    if f.fouls_self is None and m and not re.search(r"\b(?:regle|regles) des (\d+) fautes", s):
        f.fouls_self = min(_count(m.group(1)), 2)


def _read_codes(s: str, f: _Facts) -> None:
    if re.search(r"\baucun pied (?:au|sur le|par|a|ne touch\w*) ?(?:sol|terre|le sol)?|\b(?:les |mes |ses |tes )?(?:2 |deux )?pieds? "
                 r"(?:en l air|decolles?|ne touch\w* (?:pas|plus) le sol|au dessus du sol|ne sont (?:pas|plus) (?:au|par) (?:sol|terre))|"
                 r"\bsans (?:pied|aucun pied|les pieds|toucher le sol|mettre les pieds)|\bassis sur (?:la table|le billard|la bande)|"
                 r"\b(?:decolle|decolles) (?:les |mes |)(?:2 |deux |)pieds|\bpas de pied (?:au|par) (?:sol|terre)|\bun pied en l air et l autre", s):
        f.code("no_foot_on_floor")
    if re.search(r"\bqueutage|\bqueute|\bdouble (?:touche|contact|frappe|coup de queue)|\btouche (?:CUE |la )?(?:2|deux) fois|"
                 r"\bfrappe (?:CUE |la )?(?:2|deux) fois|\b(?:2|deux) fois CUE|\bdouble hit", s):
        f.code("double_hit")
    if re.search(r"\bpoussette|\b(?:je |tu |vous |il |ADV )?(?:pousse|poussee|poussez|pousses|accompagne|accompagnes) (?:CUE|la bille)|CUE (?:est )?poussee|\bpush shot", s) \
            and not re.search(r"coup (?:de )?pousse", s):
        f.code("push_shot")
    if re.search(r"\b(?:encore|toujours) en mouvement|\b(?:boug|roul|tourn)\w* encore|\bpendant (?:que|qu) (?:les billes|la bille|une bille|B\d+\S*|CUE|elles?) (?:boug|roul|tourn)\w*|"
                 r"\bavant (?:que|qu) (?:les billes|la bille|tout|elles?|B\d+\w*|CUE)\b.*\b(?:arrete|arretent|immobilise|soit|soient)|"
                 r"\bpas (?:encore )?(?:arretee|arretees|immobile|immobiles|immobilisee)|\ben mouvement", s):
        f.code("balls_moving")
    touched = re.search(r"\b(?:touche|touches|touchez|touchait|deplace|deplaces|deplacez|bouge|bouges|bougez|effleure|effleures|"
                        r"frole|froles|fais bouger|fait bouger|heurte|accroche|accroches|cogne|cognes|renverse)\s+(?:accidentellement |"
                        r"involontairement |sans faire expres |)(?:une bille|une boule|la bille|les billes|B\d+\S*|CUE|une bille de but)"
                        r"(?: \w+){0,3} (?:avec|de|du bout de|par) (?:la |ma |sa |ta |mon |son |ton |le |les |mes |un |une |)"
                        r"(?:main|mains|doigt|doigts|manche|bras|coude|chevalet|pull|veste|vetement|vetements|habits|craie|"
                        r"corps|ventre|cravate|chemise|gilet|cheveux|telephone|tenue|talon de la queue|talon|procede|queue|baguette)", s) \
        or re.search(r"\b(?:ma|sa|ta|mon|son|ton|votre) (?:main|manche|bras|coude|pull|veste|chemise|cravate|queue|chevalet|craie) "
                     r"(?:a |)(?:touche|touchait|frole|deplace|effleure|fait bouger|bouge|heurte|accroche|cogne)\s+(?:une bille|une boule|la bille|les billes|B\d+\S*)", s)
    if touched and touched.re.groups == 0 and re.search(r"\b(?:touche|touches|touchez|touchait) CUE(?: \w+){0,3} (?:avec|de|par) "
                                                        r"(?:la |ma |sa |ta |mon |son |le |)(?:queue|procede|baguette)", s):
        touched = None   # the cue ball touched with the cue: a stroke (or a double hit), not a touched ball
    bih_stroke = re.search(r"\ben (?:placant|positionnant|posant|replacant|mettant|deplacant) (?:CUE|la bille|BIH|ma CUE)", s) \
        and re.search(r"\b(?:touche|touches|tape|tapes|pousse|pousses|frappe|frappes|heurte)\b", s) \
        or re.search(r"\b(?:coup|geste) (?:de queue )?(?:vers l avant )?en (?:positionnant|placant) CUE", s)
    if bih_stroke:
        f.code("ball_in_hand_stroke")
    elif touched:
        # with the cue (queue) on another ball than the cue ball: touched ball; hitting an
        # object ball with the cue as a stroke is wrong_cue_ball (below)
        f.code("touched_ball")
    if re.search(r"\b(?:pose|poses|posee|posez|laisse|laisses|mets|met|appuie|appuies) (?:ma |sa |ta |la |votre |une |mon )?"
                 r"(?:queue|baguette|canne)\b(?: \w+){0,3} sur (?:la table|le tapis|le billard)", s):
        f.code("cue_on_table")
    if re.search(r"\b(?:ce n est |c est |c etait |ce n etait |)(?:pas|plus) (?:mon|ton|son|votre) tour|\bhors (?:de )?(?:mon |son |ton |)tour|"
                 r"\ben dehors de (?:mon|son|ton) tour|\bavant mon tour|\ba (?:sa|ta|la) place\b|\bau lieu de (?:mon adversaire|ADV)|"
                 r"\bpendant (?:la reprise|le tour) de (?:mon adversaire|ADV)|\bjoue a la place", s):
        f.code("out_of_turn")
    if re.search(r"\bjeu (?:trop )?lent|\btrop lent|\bdepasse (?:le|mon|son|ton|la limite de) temps|\btemps (?:de jeu |imparti |)"
                 r"(?:depasse|ecoule|fini)|\bchrono|\bshot clock|\blimite de temps|\bhors delai|\btrop de temps", s):
        f.code("slow_play")
    if re.search(r"\b(?:joue|jouer|tape|taper|frappe|frapper|tire|tirer|propulse|pousse)\s+(?:directement |)(?:avec |)(?:B\d+\S*|une bille de but|"
                 r"une bille numerotee|une autre bille)(?: \w+){0,4} au lieu de (?:CUE|la bille de tir)|\bjoue avec (?:B\d+\S*|une bille de but) "
                 r"(?:au lieu|comme)|\b(?:frappe|tape|propulse|pousse) (?:directement |)(?:B\d+\S*|une bille de but) avec (?:la|ma|sa|ta) "
                 r"(?:queue|pointe|procede)|\bmauvaise bille de tir|\bfrappe une bille de but", s):
        f.code("wrong_cue_ball")
        if "touched_ball" in f.codes and not re.search(r"\b(?:main|manche|bras|doigt|pull|veste|coude)\b", s):
            f.codes.remove("touched_ball")
    if re.search(r"\bpoches? (?:est |etait |)(?:pleine|remplie|bouchee|saturee)|\bpleine de billes|\bbille (?:deja )?empochee (?:qui )?depasse", s):
        f.code("full_pocket")
    if re.search(r"\bgelee|\bcollee", s) and re.search(r"\boppose|\bsens inverse|\bdirection contraire|\ben arriere", s):
        f.code("frozen_ball_push")
    if re.search(r"\bCUE (?:est |etait |)mal placee|\bmal place (?:CUE|la bille)|\bplace (?:CUE|la bille) (?:au mauvais endroit|a un mauvais endroit|"
                 r"devant la ligne|hors de la zone)|\bmauvais placement de CUE|\bCUE (?:placee|posee) au mauvais endroit", s):
        f.code("ball_in_hand_misplaced")
    # technique
    # the cue ball flying over a ball by itself ("la blanche saute par-dessus une bille après
    # la bande") is not a jump shot: the guide rules on it, the engine cannot (see understand)
    f.incidental_jump = bool(re.search(r"\bCUE (?:\w+ ){0,5}(?:saute|passe|vole|rebondit)\w* (?:\w+ ){0,2}(?:par dessus|au dessus)", s)) \
        and not re.search(r"\b(?:je|tu|vous|ADV|PLAYER|j ai|tu as|vous avez) (?:fait |)(?:saute|jump|fais un jump|fais sauter)", s)
    jump_ctx = re.search(r"\bjump|\bcoup saute|\bsaut\b|\b(?:un|mon|ton|son|du) saute (?:au dessus|par dessus)|\bsauts\b|\b(?:je|tu|vous|il|ADV|on|PLAYER|j ai|tu as|vous avez|a|ai) "
                         r"(?:fait )?(?:saute|sautes|sautez|sauter|sautant)\b(?! (?:hors|de la table|du billard|par terre|au sol|dehors))|"
                         r"\bfais sauter CUE|\bfait sauter CUE|\bfaire sauter CUE|\ben sautant|\bpar dessus\b",
                         s) if not f.incidental_jump else None
    if jump_ctx:
        f.jump = True
    if re.search(r"\bfausse queue\b|\bfausse-queue|\bmiscue|\bdérape|\bderape", s) and (jump_ctx or re.search(r"\bjump|saut", s)):
        f.code("jump_miscue")
        f.jump = True
    if re.search(r"\b(?:sous|en dessous de|en-dessous de|dessous) (?:le |son |du |)centre|\bcoup de pelle|\ben creusant|\bcuiller|\bscoop|"
                 r"\b(?:frappant|frappe|tapant|tape|piquant|pique|jouant|joue) (?:\w+ )?(?:sous|en dessous de|dessous) (?:CUE|la bille)", s) \
            and (jump_ctx or re.search(r"\bsaute|\bsaut", s)):
        f.code("scoop_jump")
        f.jump = True
    if re.search(r"\bmasse\b|\bmasses\b|\bmassee?\b|\ben massant|\bun masse|\bcoup masse|\bmasser\b", s):
        f.masse = True
    if (f.jump or f.masse) and re.search(r"\b(?:bille |)obstacle (?:a |)(?:bouge|deplacee|boug\w*|remue|touchee)|\b(?:fais|fait) bouger (?:la bille obstacle|B\d+\S*)|\b(?:fais|fait) B\d+\S* bouger"
                                          r"|\bB\d+\S* (?:qui |)(?:a |)(?:bouge|bougé|remue)\b(?! encore)"
                                          r"|\b(?:la |)(?:bille|boule) (?:que|qu) (?:je|j|tu|il|on|vous|ADV) (?:\w+ ){0,3}?(?:contourn|saut|evit|pass|masse)\w*"
                                          r"(?: \w+){0,3}? (?:a |)(?:bouge|remue|se deplace|est deplacee|a ete deplacee)\b", s):
        f.obstacle = True


def _read_table(s: str, f: _Facts) -> None:
    # exact lists: "il ne reste que la 9", "il reste la 6, la 8 et la 9"
    m = re.search(r"\b(?:il (?:ne |n )?(?:me |nous |te |)(?:reste|restait|restent)|(?:ne |n )?(?:reste|restait|restent)|"
                  r"sur la table (?:il y a|il reste|reste|restent|il n y a que|y a que)|il n y a (?:plus )?que|il y a (?:seulement|juste|plus que|que|encore)|"
                  r"il y a)\s+(?:(?:plus|encore|seulement|uniquement|juste|que) )*+(" + BALLS + r")"
                  r"(?: (?:sur la table|en jeu))?", s)
    if m:
        balls = _nums(m.group(1))
        prefix = m.group(0)
        exact = bool(re.search(r"\bque\b|\bseulement\b|\buniquement\b|\bjuste\b|\bplus que\b", prefix)) or len(balls) >= 2
        if exact:
            f.on_table = sorted(set(balls))
        else:
            _add(f.present, balls)
    for m in re.finditer(r"\b(" + BALLS + r") (?:est|etait|sont|etaient|reste|restait|restent) (?:encore |toujours |bien |)"
                         r"(?:la|sur la table|en jeu|presente?s?|sur le tapis|dessus)\b", s):
        _add(f.present, _nums(m.group(1)))
    for m in re.finditer(r"\b(" + BALLS + r") (?:n est|n etait|ne sont|n etaient) (?:pas |)(?:encore |toujours |)(?:pas |)"
                         r"(?:rentree|rentrees|tombee|tombees|empochee|empochees|partie|parties)\b", s):
        _add(f.present, _nums(m.group(1)))
    for m in re.finditer(r"\b(" + BALLS + r") (?:est|sont|etait|etaient) (?:deja |)(?:rentree|rentrees|tombee|tombees|empochee|empochees|partie|parties|"
                         r"rentre|tombe|empoche)s? (?:depuis longtemps |avant |auparavant |)?(?:deja)?", s):
        if re.search(r"\bdeja\b|\bavant\b|\bauparavant|\bdepuis", m.group(0)):
            _add(f.gone, _nums(m.group(1)))
    # lowest
    m = re.search(r"\b(B\d+) (?:est|etait|c est|c etait|reste|restait) (?:encore |toujours |bien |)(?:la )?(?:bille |boule |)"
                  r"(?:la )?plus (?:basse|petite|faible)|\bla (?:bille |boule |)(?:la )?plus (?:basse|petite|faible)(?: sur la table| en jeu| restante|)"
                  r"(?: \w+)? (?:est|etait|c est|c etait|:|restait|reste) (B\d+)|\bplus petit (?:numero|chiffre)(?: sur la table| en jeu|)"
                  r" (?:est|etait|c est|c etait|:) (B\d+)|\bla plus (?:basse|petite) (?:etant|soit) (B\d+)", s)
    m = m or re.search(r"\b(B\d+)(?: (?:en premier|d abord|directement|bien))? ,? (?:c est |qui est |qui etait |c etait |soit |"
                       r"laquelle est |)(?:bien |)la (?:bille |boule |)(?:la )?plus (?:basse|petite|faible)", s) \
        or re.search(r"\b(B\d+)(?: (?!B\d)[a-z]+){0,6} ,? (?:c est|c etait|qui est|qui etait|elle est|elle etait) (?:bien |)"
                     r"la (?:bille |boule |)(?:la )?plus (?:basse|petite|faible)", s)
    if m:
        ball = next(g for g in m.groups() if g)
        f.lowest = _nums(ball)[0]
    m = re.search(r"\b(?:touche|touches|touchez|tape|tapes|tapez|frappe|frappes|vise|joue|a touche|ai touche|as touche)\w*"
                  r"(?: \w+){0,3} (B\d+)(?: \w+){0,3} au lieu de (?:la plus (?:basse|petite) ,? |)(B\d+)", s)
    if m and f.lowest is None:
        f.lowest = _nums(m.group(2))[0]


def _read_call(s: str, f: _Facts) -> None:
    if re.search(r"\b(?:sans (?:l |les |la |rien |)(?:l avoir |les avoir |avoir |)(?:annoncer|annonce\w*|nommer|nomme\w*|dire|dit)|"
                 r"\b(?:je|j|tu|t|il|on|vous) (?:l |la |les )?(?:ai|as|a|avais|avait|avez) (?:pas|rien|jamais) (?:annonc|nomm)\w*|(?:ne |n )(?:l |la |les |)(?:ai|avais|a|as|avez|avait) "
                 r"(?:pas|rien|jamais) (?:annonce|nomme|dit)|(?:ne |n )(?:l |la |les )?(?:annonce|annonces|annoncez|nomme)\w* (?:pas|rien|jamais)|"
                 r"pas (?:d |)annonce|non annoncee?s?|aucune annonce|rien annonce|pas annoncee?s?|oublie d annoncer|annonce rien)", s):
        f.called = None
        return
    m = re.search(r"\b(B\d+) (?:[a-z]+ ){0,2}(?:rentre|tombe|entre|va|part|finit|file)\w* (?:bien |)(?:dans|au|en) (?:la |le |l |)"
                  r"(?:poche|trou|blouse) (?:que (?:j|je|tu|vous|t) (?:avais |ai |as |avez |aviez |)|)(?:annoncee?|prevue?|choisie?|designee?)", s)
    if m:
        f.called = {"ball": _nums(m.group(1))[0], "pocket": None, "pocket_ok": True}
        return
    m = re.search(r"\b(?:annonce|annonces|annoncez|annoncer|annoncant|nomme|nommes|designe|designes)\s+(?:une |un |la |le |)"
                  r"(?:securite|safe|safety|coup de securite|defense|defensive|coup defensif)", s)
    if m or re.search(r"\bsecurite annoncee|\bannonce (?:une |)securite", s):
        f.called = "safe"
        return
    m = re.search(r"\b(?:annonc\w*|nomm\w*|design\w*|dis|dit)\s+"
                  r"(?:bien |d abord |)(B\d+)(?:\s+(" + _POCKET_PLACE.replace("(?:", "(?:", 1) + r"(?: [a-z]+){0,3}))?", s) \
        or re.search(r"\b(B\d+) (?:annoncee|que j ai annoncee|que j avais annoncee|etait annoncee|est annoncee|avait ete annoncee|"
                     r"a ete annoncee)(?:\s+(" + _POCKET_PLACE + r"(?: [a-z]+){0,3}))?", s)
    if m:
        ball = _nums(m.group(1))[0]
        pocket = (m.group(2) or "").strip() or None
        if pocket:
            pocket = re.sub(r"^(?:dans|au|a|en) (?:la |le |l |une |un )?", "", pocket)
            pocket = re.split(r" (?:et|mais|puis|qui|ou|GAME|,) ", " " + pocket + " ")[0].strip() or None
        f.called = {"ball": ball, "pocket": pocket, "pocket_ok": True}
        went = re.search(r"\b(?:B%d|elle)(?: \w+){0,2} (?:rentre|rentrent|tombe|tombent|entre|va|part|finit|file|est rentree|"
                         r"est tombee|termine)\w* (?:dans|au|a|en) (?:la |le |l |une |un |)(?:poche |trou |blouse |)(?:du |de |d |)"
                         r"([a-z]+(?: [a-z]+)?)" % ball, s[m.end():])
        if pocket and went and _pocket_words(went.group(1)) and _pocket_words(pocket) and \
                not (_pocket_words(went.group(1)) & _pocket_words(pocket)):
            f.called["pocket_ok"] = False
        if re.search(r"\b(?:une |l |dans une |dans l |dans la )?(?:autre|mauvaise) (?:poche|trou|blouse)|\bpas dans (?:la|le) (?:poche|trou|blouse)"
                     r"(?: annoncee?| prevue?| choisie?| que j avais annoncee?|)|\bailleurs|\bpoche (?:opposee|d a cote|voisine|differente)", s):
            f.called["pocket_ok"] = False


_POCKET_WORDS = {"coin": "coin", "angle": "coin", "corner": "coin", "milieu": "milieu", "centre": "milieu",
                 "cote": "milieu", "central": "milieu", "centrale": "milieu"}


def _pocket_words(text: str) -> set[str]:
    return {_POCKET_WORDS[w] for w in text.split() if w in _POCKET_WORDS}


def _read_rails(s: str, f: _Facts) -> None:
    # counts of balls to a rail (break)
    m = re.search(r"\b(?:seulement |que |juste |uniquement |)(\d+|une|aucune) (?:billes?|boules?) (?:de but |numerotees |)(?:seulement |)(?:qui |)(?:seulement |)"
                  r"(?:(?:ont |sont |)(?:touche\w*|tape\w*|va|vont|sont allees|est allee|atteign\w*|atteint\w*|frappe\w*|rejoign\w*|"
                  r"arrive\w*|vont|partent|part) (?:a |en |)(?:la |une |les |des |)(?:bandes?)|(?:a|en|aux) (?:la |)bandes?)", s)
    if m:
        f.rails_count = _count(m.group(1))
    if re.search(r"\b(?:aucune bande|pas de bande|sans (?:toucher |faire |atteindre |aller a |)(?:de |la |une |aucune |)bande|"
                 r"(?:aucune|aucun|rien|personne)(?: \w+){0,2} (?:ne |n )(?:touche|va|atteint|tape|frappe|rejoint|a touche)\w* (?:a |)(?:la |une |de |les |aucune |)bande|"
                 r"(?:ne |n )(?:touche|touchent|va|vont|atteint|atteignent|tape|tapent)\w* (?:pas|jamais|aucune) (?:a |)(?:la |une |de |les |)bande|"
                 r"(?:touche|touchent|tape|tapent|va|vont) pas (?:a |)(?:la |une |de |les |)bande|"
                 r"\b(?:rien|aucune bille|aucune boule|aucune) (?:touche|va|tape) (?:a |)(?:la |une |de |les |)bande|"
                 r"\bbande (?:n a pas ete|pas) touchee|\babsence de bande|\bsans bande)", s):
        f.no_rail = True
    if re.search(r"\b(?:CUE|elle|B\d+\S*|une bille|une boule|la bille|les billes|tout|l une)(?: \w+){0,2} (?:touche|touchent|va|vont|part|partent|tape|tapent|"
                 r"frappe|frappent|rejoint|rejoignent|atteint|atteignent|a touche|ont touche|revient|revien\w*) (?:ensuite |apres |bien |)(?:a |en |contre |dans |sur |)"
                 r"(?:la |une |les |des |)bandes?", s) and not f.no_rail:
        f.rail = True
    # cue ball to a rail before the first ball
    if re.search(r"\b(?:CUE|je|j ai|tu|tu as|vous|vous avez|il|ADV|on) (?:touche|tape|frappe|va|part|a touche|ai touche|as touche|avez touche)\w* "
                 r"(?:d abord |en premier |)(?:la |une |)bande (?:d abord |en premier |avant|puis|et ensuite|ensuite)|\bbande avant (?:de toucher |)(?:B\d+|la bille|une bille)|"
                 r"\bpar la bande|\bd abord (?:la |une )bande|\bcoup de bande|\bbande en premier", s):
        f.cue_rail_first = True


# ---- per-clause rules ------------------------------------------------------------
_STRONG = r"(?:d abord|en premier|en 1|premier|premiere|au depart|directement|first)"


def _read_clause(c: Clause, f: _Facts) -> None:
    s = " " + c.text + " "
    neg = _neg(c)
    subj = c.subject
    person = _person(c)
    modal = re.search(r"\b(?:peux|peut|peuvent|pouvons|pouvez|dois|doit|doivent|devons|devez|faut|puis|ai le droit|as le droit|"
                      r"a le droit|avons le droit|avez le droit|ont le droit|autorise|interdit|permis|faudrait|voudrais|veux)\b", s)
    # ---------- missed the pot ("j'ai raté mon coup"): nothing pocketed
    if re.search(r"\b(?:rate|rates|ratez|manque|manques|manquez|loupe|loupes|loupez|foire)\w* (?:mon|son|ton|votre|le|un) "
                 r"(?:coup|empochage|tir)\b", s):
        f.nothing_pocketed = True
        if person:
            f.persons.append(person)
        return
    # ---------- the first ball to hit was not hit first ("je n'ai pas touché la 1 d'abord")
    m = re.search(r"\b(?:ne |n |)(?:ai|as|avais|avait|a|avez) (?:pas|jamais) (?:" + V_CONTACT + r") (B\d+) (?:" + _STRONG + r")", s) \
        or re.search(r"\b(?:ne |n )(?:" + V_CONTACT + r") (?:pas|jamais) (B\d+) (?:" + _STRONG + r")", s)
    if m:
        f.code("wrong_ball_first")
        _add(f.present, _nums(m.group(1)))
        if f.lowest is None:
            f.lowest = _nums(m.group(1))[0]
        if person:
            f.persons.append(person)
        return
    # ---------- no ball touched
    if re.search(r"\b(?:rate|rates|ratez|rater|manque|manques|manquez|manquer|loupe|loupes|loupez|louper|foire)\w* "
                 r"(?:encore |aussi |a nouveau |de nouveau |carrement |completement |totalement |)(?:tout|toutes les billes|la bille|les billes|completement|totalement|la bille visee|B\d+\S*)(?! (?:dans|au|a|en|de peu|l empochage|la poche))", s) \
            and not re.search(r"\b(?:touche|tape|frappe)\w* (?:d abord |en premier |)B\d", s) \
            and not re.search(r"\b(?:rate|manque|loupe)\w* (?:B\d+\S*) (?:dans|au|a|en)", s):
        if not (c.subject == "balls"):
            f.first = None if f.first == "unset" or not f.first_strong else f.first
            if person:
                f.persons.append(person)
            return
    if re.search(r"\b(?:ne|n) (?:touche|touches|touchez|touchait|tape|tapes|tapez|frappe|frappes|a touche|ai touche|as touche|avez touche|"
                 r"rencontre|percute|heurte)\w* (?:rien|aucune (?:bille|boule)|pas (?:de |une |la moindre |)(?:bille|boule|B\d)|aucune|"
                 r"que (?:la |les |une |des |)bandes?)|\btouche\w* (?:rien|aucune (?:bille|boule))|\bsans (?:toucher|taper|frapper) "
                 r"(?:de bille|aucune bille|de boule|aucune|rien|une bille)|\baucune (?:bille|boule) (?:n est|n a ete|ne fut|n a) touch\w*\b(?! (?:a |)(?:la |une |de |les |aucune |)bandes?)", s) \
            and subj not in ("balls",):
        f.first = None
        f.first_strong = True
        if person:
            f.persons.append(person)
        return
    # ---------- first contact
    if subj in ("self", "other", "player", "cue") or c.inherited and subj not in ("balls", "none"):
        m = re.search(r"\b(?:" + V_CONTACT + r")\s+(?:(?:d abord|en premier|bien|directement|pleine bille|finement|juste|seulement|quand meme|tout de meme|malgre tout) )*"
                      r"(B\d+(?:\+\d+)*|la plus basse|la bonne bille|la mauvaise bille|une autre bille|la plus petite)"
                      r"(?:\s+(d abord|en premier|en 1|premier|directement|avant))?", s)
        if m and not modal and not re.search(r"\b(?:" + V_CONTACT + r")\s+(?:\S+ ){0,3}avec (?:la |ma |sa |ta |mon |son |le |les |mes )?"
                                             r"(?:main|doigt|doigts|manche|bras|coude|pull|veste|chemise|queue|chevalet|craie|corps)", s) \
                and not re.search(r"\ben (?:placant|positionnant|posant|replacant)", s):
            target = m.group(1)
            strong = bool(m.group(2)) or bool(re.search(r"\b" + _STRONG + r"\b", s[:m.start(1)]))
            if neg and target.startswith("B"):
                pass  # "je ne touche pas la 3": says what was not hit
            else:
                if target in ("la plus basse", "la bonne bille", "la plus petite"):
                    val: Any = "lowest"
                elif target in ("la mauvaise bille", "une autre bille"):
                    f.code("wrong_ball_first")
                    val = "wrong"
                else:
                    val = _nums(target)[0]
                if f.first == "unset" or (strong and not f.first_strong):
                    f.first = val
                    f.first_strong = strong
                if person:
                    f.persons.append(person)
    if subj == "balls" and re.search(r"\b(?:est|sont|etait|a ete|avait ete|ont ete|avaient ete|fut) (?:touchee|touchees|tapee|frappee|percutee)\w* (?:" + _STRONG + ")", s) \
            and c.subj_balls:
        f.first, f.first_strong = c.subj_balls[0], True
    m = re.search(r"\bpremiere (?:bille|boule) touchee (?:est |etait |c est |: |)(B\d+)", s)
    if m:
        f.first, f.first_strong = _nums(m.group(1))[0], True
    m = re.search(r"\b(?:combi|combo|combinaison|combinaisons)\s+(?:de |)(?:la |)(\d+|B\d+)\s*(?:B|)(\d+)", s)
    if m and f.first == "unset":
        f.first = int(m.group(1).lstrip("B"))
    # intent: "je joue la 3", "je vise la 3"
    m = re.search(r"\b(?:joue|joues|jouez|jouait|vise|vises|visez|visais|visait|tente|tentes|essaie|essaye)\s+(?:la |)(B\d+)", s)
    if m and person and not modal:
        f.intent = _nums(m.group(1))[0]
        f.persons.append(person)

    # ---------- off the table (before pockets: "tombe par terre")
    off_here = False
    if subj in ("balls", "cue") and re.search(r"\b(?:sort|sortent|sorti|sortie|sorties|saute|sautent|vole|volent|part|partent|tombe|tombent|"
                                               r"atterrit|atterrissent|finit|finissent|file|filent|est|sont|passe|passent|termine|terminent|"
                                               r"ejectee|ejectees|eject\w*|quitte|quittent)\w*(?: \w+){0,2} " + _OFF_PLACE, s) and not neg:
        off_here = True
    if subj in ("balls", "cue") and re.search(r"\b(?:est|sont|a ete|ont ete) (?:ejectee|ejectees|expulsee|projetee|projetees|sortie|sorties)\b", s) and not neg:
        off_here = True
    if off_here:
        if subj == "cue":
            f.cue = "off_table"
        else:
            _add(f.off, c.subj_balls)
        return
    if person or c.inherited and subj not in ("balls", "cue", "none"):
        m = re.search(r"\b(?:fais|fait|faites|ai fait|as fait|avez fait|a fait) (?:sortir|sauter|voler|tomber) (" + BALLS + r"|CUE)(?: \w+){0,2} " + _OFF_PLACE, s) \
            or re.search(r"\b(?:ejecte|ejectes|ejectez|envoie|envoies|envoyez|expedie|projette|sors|sort)\w* (" + BALLS + r"|CUE)(?: \w+){0,2}(?: " + _OFF_PLACE + "|$| )", s)
        if m and not neg and (re.search(_OFF_PLACE, s) or re.search(r"\beject|\bprojet", s)):
            if m.group(1) == "CUE":
                f.cue = "off_table"
            else:
                _add(f.off, _nums(m.group(1)))
            if person:
                f.persons.append(person)
            return

    # ---------- a ball sent into a pocket by a ball or a player ("B3 envoie B9 dans la poche",
    # "elle pousse B9 au fond", "je mets B9 dans le coin")
    if not neg and not modal:
        for m in re.finditer(r"\b(?:envoi|envoy|expedi|pouss|met|mets|mis|propuls|project|projett|amen|emmen|conduit|dirig)\w* "
                             r"(" + BALLS + r")(?: (?!B\d)\w+){0,2}? " + _SENT_PLACE, s):
            _add(f.pocketed, _nums(m.group(1)))
            for b in _nums(m.group(1)):
                f.pocketed_by.setdefault(b, person or subj or "balls")
            if person:
                f.persons.append(person)
    # ---------- pockets: person as subject ("je rentre la 9", "j'empoche la 4")
    if (person or (c.inherited and subj in ("self", "other", "player"))) and not modal:
        hits = list(re.finditer(r"\b(?:" + V_POT + r"|en rentrant|en empochant|en blousant|fais tomber|fait tomber|faites tomber|"
                                r"ai fait tomber|as fait tomber|a fait tomber|fais rentrer|fait rentrer|ai fait rentrer)\s+"
                                r"(?:aussi |egalement |meme |bien |en meme temps |quand meme |)(" + BALLS + r"|CUE|rien|aucune bille|tout|"
                                r"les 2|les deux)", s))
        for m in hits:
            obj = m.group(1)
            if obj in ("rien", "aucune bille"):
                f.nothing_pocketed = True
            elif neg:
                if obj == "CUE":
                    f.cue_not = True
                else:
                    f.not_pocketed.update(_nums(obj))
                    if not f.pocketed:
                        f.nothing_pocketed = True
            elif obj == "CUE":
                f.cue = "pocketed"
            elif obj.startswith("B"):
                _add(f.pocketed, _nums(obj))
                for b in _nums(obj):
                    f.pocketed_by.setdefault(b, person or subj)
            f.persons.append(person or subj)
        if hits:
            return
        if re.search(r"\b(?:ne |n )?(?:" + V_POT + r")\w* (?:rien|pas|aucune)\b", s) and neg and re.search(r"\b(?:rentre|empoche|blouse)\w*", s):
            f.nothing_pocketed = True
            f.persons.append(person or subj)
    if re.search(r"\b(?:scratch\w*|fais un scratch|fait un scratch)\b", s) and not neg:
        f.cue = f.cue or "pocketed"
        if person:
            f.persons.append(person)
    # ---------- pockets: balls as subject ("la 9 rentre", "elle tombe")
    if subj in ("balls", "cue", "none"):
        fall = re.search(r"\b(?:" + V_FALL + r"|(?:va|vont|part|partent|file|filent|finit|finissent|termine|terminent|glisse|glissent|"
                         r"roule|roulent|reste|restent|disparait|est|sont|se retrouve|se retrouvent|est partie|sont parties|est allee|sont allees|"
                         r"a fini|ont fini|a file|ont file) (?:" + _POCKET_PLACE + r"|au fond(?! de| du))|est dedans|sont dedans|"
                         r"(?:est|sont|a ete|ont ete|fut) (?:rentree|rentrees|tombee|tombees|empochee|empochees|blousee|blousees|rentre|tombe|empoche))\b", s)
        ressort = re.search(r"\b(?:ressort|ressortent|ressorti|ressortie|rebondit hors|recrache|crache)\w*", s)
        deja = re.search(r"\bdeja\b|\bavant\b|\bauparavant", s)
        if fall and not deja and not re.search(r"\b(?:reste|restent|restait) (?:sur|en|au bord|pres|devant|dans le coin de la)", s) \
                and not re.search(r"\b(?:" + V_CONTACT + r")\b", s[:fall.start()] if subj != "none" else ""):
            if subj == "none":
                if neg:
                    f.nothing_pocketed = True
            elif neg or ressort:
                if subj == "cue":
                    f.cue_not = True
                else:
                    f.not_pocketed.update(c.subj_balls)
            elif subj == "cue":
                f.cue = "pocketed"
            else:
                _add(f.pocketed, c.subj_balls)
                w = re.search(r"\b(?:avec|en meme temps que|ainsi que|suivie de|et aussi) (" + BALLS + "|CUE)", s[fall.end():])
                if w and w.group(1) == "CUE":
                    f.cue = "pocketed"
                elif w:
                    _add(f.pocketed, _nums(w.group(1)))
        elif ressort and subj == "balls":
            f.not_pocketed.update(c.subj_balls)
    # ---------- who played the shot (the person of its events)
    if person and re.search(r"\b(?:cass\w*|ouvre|jump\w*|saute|sautes|sautez|masse|masses|massez|annonce|annonces|annoncez|"
                            r"rate|rates|ratez|manque|manques|manquez|loupe|loupes|pousse|pousses|poussez|joue|joues|jouez|tire|tires|tirez|"
                            r"fais|fait|faites|commets|commet|commettez|place|places|placez|pose|poses|posez|vise|vises|visez|"
                            r"queute|queutes|depasse|depasses|bouge|bouges|deplace|deplaces|touche|touches|touchez)\b", s) and not modal:
        f.persons.append(person)
    if person and re.search(r"\b(?:ai|as|avez|a|avons|avais|avait)\s+(?:\w+ ){0,2}(?:casse|touche|tape|frappe|rentre|empoche|blouse|rate|manque|"
                            r"loupe|annonce|saute|masse|joue|tire|pousse|fait|commis|scratche|queute|pose|place|deplace|bouge|vise|averti|"
                            r"depasse|ete averti)\b", s):
        f.persons.append(person)


# ============================================================================ lookups
_GENERAL_Q = re.compile(
    r"^(?:GAME |, )*(?:que deviennent|que devient|ou va|ou vont|ou se place|ou replace|ou place|(?:que|qu) (?:se passe t il|se passe|arrive t il|arrive|faire|dit|disent|prevoit|prevoient)|"
    r"qu est ce qui (?:se passe|arrive)|quelles? (?:est|sont)|quel est|c est quoi|qu est ce qu|comment|pourquoi|combien|"
    r"quand (?:est ce qu|peut|doit|faut|a t on|y a t il)|peut on|peut-on|a t on|doit on|faut il|est il|est elle|est ce qu on|"
    r"y a t il|existe t il|dans quel|dans quels|est ce (?:que la|que le|que les|qu il) (?:regle|reglement|casse|push|faute)|"
    r"explique|expliquez|definition|la regle|les regles|regle du|regle de|regles du|regles de|selon quelle)")


_SKIP_AFTER_SUBJ = frozenset("""ne n me m te t se s l la les lui y en ai as a avons avez ont avais avait
aviez avions suis es est sommes etes sont etais etait ete viens vient venons venez de d deja bien
alors encore aussi meme juste ensuite pas jamais plus finalement accidentellement involontairement
malencontreusement d abord carrement completement vraiment direct directement BRK""".split())
_MODALS = re.compile(r"^(?:peux|peut|peuvent|pouvons|pouvez|pourrais|pourrait|dois|doit|doivent|devons|devez|"
                     r"devrais|devrait|faut|veux|veut|voudrais|voudrait|vais|vas|va|sais|sait|comprends|comprend|"
                     r"aimerais|aimerait|cherche|demande|connais|pense|crois|trouve|ai|as|avez|a|suis|es|est|sommes|etes|sont)$")
_EVENT_VERB = re.compile(
    r"^(?:touch|tap|frapp|percut|heurt|rentr|empoch|blous|enquill|tomb|rat|manqu|loup|foir|cass|saut|mass|"
    r"annonc|pouss|sort|eject|pos|plac|deplac|boug|queut|scratch|commet|commis|depass|mets|met|mis|ouvr|"
    r"averti|prevenu|vis|jou|tir|fais|fait|envoi|envoy|expedi|projet|effleur|frol|accroch|cogn)\w*$")
_NEEDS_OBJECT = re.compile(r"^(?:jou|tir|fais|fait|vis|pos|plac|mets|met|mis|envoi|envoy)\w*$")
_OBJECT_OK = re.compile(r"^(?:B\d|CUE|BIH|un|une|la|le|les|ma|mon|sa|son|tomber|rentrer|sortir|sauter|bouger|"
                        r"alors|sans|d|avec|push|coup|jump|masse|scratch|poussette|queutage|securite|dans|par|sur)")
_BALL_EVENT = re.compile(
    r"^(?:tomb|rentr|entr|sort|saut|vol|part|va|vont|fil|fin|termin|touch|tap|frapp|boug|roul|ressort|ressorti|"
    r"atterri|quitt|passe|passent|franchi|revien|rebond|reste|restent|glisse|disparai|cogn|heurt)\w*$")
_STRONG_SUBJ = frozenset({"je", "j", "g", "tu", "t", "vous", "nous", "ADV", "PLAYER", "il", "on"})
_INVERSION = re.compile(r"\b[a-z]+ t (?:il|elle|on|ils|elles)\b|\b(?:est|sont|peut|doit|faut|compte|"
                        r"vaut|dois|puis|ai|as|a) (?:il|elle|on|je|tu)\b")


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


def narrative(clauses: list["Clause"]) -> tuple[bool, int]:
    """(events told by a person: "je touche", "mon adversaire casse"…, how many clauses
    tell an event of balls or the cue ball: "la 9 tombe", "la blanche saute hors de la
    table"…), each with a
    conjugated verb (not an infinitive after a modal: "je peux sauter" tells nothing)."""
    person = False
    balls = 0
    for c in clauses:
        ts = c.toks
        for i, t in enumerate(ts[:5]):
            if t in _STRONG_SUBJ or t == "CUE" or _is_ball(t):
                if t == "il" and i + 1 < len(ts) and ts[i + 1] in ("y", "reste", "restait", "restent", "faut", "manque", "n", "ne"):
                    if not (ts[i + 1] in ("n", "ne") and i + 2 < len(ts) and _EVENT_VERB.match(ts[i + 2])):
                        break
                if t in ("il", "on", "je", "tu", "vous", "t") and i > 0 and ts[i - 1] in _INV_PREV \
                        and not (i >= 2 and ts[i - 2] in _ARTICLES):
                    break   # inversion: "peut-on", "faut-il", "dois-je"
                mv = _main_verb(ts, i)
                if mv is None:
                    break
                j, v = mv
                prev = ts[j - 1] if j > i + 1 else ""
                if _MODALS.match(v):
                    break
                if v.endswith(("er", "ir")) and prev not in ("de", "d") and not v.endswith(("ier",)):
                    # an infinitive: after "vais"/"peux"… (skipped above) — not an event
                    if not _BALL_EVENT.match(v) or t in _STRONG_SUBJ:
                        break
                if t in _STRONG_SUBJ:
                    if _EVENT_VERB.match(v):
                        if _NEEDS_OBJECT.match(v) and not (j + 1 >= len(ts) and (prev in ("ai", "as", "a", "avez", "avons", "ont")
                                                                                  or v.startswith(("jou", "tir")))):
                            nxt = ts[j + 1] if j + 1 < len(ts) else ""
                            if not _OBJECT_OK.match(nxt) or nxt in ("la", "le") and j + 2 < len(ts) and ts[j + 2] in ("regle", "regles", "partie", "casse"):
                                break
                        person = True
                elif _BALL_EVENT.match(v) or (_EVENT_VERB.match(v) and v.startswith(("empoch", "blous", "eject", "touch"))):
                    # a bare participle ("la 10 empochée à la casse") is not an event
                    if v.endswith(("ee", "ees")) and prev not in ("est", "sont", "ete", "a", "ont", "etait", "etaient") \
                            and not v.startswith(("tomb", "rentr", "sort")):
                        break
                    balls += 1
                break
        if c.conj == "qui" and c.subject == "balls":
            mv = _main_verb(["X"] + ts, 0)
            if mv and _BALL_EVENT.match(mv[1]):
                balls += 1
    return person, balls


_MODAL_Q = re.compile(r"\b(?:dois je|doit on|doit il|puis je|peut on|peut il|peux je|faut il|ai je le droit|a t on le droit|"
                      r"est ce que (?:je|j|on|tu) (?:peux|peut|dois|doit|ai le droit)|est il (?:permis|autorise|interdit|obligatoire)|"
                      r"(?:je|tu|on) (?:peux|peut|dois|doit) (?:\w+ )?(?:toucher|jouer|annoncer|casser|sauter|masser|placer|rentrer))\b")
_RULING_Q = re.compile(r"\b(?:faute|fautes|gagne|gagner|gagnee|gagnes|perdu|perd|perds|valable|valide|regulier|reguliere|"
                       r"legal|legale|compte|qui joue|a qui|qui rejoue|qui a la main|ca donne quoi|on fait quoi|que faire|"
                       r"quoi faire|je fais quoi|la suite|sanction|penalite|c est bon|ok)\b")


def _fact_count(f: "_Facts") -> int:
    """How many facts of the shot a story tells (the game and rules named are not counted)."""
    return sum(bool(x) for x in (
        f.kind, f.first != "unset", f.pocketed or f.nothing_pocketed or f.not_pocketed, f.cue or f.cue_not, f.off,
        f.rail is not None or f.no_rail or f.rails_count is not None, f.called != "unset", f.codes,
        f.fouls_self is not None, f.jump or f.masse, f.lowest is not None or f.present or f.on_table))


_CODE_Q = re.compile(r"\b(?:est ce (?:une |)faute|c est (?:une |)faute (?:de|d)|y a t il faute)\b")


def is_situation(sym: str, f: _Facts, clauses: list["Clause"] | None = None) -> bool:
    """True when the symbolised question tells a shot (see module doc), False for a lookup."""
    person, balls = narrative(clauses if clauses is not None else _clauses(sym.split()))
    if _MODAL_Q.search(sym) and not f.outcome_told():
        return False   # "quand je casse, dois-je toucher la 1 ?": a rule asked, no shot told
    if person:
        return True
    first_word = next((t for t in sym.split() if t not in ("GAME", ",")), "")
    general = bool(_GENERAL_Q.search(sym) or _INVERSION.search(sym) or
                   (first_word.endswith(("er", "ir")) and _VERB_RE.match(first_word)) or
                   re.search(r"\b(?:que se passe t il|qu arrive t il|que se passe|qu est ce qui se passe|que faire) "
                             r"(?:si|quand|lorsque|lorsqu|en cas)", sym))
    if general:
        return False
    if balls:
        # events of balls only: a story when it tells two facts or asks for a ruling; a bare
        # statement ("la 10 sort de la table") is left to the clause lookup
        return balls >= 2 or _fact_count(f) >= 2 or bool(f.codes) or bool(_RULING_Q.search(sym))
    if f.told_pockets and _fact_count(f) >= 2:
        return True
    # a foul told in a few words ("queutage sur la 1", "poche pleine, la blanche touche une bille")
    if (f.codes or f.jump or f.masse) and re.search(r"\bB\d|\bCUE\b", sym) and not _CODE_Q.search(sym):
        return True
    return False


# ============================================================================ assembly
def _rulesets(book, det, sym_toks: list[str], given: Sequence[str] | None,
              table: Sequence[int] | None = None) -> tuple[tuple[str, ...], str | None, list[str]]:
    """(covered rulesets, game named or implied, notes on the choice). ``table``: the exact
    list of balls left, when told ("il reste la 8 et la 9": no 10, so nine-ball)."""
    notes: list[str] = []
    all_ids = list(book.rulesets)
    # the game firmly named, read by qa.detect ("jeu de la 9", "9 FFB", "la casse de la 10"…: its
    # ``drop`` indexes the digits of such mentions); a bare ball number does not name it here
    game = det.game if det.drop else None
    named = [r for r in det.rulesets if r in book.rulesets]
    if game is None and any(10 in _nums(t) for t in sym_toks):
        game = "ten-ball"
    if game is None and named:
        games = {book.rulesets[r].game for r in named}
        if len(games) == 1:
            game = games.pop()
    if game is None and not named and table and 9 in table and 10 not in table:
        game = "nine-ball"    # in ten-ball the 10 would still be on the table
    if named:
        ids = [r for r in named if game is None or book.rulesets[r].game == game]
        if not ids:
            ids = [r for r in all_ids if book.rulesets[r].game == game]
    elif game:
        ids = [r for r in all_ids if book.rulesets[r].game == game]
    else:
        ids = list(all_ids)
    if given:
        known = [r for r in given if r in book.rulesets]
        if known:
            both = [r for r in ids if r in known]
            if both:
                ids = both
            else:
                ids = [r for r in all_ids if r in known]
                notes.append("La question semble parler d’autres règles que celles demandées ; "
                             "je réponds selon les règles demandées.")
    ids = [r for r in all_ids if r in ids]
    return tuple(ids), game, notes


def _money(book, ids: Sequence[str]) -> int:
    return max((book.rulesets[r].money_ball for r in ids), default=10)


def scenario_for(book, scenario: Mapping[str, Any], ruleset: str) -> dict:
    """The Scenario dict for one ``ruleset``: ``ruleset`` set, and ``state.on_table``
    fitted to its rack (balls above its money ball dropped, its money ball added)."""
    sc = _copy(scenario)
    sc["ruleset"] = ruleset
    rs = book.rulesets[ruleset]
    st = sc.get("state") or {}
    if st.get("on_table") is not None:
        table = [b for b in st["on_table"] if b <= rs.money_ball]
        if rs.money_ball not in table:
            table.append(rs.money_ball)
        st["on_table"] = sorted(set(table))
        if sc.get("shot", {}).get("kind") == "break":
            st["on_table"] = None
    sc["state"] = st
    return sc


def understand(book, question: str, rulesets: Sequence[str] | None = None) -> Understanding | None:
    """Understand a French situation; None when ``question`` is a lookup or off-topic.

    ``book``: a :class:`qa.rulebook.Rulebook`; ``rulesets``: ids that restrict the answer
    (unknown ids ignored). Returns an :class:`Understanding` whose ``scenario`` follows the
    contract Scenario shape with ``ruleset`` None.
    """
    if not isinstance(question, str) or not question.strip() or len(question) > 2000:
        return None
    toks, det = tokens(question)
    if det.other_game:
        return None
    plain_len = len([t for t in toks if t != ","])
    drop = set(det.drop) if len(words(" ".join(t for t in toks if t != ","))) == plain_len else set()
    sym = _group_lists(_symbolise(toks, drop))
    sym = _resolve_pronouns(sym)
    text = " ".join(sym)
    f = _Facts()
    _read_global(text, f)
    clauses = _clauses(sym)
    # a story with two players ("mon adversaire rentre la 1 puis rate la 2 ; je touche la 2…"):
    # the asker's shot is ruled, the other player's clauses only tell what went down before
    actors = {c.subject for c in clauses if c.subject in ("self", "other", "player") and narrative([c])[0]}
    multi = "self" in actors and len(actors) > 1
    for c in clauses:
        if multi and c.subject in ("other", "player"):
            if re.search(r"\b(?:" + V_POT + r")", c.text):
                _add(f.gone, [b for t in c.toks for b in _nums(t)])
            continue
        _read_clause(c, f)
    f.named = {b for t in sym for b in _nums(t)}
    if not _has_shot_fact(f) or _not_ruled_here(f):
        return None
    if not is_situation(text, f, clauses):
        return None
    ids, game, notes = _rulesets(book, det, sym, rulesets, f.on_table)
    if not ids:
        return None
    return _keep_open(book, _assemble(book, question, text, f, ids, game, det, notes))


def _not_ruled_here(f: _Facts) -> bool:
    """Stories the engine cannot rule on as told, left to the clause lookup: the cue ball
    flying over a ball by itself, "une bille rentre" with no ball named, "je fais une faute"
    with no foul named."""
    if f.incidental_jump:
        return True
    if f.generic_pocket and not f.pocketed and not f.pocket_lowest:
        return True
    specific = bool(f.codes or f.cue in ("pocketed", "off_table") or f.off or f.no_rail or f.first is None
                    or f.lowest is not None or f.present or f.jump or f.masse or f.rails_count is not None
                    or f.cue_rail_first or (f.fouls_self or 0) > 0)
    return f.generic_foul and not specific


def _has_shot_fact(f: _Facts) -> bool:
    """At least one fact of what the shot did was read, or of how it was played (the ball aimed
    at, a jump, a massé). A story about placing the cue ball in hand, say, or the kind of shot
    alone (and the rack, the fouls so far…) tells nothing the engine could rule on but its own
    defaults ("que se passe-t-il si on casse avec un magic rack ?" asks for the rule: a lookup)."""
    return f.outcome_told() or f.intent is not None or f.jump or f.masse or f.pocket_lowest


def _address(question: str) -> str:
    q = " " + fold(question) + " "
    if re.search(r"\b(?:vous|votre|vos|avez|etes|pouvez|savez|dites)\b", q) and not re.search(r"\b(?:tu|ton|ta|tes|t as|as tu|es tu)\b", q):
        return "vous"
    return "tu"


def _assemble(book, question: str, text: str, f: _Facts, ids: tuple[str, ...], game: str | None,
              det, notes: list[str]) -> Understanding:
    vous = _address(question) == "vous"
    money = _money(book, ids)
    facts: dict[str, Any] = {}
    assumptions: list[str] = list(notes)
    if game:
        facts["game"] = game
    if det.rulesets:
        facts["named"] = list(det.rulesets)
    shooter = "self"
    persons = [p for p in f.persons if p]
    if persons:
        shooter = "self" if "self" in persons else persons[0]
    if shooter != "self":
        facts["shooter"] = shooter
    kind = f.kind or "normal"
    if f.kind:
        facts["kind"] = f.kind
    shot: dict[str, Any] = {"kind": kind}
    state: dict[str, Any] = {}

    # ---- first contact
    first = f.first
    if first == "unset" and f.intent is not None:
        first = f.intent
    if first == "wrong":
        first = "unset"
    if first != "unset":
        facts["first_contact"] = first
        if first != "lowest":
            shot["first_contact"] = first
    # ---- pockets
    # a ball pocketed by the other player in the story went down on an earlier shot
    earlier = {b for b, who in f.pocketed_by.items() if who in ("self", "other", "player") and who != shooter}
    if earlier:
        f.gone = sorted(set(f.gone) | earlier)
    pocketed = [b for b in f.pocketed if b not in f.not_pocketed and b not in earlier]
    if f.pocket_lowest:
        low = f.lowest or (min(f.on_table) if f.on_table else None) or (min(f.present) if f.present else None) or 1
        if low not in pocketed:
            pocketed.append(low)
        assumptions.append(f"J’ai compris que la bille empochée était la plus basse sur la table (la {low}).")
    if f.dry and f.crossed is None and len(pocketed) < 3:
        f.crossed = 0
    if pocketed or f.nothing_pocketed or f.not_pocketed:
        facts["pocketed"] = sorted(pocketed)
    shot["pocketed"] = sorted(pocketed)
    off = [b for b in f.off if b not in pocketed]
    if off:
        facts["off_table"] = sorted(off)
    shot["off_table"] = sorted(off)
    cue = f.cue or "table"
    if f.cue or f.cue_not:
        facts["cue_ball"] = cue
    shot["cue_ball"] = cue
    # ---- rails
    if kind == "break":
        if f.rails_count is not None:
            shot["balls_to_rail"] = f.rails_count
        elif f.no_rail:
            shot["balls_to_rail"] = 0
        if "balls_to_rail" in shot:
            facts["balls_to_rail"] = shot["balls_to_rail"]
        if f.crossed_balls:
            f.crossed = len(f.crossed_balls - set(pocketed))
        if f.crossed is not None:
            shot["crossed_head_string"] = f.crossed
            facts["crossed_head_string"] = f.crossed
    else:
        if f.no_rail:
            shot["rail_after_contact"] = False
        elif f.rail or (f.rails_count is not None and f.rails_count > 0):
            shot["rail_after_contact"] = True
        elif f.rails_count == 0:
            shot["rail_after_contact"] = False
        if "rail_after_contact" in shot:
            facts["rail_after_contact"] = shot["rail_after_contact"]
    if f.cue_rail_first:
        shot["cue_rail_first"] = True
        facts["cue_rail_first"] = True
    # ---- call
    if f.called != "unset":
        shot["called"] = f.called
        facts["called"] = f.called
    # ---- technique and fouls
    for name in ("jump", "masse"):
        if getattr(f, name):
            shot[name] = True
            facts[name] = True
    if f.obstacle:
        shot["obstacle_moved"] = True
        facts["obstacle_moved"] = True
    codes = list(f.codes)
    if codes:
        shot["fouls"] = codes
        facts["fouls"] = list(codes)
    # ---- state: fouls, warning, rack, ball in hand
    me, them = f.fouls_self, f.fouls_other
    if shooter != "self":
        me, them = them, me
    fouls_state = {"shooter": me or 0, "opponent": them or 0}
    if me is not None:
        facts["fouls_shooter"] = me
    if them is not None:
        facts["fouls_opponent"] = them
    warned = f.warned if shooter == "self" or f.warned is None else f.warned
    if warned is not None:
        facts["warned"] = warned
    if warned and fouls_state["shooter"] < 2:
        fouls_state["shooter"] = 2
    if warned is None and fouls_state["shooter"] == 2:
        warned = True
        assumptions.append("J’ai supposé que " + ("vous aviez" if vous and shooter == "self" else "tu avais" if shooter == "self" else "le joueur avait")
                           + " été averti après la deuxième faute, comme la règle l’exige.")
    state["fouls"] = fouls_state
    state["warned"] = bool(warned) and fouls_state["shooter"] == 2
    if f.rack:
        state["rack"] = f.rack
        facts["rack"] = f.rack
    if f.bih and kind != "break":
        state["ball_in_hand"] = True
        facts["ball_in_hand"] = True
    if kind == "push_out":
        state["push_out_available"] = True
        facts["push_out_available"] = True
    # ---- the table before the shot
    lowest_open: int | None = None
    if kind != "break":
        mentioned = set(pocketed) | set(off) | ({first} if isinstance(first, int) else set())
        # every ball the story names was on the table before the shot (unless already down)
        mentioned |= {b for b in f.named if b not in f.gone}
        if f.lowest is not None:
            mentioned = {b for b in mentioned if b >= f.lowest}
        if f.on_table is not None:
            table = set(f.on_table) | mentioned
            facts["on_table"] = sorted(f.on_table)
            state["on_table"] = sorted(table | {money})
        elif f.lowest is not None:
            facts["lowest"] = f.lowest
            state["on_table"] = sorted(set(range(f.lowest, money + 1)) | {b for b in mentioned if b > f.lowest} | set(f.present))
        elif f.present or f.gone:
            if f.present:
                facts["present"] = sorted(f.present)
            if f.gone:
                facts["gone"] = sorted(f.gone)
            low = min(f.present) if f.present else None
            if low is None:
                low = 1
                while low in f.gone:
                    low += 1
            low = min([low] + [b for b in mentioned])
            table = set(range(low, money + 1)) - set(f.gone)
            state["on_table"] = sorted(table | mentioned | set(f.present))
            if isinstance(first, int) and first == low and first > 1 and not f.present:
                lowest_open = first
                assumptions.append(f"J’ai supposé que la {first} était la plus basse sur la table.")
        elif isinstance(first, int):
            low = min(mentioned)
            state["on_table"] = sorted(set(range(low, money + 1)))
            if low == first and first > 1:
                lowest_open = first
                assumptions.append(f"J’ai supposé que la {first} était la plus basse sur la table.")
        if state.get("on_table") is not None and any(b > money for b in state["on_table"]):
            state["on_table"] = [b for b in state["on_table"] if b <= money]
    scenario = {"ruleset": None, "state": state, "shot": shot}

    # ---- open facts
    opens: list[OpenFact] = []
    tu_avais = "vous aviez" if vous else "tu avais"
    if lowest_open is not None and kind != "push_out":
        alt = _copy(scenario)
        alt["state"]["on_table"] = sorted(set(alt["state"]["on_table"]) | {lowest_open - 1})
        opens.append(OpenFact("lowest", f"La {lowest_open} était-elle la plus basse sur la table ?",
                              f"si la {lowest_open} était la plus basse sur la table",
                              f"si une bille plus basse que la {lowest_open} était encore sur la table", alt))
    ten_call = any(book.rulesets[r].policy["call_shot"].value == "ball_and_pocket" or
                   book.rulesets[r].policy["money_ball_on_legal_break"].value == "wins_if_called" for r in ids)
    if ten_call and "called" not in shot and pocketed:
        alt = _copy(scenario)
        if kind == "break":
            tens = [r for r in ids if book.rulesets[r].game == "ten-ball"]
            m10 = max((book.rulesets[r].money_ball for r in tens), default=10)
            if m10 in pocketed:
                alt["shot"]["called"] = {"ball": m10, "pocket": None, "pocket_ok": True}
                opens.append(OpenFact("called", f"La {m10} était-elle annoncée avant la casse ?",
                                      f"si la {m10} n’était pas annoncée", f"si la {m10} était annoncée", alt))
        else:
            target = money if money in pocketed else min(pocketed)
            alt["shot"]["called"] = None
            opens.append(OpenFact("called", f"Avais-{'vous' if vous else 'tu'} annoncé la {target} (et sa poche) ?",
                                  f"si la {target} était annoncée", "si rien n’était annoncé", alt))
    if kind in ("normal",) and "rail_after_contact" not in shot and not pocketed and first is not None and not codes \
            and cue == "table" and not off:
        alt = _copy(scenario)
        alt["shot"]["rail_after_contact"] = False
        opens.append(OpenFact("rail_after_contact", "Une bille (ou la blanche) a-t-elle touché une bande après le contact ?",
                              "si une bille a touché une bande après le contact",
                              "si aucune bille n’a touché de bande après le contact", alt))
    if kind == "break" and "balls_to_rail" not in shot:
        alt = _copy(scenario)
        alt["shot"]["balls_to_rail"] = 3
        opens.append(OpenFact("balls_to_rail", "Au moins quatre billes ont-elles touché une bande à la casse ?",
                              "si au moins quatre billes ont touché une bande",
                              "si moins de quatre billes ont touché une bande", alt))
    if kind == "break" and state.get("rack") == "template" and "crossed_head_string" not in shot and len(pocketed) < 3:
        alt = _copy(scenario)
        need = 3 - len(pocketed)
        alt["shot"]["crossed_head_string"] = need
        opens.append(OpenFact("crossed_head_string", "Combien de billes non empochées ont franchi la ligne de départ ?",
                              "si aucune bille non empochée n’a franchi la ligne de départ",
                              f"si {need} bille{'s' if need > 1 else ''} non empochée{'s' if need > 1 else ''} "
                              f"{'ont' if need > 1 else 'a'} franchi la ligne de départ", alt))
    if state["fouls"]["shooter"] == 2 and "warned" not in facts:
        alt = _copy(scenario)
        alt["state"]["warned"] = False
        opens.append(OpenFact("warned", f"{'Aviez-vous' if vous else 'Avais-tu'} été averti après la deuxième faute ?"
                              if shooter == "self" else "Le joueur avait-il été averti après sa deuxième faute ?",
                              f"si {tu_avais} été averti" if shooter == "self" else "s’il avait été averti",
                              "sans avertissement", alt))
    if game is None and len({book.rulesets[r].game for r in ids}) > 1:
        opens.append(OpenFact("game", "Jouiez-vous au jeu de la 9 ou au jeu de la 10 ?" if vous else
                              "Tu joues au jeu de la 9 ou au jeu de la 10 ?", "", "", scenario))
    return Understanding(
        scenario=scenario, rulesets=ids, facts=MappingProxyType(facts),
        follow_up=tuple(o.question for o in opens), assumptions=tuple(dict.fromkeys(assumptions)),
        open=tuple(opens), address="vous" if vous else "tu", shooter=shooter,
    )


# ============================================================================ rulings
def rule(book, scenario: Mapping[str, Any], rulesets: Sequence[str]) -> dict:
    """Run the engine on ``scenario`` under each ruleset: {ruleset: Outcome or
    ImpossibleScenarioError}. A malformed scenario raises ScenarioFormatError (a bug here)."""
    from .engine.everywhere import rule_under
    return rule_under(book, scenario, rulesets, fit=lambda sc, r: scenario_for(book, sc, r))


def signature(outcome) -> tuple:
    """What a player sees of a ruling (to tell whether two rulings differ): legality, end of
    game, who plays next and how, balls spotted, fouls count and warning."""
    if isinstance(outcome, Exception):
        return ("impossible", getattr(outcome, "message", str(outcome)))
    br = dict(outcome.break_info) if outcome.break_info else None
    return (outcome.legal, outcome.game_over, outcome.winner,
            outcome.termination.value if outcome.termination else None, outcome.next_shooter,
            outcome.ball_in_hand, tuple(outcome.spotted),
            tuple(sorted((o.choice, o.shooter, o.push_out_available) for o in outcome.options)),
            outcome.push_out_available, outcome.fouls_after.get("shooter"), outcome.warning_due,
            (br or {}).get("legal"), (br or {}).get("three_ball_rule"))


def rulings_of(book, u: Understanding, o: OpenFact | None = None) -> Mapping[str, Any]:
    """{ruleset: Outcome or ImpossibleScenarioError} of ``u``'s scenario (or of the other
    case of its open fact ``o``) under ``u.rulesets``: the rulings :func:`understand` already
    made, else :func:`rule`'s."""
    if o is None:
        return u.rulings if u.rulings is not None else rule(book, u.scenario, u.rulesets)
    if o.name == "game":
        return rulings_of(book, u)
    return o.rulings if o.rulings is not None else rule(book, o.alt_scenario, u.rulesets)


def _keep_open(book, u: Understanding) -> Understanding:
    """Keep the open facts whose other case changes the ruling under some ruleset (with the
    rulings made to see it)."""
    if not u.open:
        return u
    main = rule(book, u.scenario, u.rulesets)
    kept: list[OpenFact] = []
    for o in u.open:
        if o.name == "game":
            sig = {g: {signature(main[r])[:6] for r in u.rulesets if book.rulesets[r].game == g} for g in GAMES}
            nine, ten = sig["nine-ball"], sig["ten-ball"]
            if nine and ten and nine != ten:
                kept.append(o)
            continue
        alt = rule(book, o.alt_scenario, u.rulesets)
        if any(signature(main[r]) != signature(alt[r]) for r in u.rulesets):
            kept.append(replace(o, rulings=MappingProxyType(alt)))
    return replace(u, open=tuple(kept), follow_up=tuple(o.question for o in kept), rulings=MappingProxyType(main))


def _copy(sc: Mapping[str, Any]) -> dict:
    return copy.deepcopy(dict(sc))
