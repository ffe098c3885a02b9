"""Zones: where cards are, who owns them, in what order, and who may see them.

A ruleset declares zones by id. A zone is ``shared`` (one for the table) or
``player`` (one per player); its ``kind`` says what order means:

- ``set``: order does not matter (a pile of won cards). Stored as a
  bitmask over card instances, so moving a group of cards is two bit
  operations and membership is one.
- ``row``: an ordered line with a front and a back (a hand that may never be
  sorted). Stored as a tuple, front first.
- ``stack``: a face-down pile drawn from the top. Stored as a tuple, bottom
  first, top last.

Contents are immutable values (ints and tuples), so copying a state or
snapshotting what a player sees copies references only.

``visibility``: ``all`` (everyone sees the cards), ``owner`` (the owner sees
them, everyone the count), ``count`` (everyone sees how many, nobody which),
``none`` (nobody sees anything). ``capacity`` bounds the number of cards;
``accepts`` is a card selector; ``holds: one-type`` locks a non-empty zone to
the type of the cards in it (a field for one crop). A zone may start ``closed`` (a
field that must be bought); closed zones take no cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeAlias

from engine.base.jsontypes import Spec

SET, ROW, STACK = "set", "row", "stack"
VISIBILITIES = ("all", "owner", "count", "none")
SHARED = -1  # the owner of a shared zone

# What a zone holds: an int (a set zone's bitmask of instances) or a tuple of instances (a row, front first; a
# stack, bottom first). Which one is told by the slot's zone kind, which the type checker cannot see; and the
# engine tells them apart with ``type(content) is int``, which it does not narrow (``isinstance`` would, at more
# than twice the cost of every zone read on the hot paths). So zone contents are not checked.
ZoneContent: TypeAlias = Any


@dataclass(frozen=True)
class ZoneSpec:
    """A zone as the ruleset declares it."""

    id: str
    index: int
    name: str
    owner: str  # "player" or "shared"
    kind: str  # set, row or stack
    visibility: str  # all, owner, count or none
    capacity: int | None = None
    accepts: Spec | None = None
    one_type: bool = False
    # ``holds: distinct``: at most one card of each type.
    distinct: bool = False
    # The name under which modifiers change ``capacity`` for the zone's owner (``limit``).
    capacity_limit: str | None = None
    starts_closed: bool = False
    tags: frozenset[str] = frozenset()
    spec: Spec = field(default_factory=lambda: MappingProxyType({}), repr=False, compare=False)

    @property
    def per_player(self) -> bool:
        """Whether every player has one zone of this id."""
        return self.owner == "player"


def iterate_bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first (the instances of a set zone)."""
    while mask:
        lowest = mask & -mask
        yield lowest.bit_length() - 1
        mask ^= lowest


def instances_in(content: ZoneContent) -> tuple[int, ...]:
    """The card instances of a zone's content: a set zone's in instance order, others front (or bottom) first."""
    if type(content) is int:
        # The loop of iterate_bits, inlined: asked at most decisions, a generator costs more than the work.
        found: list[int] = []
        while content:
            lowest = content & -content
            found.append(lowest.bit_length() - 1)
            content ^= lowest
        return tuple(found)
    ordered: tuple[int, ...] = content  # a row's or a stack's
    return ordered


def count_of(content: ZoneContent) -> int:
    """How many cards a zone's content holds."""
    return content.bit_count() if type(content) is int else len(content)


