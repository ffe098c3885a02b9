"""A child process that times one engine, for :mod:`benchmarks.versus` (run by path, in the tree it measures).

It reads one JSON command per line on stdin and answers one JSON line. It
imports only the engine of the tree it runs in, through names every layout
of the engine has had (the public ``engine.load_ruleset``, ``engine.Game``,
``engine.make_bot``; the log reader and replay under either of their
paths), so the same workload runs on an older commit and on today's.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import random
import sys
import time

PLAYERS = {3: ["Ann", "Bo", "Cy"], 4: ["Ann", "Bo", "Cy", "Di"]}


def _module(*names: str):
    """The first of ``names`` that imports (a module moved between layouts)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    raise ModuleNotFoundError(names[0])


@functools.cache
def _game(ruleset: str, players: int):
    import engine

    return engine.Game(engine.load_ruleset(ruleset), PLAYERS[players])


def games(ruleset: str, players: int, count: int, seed: int, kinds: list[str]) -> dict:
    """``count`` seeded games with bots of ``kinds``: seconds, and actions played."""
    import engine

    game = _game(ruleset, players)
    bots = [engine.make_bot(kind, seed + seat) for seat, kind in enumerate(kinds)]
    actions = 0
    start = time.perf_counter()
    for number in range(count):
        state = game.new_initial_state(seed=seed * 1_000_003 + number)
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
        state.result()
        actions += len(state.history)
    return {"count": count, "seconds": time.perf_counter() - start, "actions": actions}


def logs(ruleset: str, players: int, count: int, seed: int) -> list[dict]:
    """The logs of ``count`` random games (made once, by this engine, to be replayed by both)."""

    game = _game(ruleset, players)
    rng = random.Random(seed)
    made = []
    for number in range(count):
        state = game.new_initial_state(seed=seed * 1_000_003 + number)
        while not state.is_terminal():
            state.apply_action(state.legal_actions().sample(rng))
        made.append(state.to_log())
    return made


def replay(path: str) -> dict:
    """Replay the logs of a JSON list in memory, every action checked."""
    gamelog = _module("engine.fronts.formats.gamelog", "engine.formats.gamelog")
    replaying = _module("engine.fronts.formats.replay", "engine.formats.replay")
    with open(path, encoding="utf-8") as handle:
        loaded = json.load(handle)
    context = replaying.ReplayContext()
    records = [gamelog.LogRecord(log, "<bench>", 1, number, None) for number, log in enumerate(loaded)]
    start = time.perf_counter()
    for record in records:
        replaying.replay_record(record, context)
    return {"count": len(records), "seconds": time.perf_counter() - start}


def replay_file(path: str) -> dict:
    """Read, schema-check and replay a JSON Lines file, as ``cardrules replay`` does."""
    replaying = _module("engine.fronts.formats.replay", "engine.formats.replay")
    start = time.perf_counter()
    count = sum(1 for _ in replaying.replay_file(path, replaying.ReplayContext()))
    return {"count": count, "seconds": time.perf_counter() - start}


def main() -> int:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the other side
    except (AttributeError, OSError):
        pass
    for line in sys.stdin:
        command = json.loads(line)
        kind = command.pop("do")
        try:
            if kind == "quit":
                break
            if kind == "hello":
                import engine

                answer = {"engine": os.path.dirname(os.path.abspath(engine.__file__))}
            elif kind == "games":
                answer = games(**command)
            elif kind == "logs":
                with open(command.pop("path"), "w", encoding="utf-8") as handle:
                    json.dump(logs(**command), handle)
                answer = {}
            elif kind == "replay":
                answer = replay(**command)
            elif kind == "replay-file":
                answer = replay_file(**command)
            else:
                answer = {"error": f"unknown command {kind}"}
        except Exception as error:  # the parent reports it; the child keeps serving
            answer = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
