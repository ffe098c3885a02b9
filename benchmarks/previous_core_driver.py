"""Times the previous interpreter (the one before the generic core) for ``python -m benchmarks``.

This file is NOT imported by the benchmarks: :mod:`benchmarks.previous_core`
copies it into a temporary export of the commit with the old core (``git
archive``) and runs it there as a script, so ``import engine`` finds the old
engine (the script's own directory comes first on ``sys.path``). It speaks the
old API only (``engine.game``, ``engine.bots``, ``engine.formats.replay``) and
the standard library, and must keep working against that commit, never
against the current engine.

Protocol: one JSON object per line on stdin, one answer per line on stdout.

* ``{"do": "hello"}`` -> ``{"engine": path of the engine package, "python": version}``
* ``{"do": "games", "ruleset": name, "games": n, "seed": s, "bots": true, "first": i}`` ->
  ``{"count": n, "seconds": t, "actions": a}``: the same games (numbers ``i`` on) as
  ``benchmarks.bench_games.engine_random_games`` (same seeds, each seat's own
  random bot, or ``legal_actions().sample`` with ``"bots": false``)
* ``{"do": "replay", "logs": path of a JSON list of logs, "first": i, "count": n}`` ->
  ``{"count": n, "seconds": t}``: as ``benchmarks.bench_replay.engine_replay``
  (logs ``first`` to ``first + count``: all of them when both are left out)
* ``{"do": "quit"}``
"""

from __future__ import annotations

import functools
import json
import os
import random
import sys
import time

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def pin_to_one_core() -> None:
    """The same pin as benchmarks/cores.py (inherited from the parent anyway)."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass


# As benchmarks.bench_games.CHUNK_SEED_STEP (this file imports nothing of the current benchmarks).
CHUNK_SEED_STEP = 7_919


@functools.cache
def _game(ruleset_name: str):
    """As benchmarks.bench_games.compiled_game: one compiled game per ruleset for every chunk of games."""
    from engine.game import Game
    from engine.language.ruleset import load_ruleset

    return Game(load_ruleset(ruleset_name), PLAYERS)


def random_games(ruleset_name: str, games: int, seed: int, use_bots: bool, first: int = 0) -> dict:
    from engine.bots import make_bot

    game = _game(ruleset_name)
    rng = random.Random(seed + first * CHUNK_SEED_STEP)
    bots = [make_bot("random", seed + seat + first * CHUNK_SEED_STEP) for seat in range(len(PLAYERS))]
    actions = 0
    start = time.perf_counter()
    for number in range(first, first + games):
        state = game.new_initial_state(seed=seed * 1_000_003 + number)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            if use_bots:
                action = bots[player].choose(state.observation(player), legal)
            else:
                action = legal.sample(rng)
            state.apply_action(action)
        state.result()
        actions += len(state.history)
    return {"count": games, "seconds": time.perf_counter() - start, "actions": actions}


_LOGS: dict[str, list] = {}


def replay(path: str, first: int = 0, count: int | None = None) -> dict:
    from engine.formats.gamelog import LogRecord
    from engine.formats.replay import ReplayContext, replay_record

    if path not in _LOGS:
        with open(path, encoding="utf-8") as handle:
            _LOGS[path] = json.load(handle)
    logs = _LOGS[path]
    logs = logs[first:] if count is None else logs[first : first + count]
    context = ReplayContext()
    records = [LogRecord(log, "<bench>", 1, number, None) for number, log in enumerate(logs)]
    start = time.perf_counter()
    for record in records:
        replay_record(record, context)
    return {"count": len(logs), "seconds": time.perf_counter() - start}


def replay_file_lines(path: str) -> dict:
    """Read, validate and replay a JSON Lines file as the previous ``cardrules replay`` did."""
    from engine.formats.replay import ReplayContext, replay_file

    start = time.perf_counter()
    count = sum(1 for _ in replay_file(path, ReplayContext()))
    return {"count": count, "seconds": time.perf_counter() - start}


def main() -> int:
    pin_to_one_core()
    for line in sys.stdin:
        command = json.loads(line)
        kind = command.get("do")
        if kind == "quit":
            break
        if kind == "hello":
            import engine

            answer = {"engine": os.path.dirname(os.path.abspath(engine.__file__)), "python": sys.version.split()[0]}
        elif kind == "games":
            answer = random_games(
                command["ruleset"],
                int(command["games"]),
                int(command.get("seed", 1)),
                bool(command.get("bots", True)),
                int(command.get("first", 0)),
            )
        elif kind == "replay":
            answer = replay(
                command["logs"],
                int(command.get("first", 0)),
                None if command.get("count") is None else int(command["count"]),
            )
        elif kind == "replay-file":
            answer = replay_file_lines(command["logs"])
        else:
            answer = {"error": f"unknown command {kind!r}"}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
