"""The quiz generator audit (issue 14, « Measure »): what a trainer would find in the bank.

    python -m bench.bench_quiz_audit [--seeds 20] [--count 50] [--quizzes 10] [--quiz-count 20]

Over ``--seeds`` quizzes of ``--count`` questions (all rulesets, all topics, seeds 1..N) it
prints, for the ruling questions (``call``):

- impossible situations: an object ball pocketed or driven off, or balls sent to a rail on a
  break, although the cue ball touched no object ball (checked here, from the scenario's
  facts, not with the generator's code), plus any scenario the engine itself refuses;
- contested rulings: the engine's outcome has ``unsettled`` fields, ``assumptions`` or
  ``notes`` (a text silent, ambiguous or contradicting itself on this shot);
- « closest to the others » finds the key: the choice whose ruling differs least from the
  other choices' (parts: foul, game over and winner, who plays, ball in hand, spotted balls,
  push-out, the shooter's consecutive fouls when recorded; ties share the point), and the same on the choices' words (Jaccard distance);
  and the opposite guess, « farthest from the others »;
- choices that all share one verdict (all « faute » or all « pas de faute »);
- distinct situation types per ruleset and distinct right answers per ruleset (the type:
  the shot's kind and facts with ball numbers abstracted — see :func:`situation_type`);

for the text questions:

- false statements that are true: a « Faux » statement found in a text of its ruleset, or
  whose altered words sit in a negation, exception or contrast of their clause (« et non »,
  « pas », « ni », « sauf ») where the change can leave it true, or whose replacement already
  stands in the original sentence, or that swaps « gagne » and « perd » in a sentence on the
  end of a turn or a game;
- ungrammatical statements (« n'n' », a doubled word, a number above one before a singular
  noun) and placeholders « (s) », « (nt) », « (e) » anywhere in a question;
- fill-ins with a wrong choice that also makes a sentence of a text of the ruleset, or that
  already stands in the sentence next to the blank's own word, or « gagne » / « perd » in a
  sentence on the end of a turn or a game;
- « which ruleset » passages that another ruleset of the game also holds (most of their
  content words in one of its clauses);
- « L'arbitre constate » under a ruleset where only the opponent calls fouls (Dooly's);

and the repeats: over ``--quizzes`` quizzes of ``--quiz-count`` questions (seeds 1001..), the
share of ruling questions whose situation type an earlier question of those quizzes already had.
"""
from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from typing import Any, Iterable, Mapping

from qa.engine.evaluate import evaluate
from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.scenario import parse_scenario
from qa.quiz.generate import generate
from qa.rulebook import Rulebook, load_rulebook

PARTS = ("foul", "end", "next", "ball_in_hand", "spotted", "push_out")
PLACEHOLDERS = re.compile(r"\((?:s|nt|e|es|x)\)")
CONTRAST = re.compile(r"(?:\bet non\b|\bnon pas\b|\bpas\b|\bni\b|\bsauf\b|\bplutôt que\b|\bexcept\w*)[^.;:,]{0,40}$",
                      re.IGNORECASE)
ENDING = re.compile(r"fin\b|termin|jusqu|forfait", re.IGNORECASE)
NUMBER_NOUN = re.compile(r"\b(?:deux|trois|quatre|cinq|six)\s+(?:faute|bille|bande|coup|fois|point|joueur|manche)\b",
                         re.IGNORECASE)
WORD = re.compile(r"[a-zà-öø-ÿ0-9]+", re.IGNORECASE)
STOP = frozenset("le la les l de des du d un une et ou à a au aux en est sont que qui ne pas se sa son ses "
                 "il elle ils elles on par pour sur dans avec ce cette qu n s si y plus".split())


# ----------------------------------------------------------------------------- ruling questions
def _facts(scenario: Mapping[str, Any]) -> tuple[dict, dict]:
    return dict(scenario.get("state") or {}), dict(scenario.get("shot") or {})


def physically_impossible(scenario: Mapping[str, Any]) -> bool:
    """A ball moved although the cue ball touched no object ball."""
    _, sh = _facts(scenario)
    if sh.get("first_contact") is not None:
        return False
    moved = bool(sh.get("pocketed")) or bool(sh.get("off_table"))
    if sh.get("kind") == "break":
        moved = moved or bool(sh.get("balls_to_rail")) or bool(sh.get("crossed_head_string"))
    return moved


