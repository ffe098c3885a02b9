"""Auction step ``ascending``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DECIDE
from engine.families.auction.rules.base import AUCTION_PARAMETERS, LEFT, PASSED, AuctionStep
from engine.language.params import one_of, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class AscendingAuction(AuctionStep):
    """``ascending``: an open ascending auction; the last player left takes the lot.

    Clockwise from the start player, skipping players who passed, each player
    either bids (adds one or more money cards from hand to their bid on the
    table, so that their table total beats the highest total strictly; cards
    are never taken back and no change is made) or passes (takes their bid
    back into hand and is out of this auction; with ``on-pass: forfeit`` the
    bid is lost instead). When all but one have passed, that player takes the
    lot and pays the money they bid. If nobody bid at all, the last player
    left takes it for free.

    Parameters: the auction parameters (``lot``, ``money``, ``value``,
    ``hand``, ``bid``, ``spent``, ``won``, ``taker``, ``start``, ``when``)
    and ``on-pass`` (``take-back`` or ``forfeit``).

    ```yaml
    - {kind: ascending}
    - {kind: ascending, on-pass: forfeit}   # a pass loses the money already bid
    ```
    """

    kind = "ascending"
    parameters = {
        **AUCTION_PARAMETERS,
        "on-pass": param(
            "On pass", "take-back (the bid returns to hand) or forfeit (it is lost).", one_of("take-back", "forfeit")
        ),
    }

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> str:
        """How the lot is sold, in one sentence."""

        if spec.get("on-pass") == "forfeit":
            # TRANSLATORS: how the card up for auction ("it") is sold, in one sentence of the rules a player is shown:
            # an auction where passing loses the money already bid.
            return _(
                "Bid higher than everyone else; whoever passes loses what they bid; the last player left takes it and pays their bid."
            )
        # TRANSLATORS: how the card up for auction ("it") is sold, in one sentence of the rules a player is shown.
        return _("Bid higher than everyone else; the last player left takes it and pays their bid.")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.forfeit = spec.get("on-pass", "take-back") == "forfeit"

    def on_pass(self, state: State, frame: list, player: int) -> int:
        if self.forfeit:
            self.pay(state, frame, player)
        else:
            self.take_back(state, frame, player)
        passed = frame[PASSED]
        passed[player] = True
        left = frame[LEFT] = frame[LEFT] - 1
        # The next seat clockwise still in (inlined: a pass is half of a simulation's actions).
        players = self.players
        taker = (player + 1) % players
        while passed[taker]:
            taker = (taker + 1) % players
        if left > 1:
            state.current = taker
            return DECIDE
        self.pay(state, frame, taker)
        return self.give_lot(state, frame, taker)
