"""``cardrules replay LOG``: replay game logs, checking every action, and print the results.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.replay_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import exits_on_bad_input, lang_option


@click.command(
    "replay",
    # TRANSLATORS: --help of the replay command; keep JSON and JSON Lines as they are (file formats).
    help=_("Replay a game log (JSON, or JSON Lines with one log per line), check every action and print the result."),
)
@click.argument("log_file", metavar="LOG", shell_complete=completion.files)
# TRANSLATORS: --help of replay --json: one result per log of the input file; keep JSON as it is.
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON result object per line, in input order."))
# TRANSLATORS: --help of replay --explain: print how each player's score is computed, step by step.
@click.option("--explain", is_flag=True, help=_("Show every scoring step."))
@lang_option
@exits_on_bad_input
def command(log_file: str, as_json: bool, explain: bool) -> None:
    """Replay every log in LOG; the first bad log stops with its located error."""
    from engine.fronts.cli import replay_run  # lazy: the command loads the engine only when it runs

    replay_run.run_command(log_file=log_file, as_json=as_json, explain=explain)
