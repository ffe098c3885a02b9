"""What expressions compute at run time, and the world they read.

Values are plain: ints and :class:`~fractions.Fraction` for numbers, bools,
str, a seat (int) for a player, tuples for lists. A card is an int: a card
instance of the game (0 and up), or, below 0, a card of a type that is in no
zone (``-1 - type index``: a joker counted as a colour, a card named in a
table file). :class:`Group` and :class:`Variant` are the two records.

An expression reads the game through a :class:`World`: a game in play
(``engine.language.expressions.worlds``) or a table file's holdings.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, Protocol

from engine.base.jsontypes import JSON
from engine.core.bindings import UNBOUND as _UNBOUND

if TYPE_CHECKING:
    from engine.core.cards import CardType

Number = int | Fraction


class Group(NamedTuple):
    """Cards that share a key (``groups(cards, by='id')``): the key, the cards, and how many."""

    key: JSON
    cards: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards)


class Variant(NamedTuple):
    """A list of cards with its wild cards counted as other types (``assignments``): the cards as counted, and
    the id each wild card was counted as, in the order of the wild cards."""

    cards: tuple[int, ...]
    assigned: tuple[str, ...]


class World(Protocol):
    """What an expression reads: cards in zones, counters, statuses, bound names, card types."""

    player_count: int

    def cards(self, zone_index: int, owner: int) -> tuple[int, ...]:
        """The cards of a zone in the zone's order (a stack: top first; ``owner`` -1 for a shared zone)."""
        ...

    def counter(self, counter_index: int, owner: int) -> Number:
        """A counter's value (``owner`` -1 for a shared counter)."""
        ...

    def variable(self, name: str) -> int:
        """A player variable (``active``, ``start``, a name a step set): a seat."""
        ...

    def bound(self, slot: int) -> object:
        """The value bound to a name by a step (``as:``, a loop, a call), or :data:`UNBOUND`."""
        ...

    def status(self, status_index: int, player: int) -> bool:
        """Whether a player has a status (out of the round, protected)."""
        ...

    def card_type(self, card: int) -> CardType:
        """The type of a card (an instance, or a card of no zone)."""
        ...

    def score(self, player: int) -> Number:
        """A player's score by the ruleset's score expression, now."""
        ...

    def round_number(self) -> int:
        """The round under way (1 first)."""
        ...

    def type_indexes(self, ids: Sequence[str]) -> tuple[int, ...]:
        """The type index of each card id (-1 for an id that is no card)."""
        ...

    def card_ids(self) -> tuple[str, ...]:
        """Every card id of the ruleset, in the order it declares them."""
        ...

    def all_cards(self) -> tuple[int, ...]:
        """Every card of the game, wherever it lies."""
        ...


# The value of a bound name no step has set yet (kept by the core: a state starts with it).
UNBOUND = _UNBOUND


def card_of_type(type_index: int) -> int:
    """The card of a type that lies in no zone (a joker counted as blue)."""
    return -1 - type_index


def cards_of_types(type_indexes: Sequence[int]) -> tuple[int, ...]:
    """Cards of no zone for a list of type indexes."""
    return tuple(-1 - index for index in type_indexes)
