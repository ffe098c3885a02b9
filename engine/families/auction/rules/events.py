"""The auction family's events (told by :mod:`engine.families.auction.front.narration`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(frozen=True, slots=True)
class Bid(Event):
    """``player`` added money cards (their face values) and now has ``total`` on the table."""

    player: int
    cards: tuple[int, ...]
    total: int

    type = "bid"


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """``player`` passed (left the auction)."""

    player: int

    type = "pass"


@dataclass(frozen=True, slots=True)
class Pay(Event):
    """``player`` paid the money cards of their bid (their face values): out of the game."""

    player: int
    cards: tuple[int, ...]

    type = "pay"


@dataclass(frozen=True, slots=True)
class Take(Event):
    """``player`` took the lot ``card``; ``free`` when nobody bid any money for it."""

    player: int
    card: str
    free: bool

    type = "take"


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """``player`` lost ``card`` out of the game (an effect)."""

    player: int
    card: str

    type = "discard"


@dataclass(frozen=True, slots=True)
class Pending(Event):
    """An effect of ``card`` waits on ``player`` for their next card tagged ``tag``."""

    player: int
    card: str
    tag: str | None

    type = "pending"