def situation_type(ruleset: str, scenario: Mapping[str, Any], outcome: Any) -> tuple:
    """What a situation is, ball numbers abstracted: the state that matters, the shot's facts
    (kind, contact right or wrong, balls pocketed: none, money ball, others; cue ball; rails;
    call), and the fouls the engine finds."""
    st, sh = _facts(scenario)
    on = st.get("on_table")
    money = max(on) if on else (9 if ruleset.startswith("9") else 10)
    lowest = min(on) if on else 1
    pocketed = sh.get("pocketed") or []
    called = sh.get("called")
    call = None if called is None else "safe" if called == "safe" else (
        "money" if called.get("ball") == money else "pocketed" if called.get("ball") in pocketed else "other",
        bool(called.get("pocket_ok")))
    first = sh.get("first_contact")
    return (ruleset, sh.get("kind"), st.get("rack"), (st.get("fouls") or {}).get("shooter"), st.get("warned"),
            st.get("ball_in_hand"), st.get("push_out_available"),
            "none" if first is None else "lowest" if first == lowest else "other",
            "none" if not pocketed else ("money" if money in pocketed else "") + ("+" if len(pocketed) > 1 or
                                                                                 money not in pocketed else ""),
            bool(sh.get("off_table")), sh.get("cue_ball"), sh.get("rail_after_contact"), sh.get("cue_rail_first"),
            call, bool(sh.get("jump")), bool(sh.get("masse")), bool(sh.get("obstacle_moved")),
            tuple(sorted(sh.get("fouls") or ())), tuple(sorted(f.code for f in outcome.fouls)) if outcome else ())


def ruling_parts(r: Mapping[str, Any]) -> tuple:
    """A recorded ruling (``detail.rulings`` entry) as the parts a referee announces."""
    end = r.get("winner") if r.get("winner") else None
    return (bool(r.get("foul")), end, None if end else r.get("next"), None if end else bool(r.get("ball_in_hand")),
            tuple(r.get("spotted") or ()), None if end else bool(r.get("push_out")),
            None if end else r.get("fouls_after"))


