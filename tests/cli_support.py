"""Helpers shared by the command-line tests (test_cli, test_quiz_db, test_hostile)."""
from __future__ import annotations


def one_line_error(result, code: int) -> str:
    """The run failed with ``code`` and said so in one French line, without a traceback."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith("Erreur"), err
    return err
