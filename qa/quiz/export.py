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

from ..spreadsheet import safe_cell
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


def _citation_line(citations: Iterable[str], clauses: Mapping | None, base_url: str = "") -> str:
    parts = []
    for cid in citations:
        c = clauses.get(cid) if clauses else None
        label = f"{cid} ({c.title})" if c is not None else cid
        parts.append(f"{label} {clause_url(cid, c, base_url)}" if c is not None else label)
    return "Références : " + " ; ".join(parts) if parts else ""


def clause_url(cid: str, clause: object | None, base_url: str = "") -> str:
    """The address of a clause on the rules pages (``base_url`` + ``/regles/<ruleset>#<id>``)."""
    ruleset = getattr(clause, "ruleset", None) or cid.split("/", 1)[0]
    return f"{base_url.rstrip('/')}/regles/{ruleset}#{cid}"


# Why a wrong ruling is wrong, by the mistake it comes from (qa.quiz.rulings).
WHY = {
    "foul_not_seen": "c’est la décision de qui ne voit pas la faute commise sur ce coup",
    "fouls_forgotten": "c’est la décision de qui oublie les fautes consécutives déjà commises",
    "warning_mistaken": "c’est la décision de qui se trompe sur l’avertissement donné ou non",
    "push_out_ignored": "c’est la décision de qui oublie que le coup poussé était annoncé",
    "template_ignored": "c’est la décision de qui oublie la règle du rack à gabarit",
    "call_ignored": "c’est la décision de qui ne tient pas compte de l’annonce",
    "pocket_ignored": "c’est la décision de qui ne vérifie pas la poche annoncée",
    "ball_in_hand_ignored": "c’est la décision de qui oublie la bille en main",
    "foul_turn_only": "une faute ne fait pas seulement perdre le tour",
    "foul_choice": "après cette faute, l’adversaire n’a pas à choisir",
}


def _why(question: Question, choice_id: str, titles: Mapping[str, str]) -> str:
    """The feedback of a wrong choice: the mistake behind it (rulings), or what the text says."""
    rulings = question.detail.get("rulings") or {}
    why = (rulings.get(choice_id) or {}).get("why")
    if isinstance(why, str) and why.startswith("ruleset:"):
        other = why.split(":", 1)[1]
        return f"Non : ce serait la décision de « {titles.get(other, other)} », pas de ce règlement."
    if why in WHY:
        return f"Non : {WHY[why]}."
    if question.kind == "call":
        return "Non : ce n’est pas la décision que donne le texte."
    if question.evidence:
        return f"Non : le texte dit « {question.evidence} »."
    return "Non."


def category(q: Question, topics: Mapping[str, str] | None = None) -> str:
    """The Moodle category of a question: L’Arbitre / ruleset (or comparaison) / its first topic."""
    topic = q.topics[0] if q.topics else "divers"
    return f"$course$/top/L’Arbitre/{q.ruleset or 'comparaison'}/{topic}"


def to_gift(questions: Sequence[Question], title: str = "", clauses: Mapping | None = None,
            base_url: str = "", titles: Mapping[str, str] | None = None) -> str:
    """The questions as a GIFT file: a ``$CATEGORY`` line per ruleset and topic (L’Arbitre /
    ruleset / topic), one block per question named by its stable id (``::call-…::``), the right
    choice marked ``=``, per-answer feedback (``#``: why a wrong ruling is wrong, the clause
    link with the right one) and the explanation and citations as general feedback (``####``)."""
    lines = []
    if title:
        lines.append(f"// {title}")
        lines.append("")
    titles = titles or {}
    current = None
    for q in sorted(questions, key=lambda q: category(q)):
        cat = category(q)
        if cat != current:
            lines.append(f"$CATEGORY: {cat}")
            lines.append("")
            current = cat
        links = _citation_line(q.citations, clauses, base_url)
        lines.append(f"// {q.id} | {q.kind} | {q.ruleset or 'comparaison'} | {', '.join(q.topics)}")
        lines.append(f"::{gift_escape(q.id)}::{gift_escape(q.prompt)} {{")
        for c in q.choices:
            if c.id == q.right:
                fb = "Juste. " + (links or q.explanation)
                lines.append(f"\t={gift_escape(c.text)}#{gift_escape(fb)}")
            else:
                lines.append(f"\t~{gift_escape(c.text)}#{gift_escape(_why(q, c.id, titles))}")
        feedback = " ".join(x for x in (q.explanation, links) if x)
        if feedback:
            lines.append(f"\t####{gift_escape(feedback)}")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


