"""Score step ``round``."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

ROUNDING_MODES = ("exact", "floor", "ceil", "half-up")


class RoundScore:
    """``round``: round the score so far.

    ``mode``: ``exact`` (leave it as an exact fraction), ``floor`` (down),
    ``ceil`` (up) or ``half-up`` (to the nearest whole number, halves up).

    Parameters: ``id``, ``mode``.
    """

    category = "score-step"
    kind = "round"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        self.mode = spec.get("mode", "exact")
        if self.mode not in ROUNDING_MODES:
            raise ValueError(f"unknown rounding mode {self.mode!r}")

    def value(self, score: int | Fraction, cards: Sequence[Any]) -> int | Fraction:
        """The rounded score only (the fast path)."""
        if self.mode == "exact" or type(score) is int:
            return score
        if self.mode == "floor":
            return math.floor(score)
        if self.mode == "ceil":
            return math.ceil(score)
        return math.floor(score + Fraction(1, 2))

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """The rounded score."""
        return self.value(score, cards), {"mode": self.mode}
