"""Where cards are, and whose zone a step means: what the effects share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.zones import SHARED, STACK

if TYPE_CHECKING:
    from engine.core.state import State


def slots_of(state: State, instances: Iterable[int]) -> dict[int, list[int]]:
    """The cards given, by the slot that holds each (in the order given): cards an expression named."""
    wanted = [instance for instance in instances if instance >= 0]
    found: dict[int, list[int]] = {}
    if not wanted:
        return found
    zones = state.zones
    remaining = set(wanted)
    where: dict[int, int] = {}
    for slot, content in enumerate(zones):
        if not remaining:
            break
        if type(content) is int:
            for instance in list(remaining):
                if content >> instance & 1:
                    where[instance] = slot
                    remaining.discard(instance)
        else:
            for instance in content:
                if instance in remaining:
                    where[instance] = slot
                    remaining.discard(instance)
    for instance in wanted:
        slot = where.get(instance)
        if slot is not None:
            found.setdefault(slot, []).append(instance)
    return found


def taken_from(state: State, slot: int, count: int | None) -> list[int]:
    """The cards a step takes from a zone: the top of a stack first, the front of a row first, every card of a set
    in instance order; ``count`` None takes them all."""
    content = state.zones[slot]
    game = state.game
    if type(content) is int:
        cards: list[int] = []
        mask = content
        while mask and (count is None or len(cards) < count):
            lowest = mask & -mask
            cards.append(lowest.bit_length() - 1)
            mask ^= lowest
        return cards
    ordered = list(reversed(content)) if game.zones.specs[game.zones.slot_zone[slot]].kind == STACK else list(content)
    return ordered if count is None else ordered[:count]


def insertion_point(state: State, slot: int, at: Any) -> int | None:
    """Where cards go into a zone (``state.move``'s ``at``): ``top`` (None: the top of a stack, the back of a row),
    ``bottom``, or a number of cards to leave above them (from the top of a stack, the front of a row)."""
    content = state.zones[slot]
    if type(content) is int or at is None or at == "top":
        if at == "top" and type(content) is not int:
            game = state.game
            return None if game.zones.specs[game.zones.slot_zone[slot]].kind == STACK else 0
        return None
    game = state.game
    is_stack = game.zones.specs[game.zones.slot_zone[slot]].kind == STACK
    if at == "bottom":
        return 0 if is_stack else None
    above = max(0, min(int(at), len(content)))
    return len(content) - above if is_stack else above


def owner_of_slot(state: State, slot: int) -> int:
    """The seat that owns a slot's zone (SHARED for a shared zone)."""
    return state.game.zones.slot_owner[slot]


def owner_for(state: State, zone_index: int, player: int) -> int:
    """The owner to pass for a zone: ``player`` for a player zone, SHARED for a shared one."""
    return player if state.game.zones.specs[zone_index].per_player else SHARED


def zone_id_of(spec: Mapping[str, Any], key: str) -> str | None:
    """A zone parameter's id (None when absent)."""
    value = spec.get(key)
    return value if isinstance(value, str) else None
