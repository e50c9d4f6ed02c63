"""A sheet of quiz questions for a trainer's review, in Markdown.

    python scripts/quiz_review_sheet.py [--seed 14] [--count 50] [--out FILE]

Each question as a candidate sees it (prompt, the situation drawn for a ruling, the choices),
then what the candidate does not see: the key, the explanation and every cited clause with
its text. Drawn by ``qa.quiz.generate.generate`` over every ruleset and topic; the seed makes
the sheet reproducible.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qa.quiz.generate import generate  # noqa: E402
from qa.rulebook import load_rulebook  # noqa: E402

KINDS = {"call": "décision d’arbitrage", "clause": "ce que dit le texte", "variant": "les règlements comparés"}


def sheet(seed: int, count: int) -> str:
    """The Markdown review sheet of ``count`` questions drawn with ``seed``."""
    book = load_rulebook()
    qs = generate(book, None, None, count, seed)
    out = [f"# Revue de {len(qs)} questions du générateur de quiz (graine {seed})", "",
           "Chaque question telle que la voit un candidat (énoncé, choix), puis ce qu’il ne voit pas : la "
           "réponse attendue, l’explication et le texte de chaque clause citée. Pour chaque question, notez : "
           "juste / fausse (la réponse attendue est erronée) / ambiguë (deux choix défendables, ou aucun), "
           "et pourquoi.", ""]
    for i, q in enumerate(qs, 1):
        rs = book.rulesets[q.ruleset].title if q.ruleset else "(règlement à trouver)"
        out += [f"## {i}. {KINDS.get(q.kind, q.kind)} — {rs} — niveau {q.public()['level']}", "",
                f"Identifiant : `{q.id}` · forme : {q.form} · thèmes : "
                + ", ".join(book.topics.get(t, t) for t in q.topics), "", q.prompt, ""]
        for c in q.choices:
            out.append(f"- **{c.id})** {c.text}")
        out += ["", f"**Réponse attendue : {q.right})** {q.right_text}", "", f"**Explication.** {q.explanation}", ""]
        for cid in q.citations:
            c = book.clauses.get(cid)
            if c is None:
                continue
            text = " ".join(c.text.split())
            out.append(f"> `{cid}` ({c.section or c.title}) : {text}")
            out.append(">")
        if out[-1] == ">":
            out.pop()
        out += ["", "Avis : juste / fausse / ambiguë — ", ""]
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    text = sheet(a.seed, a.count)
    if a.out:
        a.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
