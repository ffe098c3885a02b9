"""Pieces every command shares: ``--lang``, ``-o NAME=VALUE``, error reporting."""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable, Iterable
from typing import Any

import click

from engine.base.errors import CardrulesError, Diagnostic, Location, UnknownRulesetName
from engine.base.glyphs import use_ascii
from engine.base.i18n import _
from engine.fronts.cli.start import end_as_interrupted  # noqa: F401  (the commands end through it; defined where loading starts)


def lang_option(func: Callable) -> Callable:
    """``--lang LANG`` on a command (its value was applied before parsing, see main.py)."""
    return click.option(
        "--lang",
        "lang",
        metavar="LANG",
        expose_value=False,
        is_eager=True,
        # TRANSLATORS: --help of --lang (every command); keep the language codes en, ja, ko as they are.
        help=_("Language of the output (en, ja, ko, ...); default: the environment's locale."),
    )(func)


def ascii_option(func: Callable) -> Callable:
    """``--ascii``: tables drawn with ASCII characters (see :mod:`engine.base.glyphs`)."""

    def choose(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value:
            use_ascii(True)

    return click.option(
        "--ascii",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=choose,
        # TRANSLATORS: --help of --ascii; keep ASCII and CARDRULES_ASCII=1 as they are.
        help=_(
            "Draw tables with ASCII characters, for terminals that draw box lines two cells "
            "wide (also CARDRULES_ASCII=1)."
        ),
    )(func)


def option_overrides(func: Callable) -> Callable:
    """``-o NAME=VALUE`` (repeatable), passed on as ``options: dict[str, str]``."""

    def to_dict(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
        result: dict[str, str] = {}
        for item in values:
            if "=" not in item:
                # TRANSLATORS: a value of -o without "="; keep NAME=VALUE as it is; {value} is what was given, e.g. 'x'.
                raise click.BadParameter(_("expected NAME=VALUE, got {value}", value=repr(item)))
            name, value = item.split("=", 1)
            if name.strip() in result:
                # The last would win without a word (a list option's values do not add up).
                # TRANSLATORS: an option set twice with -o; keep NAME=VALUE,VALUE as it is.
                raise click.BadParameter(
                    _("{name} is set twice; give it once (a list as NAME=VALUE,VALUE)", name=repr(name.strip()))
                )
            result[name.strip()] = value.strip()
        return result

    return click.option(
        "-o",
        "--option",
        "options",
        multiple=True,
        metavar="NAME=VALUE",
        callback=to_dict,
        # TRANSLATORS: --help of -o NAME=VALUE: an option declared by the ruleset, e.g. -o debt-floor=0.
        help=_("Set a ruleset option for this run (repeatable)."),
    )(func)


def given_rulesets(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """``-r`` (one or several): an empty value is a mistake (``-r "$RULES"`` with the variable unset), not a
    request for the default."""
    for name in value if isinstance(value, tuple) else (value,):
        if name is not None and not name.strip():
            # TRANSLATORS: -r was given with nothing in it; keep GAME/EDITION as it is.
            raise click.BadParameter(_("the ruleset is empty: give a name (GAME/EDITION) or a house-rule file"))
    return value


# The exit status the command ends with if its reader goes away now (`| head`): set as soon as it knows it
# has failed, before it says so, so that a closed pipe never turns a failure into success.
failing_status = 0


def failing(status: int = 1) -> None:
    """The command has failed with ``status``, whatever becomes of what it still prints."""
    global failing_status
    failing_status = status


def in_reading_order(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` as a reader works down each file: by line and column within a file.

    The checks find problems stage by stage (schema, references, option
    values), not in the order they are written. Files keep the order of their
    first problem (a table's "cannot use the ruleset" heading stays before the
    ruleset's own problems), and the sort is stable: problems at one place keep
    their order, and one without a line comes first in its file.
    """
    diagnostics = list(diagnostics)
    files: dict[str | None, int] = {}
    for diagnostic in diagnostics:
        files.setdefault(diagnostic.location.file, len(files))
    return sorted(diagnostics, key=lambda d: (files[d.location.file], d.location.line or 0, d.location.column or 0))


def report(error: CardrulesError) -> None:
    """Print every diagnostic of ``error`` on stderr, one per line, in reading order."""
    failing(1)
    for diagnostic in in_reading_order(error.diagnostics):
        if diagnostic.location.file is None:
            # Nothing read from a file lacks one: an unplaced problem is in the command's arguments.
            where = diagnostic.location
            diagnostic = Diagnostic(
                # TRANSLATORS: stands where a file name would, for a problem in the command's arguments (-r, -o)
                Location(_("command line"), where.line, where.column, where.json_path),
                diagnostic.message,
            )
        click.echo(str(diagnostic), err=True)


def warn(diagnostics: Iterable[Diagnostic]) -> None:
    """Print located warnings on stderr, one per line, in reading order: they do not make a command fail."""
    for diagnostic in in_reading_order(diagnostics):
        # TRANSLATORS: put before a warning, e.g. "rules.yaml:3:1: $.view: warning: `view` belongs under ...".
        click.echo(str(Diagnostic(diagnostic.location, _("warning: {problem}", problem=diagnostic.message))), err=True)


class FiniteFloatRange(click.FloatRange):
    """click's ``FloatRange``, which also refuses ``nan`` and ``inf``: ``nan`` passes every comparison with a
    range's ends, and neither becomes a count of bytes or a time to wait."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            # TRANSLATORS: a command-line option's value is nan or inf where a number is needed; {value} is it as typed.
            self.fail(_("{value} is not a number (a finite one is needed).", value=str(value)[:40]), param, ctx)
        return number


def exits_on_bad_input(func: Callable) -> Callable:
    """Turn a CardrulesError into its located messages and exit status 1.

    An unknown ruleset name given on the command line (``-r``) is a mistake
    in the command, not in a file: a usage error (exit 2) with the hint.
    Ctrl-C that the command does not handle itself ends it as interrupted
    (status 130), not with click's "Aborted!" and status 1.
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except UnknownRulesetName as error:
            raise click.BadParameter(error.diagnostics[0].message, param_hint="'-r' / '--ruleset'") from None
        except CardrulesError as error:
            report(error)
            sys.exit(1)
        except KeyboardInterrupt:
            end_as_interrupted()

    return wrapper
