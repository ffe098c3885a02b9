"""``cardrules score TABLE``: score a finished physical game from a table file."""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.base.shown import json_text
from engine.fronts.cli import completion
from engine.fronts.cli.common import exits_on_bad_input, lang_option, option_overrides
from engine.fronts.formats.table import load_table
from engine.text.explain import explain_result, summarize_result


@click.command("score", help=_("Score a finished physical game from a table file (YAML or JSON)."))
@click.argument("table_file", metavar="TABLE", shell_complete=completion.files)
@click.option("--explain", is_flag=True, help=_("Show every scoring step, like the rulebook's example."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the result as one JSON object."))
@option_overrides
@lang_option
@exits_on_bad_input
def command(table_file: str, explain: bool, as_json: bool, options: dict[str, str]) -> None:
    """Read TABLE, check it against its ruleset, and print the scores."""
    # Imported here so that `cardrules --help` stays quick.

    table = load_table(table_file, options)
    result = table.score()
    if as_json:
        click.echo(json_text(result.to_json()))
        return
    lines = explain_result(table.ruleset, result) if explain else summarize_result(table.ruleset, result)
    for line in lines:
        click.echo(line)
