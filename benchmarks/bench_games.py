"""Random-bot games per second: the interpreter against the reference implementation.

Both sides play complete games with a bot that picks uniformly among the legal
actions, dealt from their own seeded shuffles; only whole games are counted.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass

from references import high_society as reference

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# The seeds of the bots of games played a chunk at a time move on this much per game number of the chunk's first.
CHUNK_SEED_STEP = 7_919


@dataclass(frozen=True)
class Measurement:
    """How many items took how long."""

    label: str
    count: int
    seconds: float
    actions: int = 0  # actions applied in all, so game lengths can be compared

    @property
    def per_second(self) -> float:
        """Items per second."""
        return self.count / self.seconds if self.seconds > 0 else float("inf")


@functools.cache
def compiled_game(ruleset_name: str, players: tuple[str, ...] = tuple(PLAYERS)):
    """A ruleset's game for these seats, compiled once per process.

    Every chunk of games plays on it, as a simulation's worker plays every
    game on one: its tables, built as play first needs them, are built once;
    and files changed during a long run do not matter.
    """
    from engine.core.game import Game
    from engine.families.catalog import load_ruleset

    return Game(load_ruleset(ruleset_name), list(players))


def engine_random_games(
    ruleset_name: str, games: int, seed: int = 1, *, use_bots: bool = True, first: int = 0
) -> Measurement:
    """Play ``games`` games with the engine (numbers ``first`` on): its random bot choosing from each observation.

    The previous interpreter's driver plays the same games from the same seeds.
    """
    from engine.fronts.bots import make_bot

    game = compiled_game(ruleset_name)
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
    label = "interpreter, random bot" if use_bots else "interpreter, legal_actions().sample"
    return Measurement(label, games, time.perf_counter() - start, actions)


def reference_random_games(ruleset_name: str, games: int, seed: int = 1, *, first: int = 0) -> Measurement:
    """Play ``games`` games (numbers ``first`` on) with the reference implementation and its random bot."""
    actions = 0
    start = time.perf_counter()
    for number in range(first, first + games):
        actions += len(reference.play_random_game(seed * 1_000_003 + number, PLAYERS, ruleset_name)["actions"])
    return Measurement("reference, random bot", games, time.perf_counter() - start, actions)
