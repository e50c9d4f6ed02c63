"""Independent bench of situational questions (bench/data/situations_independent.yaml).

Asks every question through the Answerer wired as in the app and reports:
- the share of situations understood as a situation (answer kind "scenario");
- the share of (question, ruleset) pairs ruled right (every expected field equal; ``spotted``
  compared as a set; a ruleset missing from ``outcomes`` counts wrong);
- the share of questions fully right (all their pairs right);
- the failures (question, ruleset, field, got, expected);
- how many rule questions that are not situations (``lookups``) were answered as "scenario".

- for stories marked ``follow_up: true`` (too incomplete to rule), how many get a question back;
- latency of the whole answer in process (p50, p95).

Run: python bench/bench_situations_independent.py [--data FILE.yaml] [--json]
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

import yaml

from qa.rulebook import load_rulebook
from qa.answer import Answerer
from qa.situation_answer import situation_handler

ROOT = Path(__file__).resolve().parent.parent

DATA = ROOT / "bench" / "data" / "situations_independent.yaml"
MISSING = object()


def _same(field: str, got, expected) -> bool:
    if got is MISSING:
        return False
    if field == "spotted":
        try:
            return set(got or []) == set(expected or [])
        except TypeError:
            return False
    return got == expected


def _show(value) -> str:
    return "(absent)" if value is MISSING else json.dumps(value, ensure_ascii=False)


def _understand_times(book, questions: list[str], rounds: int = 3) -> list[float]:
    """Milliseconds of :func:`qa.understand.understand` alone (no engine, no answer) per question,
    ``rounds`` times each, after one warm-up round; sorted."""
    from qa.understand import understand
    for q in questions:
        understand(book, q)
    out = []
    for _ in range(rounds):
        for q in questions:
            t0 = time.perf_counter()
            understand(book, q)
            out.append((time.perf_counter() - t0) * 1000)
    return sorted(out)


def run(path: Path = DATA) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    everything, lookups = data["situations"], data.get("lookups") or []
    situations = [s for s in everything if not s.get("follow_up")]
    incomplete = [s for s in everything if s.get("follow_up")]
    book = load_rulebook()
    answerer = Answerer(book, situations=situation_handler(book))

    understood = pairs = pairs_right = questions_right = 0
    failures: list[dict] = []
    kinds: dict[str, int] = {}
    lat: list[float] = []
    for item in situations:
        q, expect = item["q"], item["expect"]
        try:
            t0 = time.perf_counter()
            answer = answerer.ask(q)
            lat.append((time.perf_counter() - t0) * 1000)
            error = None
        except Exception as exc:  # a crash counts as not understood and every pair wrong
            answer, error = {}, f"{type(exc).__name__}: {exc}"
        kind = answer.get("kind")
        kinds[str(kind)] = kinds.get(str(kind), 0) + 1
        if kind == "scenario":
            understood += 1
        outcomes = answer.get("outcomes") or {}
        all_right = True
        for ruleset, fields in expect.items():
            pairs += 1
            outcome = outcomes.get(ruleset)
            if outcome is None:
                all_right = False
                failures.append({"q": q, "ruleset": ruleset, "field": "(ruleset)",
                                 "got": error or f"absent (kind={kind}, outcomes={sorted(outcomes)})",
                                 "expected": "present"})
                continue
            pair_right = True
            for field, expected in (fields or {}).items():
                got = outcome.get(field, MISSING)
                if not _same(field, got, expected):
                    pair_right = False
                    failures.append({"q": q, "ruleset": ruleset, "field": field,
                                     "got": _show(got), "expected": _show(expected)})
            if pair_right:
                pairs_right += 1
            else:
                all_right = False
        if all_right:
            questions_right += 1

    wrong_lookups = []
    for q in lookups:
        try:
            kind = answerer.ask(q).get("kind")
        except Exception as exc:
            kind = f"error {type(exc).__name__}"
        if kind == "scenario":
            wrong_lookups.append(q)

    asked_back = [item["q"] for item in incomplete if _asks_back(answerer, item["q"])]
    lat.sort()
    alone = _understand_times(book, [item["q"] for item in situations])
    n = len(situations)
    return {
        "follow_up_items": len(incomplete), "follow_up_asked": len(asked_back),
        "follow_up_missed": [i["q"] for i in incomplete if i["q"] not in asked_back],
        "p50_ms": statistics.median(lat) if lat else 0.0,
        "p95_ms": lat[int(0.95 * (len(lat) - 1))] if lat else 0.0,
        "understand_p50_ms": statistics.median(alone) if alone else 0.0,
        "understand_p95_ms": alone[int(0.95 * (len(alone) - 1))] if alone else 0.0,
        "situations": n, "understood": understood, "kinds": kinds,
        "pairs": pairs, "pairs_right": pairs_right, "questions_right": questions_right,
        "lookups": len(lookups), "lookups_as_scenario": wrong_lookups, "failures": failures,
    }


def _asks_back(answerer: Answerer, q: str) -> bool:
    """A story too incomplete to rule is answered with a question back (``follow_up``)."""
    try:
        return bool(answerer.ask(q).get("follow_up"))
    except Exception:
        return False


def main() -> None:
    args = sys.argv[1:]
    path = Path(args[args.index("--data") + 1]) if "--data" in args else DATA
    r = run(path)
    if "--json" in sys.argv[1:]:
        print(json.dumps(r, ensure_ascii=False, indent=2))
        return
    n, p = r["situations"], r["pairs"]
    print(f"situations comprises comme situation : {r['understood']}/{n} = {r['understood'] / n:.1%}"
          f"   (kinds: {r['kinds']})")
    print(f"paires (question, ruleset) justes    : {r['pairs_right']}/{p} = {r['pairs_right'] / p:.1%}")
    print(f"questions entièrement justes         : {r['questions_right']}/{n} = {r['questions_right'] / n:.1%}")
    print(f"lookups répondus « scenario » à tort : {len(r['lookups_as_scenario'])}/{r['lookups']}")
    print(f"histoires incomplètes où l'on redemande : {r['follow_up_asked']}/{r['follow_up_items']}")
    print(f"latence (réponse entière)            : p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms")
    print(f"latence (compréhension seule)        : p50 {r['understand_p50_ms']:.1f} ms, p95 {r['understand_p95_ms']:.1f} ms")
    for q in r["lookups_as_scenario"]:
        print(f"   - {q}")
    for q in r["follow_up_missed"]:
        print(f"   ? sans question en retour : {q}")
    print(f"\néchecs ({len(r['failures'])}) :")
    last = None
    for f in r["failures"]:
        if f["q"] != last:
            print(f"\n  Q: {f['q']}")
            last = f["q"]
        print(f"     {f['ruleset']:<10} {f['field']:<14} got={f['got']}  expected={f['expected']}")


if __name__ == "__main__":
    main()
