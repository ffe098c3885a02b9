"""Tiebreak criterion ``seat-from-start``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.language.params import BOOLEAN, TEXT, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class SeatFromStart:
    """``seat-from-start``: among tied players, the one seated farthest clockwise from the start player wins (with
    ``farthest: false``, the nearest: the start player first). The start player is the game's first player; a
    table file (``cardrules score``) names them with ``start: NAME``.

    Parameters: ``farthest`` (default true), ``description``.

    ```yaml
    tiebreak-criteria:
      seat: {kind: seat-from-start, description: seated farthest clockwise from the start player}
    ```
    """

    category = "tiebreak"
    kind = "seat-from-start"
    parameters = {
        "farthest": param(
            "Farthest", "Whether the seat farthest clockwise from the start player wins (default true).", BOOLEAN
        ),
        "description": param("Description", "The criterion in words (translated).", TEXT, option=False),
    }
    required = ()
    # The criterion ranks seats, not holdings: the scoring gives it each tied seat and the start player.
    by_seat = True

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.farthest = bool(spec.get("farthest", True))

    def rank(self, cards: Sequence[Any], measures: Mapping[str, Any]) -> tuple:
        """No rank from holdings alone: every tied player ranks alike."""
        return ()

    def rank_seat(self, seat: int, start: int, players: int) -> tuple:
        """A sort key for ``seat``: higher wins."""
        distance = (seat - start) % players
        return (distance if self.farthest else -distance,)
