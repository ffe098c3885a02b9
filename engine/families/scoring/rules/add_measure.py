"""Score step ``add-measure``."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.exact import exact
from engine.base.formatting import format_score, format_signed, ruleset_text
from engine.base.i18n import _
from engine.language.params import NUMBER, name, one_of, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class AddMeasure:
    """``add-measure``: add a measure of the player (money left, coins) times ``factor``.

    ``rounding`` rounds the amount added (``floor``: 1 point per full
    10,000 with ``factor: 1/10000``), ``exact`` keeps the fraction.

    Parameters: ``measure``, ``factor`` (default 1), ``rounding`` (``exact``
    or ``floor``, default ``exact``).

    ```yaml
    - {id: money-points, kind: add-measure, measure: money, factor: 1/10000, rounding: floor}
    ```
    """

    category = "score-step"
    kind = "add-measure"
    parameters = {
        "measure": param("Measure", "The measure added.", name("measure")),
        "factor": param("Factor", "Multiplies the measure before it is added (default 1).", NUMBER),
        "rounding": param("Rounding", "exact or floor: how the amount added is rounded.", one_of("exact", "floor")),
    }
    required = ("measure",)

    @classmethod
    def explain(
        cls, ruleset: Ruleset, spec: Mapping[str, Any], before: Fraction, after: Fraction, held: Sequence[str]
    ) -> list[str] | None:
        """``26,000 in hand: +2 = 16``."""

        if before == after:
            return []
        try:
            name = ruleset_text(ruleset, ruleset.measure(spec["measure"]).name)
        except KeyError:
            name = spec["measure"]
        # TRANSLATORS: points from a measure, e.g. "money in hand +2 = 16".
        return [
            _(
                "{measure} {amount} = {score}",
                measure=name,
                amount=format_signed(after - before),
                score=format_score(after),
            )
        ]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        self.measure = spec["measure"]
        self.factor = exact(spec.get("factor", 1))
        self.floor = spec.get("rounding", "exact") == "floor"

    def _amount(self, measures: Mapping[str, Any] | None) -> int | Fraction:
        amount = (measures or {}).get(self.measure, 0) * self.factor
        if self.floor:
            return math.floor(amount)
        return amount.numerator if isinstance(amount, Fraction) and amount.denominator == 1 else amount

    def value(
        self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> int | Fraction:
        """The new score only."""
        return score + self._amount(measures)

    def apply(
        self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> tuple[Fraction, dict[str, Any]]:
        """The new score and what was added."""
        amount = self._amount(measures)
        return score + amount, {
            "measure": self.measure,
            "of": (measures or {}).get(self.measure, 0),
            "amount": Fraction(amount),
        }
