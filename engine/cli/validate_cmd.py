"""``cardrules validate FILE...``: check ruleset files (and translation catalogs).

Every problem of every file is reported in one run, one located diagnostic per
line (``FILE:LINE:COL: $.path: message``), files named as given on the
command line. Exit 0 when every file is valid, 1 otherwise. ``.po`` files are
read as translation catalogs. ``--conformance`` also plays a few random games
with each ruleset (see :mod:`engine.conformance`).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import click

from ..errors import CardrulesError, Diagnostic, Location
from ..text.i18n import _, ngettext
from .common import exits_on_bad_input, lang_option, report


# Far larger than any real catalog; refused before Babel reads it into memory.
MAX_CATALOG_BYTES = 16 * 1024 * 1024
# Plural formulas are checked for every count up to here (they are periodic well before it).
PLURAL_COUNTS_CHECKED = 1000


def _check_catalog(path: str) -> list[Diagnostic]:
    """Every problem of one ``.po`` catalog: unreadable, malformed, a bad plural formula, placeholders."""
    from ..text import i18n, i18n_tools
    from ..errors import CatalogError
    from ..language.yaml_loader import unreadable_file_message

    catalog = Path(path)
    try:
        with open(catalog, "rb"):
            size = catalog.stat().st_size
    except OSError as error:
        return [Diagnostic(Location(path, 1, 1), unreadable_file_message(error))]
    if size > MAX_CATALOG_BYTES:
        return [Diagnostic(Location(path, 1, 1), _("file is too large ({size} bytes; the limit is {limit})",
                                                    size=size, limit=MAX_CATALOG_BYTES))]
    try:
        compiled = i18n._compile(catalog)
        problems = _plural_formula_problems(catalog, compiled) + i18n_tools.validate_catalog(catalog)
    except CatalogError as error:
        problems = list(error.diagnostics)
    # Name the catalog as it was given on the command line, like ruleset files.
    return [Diagnostic(Location(path, d.location.line, d.location.column, d.location.json_path), d.message)
            for d in problems]


def _plural_formula_problems(catalog: Path, compiled: Any) -> list[Diagnostic]:
    """A ``Plural-Forms`` formula that fails or picks a form the catalog lacks, for some count.

    gettext compiles any syntactically valid formula, so ``n/0`` or ``n%7``
    with ``nplurals=2`` would only fail when a message is shown.
    """
    plural = getattr(compiled, "plural", None)
    header = getattr(compiled, "_info", {}).get("plural-forms", "")
    match = re.search(r"nplurals\s*=\s*(\d+)", header)
    if plural is None or match is None:
        return []
    forms = int(match.group(1))
    line = _line_of(catalog, "Plural-Forms")
    for count in range(PLURAL_COUNTS_CHECKED):
        try:
            form = plural(count)
        except Exception:  # the formula is the catalog author's code: any failure is theirs
            return [Diagnostic(Location(str(catalog), line), _(
                "the Plural-Forms formula fails for n = {n}", n=count))]
        if not 0 <= form < forms:
            return [Diagnostic(Location(str(catalog), line), _(
                "the Plural-Forms formula gives form {form} for n = {n}, but nplurals is {forms}",
                form=form, n=count, forms=forms))]
    return []


def _line_of(path: Path, text: str) -> int | None:
    """The first line of ``path`` that contains ``text`` (1-based), if any."""
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if text.encode() in raw:
                return number
    return None


def check_path(path: str, conformance: bool = False) -> list[Diagnostic]:
    """Every problem of one file given on the command line."""
    if path.endswith(".po"):
        return _check_catalog(path)
    if conformance:
        from ..conformance import check_ruleset

        return check_ruleset(path)
    from ..language.ruleset import validate

    return validate(path)


@click.command(help=_("Check ruleset YAML files (and .po translation catalogs); report every problem."))
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--conformance", is_flag=True,
              help=_("Also play a few random games with each ruleset to check that it works."))
@lang_option
@exits_on_bad_input
def command(files: tuple[str, ...], conformance: bool) -> None:
    """Validate every file, print every problem, exit 1 if any file is invalid."""
    invalid = 0
    problems = 0
    for path in files:
        diagnostics = check_path(path, conformance)
        if diagnostics:
            invalid += 1
            problems += len(diagnostics)
            report(CardrulesError(diagnostics))
    total = len(files)
    if invalid:
        click.echo(ngettext("{n} problem found.", "{n} problems found.", problems), err=True)
        click.echo(ngettext("{invalid} of {n} file is invalid.", "{invalid} of {n} files are invalid.",
                            total, invalid=invalid), err=True)
        sys.exit(1)
    click.echo(ngettext("{n} file valid.", "{n} files valid.", total))
