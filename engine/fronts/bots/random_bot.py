"""The ``random`` bot: a cheap, uniformly random opponent for any ruleset (the baseline for benchmarks)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.core.decisions import LegalActions

if TYPE_CHECKING:
    from engine.core.observation import Observation


class RandomBot:
    """Draws a kind of action uniformly (pass or bid, plant or harvest...), then an action of that kind.

    At a bid turn that is: pass with probability 1/2, otherwise a uniformly
    drawn legal bid (pass when none is legal); a choice between cards is
    uniform. It never looks at its observation.
    """

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal: LegalActions) -> int:
        """A random legal action."""
        return legal.sample_by_kind(self.rng)
