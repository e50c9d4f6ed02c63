"""Benchmark of situational questions: understanding per field, rulings, lookups, latency.

    python bench/bench_situations.py [--split tune|holdout|all] [--verbose] [--data FILE]

Reads tests/data/situations.yaml (format in its header). Prints, per split:

- the share of situations understood right per field (rulesets/game, phase, first contact,
  pocketed, cue ball, off table, lowest/on table, rails, call, foul count and warning, foul
  codes, rack/head string, jump/massé, shooter) and all fields at once;
- the share ruled right: every expected Outcome field that the Outcome does not list in
  ``unsettled`` equals the expected value, under every covered ruleset;
- the follow-up questions right (where the set gives them);
- lookups wrongly turned into situations (must be 0);
- latency of ``answer_situation`` in process: p50 and p95 (ms).

Exit status 0 always (a benchmark, not a test); ``tests/test_situation_answer.py`` holds the
thresholds.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from qa.rulebook import load_rulebook
from qa.situation_rulings import rule, weigh_open
from qa.understand import understand
from qa.situation_answer import answer_from

ROOT = Path(__file__).resolve().parent.parent

DATA = ROOT / "tests" / "data" / "situations.yaml"

# field groups reported, and the view keys each compares
GROUPS = {
    "rulesets/game": ["rulesets"],
    "phase": ["kind"],
    "first_contact": ["first_contact"],
    "pocketed": ["pocketed"],
    "cue_ball": ["cue_ball"],
    "off_table": ["off_table"],
    "on_table/lowest": ["lowest", "on_table"],
    "rails": ["rail_after_contact", "balls_to_rail", "cue_rail_first"],
    "called": ["called"],
    "fouls count/warned": ["fouls_shooter", "warned"],
    "foul codes": ["fouls"],
    "rack/head string": ["rack", "crossed_head_string"],
    "jump/masse": ["jump", "masse", "obstacle_moved"],
    "shooter/address/state": ["shooter", "address", "ball_in_hand"],
}
DEFAULTS = {"kind": "normal", "first_contact": "unstated", "pocketed": [], "cue_ball": "table",
            "off_table": [], "called": "unstated", "fouls": [], "fouls_shooter": 0, "warned": False,
            "rack": "triangle", "jump": False, "masse": False, "shooter": "self"}
SET_FIELDS = {"pocketed", "off_table", "fouls", "on_table", "rulesets", "spotted", "options"}


def load(path: Path = DATA) -> dict:
    """The situation set: {"situations": [...], "lookups": [...]}."""
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def view(book, u) -> dict[str, Any]:
    """What the bench compares of an Understanding (see tests/data/situations.yaml)."""
    sc = u.scenario
    shot, state = sc["shot"], sc["state"]
    facts = u.facts
    table = state.get("on_table")
    called = shot["called"] if "called" in shot else "unstated"
    if isinstance(called, dict):
        called = {"ball": called["ball"], "pocket_ok": called.get("pocket_ok", True)}
    return {
        "rulesets": list(u.rulesets), "kind": shot.get("kind", "normal"),
        "first_contact": facts.get("first_contact", "unstated"),
        "pocketed": list(shot.get("pocketed", [])), "cue_ball": shot.get("cue_ball", "table"),
        "off_table": list(shot.get("off_table", [])),
        "lowest": min(table) if table else None,
        "on_table": [b for b in table if b <= max(book.rulesets[r].money_ball for r in u.rulesets)] if table else None,
        "rail_after_contact": shot.get("rail_after_contact", "unstated"),
        "balls_to_rail": shot.get("balls_to_rail", "unstated"),
        "cue_rail_first": shot.get("cue_rail_first", False),
        "called": called, "fouls": list(shot.get("fouls", [])),
        "fouls_shooter": state.get("fouls", {}).get("shooter", 0), "warned": state.get("warned", False),
        "rack": state.get("rack", "triangle"), "crossed_head_string": shot.get("crossed_head_string", "unstated"),
        "jump": shot.get("jump", False), "masse": shot.get("masse", False),
        "obstacle_moved": shot.get("obstacle_moved", False), "shooter": u.shooter, "address": u.address,
        "ball_in_hand": state.get("ball_in_hand", False),
    }


def _norm(key: str, value: Any) -> Any:
    if isinstance(value, dict) and "ball" in value:
        return {"ball": value["ball"], "pocket_ok": value.get("pocket_ok", True)}
    if key in SET_FIELDS and isinstance(value, list):
        return sorted(value, key=str)
    return value


def expected_view(book, item: dict) -> dict[str, Any]:
    """The expected view: the item's ``u`` over the defaults (rulesets: all five)."""
    exp = dict(DEFAULTS)
    exp["rulesets"] = list(book.rulesets)
    exp.update(item.get("u") or {})
    if item.get("u", {}).get("cue_ball") is None and "cue_ball" in (item.get("u") or {}):
        exp["cue_ball"] = "table"
    if exp.get("on_table") and exp.get("lowest") is None:
        exp["lowest"] = min(exp["on_table"])
    return exp


