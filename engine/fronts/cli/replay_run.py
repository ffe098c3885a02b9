"""What ``replay`` does once its command line is read: the work of :mod:`engine.fronts.cli.replay_cmd`.

``cardrules replay LOG``: replay game logs, checking every action, and print the results.
"""

from __future__ import annotations

import click

from engine.base.errors import LogError
from engine.base.i18n import _
from engine.base.shown import json_text
from engine.fronts.formats.replay import ReplayContext, replay_file
from engine.text.explain import explain_result, summarize_result


def run_command(log_file: str, as_json: bool, explain: bool) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.replay_cmd`)."""
    # Imported here so that `cardrules --help` stays quick.

    context = ReplayContext()
    count = -1
    for count, (record, ruleset, result) in enumerate(replay_file(log_file, context)):
        if as_json:
            click.echo(json_text(result.to_json()))
            continue
        if count:
            click.echo("")
        if record.number or record.line > 1:
            # TRANSLATORS: heading before each game's result when a file holds several logs.
            click.echo(_("Game {number} (line {line}):", number=record.number + 1, line=record.line))
        lines = explain_result(ruleset, result) if explain else summarize_result(ruleset, result)
        for line in lines:
            click.echo(line)
    if count < 0:
        # A file with nothing to replay is almost surely the wrong file (or an interrupted export).
        raise LogError.at(_("the file holds no log"), log_file, 1, 1)
