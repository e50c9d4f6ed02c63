"""A small structural check of Moodle GIFT text, for the export tests.

``parse_gift(text)`` returns one dict per question (``title``, ``text``, ``answers`` as
``(mark, text)`` pairs, ``feedback``, ``answer_feedback`` as ``(mark, text, feedback)``) with
escapes undone (``$CATEGORY`` lines are skipped), and raises ``ValueError`` when a
block is malformed: a special character (``~ = # { } :``) left unescaped in a text, not
exactly one ``{ … }`` answer block, or not exactly one right answer (``=``).
"""
from __future__ import annotations

SPECIALS = "~=#{}:"


def _unescape(s: str) -> str:
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            out.append("\n" if nxt == "n" else nxt)
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def _check_plain(s: str, where: str) -> None:
    """No unescaped special character in ``s``."""
    i = 0
    while i < len(s):
        if s[i] == "\\":
            if i + 1 >= len(s):
                raise ValueError(f"{where} : barre oblique inverse finale")
            i += 2
            continue
        if s[i] in SPECIALS:
            raise ValueError(f"{where} : caractère spécial non échappé « {s[i]} » dans {s!r}")
        i += 1


def _find_unescaped(s: str, token: str, start: int = 0) -> int:
    i = start
    while i < len(s):
        if s[i] == "\\":
            i += 2
            continue
        if s.startswith(token, i):
            return i
        i += 1
    return -1


def parse_gift(text: str) -> list[dict]:
    """Parse GIFT multiple-choice questions (the subset the exports write)."""
    return [_parse_block(block, f"question {n}") for n, block in enumerate(_blocks(text), 1)]


def _blocks(text: str) -> list[str]:
    """The questions' blocks: lines between blank lines, comments (« // ») left out."""
    blocks, cur = [], []
    for line in text.split("\n"):
        if line.strip().startswith("//") or line.startswith("$CATEGORY:"):
            continue
        if not line.strip():
            if cur:
                blocks.append("\n".join(cur))
                cur = []
            continue
        cur.append(line)
    if cur:
        blocks.append("\n".join(cur))
    return blocks


def _parse_block(block: str, where: str) -> dict:
    """One question: optional ``::title::``, the text, then one ``{…}`` block of answers."""
    title = None
    body = block
    if body.startswith("::"):
        end = _find_unescaped(body, "::", 2)
        if end < 0:
            raise ValueError(f"{where} : titre non fermé")
        title = body[2:end]
        _check_plain(title, where + " (titre)")
        body = body[end + 2:]
    opens = [i for i in range(len(body)) if body[i] == "{" and (i == 0 or body[i - 1] != "\\")]
    open_at = _find_unescaped(body, "{")
    close_at = _find_unescaped(body, "}")
    if open_at < 0 or close_at < open_at or len(opens) < 1:
        raise ValueError(f"{where} : bloc de réponses {{…}} absent")
    if _find_unescaped(body, "{", open_at + 1) >= 0 or _find_unescaped(body, "}", close_at + 1) >= 0:
        raise ValueError(f"{where} : plusieurs blocs de réponses")
    qtext, inside, after = body[:open_at], body[open_at + 1:close_at], body[close_at + 1:]
    if after.strip():
        raise ValueError(f"{where} : texte après le bloc de réponses")
    _check_plain(qtext, where + " (énoncé)")
    answers, feedback = _parse_answers(inside, where)
    return {"title": _unescape(title) if title is not None else None,
            "text": _unescape(qtext.strip()), "answers": answers, "feedback": feedback,
            "answer_feedback": list(_parse_answers.last_feedback)}  # type: ignore[attr-defined]


def _parse_answers(inside: str, where: str) -> tuple[list[tuple[str, str]], str | None]:
    """The answers (« = » right, « ~ » wrong) and the feedback (« #### ») of a ``{…}`` block."""
    answers, feedback, per_answer = [], None, []
    for raw in inside.split("\n"):
        item = raw.strip()
        if not item:
            continue
        if item.startswith("####"):
            feedback = item[4:]
            _check_plain(feedback, where + " (rétroaction)")
            feedback = _unescape(feedback)
        elif item[0] in "=~":
            text, fb = item[1:], None
            cut = _find_unescaped(text, "#")
            if cut >= 0:                      # per-answer feedback: « =text#feedback »
                text, fb = text[:cut], text[cut + 1:]
                _check_plain(fb, where + " (rétroaction d’une réponse)")
            _check_plain(text, where + " (réponse)")
            answers.append((item[0], _unescape(text)))
            if fb is not None:
                per_answer.append((item[0], _unescape(text), _unescape(fb)))
        else:
            raise ValueError(f"{where} : ligne de réponse inattendue {item!r}")
    rights = [a for a in answers if a[0] == "="]
    if len(rights) != 1:
        raise ValueError(f"{where} : {len(rights)} bonnes réponses (« = ») au lieu d’une")
    if len(answers) < 2:
        raise ValueError(f"{where} : moins de deux réponses")
    _parse_answers.last_feedback = per_answer   # type: ignore[attr-defined]
    return answers, feedback
