"""Score step ``multiply-per-card``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import exact
from .selectors import RememberingSelector, selector_of


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
        self._factor_exact = Fraction(self.factor)  # for the record, built once
        self.matches = RememberingSelector(selector_of(spec))

    def value(self, score: int | Fraction, cards: Sequence[Any]) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        count = self.matches.count(cards)
        return score * self.factor ** count if count else score

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards multiplied it."""
        counted = tuple(card.id for card in cards if self.matches(card))
        if counted:
            score = score * self.factor ** len(counted)
        return score, {"cards": counted, "factor": self._factor_exact}
