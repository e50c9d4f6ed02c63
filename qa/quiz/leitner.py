"""Leitner boxes: spaced repetition of quiz questions, one box per (learner, question).

A right answer moves the question up one box (at most :data:`MAX_BOX`) and schedules it
after the box's interval; a wrong answer sends it back to box 1, due the same day.
"""
from __future__ import annotations

from datetime import date, timedelta

MAX_BOX = 5
INTERVAL_DAYS = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}


def next_box(box: int | None, correct: bool, today: date) -> tuple[int, date]:
    """The box and due date of a question after an answer given ``today``.

    ``box`` is the current box (None for a question never seen). Right: up one box, due in
    that box's interval; wrong: box 1, due today (to be seen again in today's review).
    """
    if not correct:
        return 1, today
    new = min((box or 0) + 1, MAX_BOX)
    return new, today + timedelta(days=INTERVAL_DAYS[new])
