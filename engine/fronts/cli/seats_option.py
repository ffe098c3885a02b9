"""The ``--players`` option of ``play`` and ``simulate``: seats, bot kinds and their budgets, checked."""

from __future__ import annotations

from typing import Any

import click

from engine.fronts.bots import BOT_KINDS
from engine.fronts.terminal.seats import SeatSpecError, parse_players_spec


def parse_seats(spec: str | None) -> list[Any]:
    """The seats of a ``--players`` list; a malformed list or unknown bot kind is a command-line error (exit 2)."""

    try:
        return parse_players_spec(spec, BOT_KINDS)
    except SeatSpecError as problem:
        raise click.BadParameter(problem.message, param_hint="--players") from None
