"""Helpers of the browser tests (the fixtures are in conftest.py)."""
from __future__ import annotations


def watch(page):
    """Record on ``page``: every URL it requests in ``page.requests``, and its JavaScript
    errors, console errors and CSP violations in ``page.problems``. Returns ``page``."""
    page.requests, page.problems = [], []
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.on("console", lambda m: page.problems.append(m.text)
            if m.type == "error" or "Content Security Policy" in m.text else None)
    return page


def wait_until(page, expression: str, timeout_ms: int = 10000) -> None:
    """Poll a JS expression until it is truthy (``wait_for_function`` evaluates strings in a way
    the page's CSP, rightly, refuses). Raises AssertionError after ``timeout_ms``."""
    waited = 0
    while not page.evaluate(expression):
        if waited >= timeout_ms:
            raise AssertionError(f"timed out waiting for: {expression}")
        page.wait_for_timeout(50)
        waited += 50
