"""The core commands: ``serve``, ``ask``, ``evaluate``, ``check``."""
from __future__ import annotations

import errno
import json
import os
import socket
import sys
from pathlib import Path

import click
import yaml

from qa.quiz.db import is_postgres_url
from qa.quiz.store import StoreError
from qa.rulebook import DATA_DIR, RulebookError, did_you_mean, load_rulebook
from qa.text import has_control
from qa.yamlio import DuplicateKeyError, french_yaml_problem, load_json_unique, load_yaml_unique

from .i18n import IntBetween
from .common import (DB_HELP, HAS_CONTROL, NOT_UTF8, CliError, build_answerer, db_target, env_or, format_citation, format_outcome, load_book, print_json,
                     split_rulesets, undecodable)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000


def _port(value: object, source: str) -> int:
    try:
        port = int(str(value))
    except ValueError:
        raise click.BadParameter(f"« {value} » n’est pas un numéro de port (1 à 65535)", param_hint=source) from None
    if not 1 <= port <= 65535:
        raise click.BadParameter(f"{port} n’est pas un numéro de port (1 à 65535)", param_hint=source)
    return port


def _address(host: str, port: int) -> str:
    """``host:port`` as written in a URL (IPv6 hosts in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _bind_error(host: str, port: int, exc: OSError) -> click.ClickException:
    """The French error for a socket that cannot listen on ``host:port``."""
    other = port + 1 if port < 65535 else 8000
    if exc.errno == errno.EADDRINUSE:
        return CliError(f"Adresse déjà utilisée : {_address(host, port)} (une autre instance de l’Arbitre, ou un autre "
                        f"programme, écoute déjà sur le port {port}) : choisissez-en un autre avec --port, par exemple "
                        f"« python app.py serve --port {other} » ou « PORT={other} python app.py ».")
    if exc.errno == errno.EACCES:
        return CliError(f"permission refusée pour le port {port} (les ports sous 1024 sont réservés) : "
                        "choisissez-en un autre avec --port ou la variable PORT.")
    if exc.errno == errno.EADDRNOTAVAIL:
        return click.BadParameter(f"l’adresse {host} n’est pas une adresse de cette machine ; par exemple "
                                  "127.0.0.1 ou 0.0.0.0", param_hint="--host")
    return CliError(f"impossible d’écouter sur {_address(host, port)} (erreur {exc.errno}) : "
                    "choisissez un autre --port ou --host.")


def listen_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port``, handed to the server afterwards; fails in French
    when it cannot be had: an unknown host name (usage error naming --host), a port already in
    use (« Adresse déjà utilisée : … », naming --port and PORT) or reserved. Binding here, once,
    means a second instance started on the same port fails at once with that message, never
    with werkzeug's or gunicorn's English one."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        raise click.BadParameter(f"adresse inconnue « {host} » (nom introuvable) ; par exemple 127.0.0.1 (cette machine) "
                                 "ou 0.0.0.0 (tout le réseau)", param_hint="--host") from None
    family, socktype, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, socktype, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as werkzeug's and gunicorn's servers do
        sock.bind(sockaddr)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise _bind_error(host, port, exc) from None
    return sock


def check_address(host: str, port: int) -> None:
    """Fail in French when ``host:port`` cannot be listened on (see :func:`listen_socket`)."""
    listen_socket(host, port).close()


def _count(value: object, source: str, low: int = 1, high: int = 64) -> int:
    """A number of worker processes (``low`` to ``high``), or a usage error naming ``source``."""
    try:
        n = int(str(value).strip())
    except ValueError:
        n = low - 1
    if not low <= n <= high:
        raise click.BadParameter(f"« {value} » n’est pas un nombre de processus ({low} à {high})", param_hint=source)
    return n


def _serve_port(port: str | None) -> int:
    """The port: --port, else PORT, else 5000."""
    if port is not None:
        return _port(port, "--port")
    if os.environ.get("PORT"):
        return _port(os.environ["PORT"], "PORT (variable d’environnement)")
    return DEFAULT_PORT


def _serve_workers(workers: str | None) -> int:
    """The number of gunicorn workers: --workers, else ARBITRE_WORKERS, else one per core."""
    from web.production import default_workers
    if workers is not None:
        return _count(workers, "--workers")
    if os.environ.get("ARBITRE_WORKERS"):
        return _count(os.environ["ARBITRE_WORKERS"], "ARBITRE_WORKERS (variable d’environnement)")
    return default_workers()


def _serve_config(db: str | None, house_rules: str | None) -> dict:
    """The app settings given by --db and --house-rules (or their variables), checked."""
    house_rules = env_or(house_rules, "ARBITRE_HOUSE_RULES")
    if house_rules and not Path(house_rules).is_dir():
        raise click.BadParameter(f"dossier introuvable : {house_rules}", param_hint="--house-rules")
    target, db_flag = db_target(db)
    config: dict = {"HOUSE_RULES": house_rules, "DB_FLAG": db_flag}
    if target:
        config["DATABASE"] = _database(target, db_flag)
    return config


def _database(target: str, flag: str) -> str:
    """The ``DATABASE`` setting for ``--db``: a PostgreSQL URL as given, or a SQLite path
    (``~`` expanded; ``sqlite:///PATH`` too) whose folder must exist."""
    if is_postgres_url(target):
        return target
    parent = Path(target).expanduser().resolve().parent
    if not parent.is_dir():
        raise click.BadParameter(f"le dossier {parent} n’existe pas", param_hint=flag)
    return str(Path(target).expanduser())


def build_app(config: dict):
    """The Flask app for ``serve``, its quiz database opened: French errors for invalid rule
    data, an unusable ``ARBITRE_*`` variable or an unusable --db."""
    config = dict(config)
    db_flag = config.pop("DB_FLAG", "--db")
    from web import create_app
    from web.quiz import quiz_service
    from web.ratelimit import ConfigError
    try:
        app = create_app(config)
    except RulebookError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        raise CliError(f"données de règles invalides ({len(exc.problems)} problème(s)) : voir ci-dessus.") from None
    except ConfigError as exc:
        raise CliError(exc.message) from None
    with app.app_context():  # open the quiz database now, as « quiz » does: a bad --db fails here, not per request
        try:
            quiz_service()
        except StoreError as exc:
            raise CliError(f"{db_flag} : base de quiz inutilisable : {exc.message}") from None
    return app


def run_server(app, sock: socket.socket, dev: bool, workers: int) -> None:
    """Serve ``app`` on ``sock``: gunicorn with ``workers`` processes, or werkzeug's
    development server when ``dev``."""
    from web.production import serve_dev, serve_production
    if dev:
        serve_dev(app, sock)
    else:
        serve_production(app, sock, workers)


# ----------------------------------------------------------------------------- serve
@click.command(short_help="Sert l’application web et l’API JSON.")
@click.option("--host", default=None, metavar="H", help=f"Adresse d’écoute (défaut : {DEFAULT_HOST}).")
@click.option("--port", default=None, metavar="P", help=f"Port (défaut : variable PORT, sinon {DEFAULT_PORT}).")
@click.option("--db", default=None, metavar="PATH|URL", help=DB_HELP)
@click.option("--house-rules", default=None, metavar="DIR",
              help="Dossier de règles maison d’un club (défaut : variable ARBITRE_HOUSE_RULES).")
@click.option("--workers", default=None, metavar="N",
              help="Processus du serveur gunicorn (défaut : variable ARBITRE_WORKERS, sinon un par cœur).")
@click.option("--dev", is_flag=True, help="Serveur de développement (werkzeug, un seul processus) au lieu de gunicorn.")
def serve(host: str | None, port: str | None, db: str | None, house_rules: str | None,
          workers: str | None, dev: bool) -> None:
    """Sert l’application web et l’API JSON (défaut : http://127.0.0.1:5000), avec gunicorn
    (plusieurs processus) ou, avec --dev, le serveur de développement."""
    host = host or DEFAULT_HOST
    port_n = _serve_port(port)
    n_workers = 1 if dev else _serve_workers(workers)
    config = _serve_config(db, house_rules)
    sock = listen_socket(host, port_n)
    try:
        app = build_app(config)
        server = "serveur de développement" if dev else f"gunicorn, {n_workers} processus"
        click.echo(f"l’Arbitre : http://{_address(host, port_n)}/ ({server} ; Ctrl+C pour arrêter)", err=True)
        run_server(app, sock, dev, n_workers)
    finally:
        if sock.fileno() != -1:
            sock.close()


# ----------------------------------------------------------------------------- ask
@click.command(short_help="Répond à une question sur les règles.")
@click.argument("question")
@click.option("--rulesets", default=None, metavar="ID,ID", help="Limiter la réponse à ces règlements.")
@click.option("-k", "k", default=5, show_default=True, type=IntBetween(1, 20), metavar="N",
              help="Nombre de passages cités au plus (1 à 20).")
@click.option("--json", "as_json", is_flag=True, help="Réponse en JSON (forme « Answer » de l’API).")
@click.option("--house-rules", default=None, metavar="DIR", help="Dossier de règles maison (ARBITRE_HOUSE_RULES).")
def ask(question: str, rulesets: str | None, k: int, as_json: bool, house_rules: str | None) -> None:
    """Répond à une question sur les règles, avec les passages cités mot pour mot."""
    if not question.strip():
        raise click.BadParameter("la question est vide", param_hint="QUESTION")
    if undecodable(question):
        raise click.BadParameter(NOT_UTF8, param_hint="QUESTION")
    if has_control(question):
        raise click.BadParameter(HAS_CONTROL, param_hint="QUESTION")
    book = load_book(house_rules=house_rules)
    ids = split_rulesets(book, rulesets)
    from qa.answer import AskError
    try:
        answer = build_answerer(book).ask(question.strip(), rulesets=ids, k=k)
    except AskError as exc:
        flag = {"q": "QUESTION", "rulesets": "--rulesets", "k": "-k"}.get(exc.field or "", exc.field or "QUESTION")
        raise click.BadParameter(exc.message, param_hint=flag) from None
    if as_json:
        print_json(answer)
        return
    click.echo(render_answer(book, answer))


def render_answer(book, answer: dict) -> str:
    """An Answer (contract shape) as text: the answer, the rulings, then each citation."""
    out = []
    short, body = answer.get("short") or "", answer.get("answer", "")
    if short:
        out.append(short + "\n")
        if body.startswith(short):      # (a ruling's text opens with its short: not said twice)
            body = body[len(short):].lstrip()
    out.append(body)
    if answer.get("follow_up"):
        out.append("\nÀ préciser :")
        out += [f"  - {f}" for f in answer["follow_up"]]
    outcomes = answer.get("outcomes") or {}
    for o in outcomes.values():
        out.append("")
        out.append(format_outcome(book, o))
    if answer.get("citations"):
        out.append("\nCitations :")
        for n, c in enumerate(answer["citations"], 1):
            out.append(format_citation(book, c, n))
    if answer.get("suggestions"):
        out.append("\nSuggestions :")
        for s in answer["suggestions"]:
            if isinstance(s, dict):
                s = s.get("label") or s.get("question") or s.get("text") or s.get("id") or json.dumps(s, ensure_ascii=False)
            elif s in book.topics:
                s = f"{book.topics[s]} ({s})"
            out.append(f"  - {s}")
    return "\n".join(out).strip()


# ----------------------------------------------------------------------------- evaluate
def read_scenario_file(path: str) -> dict:
    """Read a JSON or YAML scenario from ``path`` (``-``: stdin) into a mapping.

    JSON is tried first, then YAML; both refuse a key given twice. Raises
    ``click.BadParameter`` (naming FILE) for a missing file, a folder or an unreadable one, and
    :class:`CliError` for a file that is not UTF-8, empty, neither JSON nor YAML, holds a key
    twice, or is not an object."""
    if path == "-":
        text = sys.stdin.read()
        name = "l’entrée standard"
        if undecodable(text):    # bytes that are not UTF-8, read as lone surrogates
            raise CliError(f"FILE : {name} : {NOT_UTF8}.")
    else:
        p = Path(path)
        if not p.exists():
            raise click.BadParameter(f"fichier introuvable : {path}", param_hint="FILE")
        if p.is_dir():
            raise click.BadParameter(f"{path} est un dossier", param_hint="FILE")
        try:
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise CliError(f"FILE : {path} n’est pas un texte UTF-8.") from None
        except OSError as exc:
            raise click.BadParameter(f"lecture impossible de {path} ({exc.strerror})", param_hint="FILE") from None
        name = path
    if not text.strip():
        raise CliError(f"FILE : {name} est vide ; un scénario JSON ou YAML est attendu.")
    try:  # JSON first, then YAML; both refuse a key given twice (the last would win silently)
        data = load_json_unique(text)
    except DuplicateKeyError as exc:
        raise CliError(f"FILE : {name} : {exc.message}.") from None
    except (ValueError, RecursionError):
        try:
            data = load_yaml_unique(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" (ligne {mark.line + 1}, colonne {mark.column + 1})" if mark else ""
            problem = french_yaml_problem(exc)
            if problem.startswith("clé en double"):
                raise CliError(f"FILE : {name}{where} : {problem}.") from None
            problem = problem.removeprefix("YAML illisible : ")
            raise CliError(f"FILE : {name} n’est ni du JSON ni du YAML lisible{where} : {problem}.") from None
        except RecursionError:
            raise CliError(f"FILE : {name} : objets ou listes imbriqués trop profondément.") from None
    if not isinstance(data, dict):
        kind = {"str": "un texte", "list": "une liste", "int": "un nombre", "float": "un nombre", "bool": "un booléen",
                "NoneType": "null"}.get(type(data).__name__, "une autre valeur")
        raise CliError(f"FILE : {name} doit contenir un objet (un scénario), pas {kind}.")
    return data


@click.command(short_help="Arbitre un coup (scénario JSON ou YAML).")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Décision en JSON (forme « Outcome » de l’API).")
@click.option("--house-rules", default=None, metavar="DIR", help="Dossier de règles maison (ARBITRE_HOUSE_RULES).")
def evaluate(file: str, as_json: bool, house_rules: str | None) -> None:
    """Arbitre un coup décrit dans FILE (scénario JSON ou YAML ; « - » : entrée standard).

    Le scénario nomme « ruleset », ou « rulesets » (une liste) pour le même coup sous plusieurs règlements.
    """
    from qa.engine.everywhere import first_impossible, outcomes_json, rule_under
    from qa.engine.scenario import ScenarioFormatError, parse_scenario

    data = read_scenario_file(file)
    book = load_book(house_rules=house_rules)
    if "rulesets" in data and data["rulesets"] is None:  # null: not stated (then « ruleset » is required)
        data = {k: v for k, v in data.items() if k != "rulesets"}
    many = "rulesets" in data
    if many and data.get("ruleset") is not None:
        raise CliError("champ « rulesets » : donnez « ruleset » ou « rulesets », pas les deux.")
    try:
        scenario, ids = parse_scenario(data, many=many)
    except ScenarioFormatError as exc:
        raise CliError(exc.message) from None
    if many:
        if not isinstance(ids, list) or not ids:
            raise CliError("Champ « rulesets » : une liste non vide d’identifiants est attendue.")
    elif not scenario.ruleset:
        raise CliError(f"Champ « ruleset » obligatoire (ou « rulesets », une liste) ; règlements : {', '.join(book.rulesets)}.")
    else:
        ids = [scenario.ruleset]
    for rid in ids:
        if rid not in book.rulesets:
            field = "rulesets" if many else "ruleset"
            raise CliError(f"Champ « {field} » : règlement inconnu « {rid} »{did_you_mean(rid, book.rulesets)} ; "
                           f"règlements : {', '.join(book.rulesets)}.")
    rulings = rule_under(book, scenario, ids)
    failed = first_impossible(rulings)
    if failed is not None:
        rid, err = failed
        where = f" (champ « {err.field} »)" if err.field else ""
        cl = f" [{err.clause}]" if err.clause else ""
        raise CliError(f"scénario impossible sous {rid}{where} : {err.message}{cl}")
    outcomes = outcomes_json(book, rulings)
    if as_json:
        print_json({"outcomes": outcomes} if many else outcomes[ids[0]])
        return
    click.echo("\n\n".join(format_outcome(book, o) for o in outcomes.values()))


# ----------------------------------------------------------------------------- check
@click.command(short_help="Vérifie les données de règles.")
@click.option("--house-rules", default=None, metavar="DIR", help="Dossier de règles maison à vérifier aussi (ARBITRE_HOUSE_RULES).")
@click.option("--data", default=None, metavar="DIR", help="Dossier des données de règles (défaut : rules_data/, ou ARBITRE_DATA).")
@click.pass_context
def check(ctx: click.Context, house_rules: str | None, data: str | None) -> None:
    """Charge et vérifie toutes les données de règles ; « fichier:ligne: message » par problème (code 1)."""
    root = env_or(data, "ARBITRE_DATA") or DATA_DIR
    house_rules = env_or(house_rules, "ARBITRE_HOUSE_RULES")
    if not Path(root).is_dir():
        raise click.BadParameter(f"dossier introuvable : {root}", param_hint="--data")
    if house_rules and not Path(house_rules).is_dir():
        raise click.BadParameter(f"dossier introuvable : {house_rules}", param_hint="--house-rules")
    try:
        book = load_rulebook(root, house_rules=house_rules)
    except RulebookError as exc:
        for p in exc.problems:
            click.echo(str(p))
        click.echo(f"{len(exc.problems)} problème(s) dans les données de règles.", err=True)
        ctx.exit(1)
        return
    rules = sum(1 for c in book.clauses.values() if c.kind == "rule")
    click.echo(f"OK : {len(book.rulesets)} règlements, {len(book.clauses)} clauses ({rules} règles de jeu), "
               f"{len(book.topics)} thèmes, {len(book.policy_specs)} politiques.")


commands = [serve, ask, evaluate, check]
