"""Score step ``multiply-per-card``."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.exact import exact
from engine.base.formatting import card_name, format_factor, format_score
from engine.base.i18n import _
from engine.core.limits import MAX_SCORE_FACTOR_DIGITS
from engine.core.selectors import RememberingSelector, matching_cards, selector_of
from engine.language.params import NUMBER, SELECTOR_PARAMETERS, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class MultiplyPerCard:
    """``multiply-per-card``: multiply the score by ``factor`` once per held matching card.

    Exact: a factor of ``1/2`` halves 7 to 7/2.

    Parameters: ``id``, ``tag`` or ``card``, ``factor`` (a number or a fraction ``p/q``).
    """

    category = "score-step"
    kind = "multiply-per-card"
    parameters = {
        "factor": param("Factor", "Multiplies the score once per held matching card (1/2 halves).", NUMBER),
        **SELECTOR_PARAMETERS,
    }
    required = ("factor",)

    @classmethod
    def explain(
        cls, ruleset: Ruleset, spec: Mapping[str, Any], before: Fraction, after: Fraction, held: Sequence[str]
    ) -> list[str] | None:
        """One line per matching card: ``Bonus x2 = 14``, ``Curse x1/2 = 14``."""

        running = before
        lines = []
        factor = Fraction(spec.get("factor", 1))
        for card in matching_cards(ruleset, spec, held):
            running *= factor
            # TRANSLATORS: a card that multiplies the score, e.g. "Bonus x2 = 14", "Curse x1/2 = 14".
            lines.append(
                _(
                    "{card} x{factor} = {score}",
                    card=card_name(ruleset, card),
                    factor=format_factor(factor),
                    score=format_score(running),
                )
            )
        return lines if running == after else None

    @classmethod
    def card_phrases(cls, ruleset: Ruleset, spec: Mapping[str, Any], card: Any) -> list[str]:
        """What holding ``card`` does: "score ×2"."""

        # TRANSLATORS: a card that multiplies its holder's score, e.g. "score ×2" or "score ×0.5".
        return [_("score ×{factor}", factor=format_score(Fraction(spec.get("factor", 1))))]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Refuse factors that, multiplied once per card, could make a score too long to print or average.

        Counted over every ``multiply-per-card`` step at once, as a player may hold
        the cards of all of them: each contributes its factor's digits (of the
        larger of numerator and denominator) times the copies it matches at the
        most players.
        """

        if not context.first_time("multiply-per-card digits"):
            return
        digits = 0.0
        for players in context.player_counts():  # a count by-players may be largest between the two ends
            at_this_count = 0.0
            for step in (context.data.get("scoring") or {}).get("steps") or ():
                if not isinstance(step, dict) or step.get("kind") != cls.kind:
                    continue
                try:
                    factor = Fraction(exact(step["factor"]))
                    copies = sum(context.copies(card, players) for card in context.matching(selector_of(step)))
                except (KeyError, TypeError, ValueError, ZeroDivisionError):
                    continue  # a factor or count from an option: judged with the option's value
                largest = max(abs(factor.numerator), factor.denominator)
                at_this_count += copies * math.log10(largest) if largest > 1 else 0
            digits = max(digits, at_this_count)
        if digits > MAX_SCORE_FACTOR_DIGITS:
            # TRANSLATORS: a ruleset error: scoring steps multiply a score too much; {digits} and {limit} are numbers
            # of decimal digits, e.g. "about 75 digits long; at most 60".
            context.add(
                "$.scoring.steps",
                _(
                    "the factors that multiply a score could make it about {digits} digits "
                    "long; at most {limit} are allowed",
                    digits=int(digits) + 1,
                    limit=MAX_SCORE_FACTOR_DIGITS,
                ),
            )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        self.factor = exact(spec["factor"])
        self._factor_exact = Fraction(self.factor)  # for the record, built once
        self.matches = RememberingSelector(selector_of(spec))

    def value(
        self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        count = self.matches.count(cards)
        return score * self.factor**count if count else score

    def apply(
        self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards multiplied it."""
        counted = tuple(card.id for card in cards if self.matches(card))
        if counted:
            score = score * self.factor ** len(counted)
        return score, {"cards": counted, "factor": self._factor_exact}
