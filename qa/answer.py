"""Answer a French rule question: the public ``Answer`` of the contract.

``Answerer(book, situations=None).ask(question, rulesets=None, k=5) -> dict``:

1. validates its input, raising :class:`AskError` (``field``, ``code``, French ``message``);
2. when a ``situations(question, rulesets)`` callable was given and returns a dict (an
   Answer of kind ``"scenario"``), returns that dict (its citations cut to ``k``);
3. otherwise looks the question up (:class:`qa.matcher.Matcher`) and returns an Answer of
   kind ``"lookup"`` (the clauses quoted verbatim, best clause of each ruleset first) or
   ``"unknown"`` (the texts do not treat the question: no citation, closest topics).
"""
from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import Any, Callable

from .matcher import Hit, Lookup, Matcher
from .rulebook import DECIDED_ROLES, Clause, Rulebook, Ruleset, did_you_mean
from .asides import clean
from .conversation import (Context, ContextError, change_facts, classify_follow_up, completed, completes, follow_rulesets,
                           joined, make_context, of_the_term, only_fillers, read_context, swap_ball, switch_game,
                           refers_by_en, tells_generic_foul, with_foul, asks_may, asks_nothing, asks_ruling_only, needs_previous,
                           tells_too_little)
from .detect import detect
from .text import COMMON_WORDS, STOP_WORDS, asks_what, words
from .confirm import stated_verdicts
from .contrast import ALL_BUT, contradicted
from .hygiene import WANTED_SHARE, items_of, on_subject
from .short import (PolicyReply, asks_list, confirm_reply, opens_condition, foul_reply, is_yes_no, list_short, not_selected_sentence, off_topic_phrase, policy_reply, quote_short,
                    unknown_short, why_short)

__all__ = ["AskError", "Answerer", "MAX_QUESTION_LENGTH", "MAX_K", "UNKNOWN_TEXT"]

MAX_QUESTION_LENGTH = 500
_AGREE_BM25, _AGREE_COVERAGE = 14.0, 0.75   # a lookup this strong must find the policy's own clause to agree
_AGREE_WEAK_BM25 = 4.0   # a lookup this weak does not overrule a yes/no policy named by its words
_FOULS_TOPIC = "fouls"         # the topic of the clauses that state a foul or its consequences
_SPOTTING_TOPIC = "spotting"   # the topic of the clauses that put a ball back on the table
_BREAK_TOPIC = "break"         # the topic of the clauses of the break
_TOPIC_AGREES = 0.6   # an open policy whose clause scores this share of a first hit of its topic stands (_stands)
OPEN_SHARE = 0.75     # the clauses an open policy answer (« en quelle forme ? ») rests on lead from this share of the best
MAX_K = 20
UNKNOWN_TEXT = "Je ne sais pas : les règles ne traitent pas de cette question."
NOTHING_ASKED = "Posez une question sur les règles : un coup, une faute, la casse, le push-out…"
# a ruling asked with no shot told: the short, and the question asked back (``follow_up``)
NO_SHOT_TOLD = "Pour trancher, il faut savoir ce qui s’est passé sur le coup."
NO_PREVIOUS = ("Cette question suit une question d’avant, qui manque ici : posez d’abord la question entière "
               "(« un scratch à la casse, c’est faute ? »), puis « et à la FFB ? » ou « pourquoi ? ».")
TELL_THE_SHOT = ("Racontez le coup : à quel jeu, quelle bille la blanche a touchée en premier, "
                 "ce qui est rentré ou sorti, et si c’était la casse.")
_QUOTE_MAX = 300
_STRONG_BM25, _STRONG_COVERAGE = 8.5, 0.18   # a clause this strongly matched is never refused as « weak »
# a yes/no foul question names the foul its best clause lists only when that clause matches it this strongly
# (« faute de porter un chapeau ? » is near no foul clause: the texts are silent, not « faute »)
_FOUL_CLAUSE_BM25, _FOUL_CLAUSE_COVERAGE = 12.0, 0.6
_NEVER_RULED = frozenset({"coin_op", "price", "brand", "events", "advice", "howto", "setup", "handicap", "health", "general"})   # a story about these is still outside the texts
_WHY_WORDS = 8    # words of a « pourquoi … ? » that may restate the previous answer (« pourquoi la main passe ? »)
_ALONE_TERMS = 2  # a « et … » follow-up with this many content words of its own is a question of its own
_OWN_CASE_TERMS = 5   # ... and an « et si … » one, after a rule looked up, with this many
_ASKS_TOO_TERMS = 2   # a follow-up changing a fact of a story with this many asks something of its own too
SPECIFIC_SCORE = 1.0   # a lookup's best hit this strong is cited first by a ruled situation (see _specific_first)
SPECIFIC_NEW = 1.2   # ... and this strong when the ruling does not cite it
SPECIFIC_RATIO = 1.5   # ... and this many times stronger than the ruling's first clause
_SHORT_SETTLED = 12   # words of a question whose weak lookup a policy settles: its clauses lead
_SEARCH_K = 8    # hits looked at before the ones on the subject are kept (then cut to k)
_ITEM_SHORT, _LEAD_SHORT = 100, 130   # a short list item reads better after a short lead-in
_PUBLISHER_SHORT = {"ffb": "FFB", "bca": "BCA", "doolys": "Dooly’s", "guide": "guide du joueur"}
_GAME_PHRASE = {"nine-ball": "Au jeu de la 9", "ten-ball": "Au jeu de la 10"}

Situations = Callable[[str, "list[str] | None"], "dict | None"]


class AskError(ValueError):
    """Bad input to :meth:`Answerer.ask`: ``field`` (``q``, ``rulesets`` or ``k``), ``code``
    (``missing_field``, ``invalid_field``, ``empty_field``, ``too_long``, ``unknown_ruleset``,
    ``out_of_range``) and a French ``message`` that says what to do."""

    def __init__(self, field: str, code: str, message: str):
        super().__init__(message)
        self.field, self.code, self.message = field, code, message

    def to_json(self) -> dict:
        """The contract's error body: ``{"code", "message", "field"}``."""
        return {"code": self.code, "message": self.message, "field": self.field}


