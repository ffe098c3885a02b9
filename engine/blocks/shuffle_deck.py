"""Setup block ``shuffle-deck``."""
from __future__ import annotations

import random
from typing import Any, Mapping

from ..errors import LogError
from ..text.i18n import _


class ShuffleDeck:
    """``shuffle-deck``: all the ruleset's cards are shuffled into one face-down deck.

    The shuffle comes from the game's seeded random generator, so the same seed
    gives the same deck. A replay passes the deck in reveal order instead,
    which must hold every card exactly once. No parameters.
    """

    category = "setup"
    kind = "shuffle-deck"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.card_ids = [card.id for card in ruleset.cards]
        self.index_of = {card.id: card.index for card in ruleset.cards}

    def apply(self, state: Any, rng: random.Random, deck: list[str] | None) -> None:
        """Set ``state.deck`` (card indices, top first)."""
        if deck is None:
            order = list(range(len(self.card_ids)))
            rng.shuffle(order)
            state.deck = order
            return
        unknown = [card for card in deck if card not in self.index_of]
        if unknown:
            raise LogError.at(_("the deck names a card this ruleset does not have: {card}", card=unknown[0]),
                              json_path="$.deck")
        if sorted(deck) != sorted(self.card_ids):
            raise LogError.at(_("the deck must hold every card of the ruleset exactly once"), json_path="$.deck")
        state.deck = [self.index_of[card] for card in deck]
