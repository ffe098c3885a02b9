"""Random-bot games per second: the interpreter against the reference implementation.

Both sides play complete games with a bot that picks uniformly among the legal
actions, dealt from their own seeded shuffles; only whole games are counted.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from . import reference_high_society as reference

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@dataclass(frozen=True)
class Measurement:
    """How many items took how long."""

    label: str
    count: int
    seconds: float
    actions: int = 0   # actions applied in all, so game lengths can be compared

    @property
    def per_second(self) -> float:
        """Items per second."""
        return self.count / self.seconds if self.seconds > 0 else float("inf")


def engine_random_games(ruleset_name: str, games: int, seed: int = 1, *, use_bots: bool = True) -> Measurement:
    """Play ``games`` games with the engine: its random bot choosing from each observation."""
    from engine.bots import make_bot
    from engine.core.game import Game
    from engine.language.ruleset import load_ruleset

    game = Game(load_ruleset(ruleset_name), PLAYERS)
    rng = random.Random(seed)
    bots = [make_bot("random", seed + seat) for seat in range(len(PLAYERS))]
    actions = 0
    start = time.perf_counter()
    for number in range(games):
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


def reference_random_games(ruleset_name: str, games: int, seed: int = 1) -> Measurement:
    """Play ``games`` games with the reference implementation and its random bot."""
    actions = 0
    start = time.perf_counter()
    for number in range(games):
        actions += len(reference.play_random_game(seed * 1_000_003 + number, PLAYERS, ruleset_name)["actions"])
    return Measurement("reference, random bot", games, time.perf_counter() - start, actions)
