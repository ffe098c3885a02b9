"""Score step ``multiply-per-card``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..numbers import exact
from ..selectors import RememberingSelector, selector_of
from ..params import NUMBER, TEXT, name, one_of, param
from ..registry import register
from ..selectors import SELECTOR_PARAMETERS


@register
class MultiplyPerCard:
    """``multiply-per-card``: multiply the score by ``factor`` once per held matching card.

    Exact: a factor of ``1/2`` halves 7 to 7/2.

    Parameters: ``id``, ``tag`` or ``card``, ``factor`` (a number or a fraction ``p/q``).
    """

    category = "score-step"
    kind = "multiply-per-card"
    parameters = {"factor": param("Factor", "Multiplies the score once per held matching card (1/2 halves).", NUMBER), **SELECTOR_PARAMETERS}
    required = ("factor",)

    @classmethod
    def explain(cls, ruleset: Any, spec: Mapping[str, Any], before: Fraction, after: Fraction,
                held: Sequence[str]) -> list[str] | None:
        """One line per matching card: ``Bonus x2 = 14``, ``Curse x1/2 = 14``."""
        from ...text.explain import format_factor, matching_cards
        from ...text.formatting import card_name, format_score
        from ...text.i18n import _

        running = before
        lines = []
        factor = Fraction(spec.get("factor", 1))
        for card in matching_cards(ruleset, spec, held):
            running *= factor
            # TRANSLATORS: a card that multiplies the score, e.g. "Bonus x2 = 14", "Curse x1/2 = 14".
            lines.append(_("{card} x{factor} = {score}", card=card_name(ruleset, card), factor=format_factor(factor),
                           score=format_score(running)))
        return lines if running == after else None

    @classmethod
    def card_phrases(cls, ruleset: Any, spec: Mapping[str, Any], card: Any) -> list[str]:
        """What holding ``card`` does: "score ×2"."""
        from ...text.formatting import format_score
        from ...text.i18n import _

        # TRANSLATORS: a card that multiplies its holder's score, e.g. "score ×2" or "score ×0.5".
        return [_("score ×{factor}", factor=format_score(Fraction(spec.get("factor", 1))))]

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        self.factor = exact(spec["factor"])
        self._factor_exact = Fraction(self.factor)  # for the record, built once
        self.matches = RememberingSelector(selector_of(spec))

    def value(self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        count = self.matches.count(cards)
        return score * self.factor ** count if count else score

    def apply(self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards multiplied it."""
        counted = tuple(card.id for card in cards if self.matches(card))
        if counted:
            score = score * self.factor ** len(counted)
        return score, {"cards": counted, "factor": self._factor_exact}