def _closest_share(dist: list[list[float]], key: int, farthest: bool = False) -> float:
    """1 when the key alone is the choice closest to the others (``farthest``: farthest from
    them), 1/k when k choices tie."""
    totals = [sum(row) for row in dist]
    best = max(totals) if farthest else min(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    return 1 / len(winners) if key in winners else 0.0


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def _jaccard_distance(a: str, b: str) -> float:
    wa, wb = _words(a), _words(b)
    return 1 - len(wa & wb) / len(wa | wb) if wa | wb else 0.0


# ----------------------------------------------------------------------------- text questions
def _content(text: str) -> set[str]:
    return {w for w in (x.lower() for x in WORD.findall(text)) if w not in STOP and len(w) > 2}


def _fold(text: str) -> str:
    return " ".join(text.replace("’", "'").lower().split())


def false_statement_true(book: Rulebook, q: Any) -> bool:
    """A « Faux » statement that a text states, or whose change sits where it can stay true."""
    d = q.detail
    statement, sentence = d.get("statement", ""), q.evidence or d.get("sentence", "")
    texts = [_fold(c.text) for c in book.by_ruleset[q.ruleset]]
    if any(_fold(statement) in t for t in texts):
        return True
    start = _first_difference(sentence, statement)
    while start and sentence[start - 1].isalpha():       # back to the start of the word changed
        start -= 1
    if start is not None and CONTRAST.search(sentence[:start]):
        return True
    original = d.get("original", "")
    replaced = statement[start:start + len(statement) - len(sentence) + len(original)] if start is not None else ""
    if {original.lower(), replaced.strip().lower()} == {"gagne", "perd"} and ENDING.search(sentence):
        return True        # « la partie prend fin si un joueur perd » / « … gagne »: both true
    return bool(replaced) and _fold(replaced) in _fold(sentence) and _fold(replaced) not in _fold(original)


def _first_difference(a: str, b: str) -> int | None:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def ungrammatical(text: str) -> bool:
    """« n'n' », a word doubled, or « deux faute »."""
    t = text.replace("’", "'")
    if re.search(r"\bn'n'|\bn'ne\b|\bne n'", t, re.IGNORECASE):
        return True
    if re.search(r"\b(\w{2,})\s+\1\b", t, re.IGNORECASE):
        return True
    return bool(NUMBER_NOUN.search(t))


def fill_ambiguous(book: Rulebook, q: Any) -> bool:
    """A wrong choice of a fill-in that a text of the ruleset also has in that sentence, or
    that stands in the sentence already."""
    d = q.detail
    blanked = d.get("blanked", "")
    if "_____" not in blanked:
        return False
    before, after = blanked.split("_____", 1)
    texts = [_fold(c.text) for c in book.by_ruleset[q.ruleset]]
    right = q.right_text.lower()
    for c in q.choices:
        if c.id == q.right:
            continue
        pair = f"{right} {c.text.lower()}"
        if "gagne" in pair and "perd" in pair and ENDING.search(d.get("sentence", "")):
            return True       # « se termine s'il gagne / perd la partie »: both end a turn
        if any(_fold(before + c.text + after) in t for t in texts):
            return True
        if re.search(rf"(?<!\w){re.escape(_fold(c.text))}(?!\w)", _fold(before + " " + after)):
            return True
    return False


def passage_shared(book: Rulebook, q: Any) -> bool:
    """A « which ruleset » passage whose content words mostly stand in one clause of another
    ruleset of the same game (70 % of them, or all but two)."""
    rid = q.detail.get("answer_ruleset")
    game = book.rulesets[rid].game
    words = _content(q.evidence)
    if not words:
        return False
    for other in book.rulesets_of_game(game):
        if other == rid:
            continue
        for c in book.by_ruleset[other]:
            shared = len(words & _content(c.text))
            if shared >= 0.7 * len(words) or shared >= len(words) - 2:
                return True
    return False


# ----------------------------------------------------------------------------- the audit
class Audit:
    """Tallies over the questions seen."""

    def __init__(self, book: Rulebook):
        self.book = book
        self.n = Counter()
        self.types: dict[str, set] = defaultdict(set)
        self.answers: dict[str, set] = defaultdict(set)
        self.closest = self.closest_words = self.farthest = self.farthest_words = 0.0
        self.samples: dict[str, list[str]] = defaultdict(list)

    def flag(self, name: str, q: Any) -> None:
        self.n[name] += 1
        if len(self.samples[name]) < 3:
            self.samples[name].append(f"{q.id}: {q.prompt[:160]}")

    def call(self, q: Any) -> None:
        self.n["call"] += 1
        if physically_impossible(q.scenario):
            self.flag("impossible", q)
        try:
            sc, _ = parse_scenario(dict(q.scenario))
            out = evaluate(self.book, sc)
        except ImpossibleScenarioError:
            self.flag("impossible_engine", q)
            out = None
        if out is not None and (out.unsettled or out.assumptions or out.notes):
            self.flag("contested", q)
        self.types[q.ruleset].add(situation_type(q.ruleset, q.scenario, out))
        self.answers[q.ruleset].add(q.right_text)
        rulings = q.detail.get("rulings") or {}
        ids = [c.id for c in q.choices]
        if all(i in rulings for i in ids):
            parts = [ruling_parts(rulings[i]) for i in ids]
            dist = [[sum(x != y for x, y in zip(a, b)) for b in parts] for a in parts]
            self.closest += _closest_share(dist, ids.index(q.right))
            self.farthest += _closest_share(dist, ids.index(q.right), farthest=True)
            if len({p[0] for p in parts}) == 1:
                self.n["one_verdict"] += 1
            wrong = [p for i, p in zip(ids, parts) if i != q.right]
            right = parts[ids.index(q.right)]
            if any(sum(x != y for x, y in zip(w, right)) < 2 for w in wrong):
                self.n["one_part_distractor"] += 1
        texts = [c.text for c in q.choices]
        dist_w = [[_jaccard_distance(a, b) for b in texts] for a in texts]
        self.closest_words += _closest_share(dist_w, ids.index(q.right))
        self.farthest_words += _closest_share(dist_w, ids.index(q.right), farthest=True)
        if q.detail.get("level") is not None:
            self.n[f"level_{q.detail['level']}"] += 1

    def text(self, q: Any) -> None:
        self.n[q.form] += 1
        if q.form == "true_false" and not q.detail.get("truth", True):
            self.n["false_statements"] += 1
            if false_statement_true(self.book, q):
                self.flag("false_true", q)
            if ungrammatical(q.detail.get("statement", "")):
                self.flag("false_ungrammatical", q)
        if q.form == "fill" and fill_ambiguous(self.book, q):
            self.flag("fill_ambiguous", q)
        if q.form == "which_ruleset" and passage_shared(self.book, q):
            self.flag("passage_shared", q)

    def every(self, q: Any) -> None:
        self.n["questions"] += 1
        blob = " ".join([q.prompt, q.explanation, *(c.text for c in q.choices)])
        if PLACEHOLDERS.search(blob):
            self.flag("placeholder", q)
        rs = self.book.rulesets.get(q.ruleset) if q.ruleset else None
        if rs is not None and "L’arbitre constate" in q.prompt and rs.id == "10-doolys":
            self.flag("referee_doolys", q)


def _pct(a: float, b: float) -> str:
    return f"{100 * a / b:.1f} %" if b else "—"


def repeats(book: Rulebook, quizzes: int, count: int) -> tuple[int, int]:
    """(ruling questions, those whose situation type an earlier question already had)."""
    seen: set = set()
    total = again = 0
    for seed in range(1001, 1001 + quizzes):
        for q in generate(book, None, None, count, seed):
            if q.kind != "call":
                continue
            try:
                out = evaluate(book, parse_scenario(dict(q.scenario))[0])
            except ImpossibleScenarioError:
                out = None
            t = situation_type(q.ruleset, q.scenario, out)
            total += 1
            again += t in seen
            seen.add(t)
    return total, again


def run(seeds: int, count: int, quizzes: int, quiz_count: int, samples: bool) -> None:
    book = load_rulebook()
    audit = Audit(book)
    for seed in range(1, seeds + 1):
        for q in generate(book, None, None, count, seed):
            audit.every(q)
            (audit.call if q.kind == "call" else audit.text)(q)
    n, c = audit.n, audit.n["call"]
    print(f"Quiz generator audit: {seeds} seeds x {count} questions = {n['questions']} questions "
          f"({c} ruling, {n['true_false']} true/false, {n['fill']} fill-in, {n['consequence']} consequence, "
          f"{n['which_ruleset']} which-ruleset, {n['policy_owner']} policy)")
    print("-- ruling questions")
    print(f"impossible situations (cue ball touched nothing, a ball moved): {n['impossible']}"
          f"   refused by the engine: {n['impossible_engine']}")
    print(f"contested rulings (unsettled, assumptions or notes): {n['contested']} ({_pct(n['contested'], c)})")
    print(f"'closest to the others' finds the key (ruling parts): {_pct(audit.closest, c)}"
          f"   (choice words): {_pct(audit.closest_words, c)}")
    print(f"'farthest from the others' finds the key (ruling parts): {_pct(audit.farthest, c)}"
          f"   (choice words): {_pct(audit.farthest_words, c)}   [chance: about 25 % with four choices]")
    print(f"choices all sharing one verdict (foul / no foul): {n['one_verdict']} ({_pct(n['one_verdict'], c)})")
    print(f"questions with a distractor differing from the key in one part only: {n['one_part_distractor']} "
          f"({_pct(n['one_part_distractor'], c)})")
    levels = {k: v for k, v in sorted(n.items()) if k.startswith("level_")}
    if levels:
        print("difficulty levels: " + ", ".join(f"{k[6:]}: {v}" for k, v in levels.items()))
    for r in book.rulesets:
        print(f"  {r:10} distinct situation types: {len(audit.types[r]):4}   distinct right answers: "
              f"{len(audit.answers[r]):4}")
    total, again = repeats(book, quizzes, quiz_count)
    print(f"repeats across {quizzes} quizzes of {quiz_count}: {again} of {total} ruling questions "
          f"({_pct(again, total)}) have a situation type asked before")
    print("-- text questions")
    f = n["false_statements"]
    print(f"false statements that are true: {n['false_true']} of {f} ({_pct(n['false_true'], f)})")
    print(f"false statements ungrammatical: {n['false_ungrammatical']} ({_pct(n['false_ungrammatical'], f)})")
    print(f"fill-ins with another right choice: {n['fill_ambiguous']} of {n['fill']}")
    print(f"'which ruleset' passages another ruleset also holds: {n['passage_shared']} of {n['which_ruleset']}")
    print(f"placeholders (s)/(nt)/(e) anywhere: {n['placeholder']}")
    print(f"'L’arbitre constate' under Dooly's: {n['referee_doolys']}")
    if samples:
        for name, items in audit.samples.items():
            print(f"[{name}]")
            for s in items:
                print("   ", s)


def main(argv: Iterable[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--quizzes", type=int, default=10)
    ap.add_argument("--quiz-count", type=int, default=20)
    ap.add_argument("--samples", action="store_true", help="print up to three flagged questions per figure")
    a = ap.parse_args(list(argv) if argv is not None else None)
    run(a.seeds, a.count, a.quizzes, a.quiz_count, a.samples)


if __name__ == "__main__":
    main()
