"""Score step ``add-per-card``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import exact
from .selectors import RememberingSelector, selector_of


class AddPerCard:
    """``add-per-card``: add ``amount`` (may be negative) once per held matching card.

    Parameters: ``id``, ``tag`` or ``card`` (which cards), ``amount``.
    """

    category = "score-step"
    kind = "add-per-card"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        self.amount = exact(spec["amount"])
        self._amount_exact = Fraction(self.amount)  # for the record, built once
        self.matches = RememberingSelector(selector_of(spec))

    def value(self, score: int | Fraction, cards: Sequence[Any]) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        count = self.matches.count(cards)
        return score + self.amount * count if count else score

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards counted."""
        counted = tuple(card.id for card in cards if self.matches(card))
        return score + self.amount * len(counted), {"cards": counted, "amount": self._amount_exact}