def field_errors(book, item: dict, u) -> dict[str, tuple]:
    """{view key: (expected, got)} for each field understood wrong (u None: all wrong)."""
    exp = expected_view(book, item)
    if u is None:
        return {"situation": ("situation", None)}
    got = view(book, u)
    errs = {}
    for key, want in exp.items():
        if key not in got:
            continue
        if _norm(key, got[key]) != _norm(key, want):
            errs[key] = (want, got[key])
    return errs


def expected_outcomes(item: dict, rulesets) -> dict[str, dict]:
    o = item.get("o") or {}
    base = o.get("all", {})
    return {r: {**base, **o.get(r, {})} for r in rulesets}


_OUTCOME_UNSETTLED = {"break_legal": "break", "three_ball_rule": "break", "fouls_after": "fouls_after",
                      "options": "options"}


def outcome_errors(results: dict, item: dict, rulesets) -> dict[str, dict]:
    """{ruleset: {field: (expected, got)}} for every settled expected field that differs."""
    out: dict[str, dict] = {}
    for r, exp in expected_outcomes(item, rulesets).items():
        o = results.get(r)
        if o is None:
            out[r] = {"outcome": ("outcome", "missing")}
            continue
        if isinstance(o, Exception):
            out[r] = {"outcome": ("outcome", f"impossible: {o}")}
            continue
        js = o.to_json()
        unsettled = set(js["unsettled"])
        errs = {}
        for key, want in exp.items():
            if key in unsettled or _OUTCOME_UNSETTLED.get(key) in unsettled:
                continue
            if key == "fouls":
                got: Any = sorted(f["code"] for f in js["fouls"])
                want = sorted(want)
            elif key == "break_legal":
                got = (js["break"] or {}).get("legal")
            elif key == "three_ball_rule":
                got = (js["break"] or {}).get("three_ball_rule")
            elif key == "fouls_after":
                got = js["fouls_after"]["shooter"]
            elif key == "options":
                got = sorted(x["choice"] for x in js["options"])
                want = sorted(want)
            else:
                got = js.get(key)
                if key == "spotted":
                    got, want = sorted(got), sorted(want)
            if got != want:
                errs[key] = (want, got)
        if errs:
            out[r] = errs
    return out


def _pct(n: int, d: int) -> str:
    return f"{n / d:.3f} ({n}/{d})" if d else "n/a"


