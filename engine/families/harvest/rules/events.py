"""The harvest family's events (told by :mod:`engine.families.harvest.front.narration`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(frozen=True, slots=True)
class Harvested(Event):
    """``player`` harvested their zone ``zone``: ``cards`` (type ids) left it, ``paid`` of them became points."""

    player: int
    zone: str
    cards: tuple[str, ...]
    paid: int

    type = "harvest"
