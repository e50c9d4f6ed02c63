"""Pumped questions: how long the whole question pipeline takes on long repetitive inputs.

For each family of repetition that once froze the server (issue 9) and a few of our own, the
question is grown to 150, 300 and 500 characters (the longest the web layer accepts) and asked
through the Answerer wired as in the app; prints the time of each (the slowest of 3 runs).
A linear pipeline stays in milliseconds; the patterns that froze it took 30 s at 146 characters.
The patterns themselves are pumped one by one in tests/test_regex_linear.py.

Run: python -m bench.bench_pump
"""
from __future__ import annotations

import time

from web import build_answerer

from qa.rulebook import load_rulebook

FAMILIES = {
    "comment viser + de l'": ("comment viser ", "de l'", "zz"),
    "j'ai + a déjà": ("j'ai", " a déjà", ""),
    "il reste + plus que": ("il reste", " plus que", ""),
    "j'ai + déjà fait": ("j'ai", " déjà fait", ""),
    "la 9 + et la 9": ("au 9 je touche la 1 puis la 9", " et la 9", " tombe"),
    "je touche + la blanche": ("je touche", " la blanche", " zz"),
    "avant de + toucher": ("la blanche touche la 2", " avant de toucher la 3", ""),
    "sans + rien": ("je casse", " sans rien", " toucher"),
}


def pumped(prefix: str, unit: str, suffix: str, length: int) -> str:
    n = max(1, (length - len(prefix) - len(suffix)) // len(unit))
    return (prefix + unit * n + suffix)[:length]


def main() -> None:
    answerer = build_answerer(load_rulebook())
    print(f"{'famille':<28} {'150 car.':>10} {'300 car.':>10} {'500 car.':>10}")
    worst = 0.0
    for name, (prefix, unit, suffix) in FAMILIES.items():
        cells = []
        for length in (150, 300, 500):
            q = pumped(prefix, unit, suffix, length)
            best = 0.0
            for _ in range(3):
                t0 = time.perf_counter()
                answerer.ask(q)
                best = max(best, time.perf_counter() - t0)
            worst = max(worst, best)
            cells.append(f"{best * 1000:8.1f} ms")
        print(f"{name:<28} " + " ".join(f"{c:>10}" for c in cells))
    print(f"pire : {worst * 1000:.1f} ms")


if __name__ == "__main__":
    main()
