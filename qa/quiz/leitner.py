"""Leitner boxes: spaced repetition of quiz questions, one box per (learner, question).

A question's key is its id, which names the fact or the situation type it asks about (not the
wording nor the choices drawn), so a box follows the fact from quiz to quiz.

- a first answer that is right puts the question in box 2 (it is known: no need to see it
  tomorrow); a wrong one in box 1, due the same day;
- a right answer moves the question up one box (at most :data:`MAX_BOX`) and schedules it
  after that box's interval — except on the day it was last answered: a retry right after the
  correction shows the answer was just read, so the box stays (due after its own interval);
- a wrong answer (or a question skipped in a quiz that is finished) sends it back to box 1,
  due the same day.
"""
from __future__ import annotations

from datetime import date, timedelta

MAX_BOX = 5
INTERVAL_DAYS = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}
FIRST_RIGHT_BOX = 2


def next_box(box: int | None, correct: bool, today: date, last: date | None = None) -> tuple[int, date]:
    """The box and due date of a question after an answer given ``today``.

    ``box`` is the current box (None for a question never seen) and ``last`` the day of its
    previous answer (None: never answered). Wrong: box 1, due today. Right: box 2 the first
    time; the same box when ``last`` is ``today``; else up one box; due after the box's interval.
    """
    if not correct:
        return 1, today
    if box is None:
        new = FIRST_RIGHT_BOX
    elif last == today:
        new = box
    else:
        new = min(box + 1, MAX_BOX)
    return new, today + timedelta(days=INTERVAL_DAYS[new])
