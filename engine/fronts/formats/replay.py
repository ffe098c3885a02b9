"""Replaying game logs with the engine, checking every action on the way.

A log is replayed from its ruleset (a name, or a house-rule file relative to
the log), its options, its players and its recorded chance outcomes (the
deck, the first player, later shuffles); then each action must be by the
player whose turn it is and legal. The first action that
is not raises a :class:`~engine.base.errors.LogError` that names its index
(counting from 0) and why, located at the line and column where the action was
written. A log that stops before the game ends, or whose stored ``result``
disagrees with the replay, is an error too.

Replaying many logs (JSON Lines) reuses loaded rulesets: a
:class:`ReplayContext` keeps one per (ruleset, options) pair.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.base.errors import CardrulesError, Diagnostic, LogError, UnfinishedLogError
from engine.base.formatting import format_list
from engine.base.i18n import _
from engine.core.game import Game
from engine.core.result import Result, score_from_json
from engine.families.catalog import load_ruleset
from engine.fronts.formats.gamelog import LogRecord, read_logs
from engine.language.options import LocatedOptions
from engine.language.overlay import reference_target
from engine.language.ruleset import Ruleset, referenced_ruleset_problems


class ReplayContext:
    """Loaded rulesets and games, shared by every log replayed with this context."""

    def __init__(self) -> None:
        self._rulesets: dict[tuple[str, str], Ruleset] = {}
        self._games: dict[tuple[int, tuple[str, ...]], Game] = {}
        self._quick: dict[tuple[str, str, str], Ruleset] = {}

    def ruleset_for(self, record: LogRecord) -> Ruleset:
        """The log's ruleset with its options (a path is taken relative to the log file)."""
        name = record.log["ruleset"]
        written = record.log.get("options") or {}
        # Thousands of logs of one file name the same few rulesets: look them up by what the log says.
        quick = (
            name,
            os.path.dirname(record.file),
            json.dumps(written, sort_keys=True, default=str) if written else "",
        )
        known = self._quick.get(quick)
        if known is not None:
            return known
        ruleset = self._ruleset_for(record, name, written)
        self._quick[quick] = ruleset
        return ruleset

    def _ruleset_for(self, record: LogRecord, name: str, written: Mapping[str, Any]) -> Ruleset:
        options = LocatedOptions(written, {key: record.location(f"$.options.{key}") for key in written})
        target = reference_target(name, Path(record.file), record.file)
        key = (str(target), json.dumps(options, sort_keys=True, default=str) if options else "")
        ruleset = self._rulesets.get(key)
        if ruleset is None:
            try:
                ruleset = load_ruleset(target, options or None)
            except CardrulesError as error:
                raise LogError(referenced_ruleset_problems(record.location("$.ruleset"), name, error)) from None
            self._rulesets[key] = ruleset
        return ruleset

    def game_for(self, ruleset: Ruleset, players: tuple[str, ...]) -> Game:
        """A Game for these seats (built once per ruleset and seat list)."""
        key = (id(ruleset), players)
        game = self._games.get(key)
        if game is None:
            game = Game(ruleset, list(players))
            self._games[key] = game
        return game


def _check_setup(record: LogRecord, ruleset: Ruleset, context: ReplayContext) -> None:
    """Players and first player must fit the ruleset before any action is replayed (the deck: when it is dealt)."""
    log = record.log
    players = log["players"]
    problems = []
    if not ruleset.players_min <= len(players) <= ruleset.players_max:
        problems.append(
            Diagnostic(
                record.location("$.players"),
                # TRANSLATORS: a game log (replay, play --resume) has the wrong number of players for its ruleset;
                # {count}, {low} and {high} are numbers of players.
                _(
                    "{count} players, but this ruleset is for {low} to {high}",
                    count=len(players),
                    low=ruleset.players_min,
                    high=ruleset.players_max,
                ),
            )
        )
    repeated = (
        []
        if len(set(players)) == len(players)
        else sorted(name for name, count in Counter(players).items() if count > 1)
    )
    if repeated:
        problems.append(
            Diagnostic(
                record.location("$.players"),
                # TRANSLATORS: a game log (replay, play --resume) gives two players the same name; {names} lists the
                # names, e.g. "Ann and Bob".
                _("every player needs a different name; repeated: {names}", names=format_list(repeated)),
            )
        )
    if log["first_player"] >= len(players):
        problems.append(
            Diagnostic(
                record.location("$.first_player"),
                # TRANSLATORS: a game log's first_player (a seat number) is past the last seat; {index} is that number,
                # {last} the last seat's; seats are numbered from 0.
                _(
                    "first player {index} does not exist: seats are numbered 0 to {last}",
                    index=log["first_player"],
                    last=len(players) - 1,
                ),
            )
        )
    if problems:
        raise LogError(problems)


