"""A saved, unfinished game brought back to the position its log stops at.

``play --resume`` and the web table's restart both need the same thing: the
log's ruleset with its options, its players and seat kinds, and a state with
every logged action applied and checked on the way. The first action that is
not legal is refused with its line and column, as a replay refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.base.errors import CardrulesError, Diagnostic, LogError
from engine.base.i18n import _
from engine.core.game import Game
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext
from engine.language.ruleset import Ruleset


@dataclass
class ResumedGame:
    """What a saved game's log brings back: its ruleset, its players, their seat kinds, the state and its seed."""

    ruleset: Ruleset
    players: list[str]
    # The log's "seats" (human, bot:KIND), or None when the log has none.
    kinds: Any
    state: Any
    seed: int | None


def resume_state(record: LogRecord, make_game: Any = None) -> ResumedGame:
    """The game ``record`` holds, every logged action applied (a bad log raises a located :class:`LogError`).

    ``make_game(ruleset, players)`` builds the game (by default a
    :class:`~engine.core.game.Game` with the log's seat kinds recorded).
    """
    log = record.log
    ruleset = ReplayContext().ruleset_for(record)
    players = list(log["players"])
    kinds = log.get("seats")
    seed = log.get("seed") if isinstance(log.get("seed"), int) and not isinstance(log.get("seed"), bool) else None
    try:
        game = make_game(ruleset, players) if make_game is not None else Game(ruleset, players, seats=kinds)
        # Chance the log does not hold yet (a reshuffle still to come) is drawn from the recorded seed.
        state = game.new_initial_state(
            None if seed is None else seed + len(log["actions"]),
            deck=list(log["deck"]),
            first_player=log["first_player"],
            chance=log.get("chance") or (),
        )
        state.seed = seed
    except LogError as error:
        # A seat the log names badly is placed already; the engine places what it finds by JSON path only.
        raise LogError(
            [
                d
                if d.location.file is not None
                else Diagnostic(record.location(d.location.json_path or "$"), d.message)
                for d in error.diagnostics
            ]
        ) from None
    except CardrulesError as error:
        where = record.location()
        raise LogError.at(
            "; ".join(d.message for d in error.diagnostics), where.file, where.line, where.column
        ) from None
    for index, entry in enumerate(log["actions"]):
        location = record.action_location(index)
        try:
            action = state.action_from_json(entry)
            if action not in state.legal_actions():
                # TRANSLATORS: resuming a game log that holds an illegal move; {action} is the move's kind as logged,
                # e.g. "plant".
                raise LogError.at(_("{action} is not allowed now", action=entry.get("action")))
            state.apply_action(action)
        except CardrulesError as error:
            # TRANSLATORS: {index} counts the log's actions from 0; {reason} says what is wrong.
            raise LogError.at(
                _(
                    "action {index} (counting from 0): {reason}",
                    index=index,
                    reason="; ".join(d.message for d in error.diagnostics),
                ),
                location.file,
                location.line,
                location.column,
                location.json_path,
            ) from None
    return ResumedGame(ruleset, players, kinds, state, seed)
