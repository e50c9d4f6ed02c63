"""Find the clauses that answer a French rule question.

``Matcher(book)`` indexes, once at start-up, every ``rule`` and ``info`` clause (never a
``toc``) over its text, title, section, keywords, example questions, topic labels and the
lead-in of its list, with BM25F over the terms of :class:`qa.text.Analyzer` (stems, glossary
synonyms). Words of a question the index does not know are corrected to the closest known
word with rapidfuzz (``processor=fold`` everywhere: rapidfuzz does not fold accents), never
when the word is itself a common French word (:data:`qa.text.COMMON_WORDS`).

A second channel compares the question with every clause's example questions and title:
rapidfuzz ``WRatio`` (the best of ``ratio``, ``partial_ratio``, ``token_sort_ratio`` and
``token_set_ratio``, weighted; measured a little better than ``token_set_ratio`` alone, which
gives 100 to any short example whose words the question contains) over their analysed keys (:meth:`Matcher.fuzzy_key`: accents
folded, stop words out, stems, glossary synonyms — one processor for both sides). The
ranking score of a clause is its BM25 share of the best BM25 plus ``fuzzy_weight`` times its
best example similarity, so a question phrased like one of a clause's examples finds it even
when its words are spread thin over the text. Only the keys whose score upper bounds (their
longest common subsequence with the question's key, shared tokens and characters, lengths;
see :class:`_ExampleScope`) leave open are scored: the result is, float for float, the one of
scoring all ~2,000 keys (:meth:`Matcher._examples_exhaustive`, compared in tests/test_matcher.py),
for a quarter of the CPU.

``search(question, rulesets=None, k=5)`` returns ranked :class:`Hit` (clause, score);
``lookup(...)`` returns the whole :class:`Lookup`: hits, rulesets covered, the "unknown"
decision (on raw scores: BM25, coverage, example similarity; and on the intent, see
:func:`qa.detect.off_topic`) and the closest topics. The game and rulesets a question names
("jeu de la 9", "chez Dooly's", "FFB"…, see :mod:`qa.detect`) restrict the search; so does
an explicit ``rulesets``. When none is named, the best clause of every ruleset that speaks
to the question comes first, then the rest; rulesets whose best score is weak are left out.

Words that only frame a question about a term ("que signifie", "définition de", see
:data:`qa.text.QUESTION_WORDS`) are left out of its terms. A question about the game as a
whole ("les règles du 9 ball", "comment on joue à la 10") is searched as its objective
(topic ``objective``). A title or a transition (an ``info`` clause of a few words) weighs
less than a clause that says something. ``best_on_subject`` finds the clause of one ruleset
that treats a subject (a foul's label), or None: the situation answers cite it for a foul a
text does not list.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import AbstractSet, Iterable, Mapping, Sequence

import numpy as np
from rapidfuzz import fuzz, process
from rapidfuzz.distance import LCSseq

from .contrast import balls_spoken_of, named_balls
from .detect import COMPARING_WORDS, Detection, detect
from .lexicon import load_lexicon
from .rulebook import Clause, Rulebook
from .sections import reference, section_number
from .text import COMMON_WORDS, QUESTION_WORDS, STOP_WORDS, Analyzer, fold, mark_counts, phonetic, stem, words

__all__ = ["Hit", "Lookup", "MatcherConfig", "Matcher"]

# everyday words of a question's frame, unknown to the texts, that weigh like an adverb in the
# coverage (« le lag se joue depuis où ? », « à partir d'où »): they say how, not what
_LIGHT_WORDS = load_lexicon().light_words
_FRAME_WORDS = QUESTION_WORDS | load_lexicon().frame_words   # « que signifie », « que prévoit »: how it is asked
_TABLE_COUNT = 15     # counts up to this are of the table (balls, rails, fouls); « 80 balles » is a price
MAX_CORRECTIONS = 12   # unknown words looked up per question (bounds the cost of long garbage)

# A key the example channel's bounds apply to (see _ExampleScope): sorted distinct tokens of
# [a-z0-9_], one space apart, so that rapidfuzz's token-sorted strings are the key itself.
_CANONICAL_KEY = re.compile(r"[a-z0-9_]+(?: [a-z0-9_]+)*")
_EPS = 1e-6   # bounds are compared with this margin (they are exact up to float rounding)


def _canonical_key(key: str) -> bool:
    if not _CANONICAL_KEY.fullmatch(key):
        return False
    tokens = key.split(" ")
    return all(a < b for a, b in zip(tokens, tokens[1:]))


_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_ "   # the characters of a canonical key
_CHAR_INDEX = np.full(256, len(_ALPHABET) - 1, dtype=np.int64)
_CHAR_INDEX[np.frombuffer(_ALPHABET.encode(), dtype=np.uint8)] = np.arange(len(_ALPHABET))


def _key_counts(key: str) -> np.ndarray:
    """How many times each character of :data:`_ALPHABET` occurs in ``key``."""
    return np.bincount(_CHAR_INDEX[np.frombuffer(key.encode(), dtype=np.uint8)],
                       minlength=len(_ALPHABET)).astype(np.float64)


def _shared_token_score() -> float | None:
    """rapidfuzz ``WRatio`` of two keys that share a token, whose length ratio is in [1.5, 8)
    and whose ``ratio`` and ``partial_ratio`` are low: ``partial_token_ratio`` is then 100 and
    the score is that 100 scaled (0.95 × 0.9 = 85.5), read from rapidfuzz itself, through the
    same (cached) scorer as :meth:`Matcher._examples`. None if rapidfuzz says otherwise."""
    found = process.extractOne("ab cd", ["ab xyzwvu"], scorer=fuzz.WRatio, processor=None)
    score = float(found[1]) if found else 0.0
    return score if 85.0 < score < 86.0 else None


_SHARED_TOKEN_SCORE = _shared_token_score()


@dataclass(frozen=True)
class _Plan:
    """For one query key length and floor: the LCS from which each key's score is left open by
    the bounds of :class:`_ExampleScope` (``alone``: it shares no token with the query;
    ``shared``: it does; -inf: always scored), and ``mid`` (length ratio in [1.5, 8)): where a
    key that shares a token and is not scored scores :data:`_SHARED_TOKEN_SCORE`."""

    alone: np.ndarray
    shared: np.ndarray
    mid: np.ndarray
    near: np.ndarray   # length ratio under 1.5 (canonical keys only): token_set bounds apply
    near_table: np.ndarray   # for those, the thresholds of Matcher._token_set_open (n x 3)


@dataclass(frozen=True)
class _ExampleScope:
    """The example keys of a set of rulesets, with what :meth:`Matcher._examples` needs to
    skip, exactly, the keys that cannot reach the floor.

    rapidfuzz ``WRatio`` of a query key q and a key k (lengths lq, lk; m the shorter, L their
    longest common subsequence, ``ratio`` = 200 L / (lq + lk) exactly): with a length ratio
    under 1.5 it is max(ratio, 0.95 × token_ratio); with no token in common token_ratio is
    the ratio of the token-sorted strings, which are q and k themselves (canonical keys), so
    the score is ``ratio``. With a length ratio in [1.5, 8] it is max(ratio, s × partial_ratio,
    0.95 × s × partial_token_ratio), s = 0.9; partial_ratio compares the shorter with windows of
    the longer, each at most 200 L / (m + L); partial_token_ratio is 100 when a token is shared
    (then the score is :data:`_SHARED_TOKEN_SCORE` unless ratio or 0.9 × partial_ratio may
    pass it), else the partial_ratio of the keys themselves. Above 8, s = 0.6. A key under
    1.5 that shares tokens with the query (the intersection, of joined length t; the other
    tokens, of joined lengths a and b) has a token_ratio of at most the best of ``ratio``,
    100 (1 - (1 + a) / (t + lq)), 100 (1 - (1 + b) / (t + lk)) (100 when a or b is empty) and
    100 (1 - (a + b - 2 D) / (lq + lk)), D the longest common subsequence of the two other
    parts, at most a, b, L and the characters they have in common (``counts``). Keys are scored
    by rapidfuzz only when these bounds leave their score open (a length ratio of exactly 8,
    a key not canonical: always): the result is the one the exhaustive comparison gives.
    """

    keys: list[str]
    docs: np.ndarray          # clause position of each key (non-decreasing)
    lengths: np.ndarray       # len of each key (float)
    forced: np.ndarray        # key not canonical: always scored
    tokens: dict[str, np.ndarray]   # token -> positions of the keys that contain it
    starts: np.ndarray        # first position of each clause's keys
    start_docs: list[int]     # the clause of each start
    counts: np.ndarray        # characters of each key (see _key_counts)
    n_tokens: np.ndarray      # tokens of each key

    def plan(self, lq: int, floor: float) -> _Plan:
        """The :class:`_Plan` of a query key of length ``lq`` (cached by the Matcher)."""
        lk = self.lengths
        short = np.minimum(lk, float(lq))
        len_ratio = np.maximum(lk, float(lq)) / short
        near = len_ratio < 1.5
        mid = (len_ratio >= 1.5) & (len_ratio < 8.0)
        far = len_ratio > 8.0
        never = np.full(len(lk), np.inf)
        always = np.full(len(lk), -np.inf)

        def ratio_at(f: float) -> np.ndarray:        # ratio >= f  <=>  L >= this
            return f * (lk + lq) / 200.0

        def partial_at(f: float, scale: float) -> np.ndarray:   # scale * partial bound >= f
            return f * short / (200.0 * scale - f) if 200.0 * scale > f else never

        f = floor - _EPS
        if f <= 0:
            alone = shared = always
        else:
            alone = np.where(near, ratio_at(f), np.where(mid, np.minimum(ratio_at(f), partial_at(f, 0.9)),
                                                         np.minimum(ratio_at(f), partial_at(f, 0.6))))
            c = _SHARED_TOKEN_SCORE
            if c is None:
                mid_shared = always
            else:   # left open when ratio or 0.9 × partial may reach c; otherwise it is c
                mid_shared = np.minimum(ratio_at(c - _EPS), partial_at(c - _EPS, 0.9))
            far_shared = always if 57.0 >= f else np.minimum(ratio_at(f), partial_at(f, 0.6))
            shared = np.where(near, always, np.where(mid, mid_shared, far_shared))
            edge = ~(near | mid | far) | self.forced   # a length ratio of exactly 8, a key not canonical
            alone = np.where(edge, always, alone)
            shared = np.where(edge, always, shared)
        if f <= 0:
            table = np.full((len(lk), 3), -np.inf)
        else:
            g = f / 0.95   # 0.95 x token_set_ratio >= f
            ratio_g = ratio_at(g)
            table = np.stack([ratio_at(f), np.where((lq >= ratio_g) & (lk >= ratio_g), ratio_g, np.inf),
                              np.minimum(g / 100.0 * lq, g / 100.0 * lk) / (2.0 - g / 100.0)], axis=1)
        return _Plan(alone=alone, shared=shared, mid=mid & ~self.forced, near=near & ~self.forced,
                     near_table=table)


def _example_scope(keys: list[str], docs: list[int]) -> _ExampleScope:
    tokens: dict[str, list[int]] = {}
    for j, k in enumerate(keys):
        for t in set(k.split()):
            tokens.setdefault(t, []).append(j)
    starts = [j for j in range(len(docs)) if j == 0 or docs[j] != docs[j - 1]]
    return _ExampleScope(
        keys=keys, docs=np.array(docs, dtype=np.int64),
        lengths=np.array([len(k) for k in keys], dtype=np.float64),
        forced=np.array([not _canonical_key(k) for k in keys], dtype=bool),
        tokens={t: np.array(js, dtype=np.int64) for t, js in tokens.items()},
        starts=np.array(starts, dtype=np.int64), start_docs=[docs[j] for j in starts],
        counts=np.array([_key_counts(k) if _canonical_key(k) else np.zeros(len(_ALPHABET))
                         for k in keys], dtype=np.int16).reshape(len(keys), len(_ALPHABET)),
        n_tokens=np.array([len(k.split(" ")) for k in keys], dtype=np.int64))


@dataclass(frozen=True)
class MatcherConfig:
    """Tuning knobs (values tuned with bench/bench_matcher.py on tests/data/questions.yaml).

    ``weights``: BM25F weight of each field; ``k1``/``b``: BM25; ``min_score`` and
    ``min_coverage``: below either, the best hit is too weak and the answer is "unknown"
    (coverage: share of the question's IDF mass the best clause contains); ``relevant``:
    a ruleset is covered when its best score reaches this share of the overall best;
    ``fuzzy_weight``: weight of the example-question similarity (0..1, above ``fuzzy_floor``
    rescaled to 0..1) beside the BM25 share (0..1) in the ranking score; ``unknown_weight``:
    share of its IDF that a word the index does not know weighs in the coverage (1: an
    unknown word is the best sign of a question the texts do not treat); ``lead_in_factor``:
    ranking weight of a bare lead-in sentence ending with ":" (its list items answer instead);
    ``bare_info_factor``: ranking weight of an ``info`` clause of at most ``bare_info_words``
    words (a title, a transition: "US - jeu de la 9"), which says nothing by itself;
    ``context_factor``: ranking weight of a clause whose main topic is one of ``context_topics``
    (a moment of the game with rules of its own: the push-out) for a
    question that names none of that topic's words — the exception comes after the rule;
    ``named_factor``: ranking weight of a clause whose main topic is one of ``named_topics`` (the
    break, whose clauses restate the general rules for its own shot) for a question that names it;
    ``other_ball_factor``: ranking weight of a clause that names balls, none of them the one ball the
    question is about, and not as the exception of a rule on all balls (« où va la 10 dans le
    triangle ? »: not the 1's line of the rack).
    """

    weights: Mapping[str, float] = field(default_factory=lambda: {
        "text": 1.0, "title": 0.7, "section": 0.4, "keywords": 0.8, "questions": 0.7,
        "topics": 0.4, "lead_in": 0.3})
    k1: float = 1.2
    b: float = 0.6
    min_score: float = 1.0
    min_coverage: float = 0.32
    relevant: float = 0.55
    fuzzy_weight: float = 0.5
    fuzzy_floor: float = 70.0
    unknown_weight: float = 1.0
    lead_in_factor: float = 0.9
    bare_info_factor: float = 0.6
    bare_info_words: int = 12
    context_topics: tuple[str, ...] = ("push-out",)
    context_factor: float = 0.8
    named_topics: tuple[str, ...] = ("break",)
    named_factor: float = 1.1
    other_ball_factor: float = 0.85


@dataclass(frozen=True)
class Hit:
    """One clause found for a question, with its ranking ``score`` (higher is better): its
    BM25 share of the best BM25 plus the weighted example similarity (see the module)."""

    clause: Clause
    score: float


@dataclass(frozen=True)
class Lookup:
    """The result of :meth:`Matcher.lookup`.

    ``hits``: at most k, best clause of each covered ruleset first, then the rest, all
    from ``rulesets``; ``rulesets``: the rulesets the hits cover (best first);
    ``searched``: the rulesets searched; ``unknown``: the texts do not answer (``reason``:
    ``"empty"``, ``"weak"``, ``"other_game"`` or ``"off_topic"``); ``topics``: closest topic
    ids, best first; ``best``/``coverage``/``example``: the raw figures the decision was made
    on (best BM25, share of the question's IDF mass the first hit contains, best example
    similarity 0..100); ``terms``: the search terms; ``corrections``: {typed word: known
    word}; ``detection``: what the question names.
    """

    hits: tuple[Hit, ...]
    rulesets: tuple[str, ...]
    searched: tuple[str, ...]
    unknown: bool
    reason: str | None
    topics: tuple[str, ...]
    best: float
    coverage: float
    terms: tuple[str, ...]
    corrections: Mapping[str, str]
    detection: Detection
    example: float = 0.0


_SHARED: dict[int, tuple[Rulebook, "Matcher"]] = {}


class Matcher:
    """BM25F index over the citable clauses of ``book`` (built once; read-only after).

    Raises nothing at search time: an empty or meaningless question gives an "unknown"
    :class:`Lookup`. Unknown ruleset ids in ``rulesets`` are ignored (validate upstream).
    """

    def __init__(self, book: Rulebook, config: MatcherConfig | None = None):
        self.book = book
        self.config = config or MatcherConfig()
        self.analyzer = Analyzer(book.glossary)
        self.clauses: list[Clause] = [c for c in book.clauses.values() if c.kind in ("rule", "info")]
        self._index()
        self._subjects: dict[tuple[str, str, str | None], str | None] = {}
        self._scopes: dict[tuple[str, ...], tuple[frozenset[int], list[str], list[int]]] = {}
        self._example_scopes: dict[tuple[str, ...], _ExampleScope] = {}
        self._plans: dict[tuple[tuple[str, ...], int], _Plan] = {}
        # the clauses that say what a term is, by that term's search terms
        self._defining = [(frozenset(self.analyzer.terms(t)), c.id) for c in self.clauses for t in c.defines]

    @classmethod
    def shared(cls, book: Rulebook) -> "Matcher":
        """The Matcher of ``book`` with the default config, built once per book and shared
        (the Answerer and the situation answers use the same index)."""
        hit = _SHARED.get(id(book))
        if hit is not None and hit[0] is book:
            return hit[1]
        matcher = cls(book)
        if len(_SHARED) > 16:
            _SHARED.clear()
        _SHARED[id(book)] = (book, matcher)
        return matcher

    # ------------------------------------------------------------------ index
    def _fields(self, c: Clause) -> dict[str, str]:
        lead = self.book.clauses.get(c.lead_in) if c.lead_in else None
        return {
            "text": c.text, "title": c.title, "section": f"{c.part} {c.section}",
            "keywords": " ; ".join(c.keywords), "questions": " ".join(c.questions),
            "topics": " ; ".join(self.book.topics.get(t, t) for t in c.topics),
            "lead_in": lead.text if lead else "",
        }

    def _index(self) -> None:
        cfg = self.config
        # A bare lead-in ("Il n’y a pas faute quand :") answers nothing by itself: its items do.
        introduces = {c.lead_in for c in self.clauses if c.lead_in}
        # A title or a transition ("US - jeu de la 9") names a subject but says nothing of it.
        self._weight = [cfg.lead_in_factor if c.id in introduces and c.text.rstrip().endswith(":")
                        else cfg.bare_info_factor if c.kind == "info" and len(words(c.text)) <= cfg.bare_info_words
                        else 1.0 for c in self.clauses]
        vocab: set[str] = set()
        tfs, lengths, self.own_terms = self._term_frequencies(vocab)
        for group in self.book.glossary:
            for entry in group:
                vocab.update(x for x in words(entry) if x not in STOP_WORDS and not x.isdigit())
        n = len(self.clauses)
        avg = sum(lengths) / n if n else 1.0
        df: dict[str, int] = {}
        for tf in tfs:
            for t in tf:
                df[t] = df.get(t, 0) + 1
        self.n_docs = n
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.idf_unseen = math.log(1 + (n + 0.5) / 0.5)
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, (tf, length) in enumerate(zip(tfs, lengths)):
            norm = cfg.k1 * (1 - cfg.b + cfg.b * length / avg)
            for t, f in tf.items():
                self.postings.setdefault(t, []).append((i, self.idf[t] * f * (cfg.k1 + 1) / (f + norm)))
        self.doc_terms = [frozenset(tf) for tf in tfs]
        # the words of the moment a clause is about (« coup poussé », « tirage à la bande », « casse »)
        contexts = {t: frozenset(self.analyzer.terms(self.book.topics.get(t, t))) for t in cfg.context_topics}
        self._context = [contexts.get(c.topics[0], frozenset()) if c.topics else frozenset() for c in self.clauses]
        named = {t: frozenset(self.analyzer.terms(self.book.topics.get(t, t))) for t in cfg.named_topics}
        self._named = [named.get(c.topics[0], frozenset()) if c.topics else frozenset() for c in self.clauses]
        # the balls each clause speaks of alone (none for a rule on all balls but one: « autres que la 10 »)
        self._balls = [balls_spoken_of(c.text) for c in self.clauses]
        self.vocab = sorted(vocab)
        self.vocab_set = frozenset(vocab)
        self.known_stems = frozenset(stem(v) for v in vocab)
        self.by_sound: dict[str, list[str]] = {}
        self._by_initial: dict[str, list[str]] = {}   # the vocabulary by first letter, in order
        for v in self.vocab:
            if len(v) >= 4:
                self.by_sound.setdefault(phonetic(v), []).append(v)
            self._by_initial.setdefault(v[0], []).append(v)
        # words() folds, so fold() changes no known word: rapidfuzz's processor can then be
        # skipped for a folded typed word (same scores, without a Python call per choice)
        self._vocab_folded = all(fold(v) == v for v in self.vocab)
        self.positions = {c.id: i for i, c in enumerate(self.clauses)}
        # the overview terms (see _overview_terms): without and with the verbs of "comment on joue"
        # terms that only compare, with « entre » and « d'après » of how it is asked: with nothing else, the two
        # games compared are the subject
        self._comparing = frozenset(self.analyzer.terms(" ".join((*COMPARING_WORDS, "entre", "d apres"))))
        self._overview = (frozenset(self.analyzer.terms(self._OVERVIEW)),
                          frozenset(self.analyzer.terms(self._OVERVIEW + " jouer joue jouent joues jouez")))
        self._index_examples()

    def _term_frequencies(self, vocab: set[str]) -> tuple[list[dict[str, float]], list[float], list[frozenset[str]]]:
        """Per clause: its weighted term frequencies, its weighted length and the terms of its
        own words (text and title); the words of every field are added to ``vocab``."""
        cfg = self.config
        tfs: list[dict[str, float]] = []
        lengths: list[float] = []
        own: list[frozenset[str]] = []   # terms of the clause's own words (text and title)
        for c in self.clauses:
            tf: dict[str, float] = {}
            length = 0.0
            mine: set[str] = set()
            for name, value in self._fields(c).items():
                w = cfg.weights.get(name, 0.0)
                ws = words(value)
                vocab.update(x for x in ws if x not in STOP_WORDS and not x.isdigit())
                for t in self.analyzer.terms_of_words(ws):
                    tf[t] = tf.get(t, 0.0) + w
                    length += w
                    if name in ("text", "title"):
                        mine.add(t)
            tfs.append(tf)
            lengths.append(length)
            own.append(frozenset(mine))
        return tfs, lengths, own

    def _index_examples(self) -> None:
        """The example channel: one analysed key per example question and title."""
        self.example_keys: list[str] = []
        self.example_docs: list[int] = []
        for i, c in enumerate(self.clauses):
            for example in (c.title, *c.questions):
                key = self.fuzzy_key(self.analyzer.terms(example))
                if key:
                    self.example_keys.append(key)
                    self.example_docs.append(i)

    # ------------------------------------------------------------------ query
    @staticmethod
    def fuzzy_key(terms: Iterable[str]) -> str:
        """The key the example channel compares: the distinct analysed terms, sorted. Terms
        come from :class:`qa.text.Analyzer` (accents folded by :func:`qa.text.fold`, stop
        words out, stems, glossary synonyms), so both sides go through the one processor."""
        return " ".join(sorted(set(terms)))

    _OVERVIEW = ("regle regles reglement reglements jeu jeux base bases general generale generales generaux "
                 "principe principes resume fonctionnement partie parties billard americain pool")

    def _overview_terms(self, question: str) -> frozenset[str]:
        """Terms of a question about the game as a whole ("règles du jeu", "les bases", "comment
        on joue"): nothing but these means no particular rule is asked."""
        ws = words(question)
        if re.search(r"\bbase(?:e|s|es)? sur\b|\b(?:sont|est|elles|ils|elle|il) base(?:e|s|es)?\b", " ".join(ws)):
            return frozenset()      # « basées sur quoi ? » asks where the rules come from, not « les bases »
        return self._overview[1] if "comment" in ws else self._overview[0]

    def _correct(self, w: str) -> str | None:
        """The known word closest to an unknown ``w`` (a typo), or None.

        A common French word (:data:`qa.text.COMMON_WORDS`: "hauteur", "remplacer",
        "anglais"…) is a real word, never a typo. Otherwise first a word that sounds the same
        (:func:`qa.text.phonetic`: "fotes" → "fautes"), else the closest spelling by
        rapidfuzz ``ratio`` (indel), strict enough that "sport" or "monde" are not taken for
        "sort" or "mode" too often. Either way the correction keeps the first letter (typos
        seldom change it; "hauteur" is not "auteur").
        """
        if (len(w) < 4 or w.isdigit() or w in STOP_WORDS or w in self.vocab_set or w in COMMON_WORDS
                or stem(w) in self.known_stems or stem(w) in self.analyzer.single):
            return None
        processor = None if self._vocab_folded and fold(w) == w else fold
        same = [v for v in self.by_sound.get(phonetic(w), ()) if v[0] == w[0]]
        if same:
            best = process.extractOne(w, same, scorer=fuzz.ratio, processor=processor, score_cutoff=70)
            return best[0] if best else None
        if len(w) <= 5:   # one letter off a short word is another word ("coute", "sport")
            return None
        cutoff = 88 if len(w) <= 7 else 86
        best = process.extractOne(w, self._by_initial.get(w[0], ()), scorer=fuzz.ratio,
                                  processor=processor, score_cutoff=cutoff)
        return best[0] if best else None

    def terms(self, question: str, drop: Iterable[int] = ()) -> tuple[list[str], dict[str, str]]:
        """Search terms of ``question`` (words at indexes ``drop`` left out) and the typo
        corrections made, {typed: known}."""
        skip = set(drop)
        ws, fixes = [], {}
        tries = 0
        all_words = words(question)
        framing = {i for i, w in enumerate(all_words) if w in _FRAME_WORDS}
        if len(framing) < sum(1 for i, w in enumerate(all_words) if i not in skip and w not in STOP_WORDS):
            skip |= framing   # "définition de X": X is the question (unless nothing else is asked)
        for i, w in enumerate(all_words):
            if i in skip:
                continue
            fixed = None
            if tries < MAX_CORRECTIONS and w not in self.vocab_set:
                tries += 1
                fixed = self._correct(w)
            if fixed:
                fixes[w] = fixed
            ws.append(fixed or w)
        return self.analyzer.terms_of_words(mark_counts(ws) if fixes else ws), fixes

    def _scores(self, terms: Sequence[str], allowed: AbstractSet[int] | None) -> dict[int, float]:
        acc: dict[int, float] = {}
        for t in dict.fromkeys(terms):
            for i, w in self.postings.get(t, ()):
                if allowed is None or i in allowed:
                    acc[i] = acc.get(i, 0.0) + w
        return acc

    def _examples(self, terms: Sequence[str], rulesets: Iterable[str]) -> dict[int, float]:
        """Best example similarity (rapidfuzz ``WRatio``, 0..100) of each clause of ``rulesets``
        whose examples reach ``fuzzy_floor``; the same as :meth:`_examples_exhaustive`, with
        only the keys whose score the bounds of :class:`_ExampleScope` leave open scored."""
        key = self.fuzzy_key(terms)
        if not key:
            return {}
        ids = tuple(sorted(set(rulesets)))
        if not _canonical_key(key):
            return self._examples_exhaustive(terms, ids)
        scope = self._example_scope(ids)
        n = len(scope.keys)
        if not n:
            return {}
        floor = self.config.fuzzy_floor
        plan_key = (ids, len(key))
        plan = self._plans.get(plan_key)
        if plan is None:
            plan = scope.plan(len(key), floor)
            if len(self._plans) >= 256:   # about 90 kB each for all rulesets: bounded
                self._plans.clear()
            self._plans[plan_key] = plan
        lcs = process.cdist([key], scope.keys, scorer=LCSseq.similarity, processor=None,
                            workers=1, dtype=np.int32)[0]
        tokens = key.split(" ")
        found = [t for t in tokens if t in scope.tokens]
        shared = np.zeros(n, dtype=bool)
        if found:
            where = [scope.tokens[t] for t in found]
            rows_of = np.concatenate(where)
            shared[rows_of] = True
        scored = lcs >= np.where(shared, plan.shared, plan.alone)
        near = np.flatnonzero(scored & shared & plan.near)
        if len(near) and floor - _EPS > 0:
            scored[near] = self._token_set_open(key, tokens, found, where, rows_of, lcs, near, scope, plan)
        scores = np.zeros(n, dtype=np.float64)
        c = _SHARED_TOKEN_SCORE
        if c is not None and c >= floor:
            scores[shared & plan.mid & ~scored] = c
        todo = np.flatnonzero(scored)
        if len(todo):
            choices = [scope.keys[j] for j in todo.tolist()]
            for _, score, j in process.extract_iter(key, choices, scorer=fuzz.WRatio, processor=None,
                                                    score_cutoff=floor):
                scores[todo[j]] = score
        best = np.maximum.reduceat(scores, scope.starts)
        keep = np.flatnonzero(best > 0.0)
        return {scope.start_docs[g]: s for g, s in zip(keep.tolist(), best[keep].tolist())}

    @staticmethod
    def _token_set_open(key: str, tokens: list[str], found: list[str], where: list[np.ndarray],
                        rows_of: np.ndarray, lcs: np.ndarray, near: np.ndarray, scope: _ExampleScope,
                        plan: _Plan) -> np.ndarray:
        """Which keys at ``near`` (length ratio under 1.5, sharing some of the tokens ``found``
        with the query ``key``) may reach the floor, by the bounds of :class:`_ExampleScope`
        written as thresholds (``plan.near_table``): ``ratio``; 0.95 × the ratio of the parts
        outside the intersection, (t + 1 + D) >= g (lq + lk) / 200 with g = floor / 0.95 (a + 1 +
        t = lq and b + 1 + t = lk bound it too); 0.95 × the ratio of the intersection with
        either side, t >= g' l / (2 - g'), g' = g / 100, l = lq or lk."""
        # t + 1 = the sum of (len + 1) over the shared tokens; the characters the two other parts
        # have in common: those of query and key in common less those of the intersection
        sect1 = np.bincount(rows_of, weights=np.repeat([len(t) + 1.0 for t in found], [len(w) for w in where]),
                            minlength=len(scope.keys))[near]
        common = np.minimum(scope.counts[near], _key_counts(key)).sum(axis=1) - sect1
        l_near = lcs[near]
        table = plan.near_table[near]
        return ((l_near >= table[:, 0]) | (sect1 + np.minimum(l_near, common) >= table[:, 1])
                | (sect1 - 1 >= table[:, 2]))

    def _examples_exhaustive(self, terms: Sequence[str], rulesets: Iterable[str]) -> dict[int, float]:
        """:meth:`_examples` by scoring every example key of ``rulesets`` (the reference)."""
        key = self.fuzzy_key(terms)
        if not key:
            return {}
        _, keys, docs = self._scope(rulesets)
        best: dict[int, float] = {}
        for _, score, j in process.extract_iter(key, keys, scorer=fuzz.WRatio, processor=None,
                                                score_cutoff=self.config.fuzzy_floor):
            i = docs[j]
            if score > best.get(i, 0.0):
                best[i] = score
        return best

    def warm(self) -> "Matcher":
        """Build now the example scopes questions use most (every ruleset, each one, each game's,
        each publisher's): a scope built on the first question that needs it costs that question
        ~30 ms. A server calls it once at start-up (~0.3 s); a one-shot command need not."""
        rulesets = self.book.rulesets
        groups: list[tuple[str, ...]] = [tuple(rulesets)] + [(r,) for r in rulesets]
        for game in {rs.game for rs in rulesets.values()}:
            groups.append(tuple(r for r, rs in rulesets.items() if rs.game == game))
        for suffix in {r.rsplit("-", 1)[-1] for r in rulesets}:
            groups.append(tuple(r for r in rulesets if r.rsplit("-", 1)[-1] == suffix))
        for group in dict.fromkeys(groups):
            if group and len(self._example_scopes) < 32:
                self._example_scope(group)
        return self

    def _example_scope(self, ids: Iterable[str]) -> _ExampleScope:
        key = tuple(sorted(set(ids)))
        scope = self._example_scopes.get(key)
        if scope is None:
            _, keys, docs = self._scope(key)
            scope = _example_scope(keys, docs)
            if len(self._example_scopes) >= 64:
                self._example_scopes.clear()
            self._example_scopes[key] = scope
        return scope

    def _coverage(self, terms: Sequence[str], doc: int, guessed: frozenset[str] = frozenset(),
                  adverbs: frozenset[str] = frozenset()) -> float:
        """Share of the IDF mass of ``terms`` found in clause ``doc``. Ball numbers and counts the
        clause lacks do not count against it; ``guessed`` terms (from typo corrections)
        count half; unknown ``adverbs`` (terms of words in -ment) a quarter, other unknown
        words ``unknown_weight``."""
        have = self.doc_terms[doc]
        total = found = 0.0
        for t in dict.fromkeys(terms):
            idf = self.idf.get(t, self.idf_unseen)
            if t in have:
                found += idf * (0.5 if t in guessed else 1.0)
            elif t.isdigit() or (t[:1] == "x" and t[1:].isdigit() and int(t[1:]) <= _TABLE_COUNT):
                continue      # (nor do counts of the table: « six billes » where the text says four is still its subject)
            elif t not in self.idf:
                idf *= 0.25 if t in adverbs else self.config.unknown_weight
            total += idf
        return found / total if total else 0.0

    def _scope(self, ids: Iterable[str]) -> tuple[frozenset[int], list[str], list[int]]:
        """The clauses of rulesets ``ids`` (positions in :attr:`clauses`) and their example
        keys and clauses (see :meth:`_examples`); built once per set of rulesets."""
        key = tuple(sorted(set(ids)))
        scope = self._scopes.get(key)
        if scope is None:
            allowed = frozenset(i for i, c in enumerate(self.clauses) if c.ruleset in key)
            pairs = [(k, i) for k, i in zip(self.example_keys, self.example_docs) if i in allowed]
            scope = (allowed, [k for k, _ in pairs], [i for _, i in pairs])
            if len(self._scopes) >= 64:
                self._scopes.clear()
            self._scopes[key] = scope
        return scope

    def _allowed(self, ids: Iterable[str]) -> frozenset[int]:
        return self._scope(ids)[0]

    def search(self, question: str, rulesets: Sequence[str] | None = None, k: int = 5) -> list[Hit]:
        """Ranked hits for ``question`` (best first, at most ``k``), see :meth:`lookup`.

        Hits are returned even when the decision is "unknown" (they are then only the
        closest clauses); use :meth:`lookup` to know.
        """
        return list(self.lookup(question, rulesets, k).hits)

    def best_on_subject(self, subject: str, ruleset: str, topic: str | None = None,
                        min_coverage: float = 0.75, min_idf: float = 2.0) -> Clause | None:
        """The ``rule`` clause of ``ruleset`` that treats ``subject``, a short French phrase such
        as a foul's label, or None when none really does. With ``topic``, only the clauses whose
        first (main) topic it is are candidates ("fouls": a clause that states a foul).

        The best BM25 clause must contain, in its own words (text or title, not the keywords
        added for matching), the subject's most distinctive term (the highest IDF, at least
        ``min_idf``: a subject of common words only, "jouer une autre bille que la blanche",
        names nothing a text could be about), and ``min_coverage`` of the IDF mass of its
        terms there. Cached per (subject, ruleset, topic)."""
        key = (subject, ruleset, topic)
        if key not in self._subjects:
            found = None
            terms, _ = self.terms(subject)
            known = [t for t in dict.fromkeys(terms) if t in self.idf]
            head = max(known, key=lambda t: self.idf[t], default=None)
            if head is not None and self.idf[head] >= min_idf:
                allowed = {i for i in self._allowed([ruleset]) if self.clauses[i].kind == "rule"
                           and (topic is None or self.clauses[i].topics[:1] == (topic,))}
                bm25 = self._scores(terms, allowed)
                if bm25:
                    best = max(bm25, key=lambda i: (bm25[i] * self._weight[i], -i))
                    mine = self.own_terms[best]
                    share = sum(self.idf[t] for t in known if t in mine) / sum(self.idf[t] for t in known)
                    if head in mine and share >= min_coverage:
                        found = self.clauses[best].id
            self._subjects[key] = found
        found = self._subjects[key]
        return self.book.clauses[found] if found else None

    def defining(self, look: Lookup) -> list[str]:
        """The clauses of ``look``'s searched rulesets that say what a term its search terms name is
        (their ``defines``), in the order of the rulesets its hits cover."""
        order = {r: i for i, r in enumerate((*look.rulesets, *look.searched))}
        terms = set(look.terms)     # (the question names the term and nothing else: « c'est quoi un push-out ? »)
        found = [cid for named, cid in self._defining if named and named == terms and self.book.clauses[cid].ruleset in order]
        return sorted(dict.fromkeys(found), key=lambda cid: order[self.book.clauses[cid].ruleset])

    def lookup(self, question: str, rulesets: Sequence[str] | None = None, k: int = 5) -> Lookup:
        """Search ``question`` in ``rulesets`` (all when None) and decide "unknown"."""
        cfg = self.config
        det = detect(question)
        all_ids = tuple(self.book.rulesets)
        scope = tuple(r for r in all_ids if r in set(rulesets)) if rulesets else None
        named = det.restriction(self.book.rulesets)
        drop = set(det.drop)
        if det.rulesets and not det.variant_intent:
            drop |= set(det.name_drop)
        elif det.rulesets:
            # a federation named as the subject of a variants question is no restriction
            named = Detection(game=det.game).restriction(self.book.rulesets)
        if scope and named:
            searched = tuple(r for r in scope if r in named) or scope
        else:
            searched = scope or named or all_ids
        allowed = self._allowed(searched)
        referred = self._referred(question, allowed)
        if referred is not None:   # « la règle 4 », « à la fin du guide »: the clauses of that section
            allowed, ref_drop = referred
            drop |= ref_drop
            searched = tuple(r for r in searched if any(self.clauses[i].ruleset == r for i in allowed))
        terms, fixes = self.terms(question, drop)
        if det.compares_games and referred is None and not [t for t in terms if t not in self._comparing and not t.isdigit()]:
            # « la différence entre le jeu de la 9 et le jeu de la 10 ? »: the two games are the subject
            terms, fixes = self.terms(question, drop - det.drop)
            terms = [t for t in terms if t not in self._comparing] or terms
        if referred is not None and not self._scores(terms, allowed):
            return self._section_lookup(allowed, searched, terms, fixes, det, k)
        if referred is None and not det.compares_games and any(not t.isdigit() for t in terms) \
                and {t for t in terms if not t.isdigit()} <= self._overview_terms(question):
            # "les règles du 9 ball", "comment on joue à la 10": the game as a whole, which its
            # objective clauses present (a title or a transition says nothing of it)
            terms = self.analyzer.terms(self.book.topics.get("objective", "But du jeu"))
        bm25 = self._scores(terms, allowed)
        if not bm25 and drop:
            # nothing but the game is known ("c'est quoi le jeu de la 9 ?"): its words are the question
            terms, fixes = self.terms(question, set(det.name_drop) if det.rulesets else ())
            bm25 = self._scores(terms, allowed)
        guessed = frozenset(self.analyzer.terms_of_words(list(fixes.values())))
        adverbs = frozenset(stem(w) for w in words(question)
                            if (len(w) > 6 and w.endswith("ment")) or w in _LIGHT_WORDS)
        examples = self._examples(terms, searched) if bm25 else {}
        best = max(bm25.values(), default=0.0)
        span = max(100.0 - cfg.fuzzy_floor, 1e-9)
        combined = {i: self._weight[i] * (s / best + cfg.fuzzy_weight * max(0.0, examples.get(i, 0.0) - cfg.fuzzy_floor)
                                          / span)
                    for i, s in bm25.items()} if best > 0 else {}
        # the best clause before the push-out clauses weigh less: whether the texts treat the
        # question is decided on it too (the weight orders the answer, it does not refuse it)
        unweighted = min(combined.items(), key=lambda kv: (-kv[1], kv[0]))[0] if combined else None
        self._weigh(combined, frozenset(terms), named_balls(question))
        ranked = sorted(combined.items(), key=lambda kv: (-kv[1], kv[0]))
        coverage = max(self._coverage(terms, i, guessed, adverbs)
                       for i in {ranked[0][0], unweighted}) if ranked and unweighted is not None else 0.0
        example = max(examples.values(), default=0.0)
        reason = None
        if det.other_game and (not det.variant_intent or not (det.rulesets or det.game)):
            # (a question of variants about another game, naming none of ours: « au blackball, cette règle existe ? »)
            reason = "other_game"
        elif det.off_topic:
            reason = "off_topic"
        elif not terms or not ranked:
            reason = "empty"
        elif (best < cfg.min_score or coverage < cfg.min_coverage) and referred is None:
            reason = "weak"     # (a question pointing at a section of the texts is about that section)
        hits, covered = self._order(ranked, k)
        return Lookup(
            hits=tuple(hits), rulesets=covered, searched=searched, unknown=reason is not None,
            reason=reason, topics=self._topics(ranked, det), best=round(best, 4),
            coverage=round(coverage, 4), terms=tuple(terms), corrections=fixes, detection=det,
            example=round(example, 2),
        )

    def _weigh(self, combined: dict[int, float], asked: frozenset[str], ball: set[int]) -> None:
        """The ranking weights of the clauses' subjects, in place (see :class:`MatcherConfig`)."""
        cfg = self.config
        for i in combined:
            if self._context[i] and not self._context[i] & asked:
                combined[i] *= cfg.context_factor   # a push-out clause for a question that does not name it
            elif self._named[i] & asked:
                combined[i] *= cfg.named_factor     # a break clause for a question that names the break
            if len(ball) == 1 and self._balls[i] and not ball & self._balls[i]:
                combined[i] *= cfg.other_ball_factor   # a clause of other balls than the one asked about

    def _referred(self, question: str, allowed: AbstractSet[int]) -> tuple[frozenset[int], frozenset[int]] | None:
        """The clauses of ``allowed`` in the section ``question`` refers to (« la règle 4 »: the
        sections numbered 4; « à la fin du guide »: the last section of each text) and the
        indexes of the words that refer, or None (no reference, or none of these texts has
        that section: the question is then searched as usual)."""
        ref = reference(words(question))
        if ref is None:
            return None
        if ref.number is not None:
            found = frozenset(i for i in allowed if self.clauses[i].kind == "rule" or self.clauses[i].kind == "info"
                              if section_number(self.clauses[i].section) in ref.numbers)
        else:
            by_text: dict[str, list[int]] = {}
            for i in sorted(allowed, key=lambda i: (self.clauses[i].ruleset, self.clauses[i].order)):
                by_text.setdefault(self.clauses[i].ruleset, []).append(i)
            pick = -1 if ref.where == "end" else 0
            found = frozenset(i for ids in by_text.values() for i in ids
                              if self.clauses[i].section == self.clauses[ids[pick]].section)
        return (found, ref.drop) if found else None

    def _section_lookup(self, allowed: AbstractSet[int], searched: tuple[str, ...], terms: Sequence[str],
                        fixes: Mapping[str, str], det: Detection, k: int) -> Lookup:
        """A reference to a section and nothing else asked (« que dit l'article 6 ? »): the
        section's clauses in the text's order, a rule before a title."""
        order = sorted(allowed, key=lambda i: (self.clauses[i].ruleset, self._weight[i] < 1.0, self.clauses[i].order))
        ranked = [(i, round(1.0 - j / (len(order) + 1), 4)) for j, i in enumerate(order)]
        hits, covered = self._order(ranked, k)
        return Lookup(hits=tuple(hits), rulesets=covered, searched=searched, unknown=False, reason=None,
                      topics=self._topics(ranked, det), best=self.config.min_score, coverage=1.0,
                      terms=tuple(terms), corrections=fixes, detection=det, example=0.0)

    def _order(self, ranked: list[tuple[int, float]], k: int) -> tuple[list[Hit], tuple[str, ...]]:
        """Best clause of each relevant ruleset first (by score), then the rest."""
        if not ranked:
            return [], ()
        floor = max(ranked[0][1] * self.config.relevant, 1e-9)
        heads: dict[str, int] = {}
        for i, s in ranked:
            r = self.clauses[i].ruleset
            if r not in heads and s >= floor:
                heads[r] = i
        head_ids = set(heads.values())
        order = [i for i, _ in ranked if i in head_ids]
        order += [i for i, s in ranked if i not in head_ids and self.clauses[i].ruleset in heads]
        score = dict(ranked)
        hits = [Hit(self.clauses[i], round(score[i], 4)) for i in order[:k]]
        return hits, tuple(heads)

    def _topics(self, ranked: list[tuple[int, float]], det: Detection, n: int = 3) -> tuple[str, ...]:
        """Closest topics: summed scores of the best clauses, by topic (first topic counts more)."""
        acc: dict[str, float] = {}
        for i, s in ranked[:10]:
            for j, t in enumerate(self.clauses[i].topics):
                acc[t] = acc.get(t, 0.0) + s / (1 + j)
        if det.other_game and "variants" in self.book.topics:
            acc["variants"] = acc.get("variants", 0.0) + 1e6
        return tuple(sorted(acc, key=lambda t: -acc[t])[:n])
