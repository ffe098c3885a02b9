"""``cardrules i18n``: the translators' workflow (extract, init, update, check).

See TRANSLATING.md. Catalogs are plain ``.po`` files read at run time; there
is no compile step.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.i18n_run`, loaded when the command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from engine.base.i18n import _
from engine.fronts.cli.common import exits_on_bad_input, lang_option


# TRANSLATORS: --help of the i18n command (the translators' tools); keep cardrules as it is.
@click.group(help=_("Translate cardrules: extract the message template, start a language, check catalogs."))
@lang_option
def command() -> None:
    pass


def _ruleset_files() -> Any:
    """``--ruleset FILE`` (repeatable): a house rule whose own texts are messages too."""
    return click.option(
        "--ruleset",
        "rulesets",
        multiple=True,
        type=click.Path(dir_okay=False, exists=True, path_type=Path),
        metavar="FILE",
        # TRANSLATORS: --help of i18n init/update/check --ruleset; a house rule is a ruleset file of one's own.
        help=_("A house rule whose own texts are the messages, instead of the program's (repeatable)."),
    )


@command.command(
    "extract",
    # TRANSLATORS: --help of i18n extract; keep .pot and FILE as they are.
    help=_(
        "Write the message template (.pot) from the program's code and rulesets, or from the house rules FILE... "
        "(their own texts, for their own catalogs)."
    ),
)
@click.argument("rulesets", nargs=-1, metavar="[FILE]...", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    # TRANSLATORS: --help of i18n extract --output; keep locales/cardrules.pot and ROOT as they are.
    help=_(
        "Where to write the template (default: locales/cardrules.pot of the program in a checkout; with house "
        "rules, ROOT/locales/cardrules.pot)."
    ),
)
@click.option(
    "--dir",
    "root",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="ROOT",
    # TRANSLATORS: --help of i18n extract --dir; keep CARDRULES_PATH as it is.
    help=_("With house rules: the root their template goes in (default: the first root in CARDRULES_PATH, else here)."),
)
@lang_option
@exits_on_bad_input
def extract(rulesets: tuple[Path, ...], output: Path | None, root: Path | None) -> None:
    """Write the template and say how many messages it holds."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_extract(output=output, rulesets=rulesets, root=root)


# TRANSLATORS: --help of i18n init; LANG is the argument, a language code such as ja (keep LANG).
@command.command("init", help=_("Create a catalog for LANG from the template, ready to translate."))
# The parameter is not called "lang": that name belongs to the --lang option every command has.
@click.argument("language", metavar="LANG")
@click.option(
    "--dir",
    "root",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="ROOT",
    # TRANSLATORS: --help of i18n init --dir; keep locales/LANG/ and CARDRULES_PATH as they are.
    help=_("Root directory for locales/LANG/ (default: the first root in CARDRULES_PATH, else the current directory)."),
)
@_ruleset_files()
@lang_option
@exits_on_bad_input
def init(language: str, root: Path | None, rulesets: tuple[Path, ...]) -> None:
    """Create ROOT/locales/LANG/LC_MESSAGES/cardrules.po."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_init(language=language, root=root, rulesets=rulesets)


# TRANSLATORS: --help of i18n update; LANG... stands for one or more language codes (keep it).
@command.command("update", help=_("Bring the catalogs of LANG... up to date with the program's messages."))
@click.argument("langs", nargs=-1, metavar="[LANG]...")
@click.option(
    "--dir",
    "root",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="ROOT",
    # TRANSLATORS: --help of i18n update --dir; keep locales/ and CARDRULES_PATH as they are.
    help=_("Root directory holding locales/ (default: the first root in CARDRULES_PATH, else the current directory)."),
)
@click.option(
    "--drop-obsolete",
    is_flag=True,
    # TRANSLATORS: --help of i18n update --drop-obsolete; keep #~ as it is (how .po files mark unused entries).
    help=_("Remove the translations of messages the program no longer has (kept as #~ entries otherwise)."),
)
@_ruleset_files()
@lang_option
@exits_on_bad_input
def update(langs: tuple[str, ...], root: Path | None, drop_obsolete: bool, rulesets: tuple[Path, ...]) -> None:
    """Merge a fresh template into each catalog (new messages empty, changed ones fuzzy, removed ones obsolete)."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_update(langs=langs, root=root, drop_obsolete=drop_obsolete, rulesets=rulesets)


@command.command(  # TRANSLATORS: --help of i18n check; fuzzy and obsolete are gettext's terms for such entries.
    "check", help=_("List untranslated, fuzzy and obsolete entries and placeholder mismatches (exit 1 if any).")
)
@click.argument("langs", nargs=-1, metavar="[LANG]...")
@_ruleset_files()
@lang_option
@exits_on_bad_input
def check(langs: tuple[str, ...], rulesets: tuple[Path, ...]) -> None:
    """Report every problem, one located line each, then each language's counts; exit 1 when there is any."""
    from engine.fronts.cli import i18n_run  # lazy: the command loads the engine only when it runs

    i18n_run.run_check(langs=langs, rulesets=rulesets)
