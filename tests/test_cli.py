"""The command line (``python app.py ...``) through click's CliRunner."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from qa.rulebook import DATA_DIR
from cli_support import one_line_error

SCRATCH = {"ruleset": "9-bca", "state": {"on_table": [4, 6, 9]},
           "shot": {"first_contact": 4, "pocketed": [], "cue_ball": "pocketed"}}
SCRATCH_YAML = """\
ruleset: 9-ffb
state:
  on_table: [4, 6, 9]
shot:
  first_contact: 4
  pocketed: []
  cue_ball: pocketed
"""


# ----------------------------------------------------------------------------- ask
def test_ask_text(runner, cli, rulebook):
    result = runner.invoke(cli, ["ask", "Quelle est la règle des trois fautes au jeu de la 9 ?"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Citations :" in out
    cited = [c for c in rulebook.clauses.values() if f"({c.id})" in out]
    assert cited
    c = cited[0]
    assert f"« {c.text.splitlines()[0]}" in out
    assert rulebook.rulesets[c.ruleset].title in out


def test_ask_says_the_short_answer_once(runner, cli):
    # 9-bca 7 : la blanche doit toucher d'abord la plus basse ; sinon faute, bille en main
    result = runner.invoke(cli, ["ask", "au 9 bca il touche la 4 avant la 2, faute ?"])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("Faute") and result.stdout.count(first) == 1


def test_ask_json(runner, cli):
    result = runner.invoke(cli, ["ask", "la 10 sort de la table", "--rulesets", "10-ffb,10-guide", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert {"question", "kind", "rulesets", "answer", "citations"} <= set(answer)
    assert {c["ruleset"] for c in answer["citations"]} <= {"10-ffb", "10-guide"}


def test_ask_unknown_ruleset_is_a_usage_error(runner, cli):
    err = one_line_error(runner.invoke(cli, ["ask", "la casse", "--rulesets", "9-bca,9-fbb"]), 2)
    assert "--rulesets" in err and "9-fbb" in err and "9-ffb" in err


@pytest.mark.parametrize("args, flag", [
    (["ask", "peut-on faire un jump ?", "--rulesets", ""], "--rulesets"),
    (["ask", "peut-on faire un jump ?", "--rulesets", " , "], "--rulesets"),
    (["chat", "--rulesets", ""], "--rulesets"),
    (["quiz", "--rulesets", "", "--count", "1"], "--rulesets"),
    (["quiz", "--topics", ",", "--count", "1"], "--topics"),
    (["quiz", "--kinds", " ", "--count", "1"], "--kinds"),
    (["compare", ""], "ID"),
    (["compare", " ", ","], "ID"),
])
def test_an_empty_list_option_is_a_usage_error_not_all(runner, cli, args, flag, tmp_path):
    # as the API's 400 for « rulesets=[] »: a list given empty never silently means every ruleset
    result = runner.invoke(cli, args + (["--db", str(tmp_path / "q.db")] if args[0] == "quiz" else []), input="")
    err = one_line_error(result, 2)
    assert f"{flag} : liste vide" in err and "au moins un" in err
    assert not (tmp_path / "q.db").exists()     # refused before anything is opened or written


def test_a_list_option_left_out_still_means_all(runner, cli):
    result = runner.invoke(cli, ["ask", "peut-on faire un jump ?", "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["rulesets"]) == 5


def test_ask_empty_question(runner, cli):
    assert "QUESTION" in one_line_error(runner.invoke(cli, ["ask", "  "]), 2)


def test_ask_missing_question(runner, cli):
    assert "QUESTION" in one_line_error(runner.invoke(cli, ["ask"]), 2)


# ----------------------------------------------------------------------------- evaluate
def test_evaluate_json_file(runner, cli, tmp_path):
    f = tmp_path / "coup.json"
    f.write_text(json.dumps(SCRATCH), encoding="utf-8")
    result = runner.invoke(cli, ["evaluate", str(f)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("9-bca")
    assert "Décision : Faute" in result.stdout and "Pourquoi :" in result.stdout
    assert "[9-bca/" in result.stdout  # reasons name their clause


def test_evaluate_yaml_file_json_output(runner, cli, tmp_path):
    f = tmp_path / "coup.yaml"
    f.write_text(SCRATCH_YAML, encoding="utf-8")
    result = runner.invoke(cli, ["evaluate", str(f), "--json"])
    assert result.exit_code == 0, result.output
    o = json.loads(result.stdout)
    assert o["ruleset"] == "9-ffb" and o["legal"] is False and o["ball_in_hand"] is True


def test_evaluate_stdin(runner, cli):
    result = runner.invoke(cli, ["evaluate", "-", "--json"], input=json.dumps(SCRATCH))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ruleset"] == "9-bca"


def test_evaluate_rulesets_list(runner, cli):
    body = dict(SCRATCH, rulesets=["9-bca", "9-ffb"])
    del body["ruleset"]
    result = runner.invoke(cli, ["evaluate", "-"], input=json.dumps(body))
    assert result.exit_code == 0, result.output
    assert "9-bca —" in result.stdout and "9-ffb —" in result.stdout
    result = runner.invoke(cli, ["evaluate", "-", "--json"], input=json.dumps(body))
    assert set(json.loads(result.stdout)["outcomes"]) == {"9-bca", "9-ffb"}


@pytest.mark.parametrize("content,needle", [
    (json.dumps({"shot": {"first_contact": 1}}), "ruleset"),
    (json.dumps({"ruleset": "9-bcz"}), "9-bca"),
    (json.dumps({"ruleset": "9-bca", "shot": {"first_contact": "un"}}), "shot.first_contact"),
    ("ruleset: [9-bca\n", "ligne"),
    ("", "vide"),
    ("- 1\n- 2\n", "objet"),
])
def test_evaluate_bad_scenario_fails_in_one_line(runner, cli, content, needle):
    assert needle in one_line_error(runner.invoke(cli, ["evaluate", "-"], input=content), 1)


def test_evaluate_impossible_names_the_clause(runner, cli):
    body = {"ruleset": "9-bca", "shot": {"kind": "push_out", "first_contact": 2}}
    err = one_line_error(runner.invoke(cli, ["evaluate", "-"], input=json.dumps(body)), 1)
    assert "shot.kind" in err and "[9-bca/" in err


def test_evaluate_missing_file_is_a_usage_error(runner, cli, tmp_path):
    err = one_line_error(runner.invoke(cli, ["evaluate", str(tmp_path / "absent.json")]), 2)
    assert "FILE" in err and "introuvable" in err


# ----------------------------------------------------------------------------- check
def test_check_ok(runner, cli, rulebook):
    result = runner.invoke(cli, ["check"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("OK")
    assert f"{len(rulebook.rulesets)} règlements" in result.stdout
    assert f"{len(rulebook.clauses)} clauses" in result.stdout


def test_check_reports_a_misspelt_topic_with_file_and_line(runner, cli, tmp_path):
    data = tmp_path / "rules_data"
    shutil.copytree(DATA_DIR, data)
    path = data / "clauses" / "9-bca.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if line.strip().startswith("topics:") and "fouls" in line)
    lines[n] = lines[n].replace("fouls", "foulz", 1)
    path.write_text("".join(lines), encoding="utf-8")
    result = runner.invoke(cli, ["check", "--data", str(data)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert f"clauses/9-bca.yaml:{n + 1}:" in result.stdout
    assert "foulz" in result.stdout and "vouliez-vous dire" in result.stdout and "« fouls »" in result.stdout


def test_check_missing_data_dir_is_a_usage_error(runner, cli, tmp_path):
    assert "--data" in one_line_error(runner.invoke(cli, ["check", "--data", str(tmp_path / "nope")]), 2)


# ----------------------------------------------------------------------------- the group, serve
def test_unknown_command_and_option(runner, cli):
    assert "chek" in one_line_error(runner.invoke(cli, ["chek"]), 2)
    assert "--hose" in one_line_error(runner.invoke(cli, ["check", "--hose"]), 2)


def test_help_lists_every_command(runner, cli):
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in cli.commands:
        assert name in result.stdout


@pytest.fixture
def fake_run(monkeypatch, tmp_path):
    """Replace the server: record where and how the app would be served instead of serving.
    No port is bound (the ports used here may be busy on the machine running the tests) and
    the quiz database, opened at start-up, is a temporary file."""
    import socket

    import cli.core
    calls = []

    def listen(host, port):
        calls.append({"host": host, "port": port})
        return socket.socket()

    def run(app, sock, dev, workers):
        calls[-1].update({"app": app, "dev": dev, "workers": workers})

    monkeypatch.setattr(cli.core, "listen_socket", listen)
    monkeypatch.setattr(cli.core, "run_server", run)
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "serve-test.db"))
    monkeypatch.setenv("ARBITRE_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("ARBITRE_WORKERS", raising=False)
    return calls


def test_no_command_serves_on_localhost_5000(runner, cli, fake_run, monkeypatch):
    monkeypatch.delenv("PORT", raising=False)
    result = runner.invoke(cli, [])
    assert result.exit_code == 0, result.output
    assert fake_run[0]["host"] == "127.0.0.1" and fake_run[0]["port"] == 5000


def test_serve_options_and_environment(runner, cli, fake_run, monkeypatch, tmp_path):
    monkeypatch.setenv("PORT", "5123")
    db = tmp_path / "q.db"
    result = runner.invoke(cli, ["serve", "--host", "0.0.0.0", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert fake_run[-1]["host"] == "0.0.0.0" and fake_run[-1]["port"] == 5123
    assert fake_run[-1]["app"].config["DATABASE"] == str(db)
    result = runner.invoke(cli, ["serve", "--port", "8080"])
    assert fake_run[-1]["port"] == 8080


def test_serve_bad_port(runner, cli, fake_run, monkeypatch):
    assert "--port" in one_line_error(runner.invoke(cli, ["serve", "--port", "http"]), 2)
    assert "--port" in one_line_error(runner.invoke(cli, ["serve", "--port", "70000"]), 2)
    monkeypatch.setenv("PORT", "abc")
    assert "PORT" in one_line_error(runner.invoke(cli, ["serve"]), 2)
    assert not fake_run


def test_serve_missing_house_rules_dir(runner, cli, fake_run, tmp_path):
    assert "--house-rules" in one_line_error(runner.invoke(cli, ["serve", "--house-rules", str(tmp_path / "x")]), 2)


def test_app_py_runs_check(tmp_path):
    import subprocess
    import sys
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "app.py", "check"], cwd=root, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("OK")


# ----------------------------------------------------------------------------- regressions (tester's report)
CLICK_ENGLISH = ("Usage", "Options:", "Show this message", "default:", "<=x", "is not one of", "Error:",
                 "Missing", "No such", "Try '", "Got unexpected", "requires an argument", "Invalid value")


def assert_no_click_english(text: str) -> None:
    for words in CLICK_ENGLISH:
        assert words not in text, (words, text)


@pytest.mark.parametrize("args", [[], ["ask"], ["evaluate"], ["check"], ["compare"], ["quiz"], ["serve"]])
def test_help_is_french(runner, cli, args):
    result = runner.invoke(cli, [*args, "--help"], prog_name="python app.py")   # as app.py runs it
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith(" ".join(["Utilisation : python app.py", *args])), out[:80]
    assert "Options :" in out and "Affiche cette aide et quitte." in out
    assert_no_click_english(out)


def test_help_shows_defaults_and_ranges_in_french(runner, cli):
    out = runner.invoke(cli, ["ask", "--help"]).stdout
    assert "[défaut : 5]" in out and "1<=x<=20" not in out
    assert "[défaut : text]" in runner.invoke(cli, ["compare", "--help"]).stdout


@pytest.mark.parametrize("args, flag, expected", [
    (["compare", "9-bca", "9-ffb", "--format", "xml"], "--format", "« text », « markdown », « csv » ou « json »"),
    (["compare", "9-bca", "9-ffb", "--format", "jsn"], "--format", "vouliez-vous dire « json »"),
    (["ask", "-k", "0", "la casse"], "-k", "un entier de 1 à 20"),
    (["ask", "-k", "21", "la casse"], "-k", "un entier de 1 à 20"),
    (["ask", "-k", "deux", "la casse"], "-k", "n’est pas un nombre entier"),
    (["ask", "la casse", "en trop"], None, "argument en trop"),
    (["check", "--data"], "--data", "attend une valeur"),
    (["--json"], "--json", "option inconnue"),
])
def test_click_usage_errors_are_french(runner, cli, args, flag, expected):
    err = one_line_error(runner.invoke(cli, args), 2)
    assert expected in err, err
    if flag:
        assert flag in err
    assert_no_click_english(err)


def test_check_missing_files_are_french_with_whole_paths(runner, cli, tmp_path):
    """A data folder without data: French reasons, and absolute paths (never relative to /)."""
    empty = tmp_path / "vide"
    empty.mkdir()
    result = runner.invoke(cli, ["check", "--data", str(empty)])
    assert result.exit_code == 1
    assert "vide/topics.yaml:1: fichier illisible : fichier introuvable" in result.stdout
    assert "No such file" not in result.output
    from qa.rulebook import _Collector
    col = _Collector(Path("/tmp"))
    assert col.rel(Path("/tmp/topics.yaml")) == "/tmp/topics.yaml"
    assert _Collector(DATA_DIR).rel(DATA_DIR / "topics.yaml") == "rules_data/topics.yaml"


@pytest.mark.parametrize("broken, expected", [
    ("id: club-x\nextends: 9-ffb\n  title: x\n", "YAML illisible : "),
    ("id: club-x\nextends: [9-ffb\n", "« , » ou « ] » attendu"),
    ("id: club-x\nextends: 9-ffb\nid: club-y\n", "clé en double « id » (déjà à la ligne 1)"),
])
def test_broken_house_rules_yaml_is_said_in_french(runner, cli, tmp_path, broken, expected):
    (tmp_path / "club.yaml").write_text(broken, encoding="utf-8")
    result = runner.invoke(cli, ["check", "--house-rules", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path / 'club.yaml'}:" in result.stdout and expected in result.stdout, result.stdout
    for english in ("did not find", "expected", "while parsing", "mapping values"):
        assert english not in result.stdout


@pytest.mark.parametrize("char, shown", [("\x7f", "U+007F (DEL)"), ("\x00", "U+0000 (NUL)"),
                                         ("\ufffe", "U+FFFE (non-caractère)")])
def test_check_names_file_and_line_of_a_character_yaml_refuses(runner, cli, tmp_path, char, shown):
    """A house-rules file holding a DEL, NUL or U+FFFE (PyYAML's ReaderError, which has no
    line of its own): `file:line: message` in French, exit 1, no traceback."""
    text = f"id: club-x\nextends: 9-ffb\n# é è\ntitle: \"Club {char} X\"\npolicy: {{}}\n"
    (tmp_path / "club-x.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["check", "--house-rules", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "unacceptable" not in result.output
    assert f"club-x.yaml:4: YAML illisible : caractère non permis {shown}" in result.stdout


def test_check_warns_about_a_house_rules_folder_without_club_file(runner, cli, tmp_path):
    (tmp_path / "notes.txt").write_text("rien", encoding="utf-8")
    result = runner.invoke(cli, ["check", "--house-rules", str(tmp_path)])
    assert result.exit_code == 1
    assert f"aucun fichier de règles maison (*.yaml, *.yml) dans {tmp_path}" in result.stdout


def test_quiz_db_errors_are_french_and_create_no_folder(runner, cli, tmp_path):
    err = one_line_error(runner.invoke(cli, ["quiz", "--db", str(tmp_path), "--count", "1"], input=""), 1)
    assert "--db" in err and "est un dossier" in err and "unable to open" not in err
    missing = tmp_path / "nulle" / "part" / "x.db"
    err = one_line_error(runner.invoke(cli, ["quiz", "--db", str(missing), "--count", "1"], input=""), 1)
    assert "n’existe pas" in err and not (tmp_path / "nulle").exists()
    bad = tmp_path / "notes.txt"
    bad.write_text("pas une base\n" * 100, encoding="utf-8")
    err = one_line_error(runner.invoke(cli, ["quiz", "--db", str(bad), "--count", "1"], input=""), 1)
    assert "n’est pas une base SQLite" in err


def test_serve_checks_the_database_at_start(runner, cli, fake_run, tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("pas une base\n" * 100, encoding="utf-8")
    err = one_line_error(runner.invoke(cli, ["serve", "--db", str(bad)]), 1)
    assert "--db" in err and "n’est pas une base SQLite" in err
    err = one_line_error(runner.invoke(cli, ["serve", "--db", str(tmp_path)]), 1)
    assert "est un dossier" in err
    assert not [c for c in fake_run if "app" in c]


def test_serve_is_gunicorn_unless_dev(runner, cli, fake_run, monkeypatch):
    from web.production import default_workers
    assert runner.invoke(cli, ["serve", "--port", "8123"]).exit_code == 0
    assert fake_run[-1]["dev"] is False and fake_run[-1]["workers"] == default_workers()
    assert runner.invoke(cli, ["serve", "--workers", "3"]).exit_code == 0
    assert fake_run[-1]["workers"] == 3
    monkeypatch.setenv("ARBITRE_WORKERS", "5")
    assert runner.invoke(cli, ["serve"]).exit_code == 0
    assert fake_run[-1]["workers"] == 5
    result = runner.invoke(cli, ["serve", "--dev"])
    assert result.exit_code == 0 and fake_run[-1]["dev"] is True
    assert "serveur de développement" in result.stderr


def test_serve_bad_workers(runner, cli, fake_run, monkeypatch):
    assert "--workers" in one_line_error(runner.invoke(cli, ["serve", "--workers", "zéro"]), 2)
    assert "--workers" in one_line_error(runner.invoke(cli, ["serve", "--workers", "0"]), 2)
    monkeypatch.setenv("ARBITRE_WORKERS", "-2")
    assert "ARBITRE_WORKERS" in one_line_error(runner.invoke(cli, ["serve"]), 2)
    assert not [c for c in fake_run if "app" in c]


def test_serve_bad_environment_is_one_french_line(runner, cli, fake_run, monkeypatch):
    monkeypatch.setenv("ARBITRE_RATELIMIT", "beaucoup")
    assert "ARBITRE_RATELIMIT" in one_line_error(runner.invoke(cli, ["serve"]), 1)
    monkeypatch.delenv("ARBITRE_RATELIMIT")
    monkeypatch.setenv("ARBITRE_TIME_BUDGET", "longtemps")
    assert "ARBITRE_TIME_BUDGET" in one_line_error(runner.invoke(cli, ["serve"]), 1)


def test_serve_on_a_busy_port_says_so_in_french(runner, cli):
    import socket
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        err = one_line_error(runner.invoke(cli, ["serve", "--port", str(port)]), 1)
    assert f"Adresse déjà utilisée : 127.0.0.1:{port}" in err and "--port" in err and "PORT=" in err
    assert "Address already in use" not in err


def test_serve_on_an_unknown_host_is_a_usage_error(runner, cli):
    err = one_line_error(runner.invoke(cli, ["serve", "--host", "hote-inconnu.invalid", "--port", "8124"]), 2)
    assert "--host" in err and "adresse inconnue « hote-inconnu.invalid »" in err
    assert "Name or service" not in err


@pytest.mark.parametrize("name, text", [
    ("coup.yaml", "ruleset: 9-ffb\nshot: {}\nruleset: 9-bca\n"),
    ("coup.json", '{"ruleset": "9-ffb", "shot": {}, "ruleset": "9-bca"}'),
    ("coup2.yaml", "ruleset: 9-ffb\nshot:\n  kind: normal\n  kind: break\n"),
])
def test_evaluate_refuses_duplicate_keys(runner, cli, tmp_path, name, text):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    err = one_line_error(runner.invoke(cli, ["evaluate", str(f)]), 1)
    assert "clé en double" in err and ("« ruleset »" in err or "« kind »" in err)


def test_evaluate_rulesets_null_means_not_stated(runner, cli, tmp_path):
    f = tmp_path / "coup.json"
    f.write_text(json.dumps({"rulesets": None, **SCRATCH}), encoding="utf-8")
    result = runner.invoke(cli, ["evaluate", str(f), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ruleset"] == "9-bca"


def test_a_question_that_is_not_utf8_is_a_usage_error_not_a_crash(tmp_path):
    """Bytes that are not UTF-8 reach Python as lone surrogates: a French line and code 2 for
    « ask »; the « chat » session says it and goes on with the next line."""
    import subprocess
    import sys
    root = Path(__file__).resolve().parent.parent
    ask = subprocess.run([sys.executable, "app.py", "ask", "casse \udcff ?"], cwd=root, capture_output=True,
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"}, errors="surrogateescape")
    assert ask.returncode == 2 and "pas du texte UTF-8 valide" in ask.stderr
    chat = subprocess.run([sys.executable, "app.py", "chat"], cwd=root, capture_output=True,
                          input=b"\xff\xfe casse ?\nla blanche tombe \xc3\xa0 la casse au 9\n")
    assert chat.returncode == 0 and "pas du texte UTF-8 valide" in chat.stderr.decode()
    assert "bille en main" in chat.stdout.decode()


def test_a_question_with_a_control_character_is_refused_as_the_api_refuses_it(runner, cli):
    result = runner.invoke(cli, ["ask", "la casse\x07 est bonne ?"])
    assert result.exit_code == 2 and "caractère de contrôle" in result.output
    chat = runner.invoke(cli, ["chat"], input="la casse\x1b[2J ?\nla blanche tombe à la casse au 9\n")
    assert chat.exit_code == 0 and "caractère de contrôle" in chat.output
    assert "bille en main" in chat.output


def test_a_scenario_on_stdin_that_is_not_utf8_or_yaml_it_refuses_is_said_in_french():
    import subprocess
    import sys
    root = Path(__file__).resolve().parent.parent
    for data, said in ((b"\xff\xfe", "pas du texte UTF-8 valide"), (b"a: &a [*a]\n", "alias récursif"),
                       (b"a: !!python/object:os.system x\n", "étiquette YAML")):
        run = subprocess.run([sys.executable, "app.py", "evaluate", "-"], cwd=root, capture_output=True, input=data)
        err = run.stderr.decode()
        assert run.returncode == 1 and said in err and "Erreur interne" not in err, err


def test_evaluate_refuses_a_list_nested_too_deeply(runner, cli):
    # JSON refuses it by recursion, YAML is tried next: its C composer would overflow the stack
    err = one_line_error(runner.invoke(cli, ["evaluate", "-"], input="[" * 50000 + "]" * 50000), 1)
    assert "imbriqués trop profondément" in err


def test_check_names_the_line_of_a_house_rules_file_nested_too_deeply(runner, cli, tmp_path):
    (tmp_path / "club.yaml").write_text("id: club-x\nextends: 9-ffb\ntitle: " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
    result = runner.invoke(cli, ["check", "--house-rules", str(tmp_path)])
    assert "Traceback" not in result.output and "RecursionError" not in result.output
    assert "club.yaml:3: YAML illisible : listes ou objets imbriqués trop profondément" in result.output
