"""The events of the effects: cards shown, players compared, a player out, a status, a round recorded."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """``cards`` (ids) of ``owner``'s zone ``zone`` were shown to ``to`` (a seat; -1: to everyone) by ``player``.

    The card ids are for ``to`` alone: the narration tells everyone else only that cards were shown.
    """

    cards: tuple[str, ...]
    zone: str | None
    owner: int
    to: int
    player: int | None = None
    step: str | None = None

    type = "show"


@dataclass(frozen=True, slots=True)
class PlayersCompared(Event):
    """Two players compared what a step weighs (their hands): only they learn the values; everyone the outcome."""

    players: tuple[int, ...]
    higher: int | None
    step: str | None = None

    type = "compare"


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """``player`` is out (for the round, or what the status says) by the step ``step``."""

    player: int
    status: str
    step: str | None = None

    type = "out"


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """``player`` now has (``value`` True) or no longer has the status ``status``."""

    player: int
    status: str
    value: bool
    step: str | None = None

    type = "status"


@dataclass(frozen=True, slots=True)
class RoundRecorded(Event):
    """A round of a match ended: its ``winners`` (seats) and how it ended (``how``, a word of the ruleset)."""

    winners: tuple[int, ...]
    how: str | None
    # What the ruleset calls that ending (its ``endings``), to be translated; None: the word itself is told.
    told: str | None = None

    type = "round"
