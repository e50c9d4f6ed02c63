"""``python app.py quiz``: take a quiz in the terminal (numbered choices read from stdin).

Works when piped (``printf '1\\n2\\n…' | python app.py quiz --seed 3``): one answer per line;
at the end of the input the quiz is finished with what was answered. The quiz is stored in
the same database as the web app's (``--db`` / ``ARBITRE_DB``: a SQLite file, instance/arbitre.db
by default, or a PostgreSQL URL), so
its review is also at ``/quiz/<id>/revue``.
"""
from __future__ import annotations

import os
import sys
import textwrap
from typing import Any, TextIO

import click

from qa.quiz.generate import Question
from qa.quiz.params import QuizError
from qa.quiz.service import QuizService

from .common import DB_HELP, CliError, id_list, load_book, open_store, print_json

KIND_LABELS = {"call": "Décision d’arbitrage", "clause": "Ce que dit le texte", "variant": "Les règlements comparés"}
FLAGS = {"rulesets": "--rulesets", "topics": "--topics", "count": "--count", "seed": "--seed", "mode": "--mode",
         "learner": "--learner", "time_limit_s": "--time-limit", "kinds": "--kinds"}
WIDTH = 88


def _wrap(text: str, indent: str = "") -> str:
    return "\n".join(textwrap.fill(line, WIDTH, initial_indent=indent, subsequent_indent=indent) if line.strip() else ""
                     for line in str(text).splitlines())


def _read_choice(q: Question, stream: TextIO, interactive: bool) -> str | None:
    """The choice id typed for ``q`` (a number 1..n or a letter), None at the end of input
    or on « q » (quit)."""
    n = len(q.choices)
    while True:
        if interactive:
            click.echo(f"Votre réponse (1-{n}, q pour arrêter) : ", nl=False)
        line = stream.readline()
        if not line:
            return None
        text = line.strip().lower()
        if text in ("q", "quit", "quitter", "stop"):
            return None
        if text.isdigit() and 1 <= int(text) <= n:
            return q.choices[int(text) - 1].id
        if len(text) == 1 and text in [c.id for c in q.choices]:
            return text
        click.echo(f"Réponse non comprise « {line.strip()[:20]} » : tapez un numéro de 1 à {n}.", err=True)


def _print_question(book, q: Question, i: int, total: int) -> None:
    click.echo("")
    head = f"Question {i}/{total} — {KIND_LABELS.get(q.kind, q.kind)}"
    if q.ruleset:
        head += f" — {book.rulesets[q.ruleset].title}"
    click.echo(click.style(head, bold=True))
    click.echo(_wrap(q.prompt))
    for k, c in enumerate(q.choices, 1):
        click.echo(textwrap.fill(f"{k}) {c.text}", WIDTH, initial_indent="  ", subsequent_indent="     "))


def _citations(book, ids) -> str:
    out = []
    for cid in ids:
        c = book.clauses.get(cid)
        if c is not None:
            out.append(f"{book.rulesets[c.ruleset].title}{' — ' + c.section if c.section else ''} ({cid})")
    return "; ".join(out)


def _number(q: Question, choice: str | None) -> str:
    if choice is None:
        return "—"
    k = next((i for i, c in enumerate(q.choices, 1) if c.id == choice), None)
    return f"{k}) {q.choice_text(choice)}" if k else choice


@click.command(short_help="Passe un quiz dans le terminal.")
@click.option("--rulesets", default=None, metavar="ID,ID", help="Règlements (défaut : tous).")
@click.option("--topics", default=None, metavar="T,T", help="Thèmes (défaut : tous).")
@click.option("--count", default=10, show_default=True, metavar="N", help="Nombre de questions (1 à 50).")
@click.option("--seed", default=None, metavar="S", help="Code d’épreuve : même code, mêmes questions (défaut : au hasard).")
@click.option("--mode", default="practice", show_default=True, metavar="practice|exam",
              help="practice : correction après chaque réponse ; exam : à la fin.")
