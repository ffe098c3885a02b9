"""``cardrules i18n``: the translators' workflow (extract, init, update, check).

See TRANSLATING.md. Catalogs are plain ``.po`` files read at run time; there
is no compile step.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from engine.base.i18n import _, ngettext
from engine.fronts.cli.common import exits_on_bad_input, failing, lang_option
from engine.text import i18n_tools


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
    target, count = i18n_tools.write_template(output)
    click.echo(ngettext("Wrote {n} message to {file}.", "Wrote {n} messages to {file}.", count, file=str(target)))


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
    target = i18n_tools.init_language(language, root)
    click.echo(
        _(
            "Created {file}. Translate its msgstr entries; --lang {lang} uses it at once.",
            file=str(target),
            lang=language.replace("-", "_"),
        )
    )


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
    base = root or i18n_tools.default_root()
    chosen = list(langs) or sorted(p.name for p in (base / "locales").glob("*") if (p / "LC_MESSAGES").is_dir())
    for update in i18n_tools.update_catalogs(chosen, base, drop_obsolete=drop_obsolete):
        line = ngettext(
            "Updated {file}: {n} message to translate.",
            "Updated {file}: {n} messages to translate.",
            update.untranslated,
            file=str(update.path),
        )
        if update.fuzzy:
            # TRANSLATORS: after "Updated FILE: N messages to translate."; fuzzy = given a similar
            # message's old translation, to check and then unmark.
            line += ngettext(
                " {n} old translation to review (fuzzy).", " {n} old translations to review (fuzzy).", update.fuzzy
            )
        if update.obsolete:
            # TRANSLATORS: after "Updated FILE: ..."; obsolete = kept as #~ entries at the end of the file.
            line += ngettext(
                " {n} unused translation kept at the end (obsolete).",
                " {n} unused translations kept at the end (obsolete).",
                update.obsolete,
            )
        click.echo(line)


@command.command(
    "check", help=_("List untranslated, fuzzy and obsolete entries and placeholder mismatches (exit 1 if any).")
)
@click.argument("langs", nargs=-1, metavar="[LANG]...")
@lang_option
@exits_on_bad_input
def check(langs: tuple[str, ...]) -> None:
    """Report every problem, one located line each, then each language's counts; exit 1 when there is any."""
    summaries: list[i18n_tools.LanguageSummary] = []
    problems = i18n_tools.check_languages(list(langs) or None, summaries=summaries)
    if problems:
        failing(1)
    for problem in problems:
        click.echo(str(problem.diagnostic()))
    for summary in summaries:
        # TRANSLATORS: i18n check, one line per language, e.g. "ja: 780 translated, 2 fuzzy, 1 untranslated".
        click.echo(
            _(
                "{language}: {translated} translated, {fuzzy} fuzzy, {untranslated} untranslated",
                language=summary.language,
                translated=summary.translated,
                fuzzy=summary.fuzzy,
                untranslated=summary.untranslated,
            ),
            err=bool(problems),
        )
    if problems:
        click.echo(ngettext("{n} problem found.", "{n} problems found.", len(problems)), err=True)
        sys.exit(1)
    click.echo(_("All catalogs are complete."))
