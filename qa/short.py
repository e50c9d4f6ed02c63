"""The answer first: the contract's ``short`` (one plain French sentence, at most 200
characters) and ``verdicts`` (yes / no / silent per ruleset for a yes/no question).

Nothing here invents: a sentence is composed from policy values (their labels in
rules_data/policy_schema.yaml), from the engine's Outcome fields, or it quotes the best cited
clause verbatim.

- :func:`policy_reply`: a question a policy answers (rules_data/policy_questions.yaml): the
  verdicts and a sentence grouping the rulesets that agree (« Oui au BCA et dans le guide du
  jeu de la 10 ; non chez Dooly’s ; les deux textes FFB n’en disent rien. »), or for an open
  question the policy's label and values (« Trois fautes consécutives : le joueur perd la
  partie, dans les cinq règlements. »), with the clause ids each fact rests on;
- :func:`quote_short`: the best clause quoted (a list item after its lead-in);
- :func:`unknown_short`: why the texts do not answer;
- :func:`ruling_short` and :func:`outcome_verdicts`: a situation's rulings grouped, and the
  yes/no asked of them (« ai-je gagné ? », « est-ce faute ? », « je rejoue ? »).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .contrast import named_balls
from .french import join_and
from .hygiene import first_item
from .policy_questions import PolicyQuestions, load_policy_questions, put_to_confirm
from .rulebook import Clause, Rulebook
from .text import PUSH_OUT, QUESTION_WORDS, STOP_WORDS, WHAT_IS, fold, stem, words

__all__ = ["MAX_SHORT", "PolicyReply", "is_yes_no", "policy_reply", "quote_short", "unknown_short",
           "ruling_short", "outcome_verdicts", "verdict_clauses", "clip", "why_short", "foul_reply", "last_segment"]

MAX_SHORT = 200
_COUNT = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit"}
_GAME_OF = {"nine-ball": "du jeu de la 9", "ten-ball": "du jeu de la 10"}

# A yes/no question: no interrogative word (« ou pas », « oui ou non » are yes/no), or a
# modal/inverted opening. Read on folded words; « où » is told from « ou » before folding.
_WH = frozenset("""quel quelle quels quelles combien comment pourquoi quand qui quoi lequel laquelle
lesquels lesquelles que qu""".split())
_ASK_ANYWHERE = frozenset("combien comment pourquoi quel quelle quels quelles lequel laquelle lesquels lesquelles".split())
_YES_NO_OPENING = ("est ce", "peut on", "peut il", "peut elle", "peux je", "puis je", "a t on", "a t il",
                   "doit on", "dois je", "faut il", "ai je", "suis je", "y a t il", "on a le droit",
                   "on peut", "je peux", "il faut", "c est", "ca compte", "est il", "est elle", "sont elles",
                   "sont ils", "gagne t on", "perd on", "perd t on")


# « 4 billes en bande ou 3 ? », « 2 ou 3 fautes ? »: two counts put side by side ask how many (counts
# are « x4 » once read by :func:`qa.text.words`; « la 9 ou la 10 » are balls, not counts)
_COUNTS_APART = re.compile(r"\bx\d+ (?:\w+ ){0,4}?ou x?\d+\b|\b\d+ ou x\d+\b")


# « n’importe où », « où je veux »: a place left open, not a « where » question
_WHERE_ANY = re.compile(r"n[’']\s*importe\s+où|n\s+importe\s+où|\boù\s+(?:je|tu|il|elle|on|l[’']on)\s+(?:veu[tx]|voudra|le\s+désire|souhaite)|\boù\s+bon\s+(?:me|te|lui|nous|leur)\s+semble")


# « elle va ou ? » written without its accent: « où » after a verb of placing or going (not « faute ou pas »)
_WHERE_UNACCENTED = re.compile(
    r"\b(?:va|vont|met|mets|mettre|mise|mis|place|placee|placer|replace|replacee|replacer|remet|remise|remis|"
    r"remettre|pose|posee|poser|repose|reposee|part|partent|joue|rejoue|jouer|rejouer|trouve|retrouve) (?:d |)ou\b"
    r"(?! (?:pas|non|bien|alors|quoi|la|le|les|l|un|une|sur|dans|derriere|devant)\b)")


# « une casse où la blanche est tombée », « une partie bloquée où personne ne peut jouer »: « où » after a
# noun, before the subject of its clause, joins a relative clause (not after a verb of placing or going,
# « elle va où la blanche était ? », nor « par où », « d'où », « et où »)
_WHERE_RELATIVE = re.compile(
    r"(?<![’'])\b(?!(?:va|vont|met|mets|mettre|mise|mis|place|placée|placer|replace|replacée|replacer|remet|remise|remis|"
    r"remettre|pose|posée|poser|repose|reposée|part|partent|joue|rejoue|jouer|rejouer|trouve|retrouve|par|et|mais|alors|"
    r"donc|ou|jusqu|vers)\b)[a-zàâäçéèêëîïôöùûü]{2,}\s+où\s+(?=(?:la|le|les|l[’']|un|une|des|aucun|aucune|personne|"
    r"il|elle|ils|elles|on|je|j[’']|tu|nous|vous|mon|ma|mes|ton|ta|ses|son|sa|ce|cette|ces|rien|tout|chaque|"
    r"plusieurs|ni)\b)")


# « la table telle quelle », « n'importe quelle bille », « n'importe où » ask no « quelle », no « où »
_AS_IT_IS = re.compile(r"\btel(?:le)?s? quel(?:le)?s?\b|\bn\s*['’ ]\s*importe (?:quel(?:le)?s?|où|ou|comment|qui|quoi|lequel|laquelle)\b",
                       re.IGNORECASE)


_WHAT_NEXT = frozenset({"et apres", "et ensuite", "et maintenant", "et la suite", "la suite", "et alors", "et puis",
                        "apres", "ensuite", "et apres quoi", "et du coup",
                        # « …. Conséquences ? », « …, sanction ? »: what follows, asked in one word
                        "consequences", "consequence", "les consequences", "la consequence", "sanction", "la sanction",
                        "sanctions", "les sanctions", "decision", "la decision", "verdict", "le verdict"})


_FRAMING = re.compile(r"^(?:(?:chez|au|aux|a la|en|selon|dans|pour|d apres) (?:le |la |les |l |)"
                      r"(?:doolys|dooly s|dooly|bca|ffb|guide|guide du joueur|9|10|neuf|dix|jeu de la (?:9|10)|jeu du (?:9|10)|wpa)\b ?)+")
_C_EST = re.compile(r"\bc\s+(?=(?:quoi|koi|qui|ki|ou|où|quand|kan|combien)\b)", re.IGNORECASE)


# an indirect question inside a closed one: « (dire | savoir | voir) quelle bille … »
_INDIRECT = re.compile(r"\b(?:dire|savoir|sais|sait|savons|savent|voir|vois|voit|determiner|decider|departager|distinguer|"
                       r"preciser|indiquer)\s+(?:(?:par|dans|sur|de|en|a)\s+|)(?:quel|quelle|quels|quelles|qui|laquelle|lequel|lesquelles|lesquels|combien)\b",
                       re.IGNORECASE)
# an indirect question told after an infinitive, with a subject of its own (« annoncer dans quelle poche je joue »)
_INDIRECT_CLAUSE = re.compile(r"\b(\w+er)\s+(?:(?:par|dans|sur|de|en|a|à)\s+|)(?:quel|quelle|quels|quelles|laquelle|lequel)\s+"
                              r"(?:\w+\s+|)(?:je|j[’']|tu|il|elle|on|nous|vous|ils|elles)\b", re.IGNORECASE)
# the second half of an indirect question (« dire quelle boule dans quel trou »)
_INDIRECT_MORE = re.compile(r"\b(?:et\s+|)(?:dans|sur|par|vers|pour|en)\s+(?:quel|quelle|quels|quelles)\b", re.IGNORECASE)
# a clause of time opening the question (« quand on casse, si la blanche tombe… c'est faute ? »): the rest asks
_BARE_CONDITION = re.compile(r"^(?:et|mais) (?:meme |)si\b")   # « …, et si … ? »: a condition, no question of its own
_WHEN_OPENING = re.compile(r"^\s*(?:quand|lorsqu[’']?\s*|lorsque)\b[^,?;:]{1,60}[,;:]", re.IGNORECASE)


def opens_condition(question: str) -> bool:
    """Whether ``question`` is a condition with no question of its own (« et si le point est occupé ? »)."""
    return bool(_BARE_CONDITION.match(" ".join(words(question)))) and not re.search(r"[,;:]", question)


def _asked_part(question: str) -> str | None:
    """The part of ``question`` that asks (the last question of several, without an opening clause of time
    or an indirect question's words), or None when it asks nothing of its own that a yes or no answers."""
    question = _AS_IT_IS.sub(" ", question)     # « la table telle quelle » asks no « quelle »
    question = _C_EST.sub("c'est ", question)     # « c quoi la sanction ? » is « c'est quoi… »
    if _INDIRECT.search(question):      # « on ne peut pas dire quelle bille est devant, on rejoue ? »
        question = _INDIRECT_MORE.sub(" ", _INDIRECT.sub(" ", question))
    # « obligé d'annoncer dans quelle poche je joue ? »: an infinitive, then « quel … » with its own subject
    question = _INDIRECT_CLAUSE.sub(r"\1 ", question)
    opened = _WHEN_OPENING.sub(" ", question, count=1)
    if words(opened) and opened.rstrip().endswith("?"):
        question = opened
    asked = [part for part in question.split("?") if words(part)]
    segments = re.split(r"[,;:]", asked[-1]) if asked else []
    if len(segments) > 1 and _BARE_CONDITION.match(" ".join(words(segments[-1]))):
        # « la 10 rentre sur une faute, et si le point est occupé ? »: a story told, then what happens if:
        # yes or no only as the question before it asks (« la 10 rentre, je gagne ? et si j'avais annoncé ? »)
        if len(asked) == 1:
            return None
        asked = asked[:-1]
    return asked[-1] + " ?" if len(asked) > 1 else question


# the verbs right after « quand » that ask when (« quand commence le tour ? »), not a clause of time (« quand je casse, … »)
_WHEN_ASKS = frozenset("commence commencent finit finissent termine terminent se est sont peut peuvent doit doivent faut a ont".split())


_DOES_WHAT = re.compile(r"\b(?:fait|fais|font|faire|donne|donnent|passe|devient|deviennent|arrive) quoi\b")


def is_yes_no(question: str) -> bool:
    """Whether ``question`` asks for a yes or a no (« peut-on sauter ? », « la 9 à la casse, on
    gagne ? »), not what, how many, who, where, when or why. Of several questions (« …ça gagne ?
    elle va où ? »), the last one decides."""
    asked_part = _asked_part(question)
    if asked_part is None:
        return False
    question = asked_part
    if "où" in _WHERE_RELATIVE.sub(" ", _WHERE_ANY.sub(" ", question.lower())):
        return False
    ws = words(question)
    text = " ".join(ws)
    if _WHERE_UNACCENTED.search(text):
        return False
    if re.search(r"\b(?:ou pas|ou non|oui ou non|vrai ou faux)\b", text):
        return True
    if _COUNTS_APART.search(text):
        return False         # « faut 4 billes en bande ou 3 ? » asks how many
    if text.startswith(("c est quoi", "ca sert a quoi", "c est qui", "qu est ce", "a quoi", "de quoi")):
        return False
    # a question word opens the question (« que se passe-t-il », « quelle bille »), or is one of
    # those that never join clauses (« combien », « comment », « pourquoi », « quel »), or ends it
    # (« on fait quoi ? », « c'est à qui ? »); « que », « qui », « quand » inside a story join clauses
    if ws[:1] == ["quand"] and re.search(r"\b(?:dois je|doit on|faut il|peut on|puis je|est ce)\b", text) \
            and not text.startswith(("quand est ce qu", "quand est ce que")):   # « quand est-ce qu'on rejoue ? » asks when
        return True          # « quand je casse, dois-je toucher la 1 ? »
    parts = [" ".join(words(p)) for p in re.split(r"[,:;.!]", question) if words(p)]
    if parts and parts[-1] in _WHAT_NEXT:
        return False         # « j'ai scratché au bris, et après ? » asks what follows
    if parts and WHAT_IS.search(parts[-1]):
        return False         # « …, ça veut dire quoi un tour exactement ? » asks what a word means
    for part in re.split(r"[,:;.!]", question):   # « au 9, est-ce que… »: after a framing, the opening decides
        seg = _FRAMING.sub("", " ".join(words(part)))     # « chez doolys qui casse… »: the framing told without a comma
        seg = seg.replace("quand meme", "meme")       # « c'est quand même faute ? » asks no « quand »
        if seg.startswith(("c est quoi", "qu est ce que", "qu est ce qui", "c est qui", "c est ou", "c est quand",
                           "que signifie", "que veut dire", "que veulent dire", "que dit", "que disent",
                           "que se passe", "que faire", "que faut il", "qu arrive t il", "comment", "pourquoi",
                           "combien", "quel ", "quelle ", "quels ", "quelles ", "qui ", "a qui ", "c a qui ", "c est a qui ")):
            return False     # « scratch en pleine partie, c'est quoi la sanction ? », « arbitre : que signifie… »
        if seg.startswith("quand ") and seg.split()[1:2] and seg.split()[1] in _WHEN_ASKS:
            return False     # « Dooly's : quand commence et quand finit le tour ? » asks when
        if seg.startswith(_YES_NO_OPENING) and not seg.startswith(("c est quoi", "c est qui", "c est ou", "c est quand")):
            return True
    # (« on fait quoi de la 10 ? », « ça donne quoi pour lui ? » ask what follows)
    if any(w in _WH for w in ws[:1]) or any(w in _ASK_ANYWHERE for w in ws) or (ws and ws[-1] in {"qui", "quoi", "quand"}) \
            or _DOES_WHAT.search(text):
        return False
    return text.startswith(_YES_NO_OPENING) or question.rstrip().endswith("?") or bool(
        re.search(r"\b(?:est ce|peut on|a t on|doit on|faut il|ai je|on a le droit|c est (?:faute|bon|gagne|permis|autorise|interdit|legal|valable))\b", text))


def clip(text: str, limit: int = MAX_SHORT) -> str:
    """``text`` within ``limit`` characters, cut at a word with « … » when longer."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 2].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + " …"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ============================================================================ ruleset names
def _prep(book: Rulebook, pqs: PolicyQuestions, rid: str) -> str:
    """« chez Dooly’s », « au BCA », « à la FFB (jeu de la 9) »; a club's: « dans « titre » »."""
    name = pqs.names.get(rid)
    if name:
        return name
    rs = book.rulesets.get(rid)
    return f"dans « {rs.title if rs else rid} »"


def _nominal(prep: str) -> str:
    """The name without its preposition: « chez Dooly’s » → « Dooly’s », « au BCA » → « le BCA »."""
    for head, repl in (("chez ", ""), ("à la ", "la "), ("au ", "le "), ("dans le ", "le "), ("dans la ", "la "),
                       ("dans ", "")):
        if prep.startswith(head):
            return repl + prep[len(head):]
    return prep


def group_phrase(book: Rulebook, rids: Sequence[str], covered: Sequence[str], pqs: PolicyQuestions | None = None) -> str:
    """Where ``rids`` (of ``covered``) agree: « dans les cinq règlements », « dans les deux
    règlements du jeu de la 9 », « au BCA et dans le guide du jeu de la 10 »."""
    pqs = pqs or load_policy_questions()
    rids = list(rids)
    if len(rids) == 2 and all(r.endswith("-ffb") for r in rids):
        return "dans les deux textes FFB"
    if len(rids) > 1 and set(rids) == set(covered):
        games = {book.rulesets[r].game for r in rids if r in book.rulesets}
        n = _COUNT.get(len(rids), str(len(rids)))
        if len(games) == 1 and len(rids) == len(book.rulesets_of_game(next(iter(games)))) < len(book.rulesets):
            return f"dans les {n} règlements {_GAME_OF.get(next(iter(games)), '')}".rstrip()
        return f"dans les {n} règlements"
    return join_and(_prep(book, pqs, r) for r in rids)


def _silent_phrase(book: Rulebook, rids: Sequence[str], covered: Sequence[str], pqs: PolicyQuestions) -> str:
    if len(rids) > 2 and set(rids) == set(covered):
        return "aucun des textes n’en dit rien"
    if len(rids) == 2 and all(r.endswith("-ffb") for r in rids):
        return "les deux textes FFB n’en disent rien"
    names = join_and(_nominal(_prep(book, pqs, r)) for r in rids)
    return f"{names} n’en {'dit' if len(rids) == 1 else 'disent'} rien"


# ============================================================================ policies
@dataclass(frozen=True)
class PolicyReply:
    """What a policy answers: ``short``, ``verdicts`` (None for an open question), the
    ``policy`` and the clause of each ruleset's value (``clauses``, in ``covered`` order);
    ``in_context``: the question named the entry's context too (its ``all`` words), not only its words;
    ``stated``: no policy, the clauses say it (or contradict the question's detail) in so many words."""

    short: str
    verdicts: Mapping[str, str] | None
    policy: str
    clauses: tuple[str, ...]
    in_context: bool = False
    stated: bool = False     # the verdicts are what its clauses say in so many words (:func:`confirm_reply`)
    conditions: tuple[str, ...] = ()    # the clauses of the condition a « oui » holds on (cited after ``clauses``)


def _value_groups(book: Rulebook, policy: str, covered: Sequence[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for r in covered:
        pv = book.rulesets[r].policy.get(policy)
        groups.setdefault(pv.value if pv is not None else "silent", []).append(r)
    return groups


_ROOM = 5   # citations an answer gives by default (the contract's k)


def policy_reply(book: Rulebook, question: str, covered: Sequence[str],
                 pqs: PolicyQuestions | None = None, loose: bool = False, closed: bool | None = None) -> PolicyReply | None:
    """The reply of the policy ``question`` asks about, over the rulesets ``covered``; None when
    it asks about none, or when no covered ruleset has that policy. ``loose``: a yes/no question
    may name the policy by its phrases' terms, not only by their words (:meth:`PolicyQuestions.find`);
    ``closed``: whether the question is a yes/no one, when not read from ``question`` alone (a follow-up's
    own words: « et si le point est occupé ? » asks yes or no only as the question before it did)."""
    pqs = pqs or load_policy_questions()
    found = pqs.find(question, loose=loose and is_yes_no(question))
    if found is None:
        return None
    pq, flip = found
    spec = book.policy_specs.get(pq.policy)
    covered = [r for r in covered if r in book.rulesets and pq.policy in book.rulesets[r].policy]
    if spec is not None and spec.money_ball:
        # « la 9 éjectée » asked of the 10: not that game's money ball, the policy is not asked there
        named = named_balls(question)
        covered = [r for r in covered if not named or book.rulesets[r].money_ball in named]
    if spec is None or not covered:
        return None
    groups = _value_groups(book, pq.policy, covered)
    yes_no = (is_yes_no(question) if closed is None else closed) and bool(pq.yes or pq.no)
    if all(v == "silent" for v in groups) and not yes_no and not pq.all:
        return None          # no text says anything: the quotes (if any) answer better (unless asked in its context)
    clauses = tuple(c for r in covered if (c := book.rulesets[r].policy[pq.policy].clause))
    if yes_no and pq.also:      # where a text states the exception that decides, its clause is the one
        clauses = tuple(dict.fromkeys(c for r in covered if (c := _deciding_clause(book.rulesets[r], pq))))
    # and the clause a text contradicts itself with is cited beside it, where the citations have room
    against = tuple(c for r in covered if (c := book.rulesets[r].policy[pq.policy].against) and c not in clauses)
    if len(clauses) + len(against) < _ROOM:
        clauses += against
    if yes_no:
        verdicts = {r: pq.verdict(book.rulesets[r].policy[pq.policy].value, flip) for r in covered}
        short = _yes_no_short(book, pq, spec, groups, verdicts, covered, pqs)
        conditions = tuple(c for r in covered if verdicts[r] == "yes" and (c := _provided(book.rulesets[r], pq)[1])
                           and c not in clauses)     # the condition a « oui » holds on rests on its clause
        return PolicyReply(short, verdicts, pq.policy, clauses, bool(pq.all), conditions=conditions)
    return PolicyReply(_open_short(book, spec, groups, covered, pqs), None, pq.policy, clauses, bool(pq.all))


def _provided(rs: Any, pq: Any) -> tuple[str, str | None]:
    """The condition a « oui » of ruleset ``rs`` holds on (``pq.provided``: the first policy its text
    states) and that policy's clause; ``("", None)`` when none."""
    for name, condition in pq.provided.items():
        pv = rs.policy.get(name)
        if pv is not None and pv.value != "silent":
            return condition, pv.clause
    return "", None


def _deciding_clause(rs: Any, pq: Any) -> str | None:
    """The clause a ruleset's verdict rests on: that of the first of ``pq.also`` its text states
    (with one of the values that decide the asked case, where the entry names them), else that of
    ``pq.policy``."""
    for name in pq.also:
        pv = rs.policy.get(name)
        if pv is not None and pv.clause and pv.value in pq.also_values.get(name, (pv.value,)):
            return str(pv.clause)
    return rs.policy[pq.policy].clause


_FOUL_ASKED = re.compile(r"\b(?:faute|fautes|fautif|foul|fouls|sanction|sanctionne|sanctionnee|penalite|penalise|interdit|interdite|"
                         r"c est grave|c grave|ca craint)\b")
_MUST_ASKED = re.compile(r"\b(?:faut il|il faut|doit on|dois je|doit il|on doit|je dois|obligatoire|oblige|obligation|necessaire|impose)\b"
                         r"|^(?:bon |alors |donc |)faut\b")     # « faut garder un pied par terre ? »: « il faut » clipped
_ALLOWED_ASKED = re.compile(r"\b(?:permis|autorise|autorisee|le droit|legal|valable|accepte|peut on|on peut|je peux|puis je|peux je|peut il|peut elle|il peut|peut t on|"
                            r"ca passe|c est ok|c ok|c est bon|c bon)\b")

_WITHOUT_FOUL = re.compile(r"\bsans (?:faire |commettre |avoir )?(?:de |une |la |)(?:faute|penalite|sanction)\b"
                           r"|\bsans (?:que ce soit|etre) (?:une |)faute\b")


def foul_reply(book: Rulebook, question: str, covered: Sequence[str],
               pqs: PolicyQuestions | None = None, found: str | None = None) -> PolicyReply | None:
    """« Est-ce faute de jouer avant l’arrêt des billes ? »: yes where a text lists that foul (its
    clause), silent where it does not; « est-ce permis… » asks the opposite. None when the
    question is not a yes/no question about a foul of rules_data/policy_questions.yaml. ``found``:
    the clause the lookup ranks first: the foul's phrases are read by their terms too, and when none
    names a foul, the one that clause lists is the one asked."""
    pqs = pqs or load_policy_questions()
    text = " ".join(words(question))
    # « on peut rentrer la blanche sans faute ? » asks whether it is allowed, not whether it is a foul
    asks_foul = bool(_FOUL_ASKED.search(_WITHOUT_FOUL.sub(" ", text)))
    if not is_yes_no(question):
        return None
    code = None
    if not (asks_foul or _ALLOWED_ASKED.search(text)):
        # « faut-il garder un pied au sol ? »: what must be done, whose absence is the foul
        code = pqs.find_required(question, loose=found is not None) if _MUST_ASKED.search(text) else None
        if code is None:
            return None
        asks_foul = True
    code = code or pqs.find_foul(question, loose=found is not None) or (_clause_foul(book, found) if found else None)
    covered = [r for r in covered if r in book.rulesets]
    if code is None or not covered:
        return None
    listed = {r: book.rulesets[r].fouls.get(code) for r in covered}
    verdicts = {r: ("yes" if asks_foul else "no") if listed[r] else "silent" for r in covered}
    named = [r for r in covered if listed[r]]
    silent = [r for r in covered if not listed[r]]
    label = book.foul_label(code).lower()
    parts = []
    if named:
        head = "oui" if asks_foul else "non"
        parts.append(f"{head} {group_phrase(book, named, covered, pqs)} : c’est une faute ({label})")
    if silent:
        parts.append(_silent_phrase(book, silent, covered, pqs) if parts or len(silent) > 1
                     else f"{_nominal(_prep(book, pqs, silent[0]))} n’en dit rien")
    short = clip(_cap(" ; ".join(parts)) + ".")
    return PolicyReply(short, verdicts, "", tuple(c for r in covered if (c := listed[r])))


def confirm_reply(book: Rulebook, stated: Mapping[str, str], covered: Sequence[str]) -> PolicyReply:
    """« Oui à la FFB (jeu de la 10) : « … » », « Non au BCA : « … » »: the clauses that state what a yes/no
    question asks or contradict its detail ({clause id: « yes » | « no »}, :func:`qa.confirm.stated_verdicts`),
    the first quoted; the other rulesets get no verdict."""
    clauses = [book.clauses[c] for c in stated]
    verdicts = {c.ruleset: stated[c.id] for c in clauses}
    scope = [r for r in covered if r in book.rulesets] or list(verdicts)
    parts = [f"{word} {group_phrase(book, [r for r in verdicts if verdicts[r] == v], scope)}"
             for v, word in (("yes", "oui"), ("no", "non")) if v in verdicts.values()]
    head = _cap(" ; ".join(parts)) + " : « "
    room = MAX_SHORT - len(head) - 2
    short = f"{head}{clip(_fitted_quote(book, clauses[0], room), room)} »"
    return PolicyReply(short, verdicts, "", tuple(stated), stated=True)


def _clause_foul(book: Rulebook, clause_id: str) -> str | None:
    """The foul code a ruleset lists under ``clause_id``, when it lists one only there."""
    rs = book.rulesets.get(clause_id.split("/", 1)[0])
    codes = [code for code, c in (rs.fouls.items() if rs is not None else ()) if c == clause_id]
    return codes[0] if len(codes) == 1 else None


def _yes_no_short(book, pq, spec, groups, verdicts, covered, pqs) -> str:
    yes = [r for r in covered if verdicts[r] == "yes"]
    silent = [r for r in covered if verdicts[r] == "silent"]
    no_by_cond: dict[str, list[str]] = {}      # the rulesets answering « non », by the condition said after it
    for r in covered:
        if verdicts[r] == "no":
            no_by_cond.setdefault(pq.when.get(book.rulesets[r].policy[pq.policy].value, ""), []).append(r)
    # a text that contradicts itself on the point (its value holds `against` another clause) says so
    torn = {r for r in covered if (pv := book.rulesets[r].policy.get(pq.policy)) is not None and pv.against}

    def said(rs: list[str]) -> str:
        return " (le texte se contredit)" if rs and set(rs) <= torn else ""

    yes_by_cond: dict[str, list[str]] = {}     # the rulesets answering « oui », by the condition it holds on
    for r in yes:
        yes_by_cond.setdefault(_provided(book.rulesets[r], pq)[0], []).append(r)
    parts: list[str] = []
    for cond, rs in yes_by_cond.items():
        parts.append("oui " + group_phrase(book, rs, covered, pqs) + said(rs) + (f", {cond}" if cond else ""))
    for cond, rs in no_by_cond.items():
        parts.append("non " + group_phrase(book, rs, covered, pqs) + (f" ({cond})" if cond else "") + said(rs))
    if silent:
        parts.append(_silent_phrase(book, silent, covered, pqs) if parts or len(silent) > 1
                     else f"{_nominal(_prep(book, pqs, silent[0]))} n’en dit rien")
    text = _cap(" ; ".join(parts))
    values = [v for v in groups if v != "silent"]
    if len(values) == 1 and not silent:
        label = spec.values.get(values[0], "")
        with_label = f"{text} : {spec.label.lower()}, {label}." if label else text + "."
        if len(with_label) <= MAX_SHORT:
            return with_label
    return clip(text + ".")


def _open_short(book, spec, groups, covered, pqs) -> str:
    parts = []
    silent = groups.get("silent", [])
    for value, rs in groups.items():
        if value == "silent":
            continue
        parts.append(f"{spec.values.get(value, value)} {group_phrase(book, rs, covered, pqs)}")
    if silent:
        parts.append(_silent_phrase(book, silent, covered, pqs))
    text = f"{spec.label} : {' ; '.join(parts)}."
    if len(text) > MAX_SHORT and len(silent) > 1:     # the silent texts named by what they are not
        text = f"{spec.label} : {' ; '.join(parts[:-1])} ; les autres textes n’en disent rien."
    return clip(text)


# ============================================================================ quotes
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«])")


def _lead_quote(book: Rulebook, c: Clause) -> str:
    """The clause's words: an item after its lead-in (when short), a lead-in (« … ce qui suit : »)
    with its first item, never alone."""
    text = " ".join(c.text.split())
    lead = book.clauses.get(c.lead_in) if c.lead_in else None
    if lead is not None and len(lead.text) <= 130:
        text = f"{' '.join(lead.text.split())} […] {text}"
    elif text.endswith(":") and (item := first_item(book, c.id)) is not None:
        text = f"{text} {' '.join(book.clauses[item].text.split())}"
    return text


# a question that asks for the cases of a rule, or its list (« dans quels cas… », « quelles sont les fautes… »)
_ASKS_LIST = re.compile(r"\b(?:dans quels? cas|dans quelles? (?:conditions|circonstances|situations)|quels? sont les|"
                        r"quelles? sont les|quels? cas|liste des|la liste|enumere[rz]?|citez les|toutes les fautes|"
                        r"les differents cas|les cas ou|les cas de|(?:c est|c) (?:quoi|koi) les fautes|quelles fautes|"
                        r"les fautes (?:c est |c |)(?:quoi|koi))\b")


def asks_list(question: str) -> bool:
    """Whether ``question`` asks for the cases or the list of a rule."""
    return bool(_ASKS_LIST.search(" ".join(words(question))))


def list_short(book: Rulebook, lead: Clause, items: Sequence[Clause], covered: Sequence[str]) -> str:
    """« Dans le guide du jeu de la 10 : « Le tirage à la bande est perdu dans les conditions suivantes :
    … ; … » »: a list's lead-in and its items, verbatim, as many as fit in 200 characters (then « … » and how
    many cases the list has)."""
    pqs = load_policy_questions()
    head = _cap(_prep(book, pqs, lead.ruleset)) + " : « " + " ".join(lead.text.split())
    out = head
    for i, item in enumerate(items):
        piece = (" " if i == 0 else " ; ") + " ".join(item.text.split()).rstrip(" ;.")
        more = f" … » ({len(items)} cas)"
        if len(out) + len(piece) + len(more) > MAX_SHORT:
            return out + more if i else clip(out + piece, MAX_SHORT - len(more)).rstrip(" …") + more
        out += piece
    return out + " »"


def _fitted_quote(book: Rulebook, clause: Clause, room: int) -> str:
    """The clause's words (:func:`_lead_quote`), or its item whole after « […] » when the lead-in and the item
    do not fit in ``room`` characters and the item does."""
    text = _lead_quote(book, clause)
    if len(text) > room and clause.lead_in and len(" ".join(clause.text.split())) + 4 <= room:
        text = "[…] " + " ".join(clause.text.split())
    return text


def _stems(text: str) -> set[str]:
    return {stem(w) for w in words(text) if len(w) > 3 and w not in STOP_WORDS and w not in QUESTION_WORDS}


def quote_short(book: Rulebook, clause: Clause, covered: Sequence[str], lead: str = "", question: str = "") -> str:
    """The clause quoted verbatim after the name of its ruleset, within 200 characters: « À la
    FFB (jeu de la 9) : « … » » (after ``lead``, « Parce que, »). It starts at the sentence that
    shares most words with ``question`` (the first one on a tie; « […] » marks what is left out
    before it) and goes on while sentences fit, the next one begun where room is left."""
    pqs = load_policy_questions()
    where = _prep(book, pqs, clause.ruleset)
    head = (f"{lead} {where}" if lead else _cap(where)) + " : « "
    room = MAX_SHORT - len(head) - 2
    text = _fitted_quote(book, clause, room)
    sentences = _SENTENCE_END.split(text)
    start = 0
    if question and len(sentences) > 1:
        asked = _stems(question)
        shared = [len(asked & _stems(sn)) for sn in sentences]
        start = max(range(len(sentences)), key=lambda i: (shared[i], -i))
    out = "[…]" if start else ""
    for sentence in sentences[start:]:
        if len(out) + len(sentence) + 1 > room:
            if out not in ("", "[…]") and room - len(out) >= _PARTIAL_MIN:
                out = clip(f"{out} {sentence}", room)    # the next sentence begun (« L'adversaire peut alors … »)
            break
        out = f"{out} {sentence}".strip()
    if out in ("", "[…]"):
        out = clip(("[…] " if start else "") + sentences[start], room)
    return f"{head}{out} »"


_PARTIAL_MIN = 50   # characters left in a short for which the next sentence is quoted begun


_OFF_TOPIC = {   # « Les règles ne parlent pas … », by qa.detect.off_topic category
    "price": "des prix ni des achats",
    "brand": "des marques de matériel",
    "technique": "de la technique de jeu (visée, effets, entraînement)",
    "advice": "de la technique de jeu (visée, effets, entraînement)",
    "howto": "de la technique de jeu (visée, effets, entraînement)",
    "equipment": "du matériel au-delà de ce qu’elles décrivent",
    "setup": "de l’installation d’une table",
    "handicap": "des handicaps entre joueurs de niveaux différents",
    "events": "des tournois, des résultats, des joueurs ni des salles",
    "health": "de la santé ni de la forme des joueurs",
    "coin_op": "des tables de bar à monnayeur",
    "bets": "des paris ni de l’argent mis en jeu",
    "general": "d’autre chose que le billard",
    "manners": "de la conduite autour de la table (téléphone, bruit, retards)",
    "duration": "de durées chiffrées (secondes, minutes)",
}


def unknown_short(reason: str | None, off_topic: str | None, other_game: str | None) -> str:
    """Why the texts do not answer, in one sentence."""
    if reason == "other_game" and other_game:
        return clip(f"Je ne sais pas : les textes portent sur le jeu de la 9 et le jeu de la 10, pas sur « {other_game} ».")
    if reason == "off_topic" and off_topic in _OFF_TOPIC:
        return f"Je ne sais pas : les règles ne parlent pas {_OFF_TOPIC[off_topic]}."
    return "Je ne sais pas : les règles ne traitent pas de cette question."


def off_topic_phrase(category: str | None) -> str | None:
    """The French phrase after « les règles ne parlent pas » for an off-topic category."""
    return _OFF_TOPIC.get(category or "")


# ============================================================================ situations
def ruling_short(book: Rulebook, groups: Sequence[tuple[Sequence[str], str]], covered: Sequence[str]) -> str:
    """A situation's rulings in one sentence: the ruling when all agree, else each group's
    ruling after where it holds (« Chez Dooly’s, faute : … ; à la FFB, … »), shortened to the
    ruling's first clause when too long."""
    pqs = load_policy_questions()
    if len(groups) == 1:
        return clip(groups[0][1])
    same = _same_ruling(book, groups, covered)
    if same is not None:
        return same
    for name in (lambda rs: group_phrase(book, rs, covered, pqs), lambda rs: _short_names(book, rs, covered)):
        full = " ; ".join(f"{name(rs)}, {t[:1].lower() + t[1:].rstrip('.')}" for rs, t in groups)
        if len(full) + 1 <= MAX_SHORT:
            return _cap(full) + "."
    factored = _factored(book, groups, covered, pqs) or _factored_with_silent(book, groups, covered, pqs)
    if factored is not None:
        return factored
    merged: dict[str, list[str]] = {}
    for rs, t in groups:
        merged.setdefault(_first_part(t), []).extend(rs)
    if len(merged) == 1:
        return clip(_cap(next(iter(merged))) + ".")
    brief = " ; ".join(f"{_short_names(book, sorted(rs, key=list(covered).index), covered)}, {t}"
                       for t, rs in merged.items())
    return clip(_cap(brief) + ".")


def _factored(book: Rulebook, groups: Sequence[tuple[Sequence[str], str]], covered: Sequence[str],
              pqs: PolicyQuestions) -> str | None:
    """Rulings that differ by some of their parts only, said once with those parts after where they
    hold: « Faute : ton adversaire a la bille en main n’importe où sur la table ; la 9 est replacée au
    BCA et à la FFB (jeu de la 9). » None when their heads differ, nothing is common, or it does not fit."""
    heads: set[str] = set()
    parts: list[tuple[Sequence[str], list[str]]] = []
    for rs, text in groups:
        head, sep, rest = text.rstrip(".").partition(" : ")
        if not sep or " ; " in rest:
            return None
        heads.add(head)
        parts.append((rs, [p.strip() for p in rest.split(", ")]))
    common = [p for p in parts[0][1] if all(p in ps for _, ps in parts)]
    if len(heads) != 1 or not common:
        return None
    extras = [f"{', '.join(own)} {group_phrase(book, rs, covered, pqs)}"
              for rs, ps in parts if (own := [p for p in ps if p not in common])]
    text = f"{next(iter(heads))} : {', '.join(common)}" + "".join(f" ; {e}" for e in extras) + "."
    return text if len(text) <= MAX_SHORT else None


_REFEREES = "texte muet, en arbitre : "     # the head situation_answer puts on a ruling a text leaves open


def _factored_with_silent(book: Rulebook, groups: Sequence[tuple[Sequence[str], str]], covered: Sequence[str],
                          pqs: PolicyQuestions) -> str | None:
    """:func:`_factored` of rulings some texts give as a referee's call where they are silent, that
    call said after: « Faute : … ; la 9 est replacée au BCA et à la FFB (jeu de la 9) (Dooly’s et le
    BCA n’en disent rien : décision d’arbitre). » None when no text is silent, or it does not fit."""
    rulings, silent = _referees_apart(groups)
    merged: dict[str, list[str]] = {}
    for rs, low in rulings:
        merged.setdefault(_cap(low), []).extend(rs)
    order = list(covered).index
    if not silent or len(silent) == sum(len(rs) for rs, _ in groups) or len(merged) < 2:
        return None
    factored = _factored(book, [(sorted(rs, key=order), t) for t, rs in merged.items()], covered, pqs)
    if factored is None:
        return None
    text = f"{factored.rstrip('.')} ({_silent_note(book, sorted(silent, key=order), covered)})."
    return text if len(text) <= MAX_SHORT else None


def _referees_apart(groups: Sequence[tuple[Sequence[str], str]]) -> tuple[list[tuple[Sequence[str], str]], list[str]]:
    """Each group's ruling without the referee's head (lowercase, no final stop), and the rulesets
    whose text is silent (their ruling a referee's call)."""
    rulings: list[tuple[Sequence[str], str]] = []
    silent: list[str] = []
    for rs, text in groups:
        low = text[:1].lower() + text[1:]
        if low.startswith(_REFEREES):
            silent.extend(rs)
            low = low[len(_REFEREES):]
        rulings.append((rs, low.rstrip(".")))
    return rulings, silent


def _silent_note(book: Rulebook, silent: Sequence[str], covered: Sequence[str]) -> str:
    """« Dooly’s et le BCA n’en disent rien : décision d’arbitre »."""
    verb = "n’en disent rien" if len(silent) > 1 else "n’en dit rien"
    return f"{_names(book, silent, covered)} {verb} : décision d’arbitre"


def _same_ruling(book: Rulebook, groups: Sequence[tuple[Sequence[str], str]], covered: Sequence[str]) -> str | None:
    """The one ruling every group gives, some by their text and the others as a referee's call
    where their text is silent: « Faute : la 9 est replacée, … (selon la FFB ; le BCA n’en dit
    rien : décision d’arbitre). » None when the rulings differ, or when it does not fit."""
    rulings, silent = _referees_apart(groups)
    said = [r for rs, _ in groups for r in rs if r not in silent]
    told = {low for _, low in rulings}
    if len(told) != 1 or not said or not silent:
        return None
    order = list(covered).index
    said, silent = sorted(said, key=order), sorted(silent, key=order)
    text = f"{_cap(told.pop())} ({_short_names(book, said, covered)} ; {_silent_note(book, silent, covered)})."
    return text if len(text) <= MAX_SHORT else None


_ARTICLES = ("le ", "la ", "les ", "l’", "l'")


def short_name(book: Rulebook, rid: str, covered: Sequence[str], pqs: PolicyQuestions | None = None) -> str:
    """A ruleset named briefly, with its article: « Dooly’s », « la FFB », « le guide », « le
    BCA ». The name is the ``short`` of rules_data/rulesets.yaml, its article the one of the
    ruleset's name in policy_questions.yaml ``names`` (« à la FFB (jeu de la 9) » → « la »);
    the game's number is added when another ruleset of ``covered`` has the same short name
    (« la FFB (9) »). Without a short name: the full name (« « titre du club » »)."""
    pqs = pqs or load_policy_questions()
    full = _nominal(_prep(book, pqs, rid))
    rs = book.rulesets.get(rid)
    if rs is None or not rs.short:
        return full
    name = rs.short
    if not name.lower().startswith(_ARTICLES):
        name = next((a for a in _ARTICLES if full.startswith(a)), "") + name
    twins = [r for r in covered if r != rid and r in book.rulesets and book.rulesets[r].short == rs.short]
    return f"{name} ({rs.money_ball})" if twins else name


def not_selected_sentence(book: Rulebook, rids: Sequence[str]) -> str:
    """« Dooly’s n’est pas parmi les règlements choisis. »: the rulesets a question names that the
    request's own selection leaves out, said before an answer that covers the selection only."""
    names = _names(book, rids, rids)
    verb = "ne sont pas" if len(rids) > 1 else "n’est pas"
    return f"{_cap(names)} {verb} parmi les règlements choisis."


def _short_names(book: Rulebook, rids: Sequence[str], covered: Sequence[str]) -> str:
    """« selon Dooly’s, la FFB (10) et le guide »: « selon » and :func:`_names`."""
    return "selon " + _names(book, rids, covered)


def _names(book: Rulebook, rids: Sequence[str], covered: Sequence[str]) -> str:
    """« Dooly’s, la FFB (10) et le guide »: the rulesets' short names (:func:`short_name`);
    « les deux textes FFB » for all the rulesets of one short name."""
    shorts = {book.rulesets[r].short if r in book.rulesets else r for r in rids}
    if len(rids) > 1 and len(shorts) == 1 and "" not in shorts:
        return f"les {_COUNT.get(len(rids), str(len(rids)))} textes {shorts.pop()}"
    return join_and(short_name(book, r, covered) for r in rids)


def _first_part(text: str) -> str:
    """« Faute : la 9 est replacée, … » → « faute » ; « Coup régulier : tu gagnes la partie » kept whole
    when short."""
    depth, head = 0, text
    for i, ch in enumerate(text):   # the first « : » outside brackets (« casse irrégulière (dry break : …), … »)
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and text.startswith(" : ", i):
            head = text[:i]
            break
    t = text if len(text) <= 60 else head
    return t[:1].lower() + t[1:].rstrip(".")


# What a yes/no situation question asks of the ruling, on folded words (first match wins).
_ASKED = (
    ("lose", re.compile(r"\b(?:perdu|perd|perds|perdre|perdons|defaite)\b(?! la main| la table| mon tour| son tour)")),
    ("win", re.compile(r"\b(?:gagne|gagnee|gagner|gagnes|gagnons|victoire|win|gagnant)\b")),
    ("stays", re.compile(r"\b(?:reste|restent|rester|restera) (?:t elle |t il |elles |ils |)(?:bien |quand meme |)(?:rentree?s?|dedans|au fond|empochee?s?|"
                         r"dans (?:la|le|les|une|un|sa|leur|leurs) (?:poche|trou|poches|trous|blouse|blouses))\b")),
    ("spotted", re.compile(r"\b(?:replace|replacee|replacees|ressort|ressortir|ressortent|remet|remise|remettre|respot|revient|reviennent|remis|repositionnee|reposee)\b")),
    # « a le droit de toucher aucune bille ? » asks whether the shot is legal (« le droit de pousser »: a push-out)
    ("legal", re.compile(r"\b(?:a|ai|as|avons|avez|ont|on a) le droit de (?!(?:pousser|jouer un push|faire un push|push|"
                         r"jouer un coup pousse|faire un coup pousse|(?:lui |me |le |la |)(?:rendre|redonner) (?:la main|la table)))")),
    ("push_out", re.compile(r"\b(?:push out|push|pushout|coup pousse|coup de degagement|pousser)\b")),
    ("bih", re.compile(r"\b(?:bille en main|blanche en main|ball in hand|balle en main)\b")),
    # « je peux lui rendre la main ? »: whether the next player may hand the table back
    ("hand_back", re.compile(r"\b(?:(?:lui |le |la |me |te |)(?:rendre|redonner|rends|redonne|rend) (?:la main|la table)|"
                             r"le faire rejouer|la faire rejouer|(?:lui |me )(?:rendre|redonner))\b")),
    # « …, la main passe ? »: whether the turn goes to the other player
    ("passes", re.compile(r"\b(?:la main passe|main passe t elle|passe la main|perd la main|perds la main|perdre la main|"
                          r"change de main|c est a l autre|a l adversaire de jouer)\b")),
    ("again", re.compile(r"\b(?:rejoue|rejouer|rejoues|continue|continuer|garde la main|garder la main|encore a moi|a moi de jouer|je joue encore|(?<!avec )(?<!a )(?<!de )la main)\b")),   # (not « touchée avec la main »)
    # « une bille rentrée sur mon push, elle compte ? »: a policy answers (push_out_pocketed_counts), not the ruling
    ("ball_counts", re.compile(r"\b(?:elle|elles) (?:compte|comptent)\b|\b(?:compte t elle|comptent elles|est elle comptee)\b"
                               r"|\b(?:bille|billes|boule|boules|la \d+)\b(?: \w+){0,6}? (?:ca |)(?:compte|comptent)$")),
    # « une bille passe la ligne et rentre, ça fait 2 ? »: how balls count, a policy answers (three_ball_count)
    ("ball_counts", re.compile(r"\b(?:ca (?:en |)fait|ca vaut|ca compte pour) (?:x2|2)$")),
    # « ça fait deux fautes ? »: whether the shot's fouls count as several
    ("several", re.compile(r"\b(?:x2|2|deux|plusieurs) fautes\b|\bdouble faute\b|\bfautes? (?:comptent|compte) (?:double|pour x2|pour 2|pour deux)\b")),
    ("foul", re.compile(r"\b(?:faute|fautes|fautif|fautive|foul|illegal|pas le droit|c est grave|c grave|interdit|interdite|defendu)\b")),
    ("legal", re.compile(r"\b(?:bon|bonne|valable|valables|valide|legal|legale|regulier|reguliere|ca compte|compte|ok|correct|correcte|ca passe|"
                         r"autorise|permis|suffit|suffisant|suffisante|ca suffit)\b")),
    # « je peux rentrer la 5 si je touche la 1 ? »: whether the shot told is allowed
    ("legal", re.compile(r"\b(?:je peux|puis je|peux je|on peut|peut on|est ce que je peux|est ce qu on peut)\b")),
)
_NOT_A_FOUL = re.compile(r"\b(?:pas|jamais) (?:de |une |d |)faute\b")     # « il n'y a pas faute…, hein ? »
_NO_FOUL = re.compile(r"\b(?:pas de|aucune|sans) fautes?\b|\bsans que ce soit (?:une |)faute\b")   # not « c'est pas faute ? »: « n'est-ce pas faute ? »
_TWICE = re.compile(r"\b(?:compte|comptent|vaut|valent) (?:double|deux fois|x2 fois|2 fois|pour x2|pour 2|pour deux)\b")
_FOULS_TOLD = re.compile(r"\b(?:x2|2|deux|plusieurs) fautes\b")
_TWO = re.compile(r"\b(?:x2|2)$")
_PUSH_WORDS = re.compile(rf"\b{PUSH_OUT}\b")
_FIRST_PERSON = re.compile(r"\b(?:j|je|ai je|moi|me|m|on|nous|suis je)\b")
# (« elle » is a ball, not a player: « fait-elle gagner ? », « est-elle remise ? »)
_OTHER_PERSON = re.compile(r"\b(?:il|adversaire|adv|lui|mon pote|l autre)\b")
# a story told of the player at the table in the third person: its « il » is the shooter
_THIRD_SHOOTER = re.compile(r"\b(?:l ouvreur|le casseur|le joueur|celui qui casse|celui qui joue|le tireur)\b")


_BALL_COUNTS = re.compile(r"\bla (?:\d+|neuf|dix) (?:\w+ ){0,4}?(?:compte|comptera|compterait|compte t elle)\b(?! (?:double|deux fois|pour))")
_IT_COUNTS = re.compile(r"(?:et |mais |)(?:ca|elle|elles) (?:compte|comptent)(?: quand meme| pour moi| alors|)")


def _asked_of_story(question: str) -> str | None:
    """What a yes/no question asks of a situation's ruling (:func:`_asked`), or None when a policy
    answers it rather than the ruling: of a push-out, whether its ball counts, and « ça fait 2 ? »
    of the three-ball rule; « 2 fautes…, ça compte double ? » asks whether the fouls count as several."""
    asked = _asked(question)
    told = " ".join(words(question))
    if asked == "legal" and _PUSH_WORDS.search(told) and _IT_COUNTS.fullmatch(last_segment(question)):
        asked = "ball_counts"     # « une bille rentre sur mon push, ça compte ? »: whether the ball counts
    if asked == "ball_counts":
        asked = None if _PUSH_WORDS.search(told) or _TWO.search(told) else "legal"
    if asked == "legal" and _TWICE.search(told) and _FOULS_TOLD.search(told):
        asked = "several"
    if asked == "legal" and (_BALL_COUNTS.search(told) or _IT_COUNTS.fullmatch(last_segment(question))):
        asked = "counts"     # « la 10 rentrée au break compte ? », « …sans l'annoncer, ça compte ? »: the pocket counts
    return asked


def outcome_verdicts(question: str, outcomes: Mapping[str, Any], shooter: str = "self") -> dict[str, str] | None:
    """{ruleset: "yes" | "no"} for a yes/no question about a situation's ruling (``outcomes``:
    the engine's Outcome objects), or None when the question is not yes/no or asks nothing
    the Outcome says. ``shooter``: who played the shot (``self``: the asker)."""
    if not is_yes_no(question) or not outcomes:
        return None
    asked = _asked_of_story(question)
    if asked is None:
        return None
    # whose win or loss: the asker's (first person) or the other player's, read in the last words
    # that name someone (« …je touche la 1…, il a bille en main ? »: the other player)
    last = last_segment(question)
    tail = last if _FIRST_PERSON.search(last) or _OTHER_PERSON.search(last) else " ".join(words(question))[-80:]
    about_asker = bool(_FIRST_PERSON.search(tail)) or not _OTHER_PERSON.search(tail)
    about_shooter = about_asker == (shooter != "other")
    if not about_asker and shooter != "other" and _THIRD_SHOOTER.search(" ".join(words(question))) \
            and not _FIRST_PERSON.search(" ".join(words(question))):
        about_shooter = True     # « l'ouvreur a rentré deux billes, il continue ? »
    # « …, il y a pas de faute ? », « c'est sans faute ? »: asked the other way round
    negated = asked == "foul" and bool(_NO_FOUL.search(" ".join(words(question))[-60:]) or (
        put_to_confirm(question) and _NOT_A_FOUL.search(" ".join(words(question)))))
    out: dict[str, str] = {}
    for r, o in outcomes.items():
        unsettled = set(getattr(o, "unsettled", ()) or ())
        # a foul no clause lists, or a shot the engine judged as a referee (« coup sauté admis, le texte ne le dit pas »)
        unlisted = any(not f.clause for f in getattr(o, "fouls", ()) or ()) or any(
            getattr(x, "role", None) == "referee_call" for x in getattr(o, "reasons", ()) or ())
        valid = break_valid(o) if asked == "legal" else None
        if asked == "several":
            out[r] = _several(o)
        elif valid is not None:
            out[r] = "yes" if valid else "no"   # « casse valable ? »: the text says when a break is valid
        elif unlisted and unsettled & _SETTLES.get(asked, frozenset()):
            out[r] = "silent"      # the engine ruled as a referee would: the text itself says nothing
        else:
            out[r] = "yes" if _answers(asked, o, about_shooter) != negated else "no"
    return out


def _several(o: Any) -> str:
    """« Ça fait deux fautes ? » of a shot: no where the text counts several fouls of one shot as
    one (or the shot made one foul at most), silent where it says nothing and the shot made several."""
    told = [x for x in getattr(o, "reasons", ()) or () if getattr(x, "policy", None) == "multiple_fouls"]
    if told and not any(x.clause for x in told) and len(getattr(o, "fouls", ()) or ()) > 1:
        return "silent"
    return "no"


def break_valid(o: Any) -> bool | None:
    """Whether a break is valid, where the text's own conditions of a valid break decide it (even
    when what an invalid break costs is left to the referee); None for another shot."""
    info = getattr(o, "break_info", None) or {}
    if info.get("legal") is None:
        return None
    reasons = getattr(o, "reasons", ()) or ()
    if info.get("dry") and any(getattr(x, "clause", None) and getattr(x, "policy", None) in _DRY_CONDITIONS
                               for x in reasons):
        return False      # a dry break (the three-ball rule failed): no foul, but not the break the text requires
    stated = any(getattr(x, "clause", None) and getattr(x, "policy", None) in _BREAK_CONDITIONS for x in reasons)
    return bool(info["legal"]) if stated else None


_BREAK_CONDITIONS = frozenset({"break_requirement", "break_first_contact"})
_DRY_CONDITIONS = frozenset({"three_ball_requirement", "dry_break"})


# « Is it a foul? » where a text does not list the foul the engine found (a foul without its clause,
# ``legal`` unsettled): that text says nothing (a text that contradicts itself still answers).
_SETTLES = {"foul": frozenset({"legal"}), "legal": frozenset({"legal"}),
            # « je perds ? » of a third foul the text leaves to the referee (no warning rule): silent
            "lose": frozenset({"game_over", "winner"}), "win": frozenset({"game_over", "winner"})}


# The policies whose reasons a yes/no verdict on a situation rests on, by what is asked.
_VERDICT_POLICIES = {
    # « la casse est bonne ? »: the text's conditions of a valid break (a shot in play: no reordering)
    "legal": ("break_first_contact", "break_requirement", "illegal_break", "three_ball_requirement"),
    "several": ("multiple_fouls",),
    "push_out": ("push_out_after_break", "push_out_exclusion", "dry_break", "dry_break_accept_push_out"),
    "stays": ("money_ball_on_foul", "money_ball_off_table", "money_ball_on_break_foul", "dry_break_money_ball",
              "push_out_money_ball", "break_money_ball_off_table", "object_ball_off_table_stays_off"),
    "spotted": ("money_ball_on_foul", "money_ball_off_table", "money_ball_on_break_foul", "dry_break_money_ball",
                "push_out_money_ball", "break_money_ball_off_table", "object_ball_off_table_stays_off"),
}


def verdict_clauses(question: str, outcomes: Mapping[str, Any]) -> list[str]:
    """The clauses a situation's yes/no verdicts rest on, where a policy decides what is asked
    (« peut-il jouer un push-out ? »: the last push-out reason of each ruleset's ruling), in
    ``outcomes`` order; [] otherwise."""
    if not is_yes_no(question) or not outcomes:
        return []
    asked = _asked_of_story(question) or ""
    policies = _VERDICT_POLICIES.get(asked, ())
    out: list[str] = []
    for o in outcomes.values():
        reasons = [r for r in getattr(o, "reasons", ()) if r.clause and getattr(r, "policy", None) in policies]
        if asked == "legal":   # the break's requirement (four rails, three balls) decides more than its first contact
            reasons.sort(key=lambda r: policies.index(r.policy))
        found = [r.clause for r in reasons]
        if found and found[-1] not in out:
            out.append(found[-1])
    return out


_SEGMENTS = re.compile(r"[,.;:!?()]+")


def last_segment(question: str) -> str:
    """The folded words of the last segment of ``question`` (after its last comma, colon…)."""
    return next((" ".join(words(seg)) for seg in reversed(_SEGMENTS.split(question)) if words(seg)), "")


def _last_match(rx: re.Pattern[str], text: str) -> re.Match[str] | None:
    last = None
    for last in rx.finditer(text):
        pass
    return last


def _asked(question: str) -> str | None:
    """What a yes/no question asks of a situation's ruling (a name of :data:`_ASKED`): read in its
    last segment (« …sur mon push, elle reste rentrée ? »: whether the ball stays down), else in
    the last 80 characters, where the question comes after the story."""
    last = last_segment(question)
    tail = " ".join(words(question))[-80:]
    for text in (last, tail):
        text = re.sub(r" {2,}", " ", _CIRCUMSTANCE.sub(" ", text))
        # the kind asked nearest the end of the question (« …bille en main j'ai touché la 3, faute ? »: a
        # foul, not the ball in hand); of two ending at the same place, the first listed
        ends = [(m.end(), -i, name) for i, (name, rx) in enumerate(_ASKED) for m in [_last_match(rx, text)] if m]
        if ends:
            return max(ends)[2]
    return None


# the shot a story happened on, not what it asks (« scratch pendant un push-out, faute ? »)
_CIRCUMSTANCE = re.compile(r"\b(?:pendant|durant|sur|lors d|lors de|au cours d|au cours de|apres|suite a|avec|en jouant) "
                           r"(?:un |une |le |la |l |mon |ma |son |sa |ce |cet |cette |leur )?"
                           rf"{PUSH_OUT}\b")


def _answers(asked: str, o: Any, about_shooter: bool) -> bool:
    if asked in ("win", "lose"):
        if not o.game_over:
            return False
        wins = (o.winner == "shooter") == about_shooter
        return wins if asked == "win" else not wins
    if asked == "push_out":
        return not o.game_over and (bool(o.push_out_available) or any(op.push_out_available for op in o.options))
    if asked == "spotted":
        return bool(o.spotted)
    if asked == "stays":
        return not o.spotted
    if asked == "counts":     # a legal shot whose ball stays down and keeps the table (or wins)
        return bool(o.legal) and not o.spotted and (o.winner == "shooter" if o.game_over else o.next_shooter == "shooter")
    if asked == "bih":
        return bool(o.ball_in_hand) and (o.next_shooter == "opponent") != about_shooter
    if asked == "hand_back":
        return any(op.choice == "hand_back" for op in o.options)
    if asked == "again":
        return not o.game_over and o.next_shooter == "shooter" and about_shooter
    if asked == "passes":
        return not o.game_over and o.next_shooter == "opponent"
    if asked == "foul":
        return not o.legal
    return bool(o.legal)


def fold_text(text: str) -> str:
    """Folded lowercase text (accents out), for comparisons."""
    return fold(text).lower()


def why_short(book: Rulebook, answer: Mapping[str, Any]) -> str:
    """« Parce que, au BCA : « … » »: what the answer rests on, its first cited clause quoted."""
    verdicts = answer.get("verdicts") or {}
    if verdicts and all(v == "silent" for v in verdicts.values()):
        return ("Parce que ces textes n’en disent rien : aucun de leurs passages ne traite de la question ; "
                "ceux cités sont les plus proches.")
    cites = answer.get("citations") or []
    clause = book.clauses.get(_ended_by(answer) or (cites[0]["id"] if cites else ""))
    if clause is None:
        return str(answer.get("short") or "")
    return quote_short(book, clause, answer.get("rulesets") or (), lead="Parce que,")


def _ended_by(answer: Mapping[str, Any]) -> str | None:
    """The clause that ended the game in a ruling's first outcome (« pourquoi ? » after « … il perd la
    partie »: the three-foul rule, not the foul that led to it), or None when the game goes on."""
    outcomes = answer.get("outcomes") or {}
    first = next(iter(outcomes.values()), None) if isinstance(outcomes, Mapping) else None
    if not isinstance(first, Mapping) or not first.get("game_over"):
        return None
    ends = [r.get("clause") for r in first.get("reasons") or () if r.get("role") == "consequence" and r.get("clause")]
    return ends[-1] if ends else None
