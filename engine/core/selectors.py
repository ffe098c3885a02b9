"""Card selectors: ``{tag: T}``, ``{card: ID}``, ``{not-tag: T}`` pick card types (their schema: ``engine.language.params``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Set
from typing import TYPE_CHECKING, Protocol

from engine.base.jsontypes import Spec

if TYPE_CHECKING:
    from engine.core.rules import RulesetLike


class Selectable(Protocol):
    """A card as selectors read it (a :class:`~engine.core.cards.CardType`, or a declaration being checked)."""

    @property
    def id(self) -> str: ...

    @property
    def tags(self) -> Set[str]: ...


def card_selector(spec: Spec | None) -> Callable[[Selectable], bool]:
    """A predicate over cards for a selector mapping.

    ``{tag: T}`` matches cards carrying tag ``T``; ``{card: ID}`` matches the
    card with that id; both together must both hold; ``None`` (no selector)
    matches every card.
    """
    if not spec:
        return lambda card: True
    tag = spec.get("tag")
    card_id = spec.get("card")
    not_tag = spec.get("not-tag")

    def matches(card: Selectable) -> bool:
        if tag is not None and tag not in card.tags:
            return False
        if card_id is not None and card.id != card_id:
            return False
        if not_tag is not None and not_tag in card.tags:
            return False
        return True

    return matches


def card_mask(ruleset: RulesetLike, spec: Spec | None) -> int:
    """Bit ``card.index`` set for every card of ``ruleset`` the selector matches."""
    matches = card_selector(spec)
    mask = 0
    for card in ruleset.cards:
        if matches(card):
            mask |= 1 << card.index
    return mask


def selector_of(spec: Spec) -> dict[str, str]:
    """The ``tag``/``card`` keys of a block spec, as a selector mapping."""
    return {key: spec[key] for key in ("tag", "card") if spec.get(key) is not None}


class RememberingSelector:
    """A card selector that remembers its answer per card id.

    Score steps ask about the same few cards for every player of every game;
    a dictionary look-up is cheaper than testing the tags again.
    """

    __slots__ = ("matches", "_known")

    def __init__(self, spec: Spec | None) -> None:
        self.matches = card_selector(spec)
        self._known: dict[str, bool] = {}

    def __call__(self, card: Selectable) -> bool:
        known = self._known.get(card.id)
        if known is None:
            known = self._known[card.id] = self.matches(card)
        return known

    def count(self, cards: Iterable[Selectable]) -> int:
        """How many of ``cards`` match."""
        known = self._known
        count = 0
        for card in cards:
            matched = known.get(card.id)
            if matched is None:
                matched = known[card.id] = self.matches(card)
            if matched:
                count += 1
        return count


def matching_cards(ruleset: RulesetLike, spec: Spec, held: Sequence[str]) -> list[str]:
    """The held cards a step applies to (by ``tag`` or ``card``), in the ruleset's card order."""
    # The same selector the score step itself uses, so the explanation counts the same cards.
    matches = card_selector(selector_of(spec))
    matching = sorted((card for card in map(ruleset.card, held) if matches(card)), key=lambda card: card.index)
    return [card.id for card in matching]
