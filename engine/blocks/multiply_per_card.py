"""Score step ``multiply-per-card``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import exact
from .selectors import card_selector, selector_of


class MultiplyPerCard:
    """``multiply-per-card``: multiply the score by ``factor`` once per held matching card.

    Exact: a factor of ``1/2`` halves 7 to 7/2.

    Parameters: ``id``, ``tag`` or ``card``, ``factor`` (a number or a fraction ``p/q``).
    """

    category = "score-step"
    kind = "multiply-per-card"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        self.factor = exact(spec["factor"])
        self.matches = card_selector(selector_of(spec))

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards multiplied it."""
        counted = tuple(card.id for card in cards if self.matches(card))
        if counted:
            score = score * self.factor ** len(counted)
        return score, {"cards": counted, "factor": Fraction(self.factor)}
