"""The ``random`` bot: a cheap, uniformly random opponent (the baseline for benchmarks)."""
from __future__ import annotations

import random

from ..actions import PASS, LegalActions
from ..observation import Observation


class RandomBot:
    """Passes with probability 1/2, otherwise bids a uniformly drawn legal raise.

    If no raise is legal it passes; a choice between cards is uniform.
    """

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal: LegalActions) -> int:
        """A random legal action."""
        if legal.is_choice:
            return legal.sample(self.rng)
        if self.rng.random() < 0.5:
            return PASS
        bid = legal.sample_raise(self.rng)
        return PASS if bid is None else bid
