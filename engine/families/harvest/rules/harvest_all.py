"""Step ``harvest-all``: every player harvests every zone (the final harvest)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.families.harvest.rules.payout import HARVEST_PARAMETERS, HARVEST_REQUIRED, Harvester

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class HarvestAllStep(FlowNode):
    """``harvest-all``: every player, in seat order, harvests each of their zones tagged ``zones``, with no protection rule.

    Each zone pays by its cards' ``table`` as a harvest at any time would
    (modifiers included). Typically the ruleset's ``finish``.

    Parameters: ``zones`` (a zone tag), ``table``, ``pay-to``, ``rest-to``, ``counter``.

    ```yaml
    finish:
      - {id: final-harvest, kind: harvest-all, zones: field, table: meter, pay-to: coins, rest-to: discard}
    ```
    """

    kind = "harvest-all"
    instant = True
    parameters = dict(HARVEST_PARAMETERS)
    required = HARVEST_REQUIRED
    card_paths = staticmethod(Harvester.card_paths)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.harvester = Harvester(spec)

    def compile(self, game: Game) -> None:
        self.harvester.compile(game)

    def run(self, state: State) -> int:
        for player in range(state.player_count):
            for zone_index in self.harvester.zones:
                self.harvester.harvest(state, player, zone_index, self.id)
        return DONE
