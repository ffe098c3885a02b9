"""The ``heuristic`` bot: plays each decision with the strategy its block family names.

A rules-as-data engine cannot have one heuristic for every game, but each
block family knows its own decisions: its front half names, per decision
kind, the strategy of this layer that plays it and gives the facts the
strategy reads (:mod:`engine.families.common.front.hints`, gathered in
:mod:`engine.fronts.bots.hints`). The strategies
(:mod:`engine.fronts.bots.strategies`) name no family: the ``bidding``
strategy values cards through the ruleset's scoring and guards its money,
the ``fields``, ``planting``, ``trading`` and ``rows`` strategies value
planting zones by what they may still pay. A program may answer a decision
kind with its own policy (:func:`register_policy`), which wins over the
hints. A decision no policy knows is answered like the random bot would, so
the bot plays any ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.decisions import LegalActions
from engine.fronts.bots.hints import HINTS
from engine.fronts.bots.strategies import ESTIMATES as STRATEGY_ESTIMATES
from engine.fronts.bots.strategies import STRATEGIES

if TYPE_CHECKING:
    from engine.core.observation import Observation
    from engine.core.state import State

# decision kind (the step that decides) -> a factory of the policy that answers it: the strategy its family's hints
# name (resolved once, here), or what a program registered (register_policy)
POLICIES: dict[str, Callable[[], Any]] = {
    kind: STRATEGIES[hints.strategy] for kind, hints in HINTS.items() if hints.strategy in STRATEGIES
}
# What the strategies reckon a player's position may still score (observation -> points, or None where the game has
# nothing a strategy values that way).
ESTIMATES: list[Callable[[Any], float | None]] = list(STRATEGY_ESTIMATES)


def register_policy(kinds: tuple[str, ...], factory: Callable[[], Any]) -> None:
    """Answer decisions of ``kinds`` with policies made by ``factory`` (one per bot), whatever the hints say.

    A policy has ``choose(observation, legal) -> action``; it may rank its
    options (``ranked(observation, legal, count)``) and weigh its rivals (a
    ``rivalry`` attribute, which the bot sets).
    """
    for kind in kinds:
        POLICIES[kind] = factory


class HeuristicBot:
    """The strategies, one instance each per bot; random play where none applies."""

    kind = "heuristic"

    def __init__(self, seed: int | None = None, rivalry: float = 0.0) -> None:
        self.rng = random.Random(seed)
        # How much the policies that weigh what a move gives the others (a ``rivalry`` attribute) count it
        # against their own gain: 0 plays for this player's own points; a player out to win weighs its rivals.
        self.rivalry = rivalry
        self._policies: dict[Callable[[], Any], Any] = {}

    def policy_for(self, kind: str) -> Any:
        """This bot's policy for decisions of ``kind`` (None if no strategy plays them)."""
        factory = POLICIES.get(kind)
        if factory is None:
            return None
        policy = self._policies.get(factory)
        if policy is None:
            policy = self._policies[factory] = factory()
        if hasattr(policy, "rivalry"):
            policy.rivalry = self.rivalry
        return policy

    def points_to_come(self, state: State) -> list[float] | None:
        """What each seat's position may still score beyond its score now, as the strategies reckon it.

        Each seat is judged from its own view of ``state``. None when no
        strategy estimates anything of the game (a search then plays the game
        out instead).
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

    def ranked(self, observation: Observation, legal: LegalActions, count: int) -> list[int]:
        """Up to ``count`` legal actions the policy would weigh next after its choice, best first ([] if none).

        A policy that ranks its options (``ranked(observation, legal, count)``)
        tells a search which runners-up are worth trying; the others leave it to
        draw actions at random.
        """
        policy = self.policy_for(observation.decision.get("kind", ""))
        ranked = getattr(policy, "ranked", None)
        if ranked is None:
            return []
        return [action for action in ranked(observation, legal, count) if action in legal]

    def choose(self, observation: Observation, legal: LegalActions, drawn: State | None = None) -> int:
        """The policy's action, or a random one.

        ``drawn`` (a search's drawn game, of which ``observation`` is the
        view): a policy that weighs drawn games (``choose_drawn``) weighs that
        one alone instead of drawing its own.
        """
        policy = self.policy_for(observation.decision.get("kind", ""))
        if policy is None:
            return legal.sample_by_kind(self.rng)
        choose_drawn = getattr(policy, "choose_drawn", None) if drawn is not None else None
        if choose_drawn is not None:
            return int(choose_drawn(drawn, observation.player, legal))
        return policy.choose(observation, legal)
