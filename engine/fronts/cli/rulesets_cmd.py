"""``cardrules rulesets``: the rulesets you can play, with a description each.

At a terminal each description is wrapped under its column by display
width; to a pipe or a file each ruleset is one line (name, two spaces or
more, description), for a program or grep.

Built-in editions and house rules from every root (``CARDRULES_PATH``, the
user data directory, the program's own) are listed by name, the name to give
``-r``. Abstract rulesets (shared parts of editions) are shown only with
``--all``; a file that does not load is listed with its first problem.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.rulesets_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli.common import exits_on_bad_input, lang_option


# TRANSLATORS: --help of the rulesets command; a ruleset is a game's edition or a house-rule file.
@click.command(help=_("List the available rulesets (editions and house rules)."))
# TRANSLATORS: --help of rulesets --all; abstract rulesets hold parts that several editions share.
@click.option("--all", "show_all", is_flag=True, help=_("Also list abstract rulesets (shared parts, not playable)."))
@lang_option
@exits_on_bad_input
def command(show_all: bool) -> None:
    """Print each ruleset's name and its localized description (see the module docstring for the layout)."""
    from engine.fronts.cli import rulesets_run  # lazy: the command loads the engine only when it runs

    rulesets_run.run_command(show_all=show_all)
