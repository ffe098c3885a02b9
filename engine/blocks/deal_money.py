"""Setup block ``deal-money``."""
from __future__ import annotations

import random
from typing import Any, Mapping


class DealMoney:
    """``deal-money``: each player receives one money card of each value.

    The hand is hidden from the other players. No parameters.
    """

    category = "setup"
    kind = "deal-money"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.full_hand = (1 << len(ruleset.money_values)) - 1

    def apply(self, state: Any, rng: random.Random, deck: list[str] | None) -> None:
        """Give every seat the full set of money cards."""
        state.hands = [self.full_hand] * state.player_count
