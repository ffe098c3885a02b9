"""Bohnanza: random-bot games and logs replayed per second, the engine against the reference implementation.

Both sides play whole games with their own random bot, dealt from their own
seeded shuffles: the engine's ``random`` bot (``engine.fronts.bots``) choosing from
each observation, and the reference's bot, which draws a kind of action
uniformly and then one action of that kind, the scheme the engine's bot
documents. The replay figures are for the same in-memory logs, recorded by the
reference's bot (so neither side replays only its own recordings), every action
checked on both sides. ``python -m benchmarks`` prints these next to the High
Society figures; ``python -m benchmarks.bench_bohnanza`` runs them alone.
High Bohn is measured against its own reference
(:mod:`references.high_bohn`), whose random bot favours building:
its games are not the engine random bot's kind, so for High Bohn the replay
figure (the same logs on both sides) is the one to compare.
"""

from __future__ import annotations

import argparse
import sys
import time

from benchmarks.bench_games import CHUNK_SEED_STEP, Measurement, compiled_game
from references import bohnanza as reference_bohnanza
from references import high_bohn as reference_high_bohn


def reference_for(ruleset: str):
    """The reference implementation of ``ruleset`` (High Bohn has its own)."""
    return reference_high_bohn if ruleset == reference_high_bohn.RULESET else reference_bohnanza


NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
CASES = (("bohnanza/amigo", 4), ("bohnanza/rio-grande", 6))


def engine_game_log(game, seed: int, bot: bool = True, kind: str = "random") -> dict:
    """A whole game the engine plays (its bots of ``kind``, or uniformly random legal actions), as its log."""
    import random

    from engine.fronts.bots import make_bot

    state = game.new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    count = len(game.players)
    bots = [make_bot(kind, seed * 10 + seat) for seat in range(count)]
    while not state.is_terminal():
        legal = state.legal_actions()
        if bot:
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), legal))
        else:
            state.apply_action(legal.sample(rng))
    return state.to_log()


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


def reference_random_games(ruleset: str, players: int, games: int, seed: int = 1, *, first: int = 0) -> Measurement:
    """Play ``games`` games (numbers ``first`` on) with the reference implementation and its random bot."""
    actions = 0
    start = time.perf_counter()
    for number in range(first, first + games):
        log = reference_for(ruleset).play_random_game(seed * 1_000_003 + number, NAMES[:players], ruleset)
        actions += len(log["actions"])
    return Measurement("reference, random bot", games, time.perf_counter() - start, actions)


def make_logs(ruleset: str, players: int, count: int, seed: int = 7) -> list[dict]:
    """``count`` finished reference games as logs, without their stored results (both sides do the same work)."""
    logs = []
    for number in range(count):
        log = reference_for(ruleset).play_random_game(seed * 1_000_003 + number, NAMES[:players], ruleset)
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


def reference_replay(logs: list[dict]) -> Measurement:
    """Replay in-memory logs with the reference implementation."""
    start = time.perf_counter()
    for log in logs:
        reference_for(log["ruleset"]).replay(log)
    return Measurement(
        "reference, replay", len(logs), time.perf_counter() - start, sum(len(log["actions"]) for log in logs)
    )


def main(argv: list[str] | None = None) -> int:
    """Run the Bohnanza benchmarks alone (``python -m benchmarks`` runs them with the others)."""
    from benchmarks import __main__ as bench

    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_bohnanza", description=__doc__.splitlines()[0])
    bench.add_bohnanza_arguments(parser)
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the fastest counts")
    args = parser.parse_args(argv)
    bench.pin_to_one_core()
    summary: list[str] = []
    bench.run_bohnanza(args, summary)
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
