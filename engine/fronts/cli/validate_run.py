"""``cardrules validate FILE...``: check ruleset files (and translation catalogs).

Every problem of every file is reported in one run, one located diagnostic per
line (``FILE:LINE:COL: $.path: message``), files named as given on the
command line. Exit 0 when every file is valid, 1 otherwise. ``.po`` files are
read as translation catalogs. ``--conformance`` also plays a few random games
with each ruleset (see :mod:`engine.fronts.conformance`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from engine.base import catalogs
from engine.base.errors import CardrulesError, CatalogError, Diagnostic, Location
from engine.base.i18n import _, ngettext
from engine.families.catalog import deprecations, validate
from engine.fronts.cli.common import report, warn
from engine.fronts.conformance import check_ruleset, trial_problems


def _check_catalog(path: str) -> list[Diagnostic]:
    """Every problem of one ``.po`` catalog: unreadable, not a regular file, a bad header, malformed, placeholders.

    Reading it is the check of everything a program loading it would refuse
    (see :func:`engine.base.catalogs.parse_catalog`); a catalog with no
    ``Plural-Forms`` header is also reported, as gettext would guess its plurals.
    """
    from engine.text import i18n_tools  # lazy: Babel's catalog tools, only for a .po file

    catalog = Path(path)
    try:
        # Read once, then compiled (as the program would load it) and checked: parsing a large catalog is most
        # of the time validate takes.
        parsed = i18n_tools.read_catalog(catalog)
        compiled = catalogs.compile_parsed(parsed, catalog)
        problems = i18n_tools.validate_catalog(catalog, catalog=parsed)
        if "plural-forms" not in compiled.header_fields:
            problems.append(
                Diagnostic(
                    Location(path, 1),
                    # TRANSLATORS: keep "Plural-Forms" as it is: it is the header's own name.
                    _('the catalog has no Plural-Forms header (e.g. "Plural-Forms: nplurals=2; plural=(n != 1);\\n")'),
                )
            )
    except CatalogError as error:
        problems = list(error.diagnostics)
    # Name the catalog as it was given on the command line, like ruleset files.
    return [
        Diagnostic(Location(path, d.location.line, d.location.column, d.location.json_path), d.message)
        for d in problems
    ]


def check_path(path: str, conformance: bool = False) -> list[Diagnostic]:
    """Every problem of one file given on the command line."""
    if path.endswith(".po"):
        return _check_catalog(path)
    if conformance:
        return check_ruleset(path)

    problems = validate(path)
    if problems:
        return problems

    return trial_problems(path)


def run_command(files: tuple[str, ...], conformance: bool) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.validate_cmd`)."""
    invalid = 0
    problems = 0
    for path in files:
        if not path.endswith(".po"):
            warn(deprecations(path))
        diagnostics = check_path(path, conformance)
        if diagnostics:
            invalid += 1
            problems += len(diagnostics)
            report(CardrulesError(diagnostics))
    total = len(files)
    if invalid:  # report() has noted the failure
        click.echo(ngettext("{n} problem found.", "{n} problems found.", problems), err=True)
        click.echo(
            # TRANSLATORS: validate: the summary after the problems; {invalid} of the {n} files checked have problems.
            ngettext(
                "{invalid} of {n} file is invalid.", "{invalid} of {n} files are invalid.", total, invalid=invalid
            ),
            err=True,
        )
        sys.exit(1)
    # TRANSLATORS: validate: the summary when every checked file is valid; {n} counts the files.
    click.echo(ngettext("{n} file valid.", "{n} files valid.", total))