class ZoneLayout:
    """The zones of one game, numbered: one slot per shared zone, one per player per player zone.

    ``slot(zone_index, owner)`` gives the index into :attr:`State.zones`; the
    layout also knows each slot's zone and owner, and the empty content of
    each slot (0 or ()).
    """

    __slots__ = (
        "specs",
        "players",
        "base",
        "slot_zone",
        "slot_owner",
        "empty",
        "index_of_id",
        "slots_by_tag",
        "_slot_table",
        "_visible_slots",
        "located",
        "_visible_set",
    )

    def __init__(self, specs: Sequence[ZoneSpec], players: int) -> None:
        self.specs = tuple(specs)
        self.players = players
        base = []
        slot_zone: list[int] = []
        slot_owner: list[int] = []
        empty: list[ZoneContent] = []
        for spec in self.specs:
            base.append(len(slot_zone))
            owners = range(players) if spec.per_player else (SHARED,)
            for owner in owners:
                slot_zone.append(spec.index)
                slot_owner.append(owner)
                empty.append(0 if spec.kind == SET else ())
        self.base = tuple(base)
        self.slot_zone = tuple(slot_zone)
        self.slot_owner = tuple(slot_owner)
        self.empty = tuple(empty)
        self.index_of_id = {spec.id: spec.index for spec in self.specs}
        by_tag: dict[str, list[int]] = {}
        for spec in self.specs:
            for tag in spec.tags:
                by_tag.setdefault(tag, []).append(spec.index)
        self.slots_by_tag = MappingProxyType({tag: tuple(indices) for tag, indices in by_tag.items()})
        # _slot_table[zone][owner + 1]: owner -1 (shared) and every seat, for a shared zone the one slot.
        self._slot_table = tuple(
            tuple(
                base[spec.index] + max(owner, 0) if spec.per_player else base[spec.index]
                for owner in range(-1, players)
            )
            for spec in self.specs
        )
        self._visible_slots: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        # (zone id, owner) -> (spec, seat, slot), as observations look zones up (see Observation._slot).
        self.located: dict[tuple[str, int | None], tuple[ZoneSpec, int, int]] = {}
        self._visible_set: dict[int, frozenset[int]] = {}

    def zone(self, zone_id: str) -> ZoneSpec:
        """The spec of the zone called ``zone_id`` (KeyError if there is none)."""
        return self.specs[self.index_of_id[zone_id]]

    def slot(self, zone_index: int, owner: int = SHARED) -> int:
        """The slot of a zone: ``owner`` is a seat for a player zone, ignored for a shared one."""
        return self._slot_table[zone_index][owner + 1]

    def slot_of(self, zone_id: str, owner: int = SHARED) -> int:
        """The slot of a zone named by id."""
        return self.slot(self.index_of_id[zone_id], owner)

    def slots(self, zone_index: int) -> range:
        """Every slot of a zone (one per player, or the single shared one)."""
        start = self.base[zone_index]
        return range(start, start + (self.players if self.specs[zone_index].per_player else 1))

    def visible_slots(self, viewer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The slots whose cards ``viewer`` sees: the set zones' (bitmasks), then the others' (sequences).

        Worked out once per seat: bots ask at every decision, and a game
        with many seats has many slots to judge.
        """
        found = self._visible_slots.get(viewer)
        if found is None:
            visible = [
                slot
                for slot, (zone_index, owner) in enumerate(zip(self.slot_zone, self.slot_owner))
                if visible_to(self.specs[zone_index], owner, viewer)[0]
            ]
            found = self._visible_slots[viewer] = (
                tuple(slot for slot in visible if self.specs[self.slot_zone[slot]].kind == SET),
                tuple(slot for slot in visible if self.specs[self.slot_zone[slot]].kind != SET),
            )
        return found

    def visible_set(self, viewer: int) -> frozenset[int]:
        """Every slot ``viewer`` sees, whatever its kind (see :meth:`visible_slots`)."""
        found = self._visible_set.get(viewer)
        if found is None:
            set_slots, sequence_slots = self.visible_slots(viewer)
            found = self._visible_set[viewer] = frozenset(set_slots + sequence_slots)
        return found

    def __len__(self) -> int:
        return len(self.slot_zone)


def visible_to(spec: ZoneSpec, owner: int, viewer: int) -> tuple[bool, bool]:
    """``(cards visible, count visible)`` of a zone of ``owner`` for ``viewer``."""
    visibility = spec.visibility
    if visibility == "all":
        return True, True
    if visibility == "owner":
        return owner == viewer, True
    if visibility == "count":
        return False, True
    return False, False


@dataclass(frozen=True)
class ZoneView:
    """What one player may see of one zone: the card ids (None when hidden) and the count (None when hidden)."""

    zone: str
    owner: int | None
    cards: tuple[str, ...] | None
    count: int | None
    # In a zone the viewer cannot see, the cards they were shown there and still know (a hand looked at).
    known: tuple[str, ...] = ()

    @property
    def visible(self) -> bool:
        """Whether the viewer sees which cards are there."""
        return self.cards is not None
