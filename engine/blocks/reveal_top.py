"""Reveal block ``reveal-top``."""
from __future__ import annotations

from typing import Any, Mapping


class RevealTop:
    """``reveal-top``: the round's start player turns over the top card of the deck.

    Revealing is automatic (not a decision). No parameters.
    """

    category = "reveal"
    kind = "reveal-top"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        pass

    def reveal(self, state: Any) -> int:
        """Take the top card off the deck and return its index."""
        card = state.deck[state.deck_position]
        state.deck_position += 1
        return card
