"""Card types and card instances.

A ruleset declares card *types* (:class:`CardType`): an id, tags, exact
numeric attributes, lookup tables and how many copies exist (a number, one per
player, or a table by player count). A :class:`CardSet` is the deck of one
game: every copy of every type numbered once, so a card in play is a plain int
(its *instance*). Instance numbers run type by type in declaration order, copy
0 first, so ``first_instance[type] + copy`` is the instance of a copy and the
copies of one type are consecutive.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from engine.base.jsontypes import JSON, Spec
from engine.core.modifiers import step_value


@dataclass(frozen=True)
class CardType:
    """One kind of card: its id, its position in the type list, texts, numbers and copies.

    ``tables`` holds lookup tables as sorted ``(threshold, value)`` pairs (a
    harvest table "4 cards pay 1, 6 pay 2"); ``count`` is an int, or a mapping
    ``{"per-player": k}`` or ``{"by-players": {players: copies}}``.
    ``spec`` is the type's whole resolved declaration, for blocks that read
    keys of their own (an ``on-take`` effect, modifiers).
    """

    id: str
    index: int
    name: str
    tags: frozenset[str]
    attributes: Mapping[str, Fraction]
    tables: Mapping[str, tuple[tuple[int, Fraction], ...]] = field(default_factory=lambda: MappingProxyType({}))
    count: JSON = 1
    spec: Spec = field(default_factory=lambda: MappingProxyType({}), repr=False, compare=False)

    @property
    def description(self) -> str | None:
        """The type's ``description`` (translated in the ruleset's text context), if it has one."""
        return self.spec.get("description")

    @property
    def on_take(self) -> Spec | None:
        """The effect block run when a player takes a card of this type, if any."""
        return self.spec.get("on-take")

    def attribute(self, name: str, default: Fraction | None = None) -> Fraction | None:
        """The type's value for attribute ``name`` (``default`` when it has none)."""
        return self.attributes.get(name, default)

    def copies(self, players: int) -> int:
        """How many cards of this type a game of ``players`` players uses."""
        return copies_for(self.count, players)

    def lookup(self, table: str, amount: int) -> Fraction | None:
        """The value of the highest step of ``table`` reached by ``amount``; None below the first step."""

        return step_value(self.tables.get(table, ()), amount)


def copies_for(count: JSON, players: int) -> int:
    """A declared ``count`` resolved for a number of players."""
    if isinstance(count, int):
        return count
    if isinstance(count, Mapping):
        if "per-player" in count:
            return int(count["per-player"]) * players
        by_players = count.get("by-players") or {}
        for key, value in by_players.items():
            if int(key) == players:
                return int(value)
        return int(count.get("otherwise", 0))
    return int(count)


class CardSet:
    """Every card instance of one game (a ruleset's types for a number of players).

    ``type_of[instance]`` is the type index of an instance; ``instances_of[t]``
    the range of instances of type ``t``; ``type_mask[t]`` the bitmask of its
    instances (set zones store bitmasks over instances).
    """

    __slots__ = (
        "types",
        "type_of",
        "copy_of",
        "instances_of",
        "type_mask",
        "index_of_id",
        "ids",
        "size",
        "_ids_of_instances",
        "single_instance_of",
    )

    def __init__(self, types: Sequence[CardType], players: int) -> None:
        self.types = tuple(types)
        type_of: list[int] = []
        copy_of: list[int] = []
        instances_of: list[range] = []
        masks: list[int] = []
        for card_type in self.types:
            first = len(type_of)
            copies = card_type.copies(players)
            type_of.extend([card_type.index] * copies)
            copy_of.extend(range(copies))
            instances_of.append(range(first, first + copies))
            masks.append(((1 << copies) - 1) << first)
        self.type_of = tuple(type_of)
        self.copy_of = tuple(copy_of)
        self.instances_of = tuple(instances_of)
        self.type_mask = tuple(masks)
        self.index_of_id = {card_type.id: card_type.index for card_type in self.types}
        self.ids = tuple(card_type.id for card_type in self.types)
        self.size = len(type_of)
        self._ids_of_instances = tuple(self.ids[t] for t in type_of)
        # The instance of every type that has exactly one copy, by id.
        self.single_instance_of = {
            self.ids[t]: copies[0] for t, copies in enumerate(self.instances_of) if len(copies) == 1
        }

    def type(self, instance: int) -> CardType:
        """The type of a card instance."""
        return self.types[self.type_of[instance]]

    def id_of(self, instance: int) -> str:
        """The type id of a card instance (copies of a type share it)."""
        return self._ids_of_instances[instance]

    def ids_of(self, instances: Iterable[int]) -> tuple[str, ...]:
        """The type ids of several instances, in the order given."""
        return tuple(map(self._ids_of_instances.__getitem__, instances))

    def label(self, instance: int) -> str:
        """A unique name of an instance: the type id, with ``#copy`` when the type has several copies."""
        type_index = self.type_of[instance]
        if len(self.instances_of[type_index]) == 1:
            return self.ids[type_index]
        return f"{self.ids[type_index]}#{self.copy_of[instance]}"

    def count(self, type_index: int) -> int:
        """How many copies of a type this game has."""
        return len(self.instances_of[type_index])


def count_for_players(value: JSON, players: int) -> int:
    """A count written as a number or ``{by-players: ..., otherwise: ...}``, for a number of players."""
    if isinstance(value, Mapping):
        for key, count in (value.get("by-players") or {}).items():
            if int(key) == players:
                return int(count)
        return int(value.get("otherwise", 0))
    return int(value)
