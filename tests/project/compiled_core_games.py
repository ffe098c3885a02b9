"""Games for the compiled core's test: run in a child process, in the compiled or the pure mode, it prints one
line per game (every shipped ruleset, seeded games of random legal moves and of bots) with the log, the result
and a digest of every observation the players were given; the two modes must print the same bytes.

Then the rulesets and games Hypothesis drew in the test (``drawn-games.json`` beside this file: a shipped
ruleset with its options set at random, values out of their range too, a player count, a seed): each prints
its game played with random legal moves, or the error that refused it.

Usage: ``python compiled_core_games.py`` from a checkout (``CARDRULES_PURE=1`` for the pure mode).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import engine
from engine.compiled import running_compiled
from engine.fronts.bots import make_bot
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record

SEEDS = (1, 2)


def playable(ruleset: object) -> engine.Game:
    """The game of ``ruleset`` for three players, or the first player count it plays."""
    for players in (3, 2, 4, 5, 6, 7):
        try:
            return engine.Game(ruleset, players)
        except engine.CardrulesError:
            continue
    raise SystemExit(f"{ruleset}: no player count plays")


def main() -> int:
    for info in engine.list_rulesets():
        if info.abstract:
            continue
        name = info.name
        game = playable(engine.load_ruleset(name))
        for seed in SEEDS:
            for kind in ("random-moves", "heuristic"):
                state = game.new_initial_state(seed=seed)
                rng = random.Random(seed)
                bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(game.player_count)]
                seen = hashlib.sha256()
                while not state.is_terminal():
                    player = state.current_player()
                    observation = state.observation(player)
                    seen.update(repr(observation.visible()).encode())
                    legal = state.legal_actions()
                    if kind == "heuristic":
                        state.apply_action(bots[player].choose(observation, legal))
                    else:
                        state.apply_action(legal.sample(rng))
                log = state.to_log()
                replayed = replay_record(LogRecord(json.loads(json.dumps(log)), "<games>", 1, 0, None), ReplayContext())
                line = {
                    "ruleset": name,
                    "players": game.player_count,
                    "seed": seed,
                    "kind": kind,
                    "log": log,
                    "result": repr(state.result()),
                    "replayed": repr(replayed),
                    "observations": seen.hexdigest(),
                }
                print(json.dumps(line, sort_keys=True, default=repr))
    drawn_games()
    print(json.dumps({"compiled": running_compiled()}))
    return 0


def played(game: engine.Game, seed: int) -> tuple[engine.State, str]:
    """A seeded game of random legal moves to its end, and a digest of every observation handed out."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = hashlib.sha256()
    while not state.is_terminal():
        player = state.current_player()
        seen.update(repr(state.observation(player).visible()).encode())
        state.apply_action(state.legal_actions().sample(rng))
    return state, seen.hexdigest()


def drawn_games() -> None:
    """Print a line per drawn ruleset and game: its log and result, or the error that refused it."""
    drawn = Path(__file__).with_name("drawn-games.json")
    for name, options, players, seed in json.loads(drawn.read_text(encoding="utf-8")) if drawn.exists() else ():
        line: dict[str, object] = {"ruleset": name, "options": options, "players": players, "seed": seed}
        try:
            game = engine.Game(engine.load_ruleset(name, options), players)
        except engine.CardrulesError as refused:
            line["refused"] = str(refused)
        else:
            state, seen = played(game, seed)
            line.update(log=state.to_log(), result=repr(state.result()), observations=seen)
        print(json.dumps(line, sort_keys=True, default=repr))


if __name__ == "__main__":
    sys.exit(main())
