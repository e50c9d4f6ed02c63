"""Helpers shared by the commands: loading the rulebook, ruleset options, text rendering."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Mapping

import click

from qa import ruling_words as words
from qa.rulebook import DATA_DIR, Rulebook, RulebookError, did_you_mean, load_rulebook


class CliError(click.ClickException):
    """A failure reported as one French line (``Erreur : …``), exit code 1 (or ``exit_code``)."""

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code  # type: ignore[misc]  # per error (click: a class variable)


def env_or(value: Any, var: str) -> Any:
    """``value`` when given, else the environment variable ``var`` (None when unset or empty)."""
    if value not in (None, ""):
        return value
    return os.environ.get(var) or None


DB_HELP = ("Base des quiz : un fichier SQLite, ou l’adresse d’une base PostgreSQL partagée par plusieurs "
           "serveurs (postgresql://utilisateur:mot_de_passe@hôte:port/base) ; défaut : variable ARBITRE_DB, "
           "sinon instance/arbitre.db.")


def db_target(value: str | None) -> tuple[str | None, str]:
    """The quiz database asked for (``--db``, else ``ARBITRE_DB``, else None: the default file)
    and the name of where it came from, for error messages: a PostgreSQL URL, or a SQLite path
    (``sqlite:///PATH`` read as the path). Another ``scheme://`` or a libpq ``key=value`` string
    is a usage error naming the option (the string itself never repeated: it may hold a password)."""
    from qa.quiz.db import StoreError, database_target
    if value not in (None, ""):
        target, flag = value, "--db"
    else:
        target = os.environ.get("ARBITRE_DB") or None
        flag = "--db (variable ARBITRE_DB)" if target else "--db"
    if target is None:
        return None, flag
    try:
        return database_target(target), flag
    except StoreError as exc:
        raise click.BadParameter(exc.message, param_hint=flag) from None


def open_store(value: str | None) -> Any:
    """The :class:`~qa.quiz.store.Store` of ``--db`` / ``ARBITRE_DB``; :class:`CliError` (one
    French line naming the option) when it cannot be used: missing folder, not a database,
    read-only, bad URL, PostgreSQL unreachable..."""
    from qa.quiz.store import Store, StoreError
    target, flag = db_target(value)
    try:  # only the default instance/ folder is created; another file needs an existing folder
        return Store(target)
    except StoreError as exc:
        raise CliError(f"{flag} : base de quiz inutilisable : {exc.message}") from None


def load_book(data: str | None = None, house_rules: str | None = None) -> Rulebook:
    """Load the rulebook (``data`` or ``ARBITRE_DATA`` or rules_data/, plus house rules from
    ``house_rules`` or ``ARBITRE_HOUSE_RULES``). On invalid data, print every problem
    (``file:line: message``) on stderr and fail with exit code 1."""
    path: str | Path = env_or(data, "ARBITRE_DATA") or DATA_DIR
    house_rules = env_or(house_rules, "ARBITRE_HOUSE_RULES")
    try:
        return load_rulebook(path, house_rules=house_rules)
    except RulebookError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        raise CliError(f"données de règles invalides ({len(exc.problems)} problème(s)) : "
                       "voir ci-dessus, ou « python app.py check ».") from None


def build_answerer(book: Rulebook):
    """A ``qa.answer.Answerer`` wired as in the web app (lookup, and rulings for described shots)."""
    from qa.answer import Answerer
    from qa.situation_answer import situation_handler
    return Answerer(book, situations=situation_handler(book))


def id_list(value: str | None, flag: str, what: str = "règlement",
            otherwise: str = "omettez l’option pour les prendre tous") -> list[str] | None:
    """``ID,ID`` as typed after ``flag`` → its ids (stripped, in order, without repeats); None
    when the option is not given. An option given with nothing in it (``--rulesets ""``,
    ``--rulesets " , "``) is a usage error naming ``flag``: it never silently means « all »,
    as an empty ``rulesets`` is a 400 in the API."""
    if value is None:
        return None
    ids = list(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
    if not ids:
        raise click.BadParameter(f"liste vide : donnez au moins un {what} (ex. {EXAMPLES.get(what, 'ID')}), "
                                 f"ou {otherwise}", param_hint=flag)
    return ids


#: An example id of each kind of list option, for the message of an empty list.
EXAMPLES = {"règlement": "9-ffb ou 9-bca,9-ffb", "thème": "break ou break,fouls", "type de question": "call ou call,clause"}


def split_rulesets(book: Rulebook, value: str | None, flag: str = "--rulesets") -> list[str] | None:
    """``ID,ID`` → a list of known ruleset ids (None when the option is not given); a usage
    error naming ``flag`` for an empty list (:func:`id_list`) or an unknown id."""
    ids = id_list(value, flag)
    if ids is None:
        return None
    for rid in ids:
        if rid not in book.rulesets:
            raise click.BadParameter(f"règlement inconnu « {rid} »{did_you_mean(rid, book.rulesets)} ; "
                                     f"règlements : {', '.join(book.rulesets)}", param_hint=flag)
    return ids


def print_json(obj: Any) -> None:
    """Print ``obj`` as indented UTF-8 JSON."""
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line.strip() else line for line in str(text).splitlines())


def format_citation(book: Rulebook, c: Mapping[str, Any], n: int | None = None) -> str:
    """A cited clause as text: ruleset title, section, clause id, lead-in and verbatim text."""
    rs = book.rulesets.get(c.get("ruleset", ""))
    head = f"[{n}] " if n is not None else ""
    title = rs.title if rs else c.get("ruleset", "")
    section = f" — {c['section']}" if c.get("section") else ""
    lines = [f"{head}{title}{section} ({c.get('id')})"]
    lead = book.clauses.get(c.get("lead_in") or "")
    if lead is not None:
        lines.append(_indent(lead.text))
    lines.append(_indent(f"« {c.get('text', '')} »"))
    return "\n".join(lines)


def format_outcome(book: Rulebook, o: Mapping[str, Any], foul_labels: Mapping[str, str] | None = None) -> str:
    """An Outcome (JSON shape) as text, in the words of every page (:mod:`qa.ruling_words`):
    the ruling in one line, its rows, the reasons with clause ids, notes, assumptions."""
    labels = foul_labels or book.foul_labels
    rs = book.rulesets.get(o.get("ruleset", ""))
    money = rs.money_ball if rs else 9
    lines = [f"{o.get('ruleset')} — {rs.title if rs else ''}".rstrip(" —")]
    lines.append(f"{words.ROWS['verdict']} : {words.verdict_line(o, money, labels)}")
    unsettled = {words.FIELD_ROWS.get(f) for f in o.get("unsettled", [])}
    for key, items in words.ruling_rows(o, money, labels, show_break=bool(o.get("break"))).items():
        if key == "verdict":
            continue
        text = ", ".join(i["text"] + (f" [{i['clause']}]" if i.get("clause") else "") for i in items)
        lines.append(f"  {words.ROWS[key]} : {text}" + (f" ({words.NOT_SETTLED})" if key in unsettled else ""))
    if o.get("reasons"):
        lines.append(words.HEADINGS["reasons"] + " :")
        lines += [f"  - {r['text']}" + (f" [{r['clause']}]" if r.get("clause") else f" ({words.REFEREE})")
                  for r in o["reasons"]]
    if o.get("notes"):
        lines.append(words.HEADINGS["notes"] + " :")
        lines += [f"  - {n}" for n in o["notes"]]
    if o.get("assumptions"):
        lines.append(words.HEADINGS["assumptions"] + " :")
        lines += [f"  - {a}" for a in o["assumptions"]]
    if o.get("unsettled"):
        lines.append(words.NOT_SETTLED_LIST + " " + ", ".join(words.field_label(f).lower() for f in o["unsettled"]))
    return "\n".join(lines)


def undecodable(text: str) -> bool:
    """Whether ``text`` holds bytes that were not UTF-8 (Python reads them as lone surrogates)."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


NOT_UTF8 = "ce n’est pas du texte UTF-8 valide"
HAS_CONTROL = "elle contient un caractère de contrôle"
