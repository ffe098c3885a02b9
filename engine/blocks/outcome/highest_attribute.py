"""Tiebreak criterion ``highest-attribute``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..selectors import card_selector, selector_of
from ..params import TEXT, name, param
from ..registry import register
from ..selectors import SELECTOR_PARAMETERS


@register
class HighestAttribute:
    """``highest-attribute``: the tied player holding the single highest card wins.

    Compares the highest value of ``attribute`` among each player's held cards
    with ``tag`` (or ``card``); a player holding none ranks lowest.

    Parameters: ``attribute``, ``tag`` or ``card``.
    """

    category = "tiebreak"
    kind = "highest-attribute"
    parameters = {"attribute": param("Attribute", "The attribute compared.", name("attribute")), **SELECTOR_PARAMETERS, "description": param("Description", "The criterion in words (translated), e.g. highest treasure held.", TEXT, option=False)}
    required = ("attribute",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.attribute = spec["attribute"]
        self.matches = card_selector(selector_of(spec))

    def rank(self, cards: Sequence[Any], measures: Mapping[str, Any]) -> tuple:
        """A sort key: higher wins; holding no such card sorts below any value."""
        values = [Fraction(card.attributes[self.attribute]) for card in cards
                  if self.matches(card) and self.attribute in card.attributes]
        return (1, max(values)) if values else (0, Fraction(0))