CSV_COLUMNS = ("numero", "id", "type", "forme", "niveau", "reglement", "themes", "question", "choix_a", "choix_b",
               "choix_c", "choix_d", "bonne_reponse", "bonne_reponse_texte", "explication", "citations")


def to_csv(questions: Sequence[Question], sep: str = ",") -> str:
    """The questions as CSV: a BOM (so that a French spreadsheet reads UTF-8), a header row,
    one row per question, up to four choices; ``sep`` « ; » for French spreadsheets, which
    then open it in columns."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=sep, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for i, q in enumerate(questions, 1):
        choices = [c.text for c in q.choices][:4]
        choices += [""] * (4 - len(choices))
        w.writerow([safe_cell(v) for v in (i, q.id, q.kind, q.form, q.public()["level"], q.ruleset or "",
                                       " ".join(q.topics), q.prompt, *choices, q.right, q.right_text, q.explanation,
                                       " ".join(q.citations))])
    return "\ufeff" + buf.getvalue()


def anki_available() -> bool:
    """True when genanki can be imported (Anki decks are then offered)."""
    try:
        import genanki  # noqa: F401
    except ImportError:
        return False
    return True


def to_anki(questions: Sequence[Question], deck_name: str, path: str,
            titles: Mapping[str, str] | None = None) -> None:
    """Write an Anki package (.apkg) to ``path``: one note per question (front: the prompt and
    the lettered choices; back: the right answer and the explanation), tagged with its ruleset,
    kind, level and topics, in one deck per ruleset (``deck_name::ruleset title``; the variant
    questions in ``deck_name::Comparaison des règlements``). Needs genanki."""
    import genanki
    import hashlib
    import html

    def stable(text: str) -> int:
        return int(hashlib.sha1(text.encode("utf-8")).hexdigest()[:8], 16)

    titles = titles or {}
    model = genanki.Model(
        stable("arbitre-quiz-model"), "L’Arbitre — question",
        fields=[{"name": "Question"}, {"name": "Choix"}, {"name": "Réponse"}, {"name": "Explication"}],
        templates=[{"name": "Carte", "qfmt": "{{Question}}<br><br>{{Choix}}",
                    "afmt": "{{FrontSide}}<hr id=answer><b>{{Réponse}}</b><br><br>{{Explication}}"}])
    decks: dict[str, object] = {}
    for q in questions:
        key = q.ruleset or "comparaison"
        name = f"{deck_name}::{titles.get(key, 'Comparaison des règlements' if key == 'comparaison' else key)}"
        deck = decks.get(key)
        if deck is None:
            deck = decks[key] = genanki.Deck(stable("arbitre-deck-" + key), name)
        choices = "<br>".join(f"{c.id}) {html.escape(c.text)}" for c in q.choices)
        tags = [f"arbitre::{key}", f"type::{q.kind}", f"niveau::{q.public()['level']}"] + \
            [f"theme::{t}" for t in q.topics]
        note = genanki.Note(model=model, guid=genanki.guid_for(q.id), tags=tags,
                            fields=[html.escape(q.prompt), choices, html.escape(f"{q.right}) {q.right_text}"),
                                    html.escape(q.explanation)])
        deck.add_note(note)  # type: ignore[attr-defined]
    genanki.Package(list(decks.values())).write_to_file(path)