def _action_error(record: LogRecord, index: int, reason: str) -> LogError:
    """A LogError at action ``index`` naming it (counting from 0) and why it is wrong."""
    # TRANSLATORS: {index} counts the log's actions from 0; {reason} says what is wrong.
    return LogError(
        [
            Diagnostic(
                record.action_location(index),
                _("action {index} (counting from 0): {reason}", index=index, reason=reason),
            )
        ]
    )


def replay_record(record: LogRecord, context: ReplayContext | None = None) -> Result:
    """Replay one log, checking every action; return the engine's Result."""
    return _replay(record, context or ReplayContext())[1]


def _replay(record: LogRecord, context: ReplayContext) -> tuple[Ruleset, Result]:
    """Replay one log; return the ruleset it was played under with the result (looked up once)."""
    ruleset = context.ruleset_for(record)
    _check_setup(record, ruleset, context)
    log = record.log
    game = context.game_for(ruleset, tuple(log["players"]))
    # Nobody narrates a replay: the state skips recording events.
    try:
        state = game.new_initial_state(
            deck=list(log["deck"]),
            first_player=log["first_player"],
            chance=log.get("chance") or (),
            record_events=False,
        )
    except LogError as error:
        raise LogError([_placed(record, diagnostic) for diagnostic in error.diagnostics]) from None
    if state.first_player != log["first_player"]:
        # The rules chose the first player themselves (the first seat starts): a log that says otherwise was not
        # played under them.
        raise LogError(
            [
                Diagnostic(
                    record.location("$.first_player"),
                    # TRANSLATORS: a game log's first_player disagrees with its ruleset, which fixes who starts; {seat}
                    # and {given} are seat numbers, from 0.
                    _(
                        "under these rules seat {seat} starts, not seat {given}",
                        seat=state.first_player,
                        given=log["first_player"],
                    ),
                )
            ]
        )
    players = log["players"]
    actions = log["actions"]
    count = len(actions)
    parse = state.parse_action
    apply = state.apply_action
    # The usual entry names a known action word: its space reads it directly (parse_action words the errors).
    space_by_word = game.space_by_word
    index = 0
    while index < count:
        # Runs of plain, legal entries are applied in one loop; the first entry it leaves is applied here,
        # with each check made once: the turn here, the action's form in from_json, its legality in
        # apply_action (which says why an action is wrong: a money card not held, a card not on offer).
        try:
            index = state.apply_log_entries(actions, index)
        except CardrulesError as error:
            raise _entry_failed(record, len(state.history) - 1, error) from None
        if index >= count:
            break
        action = actions[index]
        if state.terminal:
            # TRANSLATORS: after "action 3 (counting from 0): " when a game log is replayed (replay, play --resume); the
            # game had ended before this action.
            raise _action_error(record, index, _("the game was already over"))
        space = None
        if type(action) is dict:  # anything else is refused by parse_action, with the reason
            given = action.get("player")
            if type(given) is not int or given != state.current:
                expected = state.current
                raise _action_error(
                    record,
                    index,
                    # TRANSLATORS: after "action 3 (counting from 0): " when a game log is replayed: the action is by
                    # the wrong player; {expected} is a player's name, {seat} their seat number, {given} the log's seat.
                    _(
                        "it is {expected}'s turn (seat {seat}), not seat {given}'s",
                        expected=players[expected],
                        seat=expected,
                        given=given,
                    ),
                )
            kind = action.get("action")
            if type(kind) is str:
                space = space_by_word.get(kind)
        try:
            apply(space.from_json(state, action) if space is not None else parse(action))
        except CardrulesError as error:
            raise _entry_failed(record, index, error) from None
        index += 1
    if not state.is_terminal():
        unfinished = UnfinishedLogError.at(
            # TRANSLATORS: replay: a game log stops before the end of its game; {count} is how many actions it holds.
            _("the log ends before the game does ({count} actions)", count=len(log["actions"])),
            *_at(record, "$.actions"),
        )
        unfinished.saved_by_play = "seats" in log
        unfinished.saved_actions = len(log["actions"])
        raise unfinished
    unused = state.chance.unused() if hasattr(state.chance, "unused") else 0
    if unused:
        # TRANSLATORS: replay: a game log records more chance outcomes (random draws, e.g. shuffles) than the game used;
        # {count} is how many are left over.
        raise LogError.at(
            _("the log holds {count} chance outcomes the game never needed", count=unused), *_at(record, "$.chance")
        )
    result = state.result()
    if "result" in log:
        _check_stored_result(record, result)
    return ruleset, result


