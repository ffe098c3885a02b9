"""Score step ``sum-attribute``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import as_fraction, exact
from .selectors import card_selector, selector_of


class SumAttribute:
    """``sum-attribute``: add the sum of an attribute over the held cards that match.

    Parameters: ``id``, ``attribute`` (e.g. ``value``), and ``tag`` or ``card``
    (optional: which held cards count; without, every card with the attribute).
    """

    category = "score-step"
    kind = "sum-attribute"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        self.attribute = spec["attribute"]
        self.matches = card_selector(selector_of(spec))
        # Per card id, what the card adds (0 when it does not count): worked out once.
        self._worth: dict[str, int | Fraction] = {}

    def _worth_of(self, card: Any) -> int | Fraction:
        worth = self._worth.get(card.id)
        if worth is None:
            worth = self._worth[card.id] = exact(card.attributes[self.attribute]) if self._counts(card) else 0
        return worth

    def _counts(self, card: Any) -> bool:
        """Whether ``card`` matches the selector and has the attribute (an attribute of 0 counts too)."""
        return self.matches(card) and self.attribute in card.attributes

    def value(self, score: int | Fraction, cards: Sequence[Any]) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        worth = self._worth
        total = 0
        for card in cards:
            known = worth.get(card.id)
            total += known if known is not None else self._worth_of(card)
        return score + total

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The new score and what it counted."""
        counted = [card for card in cards if self._counts(card)]
        total = sum(self._worth_of(card) for card in counted)
        return score + total, {"cards": tuple(card.id for card in counted), "amount": as_fraction(total)}