class Answerer:
    """Answers questions over ``book``; the :class:`Matcher` is built once here.

    ``situations``: optional ``situations(question, rulesets) -> dict | None`` tried first
    (a described shot gets a ruling); ``None`` from it falls through to the lookup.
    ``matcher``: an already built :class:`Matcher` over the same book (optional; by default the
    book's shared one, :meth:`Matcher.shared`, which the situation answers also use).
    """

    def __init__(self, book: Rulebook, situations: Situations | None = None,
                 matcher: Matcher | None = None):
        self.book = book
        self.situations = situations
        self.matcher = matcher or Matcher.shared(book)   # one index per book, shared with situations
        # each ruleset's lists of conditions: the lead-ins its policies name as ``against`` (see _case_not_met)
        self._condition_lists = {rid: frozenset(pv.against for pv in rs.policy.values() if pv.against)
                                 for rid, rs in book.rulesets.items()}

    # ------------------------------------------------------------------ validation
    def _question(self, question: Any) -> str:
        if question is None:
            raise AskError("q", "missing_field", "La question manque : écrivez-la dans « q ».")
        if not isinstance(question, str):
            raise AskError("q", "invalid_field", "La question doit être un texte.")
        try:
            question.encode("utf-8")
        except UnicodeEncodeError:      # a lone surrogate (« \ud800 »): no text a keyboard types
            raise AskError("q", "invalid_field", "La question contient des caractères invalides.") from None
        q = unicodedata.normalize("NFC", question).strip()   # « é » typed as e + accent counts once
        if not q:
            raise AskError("q", "empty_field", "La question est vide : écrivez une question sur les règles.")
        if len(q) > MAX_QUESTION_LENGTH:
            raise AskError("q", "too_long", f"La question est trop longue : {len(q)} caractères, "
                                            f"au plus {MAX_QUESTION_LENGTH}.")
        return q

    def _rulesets(self, rulesets: Any) -> list[str] | None:
        if rulesets is None:
            return None
        known = list(self.book.rulesets)
        if not isinstance(rulesets, (list, tuple)) or not all(isinstance(r, str) for r in rulesets):
            raise AskError("rulesets", "invalid_field",
                           f"« rulesets » doit être une liste d’identifiants de règlements ({', '.join(known)}).")
        out: list[str] = []
        for rid in rulesets:
            if rid not in self.book.rulesets:
                shown = rid if len(rid) <= 60 else rid[:60] + "…"
                raise AskError("rulesets", "unknown_ruleset",
                               f"Règlement inconnu « {shown} »{did_you_mean(rid, known)} ; "
                               f"règlements connus : {', '.join(known)}.")
            if rid not in out:
                out.append(rid)
        return out or None

    @staticmethod
    def _k(k: Any) -> int:
        if isinstance(k, bool) or not isinstance(k, int):
            raise AskError("k", "invalid_field", f"« k » doit être un nombre entier entre 1 et {MAX_K}.")
        if not 1 <= k <= MAX_K:
            raise AskError("k", "out_of_range", f"« k » vaut {k} : il doit être entre 1 et {MAX_K}.")
        return k

    # ------------------------------------------------------------------ answering
    def ask(self, question: str, rulesets: list[str] | None = None, k: int = 5, context: Any = None) -> dict:
        """The contract's Answer for ``question`` (see the module docstring); with ``context``
        (the previous answer's), ``question`` may follow up on it (:mod:`qa.conversation`).

        Raises :class:`AskError` when ``question`` is missing, not a string, empty after
        strip or longer than 500 characters; when ``rulesets`` is not a list of known
        ruleset ids; when ``k`` is not an int in 1..20; when ``context`` is not a context
        this application wrote.
        """
        q = self._question(question)
        ids = self._rulesets(rulesets)
        k = self._k(k)
        try:
            ctx = read_context(context, list(self.book.rulesets))
        except ContextError as exc:
            raise AskError(exc.field, exc.code, exc.message) from None
        if only_fillers(q):      # « ok », « merci »: nothing asked; a conversation goes on where it was
            return self._nothing_asked(q, ids, context if ctx is not None else None)
        if ctx is None and (asks_ruling_only(q) or tells_too_little(q)):    # « c faute ou pas ?? » with no story: which shot?
            return self._nothing_asked(q, ids, None, TELL_THE_SHOT)
        if ctx is not None and ids is not None:   # an explicit « rulesets » bounds the follow-up too
            ctx = replace(ctx, rulesets=tuple(r for r in ctx.rulesets if r in ids) or tuple(ids), scope=tuple(ids))
        explicit = ids
        found = self._follow(q, k, ctx, ids) if ctx is not None else None
        if found is None and ctx is not None and ids is None:
            ids = self._kept(q, ctx)
        ans, stands_for, scope = found if found is not None else (self._answer(q, ids, k), q, ids)
        if found is None and ctx is not None and ans.get("kind") == "unknown":
            ans, stands_for, scope = self._with_previous(q, k, ctx, ids) or (ans, stands_for, scope)
        if ctx is None and ans.get("kind") == "unknown" and needs_previous(q) and not detect(q).off_topic:
            # « et à la FFB ? », « pourquoi ? » with no conversation: nothing to follow, said so
            ans = {**ans, "short": NO_PREVIOUS, "answer": NO_PREVIOUS}
        # k bounds citations, and the clauses of a condition the short states come on top (« s’il a été averti »)
        room = k + int(ans.pop("conditions", 0) or 0)
        if len(ans.get("citations") or ()) > room:
            ans = {**ans, "citations": list(ans["citations"])[:room]}
        speaker = ans.pop("speaker", None) or {}
        ans["question"] = q
        ans.setdefault("verdicts", None)
        if "short" not in ans:
            ans["short"] = self._fallback_short(ans)
        ans = self._not_selected(q, explicit, ans, ctx)
        ans["context"] = make_context(stands_for, ans, scope, ctx.thread if ctx else (),
                                      speaker.get("address", "tu"), speaker.get("shooter", "self"))
        return ans

    def _not_selected(self, q: str, explicit: list[str] | None, ans: dict, ctx: Context | None = None) -> dict:
        """``ans`` saying that the rulesets ``q`` names are outside the request's own selection
        ``explicit`` when none of them is in it (« chez Dooly’s » asked with ``rulesets=["9-bca"]``:
        the answer covers the BCA only): ``not_selected`` lists them and ``answer`` opens with
        the sentence (the page shows it by the short answer, which is left as it is)."""
        named = detect(q).restriction(self.book.rulesets) if explicit else None
        if not named or set(named) & set(explicit or ()):
            return ans
        if ctx is not None:   # a follow-up (« et à la FFB ? »): the rulesets of the conversation's game
            games = {self.book.rulesets[r].game for r in ctx.rulesets if r in self.book.rulesets}
            named = tuple(r for r in named if self.book.rulesets[r].game in games) or named
        sentence = not_selected_sentence(self.book, list(named))
        return {**ans, "not_selected": list(named), "answer": f"{sentence} {ans['answer']}"}

    def _nothing_asked(self, q: str, ids: list[str] | None, context: str | None, back: str | None = None) -> dict:
        """The Answer to words that ask nothing (« ok », « merci »): kind ``unknown``, no citation;
        the conversation's ``context`` is given back unchanged, so that the next question follows
        the last real one. ``back``: the question asked back (``follow_up``) of a ruling asked for
        with no shot told (« c faute ou pas ?? »)."""
        short = NO_SHOT_TOLD if back else NOTHING_ASKED
        ans = {"question": q, "kind": "unknown", "rulesets": list(ids or self.book.rulesets), "answer": short,
               "citations": [], "suggestions": [], "scenario": None, "outcomes": None,
               "follow_up": [back] if back else [], "short": short, "verdicts": None}
        ans["context"] = context if context is not None else make_context(q, ans, ids)
        return ans

    def _fallback_short(self, ans: dict) -> str:
        """A short for an answer a ``situations`` callable gave without one: its first citation quoted."""
        cites = ans.get("citations") or []
        clause = self.book.clauses.get(cites[0]["id"]) if cites else None
        return quote_short(self.book, clause, ans.get("rulesets") or ()) if clause else UNKNOWN_TEXT

    # ------------------------------------------------------------------ follow-ups
    def _follow(self, q: str, k: int, ctx: Context,
                explicit: list[str] | None = None) -> tuple[dict, str, list[str] | None] | None:
        """The answer to a follow-up of ``ctx`` (and the question it stands for, the rulesets it is
        restricted to), or None when ``q`` is a new question; ``explicit``: the rulesets the
        request itself restricts to (the other rulesets a follow-up names are left out)."""
        if asks_nothing(q):
            # « et ? »: nothing asked of its own; the previous answer again, asked of nothing new
            return {**self._again(ctx, ctx.rulesets, k), "verdicts": None}, ctx.question, list(ctx.scope) if ctx.scope else None
        kind = classify_follow_up(q, ctx, self.book.rulesets)
        if kind in (None, "ellipsis") and self._why_restated(q, ctx):
            kind = "why"
        if kind in ("ellipsis", "facts") and self._elsewhere(q):
            return None      # « et la bière au bar, c'est combien ? », « et au golf ? »: a new question, answered alone
        scope = list(ctx.scope) if ctx.scope else None
        if kind == "why":
            ans = self._again(ctx, ctx.rulesets, k)
            return {**ans, "short": why_short(self.book, ans)}, ctx.question, scope
        if kind == "rulesets":
            new = follow_rulesets(q, ctx, self.book)
            if explicit:
                if not set(new) & set(explicit):   # « et à la FFB ? » with only the BCA chosen: the same answer,
                    return self._again(ctx, ctx.rulesets, k), ctx.question, scope   # which says it (not_selected)
                new = tuple(r for r in new if r in explicit)
            if set(new) != set(ctx.rulesets):
                return self._again(ctx, new, k, lenient=True), ctx.question, list(new)
            # « et à la fédé ? » when the answer already is the FFB's: that answer again
            return self._again(ctx, ctx.rulesets, k), ctx.question, scope
        if kind in ("facts", "ellipsis") and ctx.kind == "scenario" and tells_generic_foul(q):
            # « et s'il y avait eu faute ? »: a foul of no stated kind is no fact to rule; the rule is looked up
            combined = with_foul(ctx.question, q)[:MAX_QUESTION_LENGTH]
            return self._answer(combined, scope, k, own=q, story=False, foul_added=True), combined, scope
        if kind in ("facts", "ellipsis") and ctx.kind == "scenario" and ctx.scenario is not None:
            changed = change_facts(q, ctx.scenario)
            if changed is not None:
                ruled = self._scenario(ctx, changed, ctx.rulesets)
                if len(self._content(q)) >= _ASKS_TOO_TERMS:
                    # (« et avec un scratch en même temps, ça fait 2 fautes ? » asks something of its own too: the
                    # clause of what it asks first, when the lookup finds it strongly)
                    ruled = self._specific_first(ruled, q, list(ctx.rulesets))
                return ruled, ctx.question, scope
        if kind == "ellipsis":
            return self._ellipsis(q, k, ctx, scope)
        return None

    def _ellipsis(self, q: str, k: int, ctx: Context, scope: list[str] | None) -> tuple[dict, str, list[str] | None]:
        """The answer to a follow-up that leaves out what the previous question said (« et si… »,
        « il peut… », « et la 5 ? », « et après ? »), read with it or on its own."""
        q = completed(ctx.question, q)     # « et si je fais faute pendant ? »: pendant what the question before names
        bound = completes(q)     # « et si… », « il peut… », « et après ? »: read with the previous question
        if asks_may(q):
            bound = True         # « et l'adversaire peut pousser ? »: what may follow the shot or rule asked before
        swapped = swap_ball(ctx.question, q)     # « et la 5 ? », « et si c'était la 10 ? »: the same question, of that ball
        if ctx.kind == "scenario":
            if swapped is not None:
                return self._answer(swapped, list(ctx.rulesets), k), swapped, list(ctx.rulesets)
            if bound and ctx.scenario is not None:   # the same shot, asked something else of it
                asked = f"{ctx.question} {q}"[:MAX_QUESTION_LENGTH]
                ruled = self._scenario(ctx, ctx.scenario, ctx.rulesets, asked)
                # (the clause of what it asks, « et si le point est déjà pris ? », first when the lookup finds it)
                return self._specific_first(ruled, asked, list(ctx.rulesets)), ctx.question, scope
            return self._answer(q, list(ctx.rulesets), k), q, list(ctx.rulesets)
        within = scope or list(ctx.rulesets) or None
        put = of_the_term(ctx.question, q) if ctx.kind == "lookup" else None
        if put is not None:     # « et si c'était à la casse ? » after « c'est quoi un push-out ? »
            return self._answer(put, within, k), put, within
        named = detect(q).restriction(self.book.rulesets)
        if named and not (scope and not set(named) & set(scope)):
            # « et le guide explique comment se fait ce tirage ? »: the texts it names, not the previous ones
            within = scope = [r for r in named if not scope or r in scope]
        alone = self.matcher.lookup(clean(q), within, k)
        content = self._content(q)
        told = not ctx.question.rstrip().endswith("?")
        # (nor « et si j'en rentre une ? » after a rule looked up: « en » points back to what it asked of)
        refers = ctx.kind == "lookup" and refers_by_en(q)
        # (« et si la blanche saute par-dessus une bille après une bande ? » after a rule looked up tells a case of
        # its own: its many words ask it alone, in the same texts)
        own_case = ctx.kind == "lookup" and len(content) >= _OWN_CASE_TERMS
        if (not bound or own_case) and not alone.unknown and len(content) >= _ALONE_TERMS and not (told and opens_condition(q)) \
                and not refers:
            # a question of its own, in the same texts (« et si … ? » after a story told without a question asks
            # what happens then: read with it, it asks no yes or no)
            return self._answer(q, within, k), q, within
        if swapped is not None:
            return self._answer(swapped, scope, k), swapped, scope
        combined = joined(ctx.question, q)[:MAX_QUESTION_LENGTH]
        # « même si j'ai rentré une bille ? » after a rule looked up asks whether that rule still
        # holds: the rule is looked up again, the condition is no story to rule
        story = not (ctx.kind == "lookup" and words(q)[:2] == ["meme", "si"])
        return self._answer(combined, scope, k, own=q, story=story), combined, scope

    @staticmethod
    def _content(q: str) -> list[str]:
        """The words of ``q`` that carry its meaning (no stop word, no common word, none of two letters)."""
        return [w for w in words(clean(q)) if len(w) > 2 and w not in STOP_WORDS and w not in COMMON_WORDS]

    def _why_restated(self, q: str, ctx: Context) -> bool:
        """« pourquoi la main passe ? », « pourquoi on ferait ça ? »: a « why » whose other words the
        texts know are all in the previous question or its answer — it asks why that answer holds."""
        ws = words(clean(q))
        if ws[:1] not in (["pourquoi"], ["pk"], ["pq"], ["pkoi"]) or len(ws) > _WHY_WORDS:
            return False
        told = " ".join((ctx.question, *(ctx.thread[-1][1:] if ctx.thread else ())))
        before = set(self.matcher.terms(told)[0])
        own = [t for t in self.matcher.terms(" ".join(ws[1:]))[0] if t in self.matcher.idf]
        return all(t in before for t in own)

    def _elsewhere(self, q: str) -> bool:
        """Whether a short « et … ? » leaves the texts: an intent they never serve, another game, or
        words none of which the texts know (no ball named either)."""
        det = detect(q)
        if det.off_topic or det.other_game:
            return True
        terms, _ = self.matcher.terms(clean(q))
        own = [t for t in terms if not t.isdigit()]
        return bool(own) and not any(t.isdigit() for t in terms) and all(t not in self.matcher.idf for t in own)

    def _with_previous(self, q: str, k: int, ctx: Context,
                       ids: list[str] | None) -> tuple[dict, str, list[str] | None] | None:
        """A question of a conversation that the texts do not answer alone (« faut qu'on me prévienne
        avant ? » after three fouls), read with the previous question: that answer, or None (also when
        it asks about something the texts never treat, or another game)."""
        if ctx.kind not in ("lookup", "scenario") or self._elsewhere(q):
            return None
        scope = ids or (list(ctx.scope) if ctx.scope else None) or list(ctx.rulesets) or None
        combined = joined(ctx.question, q)[:MAX_QUESTION_LENGTH]
        ans = self._answer(combined, scope, k, own=q)
        return (ans, combined, scope) if ans.get("kind") != "unknown" else None

    def _kept(self, q: str, ctx: Context) -> list[str] | None:
        """The rulesets a new question of a conversation keeps: when it names no game and no
        ruleset, those the conversation was about (named earlier, or chosen by a follow-up)."""
        if detect(q).restriction(self.book.rulesets) is not None:
            return None
        kept = ctx.scope or detect(ctx.question).restriction(self.book.rulesets)
        return list(kept) if kept else None

    def _scenario(self, ctx: Context, scenario: Any, rulesets: Any, asked: str | None = None) -> dict:
        """``scenario`` ruled under ``rulesets``; ``asked``: the words the answer is steered by (what it
        cites first, its yes / no), by default the conversation's question."""
        from .situation_answer import answer_scenario   # late import: the lookup side does not need the engine
        sc = {**scenario, "ruleset": None}
        return answer_scenario(self.book, asked or ctx.question, sc, list(rulesets), ctx.address, ctx.shooter)

    def _again(self, ctx: Context, rulesets: Any, k: int, lenient: bool = False) -> dict:
        """The previous question answered again under ``rulesets`` (a situation: its Scenario)."""
        if ctx.kind == "scenario" and ctx.scenario is not None:
            money = {self.book.rulesets[r].money_ball for r in ctx.rulesets if r in self.book.rulesets}
            new_money = {self.book.rulesets[r].money_ball for r in rulesets if r in self.book.rulesets}
            sc = dict(ctx.scenario)
            if len(money) == 1 and len(new_money) == 1:
                sc = switch_game(sc, next(iter(money)), next(iter(new_money)))
            # cited first as the story asked on its own would be (« pourquoi ? » quotes what it rests on)
            return self._specific_first(self._scenario(ctx, sc, rulesets), ctx.question, list(rulesets))
        return self._answer(ctx.question, list(rulesets), k, lenient=lenient and ctx.kind == "lookup")

    def _answer(self, q: str, ids: list[str] | None, k: int, lenient: bool = False, own: str | None = None,
                story: bool = True, foul_added: bool = False) -> dict:
        """A question on its own: a situation ruled, a lookup, or « je ne sais pas »; ``own``: the words
        of a follow-up read with the previous question ``q``, whose policy, if they name one, is asked;
        ``story``: False to look the question up without reading it as a situation; ``foul_added``: the
        follow-up adds a foul to the story ``q`` tells: the clauses of the fouls come first."""
        if story and self.situations is not None and detect(q).off_topic not in _NEVER_RULED:
            ruled = self.situations(q, ids)
            if isinstance(ruled, dict) and self._support_asked(q, ruled):
                ruled = None     # the rule point asked is one the engine does not read: the policy answers
            if isinstance(ruled, dict):
                ruled = self._specific_first(ruled, q, ids)
                if len(ruled.get("citations") or ()) > k:   # k bounds citations, whatever answers
                    ruled = {**ruled, "citations": list(ruled["citations"])[:k]}
                return ruled
        plain = clean(q)          # greetings, asides and shortened words are not the question
        look = self.matcher.lookup(plain, ids, max(k, _SEARCH_K))
        if foul_added:
            look = replace(look, hits=tuple(sorted(look.hits, key=lambda h: _FOULS_TOPIC not in h.clause.topics)))
        strong = look.reason == "weak" and look.best >= _STRONG_BM25 and look.coverage >= _STRONG_COVERAGE
        reply, asked_own = self._reply(q, plain, look, own, foul_added)
        # a yes/no question on a rule point the policies answer is in scope, however weakly it matches
        settled = reply is not None and reply.verdicts is not None and look.reason in ("weak", "empty")
        # an open question a policy's words ask, whose clause the lookup finds among its three best, is in scope
        asked = (reply is not None and bool(reply.clauses) and look.reason == "weak"
                 and any(h.clause.id in reply.clauses for h in look.hits[:3]))
        if look.unknown and not settled and not asked and not ((lenient or strong) and look.reason == "weak" and look.hits):
            # (strong: a long, chatty question whose best clause matches it strongly is not refused)
            # (lenient: the same question, answered under other rulesets, asked again under these)
            return self._unknown(q, look)
        reply = reply if self._stands(reply, look, own, settled) else None
        # the clauses of the policy a short question asks lead when the lookup is weak (« faut qu'on me
        # prévienne avant ? »), and so do those a follow-up's own words ask (a story may name several)
        # (a follow-up read with the previous question: the policy the two ask together leads too)
        # (and so do the clauses that state or contradict what a yes/no question says: its short quotes them;
        # and those of a policy asked in its context where the lookup barely matches anything)
        lead = (asked_own is not None or (own is not None and reply is not None)
                or (settled and len(words(q)) <= _SHORT_SETTLED) or self._verdict_unranked(reply, look)
                or (reply is not None and (reply.stated or bool(reply.conditions) or self._context_unranked(reply, look))))
        # (a « oui » on a condition: the rule first, then its condition, whatever else the lookup ranks)
        share = 0.0 if lead else OPEN_SHARE if reply is not None and reply.verdicts is None else WANTED_SHARE
        hits = on_subject(self.book, look.hits, reply.clauses if reply else (), k, share,
                          reply.conditions if reply else ())
        if reply is not None and not reply.clauses and (
                settled or bool(reply.verdicts) and all(v == "silent" for v in (reply.verdicts or {}).values())):
            # every text is silent and no clause matches the question, or the question asks a point on
            # which every text is silent (what the lookup finds then answers something else): outside
            # what the texts cover (« unknown », no clause quoted as if it answered), each text's silence said
            return {**self._unknown(q, look), "short": reply.short, "verdicts": dict(reply.verdicts or {}),
                    "rulesets": list(reply.verdicts or look.searched)}
        covered = list(dict.fromkeys(h.clause.ruleset for h in hits))
        if reply is not None and reply.verdicts:     # a verdict covers its ruleset, silent ones too
            covered += [r for r in reply.verdicts if r not in covered]
        listed = self._listed(hits, k) if reply is None and asks_list(q) else None
        if listed is not None:      # « dans quels cas perd-on le tirage ? »: the lead-in and its items
            hits, short = listed
        else:
            if reply is None and asks_what(plain):     # « c'est quoi un push-out ? »: what the texts say it is
                hits = self._defining_first(hits, look, k)
            short = reply.short if reply else quote_short(self.book, hits[0].clause, covered, question=plain)
        return {
            "question": q,
            "kind": "lookup",
            "rulesets": covered,
            "answer": self._summary(hits, covered),
            "citations": [{**h.clause.to_json(), "score": h.score} for h in hits],
            "suggestions": self._topics(look),
            "scenario": None,
            "outcomes": None,
            "follow_up": [],
            "short": short,
            "verdicts": dict(reply.verdicts) if reply and reply.verdicts is not None else None,
            "conditions": sum(1 for h in hits if reply is not None and h.clause.id in reply.conditions),   # (not sent)
        }

    def _defining_first(self, hits: list[Hit], look: Lookup, k: int) -> list[Hit]:
        """``hits`` led by the clause of each ruleset that says what the term asked is (rules_data's
        ``defines``), in the order of the rulesets the lookup covers; at most ``k``."""
        lead: dict[str, str] = {}
        for cid in self.matcher.defining(look):
            lead.setdefault(self.book.clauses[cid].ruleset, cid)
        if not lead:
            return hits
        top = hits[0].score if hits else 1.0
        led = set(lead.values())
        return ([Hit(self.book.clauses[cid], top) for cid in lead.values()] + [h for h in hits if h.clause.id not in led])[:k]

    def _reply(self, q: str, plain: str, look: Lookup, own: str | None,
               foul_added: bool) -> tuple[PolicyReply | None, PolicyReply | None]:
        """What the rule data answer to ``q`` (its ``plain`` words, its ``look``up): the reply and, for a
        follow-up read with the previous question, the reply its ``own`` words ask. In order: the policy
        the follow-up's own words ask; the policy, the listed foul, the policy by its phrases' terms, the
        foul the best clause lists; none when its « oui » rests on a clause that contradicts the
        question's detail; for a yes/no question none settles, or whose policy's clauses the lookup does
        not find, what the best clauses say in so many words (:mod:`qa.confirm`); none, when a foul is
        added to a story, that is not about fouls."""
        asked_own = policy_reply(self.book, own, look.searched, closed=is_yes_no(q) and is_yes_no(own)) \
            if own and look.reason != "other_game" else None
        reply = asked_own or (None if look.reason == "other_game" else (
            policy_reply(self.book, q, look.searched) or foul_reply(self.book, q, look.searched)
            or policy_reply(self.book, q, look.searched, loose=True)
            or (foul_reply(self.book, q, look.searched, found=look.hits[0].clause.id)
                if look.hits and not look.unknown and look.best >= _FOUL_CLAUSE_BM25
                and look.coverage >= _FOUL_CLAUSE_COVERAGE else None)))
        if reply is not None and reply.verdicts and any(
                reply.verdicts.get(self.book.clauses[c].ruleset) == "yes" for c in contradicted(self.book, own or q, reply.clauses)):
            reply = None      # « oui » to « … sur le spot supérieur ? » where the text says « inférieur »: not the policy's
        unfound = reply is not None and reply.verdicts is not None and reply is not asked_own and bool(reply.clauses) \
            and not any(h.clause.id in reply.clauses for h in look.hits[:_SEARCH_K])
        if (reply is None or reply.verdicts is None or unfound) and not look.unknown and is_yes_no(q):
            # a yes/no question no policy settles, that restates what a clause says (« oui » there) or
            # contradicts one of its details (« non »); so too one whose policy's clauses the lookup does not
            # find, where its best clause contradicts its detail (« on avertit seulement après la troisième
            # faute ? »: the warning's « deuxième faute », not the three fouls' loss)
            stated = stated_verdicts(self.book, self.matcher, plain, look)
            if unfound and reply is not None and reply.verdicts is not None and reply.policy:
                stated = {c: v for c, v in stated.items() if v == "no"}   # (over a policy: a detail contradicted only)
                if all(reply.verdicts.get(self.book.clauses[c].ruleset) == v for c, v in stated.items()):
                    stated = {}       # (the clause's « non » is the policy's own: the policy answers for every text)
            reply = confirm_reply(self.book, stated, look.searched) if stated else reply
        if foul_added and reply is not None and reply is not asked_own and not any(
                _FOULS_TOPIC in self.book.clauses[c].topics for c in reply.clauses if c in self.book.clauses):
            reply = None      # the story's own words name a policy (« annoncée … casse »): not what the foul changes
        return reply, asked_own

    def _stands(self, reply: PolicyReply | None, look: Lookup, own: str | None, settled: bool) -> bool:
        """Whether the rule data's ``reply`` answers the question rather than the lookup: it settles a
        weakly matched yes/no question, or names an entry's words in its context (a yes/no question), or
        the lookup agrees with it (:meth:`_agrees`); an open question a policy's words name (not its
        context) whose lookup finds another clause first is the lookup's."""
        if reply is None:
            return False
        if not settled and not (reply.verdicts and reply.in_context) and not self._agrees(reply, look, deep=own is not None):
            return False
        spec = self.book.policy_specs.get(reply.policy)
        return not (reply.verdicts is None and not reply.in_context and own is None and look.hits
                    and look.hits[0].clause.id not in reply.clauses and look.reason is None
                    # (a lookup whose first clause is of the policy's own topic, « averti … sa 3e faute », and that
                    # ranks the policy's clause among its three best, close to the first, agrees with it)
                    and not (spec is not None and spec.topic in look.hits[0].clause.topics
                             and any(h.clause.id in reply.clauses and h.score >= _TOPIC_AGREES * look.hits[0].score
                                     for h in look.hits[:3])))

    @staticmethod
    def _context_unranked(reply: PolicyReply, look: Lookup) -> bool:
        """A policy asked in its context (« qui casse au guide ? ») where the lookup barely matches anything
        and does not rank its clauses among its three best: those clauses are cited first."""
        return (reply.in_context and look.best < _AGREE_WEAK_BM25
                and not any(h.clause.id in reply.clauses for h in look.hits[:3]))

    def _verdict_unranked(self, reply: Any, look: Lookup) -> bool:
        """A policy's verdict (not a listed foul's, whose clause is read from the foul's name) resting
        on clauses the lookup does not rank among its three best, whose best is about something else
        (not of the policy's topic): those clauses are cited first."""
        spec = self.book.policy_specs.get(reply.policy) if reply is not None and reply.verdicts else None
        if spec is None or not reply.clauses:
            return False
        return (not any(h.clause.id in reply.clauses for h in look.hits[:3])
                and not (look.hits and spec.topic in look.hits[0].clause.topics))

    def _support_asked(self, q: str, ruled: dict) -> bool:
        """A yes/no question told as a shot (« à la casse, la blanche peut aller en bande avant la 1 ? »)
        whose ruling answers no yes or no, while it asks a rule point the engine does not read (a
        policy of role ``support``) that a covered text decides: that policy's verdicts answer it."""
        if ruled.get("verdicts") is not None:
            return False
        reply = policy_reply(self.book, q, list(ruled.get("rulesets") or self.book.rulesets))
        spec = self.book.policy_specs.get(reply.policy) if reply is not None else None
        return (reply is not None and spec is not None and spec.role == "support" and bool(reply.verdicts)
                and any(v != "silent" for v in (reply.verdicts or {}).values()))

    def _specific_first(self, ruled: dict, q: str, ids: list[str] | None) -> dict:
        """A ruled situation whose question the lookup matches one clause strongly (its score at
        least :data:`SPECIFIC_SCORE`: the question reads like that clause's own subject, « la
        casse au gabarit, une bille passe la ligne et deux rentrent ») cites that clause first,
        when it belongs to a ruleset the ruling covers and the ruling's own first clause matches
        the question's words :data:`SPECIFIC_RATIO` times less (the ruling rests on the
        general rule, « les sauts sont permis », where the question names the case, « la blanche
        tape le cadre en bois »): the ruling's own citations follow."""
        cites = list(ruled.get("citations") or ())
        covered = set(ruled.get("rulesets") or ())
        look = self.matcher.lookup(clean(q), ids, _SEARCH_K)
        if look.unknown or not look.hits:
            return ruled
        top = look.hits[0]
        if not cites:   # a ruling that rests on no clause: the one the question is about, if strong
            if top.score >= SPECIFIC_NEW and top.clause.ruleset in covered:
                return {**ruled, "citations": [{**top.clause.to_json(), "score": top.score}]}
            return ruled
        if self._case_not_met(top.clause, cites):
            return ruled      # a case of a list of conditions the ruling did not meet (« garde la main si, et seulement si : »)
        if top.clause.topics[:1] == (_BREAK_TOPIC,) and (ruled.get("scenario") or {}).get("shot", {}).get("kind") != "break":
            return ruled      # a rule of the break, where the shot ruled is no break (« je rentre la 10 sans l'annoncer »)
        if top.score < SPECIFIC_SCORE or top.clause.ruleset not in covered or cites[0].get("id") == top.clause.id:
            return ruled
        score = {h.clause.id: h.score for h in look.hits}
        if top.clause.id in {c.get("id") for c in cites}:
            if cites[0].get("id") in score:
                return ruled      # the lookup agrees with the ruling's first clause: it stays first
        elif top.score < SPECIFIC_NEW or top.score < SPECIFIC_RATIO * score.get(cites[0].get("id"), 0.0):
            return ruled      # a clause the ruling does not cite must match much more strongly to come first
        if self._case_not_ruled(ruled, top.clause):
            return ruled      # the clause of a case the ruling knows is not this one (the unwarned third foul, warned)
        outcomes = [o or {} for o in (ruled.get("outcomes") or {}).values()]
        if top.clause.topics[:1] == (_SPOTTING_TOPIC,) and outcomes and all(
                o.get("game_over") and not o.get("spotted") for o in outcomes):
            return ruled      # a clause that spots a ball, where the ruling ends the game (« la 9 rentre sur la casse »: a win)
        money = {str(self.book.rulesets[r].money_ball) for r in covered if r in self.book.rulesets}
        balls = {t for t in look.terms if t in money}
        said = set(words(f"{top.clause.title} {top.clause.text}"))
        if balls - said:
            return ruled      # it says nothing of the money ball the story names (« la 10 sans l'annoncer »)
        named = {t for t in look.terms if t.isdigit() and 1 <= int(t) <= 15}
        if named and not named & money and said & money and not ALL_BUT & said:
            return ruled      # it is about the money ball alone, the story about another ball (« ma 3 saute par terre »)
        first = {**top.clause.to_json(), "score": cites[0].get("score", top.score)}
        return {**ruled, "citations": [first] + [c for c in cites if c.get("id") != top.clause.id]}

    def _case_not_met(self, clause: Clause, cites: list[dict]) -> bool:
        """Whether ``clause`` is a case of a list of conditions (the items led in by a clause a policy
        of its ruleset names as ``against``: 9-ffb « Le joueur garde donc la main si, et seulement si : »)
        that the ruling does not cite, lead-in or case: a condition the shot did not meet."""
        if not clause.lead_in or clause.lead_in not in self._condition_lists.get(clause.ruleset, ()):
            return False
        cited = {c.get("id") for c in cites}
        return clause.lead_in not in cited and clause.id not in cited

    def _case_not_ruled(self, ruled: dict, clause: Any) -> bool:
        """Whether ``clause`` states only decisions the ruling of its ruleset weighed and did not
        apply: it is the clause of policies of that ruleset (« Si une troisième faute est commise
        alors que l’avertissement n’a pas été notifié… », ``unwarned_third_foul``) among which the
        ruling's reasons use none, while they use a policy of the same topic (``three_fouls``,
        the warned case)."""
        rs = self.book.rulesets.get(clause.ruleset)
        outcome = (ruled.get("outcomes") or {}).get(clause.ruleset)
        if rs is None or not outcome:
            return False
        specs = self.book.policy_specs
        names = {n for n, pv in rs.policy.items() if pv.clause == clause.id}
        used = {r.get("policy") for r in outcome.get("reasons") or () if r.get("policy")}
        if not names or names & used or not all(n in specs and specs[n].role in DECIDED_ROLES for n in names):
            return False    # (a supporting clause, « la blanche saute après la bande », is a case the engine leaves)
        topics = {specs[n].topic for n in names}
        return any(specs[u].topic in topics for u in used if u in specs)

    def _listed(self, hits: list[Hit], k: int) -> tuple[list[Hit], str] | None:
        """The list the best hit belongs to (or introduces): its lead-in and items cited in the text's order,
        the other rulesets' best clause after them, and the short that quotes the lead-in with them; None
        when the best hit is in no list."""
        top = hits[0].clause
        lead = self.book.clauses.get(top.lead_in) if top.lead_in else top
        items = items_of(self.book, lead.id) if lead is not None else []
        if lead is None or len(items) < 2:
            return None
        score = hits[0].score
        cited = [Hit(lead, score)] + [Hit(self.book.clauses[i], score) for i in items]   # the lead-in heads its list
        others = [h for h in hits if h.clause.ruleset != lead.ruleset]
        out = (cited + others)[:k] if len(cited) < k else cited[:k - min(len(others), 1)] + others[:1]
        return out, list_short(self.book, lead, [self.book.clauses[i] for i in items], [lead.ruleset])

    def _agrees(self, reply: Any, look: Lookup, deep: bool = False) -> bool:
        """The matcher agrees that the question is about the reply's policy: one of its clauses,
        or a clause of its topic, is among the five best hits (or no covered text speaks of it);
        ``deep``: among all the hits (a follow-up read with the previous question, whose words
        weigh on the lookup more than the follow-up's own)."""
        if not reply.clauses:
            return True      # every text covered is silent on it: the policy data says so, no clause to find
        top = look.hits if deep else look.hits[:5]
        if any(h.clause.id in reply.clauses for h in top):
            return True
        if self._strong(look):
            return False     # the lookup matches another clause strongly: a topic in common is not enough
        if (reply.verdicts or reply.in_context) and look.best < _AGREE_WEAK_BM25:
            # the lookup barely matches anything (« dire quelle boule on vise », « qui casse au guide ? »): the
            # policy's words decide (those of a yes/no question, or an open one asked in its context)
            return True
        spec = self.book.policy_specs.get(reply.policy)
        topic = spec.topic if spec is not None else "fouls"
        return any(topic in h.clause.topics for h in top)

    @staticmethod
    def _strong(look: Lookup) -> bool:
        """The lookup matches its best clause strongly enough to overrule a policy named by words."""
        return look.best >= _AGREE_BM25 and look.coverage >= _AGREE_COVERAGE

    def _unknown(self, q: str, look: Lookup) -> dict:
        text = UNKNOWN_TEXT
        if look.reason == "other_game":
            text += (f" Les textes de l’Arbitre portent sur le jeu de la 9 et le jeu de la 10 ; "
                     f"« {look.detection.other_game} » n’y est pas décrit.")
        elif look.reason == "off_topic" and off_topic_phrase(look.detection.off_topic):
            text += f" Les règles ne parlent pas {off_topic_phrase(look.detection.off_topic)}."
        topics = self._topics(look)
        if topics:
            text += " Sujets les plus proches : " + ", ".join(t["label"] for t in topics) + "."
        return {
            "question": q, "kind": "unknown", "rulesets": list(look.searched), "answer": text,
            "citations": [], "suggestions": topics, "scenario": None, "outcomes": None,
            "follow_up": [],
            "short": unknown_short(look.reason, look.detection.off_topic, look.detection.other_game),
            "verdicts": None,
        }

    def _topics(self, look: Lookup) -> list[dict]:
        return [{"id": t, "label": self.book.topics.get(t, t)} for t in look.topics]

    def _summary(self, hits: list[Hit], covered: list[str]) -> str:
        """One line per covered ruleset: where, then its best clause quoted verbatim."""
        lines = []
        seen: set[str] = set()
        for hit in hits:
            c = hit.clause
            if c.ruleset in seen or c.ruleset not in covered:
                continue
            seen.add(c.ruleset)
            lines.append(f"{ruleset_label(self.book.rulesets[c.ruleset])} : « {self._quote(c)} » ({c.title})")
        return "\n".join(lines)

    def _quote(self, c: Clause) -> str:
        """The clause's text, verbatim; a short list item is preceded by its (short) lead-in,
        joined by "[…]"; long texts are cut at a word with "…" (the citation carries it whole)."""
        text = c.text.strip()
        lead = self.book.clauses.get(c.lead_in) if c.lead_in else None
        if lead is not None and len(text) < _ITEM_SHORT and len(lead.text) <= _LEAD_SHORT:
            text = f"{lead.text.strip()} […] {text}"
        if len(text) > _QUOTE_MAX:
            text = text[:_QUOTE_MAX].rsplit(" ", 1)[0].rstrip(" ,;:") + " …"
        return " ".join(text.split())


def ruleset_label(rs: Ruleset) -> str:
    """A short French name for answers: "Au jeu de la 9 (FFB)", "Au jeu de la 10 (Dooly’s)";
    a club's ruleset (or an unknown id form) uses its title."""
    game = _GAME_PHRASE.get(rs.game, "Au jeu")
    suffix = rs.id.rsplit("-", 1)[-1]
    if rs.extends is None and suffix in _PUBLISHER_SHORT:
        return f"{game} ({_PUBLISHER_SHORT[suffix]})"
    return f"{game} ({rs.title})"
