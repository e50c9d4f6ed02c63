"""``python app.py compare ID ID [...]``: the comparison of rulesets in the terminal.

A thin layer over :func:`qa.compare.compare`: the rulesets (2 to 5, ``ID ID`` or ``ID,ID``),
an optional ``--topic``, and the output format (text, Markdown, CSV or the JSON of
``GET /api/compare``). A bad id or topic is one French line naming it (exit 2).
"""
from __future__ import annotations

import click

from qa.compare import CompareError, compare as compare_rulesets, to_csv, to_markdown, to_text

from .common import id_list, load_book, print_json
from .i18n import FrenchChoice


@click.command(short_help="Compare des règlements côte à côte.")
@click.argument("rulesets", nargs=-1, metavar="ID ID [...]")
@click.option("--topic", default=None, metavar="T", help="Seulement ce thème (ex. break, push-out, three-fouls).")
@click.option("--format", "fmt", type=FrenchChoice(["text", "markdown", "csv", "json"]), default="text",
              show_default=True, help="Texte, Markdown, CSV ou JSON (forme de GET /api/compare).")
@click.option("--differences", "only_diff", is_flag=True, help="Texte : seulement les décisions qui diffèrent.")
@click.option("--house-rules", default=None, metavar="DIR", help="Dossier de règles maison (ARBITRE_HOUSE_RULES).")
def compare(rulesets: tuple[str, ...], topic: str | None, fmt: str, only_diff: bool, house_rules: str | None) -> None:
    """Compare de 2 à 5 règlements (aucun : les cinq textes publiés) : chaque décision
    (≠ quand elles diffèrent), et en Markdown ou JSON les textes de chaque thème côte à côte.

    Exemples : « python app.py compare 9-bca 9-ffb », « python app.py compare 10-doolys
    10-ffb 10-guide --topic break --format markdown ».
    """
    book = load_book(house_rules=house_rules)
    ids = [p.strip() for r in rulesets for p in r.split(",") if p.strip()]
    if rulesets and not ids:      # « compare "" »: ids given, all blank (none given: the published texts)
        id_list(",".join(rulesets), "ID", otherwise="n’en donnez aucun pour comparer les textes publiés")
    try:
        result = compare_rulesets(book, ids or None, topic)
    except CompareError as exc:
        hint = "--topic" if exc.field == "topic" else "ID"
        raise click.BadParameter(exc.detail[:1].lower() + exc.detail[1:], param_hint=hint) from None
    if fmt == "json":
        print_json(result)
    elif fmt == "markdown":
        click.echo(to_markdown(result), nl=False)
    elif fmt == "csv":
        click.echo(to_csv(result), nl=False)
    else:
        click.echo(to_text(result, only_differences=only_diff), nl=False)


commands = [compare]
