"""What the families' narrators share: reading an event's fields, whether it is a recorded event or its JSON
form, the player it names and the card ids it carries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def event_field(event: Any, name: str, default: Any = None) -> Any:
    """A field of an event, whether the event is a mapping or an object."""
    if isinstance(event, dict):
        return event.get(name, default)
    return getattr(event, name, default)


def player_name(players: Sequence[str], event: Any) -> str:
    """The name of the event's ``player`` ("?" when it names none)."""
    seat = event_field(event, "player")
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def card_ids(event: Any) -> list[str]:
    """The card ids an event names (``card`` or a list ``cards``)."""
    card = event_field(event, "card")
    if isinstance(card, str):
        return [card]
    cards = event_field(event, "cards")
    if isinstance(cards, (list, tuple)) and all(isinstance(c, str) for c in cards):
        return list(cards)
    return []
