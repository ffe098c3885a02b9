"""What ``replay`` does once its command line is read: the work of :mod:`engine.fronts.cli.replay_cmd`.

``cardrules replay LOG``: replay game logs, checking every action, and print the results.
"""

from __future__ import annotations

import shlex
from typing import Any

import click

from engine.base.errors import Diagnostic, LogError, UnfinishedLogError
from engine.base.i18n import _
from engine.base.shown import json_text
from engine.fronts.formats.replay import ReplayContext, replay_file
from engine.fronts.terminal.session import program_as_typed
from engine.text.explain import explain_result, summarize_result


def run_command(log_file: str, as_json: bool, explain: bool) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.replay_cmd`)."""
    # Imported here so that `cardrules --help` stays quick.

    context = ReplayContext()
    count = -1
    try:
        for count, (record, ruleset, result) in enumerate(replay_file(log_file, context)):
            _print_result(record, ruleset, result, count, as_json=as_json, explain=explain)
    except UnfinishedLogError as error:
        if not error.saved_by_play:
            raise
        # A game saved on quitting (``play --log``): not a broken log, a game to go on with.
        place = error.diagnostics[0].location
        command = f"{program_as_typed()} play --resume {shlex.quote(log_file)}"
        # TRANSLATORS: {count} is the number of actions played before the game was saved; {command} is the
        # command line that takes the game up again, shown as is.
        message = _(
            "the log ends before the game does ({count} actions): a game saved before its end goes on with: {command}",
            count=error.saved_actions,
            command=command,
        )
        raise LogError([Diagnostic(place, message)]) from None
    if count < 0:
        # A file with nothing to replay is almost surely the wrong file (or an interrupted export).
        # TRANSLATORS: replay: the LOG file holds no game log at all (e.g. it is empty); shown after the file's name.
        raise LogError.at(_("the file holds no log"), log_file, 1, 1)


def _print_result(record: Any, ruleset: Any, result: Any, count: int, *, as_json: bool, explain: bool) -> None:
    """One replayed game's result, as JSON or in words (headed by its place when the file holds several)."""
    if as_json:
        click.echo(json_text(result.to_json()))
        return
    if count:
        click.echo("")
    if record.number or record.line > 1:
        # TRANSLATORS: heading before each game's result when a file holds several logs.
        click.echo(_("Game {number} (line {line}):", number=record.number + 1, line=record.line))
    lines = explain_result(ruleset, result) if explain else summarize_result(ruleset, result)
    for line in lines:
        click.echo(line)
