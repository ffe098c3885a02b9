"""End condition ``deck-empty``."""
from __future__ import annotations

from typing import Any, Mapping


class DeckEmpty:
    """``deck-empty``: the game ends when a round should start and the deck is empty.

    Parameters: ``id``.
    """

    category = "end"
    kind = "deck-empty"
    discard_revealed = True
    checked_at_round_start = True
    checked_at_reveal = False

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.id = spec.get("id", self.kind)

    def ends_at_reveal(self, state: Any, card: int) -> bool:
        """This condition is checked at the start of a round only."""
        return False

    def ends_at_round_start(self, state: Any) -> bool:
        """Whether no card is left to reveal."""
        return state.deck_position >= len(state.deck)
