"""click in French: its own messages (usage, help, errors) through a gettext catalog.

click marks every message it prints with gettext (``_("Usage:")``, ``ngettext(...)``) so that
an application can translate them (pallets/click#2320). gettext's global catalog is chosen
from the user's locale variables, which would leave an English terminal with English
messages; l’Arbitre is French whatever the locale, so :func:`install` points click's
``_``/``ngettext`` at :data:`CATALOG` (a :class:`gettext.NullTranslations` whose messages are
the French ones below). Placeholders are those of click's messages; ``{value!r}`` becomes
« {value} » (French quotes, not Python's repr).

Also here: :class:`FrenchHelpFormatter` (« Options : », French spacing before the colon),
:class:`ArbitreContext` that uses it, and two parameter types whose messages and help are
French from the start: :class:`IntBetween` (click's IntRange says « 1<=x<=20 ») and
:class:`FrenchChoice` (allowed values listed « a », « b » ou « c »).
"""
from __future__ import annotations

import gettext
from typing import Any

import click
import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.termui
import click.types
import click.utils

from qa.french import quoted_or
from qa.rulebook import did_you_mean

# msgid -> French (singular messages)
MESSAGES: dict[str, str] = {
    "Aborted!": "Interrompu.",
    "deprecated": "obsolète",
    "Missing command.": "Commande manquante.",
    "Options": "Options",
    "Positional arguments": "Arguments",
    "Commands": "Commandes",
    "Value must be an iterable.": "La valeur doit être une liste.",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}":
        "Avertissement : la commande « {name} » est obsolète.{extra_message}",
    "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}":
        "Avertissement : le paramètre « {name} » est obsolète.{extra_message}",
    "env var: {var}": "variable d’environnement : {var}",
    "default: {default}": "défaut : {default}",
    "required": "obligatoire",
    "(dynamic)": "(dynamique)",
    "Missing argument": "Argument manquant",
    "Missing option": "Option manquante",
    "Missing parameter": "Paramètre manquant",
    "Missing {param_type}": "Paramètre manquant ({param_type})",
    "Missing parameter: {param_name}": "Paramètre manquant : {param_name}",
    "unknown error": "erreur inconnue",
    "Invalid value for {param_hint}: {message}": "Valeur non valide pour {param_hint} : {message}",
    "Invalid value: {message}": "Valeur non valide : {message}",
    "Could not open file {filename!r}: {message}": "Impossible d’ouvrir le fichier « {filename} » : {message}",
    "Error: {message}": "Erreur : {message}",
    "Try '{command} {option}' for help.": "Aide : « {command} {option} ».",
    "No such option {name!r}.": "Option inconnue « {name} ».",
    "No such command {name!r}.": "Commande inconnue « {name} ».",
    "Usage:": "Utilisation :",
    "Invalid start character for option ({option})": "Caractère initial non valide pour une option ({option})",
    "Option {name!r} does not take a value.": "L’option « {name} » ne prend pas de valeur.",
    "Argument {name!r} takes {nargs} values.": "L’argument « {name} » prend {nargs} valeurs.",
    "file": "fichier",
    "directory": "dossier",
    "path": "chemin",
    "Choose from:\n\t{choices}": "Choisissez parmi :\n\t{choices}",
    "Choice({choices})": "Choix({choices})",
    "{value} is not in the range {range}.": "{value} n’est pas permis : une valeur {range} est attendue.",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "« {value} » n’est pas un booléen ; valeurs reconnues : {states}.",
    "{value!r} is not a valid {number_type}.": "« {value} » n’est pas un nombre valide.",
    "{value!r} is not a valid UUID.": "« {value} » n’est pas un UUID valide.",
    "{name} {filename!r} does not exist.": "{name} « {filename} » introuvable.",
    "{name} {filename!r} is a file.": "{name} « {filename} » : c’est un fichier, pas un dossier.",
    "{name} {filename!r} is a directory.": "{name} « {filename} » : c’est un dossier, pas un fichier.",
    "{name} {filename!r} is not readable.": "{name} « {filename} » : lecture non permise.",
    "{name} {filename!r} is not writable.": "{name} « {filename} » : écriture non permise.",
    "{name} {filename!r} is not executable.": "{name} « {filename} » : pas exécutable.",
    "Do you want to continue?": "Voulez-vous continuer ?",
    "Confirm the action without prompting.": "Confirme l’action sans poser de question.",
    "%(prog)s, version %(version)s": "%(prog)s, version %(version)s",
    "Show the version and exit.": "Affiche la version et quitte.",
    "Show this message and exit.": "Affiche cette aide et quitte.",
    "Press any key to continue...": "Appuyez sur une touche pour continuer…",
    "Repeat for confirmation": "Répétez pour confirmer",
    "Error: The two entered values do not match.": "Erreur : les deux valeurs saisies diffèrent.",
    "Error: invalid input": "Erreur : saisie non valide",
    "Unknown color {colour!r}": "Couleur inconnue « {colour} »",
    "Unknown standard stream '{name}'": "Flux standard inconnu « {name} »",
    "{editor}: Editing failed": "{editor} : échec de l’édition",
    "{editor}: Editing failed: {e}": "{editor} : échec de l’édition : {e}",
}

