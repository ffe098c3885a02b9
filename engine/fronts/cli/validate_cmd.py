"""``cardrules validate FILE...``: check ruleset files (and translation catalogs).

Every problem of every file is reported in one run, one located diagnostic per
line (``FILE:LINE:COL: $.path: message``), files named as given on the
command line. Exit 0 when every file is valid, 1 otherwise. ``.po`` files are
read as translation catalogs. ``--conformance`` also plays a few random games
with each ruleset (see :mod:`engine.fronts.conformance`).

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.validate_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import exits_on_bad_input, lang_option


# TRANSLATORS: --help of the validate command; keep YAML and .po as they are (.po: gettext translation files).
@click.command(help=_("Check ruleset YAML files (and .po translation catalogs); report every problem."))
@click.argument("files", nargs=-1, required=True, metavar="FILE...", shell_complete=completion.files)
@click.option(  # TRANSLATORS: --help of validate --conformance; bot games reveal rules that cannot be played.
    "--conformance", is_flag=True, help=_("Also play a few random games with each ruleset to check that it works.")
)
@lang_option
@exits_on_bad_input
def command(files: tuple[str, ...], conformance: bool) -> None:
    """Validate every file, print every problem, exit 1 if any file is invalid."""
    from engine.fronts.cli import validate_run  # lazy: the command loads the engine only when it runs

    validate_run.run_command(files=files, conformance=conformance)
