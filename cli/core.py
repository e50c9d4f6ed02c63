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

from qa.quiz.store import StoreError
from qa.rulebook import DATA_DIR, RulebookError, did_you_mean, load_rulebook
from qa.yamlio import DuplicateKeyError, french_yaml_problem, load_json_unique, load_yaml_unique

from .i18n import IntBetween
from .common import (CliError, build_answerer, env_or, format_citation, format_outcome, load_book, print_json,
                     split_rulesets)

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


def check_address(host: str, port: int) -> None:
    """Fail in French before serving when ``host:port`` cannot be listened on: an unknown
    host name (usage error naming --host), a port already in use or reserved (naming --port
    and PORT). werkzeug would otherwise print its own English message and exit."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        raise click.BadParameter(f"adresse inconnue « {host} » (nom introuvable) ; par exemple 127.0.0.1 (cette machine) "
                                 "ou 0.0.0.0 (tout le réseau)", param_hint="--host") from None
    family, socktype, proto, _, sockaddr = infos[0]
    with socket.socket(family, socktype, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as werkzeug's server does
        try:
            sock.bind(sockaddr)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise CliError(f"le port {port} est déjà utilisé sur {host} (une autre instance ?) : choisissez-en un "
                               f"autre avec --port, par exemple « python app.py serve --port {port + 1 if port < 65535 else 8000} » "
                               f"ou « PORT={port + 1 if port < 65535 else 8000} python app.py ».") from None
            if exc.errno == errno.EACCES:
                raise CliError(f"permission refusée pour le port {port} (les ports sous 1024 sont réservés) : "
                               "choisissez-en un autre avec --port ou la variable PORT.") from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise click.BadParameter(f"l’adresse {host} n’est pas une adresse de cette machine ; par exemple "
                                         "127.0.0.1 ou 0.0.0.0", param_hint="--host") from None
            raise CliError(f"impossible d’écouter sur {host}:{port} (erreur {exc.errno}) : "
                           "choisissez un autre --port ou --host.") from None


# ----------------------------------------------------------------------------- serve
@click.command(short_help="Sert l’application web et l’API JSON.")
@click.option("--host", default=None, metavar="H", help=f"Adresse d’écoute (défaut : {DEFAULT_HOST}).")
@click.option("--port", default=None, metavar="P", help=f"Port (défaut : variable PORT, sinon {DEFAULT_PORT}).")
@click.option("--db", default=None, metavar="PATH",
              help="Fichier SQLite des quiz (défaut : variable ARBITRE_DB, sinon instance/arbitre.db).")
@click.option("--house-rules", default=None, metavar="DIR",
              help="Dossier de règles maison d’un club (défaut : variable ARBITRE_HOUSE_RULES).")
def serve(host: str | None, port: str | None, db: str | None, house_rules: str | None) -> None:
    """Sert l’application web et l’API JSON (défaut : http://127.0.0.1:5000)."""
    host = host or DEFAULT_HOST
    if port is not None:
        port_n = _port(port, "--port")
    elif os.environ.get("PORT"):
        port_n = _port(os.environ["PORT"], "PORT (variable d’environnement)")
    else:
        port_n = DEFAULT_PORT
    house_rules = env_or(house_rules, "ARBITRE_HOUSE_RULES")
    if house_rules and not Path(house_rules).is_dir():
        raise click.BadParameter(f"dossier introuvable : {house_rules}", param_hint="--house-rules")
    db = env_or(db, "ARBITRE_DB")
    config = {"HOUSE_RULES": house_rules}
    if db:
        parent = Path(db).expanduser().resolve().parent
        if not parent.is_dir():
            raise click.BadParameter(f"le dossier {parent} n’existe pas", param_hint="--db")
        config["DATABASE"] = str(Path(db).expanduser())
    check_address(host, port_n)
    from web import create_app
    from web.quiz import quiz_service
    from web.server import FrenchRequestHandler
    try:
        app = create_app(config)
    except RulebookError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        raise CliError(f"données de règles invalides ({len(exc.problems)} problème(s)) : voir ci-dessus.") from None
    with app.app_context():  # open the quiz database now, as « quiz » does: a bad --db fails here, not per request
        try:
            quiz_service()
        except StoreError as exc:
            raise CliError(f"--db : base de quiz inutilisable : {exc.message}") from None
    click.echo(f"l’Arbitre : http://{host}:{port_n}/ (Ctrl+C pour arrêter)", err=True)
    try:
        # errors the HTTP server sends by itself (URL or headers too long) answered by the app, in French
        app.run(host=host, port=port_n, debug=False, use_reloader=False, threaded=True,
                request_handler=FrenchRequestHandler)
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, errno.EACCES, errno.EADDRNOTAVAIL):
            raise CliError(f"impossible d’écouter sur {host}:{port_n} ({exc.strerror}) : "
                           "choisissez un autre --port ou --host.") from None
        raise


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
    out.append(answer.get("answer", ""))
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
        raise CliError(f"FILE : {name} doit contenir un objet (un scénario), pas {type(data).__name__}.")
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
        rid, exc = failed
        where = f" (champ « {exc.field} »)" if exc.field else ""
        cl = f" [{exc.clause}]" if exc.clause else ""
        raise CliError(f"scénario impossible sous {rid}{where} : {exc.message}{cl}")
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
