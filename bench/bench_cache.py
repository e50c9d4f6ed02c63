"""Benchmark: what caching saves on two pages that do the same work for every request.

- ``/comparer`` with five rulesets: before, :func:`qa.compare.compare` on every request;
  now once per set of rulesets (``web.compare.cached_compare``, a bounded LRU on the app);
- ``/regles-maison/nouveau?…&action=apercu``: before, the draft was validated by reloading
  all of rules_data/; now against the rulebook already loaded.

Prints milliseconds per request (median of --repeat runs) through Flask's test client, and
the time of the work alone, before and after. No network.

Usage: python bench/bench_cache.py [--repeat 15]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent


def _ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    repeat = max(3, args.repeat)
    from qa.compare import compare
    from qa.house_rules import house_yaml, validate_house_yaml
    from qa.rulebook import load_rulebook
    from web import create_app

    book = load_rulebook()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"RULEBOOK": book, "RATELIMIT_ENABLED": False, "INSTANCE_PATH": tmp,
                          "DATABASE": str(Path(tmp) / "q.db"), "SECRET_KEY": "bench"})
        client = app.test_client()
        ids = [rid for rid, rs in book.rulesets.items() if not rs.extends][:5]
        comparer = "/comparer?" + urlencode({"rulesets": ",".join(ids)})
        draft = "/regles-maison/nouveau?" + urlencode({"base": "9-ffb", "id": "club-bench", "title": "Règles du club",
                                                        "p_jump_shots": "forbidden", "action": "apercu"})
        for url in (comparer, draft):
            assert client.get(url).status_code == 200, url

        text = house_yaml(book, "9-ffb", "club-bench", "Règles du club", {"jump_shots": "forbidden"}, {}, "", "")
        rows = [
            ("compare(), 5 règlements, à chaque fois (avant)", _ms(lambda: compare(book, ids, None, diff=True), repeat)),
            ("GET /comparer, 5 règlements, cache vidé à chaque fois (avant)",
             _ms(lambda: (app.extensions.pop("arbitre.compare_cache", None), client.get(comparer)), repeat)),
            ("GET /comparer, 5 règlements (maintenant, en cache)", _ms(lambda: client.get(comparer), repeat)),
            ("validation du brouillon en rechargeant rules_data/ (avant)",
             _ms(lambda: validate_house_yaml(text, "club-bench.yaml"), repeat)),
            ("validation du brouillon sur le règlement chargé (maintenant)",
             _ms(lambda: validate_house_yaml(text, "club-bench.yaml", book=book), repeat)),
            ("GET /regles-maison/nouveau?…&action=apercu (maintenant)", _ms(lambda: client.get(draft), repeat)),
        ]
    print(f"médiane de {repeat} essais, en millisecondes")
    for label, ms in rows:
        print(f"  {ms:8.2f} ms  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
