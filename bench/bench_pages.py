"""Measure the pages as a user gets them: height, weight, compression and accessibility.

For each page of :data:`PAGES`, in headless Chromium (Debian's /usr/bin/chromium, Playwright)
at a phone (390 × 844) and a desktop (1280 × 800) size, in light and dark colour schemes:

- the page height in CSS pixels (``document.documentElement.scrollHeight``), after its
  scripts ran;
- the HTML size as sent (bytes over the wire with ``Accept-Encoding: gzip, br``) and unpacked;
- axe-core's serious and critical violations (rule ids, with the worst colour contrast found).

The app is served by werkzeug on a free port of 127.0.0.1 in a thread (no network). Prints
one table; ``--json`` prints the figures as JSON (what the README's before/after table quotes).

Usage: python -m bench.bench_pages [--json] [--only PATH]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

#: (name, path) of the pages measured.
PAGES: tuple[tuple[str, str], ...] = (
    ("question", "/"),
    ("réponse", "/?q=la+blanche+tombe+%C3%A0+la+casse"),
    ("règlements", "/regles"),
    ("règlement 9-ffb", "/regles/9-ffb"),
    ("thèmes", "/themes"),
    ("thème fautes", "/themes/fouls"),
    ("arbitrage", "/arbitrage"),
    ("arbitrage (coup)", "/arbitrage?game=nine-ball&scenario=%7B%22state%22%3A%7B%22on_table%22%3A%5B4%2C6%2C9%5D%7D%2C"
                         "%22shot%22%3A%7B%22first_contact%22%3A4%2C%22cue_ball%22%3A%22pocketed%22%7D%7D"),
    ("comparer 9-bca/9-ffb", "/comparer?rulesets=9-bca,9-ffb"),
    ("règles maison", "/regles-maison/nouveau?base=9-ffb"),
    ("quiz", "/quiz"),
    ("historique", "/quiz/historique"),
)
SIZES = (("téléphone", 390, 844), ("bureau", 1280, 800))


def serve():
    """Start the app on a free port in a thread; return (base URL, server)."""
    from werkzeug.serving import make_server

    from web import create_app
    tmp = tempfile.mkdtemp(prefix="bench-pages-")
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False, "INSTANCE_PATH": tmp,
                      "DATABASE": str(Path(tmp) / "q.db")})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


def weight(url: str) -> tuple[int, int, str]:
    """(bytes sent, bytes unpacked, Content-Encoding) of the page's HTML."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, br"})
    try:
        resp = urllib.request.urlopen(req)
    except urllib.error.HTTPError as exc:   # a 4xx page is measured too
        resp = exc
    body = resp.read()
    enc = resp.headers.get("Content-Encoding") or ""
    raw = body
    if enc == "gzip":
        import gzip
        raw = gzip.decompress(body)
    elif enc == "br":
        import brotli  # type: ignore[import-not-found]
        raw = brotli.decompress(body)
    return len(body), len(raw), enc or "aucune"


def axe_source() -> str | None:
    """axe-core's script, from the axe-playwright-python package (None when absent)."""
    try:
        import axe_playwright_python
    except ImportError:
        return None
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
    id: v.id, impact: v.impact, nodes: v.nodes.length,
    ratios: v.nodes.map(n => ((n.any[0] || {}).data || {}).contrastRatio).filter(x => x)}));
}"""


def measure(base: str, pages, axe: str | None) -> list[dict]:
    from playwright.sync_api import sync_playwright
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for name, path in pages:
            sent, unpacked, enc = weight(base + path)
            row: dict = {"page": name, "path": path, "html_sent": sent, "html": unpacked, "encoding": enc}
            for label, w, h in SIZES:
                for scheme in ("light", "dark"):
                    ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme,
                                              locale="fr-FR", timezone_id="Europe/Paris",
                                              is_mobile=w < 500, has_touch=w < 500)
                    p = ctx.new_page()
                    p.goto(base + path)
                    p.wait_for_timeout(300)
                    key = f"{label}-{'clair' if scheme == 'light' else 'sombre'}"
                    if scheme == "light":
                        row[f"height_{label}"] = p.evaluate("document.documentElement.scrollHeight")
                    if axe:
                        p.evaluate(axe + "\n;0")   # not a <script> tag: the page's CSP refuses those
                        found = p.evaluate(AXE_RUN)
                        row[f"axe_{key}"] = found
                    ctx.close()
            rows.append(row)
        browser.close()
    return rows


def _axe_summary(row: dict) -> str:
    ids: dict[str, int] = {}
    worst = None
    for key, found in row.items():
        if not key.startswith("axe_"):
            continue
        for v in found:
            ids[v["id"]] = ids.get(v["id"], 0) + v["nodes"]
            for r in v["ratios"]:
                worst = r if worst is None or r < worst else worst
    if not ids:
        return "aucune"
    text = ", ".join(f"{k} ×{n}" for k, n in sorted(ids.items()))
    return text + (f" (contraste min {worst}:1)" if worst else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--only", help="measure only this path")
    args = ap.parse_args()
    base, server = serve()
    pages = [p for p in PAGES if not args.only or p[1] == args.only]
    try:
        rows = measure(base, pages, axe_source())
    finally:
        server.shutdown()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    print(f"{'page':<22} {'haut. tél.':>10} {'haut. bureau':>12} {'HTML':>9} {'envoyé':>9}  axe (sérieux/critiques, 4 vues)")
    for r in rows:
        print(f"{r['page']:<22} {r['height_téléphone']:>8}px {r['height_bureau']:>10}px {r['html'] / 1024:>7.1f}Ko"
              f" {r['html_sent'] / 1024:>7.1f}Ko  {_axe_summary(r)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
