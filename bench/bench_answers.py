"""Answers benchmark: every figure of the answers issue on one question set.

Usage: python -m bench.bench_answers [FILE] [--list]

FILE (default bench/data/questions_fresh.yaml) holds four lists, written by someone who never
saw the matcher:
- ``questions``: ``{q, answers: [clause ids]}`` (any of them counts as right);
- ``out_of_scope``: ``{q}`` — the texts do not answer;
- ``yes_no``: ``{q, verdicts: {ruleset: yes|no|silent}, clauses: [...]}``;
- ``follow_ups``: ``{first, then, answers: [clause ids]}`` — ``then`` is asked with the
  ``context`` of the answer to ``first``.

Prints: top-1, top-3 and MRR of the in-scope questions; out-of-scope refused; in-scope
refused (questions, yes/no and both turns of the follow-ups); yes/no verdicts right per
(question, ruleset), and questions with every verdict right; follow-ups resolved (the second
turn answered and one of its first three citations among ``answers``); how many ``short``
are over 200 characters (and the longest); latency p50 / p95 / max of one ``ask`` in
process (the pipeline the web and the API call, situations included). ``--list`` prints the
misses.
"""
from __future__ import annotations

import inspect
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from qa.answer import Answerer
from qa.rulebook import load_rulebook
from qa.situation_answer import situation_handler

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "bench" / "data" / "questions_fresh.yaml"


def _pct(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.3f}" if b else "n/a"


class _Run:
    def __init__(self, answerer: Answerer):
        self.answerer = answerer
        self.times: list[float] = []
        self.shorts: list[tuple[int, str, str]] = []
        self.takes_context = "context" in inspect.signature(answerer.ask).parameters

    def ask(self, q: str, context: str | None = None) -> dict[str, Any]:
        t = time.perf_counter()
        if context is not None and self.takes_context:
            ans = self.answerer.ask(q, context=context)
        else:
            ans = self.answerer.ask(q)
        self.times.append(time.perf_counter() - t)
        short = ans.get("short")
        if isinstance(short, str):
            self.shorts.append((len(short), q, short))
        else:
            self.shorts.append((10_000, q, "(no short)"))
        return ans


def _cites(ans: dict[str, Any]) -> list[str]:
    return [c.get("id") for c in ans.get("citations") or []]


def main(argv: list[str]) -> int:
    show = "--list" in argv
    args = [a for a in argv if not a.startswith("--")]
    path = Path(args[0]) if args else DEFAULT
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    book = load_rulebook()
    run = _Run(Answerer(book, situation_handler(book)))
    run.answerer.matcher.warm()     # as the server does at start-up (web.build_answerer)
    for q in ("warm-up : la 9 tombe à la casse", "peut-on sauter ?"):
        run.answerer.ask(q)
    misses: list[str] = []
    in_refused = in_total = 0

    qs = data.get("questions") or []
    top1 = top3 = 0
    rr = 0.0
    for item in qs:
        ans = run.ask(item["q"])
        cites, wanted = _cites(ans), set(item.get("answers") or [])
        in_total += 1
        refused = ans.get("kind") == "unknown"
        in_refused += refused
        rank = next((i for i, c in enumerate(cites) if c in wanted), None)
        top1 += rank == 0
        top3 += rank is not None and rank < 3
        rr += 1.0 / (rank + 1) if rank is not None else 0.0
        if rank != 0:
            misses.append(f"[lookup] {item['q']!r}: {'REFUSED' if refused else cites[:3]} want {sorted(wanted)[:4]}")

    oos = data.get("out_of_scope") or []
    oos_refused = 0
    for item in oos:
        ans = run.ask(item["q"] if isinstance(item, dict) else str(item))
        ok = ans.get("kind") == "unknown"
        oos_refused += ok
        if not ok:
            misses.append(f"[out of scope answered] {item['q']!r}: {ans.get('kind')} {_cites(ans)[:1]}")

    yn = data.get("yes_no") or []
    pairs = pairs_right = whole = 0
    for item in yn:
        ans = run.ask(item["q"])
        in_total += 1
        in_refused += ans.get("kind") == "unknown"
        got = ans.get("verdicts") or {}
        want = item.get("verdicts") or {}
        right = sum(1 for r, v in want.items() if got.get(r) == v)
        pairs += len(want)
        pairs_right += right
        whole += right == len(want)
        if right < len(want):
            misses.append(f"[yes/no] {item['q']!r}: got {got or None} want {want}")

    fu = data.get("follow_ups") or []
    resolved = resolved1 = 0
    for item in fu:
        first = run.ask(item["first"])
        second = run.ask(item["then"], context=first.get("context"))
        in_total += 2
        in_refused += (first.get("kind") == "unknown") + (second.get("kind") == "unknown")
        cites, wanted = _cites(second), set(item.get("answers") or [])
        ok = second.get("kind") != "unknown" and any(c in wanted for c in cites[:3])
        resolved += ok
        resolved1 += second.get("kind") != "unknown" and bool(cites) and cites[0] in wanted
        if not ok:
            misses.append(f"[follow-up] {item['first']!r} -> {item['then']!r}: "
                          f"{'REFUSED' if second.get('kind') == 'unknown' else cites[:3]} want {sorted(wanted)[:3]}")

    over = [s for s in run.shorts if s[0] > 200]
    longest = max(run.shorts, default=(0, "", ""))
    ms = sorted(t * 1000 for t in run.times)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))] if ms else 0.0
    print(f"set: {path} ({len(qs)} questions, {len(oos)} out of scope, {len(yn)} yes/no, {len(fu)} follow-ups)")
    print(f"top-1 (in scope):               {_pct(top1, len(qs))}")
    print(f"top-3 (in scope):               {_pct(top3, len(qs))}")
    print(f"MRR (in scope):                 {rr / len(qs):.3f}" if qs else "MRR: n/a")
    print(f"out of scope refused:           {_pct(oos_refused, len(oos))}")
    print(f"in-scope refused:               {_pct(in_refused, in_total)}")
    print(f"yes/no verdicts right (pairs):  {_pct(pairs_right, pairs)}")
    print(f"yes/no questions all right:     {_pct(whole, len(yn))}")
    print(f"follow-ups resolved (top-3):    {_pct(resolved, len(fu))}")
    print(f"follow-ups resolved (top-1):    {_pct(resolved1, len(fu))}")
    print(f"short over 200 characters:      {len(over)} of {len(run.shorts)} (longest {longest[0]})")
    if ms:
        print(f"latency per ask (in process):   p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, "
              f"max {ms[-1]:.1f} ms over {len(ms)} asks")
    if show:
        print("\nmisses:")
        for m in misses:
            print("- " + m)
        for n, q, s in over:
            print(f"- [short {n}] {q!r}: {s}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
