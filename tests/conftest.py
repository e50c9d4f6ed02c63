"""Shared fixtures: a session-wide rulebook and answerer, the Flask ``app``, its ``client``,
and a click ``runner`` for ``python app.py`` commands."""
from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from qa.rulebook import load_rulebook  # noqa: E402


def _install_fake_answer_module() -> None:
    """Until qa/answer.py lands: a tiny stand-in with the same interface (tests only)."""
    import re
    import unicodedata

    mod = types.ModuleType("qa.answer")

    class AskError(ValueError):
        def __init__(self, field, code, message):
            super().__init__(message)
            self.field, self.code, self.message = field, code, message

    def words(text):
        text = unicodedata.normalize("NFKD", text.lower())
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
        stop = {"table", "billard", "quel", "quelle", "dans", "avec", "pour", "est-ce"}
        return {w for w in re.findall(r"[a-z0-9]+", text) if len(w) > 3 and w not in stop}

    class Answerer:
        def __init__(self, book, situations=None):
            self.book = book

        def ask(self, question, rulesets=None, k=5):
            if not isinstance(question, str) or not question.strip():
                raise AskError("q", "empty", "La question est vide.")
            ids = rulesets or list(self.book.rulesets)
            q = words(question)
            scored = []
            for c in self.book.clauses.values():
                if c.ruleset in ids and c.kind != "toc":
                    s = len(q & words(c.text + " " + c.title + " " + " ".join(c.keywords)))
                    if s >= 2:
                        scored.append((s, c))
            scored.sort(key=lambda p: (-p[0], p[1].order))
            cites = [{**c.to_json(), "score": float(s)} for s, c in scored[:k]]
            kind = "lookup" if cites else "unknown"
            return {"question": question, "kind": kind, "rulesets": ids,
                    "answer": cites[0]["text"] if cites else "Je ne sais pas : les textes n’en parlent pas.",
                    "citations": cites, "suggestions": [] if cites else list(self.book.topics)[:3],
                    "scenario": None, "outcomes": None, "follow_up": []}

    mod.AskError, mod.Answerer = AskError, Answerer
    sys.modules["qa.answer"] = mod
    import qa
    qa.answer = mod


try:
    import qa.answer  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - only before qa/answer.py exists
    if exc.name != "qa.answer":
        raise
    _install_fake_answer_module()


@pytest.fixture(scope="session")
def rulebook():
    """The real rules_data/, loaded once for the whole session."""
    return load_rulebook()


@pytest.fixture(scope="session")
def answerer(rulebook):
    """One Answerer over the session's rulebook."""
    from qa.answer import Answerer
    return Answerer(rulebook)


@pytest.fixture
def make_app(rulebook, answerer, tmp_path):
    """Build an app with test settings, overridable: ``make_app(RATELIMIT_ENABLED=True)``."""
    from web import create_app

    def make(**overrides):
        config = {
            "TESTING": True, "SECRET_KEY": "test", "RULEBOOK": rulebook, "ANSWERER": answerer,
            "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False,
            "DATABASE": str(tmp_path / "arbitre-test.db"),
        }
        config.update(overrides)
        return create_app(config)

    return make


@pytest.fixture
def app(make_app):
    """The app under test (rate limits and CSRF off)."""
    return make_app()


@pytest.fixture
def client(app):
    """A Flask test client."""
    return app.test_client()


@pytest.fixture
def runner():
    """A click runner for the ``python app.py`` commands."""
    return CliRunner()


@pytest.fixture
def cli():
    """The ``python app.py`` click group."""
    from cli import cli as group
    return group
