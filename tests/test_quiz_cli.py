"""``python app.py quiz``: a quiz in the terminal, answers read from stdin (piped here)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_piped_practice_quiz(cli, runner, tmp_path):
    db = tmp_path / "cli.db"
    r = runner.invoke(cli, ["quiz", "--seed", "3", "--count", "3", "--db", str(db), "--learner", "Terminal"],
                      input="1\n2\n1\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "code d’épreuve 3" in out
    assert out.count("Question ") >= 3 and "1) " in out
    assert out.count("Juste !") + out.count("Faux.") == 3      # a verdict after each of the 3 answers
    assert "Score : " in out and "Revue en ligne : /quiz/" in out
    assert db.exists()


def test_same_seed_same_questions_in_the_terminal(cli, runner, tmp_path):
    args = ["quiz", "--seed", "8", "--count", "4", "--db", str(tmp_path / "a.db"), "--json"]
    a = _json_tail(runner.invoke(cli, args, input="1\n1\n1\n1\n").output)
    b = _json_tail(runner.invoke(cli, args, input="2\n2\n2\n2\n").output)
    assert [r["question"]["id"] for r in a["review"]] == [r["question"]["id"] for r in b["review"]]
    assert a["total"] == 4 and a["seed"] == 8


def _json_tail(output: str) -> dict:
    start = output.rindex("\n{") + 1 if "\n{" in output else output.index("{")
    return json.loads(output[start:])


def test_end_of_input_finishes_with_what_was_answered(cli, runner, tmp_path):
    r = runner.invoke(cli, ["quiz", "--count", "5", "--mode", "exam", "--db", str(tmp_path / "b.db")],
                      input="1\n")
    assert r.exit_code == 0, r.output
    assert "Réponse enregistrée." in r.output and "Arrêt" in r.output
    assert "Score : " in r.output


def test_letters_and_bad_input(cli, runner, tmp_path):
    r = runner.invoke(cli, ["quiz", "--seed", "5", "--count", "1", "--db", str(tmp_path / "c.db")], input="zz\n9\nA\n")
    assert r.exit_code == 0, r.output
    assert "Réponse non comprise" in r.output
    assert "Score : " in r.output


def test_errors_name_the_flag(cli, runner, tmp_path):
    db = str(tmp_path / "d.db")
    for args, flag in ((["--count", "0"], "--count"), (["--rulesets", "9-fb"], "--rulesets"),
                       (["--topics", "cassse"], "--topics"), (["--mode", "libre"], "--mode"),
                       (["--seed", "x"], "--seed")):
        r = runner.invoke(cli, ["quiz", "--db", db, *args], input="")
        assert r.exit_code == 2, (args, r.output)
        assert flag in r.output


def test_really_piped_through_a_subprocess(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "app.py"), "quiz", "--seed", "6", "--count", "2",
                        "--db", str(tmp_path / "e.db")], input="1\n1\n", capture_output=True, text=True, timeout=120,
                       cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert "Score : " in p.stdout


def test_a_taken_learner_name_points_to_the_environment_variable(cli, runner, tmp_path, monkeypatch):
    db = tmp_path / "t.db"
    args = ["quiz", "--count", "1", "--db", str(db), "--learner", "Pris"]
    assert runner.invoke(cli, args, input="1\n").exit_code == 0
    monkeypatch.delenv("ARBITRE_LEARNER_TOKEN", raising=False)
    r = runner.invoke(cli, args, input="1\n")
    assert r.exit_code == 1 and "ARBITRE_LEARNER_TOKEN" in r.output and "X-Arbitre-Token" not in r.output
