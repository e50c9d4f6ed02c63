"""Exports of a quiz with its right answers: Moodle GIFT and CSV (and Anki when genanki is installed).

GIFT (https://docs.moodle.org/en/GIFT_format): one multiple-choice question per block,
``::title::text{ =right ~wrong ... #### general feedback }``; the characters ``~ = # { } :``
and the backslash are escaped with a backslash (French text is full of colons) and line
breaks are written ``\\n``.
"""
from __future__ import annotations

import csv
import io
from typing import Iterable, Mapping, Sequence

from .generate import Question

GIFT_SPECIALS = "\\~=#{}:"


def gift_escape(text: str) -> str:
    """Escape GIFT's special characters (backslash first) and write line breaks as ``\\n``."""
    out = []
    for ch in text:
        if ch in GIFT_SPECIALS:
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            continue
        else:
            out.append(ch)
    return "".join(out)


def _citation_line(citations: Iterable[str], clauses: Mapping | None) -> str:
    parts = []
    for cid in citations:
        c = clauses.get(cid) if clauses else None
        parts.append(f"{cid} ({c.title})" if c is not None else cid)
    return "Références : " + " ; ".join(parts) if parts else ""


def to_gift(questions: Sequence[Question], title: str = "", clauses: Mapping | None = None) -> str:
    """The questions as a GIFT file: one block per question, the right choice marked ``=``,
    the explanation and citations as general feedback (``####``)."""
    lines = []
    if title:
        lines.append(f"// {title}")
        lines.append("")
    for i, q in enumerate(questions, 1):
        lines.append(f"// {q.id} | {q.kind} | {q.ruleset or 'comparaison'} | {', '.join(q.topics)}")
        lines.append(f"::Q{i} {gift_escape(q.id)}::{gift_escape(q.prompt)} {{")
        for c in q.choices:
            mark = "=" if c.id == q.right else "~"
            lines.append(f"\t{mark}{gift_escape(c.text)}")
        feedback = " ".join(x for x in (q.explanation, _citation_line(q.citations, clauses)) if x)
        if feedback:
            lines.append(f"\t####{gift_escape(feedback)}")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


CSV_COLUMNS = ("numero", "id", "type", "forme", "reglement", "themes", "question", "choix_a", "choix_b",
               "choix_c", "choix_d", "bonne_reponse", "bonne_reponse_texte", "explication", "citations")


def to_csv(questions: Sequence[Question]) -> str:
    """The questions as CSV (header row, one row per question, up to four choices)."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_COLUMNS)
    for i, q in enumerate(questions, 1):
        choices = [c.text for c in q.choices][:4]
        choices += [""] * (4 - len(choices))
        w.writerow([i, q.id, q.kind, q.form, q.ruleset or "", " ".join(q.topics), q.prompt, *choices,
                    q.right, q.right_text, q.explanation, " ".join(q.citations)])
    return buf.getvalue()


def anki_available() -> bool:
    """True when genanki can be imported (Anki decks are then offered)."""
    try:
        import genanki  # noqa: F401
    except ImportError:
        return False
    return True


def to_anki(questions: Sequence[Question], deck_name: str, path: str) -> None:
    """Write an Anki package (.apkg) to ``path``: one note per question (front: the prompt and
    the lettered choices; back: the right answer and the explanation). Needs genanki."""
    import genanki
    import hashlib
    import html

    def stable(text: str) -> int:
        return int(hashlib.sha1(text.encode("utf-8")).hexdigest()[:8], 16)

    model = genanki.Model(
        stable("arbitre-quiz-model"), "L’Arbitre — question",
        fields=[{"name": "Question"}, {"name": "Choix"}, {"name": "Réponse"}, {"name": "Explication"}],
        templates=[{"name": "Carte", "qfmt": "{{Question}}<br><br>{{Choix}}",
                    "afmt": "{{FrontSide}}<hr id=answer><b>{{Réponse}}</b><br><br>{{Explication}}"}])
    deck = genanki.Deck(stable("arbitre-deck-" + deck_name), deck_name)
    for q in questions:
        choices = "<br>".join(f"{c.id}) {html.escape(c.text)}" for c in q.choices)
        note = genanki.Note(model=model, guid=genanki.guid_for(q.id),
                            fields=[html.escape(q.prompt), choices, html.escape(f"{q.right}) {q.right_text}"),
                                    html.escape(q.explanation)])
        deck.add_note(note)
    genanki.Package(deck).write_to_file(path)