# (singular msgid, plural msgid) -> (French singular, French plural)
PLURALS: dict[tuple[str, str], tuple[str, str]] = {
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"):
        ("Argument en trop : {args}", "Arguments en trop : {args}"),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."):
        ("Attend {nargs} valeurs, mais 1 a été donnée.", "Attend {nargs} valeurs, mais {len} ont été données."),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"):
        ("Vouliez-vous dire {possibility} ?", "(Vouliez-vous dire l’une de ces options : {possibilities} ?)"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        ("L’option « {name} » attend une valeur.", "L’option « {name} » attend {nargs} valeurs."),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."):
        ("« {value} » n’est pas permis ; {choice} est attendu.", "« {value} » n’est pas permis ; valeurs permises : {choices}."),
    ("{value!r} does not match the format {format}.", "{value!r} does not match the formats {formats}."):
        ("« {value} » ne respecte pas le format {format}.", "« {value} » ne respecte aucun des formats {formats}."),
    ("{len_type} values are required, but {len_value} was given.",
     "{len_type} values are required, but {len_value} were given."):
        ("{len_type} valeurs sont requises, mais {len_value} a été donnée.",
         "{len_type} valeurs sont requises, mais {len_value} ont été données."),
}


class FrenchCatalog(gettext.NullTranslations):
    """click's messages in French (French plural rule: 0 and 1 are singular)."""

    def gettext(self, message: str) -> str:
        return MESSAGES.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        pair = PLURALS.get((msgid1, msgid2))
        if pair is None:
            return msgid1 if n == 1 else msgid2
        return pair[0] if n <= 1 else pair[1]


CATALOG = FrenchCatalog()

# The click modules that call gettext (``from gettext import gettext as _``).
_CLICK_MODULES = (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.termui,
                  click.types, click.utils)


def install() -> None:
    """Make click speak French: its modules' ``_`` and ``ngettext`` use :data:`CATALOG`."""
    for module in _CLICK_MODULES:
        if hasattr(module, "_"):
            setattr(module, "_", CATALOG.gettext)
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", CATALOG.ngettext)


class FrenchHelpFormatter(click.HelpFormatter):
    """click's help formatter with French typography: « Options : », « Commandes : »."""

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{heading} :\n")


class ArbitreContext(click.Context):
    """A click context whose help is laid out by :class:`FrenchHelpFormatter`."""

    formatter_class = FrenchHelpFormatter


class IntBetween(click.ParamType):
    """An integer from ``low`` to ``high``, with French messages (click's IntRange describes
    its range as « 1<=x<=20 » in help and errors)."""

    name = "entier"

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        n: int | None
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            try:
                n = int(str(value).strip()) if str(value).strip().isascii() else None
            except ValueError:
                n = None
            if n is None:
                self.fail(f"« {value} » n’est pas un nombre entier ; un entier de {self.low} à {self.high} est attendu",
                          param, ctx)
        if not self.low <= n <= self.high:
            self.fail(f"{n} n’est pas permis : un entier de {self.low} à {self.high} est attendu", param, ctx)
        return n

    def __repr__(self) -> str:
        return f"IntBetween({self.low}, {self.high})"


class FrenchChoice(click.Choice):
    """click's Choice whose refusal lists the allowed values in French, with a "vouliez-vous dire"."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        return (f"« {value} » n’est pas permis{did_you_mean(str(value), [str(c) for c in self.choices])} ; "
                f"{quoted_or(self.choices)} est attendu")
