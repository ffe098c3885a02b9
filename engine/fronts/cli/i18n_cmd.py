"""``cardrules i18n``: the translators' workflow (extract, init, update, check).

See TRANSLATING.md. Catalogs are plain ``.po`` files read at run time; there
is no compile step.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.i18n_run`, loaded when the command runs.
"""

from __future__ import annotations

from pathlib import Path

import click

from engine.base.i18n import _
from engine.fronts.cli.common import exits_on_bad_input, lang_option


@click.group(help=_("Translate cardrules: extract the message template, start a language, check catalogs."))
@lang_option
def command() -> None:
    pass


@command.command("extract", help=_("Write the message template (.pot) from the program's code and rulesets."))
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help=_("Where to write the template (default: locales/cardrules.pot of the program)."),
)
@lang_option
@exits_on_bad_input
def extract(output: Path | None) -> None:
    """Write the template and say how many messages it holds."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_extract(output=output)


@command.command("init", help=_("Create a catalog for LANG from the template, ready to translate."))
# The parameter is not called "lang": that name belongs to the --lang option every command has.
@click.argument("language", metavar="LANG")
@click.option(
    "--dir",
    "root",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="ROOT",
    help=_("Root directory for locales/LANG/ (default: the first root in CARDRULES_PATH, else the current directory)."),
)
@lang_option
@exits_on_bad_input
def init(language: str, root: Path | None) -> None:
    """Create ROOT/locales/LANG/LC_MESSAGES/cardrules.po."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_init(language=language, root=root)


@command.command("update", help=_("Bring the catalogs of LANG... up to date with the program's messages."))
@click.argument("langs", nargs=-1, metavar="[LANG]...")
@click.option(
    "--dir",
    "root",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="ROOT",
    help=_("Root directory holding locales/ (default: the first root in CARDRULES_PATH, else the current directory)."),
)
@click.option(
    "--drop-obsolete",
    is_flag=True,
    help=_("Remove the translations of messages the program no longer has (kept as #~ entries otherwise)."),
)
@lang_option
@exits_on_bad_input
def update(langs: tuple[str, ...], root: Path | None, drop_obsolete: bool) -> None:
    """Merge a fresh template into each catalog (new messages empty, changed ones fuzzy, removed ones obsolete)."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_update(langs=langs, root=root, drop_obsolete=drop_obsolete)


@command.command(
    "check", help=_("List untranslated, fuzzy and obsolete entries and placeholder mismatches (exit 1 if any).")
)
@click.argument("langs", nargs=-1, metavar="[LANG]...")
@lang_option
@exits_on_bad_input
def check(langs: tuple[str, ...]) -> None:
    """Report every problem, one located line each, then each language's counts; exit 1 when there is any."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_check(langs=langs)
