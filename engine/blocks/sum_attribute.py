"""Score step ``sum-attribute``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import exact
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
        self._values: dict[str, int | Fraction] = {}

    def _value(self, card: Any) -> int | Fraction:
        value = self._values.get(card.id)
        if value is None:
            value = self._values[card.id] = exact(card.attributes[self.attribute])
        return value

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The new score and what it counted."""
        counted = [card for card in cards if self.matches(card) and self.attribute in card.attributes]
        total = sum(self._value(card) for card in counted)
        return score + total, {"cards": tuple(card.id for card in counted), "amount": Fraction(total)}
