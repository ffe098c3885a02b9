"""Card effect ``discard-tagged``."""
from __future__ import annotations

from typing import Any, Mapping

from ..actions import choice_action
from .selectors import card_mask


class DiscardTagged:
    """``discard-tagged``: the taker must discard one of their cards with a tag.

    When a card with this ``on-take`` effect is taken, its taker chooses one of
    the cards they hold with ``tag`` and discards it; this is a decision (a
    ``discard`` action in the log) even when only one card qualifies. With
    ``discard-self: true`` the effect card is discarded with it.

    When the taker holds no such card, ``when-none`` decides: ``pending``
    means the next card with ``tag`` that player takes is discarded at once,
    with no choice (together with the effect card if ``discard-self``);
    ``nothing`` means the effect is lost. A pending effect still waiting at
    the end of the game does nothing.

    Parameters: ``tag``, ``discard-self`` (default false), ``when-none``
    (``pending`` or ``nothing``, default ``pending``).
    """

    category = "effect"
    kind = "discard-tagged"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any) -> None:
        self.tag = spec["tag"]
        self.discard_self = bool(spec.get("discard-self", False))
        self.when_none = spec.get("when-none", "pending")
        self.tag_mask = card_mask(ruleset, {"tag": self.tag})

    def on_take(self, state: Any, taker: int, effect_card: int) -> None:
        """Offer the taker the choice, or leave the effect pending."""
        candidates = tuple(choice_action(card) for card in state.won[taker]
                           if card != effect_card and self.tag_mask >> card & 1)
        if candidates:
            state.offer_choice(taker, candidates, self, effect_card)
        elif self.when_none == "pending":
            state.add_pending(taker, self, effect_card)

    def on_choice(self, state: Any, player: int, chosen_card: int, effect_card: int) -> None:
        """Discard the chosen card (and the effect card itself if ``discard-self``)."""
        state.discard_won(player, chosen_card)
        if self.discard_self:
            state.discard_won(player, effect_card)

    def intercepts(self, card: int) -> bool:
        """Whether a pending copy of this effect catches a newly taken ``card``."""
        return bool(self.tag_mask >> card & 1)

    def on_intercept(self, state: Any, player: int, card: int, effect_card: int) -> None:
        """A pending effect fires: the new card is discarded at once, no choice."""
        state.discard_taken(player, card)
        if self.discard_self:
            state.discard_won(player, effect_card)
