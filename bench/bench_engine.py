"""Rulings per second of the rules engine, in process, over a varied mix of scenarios.

    python bench/bench_engine.py [--seconds 3] [--scenarios 2000] [--seed 7]

Builds a fixed, seeded mix of valid scenarios across the five rulesets (breaks, push-outs,
ordinary shots, called shots, fouls, third fouls, template racks), parses them once, then
times ``evaluate`` alone and ``parse_scenario`` + ``evaluate`` (what the JSON API does).
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter


from qa.engine.evaluate import evaluate
from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.scenario import parse_scenario
from qa.rulebook import load_rulebook

RULESETS = ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")


def make_mix(book, n: int, seed: int) -> list[dict]:
    rnd = random.Random(seed)
    codes = list(book.foul_codes)
    out: list[dict] = []
    while len(out) < n:
        rs_id = RULESETS[len(out) % len(RULESETS)]
        rs = book.rulesets[rs_id]
        money = rs.money_ball
        kind = rnd.choices(["break", "normal", "push_out"], [2, 6, 1])[0]
        if kind == "break":
            table = list(range(1, money + 1))
            state = {"rack": rnd.choice(["triangle", "template"])}
        else:
            table = sorted(rnd.sample(range(1, money), rnd.randint(0, money - 1)) + [money])
            shooter = rnd.randint(0, 2)
            state = {"on_table": table, "fouls": {"shooter": shooter, "opponent": rnd.randint(0, 2)},
                     "warned": shooter == 2 and rnd.random() < 0.5, "push_out_available": kind == "push_out"}
        pocketed = rnd.sample(table, min(len(table), rnd.choice([0, 0, 1, 1, 2, 3])))
        shot = {"kind": kind, "first_contact": rnd.choice([table[0]] * 4 + table + [None]), "pocketed": pocketed,
                "cue_ball": rnd.choices(["table", "pocketed", "off_table"], [8, 2, 1])[0],
                "rail_after_contact": rnd.random() < 0.85, "jump": rnd.random() < 0.1, "masse": rnd.random() < 0.05}
        if kind == "break":
            shot["balls_to_rail"] = rnd.randint(2, 7)
            shot["crossed_head_string"] = rnd.randint(0, 2)
        if rs_id in ("10-ffb", "10-guide") and pocketed and rnd.random() < 0.8:
            shot["called"] = {"ball": rnd.choice(pocketed + [table[0]]), "pocket": "coin", "pocket_ok": rnd.random() < 0.9}
        if rnd.random() < 0.1:
            shot["fouls"] = [rnd.choice(codes)]
        data = {"ruleset": rs_id, "state": state, "shot": shot}
        try:
            evaluate(book, parse_scenario(data)[0])
        except ImpossibleScenarioError:
            continue
        out.append(data)
    return out


def rate(fn, items, seconds: float) -> tuple[float, float]:
    """(rulings per second of wall-clock time, per second of this process's CPU time)."""
    n, start, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        for it in items:
            fn(it)
        n += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed, n / max(time.process_time() - cpu, 1e-9)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--scenarios", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    book = load_rulebook()
    mix = make_mix(book, args.scenarios, args.seed)
    parsed = [parse_scenario(d)[0] for d in mix]
    kinds = Counter(d["shot"]["kind"] for d in mix)
    outcomes = [evaluate(book, s) for s in parsed]
    fouls = sum(not o.legal for o in outcomes)
    print(f"mix: {len(mix)} scenarios, {dict(Counter(d['ruleset'] for d in mix))}, kinds {dict(kinds)}, "
          f"{fouls} fouls, {sum(o.game_over for o in outcomes)} games over, "
          f"{sum(bool(o.unsettled) for o in outcomes)} with unsettled fields")
    ev, ev_cpu = rate(lambda s: evaluate(book, s), parsed, args.seconds)
    full, full_cpu = rate(lambda d: evaluate(book, parse_scenario(d)[0]), mix, args.seconds)
    print(f"evaluate:                {ev:,.0f} rulings/s ({ev_cpu:,.0f} per CPU second)")
    print(f"parse_scenario+evaluate: {full:,.0f} rulings/s ({full_cpu:,.0f} per CPU second)")
    print("(a busy machine lowers the first figure; the second is what one core does)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
