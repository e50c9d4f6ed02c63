"""``python app.py chat``: a conversation in the terminal (each question may follow up on the last)."""
from __future__ import annotations

import json
import sys

import click

from qa.text import has_control

from .common import HAS_CONTROL, NOT_UTF8, build_answerer, format_citation, load_book, split_rulesets, undecodable
from .i18n import IntBetween

_VERDICT = {"yes": "oui", "no": "non", "silent": "le texte n’en dit rien"}
_QUIT = {"quit", "exit", "q", "fin", "au revoir", "merci", "bye"}


def render_turn(book, answer: dict, details: bool) -> str:
    """One answer in the chat: the short answer, the verdicts, then the passages (whole with ``details``)."""
    out = [answer.get("short") or answer.get("answer", "")]
    for rid, v in (answer.get("verdicts") or {}).items():
        rs = book.rulesets.get(rid)
        out.append(f"  {rs.title if rs else rid} : {_VERDICT.get(v, v)}")
    if answer.get("follow_up"):
        out += [f"  ? {f}" for f in answer["follow_up"]]
    if details:
        out.append(answer.get("answer", ""))
    for n, c in enumerate(answer.get("citations") or [], 1):
        if details:
            out.append(format_citation(book, c, n))
        else:
            rs = book.rulesets.get(c.get("ruleset", ""))
            out.append(f"  [{n}] {rs.short if rs and rs.short else c.get('ruleset')} — {c.get('title') or c.get('section')}")
    return "\n".join(out)


@click.command(short_help="Converse dans le terminal : chaque question peut suivre la précédente.")
@click.option("--rulesets", default=None, metavar="ID,ID", help="Limiter les réponses à ces règlements.")
@click.option("-k", "k", default=5, show_default=True, type=IntBetween(1, 20), metavar="N",
              help="Nombre de passages cités au plus (1 à 20).")
@click.option("--details", is_flag=True, help="Afficher la réponse entière et le texte des passages.")
@click.option("--json", "as_json", is_flag=True, help="Une réponse JSON (forme « Answer ») par ligne.")
@click.option("--house-rules", default=None, metavar="DIR", help="Dossier de règles maison (ARBITRE_HOUSE_RULES).")
def chat(rulesets: str | None, k: int, details: bool, as_json: bool, house_rules: str | None) -> None:
    """Pose des questions l’une après l’autre, sur l’entrée standard : « et à la FFB ? »,
    « et si c’était à la casse ? », « pourquoi ? » suivent la question d’avant. Une ligne vide,
    « fin » ou Ctrl-D termine."""
    book = load_book(house_rules=house_rules)
    ids = split_rulesets(book, rulesets)
    answerer = build_answerer(book)
    from qa.answer import AskError
    tty = sys.stdin.isatty()
    if tty and not as_json:
        click.echo("Posez votre question (ligne vide ou « fin » pour terminer).")
    context = None
    while True:
        if tty:
            click.echo("> ", nl=False)
        line = sys.stdin.readline()
        if not line:
            break
        q = line.strip()
        if not q or q.lower() in _QUIT:
            break
        if undecodable(q):
            click.echo(f"Erreur : la question : {NOT_UTF8}.", err=True)
            continue
        if has_control(q):
            click.echo(f"Erreur : la question : {HAS_CONTROL}.", err=True)
            continue
        try:
            answer = answerer.ask(q, rulesets=ids, k=k, context=context)
        except AskError as exc:
            click.echo(f"Erreur : {exc.message}", err=True)
            continue
        context = answer.get("context")
        if as_json:
            click.echo(json.dumps(answer, ensure_ascii=False))
        else:
            click.echo(render_turn(book, answer, details) + "\n")


commands = [chat]
