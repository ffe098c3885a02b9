"""Score step ``add-per-card``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import exact
from .selectors import card_selector, selector_of


class AddPerCard:
    """``add-per-card``: add ``amount`` (may be negative) once per held matching card.

    Parameters: ``id``, ``tag`` or ``card`` (which cards), ``amount``.
    """

    category = "score-step"
    kind = "add-per-card"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        self.amount = exact(spec["amount"])
        self.matches = card_selector(selector_of(spec))

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards counted."""
        counted = tuple(card.id for card in cards if self.matches(card))
        return score + self.amount * len(counted), {"cards": counted, "amount": Fraction(self.amount)}
