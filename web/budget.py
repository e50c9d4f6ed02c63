"""A time budget per request: past ``REQUEST_TIME_BUDGET`` seconds (``ARBITRE_TIME_BUDGET``,
5 by default; 0 or ``off`` disables it), the request is aborted and answered with a French 503
(JSON under ``/api/``, a page elsewhere: the handlers of ``web/errors.py``) instead of holding
a worker.

The clock is ``signal.setitimer(ITIMER_REAL)``: its ``SIGALRM`` handler raises
:class:`TimeBudgetExceeded` in the code that runs the request. A signal handler can only be
installed from the main thread, which is where gunicorn's sync workers run requests; in a
thread (the threaded development server ``--dev``, or a test client used from a thread) the
budget is skipped. gunicorn's worker timeout stays as the last resort beyond it.
"""
from __future__ import annotations

import signal
import threading
from typing import Any

from flask import Flask, current_app, g
from werkzeug.exceptions import ServiceUnavailable

DEFAULT_BUDGET = 5.0


class TimeBudgetExceeded(ServiceUnavailable):
    """The request ran longer than its time budget (a 503)."""

    description = "La requête a pris trop de temps."


def budget_from_env(value: str | None) -> float:
    """The budget in seconds given by ``ARBITRE_TIME_BUDGET`` (0: none); a French ValueError
    naming the variable for anything else than a number of seconds."""
    from .ratelimit import ConfigError
    if value in (None, ""):
        return DEFAULT_BUDGET
    text = str(value).strip().lower().removesuffix("s").strip()
    if text in ("off", "non", "none"):
        return 0.0
    try:
        seconds = float(text.replace(",", "."))
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:
        raise ConfigError(f"ARBITRE_TIME_BUDGET : « {value} » n’est pas une durée en secondes (0 à 3600 ; 0 ou off : aucune)")
    return seconds


def _on_alarm(signum: int, frame: Any) -> None:
    raise TimeBudgetExceeded()


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def register_time_budget(app: Flask) -> None:
    """Arm the timer when a request starts, disarm it when the request ends."""

    @app.before_request
    def _arm_budget() -> None:
        budget = float(current_app.config.get("REQUEST_TIME_BUDGET") or 0)
        if budget <= 0 or not _in_main_thread():
            return
        g.arbitre_budget = (signal.signal(signal.SIGALRM, _on_alarm),)
        signal.setitimer(signal.ITIMER_REAL, budget)

    @app.teardown_request
    def _disarm_budget(exc: BaseException | None = None) -> None:
        armed = g.pop("arbitre_budget", None)
        if armed is None:
            return
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, armed[0] if armed[0] is not None else signal.SIG_DFL)
