"""Modifiers: rules that a card applies while it lies in a zone.

A card type may declare ``modifiers``, each active for the owner of the zone
the card is in (``while-in``, a player zone), from the moment the card
arrives until it leaves. Blocks ask the state, never the card:

- ``state.table_for(player, card_type, name)``: a lookup table, replaced by a
  ``replace-table`` modifier (``table``, ``cards`` selector, ``with``);
- ``state.changed_value(player, card_type, name, value)``: a value read from
  a lookup table, changed by a ``change-value`` modifier (``table``,
  ``from``, ``to``, ``cards``) when it is exactly ``from``;
- ``state.limit(player, name, base)``: a number raised by ``raise-limit``
  (``limit``, ``by``) or set by ``set-limit`` (``limit``, ``to``);
- ``state.rule_lifted(player, name, card_type=None)``: whether a
  ``lift-rule`` modifier (``rule``, optional ``cards`` selector) lifts a rule;
- ``wild`` (``cards``, ``onto``): the owner may plant a card ``cards``
  selects onto their non-empty one-type zone of a type ``onto`` selects; it
  counts as a card of that type (:func:`held_type` tells a zone's type, wild
  cards aside; planting and harvesting blocks ask);
- ``state.modifiers(kind, player)``: every active modifier of a kind, for
  block families with kinds of their own (declared beside their blocks, in
  the catalog the ruleset was read with).

Any modifier with ``enabled: false`` (usually an option) does nothing. So an
expansion card changes the game from the moment it is built, with no code
for that card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol, TypeVar, overload

from engine.base.jsontypes import JSON, Spec
from engine.core.selectors import card_selector
from engine.core.zones import ZoneContent

if TYPE_CHECKING:
    from engine.core.cards import CardType
    from engine.core.game import Game
    from engine.core.state import State

_Value = TypeVar("_Value")
_Below = TypeVar("_Below")


class ZonesInPlay(Protocol):
    """What the modifier index reads to know which modifiers are active: a game and its zone contents (a state,
    or an observation's snapshot of one)."""

    @property
    def game(self) -> Game: ...

    @property
    def zones(self) -> Sequence[ZoneContent]: ...


def _every_card(card: CardType) -> bool:
    return True


@dataclass(frozen=True)
class Modifier:
    """One modifier of one card type, compiled for a game.

    ``cards`` and ``onto`` are its selectors (``params["cards"]``,
    ``params["onto"]``) made once: blocks ask them at every payout and
    planting.
    """

    kind: str
    card_type: int
    zone_index: int
    params: Spec
    cards: Callable[[CardType], bool] = field(default=_every_card, compare=False, repr=False)
    onto: Callable[[CardType], bool] = field(default=_every_card, compare=False, repr=False)

    @classmethod
    def of(cls, spec: Spec, card_type: int, zone_index: int) -> Modifier:
        """The modifier a card type's ``spec`` declares, its selectors made."""

        return cls(
            spec["kind"],
            card_type,
            zone_index,
            spec,
            card_selector(spec["cards"]) if spec.get("cards") else _every_card,
            card_selector(spec["onto"]) if spec.get("onto") else _every_card,
        )

    def applies_to_card(self, card: CardType) -> bool:
        """Whether the modifier's ``cards`` selector (if any) picks ``card`` (a CardType)."""
        return self.cards(card)


class ModifierIndex:
    """Every modifier of a game, grouped by kind, with a fast check of which are active."""

    def __init__(self, game: Game) -> None:
        by_kind: dict[str, list[Modifier]] = {}
        for card_type in game.cards.types:
            for spec in card_type.spec.get("modifiers") or ():
                if spec.get("enabled", True) is False:
                    continue  # switched off (by an option): as if the card did not have it
                zone_index = game.zones.index_of_id[spec["while-in"]]
                modifier = Modifier.of(spec, card_type.index, zone_index)
                by_kind.setdefault(modifier.kind, []).append(modifier)
        self.by_kind = {kind: tuple(items) for kind, items in by_kind.items()}
        self.any = bool(by_kind)
        # The card types some `wild` modifier makes wild, and the bitmask of their instances: a zone's type is
        # read past them (see held_type).
        self.wild_types = frozenset(
            card_type.index
            for modifier in self.by_kind.get("wild", ())
            for card_type in game.cards.types
            if modifier.cards(card_type)
        )
        self.wild_mask = 0
        for index in self.wild_types:
            self.wild_mask |= game.cards.type_mask[index]
        # Per kind, the zones its cards work from and the instances of those cards there: asked at every
        # decision (what a player may do at any time), the answer is nearly always "none", told by one mask
        # test per zone instead of one per modifier.
        masks: dict[str, dict[int, int]] = {}
        for kind, modifiers in self.by_kind.items():
            for modifier in modifiers:
                zone_masks = masks.setdefault(kind, {})
                zone_masks[modifier.zone_index] = (
                    zone_masks.get(modifier.zone_index, 0) | game.cards.type_mask[modifier.card_type]
                )
        self._zone_masks = {kind: tuple(zone_masks.items()) for kind, zone_masks in masks.items()}

    def active(self, state: ZonesInPlay, kind: str, player: int) -> list[Modifier]:
        """The modifiers of ``kind`` that apply to ``player`` now."""
        zone_masks = self._zone_masks.get(kind)
        if zone_masks is None:
            return []
        game = state.game
        zones = state.zones
        slot = game.zones.slot
        for zone_index, mask in zone_masks:
            content = zones[slot(zone_index, player)]
            if content and (type(content) is not int or content & mask):
                break
        else:
            return []  # none of their cards lies where it works
        found = []
        for modifier in self.by_kind[kind]:
            content = state.zones[game.zones.slot(modifier.zone_index, player)]
            if type(content) is int:
                present = bool(content & game.cards.type_mask[modifier.card_type])
            else:
                type_of = game.cards.type_of
                present = any(type_of[instance] == modifier.card_type for instance in content)
            if present:
                found.append(modifier)
        return found


def held_type(game: Game, content: ZoneContent) -> int | None:
    """The card type of a one-type zone's ``content``: its cards' type, wild cards aside (None when empty).

    A wild card never starts a zone, so a zone holding any other card has
    that card's type; a zone of wild cards alone was planted with them as
    themselves.
    """
    if not content:
        return None
    wild = game.modifiers.wild_mask
    type_of = game.cards.type_of
    if type(content) is int:
        core = content & ~wild if wild else content
        pick = core or content
        return type_of[(pick & -pick).bit_length() - 1]
    instance: int  # a row's or a stack's card (the content is a tuple here)
    if wild:
        for instance in content:
            if not wild >> instance & 1:
                return type_of[instance]
    instance = content[0]
    return type_of[instance]


def joins_as_wild(state: State, player: int, card_type: CardType, zone_type: int) -> bool:
    """Whether ``player``'s ``wild`` modifiers let a card of ``card_type`` join a zone of ``zone_type``."""
    game = state.game
    if card_type.index not in game.modifiers.wild_types or zone_type in game.modifiers.wild_types:
        return False
    target = game.cards.types[zone_type]
    return any(modifier.cards(card_type) and modifier.onto(target) for modifier in state.modifiers("wild", player))


@overload
def step_value(steps: Iterable[tuple[int, _Value]], amount: int | Fraction) -> _Value | None: ...


@overload
def step_value(steps: Iterable[tuple[int, _Value]], amount: int | Fraction, below: _Below) -> _Value | _Below: ...


def step_value(steps: Iterable[tuple[int, object]], amount: int | Fraction, below: object = None) -> object:
    """What ``amount`` reads in a lookup table of sorted ``(threshold, value)`` steps: the highest step reached.

    ``below`` is the answer under the first step (a card's table says None, a payout 0).
    """
    reached = below
    for threshold, value in steps:
        if amount >= threshold:
            reached = value
        else:
            break
    return reached


def table_steps(value: JSON) -> tuple[tuple[int, Fraction], ...]:
    """A lookup table written ``{4: 1, 6: 2}`` or ``[[4, 1], [6, 2]]``, as sorted ``(threshold, value)`` pairs."""
    pairs = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((int(threshold), Fraction(result)) for threshold, result in pairs))
