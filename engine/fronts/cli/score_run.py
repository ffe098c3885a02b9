"""What ``score`` does once its command line is read: the work of :mod:`engine.fronts.cli.score_cmd`.

``cardrules score TABLE``: score a finished physical game from a table file.
"""

from __future__ import annotations

import click

from engine.base.shown import json_text
from engine.fronts.formats.table import load_table
from engine.text.explain import explain_result, summarize_result


def run_command(table_file: str, explain: bool, as_json: bool, options: dict[str, str]) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.score_cmd`)."""
    # Imported here so that `cardrules --help` stays quick.

    table = load_table(table_file, options)
    result = table.score()
    if as_json:
        click.echo(json_text(result.to_json()))
        return
    lines = explain_result(table.ruleset, result) if explain else summarize_result(table.ruleset, result)
    for line in lines:
        click.echo(line)
