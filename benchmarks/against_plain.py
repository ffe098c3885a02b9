"""The engine against a plain (reference) implementation of one game: random-bot games and logs replayed.

What the Bohnanza figures and the new games' figures share. Both sides play
whole games with their own random bot, dealt from their own seeded shuffles:
the engine's ``random`` bot (``engine.fronts.bots``) choosing from each
observation, and the plain implementation's. The replay figures are for the
same in-memory logs, recorded by the plain implementation's bot (so neither
side replays only its own recordings), without their stored results, every
action checked on both sides. Each workload is taken a chunk at a time, the
sides in turns after each chunk, the fastest of the repeats of each chunk
counting (:class:`~benchmarks.figure.Figure`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from benchmarks.bench_games import CHUNK_SEED_STEP, Measurement, compiled_game
from benchmarks.figure import Figure, compare
from benchmarks.targets import Summary

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


@dataclass(frozen=True)
class Plain:
    """A plain implementation as measured: ``play(seed, names)`` a seeded random-bot game's log (with its
    result), ``replay(log)`` a log replayed with every action checked."""

    play: Callable[[int, tuple[str, ...]], dict[str, Any]]
    replay: Callable[[dict[str, Any]], Any]


def engine_random_games(ruleset: str, players: int, games: int, seed: int = 1, *, first: int = 0) -> Measurement:
    """Play ``games`` games (numbers ``first`` on) with the engine and its random bot, each choosing from its
    observation."""
    from engine.fronts.bots import make_bot

    game = compiled_game(ruleset, tuple(NAMES[:players]))
    bots = [make_bot("random", seed + seat + first * CHUNK_SEED_STEP) for seat in range(players)]
    actions = 0
    start = time.perf_counter()
    for number in range(first, first + games):
        state = game.new_initial_state(seed=seed * 1_000_003 + number, record_events=False)
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
        state.result()
        actions += len(state.history)
    return Measurement("interpreter, random bot", games, time.perf_counter() - start, actions)


def plain_random_games(plain: Plain, players: int, games: int, seed: int = 1, *, first: int = 0) -> Measurement:
    """Play ``games`` games (numbers ``first`` on) with the plain implementation and its random bot."""
    actions = 0
    start = time.perf_counter()
    for number in range(first, first + games):
        actions += len(plain.play(seed * 1_000_003 + number, NAMES[:players])["actions"])
    return Measurement("reference, random bot", games, time.perf_counter() - start, actions)


def make_logs(plain: Plain, players: int, count: int, seed: int = 7) -> list[dict]:
    """``count`` finished games of the plain implementation as logs, without their stored results (both sides do
    the same work)."""
    logs = []
    for number in range(count):
        log = plain.play(seed * 1_000_003 + number, NAMES[:players])
        del log["result"]
        logs.append(log)
    return logs


def engine_replay(logs: list[dict]) -> Measurement:
    """Replay in-memory logs with the engine (the ruleset loaded once, every action checked)."""
    from engine.fronts.formats.gamelog import LogRecord
    from engine.fronts.formats.replay import ReplayContext, replay_record

    context = ReplayContext()
    records = [LogRecord(log, "<bench>", 1, number, None) for number, log in enumerate(logs)]
    replay_record(records[0], context)  # load the ruleset before the clock starts, as the reference needs none
    start = time.perf_counter()
    for record in records:
        replay_record(record, context)
    return Measurement(
        "interpreter, replay", len(logs), time.perf_counter() - start, sum(len(log["actions"]) for log in logs)
    )


def plain_replay(plain: Plain, logs: list[dict]) -> Measurement:
    """Replay in-memory logs with the plain implementation."""
    start = time.perf_counter()
    for log in logs:
        plain.replay(log)
    return Measurement(
        "reference, replay", len(logs), time.perf_counter() - start, sum(len(log["actions"]) for log in logs)
    )


def run_case(
    ruleset: str,
    players: int,
    plain: Plain,
    *,
    games: int,
    logs: int,
    repeats: int,
    games_chunk: int,
    logs_chunk: int,
    summary: Summary,
) -> None:
    """Measure and print one case (a ruleset for a number of players): random-bot games and logs replayed, the
    sides in turns after each chunk, and their verdicts against the family's targets."""
    case = f"{ruleset} {players}p"
    print(f"\n== {case}")
    recorded = make_logs(plain, players, logs)
    sides = {
        "games": (Figure("interpreter, random bot"), Figure("reference, random bot")),
        "replay": (Figure("interpreter, replay"), Figure("reference, replay")),
    }
    for _ in range(max(1, repeats)):
        for part, first in enumerate(range(0, games, games_chunk)):
            chunk = min(games_chunk, games - first)
            new, reference = sides["games"]
            new.add(engine_random_games(ruleset, players, chunk, first=first), part)
            reference.add(plain_random_games(plain, players, chunk, first=first), part)
        for part, first in enumerate(range(0, len(recorded), logs_chunk)):
            chunk_logs = recorded[first : first + logs_chunk]
            new, reference = sides["replay"]
            new.add(engine_replay(chunk_logs), part)
            reference.add(plain_replay(plain, chunk_logs), part)
    for key, title in (
        ("games", f"random-bot games (each side's own random bot; {games_chunk} at a time, sides in turns)"),
        ("replay", f"logs replayed (the same reference-made logs, {logs_chunk} at a time, sides in turns)"),
    ):
        new, reference = sides[key]
        compare(title, new, reference, summary, case, ruleset, key)
        if new.best is not None and reference.best is not None:
            # Game lengths differ between the two bots: the rate per action says how much of the gap is length.
            per_action = [side.best.actions / side.best.seconds for side in (new, reference)]
            print(
                f"  actions per second: interpreter {per_action[0]:.0f}, reference {per_action[1]:.0f} "
                f"(ratio {per_action[0] / per_action[1]:.2f})"
            )


def run_cases(
    cases: str,
    plain_for: Callable[[str], Plain],
    *,
    games: int,
    logs: int,
    repeats: int,
    games_chunk: int,
    logs_chunk: int,
    summary: Summary,
) -> None:
    """Every case of ``cases`` (``RULESET:PLAYERS,...``; empty: none) measured by :func:`run_case`, each against
    ``plain_for(ruleset)``."""
    for case in filter(None, cases.split(",")):
        ruleset, players = case.rsplit(":", 1)
        run_case(
            ruleset,
            int(players),
            plain_for(ruleset),
            games=games,
            logs=logs,
            repeats=repeats,
            games_chunk=games_chunk,
            logs_chunk=logs_chunk,
            summary=summary,
        )
