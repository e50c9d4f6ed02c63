"""Shared fixtures: a session-wide rulebook and answerer, the Flask ``app``, its ``client``,
and a click ``runner`` for ``python app.py`` commands."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from qa.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def rulebook():
    """The real rules_data/, loaded once for the whole session."""
    return load_rulebook()


@pytest.fixture(scope="session")
def answerer(rulebook):
    """One Answerer over the session's rulebook, wired as in the app."""
    from web import build_answerer
    return build_answerer(rulebook)


@pytest.fixture(scope="session")
def ask(rulebook):
    """A story answered as a situation (``qa.situation_answer.answer_situation``), which it must be."""
    from qa.situation_answer import answer_situation

    def run(question: str, rulesets=None) -> dict:
        got = answer_situation(rulebook, question, rulesets)
        assert got is not None, f"not answered as a situation: {question!r}"
        return got
    return run


@pytest.fixture
def make_app(rulebook, answerer, tmp_path):
    """Build an app with test settings, overridable: ``make_app(RATELIMIT_ENABLED=True)``."""
    from web import create_app

    def make(**overrides):
        config = {
            "TESTING": True, "SECRET_KEY": "test", "RULEBOOK": rulebook, "ANSWERER": answerer,
            "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False,
            "DATABASE": str(tmp_path / "arbitre-test.db"), "INSTANCE_PATH": str(tmp_path / "instance"),
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
