"""Score step ``add-per-card``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.exact import exact
from engine.base.formatting import card_name, format_score, format_signed
from engine.base.i18n import _, ngettext
from engine.core.selectors import RememberingSelector, matching_cards, selector_of
from engine.language.params import NUMBER, SELECTOR_PARAMETERS, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class AddPerCard:
    """``add-per-card``: add ``amount`` (may be negative) once per held matching card.

    Parameters: ``id``, ``tag`` or ``card`` (which cards), ``amount``.
    """

    category = "score-step"
    kind = "add-per-card"
    parameters = {
        "amount": param("Amount", "Added per held matching card (negative to subtract).", NUMBER),
        **SELECTOR_PARAMETERS,
    }
    required = ("amount",)

    @classmethod
    def explain(
        cls, ruleset: Ruleset, spec: Mapping[str, Any], before: Fraction, after: Fraction, held: Sequence[str]
    ) -> list[str] | None:
        """One line per matching card: ``Penalty -5 = 7``."""

        running = before
        lines = []
        amount = Fraction(spec.get("amount", 0))
        for card in matching_cards(ruleset, spec, held):
            running += amount
            # TRANSLATORS: a card that adds to or subtracts from the score, e.g. "Penalty -5 = 7".
            lines.append(
                _(
                    "{card} {amount} = {score}",
                    card=card_name(ruleset, card),
                    amount=format_signed(amount),
                    score=format_score(running),
                )
            )
        return lines if running == after else None

    @classmethod
    def card_phrases(cls, ruleset: Ruleset, spec: Mapping[str, Any], card: Any) -> list[str]:
        """What holding ``card`` adds or takes: "-5 points"."""

        amount = Fraction(spec.get("amount", 0))
        sign = "+" if amount >= 0 else ""
        count = abs(int(amount)) if amount.denominator == 1 else 2
        # TRANSLATORS: what a card adds to (or, negative, takes from) its holder's score, e.g. "-5 points".
        return [
            ngettext(
                "{signed_points} point", "{signed_points} points", count, signed_points=sign + format_score(amount)
            )
        ]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        self.amount = exact(spec["amount"])
        self._amount_exact = Fraction(self.amount)  # for the record, built once
        self.matches = RememberingSelector(selector_of(spec))

    def value(
        self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        count = self.matches.count(cards)
        return score + self.amount * count if count else score

    def apply(
        self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> tuple[Fraction, dict[str, Any]]:
        """The new score and which cards counted."""
        counted = tuple(card.id for card in cards if self.matches(card))
        return score + self.amount * len(counted), {"cards": counted, "amount": self._amount_exact}
