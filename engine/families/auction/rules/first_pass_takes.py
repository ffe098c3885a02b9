"""Auction step ``first-pass-takes``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.families.auction.rules.base import LEFT, PASSED, AuctionStep

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class FirstPassTakesAuction(AuctionStep):
    """``first-pass-takes``: bidding to avoid a card; the first player to pass takes it.

    Bidding works as in ``ascending`` (add money cards, beat the highest
    total strictly). The auction ends at the first pass: the player who
    passed takes the lot and takes their own bid back into hand; every other
    player pays what they bid.

    Parameters: the auction parameters, as for ``ascending``.

    ```yaml
    - {id: misfortune, when: {tag: misfortune}, kind: first-pass-takes}
    ```
    """

    kind = "first-pass-takes"

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Any) -> str:
        """How the lot is sold, in one sentence."""

        # TRANSLATORS: how the card up for auction ("it", e.g. a misfortune) is sold, in one sentence of the rules a
        # player is shown: the first player to pass takes it and gets their bid back.
        return _("The first player to pass takes it and keeps their money; everyone else loses what they bid.")

    def on_pass(self, state: State, frame: list, player: int) -> int:
        self.take_back(state, frame, player)
        frame[PASSED][player] = True
        frame[LEFT] -= 1
        for other in range(self.players):
            if other != player:
                self.pay(state, frame, other)
        # Passing is how one takes this lot: a penalty taken, not a card won for nothing.
        return self.give_lot(state, frame, player, bought=False)
