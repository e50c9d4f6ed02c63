"""A conversation without state on the server: the contract's ``context``.

Every Answer carries ``context``, an opaque string (compressed JSON, base64url) that holds
what a follow-up needs: the question answered (or, after a follow-up, the question it stands
for), the rulesets covered and restricted to, the Scenario understood of a situation (the
typed Scenario as the engine reads it, with the changes follow-ups made to it), who spoke and
how (tu / vous, the asker's shot or the opponent's), and the last turns (question and
``short``) for the page to show the thread.

:func:`read_context` checks a context sent back (a French :class:`ContextError` naming the
field ``context`` when it is not one); :func:`make_context` writes the next one.

:func:`classify_follow_up` reads what a follow-up asks, on folded words:

- ``why`` (« pourquoi ? », « ça dit où ? »): the previous answer again, its ``short`` saying
  what it rests on;
- ``rulesets`` (« et à la FFB ? », « et au jeu de la 10 ? », « et chez Dooly’s ? »): the
  previous question under other rulesets (a situation: its Scenario, the money ball of one game
  read as the other's);
- ``facts`` (« et si c’était à la casse ? », « et si la 9 était rentrée aussi ? », « et si
  j’avais annoncé ? »): one fact of the Scenario changed (:func:`change_facts`), ruled again;
- ``ellipsis`` (« et si c’est la 10 ? », « et s’il y a faute ? », a short « et … » after a
  rule question, a short question with a word pointing back: « elle est replacée ? »): the
  previous question completed by the follow-up's words;
- None: a new question (:class:`qa.answer.Answerer` keeps the game or rulesets named before
  when it names none).

The words these are read by are data: ``follow_frame``, ``follow_openers`` and
``follow_referring`` of rules_data/lexicon.yaml.
"""
from __future__ import annotations

import base64
import binascii
import copy
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .detect import detect
from .understand.assemble import stand_in_balls
from .lexicon import load_lexicon
from .text import COMMON_WORDS, PUSH_OUT, STOP_WORDS, WHAT_IS, asks_what, words

__all__ = ["ContextError", "Context", "read_context", "make_context", "classify_follow_up", "change_facts", "tells_too_little",
           "completes", "follow_words", "joined", "only_fillers",
           "MAX_CONTEXT", "THREAD_TURNS"]

MAX_CONTEXT = 16_000        # characters of a context sent back
_MAX_JSON = 64_000          # bytes once decompressed (a zip bomb stops there)
THREAD_TURNS = 4            # turns kept for the page's thread
_PREFIX = "c1."


class ContextError(ValueError):
    """A ``context`` that is not one this application wrote: ``field``, ``code``, French ``message``."""

    def __init__(self, message: str):
        super().__init__(message)
        self.field, self.code, self.message = "context", "invalid_field", message


@dataclass(frozen=True)
class Context:
    """What a follow-up needs (see the module docstring)."""

    question: str
    kind: str
    rulesets: tuple[str, ...]
    scope: tuple[str, ...] | None
    scenario: Mapping[str, Any] | None
    address: str = "tu"
    shooter: str = "self"
    thread: tuple[tuple[str, str], ...] = ()


def make_context(question: str, answer: Mapping[str, Any], scope: Sequence[str] | None,
                 thread: Sequence[tuple[str, str]] = (), address: str = "tu", shooter: str = "self") -> str:
    """The context of ``answer`` (to ``question``, the question it stands for)."""
    turns = [*thread, (str(answer.get("question", question))[:300], str(answer.get("short", ""))[:300])]
    data = {
        "q": question, "k": answer.get("kind"), "r": list(answer.get("rulesets") or ()),
        "s": list(scope) if scope else None,
        "sc": answer.get("scenario") if answer.get("kind") == "scenario" else None,
        "a": address, "w": shooter, "t": [list(t) for t in turns[-THREAD_TURNS:]],
    }
    raw = zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 9)
    return _PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _bad(why: str) -> ContextError:
    return ContextError(f"« context » n’est pas un contexte de conversation valide ({why}) : renvoyez tel quel "
                        f"le « context » de la réponse précédente, ou omettez-le pour une nouvelle question.")


def _decode(text: str) -> Any:
    body = text[len(_PREFIX):]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        d = zlib.decompressobj()
        data = d.decompress(raw, _MAX_JSON)
        if d.unconsumed_tail:
            raise _bad("trop long une fois décompressé")
        return json.loads(data.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError) as exc:   # (nested too deep)
        if isinstance(exc, ContextError):
            raise
        raise _bad("illisible") from None