def _entry_failed(record: LogRecord, index: int, error: CardrulesError) -> LogError:
    """The error of a log whose action ``index`` failed with ``error``, located in the log."""
    if (
        isinstance(error, LogError)
        and error.diagnostics
        and (error.diagnostics[0].location.json_path or "").startswith("$.chance")
    ):
        # A later shuffle the action caused does not fit the recorded one.
        return LogError([_placed(record, diagnostic) for diagnostic in error.diagnostics])
    # TRANSLATORS: after "action 3 (counting from 0): " when a game log is replayed (replay, play --resume); the action
    # exists but the rules do not allow it at this point of the game.
    reason = error.diagnostics[0].message if error.diagnostics else _("the action is not legal now")
    return _action_error(record, index, reason)


def _at(record: LogRecord, path: str) -> tuple[str, int | None, int | None, str]:
    """``LogError.at``'s place arguments for the value at ``path`` of the log (its line and column when found)."""
    where = record.location(path)
    return where.file, where.line, where.column, path


def _placed(record: LogRecord, diagnostic: Diagnostic) -> Diagnostic:
    """A diagnostic the engine located by JSON path only, placed in the log's file."""
    path = diagnostic.location.json_path or "$"
    return Diagnostic(record.location(path), diagnostic.message)


def _comparable(value: Any) -> Any:
    """A result in a form where equal results compare equal (exact numbers, the order of card lists ignored)."""
    if isinstance(value, dict):
        return {key: _comparable(child) for key, child in value.items()}
    if isinstance(value, list):
        items = [_comparable(child) for child in value]
        if all(isinstance(item, str) for item in items):
            return sorted(items)
        return items
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)) or (isinstance(value, str) and "/" in value):
        try:
            return score_from_json(value)
        except (ValueError, ZeroDivisionError):
            return value
    return value


def _check_stored_result(record: LogRecord, result: Result) -> None:
    """The result stored in the log must be what the replay gives."""
    stored = record.log["result"]
    computed = result.to_json()
    # Written by the engine, a stored result is the same JSON: compare it as it is, and normalise
    # (card order, 3.5 against "7/2") only when it differs.
    agrees = (
        type(stored) is dict
        and stored.get("players") == computed["players"]
        and stored.get("winners") == computed["winners"]
    )
    if not agrees:
        try:
            agrees = (
                _comparable(stored.get("players")) == _comparable(computed["players"])
                and list(stored.get("winners", [])) == computed["winners"]
            )
        except (ValueError, ZeroDivisionError, TypeError, AttributeError):
            agrees = False
    if not agrees:
        raise LogError.at(
            # TRANSLATORS: replay: the result written in a game log differs from the one the replay computes; {result}
            # is that result as JSON.
            _(
                "the stored result does not match the replay, which gives {result}",
                result=json.dumps(result.to_json(), ensure_ascii=False),
            ),
            *_at(record, "$.result"),
        )


def replay_file(
    path: str | os.PathLike, context: ReplayContext | None = None
) -> Iterator[tuple[LogRecord, Ruleset, Result]]:
    """Replay every log of a file (JSON or JSON Lines) in order, streamed."""
    context = context or ReplayContext()
    for record in read_logs(path):
        ruleset, result = _replay(record, context)
        yield record, ruleset, result