@click.option("--learner", default=None, metavar="NOM", help="Nom de l’apprenant (historique, boîtes de Leitner).")
@click.option("--time-limit", "time_limit", default=None, metavar="SECONDES", help="Durée limite (examen chronométré).")
@click.option("--kinds", default=None, metavar="K,K", help="Types de questions : call, clause, variant (défaut : tous).")
@click.option("--db", default=None, metavar="PATH|URL", help=DB_HELP)
@click.option("--house-rules", default=None, metavar="DIR", help="Dossier de règles maison (défaut : ARBITRE_HOUSE_RULES).")
@click.option("--json", "as_json", is_flag=True, help="Écrit le résultat final en JSON.")
def quiz(rulesets: str | None, topics: str | None, count: Any, seed: Any, mode: str, learner: str | None,
         time_limit: Any, kinds: str | None, db: str | None, house_rules: str | None, as_json: bool) -> None:
    """Passe un quiz dans le terminal : une question à la fois, choix numérotés, réponse sur l’entrée standard.

    Tapez le numéro de votre réponse (ou sa lettre) puis Entrée ; « q » arrête et corrige.
    Fonctionne aussi en lisant une réponse par ligne dans un tube.
    """
    for value, flag, what in ((rulesets, "--rulesets", "règlement"), (topics, "--topics", "thème"),
                              (kinds, "--kinds", "type de question")):
        id_list(value, flag, what)     # an option given empty is a usage error, not « all »
    book = load_book(None, house_rules)
    svc = QuizService(book, open_store(db))
    data = {"rulesets": rulesets, "topics": topics, "count": count, "seed": seed, "mode": mode, "learner": learner,
            "time_limit_s": time_limit, "kinds": kinds}
    try:
        created = svc.create(data, token=os.environ.get("ARBITRE_LEARNER_TOKEN") or None)
    except QuizError as exc:
        if exc.code == "learner_taken":     # the API's header is no advice in a terminal
            raise CliError(f"Le nom d’apprenant « {learner} » est déjà pris : donnez son code dans la variable "
                           "d’environnement ARBITRE_LEARNER_TOKEN, ou choisissez un autre nom (--learner).") from None
        flag = FLAGS.get(exc.field or "", exc.field or "")
        raise click.BadParameter(exc.message, param_hint=flag) if exc.status == 400 and flag else CliError(exc.message)
    quiz_id = created["id"]
    loaded = svc.load(quiz_id)
    questions = loaded.questions
    stdin = sys.stdin
    interactive = stdin.isatty()
    label = "examen" if mode == "exam" else "entraînement"
    code = f" — code d’épreuve {created['seed']}" if "seed" in created else ""
    click.echo(f"Quiz ({label}) : {len(questions)} question(s){code} — quiz {quiz_id}")
    if created.get("learner_token"):
        click.echo(f"Code d’apprenant de « {created['learner']} » (gardez-le ; ARBITRE_LEARNER_TOKEN pour les "
                   f"quiz suivants) : {created['learner_token']}")
    if created.get("time_limit_s"):
        click.echo(f"Durée limite : {created['time_limit_s']} s.")
    if interactive:
        click.echo("Tapez le numéro de votre réponse puis Entrée ; « q » pour arrêter.")
    stopped = False
    for i, q in enumerate(questions, 1):
        _print_question(book, q, i, len(questions))
        choice = _read_choice(q, stdin, interactive)
        if choice is None:
            stopped = True
            click.echo("")
            click.echo("Arrêt : le quiz est corrigé avec les réponses données.")
            break
        try:
            res = svc.answer(quiz_id, {"question": q.id, "choice": choice}, created["token"])
        except QuizError as exc:
            click.echo(exc.message, err=True)
            if exc.code in ("time_over", "quiz_finished"):
                stopped = True
                break
            continue
        if mode == "exam":
            click.echo("Réponse enregistrée.")
            continue
        if res["correct"]:
            click.echo(click.style("Juste !", fg="green", bold=True))
        else:
            click.echo(click.style("Faux.", fg="red", bold=True) + f" Bonne réponse : {_number(q, q.right)}")
        click.echo(_wrap(q.explanation, "  "))
        if q.citations:
            click.echo(_wrap("Textes : " + _citations(book, q.citations), "  "))
    result = svc.finish(quiz_id, created["token"])
    if as_json:
        print_json({"id": quiz_id, "seed": created.get("seed"), "mode": mode, **result})
        return
    _print_result(result, questions, mode == "exam" or stopped)
    click.echo(f"Revue en ligne : /quiz/{quiz_id}/revue")


def _print_result(result: dict[str, Any], questions: list[Any], show_missed: bool) -> None:
    """The score, by topic, and (``show_missed``: an exam, or a quiz stopped) the questions missed."""
    click.echo("")
    verdict = "réussi" if result["passed"] else "non réussi"
    click.echo(click.style(f"Score : {result['score']}/{result['total']} ({result['percent']} %) — {verdict} "
                           f"(seuil {round(result['pass_mark'] * 100)} %)", bold=True))
    if result["by_topic"]:
        click.echo("Par thème :")
        for slot in result["by_topic"].values():
            click.echo(f"  {slot['label']} : {slot['correct']}/{slot['total']}")
    wrong = [r for r in result["review"] if not r["correct"]]
    if wrong and show_missed:
        click.echo("Corrigé des questions manquées :")
        for r in wrong:
            q = next(x for x in questions if x.id == r["question"]["id"])
            n = questions.index(q) + 1
            click.echo(_wrap(f"Q{n} — votre réponse : {_number(q, r['choice'])} ; bonne réponse : {_number(q, q.right)}", "  "))
            click.echo(_wrap(q.explanation, "     "))

commands = [quiz]
