"""Questions a ruleset's policy answers, as data: ``rules_data/policy_questions.yaml``.

:func:`load_policy_questions` reads the file once into a frozen :class:`PolicyQuestions`;
:func:`policy_question_problems` gives its problems as ``(line, message)`` pairs in French
(:func:`qa.rulebook.load_rulebook` reports them as ``file:line: message``): an unknown policy
(with « vouliez-vous dire »), a value its policy does not have, a phrase that is not folded, a
name for an unknown ruleset.

:meth:`PolicyQuestions.find` gives the entry a question asks about and whether it asks the
opposite (« est-ce interdit de sauter ? », « c'est vrai qu'on n'annonce pas ? », « sauf … »).
The entries' phrases are looked for as whole words first: of the entries matched, the first in
file order matched in its context (``all``) too, else the first. ``loose`` (a yes/no question no
entry names so): an entry's phrase is also in a question when its terms are (stems with the
glossary's synonyms made canonical, as the lookup reads them: « déplacer la bille de choc en
main » has the terms of « bouger la blanche en main »), in their order, within a window of
:data:`_GAP` more terms; of the entries matched so, the one whose phrases cover most of the
question's terms (at least :data:`_COVERED`), then the one matched in its context, then the first.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from .detect import detect
from .text import EXCEPTING, STOP_WORDS, Analyzer, content_stems, excepted_balls, stem, words
from .yamlio import LineDict, YamlError, load_yaml

__all__ = ["PolicyQuestion", "PolicyQuestions", "load_policy_questions", "policy_question_problems", "put_to_confirm", "PATH"]

PATH = Path(__file__).resolve().parent.parent / "rules_data" / "policy_questions.yaml"
_FOLDED = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")
_KEYS = ("policy", "words", "all", "with", "sauf", "oui", "non", "when", "also", "provided")
_BALL_EXCEPTED = re.compile(rf" (?:pas|{EXCEPTING}) {excepted_balls()}(?= )")
_TOP = ("names", "flip", "same", "groups", "questions", "fouls", "fouls_sauf", "required")
_GAP = 2    # terms a phrase's terms may have between them in a question (« la bande juste avant la 1 »)
_COVERED = 2    # terms of the question an entry read by its terms must cover
# the only words a phrase may lose and still be read by its terms: articles and prepositions (a
# phrase that loses « dire », « faire », « peut », « qui »… says more than its terms: « dire ma bille »
# is not every « bille »)
_LIGHT = frozenset("le la les l un une des du de d au aux a en et dans sur par pour avec s c j n qu".split())


@dataclass(frozen=True)
class PolicyQuestion:
    """One entry: the ``policy``, the phrases that name it (``words``, and ``all``: one of
    them must also be there; ``unless``: none of them may be there), the values that answer ``yes`` and ``no``, and ``when``: the
    French condition of a value in neither list; ``also``: other policies whose clauses the
    verdicts rest on too (the exception that decides: « sauf si la blanche a été empochée »);
    ``also_values``: for such a policy, the values of it that decide the asked case (none named: any
    value the text states); ``provided``: {other policy: French condition}: a « oui » holds only on
    that condition where a text states that policy (« s’il a été averti après la deuxième »), whose
    clause the verdict then rests on too."""

    policy: str
    words: tuple[str, ...]
    all: tuple[str, ...]
    unless: tuple[str, ...]
    yes: frozenset[str]
    no: frozenset[str]
    when: Mapping[str, str]
    also: tuple[str, ...] = ()
    also_values: Mapping[str, frozenset[str]] = field(default_factory=dict)
    with_: tuple[str, ...] = ()    # ``with``: a third condition, like ``all``
    provided: Mapping[str, str] = field(default_factory=dict)

    def verdict(self, value: str, flip: bool = False) -> str:
        """``yes``, ``no`` or ``silent`` for a ruleset whose policy value is ``value``."""
        if value == "silent":
            return "silent"
        yes = value in self.yes
        return "no" if yes == flip else "yes"


@dataclass(frozen=True)
class PolicyQuestions:
    """The entries in file order, the ruleset names for short answers, the words that flip."""

    questions: tuple[PolicyQuestion, ...]
    names: Mapping[str, str]
    flip: tuple[str, ...]
    fouls: tuple[tuple[str, tuple[str, ...]], ...] = ()
    required: tuple[tuple[str, tuple[str, ...]], ...] = ()
    same: tuple[tuple[str, str], ...] = ()    # (phrase, the phrase the entries use), longest first
    fouls_unless: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # code → phrases that show it is not asked
    analyzer: Analyzer = field(default_factory=Analyzer, compare=False, repr=False)
    # each entry's lists (words, all, with, sauf) as the terms of their phrases
    _terms: tuple[tuple[tuple[tuple[str, ...], ...], ...], ...] = field(default=(), init=False, repr=False,
                                                                          compare=False)
    _phrase_terms: Mapping[str, tuple[str, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    # every phrase's terms, stop words or not: what of the question a phrase matched as words covers
    _cover: Mapping[str, tuple[str, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    # the entry each question text asks (a question is often read several times per answer)
    _found: dict[tuple[str, bool], tuple[PolicyQuestion, bool] | None] = field(default_factory=dict, init=False, repr=False,
                                                                   compare=False)

    def __post_init__(self) -> None:
        phrases = [p for pq in self.questions for p in (*pq.words, *pq.all, *pq.with_, *pq.unless)]
        cover = {p: tuple(self.analyzer.terms_of_words(p.split()))
                 for p in dict.fromkeys(phrases + [p for _, ps in (*self.fouls, *self.required) for p in ps])}
        terms = {p: _read_by_terms(p, t) for p, t in cover.items()}
        object.__setattr__(self, "_phrase_terms", terms)
        object.__setattr__(self, "_cover", cover)
        object.__setattr__(self, "_terms", tuple(
            tuple(tuple(terms[p] for p in ps) for ps in (pq.words, pq.all, pq.with_, pq.unless))
            for pq in self.questions))

    def text(self, question: str) -> str:
        """``question`` folded as the entries are, between spaces, each ``same`` phrase written as
        the entries write it (« la bille qui fait gagner » → « bille de gain »)."""
        ws = words(question, counts=False)
        for i in detect(question).drop:     # « à la 10 les billes… »: the game's name, no ball « la 10 »
            if 0 < i < len(ws) and ws[i].isdigit() and ws[i - 1] in ("la", "le"):
                ws[i - 1] = "jeu"
        text = " " + " ".join(ws) + " "
        text = _BALL_EXCEPTED.sub(" autre bille ", text)    # « la boule (pas la 9) que j'ai rentrée »: not the 9
        for _ in range(3):      # until nothing changes (« la boule 10 » → « la bille 10 » → « la 10 »)
            before = text
            for phrase, canonical in self.same:
                text = text.replace(f" {phrase} ", f" {canonical} ")
            if text == before:
                break
        return text

    def find_foul(self, question: str, loose: bool = False) -> str | None:
        """The foul code whose phrases ``question`` contains (the first in file order), or None;
        ``loose``: else the code whose phrases' terms cover most of the question's."""
        return self._code(self.fouls, question, loose)

    def find_required(self, question: str, loose: bool = False) -> str | None:
        """The foul code whose « what must be done » phrases (``required``) ``question`` contains, or None."""
        return self._code(self.required, question, loose)

    def _code(self, table: tuple[tuple[str, tuple[str, ...]], ...], question: str, loose: bool) -> str | None:
        text = self.text(question)
        table = tuple((code, phrases) for code, phrases in table if not _any_in(self.fouls_unless.get(code, ()), text))
        code = next((code for code, phrases in table if _any_in(phrases, text)), None)
        if code is not None or not loose:
            return code
        asked = self._asked(text)
        best = _COVERED - 1     # a phrase of one term does not name a foul by its terms
        for name, phrases in table:
            for p in phrases:
                t = self._phrase_terms.get(p, ())
                if len(t) > best and self._term_match(p, t, asked) and _span(t, asked.terms):
                    best, code = len(t), name
        return code

    def find(self, question: str, loose: bool = False) -> tuple[PolicyQuestion, bool] | None:
        """(the entry ``question`` asks about, whether it asks the opposite), or None. ``loose``:
        when no entry's phrases are in it as words, the entry whose phrases' terms are (a yes/no
        question: no lookup answers it in the policy's stead)."""
        text = self.text(question)
        key = (text, loose)
        if key not in self._found:
            if len(self._found) > _CACHED:
                self._found.clear()
            self._found[key] = self._find(text, loose)
        return self._found[key]

    def _find(self, text: str, loose: bool) -> tuple[PolicyQuestion, bool] | None:
        found = self._first(self._matched_words(text)) or (self._by_terms(text) if loose else None)
        if found is None:
            return None
        # a flip phrase the entry itself is asked by (« restent au fond » of the balls kept
        # down) asks that entry, not its opposite
        # (a negating one, « sans faute », flips only an entry asked by what it negates: « c'est faute ? »
        # asked « sans faute ? »; an entry asked « c'est permis ? » reads « sans faute ? » as it is)
        own = set(found.words) | set(found.all)
        flip = _any_in((f for f in self.flip if _flips(f, own)), text)
        return found, flip != _negated(found, text)

    def _matched_words(self, text: str) -> list[PolicyQuestion]:
        return [pq for pq in self.questions
                if _any_in(pq.words, text) and (not pq.all or _any_in(pq.all, text))
                and (not pq.with_ or _any_in(pq.with_, text)) and not _any_in(pq.unless, text)]

    @staticmethod
    def _first(matched: list[PolicyQuestion]) -> PolicyQuestion | None:
        # the first entry matched in its context too, else the first matched (« prévenir avant de jouer
        # un push »: the push-out announced, not the third foul's warning, which « prévenir » alone names)
        return next((pq for pq in matched if pq.all), matched[0] if matched else None)

    def _by_terms(self, text: str) -> PolicyQuestion | None:
        """The entry whose phrases' terms cover most of the question's (none matched it as words),
        at least :data:`_COVERED` of them."""
        asked = self._asked(text)
        best: tuple[int, int, int] | None = None
        found: PolicyQuestion | None = None
        for i, pq in enumerate(self.questions):
            score = self._score(pq, self._terms[i], asked)
            if score is not None and score >= _COVERED and (best is None or (score, 1 if pq.all else 0, -i) > best):
                best, found = (score, 1 if pq.all else 0, -i), pq
        return found

    def _asked(self, text: str) -> "_Asked":
        ws = text.split()
        terms = self.analyzer.terms_of_words(ws)
        return _Asked(text, terms, frozenset(terms), frozenset(content_stems(ws)))

    def _score(self, pq: PolicyQuestion, lists: tuple[tuple[tuple[str, ...], ...], ...], asked: "_Asked") -> int | None:
        """How many of the question's terms the entry's phrases cover, or None when one of its
        lists (``words``, and ``all``, ``with`` when given) is not in the question, or adds none
        of its terms to the others' (« rack » and « losange » are one term), or a ``sauf`` is."""
        covered: set[int] = set()
        for phrases, phrase_terms, needed in zip((pq.words, pq.all, pq.with_), lists, (True, bool(pq.all),
                                                                                        bool(pq.with_))):
            if not needed:
                continue
            hits = [sp for p, t in zip(phrases, phrase_terms) if self._term_match(p, t, asked) and (sp := _span(t, asked.terms))]
            exact = [p for p in phrases if f" {p} " in asked.text]
            if not hits and not exact:
                return None
            spans = hits + [sp for p in exact if (sp := _span(self._cover.get(p, ()), asked.terms))]
            new = max((sp - covered for sp in spans), key=len, default=frozenset())
            if hits and not exact and not new:
                return None
            covered |= new
        if _any_in(pq.unless, asked.text) or any(self._term_match(p, t, asked) and _span(t, asked.terms)
                                                 for p, t in zip(pq.unless, lists[3])):
            return None
        return len(covered)

    @staticmethod
    def _term_match(phrase: str, terms: tuple[str, ...], asked: "_Asked") -> bool:
        """Whether ``phrase`` may be in the question by its ``terms``: its first term is, and a
        phrase of one word is there as that word's stem (« breaker » is not every « casse »: the
        glossary's synonyms of one word change its sense too much alone)."""
        if not terms or terms[0] not in asked.present:
            return False
        return " " in phrase or stem(phrase) in asked.stems


@dataclass(frozen=True)
class _Asked:
    """A question as the entries are matched on: its text between spaces, its terms, the set of
    its terms and of its words' stems."""

    text: str
    terms: list[str]
    present: frozenset[str]
    stems: frozenset[str]


def _read_by_terms(phrase: str, terms: tuple[str, ...]) -> tuple[str, ...]:
    """The terms ``phrase`` is read by (its ``terms``), or () when it is read as whole words only: one
    of its words is a stop word other than :data:`_LIGHT`, or it is several words reduced to one term."""
    ws = phrase.split()
    if len(ws) > 1 and (len(terms) < 2 or any(w in STOP_WORDS and w not in _LIGHT for w in ws)):
        return ()
    return terms


def _span(phrase: tuple[str, ...], terms: list[str]) -> frozenset[int]:
    """The positions of ``phrase``'s terms in ``terms``, in order with at most :data:`_GAP` others
    between the first and the last (the first such place), or an empty set."""
    if not phrase:
        return frozenset()
    for start, term in enumerate(terms):
        if term != phrase[0]:
            continue
        at, end = [start], start + len(phrase) + _GAP
        for t in phrase[1:]:
            nxt = next((j for j in range(at[-1] + 1, min(end, len(terms))) if terms[j] == t), None)
            if nxt is None:
                break
            at.append(nxt)
        else:
            return frozenset(at)
    return frozenset()


# a statement put to be confirmed: « c'est vrai que … ? », « on est d'accord que … ? », « …, hein ? », « …, non ? »
_TRUE_THAT = re.compile(r"^ (?:\w+ ){0,4}?(?:est il vrai|est il exact|est ce exact|c est exact|est ce vrai|c est vrai|est ce que c est vrai|vrai|on est d accord|"
                        r"on est bien d accord|je confirme|tu confirmes|vous confirmez|confirmez vous|confirme|dit|disent|ecrit|precise) (?:que|qu) |"
                        r" (?:hein|non|pas vrai|c est bien ca|c est ca|n est ce pas|on est d accord|right|oui ou non|je me trompe)"
                        r"(?: (?:au|a|la|le|en|chez|du|jeu|de|bca|ffb|doolys|dooly|s|guide|wpa|9|10)){0,4} $")
_NEGATION = re.compile(r" (?:pas|jamais|ni|plus|point) ")


def put_to_confirm(question: str) -> bool:
    """Whether ``question`` is a statement put to be confirmed (« c'est vrai que … ? », « …, hein ? »):
    its negations are the statement's own, answered by whether it is true."""
    return bool(_TRUE_THAT.search(" " + " ".join(words(question, counts=False)) + " "))


def _negated(pq: PolicyQuestion, text: str) -> bool:
    """Whether the question states the opposite of what the entry's phrases name: « 3 fautes non
    entrecoupées », « tous les coups sauf rentrer la blanche », and a statement put to be
    confirmed that negates (« c'est vrai qu'on n'annonce ni la bille ni la poche ? », « la blanche
    en main ne peut pas toucher une bille, hein ? »: true or not). Otherwise a negative question
    asks the same as its positive (« c'est pas faute ? » is answered as « c'est faute ? »)."""
    present = [p for p in (*pq.words, *pq.all, *pq.with_) if f" {p} " in text]
    sufficient = bool(_SUFFICES.search(text))
    for p in present:
        if p.startswith(("non ", "sauf ", "pas ", "sans ")):
            continue
        if f" non {p} " in text or f" sauf {p} " in text:
            return True
        if sufficient and re.search(r" sans (?:\w+ ){0,2}" + re.escape(p) + " ", text):
            return True      # « il suffit d'empocher une bille sans toucher la 1 ? »: the 1 is not needed?
    if not _TRUE_THAT.search(text):
        return False
    rest = text
    for p in sorted(present, key=len, reverse=True):     # a negation the entry's own phrases say is not the statement's
        rest = rest.replace(f" {p} ", " # ")
    rest = _TRUE_THAT.sub(" ", rest)
    if any(_NEGATION.search(f" {p} ") or p.startswith(("sans ", "non ", "aucun")) for p in present):
        rest = rest.replace(" ni ", " ")      # « pas besoin de toucher une bande ni une bille »: the same negation
    return bool(_NEGATION.search(rest))


_NEGATING = re.compile(r"(?:sans|pas de|aucune|aucun) ")
_SUFFICES = re.compile(r" (?:suffit|suffirait|suffisant|suffisante|ca suffit|assez) ")


def _flips(phrase: str, own: set[str]) -> bool:
    """Whether the flip ``phrase`` asks the opposite of an entry asked by the phrases ``own``."""
    if any(phrase in o for o in own):
        return False
    if _NEGATING.match(phrase):
        return any(o in phrase for o in own)
    return not any(o in phrase for o in own)
_CACHED = 4096    # question texts whose entry is kept


def _any_in(phrases: Iterable[str], text: str) -> bool:
    return any(f" {p} " in text for p in phrases)


def _groups(raw: LineDict, problems: list[tuple[int, str]]) -> dict[str, list[str]]:
    """The ``groups`` table {name: [phrases]}: the words of one thing (« la casse ») that entries name as ``@name``."""
    table = raw.get("groups") or {}
    if not isinstance(table, dict):
        problems.append((raw.line_of("groups"), "« groups » doit associer un nom à une liste de mots"))
        return {}
    out: dict[str, list[str]] = {}
    for name, value in table.items():
        line = table.line_of(name) if isinstance(table, LineDict) else raw.line_of("groups")
        if not isinstance(value, list) or not all(isinstance(w, str) and not w.startswith("@") for w in value):
            problems.append((line, f"le groupe « {name} » doit être une liste de mots (sans autre groupe)"))
            continue
        out[str(name)] = list(value)
    return out


def _expanded(value: Any, groups: Mapping[str, list[str]], name: str, line: int,
              problems: list[tuple[int, str]]) -> Any:
    """``value`` with each ``@group`` replaced by that group's words (an unknown group is a problem)."""
    if not isinstance(value, list):
        return value
    out: list[Any] = []
    for w in value:
        if isinstance(w, str) and w.startswith("@"):
            if w[1:] not in groups:
                near = difflib.get_close_matches(w[1:], list(groups), n=1)
                hint = f" (vouliez-vous dire « @{near[0]} » ?)" if near else ""
                problems.append((line, f"groupe inconnu « {w} » ({name}){hint}"))
                continue
            out.extend(groups[w[1:]])
        else:
            out.append(w)
    return out


def _phrases(name: str, value: Any, line: int, problems: list[tuple[int, str]],
             folded: bool = True) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        problems.append((line, f"« {name} » doit être une liste de mots"))
        return ()
    for w in value:
        if folded and not _FOLDED.fullmatch(w):
            problems.append((line, f"« {w} » ({name}) : écrivez-le en minuscules, sans accents ni ponctuation"))
    if not folded:
        return tuple(value)
    # read as questions are (« deux fautes » is « 2 fautes » once a question is folded)
    return tuple(dict.fromkeys(" ".join(words(w, counts=False)) or w for w in value))


def _entry(raw: Any, specs: Mapping[str, Any] | None, problems: list[tuple[int, str]],
           groups: Mapping[str, list[str]] | None = None) -> PolicyQuestion | None:
    line = raw.line if isinstance(raw, LineDict) else 1
    if not isinstance(raw, dict):
        problems.append((line, "chaque question doit être un objet (policy, words, oui, non)"))
        return None
    lists = {key: _expanded(raw.get(key), groups or {}, key, line, problems) for key in ("words", "all", "sauf", "with")}
    for key in raw:
        if key not in _KEYS:
            near = difflib.get_close_matches(str(key), _KEYS, n=1)
            hint = f" (vouliez-vous dire « {near[0]} » ?)" if near else ""
            problems.append((raw.line_of(key) if isinstance(raw, LineDict) else line, f"clé inconnue « {key} »{hint}"))
    policy = raw.get("policy")
    spec = specs.get(policy) if specs is not None and isinstance(policy, str) else None
    if not isinstance(policy, str) or (specs is not None and spec is None):
        near = difflib.get_close_matches(str(policy), list(specs or ()), n=1)
        hint = f" (vouliez-vous dire « {near[0]} » ?)" if near else ""
        problems.append((line, f"politique inconnue « {policy} »{hint}"))
    ws = _phrases("words", lists["words"], line, problems)
    if not ws:
        problems.append((line, "« words » manque ou est vide"))
    yes = _phrases("oui", raw.get("oui") or [], line, problems, folded=False)
    no = _phrases("non", raw.get("non") or [], line, problems, folded=False)
    when = raw.get("when") or {}
    if not isinstance(when, dict) or not all(isinstance(v, str) for v in when.values()):
        problems.append((line, "« when » doit associer une valeur à une condition en français"))
        when = {}
    also, also_values = _also(raw.get("also") or [], specs, line, problems)
    provided = raw.get("provided") or {}
    if not isinstance(provided, dict) or not all(isinstance(v, str) and v.strip() for v in provided.values()):
        problems.append((line, "« provided » doit associer une politique à une condition en français"))
        provided = {}
    for name in provided:
        if specs is not None and name not in specs:
            near = difflib.get_close_matches(str(name), list(specs), n=1)
            hint = f" (vouliez-vous dire « {near[0]} » ?)" if near else ""
            problems.append((line, f"politique inconnue « {name} » (provided){hint}"))
    if spec is not None:
        for v in (*yes, *no, *when):
            if v not in spec.values:
                problems.append((line, f"valeur « {v} » inconnue pour la politique « {policy} » "
                                       f"({', '.join(spec.values)})"))
    return PolicyQuestion(policy=str(policy), words=ws, all=_phrases("all", lists["all"], line, problems),
                          unless=_phrases("sauf", lists["sauf"], line, problems),
                          with_=_phrases("with", lists["with"], line, problems),
                          yes=frozenset(yes), no=frozenset(no), when=dict(when), also=also, also_values=also_values,
                          provided={str(k): str(v) for k, v in provided.items()})


def _also(raw: Any, specs: Mapping[str, Any] | None, line: int,
          problems: list[tuple[int, str]]) -> tuple[tuple[str, ...], dict[str, frozenset[str]]]:
    """``also``: a list of policies, or ``{policy: [values]}`` where only those values of it decide."""
    named = dict(raw) if isinstance(raw, dict) else {n: None for n in _phrases("also", raw, line, problems, folded=False)}
    values: dict[str, frozenset[str]] = {}
    for name, vals in named.items():
        spec = specs.get(name) if specs is not None else None
        if specs is not None and spec is None:
            near = difflib.get_close_matches(str(name), list(specs), n=1)
            hint = f" (vouliez-vous dire « {near[0]} » ?)" if near else ""
            problems.append((line, f"politique inconnue « {name} » (also){hint}"))
        if vals is None:
            continue
        listed = _phrases("also", vals, line, problems, folded=False)
        for v in listed:
            if spec is not None and v not in spec.values:
                problems.append((line, f"valeur « {v} » inconnue pour la politique « {name} » (also ; "
                                       f"{', '.join(spec.values)})"))
        values[str(name)] = frozenset(listed)
    return tuple(str(n) for n in named), values


def _read(path: Path, specs: Mapping[str, Any] | None, rulesets: Iterable[str] | None,
          foul_codes: Iterable[str] | None = None) -> tuple[PolicyQuestions, list[tuple[int, str]]]:
    problems: list[tuple[int, str]] = []
    empty = PolicyQuestions((), {}, ())
    try:
        raw = load_yaml(path)
    except YamlError as exc:
        return empty, [(exc.line, exc.message)]
    except OSError:
        return empty, [(1, "fichier illisible")]
    if not isinstance(raw, LineDict):
        return empty, [(1, "un objet (names, flip, questions) est attendu")]
    for key in raw:
        if key not in _TOP:
            problems.append((raw.line_of(key), f"clé inconnue « {key} » ({', '.join(_TOP)})"))
    foul_codes = tuple(foul_codes) if foul_codes is not None else None
    names = raw.get("names") or {}
    known = set(rulesets) if rulesets is not None else None
    if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
        problems.append((raw.line_of("names"), "« names » doit associer un règlement à son nom"))
        names = {}
    for rid in names:
        if known is not None and rid not in known:
            problems.append((raw.line_of("names"), f"règlement inconnu « {rid} » dans « names »"))
    flip = _phrases("flip", raw.get("flip") or [], raw.line_of("flip"), problems)
    items = raw.get("questions") or []
    if not isinstance(items, list):
        problems.append((raw.line_of("questions"), "« questions » doit être une liste"))
        items = []
    groups = _groups(raw, problems)
    entries = [e for e in (_entry(item, specs, problems, groups) for item in items) if e is not None]
    fouls = _foul_table(raw, "fouls", foul_codes, problems)
    required = _foul_table(raw, "required", foul_codes, problems)
    unless = dict(_foul_table(raw, "fouls_sauf", foul_codes, problems))
    return PolicyQuestions(tuple(entries), dict(names), flip, fouls, required, _same(raw, problems), unless,
                           _analyzer(path.parent / "glossary.yaml")), problems


def _analyzer(path: Path) -> Analyzer:
    """The lookup's reader of terms, with the glossary next to the file (checked by ``load_rulebook``)."""
    try:
        raw = load_yaml(path)
    except (YamlError, OSError):
        return Analyzer()
    groups = raw.get("groups") if isinstance(raw, dict) else None
    return Analyzer([g for g in groups or [] if isinstance(g, list) and all(isinstance(w, str) for w in g)])


def _same(raw: LineDict, problems: list[tuple[int, str]]) -> tuple[tuple[str, str], ...]:
    """The ``same`` table {phrase: phrase the entries use}, folded, longest phrase first."""
    table = raw.get("same") or {}
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        problems.append((raw.line_of("same"), "« same » doit associer une expression à celle des entrées"))
        return ()
    out: list[tuple[str, str]] = []
    for phrase, canonical in table.items():
        line = table.line_of(phrase) if isinstance(table, LineDict) else raw.line_of("same")
        folded = _phrases("same", [phrase, canonical], line, problems)
        if len(folded) == 2:
            out.append((folded[0], folded[1]))
        elif folded:
            problems.append((line, f"« {phrase} » (same) s'écrit déjà comme « {canonical} »"))
    return tuple(sorted(out, key=lambda pc: -len(pc[0])))


def _foul_table(raw: LineDict, key: str, foul_codes: tuple[str, ...] | None,
                problems: list[tuple[int, str]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The {foul code: phrases} table under ``key``, in file order (its problems to ``problems``)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    table = raw.get(key) or {}
    if not isinstance(table, dict):
        problems.append((raw.line_of(key), f"« {key} » doit associer un code de faute à des phrases"))
        table = {}
    for code, phrases in table.items():
        line = table.line_of(code) if isinstance(table, LineDict) else raw.line_of(key)
        if foul_codes is not None and code not in foul_codes:
            near = difflib.get_close_matches(str(code), list(foul_codes), n=1)
            hint = f" (vouliez-vous dire « {near[0]} » ?)" if near else ""
            problems.append((line, f"code de faute inconnu « {code} »{hint}"))
        out.append((str(code), _phrases(str(code), phrases, line, problems)))
    return tuple(out)


def policy_question_problems(path: Path, specs: Mapping[str, Any], rulesets: Iterable[str],
                             foul_codes: Iterable[str] | None = None) -> list[tuple[int, str]]:
    """The problems of the file at ``path`` against the policies ``specs``, ruleset ids and foul codes."""
    return _read(Path(path), specs, rulesets, foul_codes)[1]


@lru_cache(maxsize=4)
def load_policy_questions(path: Path = PATH) -> PolicyQuestions:
    """The file's entries (checked with the rest of the data by ``load_rulebook``)."""
    return _read(Path(path), None, None)[0]
