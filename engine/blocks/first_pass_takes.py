"""Auction block ``first-pass-takes``."""
from __future__ import annotations

from typing import Any, Mapping

from .selectors import card_selector


class FirstPassTakesAuction:
    """``first-pass-takes``: bidding to avoid a card; the first player to pass takes it.

    Bidding works as in ``ascending`` (add money cards, beat the highest total
    strictly). The auction ends at the first pass: the player who passed takes
    the card and takes their own bid back into hand; every other player
    discards what they bid.

    Parameters: ``id``; ``when`` (optional selector, as for ``ascending``).
    """

    category = "auction"
    kind = "first-pass-takes"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.id = spec.get("id", self.kind)
        self.matches = card_selector(spec.get("when"))

    def on_pass(self, state: Any, player: int) -> int | None:
        """Apply ``player``'s pass: they take the card, everyone else pays."""
        state.return_bid(player)
        state.mark_passed(player)
        for other in range(state.player_count):
            if other != player:
                state.discard_bid(other)
        return player
