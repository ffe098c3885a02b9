"""``cardrules i18n``: the translators' workflow (extract, init, update, check).

See TRANSLATING.md. Catalogs are plain ``.po`` files read at run time; there
is no compile step.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from engine.base.i18n import _, ngettext
from engine.fronts.cli.common import failing
from engine.text import i18n_tools


def run_extract(output: Path | None, rulesets: tuple[Path, ...] = (), root: Path | None = None) -> None:
    """What ``extract`` does (its options are declared in :mod:`engine.fronts.cli.i18n_cmd`)."""
    target, count = i18n_tools.write_template(output, rulesets, root)
    # TRANSLATORS: after i18n extract; {n} is the number of messages, {file} the template written, e.g. "cardrules.pot".
    click.echo(ngettext("Wrote {n} message to {file}.", "Wrote {n} messages to {file}.", count, file=str(target)))


def run_init(language: str, root: Path | None, rulesets: tuple[Path, ...] = ()) -> None:
    """What ``init`` does (its options are declared in :mod:`engine.fronts.cli.i18n_cmd`)."""
    target = i18n_tools.init_language(language, root, rulesets)
    click.echo(
        # TRANSLATORS: after i18n init; {file} is the new .po file, {lang} its language code, e.g. "ja"; keep msgstr
        # and --lang as they are.
        _(
            "Created {file}. Translate its msgstr entries; --lang {lang} uses it at once.",
            file=str(target),
            lang=language.replace("-", "_"),
        )
    )


def run_update(langs: tuple[str, ...], root: Path | None, drop_obsolete: bool, rulesets: tuple[Path, ...] = ()) -> None:
    """What ``update`` does (its options are declared in :mod:`engine.fronts.cli.i18n_cmd`)."""
    base = root or i18n_tools.default_root()
    chosen = list(langs) or sorted(p.name for p in (base / "locales").glob("*") if (p / "LC_MESSAGES").is_dir())
    for update in i18n_tools.update_catalogs(chosen, base, drop_obsolete=drop_obsolete, rulesets=rulesets):
        # TRANSLATORS: i18n update, one line per catalog; {file} is the .po file, {n} its untranslated messages.
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


def run_check(langs: tuple[str, ...], rulesets: tuple[Path, ...] = ()) -> None:
    """What ``check`` does (its options are declared in :mod:`engine.fronts.cli.i18n_cmd`)."""
    summaries: list[i18n_tools.LanguageSummary] = []
    problems = i18n_tools.check_languages(list(langs) or None, summaries=summaries, rulesets=rulesets)
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
        # TRANSLATORS: the last line of i18n check when catalogs have problems; {n} is their number.
        click.echo(ngettext("{n} problem found.", "{n} problems found.", len(problems)), err=True)
        sys.exit(1)
    # TRANSLATORS: the last line of i18n check when every catalog is fully translated.
    click.echo(_("All catalogs are complete."))
