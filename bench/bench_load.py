"""Benchmark: the production server under concurrent connections.

Starts ``python app.py serve`` itself (gunicorn, one worker per core; ``--dev`` for werkzeug's
development server) on a free port of 127.0.0.1, with the rate limit off, then for 1, 8, 32
and 128 concurrent connections sends a bounded number of ``GET /api/ask`` requests (the
questions of tests/data/questions.yaml in turn; one connection per request, as gunicorn's sync
workers close each one) and prints requests per second and p50/p99 latency. Target on 2
cores: at 32 connections, at least 1.5 × the single-connection throughput, p99 ≤ 150 ms.
Only 127.0.0.1 is contacted; the server is stopped at the end.

Usage: python bench/bench_load.py [--requests 400] [--levels 1,8,32,128] [--path /api/ask] [--dev] [--ratelimit off]
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
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


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def _targets(path: str) -> list[bytes]:
    """The raw HTTP requests to send, in turn."""
    if path != "/api/ask":
        return [f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()]
    qs = [q["q"] for q in yaml.safe_load((ROOT / "tests/data/questions.yaml").read_text(encoding="utf-8"))]
    return [f"GET /api/ask?{urllib.parse.urlencode({'q': q})} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Connection: close\r\n\r\n".encode() for q in qs]


def _one(port: int, raw: bytes) -> tuple[float, int]:
    """Send one request on a new connection; (seconds, status)."""
    t0 = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(raw)
        chunks = []
        while True:
            data = s.recv(65536)
            if not data:
                break
            chunks.append(data)
    head = b"".join(chunks[:1])[:12]
    status = int(head[9:12]) if head.startswith(b"HTTP/") else 0
    return time.perf_counter() - t0, status


def _level(port: int, targets: list[bytes], conns: int, total: int) -> dict:
    """``total`` requests over ``conns`` concurrent connections."""
    lat: list[float] = []
    errors = [0]
    counter = iter(range(total))
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                return
            try:
                secs, status = _one(port, targets[i % len(targets)])
            except OSError:
                secs, status = 0.0, 0
            with lock:
                if status == 200:
                    lat.append(secs * 1000)
                else:
                    errors[0] += 1

    threads = [threading.Thread(target=worker) for _ in range(conns)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    return {"conns": conns, "n": len(lat), "errors": errors[0], "rps": len(lat) / elapsed,
            "p50": _pct(lat, 50) if lat else 0.0, "p99": _pct(lat, 99) if lat else 0.0}


def _start(port: int, dev: bool, ratelimit: str) -> subprocess.Popen:
    (ROOT / "instance").mkdir(exist_ok=True)   # a fresh checkout has none: the server would exit at once
    env = dict(os.environ, ARBITRE_DB=str(ROOT / "instance" / "bench-load.db"), ARBITRE_RATELIMIT=ratelimit)
    env.pop("PORT", None)
    cmd = [sys.executable, "app.py", "serve", "--host", "127.0.0.1", "--port", str(port)] + (["--dev"] if dev else [])
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return proc
        except OSError:
            if time.time() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit("le serveur n’a pas démarré")
            time.sleep(0.2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=400, help="requêtes par niveau (borné à 5000)")
    ap.add_argument("--levels", default="1,8,32,128")
    ap.add_argument("--path", default="/api/ask")
    ap.add_argument("--dev", action="store_true", help="serveur de développement au lieu de gunicorn")
    ap.add_argument("--ratelimit", default="off",
                    help="ARBITRE_RATELIMIT du serveur (défaut off ; « 1000000/minute » mesure le coût du compteur)")
    args = ap.parse_args()
    total = max(10, min(args.requests, 5000))
    levels = [max(1, min(int(x), 512)) for x in args.levels.split(",") if x.strip()]
    port = _free_port()
    proc = _start(port, args.dev, args.ratelimit)
    try:
        targets = _targets(args.path)
        _level(port, targets, 4, min(total, 40))  # warm-up
        rows = [_level(port, targets, conns, total) for conns in levels]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    server = "werkzeug (--dev)" if args.dev else "gunicorn"
    print(f"GET {args.path} over HTTP, {server}, {os.cpu_count()} cores, {total} requests per level (loopback), "
          f"rate limit {args.ratelimit}")
    base = rows[0]["rps"] if rows else 0
    for r in rows:
        ratio = r["rps"] / base if base else 0
        print(f"  {r['conns']:4d} connexions  {r['rps']:7.1f} req/s  ({ratio:4.2f} × 1 connexion)  "
              f"p50 {r['p50']:6.1f} ms  p99 {r['p99']:6.1f} ms  erreurs {r['errors']}")
    print("  cible (2 cœurs) : à 32 connexions, au moins 1,5 × le débit d’une connexion et p99 ≤ 150 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