def run(split: str = "all", verbose: bool = False, data: Path = DATA) -> dict:
    """Run the bench on ``split``; returns the figures (also printed)."""
    book = load_rulebook()
    sets = load(data)
    items = [s for s in sets["situations"] if split == "all" or s.get("split", "tune") == split]
    per_group = {g: 0 for g in GROUPS}
    all_fields = ruled = follow_ok = follow_n = understood = 0
    lat: list[float] = []
    failures: list[str] = []
    for item in items:
        t0 = time.perf_counter()
        u = understand(book, item["q"], item.get("rulesets"))
        u = weigh_open(book, u) if u is not None else None
        if u is not None:
            answer_from(book, item["q"], u)     # the whole answer is timed
        lat.append((time.perf_counter() - t0) * 1000)
        errs = field_errors(book, item, u)
        if u is not None:
            understood += 1
        for g, keys in GROUPS.items():
            if u is not None and not any(k in errs for k in keys):
                per_group[g] += 1
        if not errs:
            all_fields += 1
        oerrs = _ruling_errors(book, item, u)
        if not oerrs:
            ruled += 1
        if "follow_up" in item:
            follow_n += 1
            got = sorted(o.name for o in u.open) if u is not None else None
            if got == sorted(item["follow_up"]):
                follow_ok += 1
            elif verbose:
                failures.append(f"  follow_up {item['q']!r}: want {item['follow_up']} got {got}")
        if verbose and (errs or oerrs):
            failures.append(f"- {item['q']}\n    fields: {errs}\n    ruling: {oerrs}")
    lookups = _lookups(sets, split)
    look_wrong = [q for q in lookups if understand(book, q) is not None]
    lt = []
    for q in lookups:
        t0 = time.perf_counter()
        understand(book, q)
        lt.append((time.perf_counter() - t0) * 1000)
    lat_all = sorted(lat + lt)
    n = len(items)
    figures = {
        "split": split, "situations": n, "understood_as_situation": understood / n if n else 0,
        "fields": {g: per_group[g] / n if n else 0 for g in GROUPS}, "all_fields": all_fields / n if n else 0,
        "ruled_right": ruled / n if n else 0, "follow_up": follow_ok / follow_n if follow_n else None,
        "lookups": len(lookups), "lookups_as_situations": len(look_wrong),
        "p50_ms": statistics.median(lat_all) if lat_all else 0,
        "p95_ms": lat_all[int(0.95 * (len(lat_all) - 1))] if lat_all else 0,
    }
    _print_figures(figures, per_group, understood, all_fields, ruled, follow_ok, follow_n, look_wrong)
    if verbose and failures:
        print("\n".join(failures))
    return figures



def _ruling_errors(book, item: dict, u) -> dict:
    """What the rulings of ``u`` get wrong for ``item`` (see :func:`outcome_errors`)."""
    if u is None:
        return {"situation": "not understood"}
    oerrs: dict = outcome_errors(rule(book, u.scenario, u.rulesets), item, u.rulesets)
    if [r for r in expected_outcomes(item, u.rulesets)] != list(u.rulesets):
        oerrs.setdefault("rulesets", "differ")
    return oerrs

def _lookups(sets: dict, split: str) -> list[str]:
    """The lookup questions of ``split`` (a bare string counts in tune and holdout)."""
    return [x if isinstance(x, str) else x["q"] for x in sets["lookups"]
            if split == "all" or isinstance(x, str) and split in ("tune", "holdout")
            or not isinstance(x, str) and x.get("split") == split]


def _print_figures(figures: dict, per_group: dict[str, int], understood: int, all_fields: int, ruled: int,
                   follow_ok: int, follow_n: int, look_wrong: list[str]) -> None:
    n = figures["situations"]
    print(f"== split: {figures['split']} — {n} situations, {figures['lookups']} lookups")
    print(f"understood as a situation     {_pct(understood, n)}")
    for g in GROUPS:
        print(f"  {g:<28}{_pct(per_group[g], n)}")
    print(f"all fields right              {_pct(all_fields, n)}")
    print(f"ruled right                   {_pct(ruled, n)}")
    print(f"follow-up right               {_pct(follow_ok, follow_n)}")
    print(f"lookups turned into situations {len(look_wrong)}/{figures['lookups']}"
          + (f": {look_wrong}" if look_wrong else ""))
    print(f"latency (answer, in process)  p50 {figures['p50_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=["tune", "holdout", "fresh", "final", "all"], default=None,
                    help="one split (default: tune, holdout, fresh, final, then all)")
    ap.add_argument("--verbose", "-v", action="store_true", help="list the failures")
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    for split in ([args.split] if args.split else ["tune", "holdout", "fresh", "final", "all"]):
        run(split, args.verbose, args.data)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
