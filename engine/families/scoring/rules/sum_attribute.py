"""Score step ``sum-attribute``."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.exact import as_fraction, exact
from engine.base.formatting import card_name, format_score, tag_name
from engine.base.i18n import _, ngettext
from engine.core.limits import MAX_SCORE_FACTOR_DIGITS
from engine.core.selectors import card_selector, matching_cards, selector_of
from engine.language.params import SELECTOR_PARAMETERS, name, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def _written_value(card: Mapping[str, Any], attribute: str) -> Any:
    """A card type's ``attribute`` as the ruleset writes it (a series' value, ``value``, or ``attributes``)."""
    spec = card["spec"]
    if "series_value" in card and spec.get("attribute", "value") == attribute:
        return card["series_value"]
    if attribute == "value" and "value" in spec:
        return spec["value"]
    return (spec.get("attributes") or {})[attribute]


class SumAttribute:
    """``sum-attribute``: add the sum of an attribute over the held cards that match.

    Parameters: ``id``, ``attribute`` (e.g. ``value``), and ``tag`` or ``card``
    (optional: which held cards count; without, every card with the attribute).
    """

    category = "score-step"
    kind = "sum-attribute"
    parameters = {
        "attribute": param("Attribute", "The card attribute summed.", name("attribute")),
        **SELECTOR_PARAMETERS,
    }
    required = ("attribute",)

    @classmethod
    def explain(
        cls, ruleset: Ruleset, spec: Mapping[str, Any], before: Fraction, after: Fraction, held: Sequence[str]
    ) -> list[str] | None:
        """``Treasure 3 + Treasure 9 = 12`` (None when re-adding does not give the recorded score)."""

        attribute = spec.get("attribute", "value")
        cards = [
            c for c in matching_cards(ruleset, spec, held) if ruleset.card(c).attributes.get(attribute) is not None
        ]
        total = before + sum((Fraction(ruleset.card(c).attributes[attribute]) for c in cards), Fraction(0))
        if total != after:
            return None
        if not cards:
            if before == after == 0:
                # TRANSLATORS: the player holds no card of this kind, e.g. "Treasure: none = 0".
                return [
                    _(
                        "{tag}: none = {score}",
                        tag=tag_name(ruleset, spec["tag"]) if spec.get("tag") else "-",
                        score=format_score(after),
                    )
                ]
            return []
        terms = " + ".join(card_name(ruleset, c) for c in cards)
        if before != 0:
            terms = format_score(before) + " + " + terms
        # TRANSLATORS: a sum of card values and its result, e.g. "Treasure 3 + Treasure 9 = 12".
        return [_("{terms} = {score}", terms=terms, score=format_score(after))]

    @classmethod
    def card_phrases(cls, ruleset: Ruleset, spec: Mapping[str, Any], card: Any) -> list[str]:
        """What holding ``card`` adds: "+7 points"."""

        value = (card.attributes or {}).get(spec.get("attribute"))
        if value is None:
            return []
        value = Fraction(value)
        count = int(value) if value.denominator == 1 else 2
        # TRANSLATORS: what a card adds to its holder's score, e.g. "+7 points".
        return [ngettext("+{points} point", "+{points} points", count, points=format_score(value))]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Refuse values whose sum could make a score too long to print or average.

        Fractions with unlike denominators add up to a fraction whose
        denominator is their least common multiple: ten values of 1/p with
        30-digit primes p give a score of about 600 digits. Bounded as a whole:
        the digits of the largest sum the cards can give at any number of
        players, over that common denominator, and of the denominator.
        """

        attribute = spec.get("attribute")
        if not isinstance(attribute, str):
            return
        values = []
        for card in context.matching(selector_of(spec)):
            try:
                value = Fraction(exact(_written_value(card, attribute)))
            except (KeyError, TypeError, ValueError, ZeroDivisionError):
                continue  # no such attribute, or a value from an option: judged elsewhere
            if value:
                values.append((card, abs(value)))
        if not values:
            return
        common = math.lcm(*(value.denominator for _card, value in values))
        largest = max(
            sum(value * context.copies(card, players) for card, value in values) for players in context.player_counts()
        )
        digits = len(str(math.ceil(largest * common))) + (len(str(common)) if common > 1 else 0)
        if digits > MAX_SCORE_FACTOR_DIGITS:
            # TRANSLATORS: a ruleset error: a scoring step adds up card values that could be too large; {digits} and
            # {limit} are numbers of decimal digits, e.g. "about 75 digits long; at most 60".
            context.add(
                path,
                _(
                    "the values this step adds could make a score about {digits} digits long; at most "
                    "{limit} are allowed",
                    digits=digits,
                    limit=MAX_SCORE_FACTOR_DIGITS,
                ),
            )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        self.attribute = spec["attribute"]
        self.matches = card_selector(selector_of(spec))
        # Per card id, what the card adds (0 when it does not count): worked out once.
        self._worth: dict[str, int | Fraction] = {}

    def _worth_of(self, card: Any) -> int | Fraction:
        worth = self._worth.get(card.id)
        if worth is None:
            worth = self._worth[card.id] = exact(card.attributes[self.attribute]) if self._counts(card) else 0
        return worth

    def _counts(self, card: Any) -> bool:
        """Whether ``card`` matches the selector and has the attribute (an attribute of 0 counts too)."""
        return self.matches(card) and self.attribute in card.attributes

    def value(
        self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> int | Fraction:
        """The new score only (the fast path: no record of what counted)."""
        worth = self._worth
        total = 0
        for card in cards:
            known = worth.get(card.id)
            total += known if known is not None else self._worth_of(card)
        return score + total

    def apply(
        self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> tuple[Fraction, dict[str, Any]]:
        """The new score and what it counted."""
        counted = [card for card in cards if self._counts(card)]
        total = sum(self._worth_of(card) for card in counted)
        return score + total, {"cards": tuple(card.id for card in counted), "amount": as_fraction(total)}
