"""Typed events: what happened, for narration, the terminal table and statistics.

A state records events only when asked (``record_events=True``): replays and
simulations that nobody narrates skip building them. Every event has a
``type``; the generic ones are defined here, block families define their own
(a raise, a harvest) next to the block that emits
them, and register how they are told (``engine.text.narration``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.base.jsontypes import JSON


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every event: ``type`` names it."""

    type = "event"


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """Cards went from one zone to another (``owner`` -1 for a shared zone).

    ``step`` is the id of the flow step that moved them; ``player`` the
    player who acted, if any.
    """

    cards: tuple[str, ...]
    source: str | None
    source_owner: int
    target: str
    target_owner: int
    player: int | None = None
    step: str | None = None

    type = "move"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A card was turned face up (``player`` turned it; ``round`` counts the reveals of that step)."""

    player: int
    card: str
    round: int

    type = "reveal"


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """A zone was shuffled (a chance outcome); ``count`` cards."""

    zone: str
    count: int

    type = "shuffle"


@dataclass(frozen=True, slots=True)
class CounterChanged(Event):
    """A counter moved from ``before`` to ``after``."""

    counter: str
    owner: int
    before: int
    after: int

    type = "counter"


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """A phase of the flow began (``player``: whose turn it is, if anyone's)."""

    phase: str
    player: int | None

    type = "phase"


@dataclass(frozen=True, slots=True)
class DecisionMade(Event):
    """A player made a decision: ``action`` is its log entry, ``text`` what it does in the reader's language.

    ``text`` is None when the block that decided tells its own events.
    """

    player: int
    action: Mapping[str, JSON]
    text: str | None = None

    type = "decision"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: ``reason`` is the id of the end condition (or ``flow``), ``card`` the card that ended it."""

    reason: str
    card: str | None = None

    type = "end"
