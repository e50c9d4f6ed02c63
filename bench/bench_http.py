"""Benchmark: /api/ask latency over HTTP on this machine (issue: p95 under 50 ms).

Starts the real app (``python app.py serve``: gunicorn, rate limit off) in a child process on a free loopback port,
sends every question of tests/data/questions.yaml and tests/data/situations.yaml to
``GET /api/ask`` one at a time (bounded: --rounds passes), and prints p50/p95/p99 latency
in milliseconds per kind of answer. Only 127.0.0.1 is contacted.

Usage: python bench/bench_http.py [--rounds 2]
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _questions() -> list[str]:
    qs = [q["q"] for q in yaml.safe_load((ROOT / "tests/data/questions.yaml").read_text(encoding="utf-8"))]
    sit = yaml.safe_load((ROOT / "tests/data/situations.yaml").read_text(encoding="utf-8"))
    items = sit.get("situations", sit) if isinstance(sit, dict) else sit
    qs += [s["q"] for s in items if isinstance(s, dict) and "q" in s]
    return qs


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    port = _free_port()
    env = dict(os.environ, ARBITRE_DB=str(ROOT / "instance" / "bench-http.db"), ARBITRE_RATELIMIT="off")
    proc = subprocess.Popen([sys.executable, "app.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    print("le serveur n’a pas démarré", file=sys.stderr)
                    return 1
                time.sleep(0.1)
        by_kind: dict[str, list[float]] = {}
        qs = _questions()
        for _ in range(max(1, args.rounds)):
            for q in qs:
                url = f"{base}/api/ask?{urllib.parse.urlencode({'q': q})}"
                t0 = time.perf_counter()
                with urllib.request.urlopen(url, timeout=10) as resp:
                    body = json.loads(resp.read())
                ms = (time.perf_counter() - t0) * 1000
                by_kind.setdefault(body.get("kind", "?"), []).append(ms)
                by_kind.setdefault("all", []).append(ms)
        print(f"GET /api/ask over HTTP, {len(qs)} questions x {args.rounds} rounds (sequential, loopback)")
        for kind, xs in sorted(by_kind.items()):
            print(f"  {kind:9s} n={len(xs):5d}  p50 {statistics.median(xs):6.2f} ms  p95 {_pct(xs, 95):6.2f} ms"
                  f"  p99 {_pct(xs, 99):6.2f} ms   target p95 < 50 ms")
        return 0
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
