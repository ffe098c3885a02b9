"""The ``heuristic`` bot: asks the policy of the block family that owns the decision.

A rules-as-data engine cannot have one heuristic for every game, but each
block family knows its own decisions: the auction family values cards through
the ruleset's scoring and guards its money
(:mod:`engine.families.auction.front.heuristic`); other families register theirs in
:data:`POLICIES`. A decision no policy knows is answered like the random bot
would, so the bot plays any ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.decisions import LegalActions
from engine.families.fronts import estimates, served

# decision kind (the step that decides) -> a factory of the policy that answers it
# decision kind (the step that decides) -> a factory of the policy that answers it, from every family's front half
POLICIES: dict[str, Callable[[], Any]] = dict(served("policies"))
# What each family reckons a player's position may still score (observation -> points, or None where the game has
# nothing of that family).
ESTIMATES: list[Callable[[Any], float | None]] = list(estimates())


def register_policy(kinds: tuple[str, ...], factory: Callable[[], Any]) -> None:
    """Answer decisions of ``kinds`` with policies made by ``factory`` (one per bot)."""
    for kind in kinds:
        POLICIES[kind] = factory


class HeuristicBot:
    """The family policies, one instance each per bot; random play where none applies."""

    kind = "heuristic"

    def __init__(self, seed: int | None = None, rivalry: float = 0.0) -> None:
        self.rng = random.Random(seed)
        # How much the policies that weigh what a move gives the others (a ``rivalry`` attribute) count it
        # against their own gain: 0 plays for this player's own points; a player out to win weighs its rivals.
        self.rivalry = rivalry
        self._policies: dict[Callable[[], Any], Any] = {}

    def policy_for(self, kind: str) -> Any:
        """This bot's policy for decisions of ``kind`` (None if no family knows them)."""
        factory = POLICIES.get(kind)
        if factory is None:
            return None
        policy = self._policies.get(factory)
        if policy is None:
            policy = self._policies[factory] = factory()
        if hasattr(policy, "rivalry"):
            policy.rivalry = self.rivalry
        return policy

    def points_to_come(self, state: Any) -> list[float] | None:
        """What each seat's position may still score beyond its score now, as the families reckon it.

        Each seat is judged from its own view of ``state``. None when no family
        of the game estimates anything (a search then plays the game out instead).
        """
        estimates = [0.0] * state.player_count
        known = False
        for seat in range(state.player_count):
            observation = state.observation(seat)
            for estimate in ESTIMATES:
                points = estimate(observation)
                if points is not None:
                    estimates[seat] += points
                    known = True
        return estimates if known else None

    def ranked(self, observation: Any, legal: LegalActions, count: int) -> list[int]:
        """Up to ``count`` legal actions the family policy would weigh next after its choice, best first ([] if none).

        A policy that ranks its options (``ranked(observation, legal, count)``)
        tells a search which runners-up are worth trying; the others leave it to
        draw actions at random.
        """
        policy = self.policy_for(observation.decision.get("kind", ""))
        ranked = getattr(policy, "ranked", None)
        if ranked is None:
            return []
        return [action for action in ranked(observation, legal, count) if action in legal]

    def choose(self, observation: Any, legal: LegalActions) -> int:
        """The family policy's action, or a random one."""
        policy = self.policy_for(observation.decision.get("kind", ""))
        if policy is None:
            return legal.sample_by_kind(self.rng)
        return policy.choose(observation, legal)
