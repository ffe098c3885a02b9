"""Tiebreak criterion ``highest-attribute``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.selectors import card_selector, selector_of
from engine.language.params import SELECTOR_PARAMETERS, TEXT, name, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class HighestAttribute:
    """``highest-attribute``: the tied player holding the single highest card wins.

    Compares the highest value of ``attribute`` among each player's held cards
    with ``tag`` (or ``card``); a player holding none ranks lowest.

    Parameters: ``attribute``, ``tag`` or ``card``.
    """

    category = "tiebreak"
    kind = "highest-attribute"
    parameters = {
        "attribute": param("Attribute", "The attribute compared.", name("attribute")),
        **SELECTOR_PARAMETERS,
        "description": param(
            "Description", "The criterion in words (translated), e.g. highest treasure held.", TEXT, option=False
        ),
    }
    required = ("attribute",)

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """The cards the criterion looks at must have the attribute: otherwise it can never break a tie."""

        attribute = spec.get("attribute")
        looked_at = context.matching(selector_of(spec))
        # An attribute no card has is reported once, as an unknown name (with the names there are).
        if (
            isinstance(attribute, str)
            and attribute in context.attributes
            and looked_at
            and not any(attribute in card["attributes"] for card in looked_at)
        ):
            # TRANSLATORS: a tiebreak comparing an attribute that none of the cards it looks at has.
            context.add(
                f"{path}.attribute",
                _(
                    "none of the cards this criterion looks at has the attribute "
                    "'{attribute}': it could never break a tie",
                    attribute=attribute[:80],
                ),
            )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.attribute = spec["attribute"]
        self.matches = card_selector(selector_of(spec))

    def rank(self, cards: Sequence[Any], measures: Mapping[str, Any]) -> tuple:
        """A sort key: higher wins; holding no such card sorts below any value."""
        values = [
            Fraction(card.attributes[self.attribute])
            for card in cards
            if self.matches(card) and self.attribute in card.attributes
        ]
        return (1, max(values)) if values else (0, Fraction(0))
