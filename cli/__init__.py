"""The command line: ``python app.py COMMAND ...`` (click). ``python app.py`` alone serves the app.

The group is built from the modules listed in :data:`COMMAND_MODULES`; each exposes
``commands``, a list of click commands. To add a command, write ``cli/<name>.py`` with
``commands = [my_command]`` and list the module here (one line).

Errors reach the user as one French line on stderr that names the flag or field at fault:
exit code 2 for a usage error (unknown option, bad value), 1 for a failure; never a traceback.
"""
from __future__ import annotations

import importlib
import sys
from typing import Any, cast

import click

from qa.quiz.store import StoreError

from . import i18n
from .common import CliError

# click's own messages (usage, help, errors) in French, whatever the terminal's locale.
i18n.install()

# Every module that adds commands, in help order; each exposes `commands = [...]`.
COMMAND_MODULES: tuple[str, ...] = (
    "cli.core",     # serve, ask, evaluate, check
    "cli.chat",     # chat
    "cli.compare",  # compare
    "cli.quiz",     # quiz
)


def _hint(exc: click.BadParameter) -> str:
    if exc.param_hint is not None:
        hint = exc.param_hint
        return " / ".join(hint) if isinstance(hint, (list, tuple)) else str(hint)
    if exc.param is not None:
        opts = getattr(exc.param, "opts", None)
        if getattr(exc.param, "param_type_name", "") == "argument":
            return exc.param.human_readable_name
        if opts:
            return " / ".join(opts)
        return exc.param.name or "?"
    return ""


def _translate(text: str) -> str:
    """click's message (already French: see :mod:`cli.i18n`) as one clause of « Erreur : … »:
    without its final period, and lower-case at the start (« Argument en trop » → « argument … »)."""
    text = text.strip().rstrip(".")
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        text = text[0].lower() + text[1:]
    return text


def french_message(exc: click.ClickException) -> str:
    """One French line for a click error (usage errors name the option or argument)."""
    if isinstance(exc, click.NoSuchOption):
        msg = f"option inconnue « {exc.option_name} »"
        if exc.possibilities:
            msg += f" (vouliez-vous dire « {exc.possibilities[0]} » ?)"
    elif isinstance(exc, getattr(click.exceptions, "NoSuchCommand", ())):
        unknown: Any = exc    # click's NoSuchCommand, where this click has it
        msg = f"commande inconnue « {unknown.command_name} »"
        if unknown.possibilities:
            msg += f" (vouliez-vous dire « {unknown.possibilities[0]} » ?)"
    elif isinstance(exc, click.MissingParameter):
        kind = "argument" if getattr(exc.param, "param_type_name", "") == "argument" else "option"
        msg = f"{kind} obligatoire manquant{'e' if kind == 'option' else ''} : {_hint(exc)}"
    elif isinstance(exc, click.BadParameter):
        hint = _hint(exc)
        msg = f"{hint} : {_translate(exc.message)}" if hint else _translate(exc.message)
    elif isinstance(exc, click.UsageError):
        msg = _translate(exc.message)
    else:
        msg = exc.format_message()
    return " ".join(msg.split())


class ArbitreGroup(click.Group):
    """A click group whose errors are one French line (exit 2 for usage, 1 for failure) and
    whose help is French (:class:`cli.i18n.ArbitreContext`)."""

    context_class = i18n.ArbitreContext

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        """Run the command line; in standalone mode, print errors as one French line and exit."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            cmd = exc.ctx.command_path if exc.ctx else (prog_name or "python app.py")
            click.echo(f"Erreur : {french_message(exc)}. Aide : {cmd} --help", err=True)
            sys.exit(2)
        except CliError as exc:
            click.echo(f"Erreur : {exc.message}", err=True)
            sys.exit(exc.exit_code)
        except StoreError as exc:
            click.echo(f"Erreur : --db : {exc.message}", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            click.echo(f"Erreur : {french_message(exc)}", err=True)
            sys.exit(exc.exit_code if exc.exit_code else 1)
        except click.Abort:
            click.echo("Interrompu.", err=True)
            sys.exit(1)
        except (KeyboardInterrupt, EOFError):
            click.echo("Interrompu.", err=True)
            sys.exit(130)
        except BrokenPipeError:
            sys.exit(1)
        except Exception as exc:  # never a traceback for the user
            click.echo(f"Erreur interne : {type(exc).__name__}: {' '.join(str(exc).split())[:300]}", err=True)
            sys.exit(1)
        if isinstance(rv, int) and not isinstance(rv, bool):
            sys.exit(rv)
        sys.exit(0)


def build_cli(modules: tuple[str, ...] = COMMAND_MODULES) -> click.Group:
    """The ``python app.py`` group with the commands of ``modules`` (missing modules skipped)."""

    @click.group(cls=ArbitreGroup, invoke_without_command=True,
                 context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
    @click.pass_context
    def cli(ctx: click.Context) -> None:
        """l’Arbitre : les règles du jeu de la 9 et du jeu de la 10, citées mot pour mot.

        Sans commande : sert l’application web sur http://127.0.0.1:5000 (comme « serve »).
        """
        if ctx.invoked_subcommand is None:
            serve = cast(click.Group, ctx.command).get_command(ctx, "serve")
            assert serve is not None    # cli.core's (a group built without it has no default)
            ctx.invoke(serve)

    for name in modules:
        for cmd in importlib.import_module(name).commands:
            cmd.context_class = i18n.ArbitreContext   # French help layout for every command
            cli.add_command(cmd)
    return cli


cli = build_cli()


def main(argv: list[str] | None = None) -> None:
    """Entry point of ``python app.py``."""
    cli.main(args=argv, prog_name="python app.py")
