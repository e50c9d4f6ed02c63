"""Fidelity of the encoded clauses to their source texts.

Rebuilds a source text from its clauses (``part`` when it changes, ``section`` when it
changes, then ``text``) and compares it with the source file, ignoring whitespace and list
markers at the start of a line. Source: docs/DATA.md, "Fidelity rule".
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

# A list marker at the start of a line: bullet, dash, "1." "1)" "a." "A)" "(1)".
_MARKER = re.compile(r"^(?:[•\-–]|\d{1,2}[.)](?=\s|$|[A-Za-zÀ-ÿ«\"])|[A-Za-z][.)](?=\s|$|[A-Za-zÀ-ÿ«\"])|\(\d+\))\s*")
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Return ``text`` without whitespace and without line-initial list markers.

    Shape: str -> str. Used identically on the source and on the rebuilt text.
    """
    out = []
    for line in text.splitlines():
        line = line.strip()
        while True:
            stripped = _MARKER.sub("", line, count=1)
            if stripped == line:
                break
            line = stripped.strip()
        out.append(_SPACE.sub("", line))
    return "".join(out)


def rebuild(clauses: Iterable[Mapping[str, Any]]) -> str:
    """Rebuild a source's text from its clauses, in order.

    ``clauses``: mappings with ``part`` (optional), ``section`` and ``text``. A ``part`` is
    emitted when it changes; a ``section`` when it or the part changes.
    """
    lines: list[str] = []
    prev_part, prev_section = None, None
    for c in clauses:
        part = c.get("part") or ""
        section = c.get("section") or ""
        if part != prev_part:
            if part:
                lines.append(part)
            prev_section = None
        if section != prev_section and section:
            lines.append(section)
        lines.append(c.get("text") or "")
        prev_part, prev_section = part, section
    return "\n".join(lines)


@dataclass(frozen=True)
class FidelityReport:
    """Result of comparing a rebuilt text with its source: ``ok`` and a short French diff."""

    ok: bool
    detail: str


def compare(source: str, rebuilt: str) -> FidelityReport:
    """Compare ``source`` and ``rebuilt`` after :func:`normalise`; report the first differences."""
    a, b = normalise(source), normalise(rebuilt)
    if a == b:
        return FidelityReport(True, "")
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    parts = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        ctx = a[max(0, i1 - 40):i1]
        parts.append(f"{tag}: …{ctx}[source «{a[i1:i2][:120]}» / clauses «{b[j1:j2][:120]}»]")
        if len(parts) >= 5:
            break
    return FidelityReport(False, "\n".join(parts))


if __name__ == "__main__":  # python -m qa.fidelity rules_data/clauses/9-ffb.yaml
    import sys
    from pathlib import Path

    from .yamlio import load_yaml

    root = Path(__file__).resolve().parent.parent / "rules_data"
    sources = {r["id"]: r["source"] for r in load_yaml(root / "rulesets.yaml")}
    status = 0
    for arg in sys.argv[1:]:
        data = load_yaml(Path(arg))
        src = (root / "sources" / sources[data["ruleset"]]).read_text(encoding="utf-8")
        rep = compare(src, rebuild(data["clauses"]))
        print(arg, "OK" if rep.ok else "DIFFERS\n" + rep.detail)
        status |= not rep.ok
    sys.exit(status)
