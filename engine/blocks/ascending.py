"""Auction block ``ascending``."""
from __future__ import annotations

from typing import Any, Mapping

from .selectors import card_selector


class AscendingAuction:
    """``ascending``: an open ascending auction; the last player left takes the card.

    Clockwise from the start player, skipping players who passed, each player
    either bids (adds one or more money cards from hand to their bid on the
    table, so that their table total beats the highest total strictly; cards are
    never taken back and no change is made) or passes (takes their bid back
    into hand and is out of this auction). When all but one have passed, that
    player takes the card and discards the money they bid. If nobody bid at
    all, the last player left takes the card for free.

    Parameters: ``id``; ``when`` (optional selector ``{tag: T}`` or
    ``{card: ID}``: the first auction in the list whose ``when`` matches the
    revealed card is held).
    """

    category = "auction"
    kind = "ascending"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.id = spec.get("id", self.kind)
        self.matches = card_selector(spec.get("when"))

    def on_pass(self, state: Any, player: int) -> int | None:
        """Apply ``player``'s pass; return the taker when the auction is over."""
        state.return_bid(player)
        state.mark_passed(player)
        if state.active_count > 1:
            return None
        taker = state.next_active_player(player)
        state.discard_bid(taker)
        return taker
