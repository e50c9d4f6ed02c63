"""Independent benchmark: top-1 / top-3 on in-scope questions, refusals.

Usage: python bench/bench_independent.py [path/to/questions.yaml]
"""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

from qa.rulebook import load_rulebook
from qa.answer import Answerer

ROOT = Path(__file__).resolve().parent.parent

DEFAULT = ROOT / "bench" / "data" / "questions_independent.yaml"


def main(path: Path = DEFAULT) -> int:
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    answerer = Answerer(load_rulebook())

    n_in = n_out = top1 = top3 = in_refused = out_refused = 0
    wrong_top1: list[tuple[str, str, list[str]]] = []
    answered_out: list[tuple[str, str, str]] = []

    for item in items:
        q, wanted = item["q"], list(item.get("answers") or [])
        ans = answerer.ask(q)
        kind = ans.get("kind")
        cites = [c.get("id") for c in (ans.get("citations") or [])]
        refused = kind == "unknown"
        if wanted:
            n_in += 1
            if refused:
                in_refused += 1
            hit1 = (not refused) and bool(cites) and cites[0] in wanted
            hit3 = (not refused) and any(c in wanted for c in cites[:3])
            top1 += hit1
            top3 += hit3
            if not hit1:
                got = "REFUSED" if refused else (cites[0] if cites else f"(no citation, kind={kind})")
                wrong_top1.append((q, got, wanted))
        else:
            n_out += 1
            if refused:
                out_refused += 1
            else:
                answered_out.append((q, str(kind), cites[0] if cites else "-"))

    pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"
    print(f"questions: {len(items)} ({n_in} in scope, {n_out} out of scope)")
    print(f"top-1 (in scope):            {pct(top1, n_in)}")
    print(f"top-3 (in scope):            {pct(top3, n_in)}")
    print(f"in-scope refused:            {pct(in_refused, n_in)}")
    print(f"out-of-scope refused (recall): {pct(out_refused, n_out)}")

    print(f"\nIn-scope questions with wrong top-1 ({len(wrong_top1)}):")
    for q, got, wanted in wrong_top1:
        print(f"- {q!r}\n    got:    {got}\n    wanted: {', '.join(wanted)}")
    print(f"\nOut-of-scope questions answered ({len(answered_out)}):")
    for q, kind, first in answered_out:
        print(f"- {q!r}  [kind={kind}, first citation={first}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT))
