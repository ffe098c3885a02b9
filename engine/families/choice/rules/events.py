"""The events of the choice family: a choice made in secret, revealed once all have chosen."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(frozen=True, slots=True)
class ChoiceRevealed(Event):
    """The choice ``player`` made in secret (a ``choose`` of ``all``) is revealed: ``text`` is what they chose, in
    the reader's language (None when the game records no events)."""

    player: int
    text: str | None

    type = "choice-revealed"
