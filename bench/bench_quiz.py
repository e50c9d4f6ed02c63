"""Quiz figures: generation time for 50 questions, and answers per second through the store.

    python bench/bench_quiz.py [--runs 40] [--quizzes 20] [--threads 8]

- generation: ``generate(book, all rulesets, all topics, 50, seed)`` — the first call (which
  also builds the clause pools of the book) and then ``--runs`` seeds: median, p95, max;
- store: ``--quizzes`` quizzes of 50 questions answered one by one through
  ``QuizService.answer`` (validation, transaction, Leitner box) in one thread, then the same
  with ``--threads`` threads at once; every run checks that exactly N answers were written.
The database is a temporary file (WAL, as in production).
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path


from qa.quiz.generate import generate
from qa.quiz.service import QuizService
from qa.quiz.store import Store
from qa.rulebook import load_rulebook


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def bench_generation(book, runs: int) -> None:
    t = time.perf_counter()
    qs = generate(book, None, None, 50, 0)
    first = (time.perf_counter() - t) * 1000
    times = []
    kinds: dict[str, int] = {}
    for seed in range(1, runs + 1):
        t = time.perf_counter()
        qs = generate(book, None, None, 50, seed)
        times.append((time.perf_counter() - t) * 1000)
        assert len(qs) == 50
        for q in qs:
            kinds[q.kind] = kinds.get(q.kind, 0) + 1
    print(f"generation, 50 questions, all rulesets and topics ({runs} seeds):")
    print(f"  first call (builds the clause pools): {first:.1f} ms")
    print(f"  then: median {statistics.median(times):.1f} ms, p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms"
          f"  (target < 200 ms)")
    total = sum(kinds.values())
    print("  mix: " + ", ".join(f"{k} {100 * v / total:.0f} %" for k, v in sorted(kinds.items())))
    narrow = []
    for seed in range(runs):
        t = time.perf_counter()
        generate(book, ["9-ffb"], ["three-fouls"], 50, seed)
        narrow.append((time.perf_counter() - t) * 1000)
    print(f"  narrow selection (9-ffb, three-fouls, asks 50, gets fewer): median {statistics.median(narrow):.1f} ms, "
          f"max {max(narrow):.1f} ms")


def bench_store(book, quizzes: int, threads: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        svc = QuizService(book, Store(Path(tmp) / "bench.db"))
        made, learners = [], {}
        for i in range(quizzes * 2):
            name = f"bench-{i % 3}"
            z = svc.create({"count": 50, "seed": i, "learner": name}, token=learners.get(name))
            learners.setdefault(name, z.get("learner_token"))
            made.append(z)
        seq, par = made[:quizzes], made[quizzes:]
        jobs = [(z["id"], q["id"], q["choices"][0]["id"], z["token"]) for z in seq for q in z["questions"]]
        t = time.perf_counter()
        for quiz_id, qid, choice, token in jobs:
            svc.answer(quiz_id, {"question": qid, "choice": choice}, token)
        dt = time.perf_counter() - t
        n = svc.store.counts()["answers"]
        assert n == len(jobs), (n, len(jobs))
        print(f"store, one thread: {len(jobs)} answers in {dt:.2f} s → {len(jobs) / dt:.0f} answers/s "
              f"({1000 * dt / len(jobs):.2f} ms each; WAL, BEGIN IMMEDIATE, Leitner update)")

        jobs = [(z["id"], q["id"], q["choices"][-1]["id"], z["token"]) for z in par for q in z["questions"]]
        chunks = [jobs[i::threads] for i in range(threads)]
        errors: list[Exception] = []

        def work(chunk):
            try:
                for quiz_id, qid, choice, token in chunk:
                    svc.answer(quiz_id, {"question": qid, "choice": choice}, token)
            except Exception as exc:  # pragma: no cover - reported
                errors.append(exc)

        ts = [threading.Thread(target=work, args=(c,)) for c in chunks]
        t = time.perf_counter()
        for th in ts:
            th.start()
        for th in ts:
            th.join()
        dt = time.perf_counter() - t
        total = svc.store.counts()["answers"]
        assert not errors, errors[:1]
        assert total == n + len(jobs), (total, n + len(jobs))
        print(f"store, {threads} threads at once: {len(jobs)} answers in {dt:.2f} s → {len(jobs) / dt:.0f} answers/s; "
              f"rows written: exactly {len(jobs)} (no loss, no duplicate)")

        quiz_id, q = seq[0]["id"], seq[0]["questions"][0]
        t = time.perf_counter()
        for _ in range(500):
            svc.answer(quiz_id, {"question": q["id"], "choice": "a"}, seq[0]["token"])
        dt = time.perf_counter() - t
        print(f"store, the same answer re-sent 500 times: {500 / dt:.0f}/s, rows for it: 1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--quizzes", type=int, default=20)
    ap.add_argument("--threads", type=int, default=8)
    args = ap.parse_args()
    t = time.perf_counter()
    book = load_rulebook()
    print(f"rulebook loaded in {(time.perf_counter() - t) * 1000:.0f} ms")
    bench_generation(book, args.runs)
    bench_store(book, args.quizzes, args.threads)


if __name__ == "__main__":
    main()
