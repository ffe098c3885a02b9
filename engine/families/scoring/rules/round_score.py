"""Score step ``round``."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.formatting import format_score
from engine.base.i18n import _
from engine.language.params import one_of, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

ROUNDING_MODES = ("exact", "floor", "ceil", "half-up")


class RoundScore:
    """``round``: round the score so far.

    ``mode``: ``exact`` (leave it as an exact fraction), ``floor`` (down,
    towards minus infinity: -3.5 becomes -4), ``ceil`` (up: -3.5 becomes -3)
    or ``half-up`` (to the nearest whole number; a half goes up, towards plus
    infinity: 3.5 becomes 4 and -3.5 becomes -3). The ``rounding`` option
    offers the same modes.

    Parameters: ``id``, ``mode``.
    """

    category = "score-step"
    kind = "round"
    parameters = {"mode": param("Mode", "exact (no rounding), floor, ceil or half-up.", one_of(*ROUNDING_MODES))}
    required = ()

    @classmethod
    def explain(
        cls, ruleset: Ruleset, spec: Mapping[str, Any], before: Fraction, after: Fraction, held: Sequence[str]
    ) -> list[str] | None:
        """``rounded down = 3`` (nothing when the score was whole)."""

        if before == after:
            return []
        mode = spec.get("mode")
        if mode == "floor":
            # TRANSLATORS: a scoring step: the score after rounding down, e.g. "rounded down = 3".
            return [_("rounded down = {score}", score=format_score(after))]
        if mode == "ceil":
            # TRANSLATORS: a scoring step: the score after rounding up.
            return [_("rounded up = {score}", score=format_score(after))]
        # TRANSLATORS: a scoring step: the score after rounding.
        return [_("rounded = {score}", score=format_score(after))]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        self.mode = spec.get("mode", "exact")
        if self.mode not in ROUNDING_MODES:
            raise ValueError(f"unknown rounding mode {self.mode!r}")

    def value(
        self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> int | Fraction:
        """The rounded score only (the fast path)."""
        if self.mode == "exact" or type(score) is int:
            return score
        if self.mode == "floor":
            return math.floor(score)
        if self.mode == "ceil":
            return math.ceil(score)
        return math.floor(score + Fraction(1, 2))

    def apply(
        self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> tuple[Fraction, dict[str, Any]]:
        """The rounded score."""
        return self.value(score, cards), {"mode": self.mode}
