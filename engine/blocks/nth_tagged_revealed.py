"""End condition ``nth-tagged-revealed``."""
from __future__ import annotations

from typing import Any, Mapping

from .selectors import card_mask


class NthTaggedRevealed:
    """``nth-tagged-revealed``: the game ends when the ``count``-th card with ``tag`` is revealed.

    With ``discard-revealed: true`` (the default) the game ends at once: that
    card is not auctioned and the rest of the deck is not scored. With
    ``false`` the card is still auctioned and the game ends after that round.

    Parameters: ``id``, ``tag``, ``count``, ``discard-revealed``.
    """

    category = "end"
    kind = "nth-tagged-revealed"
    checked_at_round_start = False
    checked_at_reveal = True

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.id = spec.get("id", self.kind)
        self.tag = spec["tag"]
        self.count = int(spec["count"])
        self.discard_revealed = bool(spec.get("discard-revealed", True))
        self.tag_mask = card_mask(ruleset, {"tag": self.tag})

    def ends_at_reveal(self, state: Any, card: int) -> bool:
        """Whether revealing ``card`` (already counted as revealed) reaches the count."""
        return bool(self.tag_mask >> card & 1) and (state.revealed_mask & self.tag_mask).bit_count() >= self.count

    def ends_at_round_start(self, state: Any) -> bool:
        """This condition is checked at reveal only."""
        return False
