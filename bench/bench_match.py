"""Match-mode figures: the cost of entering a shot, and of reading a match, as the rack and the
match grow.

    python -m bench.bench_match [--racks 20] [--backend sqlite|URL]

A match of ``--racks`` racks is played through ``MatchService`` (token check, transaction with
a lock on the match, replay of the rack under way through the engine, write): each rack is a
break, then ten misses (the turn passes), two fouls and a win on the money ball. Printed: shot
entry latency (median, p95, max) by the number of shots already in the rack, and the time of
``GET``-equivalent reads (``view``) at the end (the whole match, JSON with citations).
The database is a temporary SQLite file (WAL), or the PostgreSQL URL given.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from qa.match.service import MatchService
from qa.match.store import MatchStore
from qa.rulebook import load_rulebook

BREAK = {"kind": "break", "first_contact": 1, "pocketed": [], "balls_to_rail": 4}
MISS = {"first_contact": 1, "pocketed": [], "rail_after_contact": True}
FOUL = {"first_contact": 1, "pocketed": [], "rail_after_contact": True, "cue_ball": "pocketed"}
WIN = {"first_contact": 1, "pocketed": [9]}


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=20)
    ap.add_argument("--backend", default="sqlite")
    args = ap.parse_args()
    book = load_rulebook()
    with tempfile.TemporaryDirectory() as tmp:
        target = str(Path(tmp) / "bench.db") if args.backend == "sqlite" else args.backend
        svc = MatchService(book, MatchStore(target))
        m = svc.create({"ruleset": "9-ffb", "players": ["A", "B"], "race_to": args.racks + 1})
        rack = [BREAK] + [MISS] * 10 + [FOUL, FOUL, WIN]
        by_position: dict[int, list[float]] = {}
        total = 0
        for _ in range(args.racks):
            for i, shot in enumerate(rack):
                t = time.perf_counter()
                svc.shot(m["id"], shot, m["token"])
                by_position.setdefault(i, []).append((time.perf_counter() - t) * 1000)
                total += 1
        print(f"match 9-ffb, {args.racks} racks, {total} shots ({svc.store.backend})")
        print("shot entry (ms) by shots already in the rack: position  median  p95  max")
        for i in (0, 5, 10, 13):
            v = by_position[i]
            print(f"  {i:>2}  {statistics.median(v):7.2f}  {pct(v, 95):7.2f}  {max(v):7.2f}")
        reads = []
        for _ in range(20):
            t = time.perf_counter()
            view = svc.view(m["id"])
            reads.append((time.perf_counter() - t) * 1000)
        assert view["score"]["A"] + view["score"]["B"] == args.racks and len(view["shots"]) == total
        print(f"read the whole match ({total} shots): median {statistics.median(reads):.1f} ms, "
              f"max {max(reads):.1f} ms")
        svc.store.close()


if __name__ == "__main__":
    main()