def read_context(value: Any, known_rulesets: Sequence[str]) -> Context | None:
    """The :class:`Context` in ``value`` (None or "" when there is none); raises
    :class:`ContextError` when it is not a string this application wrote."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ContextError("« context » doit être le texte renvoyé dans la réponse précédente.")
    if len(value) > MAX_CONTEXT:
        raise _bad(f"{len(value)} caractères, au plus {MAX_CONTEXT}")
    if not value.startswith(_PREFIX):
        raise _bad("il ne commence pas par « c1. »")
    data = _decode(value)
    if not isinstance(data, dict) or not isinstance(data.get("q"), str) or data.get("k") not in ("lookup", "scenario", "unknown"):
        raise _bad("contenu inattendu")
    known = set(known_rulesets)

    def ids(v: Any) -> tuple[str, ...]:
        if not isinstance(v, list) or not all(isinstance(r, str) and r in known for r in v):
            raise _bad("règlements inconnus")
        return tuple(v)
    sc = data.get("sc")
    if sc is not None:
        _check_scenario(sc, known_rulesets)
    if not data.get("r"):
        raise _bad("aucun règlement")
    thread = data.get("t") or []
    if not isinstance(thread, list) or not all(isinstance(t, list) and len(t) == 2 and all(isinstance(x, str) for x in t)
                                               for t in thread):
        raise _bad("fil illisible")
    address = str(data["a"]) if data.get("a") in ("tu", "vous") else "tu"
    shooter = str(data["w"]) if data.get("w") in ("self", "other", "player") else "self"
    return Context(question=data["q"][:500], kind=data["k"], rulesets=ids(data.get("r") or []),
                   scope=ids(data["s"]) if data.get("s") else None, scenario=sc, address=address,
                   shooter=shooter, thread=tuple((a[:300], b[:300]) for a, b in thread[-THREAD_TURNS:]))


def _check_scenario(sc: Any, known_rulesets: Sequence[str]) -> None:
    """A context's Scenario must be one the engine reads (the Scenario schema), else the context
    was not written here: a follow-up would rule a shot nobody told."""
    from .engine.scenario import ScenarioFormatError, parse_scenario   # late: the lookup side needs no engine
    if not isinstance(sc, dict) or not known_rulesets:
        raise _bad("situation illisible")
    data = {k: v for k, v in sc.items() if k not in ("ruleset", "rulesets")}
    try:
        parse_scenario({**data, "ruleset": known_rulesets[0]})
    except ScenarioFormatError:
        raise _bad("situation illisible") from None


# ============================================================================ what a follow-up asks
_WHY_PHRASE = (r"(?:pourquoi|pk|pq|pkoi|pour quelle raison|comment ca|ca dit ou|c est ecrit ou|c ecrit ou|ecrit ou|"
               r"ou c est ecrit|ou est ce ecrit|ou c est dit|c est dit ou|quelle regle|quel article|quel texte|"
               r"d ou ca sort|d ou ca vient|sur quoi tu te bases|t es sur|vous etes sur|c est sur|ta source|"
               r"la source|source|quelle clause|ca vient d ou|explique|expliquez|tu peux citer|cite|preuve|"
               r"c est quelle regle|c est quel article|c est quelle clause|c est quel texte|c est dans quel texte|"
               r"c est quelle partie|c est dans quelle partie|(?:c est |)ou dans (?:le texte|le reglement|les regles)|"
               r"dans quel passage|a quel endroit du (?:texte|reglement))")
_WHY = re.compile(r"^(?:(?:et|mais|ok|d accord|ah|hein|donc) )*+" + _WHY_PHRASE +
                  r"(?: (?:" + _WHY_PHRASE + r"|ca|cela|donc|c est comme ca|exactement|precisement|au juste|alors|"
                  r"(?:c est |c |)(?:si |aussi |tellement |)(?:important|utile|necessaire|obligatoire)|"
                  r"svp|stp|s il te plait|s il vous plait|merci))*+$")
# the words of rules_data/lexicon.yaml a follow-up is read by (follow_frame, follow_openers, follow_referring)
_LEXICON = load_lexicon()
_FILLER_WORDS = frozenset(w for f in _LEXICON.follow_fillers for w in f.split())    # the words of « ok », « merci »…
_ASKING = _LEXICON.legality_asked | _LEXICON.ruling_words      # the words that ask a ruling
_POINTING_BACK = tuple(re.compile(r"\b" + " ".join(p) + r"\b") for p in _LEXICON.pointing_back)
_OPENERS = tuple(p + " " for p in _LEXICON.follow_openers)
_CONDITIONS = ("si ", "et si ", "meme si ")     # the openings of a condition (« et si j'avais scratché ? »)
_SHORT_REFERRING = 9     # words: a question this short with a word pointing back completes the previous one


def follow_words(text: str) -> list[str]:
    """The folded words of a follow-up without the fillers it starts with (« ok et si… »)."""
    ws = words(text)
    changed = True
    while changed and ws:
        changed = False
        for filler in _LEXICON.follow_fillers:
            f = filler.split()
            if ws[:len(f)] == f and len(ws) > len(f):
                ws, changed = ws[len(f):], True
                break
    return ws


def needs_previous(text: str) -> bool:
    """Whether ``text`` only makes sense after a question (« pourquoi ? », « et à la FFB ? »): a « why »
    alone, or a short « et … » naming no ball."""
    ws = follow_words(text)
    folded = " ".join(ws)
    return bool(ws) and (bool(_WHY.match(folded)) and len(ws) <= _WHY_ALONE
                         or ws[0] == "et" and len(ws) <= _ET_ALONE and not re.search(r"\b\d+\b", folded))


_WHY_ALONE, _ET_ALONE = 3, 5     # words of a « pourquoi ? » and an « et … ? » that ask nothing of their own


def only_fillers(text: str) -> bool:
    """Whether ``text`` says nothing but fillers (« ok », « merci », « ok ok », « ??? »): no
    question is asked (follow_fillers of rules_data/lexicon.yaml)."""
    return all(w in _FILLER_WORDS for w in words(text))


def asks_ruling_only(text: str) -> bool:
    """Whether ``text`` asks for a ruling and tells nothing to rule (« c faute ou pas ?? », « qui joue
    maintenant ? »): its words are the legality words, the ruling words and the words that point back
    (rules_data/lexicon.yaml), the fillers and the words of no meaning; at least one asks."""
    if WHAT_IS.search(" ".join(words(text))):
        return False      # « c'est quoi une faute ? » asks what the word means
    ws = [w for w in words(text) if w not in STOP_WORDS]
    fillers = _FILLER_WORDS | {"c", "ou", "pas", "quoi", "la", "oui", "non"}
    ruling = any(w in _LEXICON.ruling_words for w in ws) or (len(ws) > 1 and any(w in _ASKING for w in ws))
    return ruling and all(w in _ASKING or w in _LEXICON.follow_referring or w in fillers for w in ws)   # (« faute ? »: the topic)


_EITHER = re.compile(r"^(?:ma |sa |ta |mon |son |ton |le |la |un |une |c est |c |)((?:\w+ ){0,2}\w+) ou pas(?: \1)?$")
# a rule asked (may, must, if, when, where): no shot to tell
_MAY = re.compile(r"\b(?:peut|peux|peuvent|pouvez|doit|dois|doivent|faut|droit|interdit|autorise|permis|si|quand|lorsque)\b"
                  r"|\bc est ou\b|\bou (?:on|je|il|elle|se|la|le|les)\b|\bapres une faute\b")
_POINTED = re.compile(r"^(?:elle|il|la bille|la boule|ma bille|sa bille|ta bille)\b|\b(?:la|ma|sa|ta) (?:bille|boule)\b")
_MAX_VAGUE = 6    # content words of a story that points back to a shot not told


def tells_too_little(text: str) -> bool:
    """Whether ``text`` asks a ruling of a shot it does not tell (no ball number, no game named, no
    rule asked): « Ma 3e faute ou pas ? », « push out ou pas push out ?? » (« X ou pas ? » of nothing
    told), « le jump de tout à l'heure était bon ? », « il a raison ? » (``pointing_back``), « la bille
    est rentrée, je rejoue ? » (a ball pointed back to, ``vague_told`` of rules_data/lexicon.yaml)."""
    if "?" not in text or re.search(r"\b\d+\b", text):
        return False
    ws = follow_words(text)
    joined_ws = " ".join(ws)
    det = detect(text)
    if WHAT_IS.search(joined_ws) or _MAY.search(joined_ws) or det.game or det.rulesets:
        return False
    if (m := _EITHER.match(joined_ws)) and len(m.group(1).split()) <= 3:
        return True
    content = [w for w in ws if w not in STOP_WORDS]
    if not any(w in _ASKING or w == "raison" or w == "tort" for w in content):
        return False
    if any(rx.search(joined_ws) for rx in _POINTING_BACK):
        return len(content) <= _MAX_VAGUE
    # (the ball pointed back to is not what happened to it: « la bille en main ? » tells no event)
    told = [w for w in _POINTED.sub(" ", joined_ws).split() if w not in STOP_WORDS]
    return bool(_POINTED.search(joined_ws)) and any(w in _LEXICON.vague_told for w in told) and all(
        w in _ASKING or w in _LEXICON.vague_told or w in _LEXICON.follow_referring or w in _FILLER_WORDS for w in told)


_BALL_SWAP = re.compile(r"^(?:et |mais |ok |)(?:si |)(?:(?:c etait|c est|ca avait ete|c avait ete|avec|pour) (?:la |le |)|"
                        r"(?:la|le) )(\d{1,2})$")     # (« et si c'était la 10 ? », « et la 5 ? »)
_BALL_TOLD = re.compile(r"(?<!\bde )(?<!\bdu )\b(la|le|l’|l')\s*(\d{1,2})\b", re.IGNORECASE)


def swap_ball(previous: str, text: str) -> str | None:
    """« et si c'était la 10 ? » after a question about one ball (« la 3 sort de la table, elle est
    replacée ? »): that question with the other ball (« la 10 sort de la table… »), or None when the
    follow-up asks something else or the question names no ball, or several."""
    m = _BALL_SWAP.match(" ".join(follow_words(text)))
    if not m:
        return None
    told = {n for _, n in _BALL_TOLD.findall(previous)}     # (« jeu de la 9 » names the game: not found)
    if len(told) != 1 or m.group(1) in told:
        return None
    old = next(iter(told))
    return _BALL_TOLD.sub(lambda b: f"{b.group(1)} {m.group(1)}" if b.group(2) == old else b.group(0), previous)


# « et si c'était à la casse ? », « et pendant le push ? »: the condition a follow-up puts on the thing asked before
_PUT_ON = re.compile(r"^(?:et |mais |)(?:si |)(?:(?:c etait|c est|ca avait ete|ca se passe|ca se fait|on le fait|on le joue) |)"
                     r"((?:a|au|aux|sur|pendant|apres|avant|en|dans|durant) .+)$")


def of_the_term(previous: str, text: str) -> str | None:
    """« et si c'était à la casse ? » after « c'est quoi un push-out ? »: the term asked about with
    the condition (« un push out a la casse ? »), or None when the question before asked no « what
    is » of a term, or the follow-up puts no condition on it."""
    before = " ".join(words(previous))
    m = WHAT_IS.search(before)
    if not m or not asks_what(previous):
        return None
    term = before[m.end():].strip()
    ws = follow_words(text)
    cond = _PUT_ON.match(" ".join(ws))
    if not term or not cond or len(term.split()) > _TERM_WORDS or len(ws) > _TERM_WORDS + 2:
        return None
    det = detect(text)
    if det.rulesets or det.game or det.other_game:
        return None     # « et au 10 dans le guide, … ? »: other texts asked, not a condition on the term
    return f"{term} {cond.group(1)} ?"


_TERM_WORDS = 5     # « c'est quoi la règle des trois billes » names a term; a longer tail asks something else


def joined(previous: str, text: str) -> str:
    """A follow-up read with the question before it, as one story: « mon adversaire a deux fautes
    et je l'ai averti » + « il touche la 5 au lieu de la 1 » → « …averti, il touche… » (a comma
    where the first ends without punctuation, so that the follow-up's subject opens a clause of
    its own and the warning told before stays a fact of the state)."""
    previous = previous.rstrip()
    return f"{previous} {text}" if not previous or previous[-1] in ".?!,;:…" else f"{previous}, {text}"


def _dangling(ws: Sequence[str]) -> bool:
    """The follow-up ends on a preposition (« … interdit pendant ? »): its object is the previous subject."""
    return bool(ws) and ws[-1] in _LEXICON.follow_dangling


_TAKES_OBJECT = frozenset({"pendant", "durant", "avec", "sans", "apres", "avant", "contre"})


def completed(previous: str, text: str) -> str:
    """A follow-up ending on a preposition (« et si je fais faute pendant ? ») with the thing the
    previous question names after it (« … pendant le push out ? », ``follow_objects``); else ``text``."""
    ws = words(text)
    if not ws or ws[-1] not in _TAKES_OBJECT:
        return text
    before = f" {' '.join(words(previous))} "
    thing = next((p for p in _LEXICON.follow_objects if f" {' '.join(p[1:])} " in before), None)
    return f"{text.rstrip(' ?')} {' '.join(thing)} ?" if thing else text


# « et si j'en rentre une ? »: the pronoun « en » after a person (not « en FFB »)
_EN_REFERS = re.compile(r"\b(?:j|je|il|on|tu|elle|nous|vous|s il) en (?!ffb|bca|doolys|fede|federation)[a-z]")


def refers_by_en(text: str) -> bool:
    """Whether a follow-up points back by the pronoun « en » to what the previous question asked of
    (« et si j'en rentre une mais que 3 seulement touchent la bande ? »)."""
    return bool(_EN_REFERS.search(" ".join(words(text))))


_CONSEQUENCE = frozenset({"donc", "alors", "du coup", "dans ce cas"})


def _consequence(text: str) -> bool:
    """Whether a short question opens on what follows from the previous answer (« donc je continue à jouer
    ou pas ? », « du coup il rejoue ? »): it asks about that answer's case."""
    ws = words(text)
    while ws[:1] in (["et"], ["mais"]):
        ws = ws[1:]
    return len(ws) <= _SHORT_REFERRING + 1 and any(" ".join(ws[:len(c.split())]) == c for c in _CONSEQUENCE)


def completes(text: str, own_words: int = 2) -> bool:
    """Whether a follow-up can only be read with the previous question: a word pointing back
    (« il », « l'autre », « après »), or a condition (« et si… », « même si… ») with at most
    ``own_words`` words of its own (« même si j'ai rentré une bille ? »; « et si la bille est
    déjà sur le spot ? » is a question of its own)."""
    ws = follow_words(text)
    if any(w in _LEXICON.follow_referring for w in ws) or _dangling(ws) or _consequence(text):
        return True
    folded = " ".join(ws) + " "
    if not folded.startswith((*_CONDITIONS, "sinon ", "et sinon ")):
        return False
    own = [w for w in ws if len(w) > 2 and w not in STOP_WORDS and w not in COMMON_WORDS]
    return len(own) <= own_words


# the subject before an object pronoun (« faut le dire avant ? », « on la remet où ? », « je peux les bouger ? »)
_PRONOUN_SUBJECTS = frozenset({"faut", "on", "je", "j", "tu", "il", "elle", "peux", "peut", "dois", "doit", "doiton",
                               "peuton", "faudra", "faudrait"})
_OBJECT_PRONOUNS = frozenset({"le", "la", "les", "l"})


def _of_the_opponent(ws: list[str]) -> bool:
    """Whether a question is about the other player (« l'adversaire peut pousser ? » after a story: what he may
    do next, on that table)."""
    return any(tuple(ws[i:i + len(p)]) == p for p in _LEXICON.opponent for i in range(len(ws)))


def _object_pronoun(ws: list[str]) -> bool:
    """Whether a short question names its object by a pronoun before its verb (« faut le dire avant de
    tirer ? », « on la remet où ? »): the thing of the previous question; « la 9 », « le coup » are no pronoun."""
    return any(a in _PRONOUN_SUBJECTS and b in _OBJECT_PRONOUNS and not c.isdigit()
               and c.endswith(("er", "ir", "re", "e", "es", "ent", "it", "is"))
               for a, b, c in zip(ws, ws[1:], ws[2:]))


def classify_follow_up(text: str, ctx: Context, ruleset_ids: Mapping[str, Any]) -> str | None:
    """``why``, ``rulesets``, ``facts``, ``ellipsis`` or None (a new question), see the module."""
    ws = follow_words(text)
    folded = " ".join(ws)
    if not ws:
        return None
    if _WHY.match(folded):
        return "why"
    det = detect(text)
    games = {ruleset_ids[r].game for r in ctx.rulesets if r in ruleset_ids}
    # « et si c'est la 9 ? » in a conversation about the jeu de la 9 names a ball, not the game
    named = det.rulesets or (det.game if games != {det.game} else None)
    if named and not det.rulesets and not (det.drop or det.name_drop) and _balls(ws):
        named = None     # « et si la 9 était rentrée aussi ? » in a story of the 10: the ball, not the game
    other = [w for i, w in enumerate(ws)
             if not (w in _LEXICON.follow_frame or i in det.drop or i in det.name_drop or w in ("9", "10"))]
    if named and len(other) <= (2 if len(ws) <= 8 else 1) and len(ws) <= 10:
        return "rulesets"      # (« et au dooly's il faut prévenir aussi ? »: two words of its own at most)
    if ctx.kind == "scenario" and ctx.scenario is not None and folded.startswith(_OPENERS) and _fact_changes(ws, ctx.scenario):
        return "facts"
    if ctx.kind == "scenario" and ctx.scenario is not None and _answers_warning(ws, ctx.scenario):
        return "facts"         # « oui, on m'avait averti » after « Avais-tu été averti … ? »: the same shot, warned
    dangling = _dangling(ws)     # « …, qu'est-ce qui reste interdit pendant ? »
    if folded.startswith(_OPENERS) and len(ws) <= (16 if folded.startswith(_CONDITIONS) or dangling else 10):
        return "ellipsis"      # (a condition, « et si j'avais fait une faute sur ce même coup ? », may be longer)
    if not named and len(ws) <= _SHORT_REFERRING and (dangling or _object_pronoun(ws) or _consequence(text)
                                                       or any(w in _LEXICON.follow_referring for w in ws)):
        return "ellipsis"     # « elle est remise où ? »: the previous question's ball, game and texts
    if not named and len(ws) <= _SHORT_REFERRING + 3 and ctx.kind == "scenario" and _of_the_opponent(ws) and asks_may(text):
        return "ellipsis"     # « mon adversaire a le droit de jouer un push-out ? » after a story: on that table
    return None


_GENERIC_FOUL = re.compile(r"\b(?:faute|fautes|fautif|fautive|foul)\b")
_COUNTED_FOUL = re.compile(r"\b(?:deuxieme|troisieme|seconde|2e|3e|2eme|3eme|x?2|x?3|deux|trois|une autre|encore une) (?:faute|fautes)\b")


_NO_FOUL_TOLD = re.compile(r"\b(?:sans|pas de|pas|aucune|ni) (?:faute|fautes|foul)\b")    # « et sans faute ? »


def tells_generic_foul(text: str) -> bool:
    """Whether a follow-up adds a foul without saying which (« et s'il y avait eu faute sur cette
    casse ? »): the engine cannot rule it; a counted foul (« sa troisième faute ») is a fact it reads."""
    folded = " ".join(follow_words(text))
    return bool(_GENERIC_FOUL.search(folded)) and not _COUNTED_FOUL.search(folded) and not _NO_FOUL_TOLD.search(folded)


_OPENER_WORDS = frozenset(w for p in _LEXICON.follow_openers for w in p.split())


def asks_nothing(text: str) -> bool:
    """Whether a follow-up is its opening words alone (« et ? », « mais ? »): nothing asked of its own."""
    ws = follow_words(text)
    return bool(words(text)) and all(w in _OPENER_WORDS for w in ws)


def asks_may(text: str) -> bool:
    """Whether a follow-up asks what may be done (« et l'adversaire peut pousser ? »): ``follow_modal``."""
    return any(w in _LEXICON.follow_modal for w in follow_words(text))


def with_foul(previous: str, text: str) -> str:
    """The story told before, read with a follow-up that adds a foul to it (« et s'il y avait eu faute
    à la casse ? »): the words that told the shot legal (``legal_words``) are no longer true."""
    told = " ".join(w for w in words(previous) if w not in _LEXICON.legal_words)
    return joined(told, text)


def follow_rulesets(text: str, ctx: Context, book: Any) -> tuple[str, ...]:
    """The rulesets a « et à la FFB ? » asks for: the publishers named, within the game named or
    the previous answer's game; the game named alone: its rulesets."""
    det = detect(text)
    games = {book.rulesets[r].game for r in ctx.rulesets if r in book.rulesets}
    game = det.game or (next(iter(games)) if len(games) == 1 and not det.game else None)
    if det.rulesets:
        named = [r for r in det.rulesets if r in book.rulesets]
        within = [r for r in named if game is None or book.rulesets[r].game == game]
        return tuple(within or named)
    if det.game:
        return tuple(book.rulesets_of_game(det.game))
    return ctx.rulesets


# ============================================================================ changing one fact
_STATE_DONE = re.compile(r"\b(?:rentre|rentree|rentrees|rentrent|tombe|tombee|tombees|tombent|empoche|empochee|empochees|"
                         r"dedans|dans le trou|dans la poche|dans une poche|au fond|passe|est allee)\b")
_OFF = re.compile(r"\b(?:sortie?s?|sort|saute hors|hors de la table|par terre|ejectee?s?|quitte la table)\b")
_NEG = re.compile(r"\b(?:pas|jamais|aucune|aucun|sans|rien|personne)\b")
_WARNED_TOLD = re.compile(r"\b(?:averti|avertie|prevenu|prevenue|avertissement)\b")
_SHORT_ANSWER = 8       # words of a reply to the warning question, at most


def _answers_warning(ws: Sequence[str], scenario: Mapping[str, Any]) -> bool:
    """Whether a short reply tells the warning of the shooter standing at two fouls (« on m'avait
    averti », « non, personne ne l'a prévenu »), and no ball: a fact of the same shot's state."""
    text = " ".join(ws)
    fouls = ((scenario.get("state") or {}).get("fouls") or {}).get("shooter", 0)
    return len(ws) <= _SHORT_ANSWER and fouls >= 2 and bool(_WARNED_TOLD.search(text)) and not _balls(ws)


def _balls(ws: Sequence[str]) -> list[int]:
    out = []
    for i, w in enumerate(ws):
        if w.isdigit() and 1 <= int(w) <= 15 and i and ws[i - 1] in ("la", "le", "bille", "boule", "l", "n", "numero"):
            out.append(int(w))
    return out


def _fact_changes(ws: Sequence[str], scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The facts a « et si … » changes, as Scenario fields (dotted names → new values)."""
    text = " ".join(ws)
    balls = _balls(ws)
    out: dict[str, Any] = {}
    if _NO_FOUL_TOLD.search(text):
        # « et sans faute, en l'ayant annoncée ? »: the shot's fouls are gone; the rest is read without those words
        text = _NO_FOUL_TOLD.sub(" ", text)
        out["shot.fouls"] = []
        if (scenario.get("shot") or {}).get("cue_ball") in ("pocketed", "off_table"):
            out["shot.cue_ball"] = "table"
    negated = bool(_NEG.search(text))
    out.update(_kind_changes(text, negated))
    out.update(_state_changes(text, negated, scenario))
    if re.search(r"\b(?:annonce|annonces|annoncee|annoncer|call|declare|dit)\b", text) and negated \
            and (scenario.get("shot") or {}).get("kind") == "push_out" and not balls:
        out["shot.kind"] = "normal"     # « et si j'avais pas annoncé ? » of a push-out: an ordinary shot (not declared)
    elif re.search(r"\b(?:annonce|annonces|annoncee|annoncer|call)\b", text):
        out["shot.called"] = None if negated else _called(balls, scenario)
    if re.search(r"\bbandes?\b", text):
        out["shot.rail_after_contact"] = not negated
    if _RIGHT_BALL.search(text):
        # « et si je touche la bonne … ? »: the wrong ball first is gone, the first contact is the lawful one
        shot = scenario.get("shot") or {}
        out["shot.fouls"] = [f for f in out.get("shot.fouls", shot.get("fouls") or []) if f != "wrong_ball_first"]
        out["shot.first_contact"] = _UNSTATED
    counts = _count_changes(text, scenario)
    out.update(counts)
    if not counts:
        out.update(_ball_changes(text, balls, negated, scenario, bool(out)))
    return out


# a fact a change leaves unstated (the Scenario reads a missing fact as untold, a null one as told: no ball hit)
_UNSTATED = object()
# the lawful ball hit first (« et si je touche la bonne ? », « la bonne bille d'abord »)
_RIGHT_BALL = re.compile(r"\b(?:touch|tap|frapp|vis|atteign|atteint|pren|prend)\w* (?:bien |d abord |en premier |)la bonne\b"
                         r"|\bla bonne (?:bille |boule |)(?:en premier|d abord)\b")
# « et s'il y en avait eu 3 (de rentrées) ? », « et si trois billes étaient rentrées ? », « et si 2 passaient la
# ligne et une seule rentrait ? »: how many, not which (« la 9 rentre » names a ball)
_COUNT = r"(?<!la )(?<!le )\b(x?\d+|une seule|une|aucune)"
_HOW_MANY_SAID = re.compile(r"\b(?:il y |y |)en (?:a|avait|aurait|avaient|auraient) (?:eu |)(x?\d+)\b(?! (?:fautes?|bandes?))")
_HOW_MANY_POCKETED = re.compile(_COUNT + r" (?:billes? |boules? |)(?:(?:ne |n )?(?:rentre|rentrent|rentrait|rentraient|tombe|tombent|"
                                r"tombait|tombaient)|(?:etaient|sont|avaient ete|ont ete|seraient|etait|est|avait ete|a ete|serait) "
                                r"(?:rentrees?|tombees?|empochees?))\b")
_CROSS = (r"passe|passent|passait|passaient|avaient passe|franchit|franchissent|franchissait|franchissaient|avaient franchi|"
          r"traversent|traversaient|depassent|depassaient")
_HOW_MANY_CROSSED = re.compile(_COUNT + r" (?:billes? |boules? |)(?:(?:ne |n )?(?:" + _CROSS + r")) (?:la |)ligne\b")
# in a story of crossings, the line is understood (« et si une seule passe ? »)
_HOW_MANY_PASSED = re.compile(_COUNT + r" (?:billes? |boules? |)(?:" + _CROSS + r")\b")
# the highest ball a count may stand for: below the money ball of either game (as the understanding reads a count)
_BELOW_MONEY = 8


def _how_many(word: str) -> int:
    return 0 if word == "aucune" else 1 if word.startswith("une") else int(word.lstrip("x"))


def _count_changes(text: str, scenario: Mapping[str, Any]) -> dict[str, Any]:
    """A number of balls told without their numbers: pocketed (the balls named before kept, the
    others taken among the table's middle balls) or past the head string."""
    shot = scenario.get("shot") or {}
    out: dict[str, Any] = {}
    m = _HOW_MANY_CROSSED.search(text)
    if m is None and shot.get("crossed_head_string") is not None:
        m = _HOW_MANY_PASSED.search(text)     # a story of crossings: « et si une seule passe ? »
    if m:
        out["shot.crossed_head_string"] = _how_many(m.group(1))
    pocketed = _HOW_MANY_POCKETED.search(text) or (None if out else _HOW_MANY_SAID.search(text))
    if pocketed:
        n = _how_many(pocketed.group(1))
        kept = list(shot.get("pocketed") or [])[:n]
        out["shot.pocketed"] = sorted(kept + stand_in_balls(n - len(kept), set(kept), _BELOW_MONEY))
    return out


_LEGAL_BREAK = re.compile(r"\b(?:casse|break|bris) (?:etait |est |avait ete |a ete |)(?:legale|valable|valide|reguliere|bonne|correcte)\b")


def _kind_changes(text: str, negated: bool) -> dict[str, Any]:
    """The kind of shot: at the break (or not), a push-out; the rack on a template; a legal break
    (« et si la casse était légale ? »: the 1 hit first, the cue ball on the table, four balls to a rail)."""
    out: dict[str, Any] = {}
    if _LEGAL_BREAK.search(text) and not negated:
        return {"shot.kind": "break", "shot.cue_ball": "table", "shot.first_contact": 1, "shot.balls_to_rail": 4,
                "shot.fouls": []}
    if re.search(r"\b(?:casse|break|bris|cassant|ouverture)\b", text):
        after = re.search(r"\bapres (?:la|le) (?:casse|break|bris)\b", text)
        out["shot.kind"] = "normal" if negated or after else "break"
    if re.search(r"\b(?:pendant|en cours de|en pleine|au milieu de|durant) (?:la |une |)(?:partie|manche|jeu)\b", text) \
            and "shot.kind" not in out:
        out["shot.kind"] = "normal"     # « et si c'était pendant la partie ? »: not the break
    modal = asks_may(text)
    if re.search(rf"\b{PUSH_OUT}\b", text) and not modal:
        out["shot.kind"] = "push_out"     # (« il peut faire un push ? » asks the ruling, it tells no push-out)
        out["state.push_out_available"] = True
    if re.search(r"\b(?:gabarit|magic rack|tapis marque)\b", text):
        out["state.rack"] = "template"
    if re.search(r"\bdry break\b", text) and not negated:
        # « et si c'est un dry break ? »: a break on a template rack, no ball past the head string (the balls
        # pocketed told before kept: the three-ball rule counts them)
        out.update({"shot.kind": "break", "state.rack": "template", "shot.crossed_head_string": 0})
    return out


# the fouls told before the shot (« et si j'avais déjà deux fautes ? », « avec 2 fautes avant ? »), not this shot's
_FOULS_SO_FAR = re.compile(r"\b(?:avais|avait|aviez|avions|ai|a|as|avec|deja|eu|sur|en) (?:deja |)(x?1|x?2|une|deux) fautes?\b(?! (?:sur|a|au|pendant) (?:ce|le|la|cette) )")


def _state_changes(text: str, negated: bool, scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The fouls so far and the warning."""
    out: dict[str, Any] = {}
    if re.search(r"\b(?:troisieme|3eme|3e) faute\b", text):
        out["state.fouls.shooter"] = 2
        out["state.warned"] = not re.search(r"\b(?:pas|sans|jamais) (?:ete |etre )?(?:averti|prevenu)", text)
    elif re.search(r"\b(?:deuxieme|2eme|2e|seconde) faute\b", text):
        out["state.fouls.shooter"] = 1
    elif so_far := _FOULS_SO_FAR.search(text):     # « et s'il avait déjà 2 fautes ? »: the fouls before this shot
        out["state.fouls.shooter"] = 1 if so_far.group(1) in ("1", "x1", "une") else 2
        out["state.warned"] = _UNSTATED     # (whether he was warned is not told: the answer asks it)
        if _WARNED_TOLD.search(text):
            out["state.warned"] = not re.search(r"\b(?:pas|sans|jamais|personne) (?:ne |l a |m a |)(?:ete |etre |)(?:averti|prevenu)", text)
    elif re.search(r"\b(?:averti|prevenu|avertissement)\b", text) and \
            ((scenario.get("state") or {}).get("fouls") or {}).get("shooter", 0) >= 2:
        out["state.warned"] = not negated
    return out


def _ball_changes(text: str, balls: Sequence[int], negated: bool, scenario: Mapping[str, Any],
                  changed: bool) -> dict[str, Any]:
    """The cue ball and the object balls: pocketed, off the table, hit first."""
    shot = scenario.get("shot") or {}
    out: dict[str, Any] = {}
    cue = re.search(r"\b(?:blanche|bille de choc|bille blanche|cue)\b", text)
    if re.search(r"\bscratch(?:e|es|ee|er|ait|ais|)\b", text):
        out["shot.cue_ball"] = "table" if negated else "pocketed"     # « et si j'avais scratché ? »
    elif cue and _OFF.search(text):
        out["shot.cue_ball"] = "table" if negated else "off_table"
    elif cue and _STATE_DONE.search(text):
        out["shot.cue_ball"] = "table" if negated else "pocketed"
    if not balls or cue:
        return out
    touched = re.search(r"\b(?:touche|touchee|tape|tapee|frappe|prend|pris)\b", text)
    if touched and re.search(r"\b(?:en premier|d abord|premiere)\b", text):
        out["shot.first_contact"] = balls[0]
    elif _OFF.search(text):
        out["shot.off_table"] = _add(shot.get("off_table") or [], balls, negated)
    elif _STATE_DONE.search(text):
        out["shot.pocketed"] = _add(shot.get("pocketed") or [], balls, negated)
    elif not changed and shot.get("pocketed") and re.search(r"\b(?:c est|c etait)\b", text):
        # « et si c'est la 10 ? » after a story where a ball dropped: that ball instead
        out["shot.pocketed"] = sorted(set(shot["pocketed"]) - {max(shot["pocketed"])} | {balls[0]})
    return out


def _add(current: Sequence[int], balls: Sequence[int], remove: bool) -> list[int]:
    if remove:
        return [b for b in current if b not in balls]
    return sorted(set(current) | set(balls))


def _called(balls: Sequence[int], scenario: Mapping[str, Any]) -> dict[str, Any]:
    """What « si j’avais annoncé » called: the ball named, else the money ball or lowest ball pocketed."""
    shot = scenario.get("shot") or {}
    pocketed = list(shot.get("pocketed") or [])
    if balls:
        ball = balls[0]
    elif pocketed:
        ball = max(pocketed) if max(pocketed) >= 9 else min(pocketed)
    else:
        on = (scenario.get("state") or {}).get("on_table") or [1]
        ball = min(on)
    return {"ball": ball, "pocket": "annoncée", "pocket_ok": True}


def change_facts(text: str, scenario: Mapping[str, Any]) -> dict[str, Any] | None:
    """``scenario`` with the facts a « et si … » follow-up changes (None when it changes none).
    Balls pocketed or driven off the table are added to the table when they were not on it."""
    ws = follow_words(text)
    changes = _fact_changes(ws, scenario)
    if not changes:
        return None
    out = copy.deepcopy(dict(scenario))
    for name, value in changes.items():
        node = out
        *path, last = name.split(".")
        for p in path:
            if not isinstance(node.get(p), dict):
                node[p] = {}
            node = node[p]
        if value is _UNSTATED:
            node.pop(last, None)
        else:
            node[last] = value
    state = out.setdefault("state", {})
    shot = out.setdefault("shot", {})
    if state.get("on_table") is not None:
        needed = set(shot.get("pocketed") or []) | set(shot.get("off_table") or [])
        if shot.get("first_contact"):
            needed.add(shot["first_contact"])
        state["on_table"] = sorted(set(state["on_table"]) | needed)
    if shot.get("kind") == "break":
        state.pop("push_out_available", None)
    if state.get("warned") and (state.get("fouls") or {}).get("shooter", 0) < 2:
        state["warned"] = False
    return out


def switch_game(scenario: Mapping[str, Any], old_money: int | None, new_money: int | None) -> dict[str, Any]:
    """``scenario`` for another game: the money ball of one read as the other's (pocketed,
    off the table, called, hit first); the table left to each game's rack when it was not stated."""
    if not old_money or not new_money or old_money == new_money:
        return dict(scenario)
    out = copy.deepcopy(dict(scenario))
    shot = out.setdefault("shot", {})
    state = out.setdefault("state", {})

    def swap(b: Any) -> Any:
        return new_money if b == old_money else b
    for key in ("pocketed", "off_table"):
        if isinstance(shot.get(key), list):
            shot[key] = sorted({swap(b) for b in shot[key] if isinstance(b, int) and b <= new_money} |
                               ({new_money} if old_money in shot[key] else set()))
    if shot.get("first_contact") == old_money:
        shot["first_contact"] = new_money
    if isinstance(shot.get("called"), dict) and shot["called"].get("ball") == old_money:
        shot["called"] = {**shot["called"], "ball": new_money}
    if isinstance(state.get("on_table"), list):
        on = {swap(b) for b in state["on_table"] if isinstance(b, int) and b <= new_money}
        state["on_table"] = sorted(on | set(shot.get("pocketed") or []) | set(shot.get("off_table") or []))
    return out
