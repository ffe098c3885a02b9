"""``cardrules score TABLE``: score a finished physical game from a table file.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.score_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import exits_on_bad_input, lang_option, option_overrides


# TRANSLATORS: --help of the score command: the players type in the cards each holds at the end of a game
# played with real cards; keep YAML and JSON as they are.
@click.command("score", help=_("Score a finished physical game from a table file (YAML or JSON)."))
@click.argument("table_file", metavar="TABLE", shell_complete=completion.files)
# TRANSLATORS: --help of score --explain: each player's score computed step by step, as the printed rules show it.
@click.option("--explain", is_flag=True, help=_("Show every scoring step, like the rulebook's example."))
# TRANSLATORS: --help of score --json; keep JSON as it is.
@click.option("--json", "as_json", is_flag=True, help=_("Print the result as one JSON object."))
@option_overrides
@lang_option
@exits_on_bad_input
def command(table_file: str, explain: bool, as_json: bool, options: dict[str, str]) -> None:
    """Read TABLE, check it against its ruleset, and print the scores."""
    from engine.fronts.cli import score_run  # lazy: the command loads the engine only when it runs

    score_run.run_command(table_file=table_file, explain=explain, as_json=as_json, options=options)
