"""End condition ``deck-empty``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.families.end.rules.base import END_PARAMETERS, EndCondition
from engine.language.params import param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class DeckEmpty(EndCondition):
    """``deck-empty``: the game ends when a ``check-end`` step finds the stack ``zone`` empty.

    Parameters: ``zone`` (default ``deck``), ``after``.

    ```yaml
    end:
      - {id: deck-empty, kind: deck-empty}
    ```
    """

    kind = "deck-empty"
    checked_at_check = True
    parameters = {
        **END_PARAMETERS,
        "zone": param(
            "Zone",
            "The shared zone that ends the game when empty (default deck).",
            zone("shared", default="deck"),
            option=False,
        ),
    }

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.zone_id = spec.get("zone", "deck")

    def compile(self, game: Game) -> None:
        self.slot = game.zones.slot_of(self.zone_id)

    def holds(self, state: State) -> bool:
        return not state.zones[self.slot]
