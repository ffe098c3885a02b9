"""What learning libraries need of the auction family: a bounded view of the bid space, and an auction's numbers.

The bid space has ``2^20`` ints (room for twenty kinds of money card) but a
game uses ``n`` of them: its view is ``PASS`` (mask 0) and every set of the
game's money *types*, the masks ``0 .. 2^n - 1``, so index = mask. A game of
more than :data:`MOST_TYPES` money types keeps the sets of its first
:data:`MOST_TYPES` types only (no shipped game comes near).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.families.auction.rules.bidding import BidActions
from engine.families.common.front.agent_views import BoundedView, DecisionFeatures, observed_scale, per_seat

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.state import State

# The most money types whose sets the view numbers (2^16 indices).
MOST_TYPES = 16


class BidView(BoundedView):
    """``PASS`` and every set of money types: local index = the bid mask (bit ``i``: the ``i``-th money type)."""

    ordered = True  # PASS (0), then the raises by increasing mask

    def __init__(self, space: Any, game: Game) -> None:
        super().__init__(space, game)
        self.size = 1 << min(len(space.money_types), MOST_TYPES)
        self.every_mask = len(space.money_types) <= MOST_TYPES

    def to_engine(self, state: State, player: int, local: int) -> int | None:
        return self.space.base + local if 0 <= local < self.size else None

    def from_engine(self, state: State, player: int, action: int) -> int | None:
        local = action - self.space.base
        return local if 0 <= local < self.size else None

    def legal(self, state: State, player: int, part: Any) -> Iterable[int]:
        # A bid turn lists its legal bids fast (a suffix of the hand's subsets sorted by total): read them, in one
        # comprehension (a search or a learning loop asks at every bid, and a hand has hundreds of them).
        base, size = self.space.base, self.size
        if isinstance(part, BidActions):
            actions = part.listed()
            if self.every_mask:  # every mask of a hand has an index: only the space's base to take off
                return [action - base for action in actions] if base else actions
        else:
            actions = list(part)
        return [action - base for action in actions if 0 <= action - base < size]

    def describe(self, state: State, player: int, local: int) -> str:
        # A bid says the same in any state (the values of the cards in the mask).
        return self.space.describe(state, self.space.base + local, player)


class AuctionFeatures(DecisionFeatures):
    """An auction's public numbers: the highest total bid, each seat's total and whether it passed (viewer first).

    Totals are amounts of the ruleset's first unit (the one bids are written
    in), observed on its ``observed-scale``.
    """

    def __init__(self, game: Game) -> None:
        players = game.player_count
        self.players = players
        self.scale = observed_scale(game)
        self.names = (
            "highest",
            *(f"total@{seat}" for seat in range(players)),
            *(f"passed@{seat}" for seat in range(players)),
        )

    def encode(self, observation: Observation) -> list[float]:
        facts = observation.decision
        viewer = observation.player
        highest = facts.get("highest")
        scale = self.scale
        return (
            [float(highest) / scale if isinstance(highest, (int, float)) else 0.0]
            + [total / scale for total in per_seat(facts.get("totals"), viewer, self.players)]
            + per_seat(facts.get("passed"), viewer, self.players)
        )


AGENT_VIEWS = {"bid": BidView}
DECISION_FEATURES = {"ascending": AuctionFeatures, "first-pass-takes": AuctionFeatures}
