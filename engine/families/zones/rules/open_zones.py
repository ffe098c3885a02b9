"""Setup step ``open-zones``: zones that start closed are open from the start (for some numbers of players)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DONE, FlowNode
from engine.language.params import BOOLEAN, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class OpenZonesStep(FlowNode):
    """``open-zones``: every player's zones in ``zones`` (declared ``closed``) take cards from now on.

    With ``players``, only for those numbers of players (3 players start with
    a third field); ``enabled: false`` (usually an option) turns it off.

    Parameters: ``zones`` (zone ids), ``players`` (numbers of players), ``enabled``.

    ```yaml
    setup:
      - {kind: open-zones, zones: [field-3], players: [3]}
    ```
    """

    kind = "open-zones"
    instant = True
    parameters = {
        "zones": param(
            "Zones",
            "The closed zones opened.",
            {"type": "array", "items": zone(), "minItems": 1, "maxItems": 100},
            option=False,
        ),
        "players": param(
            "Players",
            "Only with these numbers of players.",
            {
                "type": "array",
                "items": {"type": "integer", "minimum": 1, "maximum": 1000},
                "minItems": 1,
                "maxItems": 100,
            },
            option=False,
        ),
        "enabled": param("Enabled", "Whether the zones are opened (default true).", BOOLEAN),
    }
    required = ("zones",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.zone_ids = tuple(spec["zones"])
        self.players = tuple(spec["players"]) if spec.get("players") else None
        self.enabled = bool(spec.get("enabled", True))

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Only zones declared closed can be opened."""

        for index, zone_id in enumerate(spec.get("zones") or ()):
            declared = context.zones.get(zone_id)
            if isinstance(declared, dict) and not declared.get("closed"):
                context.add(
                    f"{path}.zones[{index}]",
                    _("the zone {zone} is not declared closed: it is open already", zone=zone_id),
                )

    def compile(self, game: Game) -> None:
        active = self.enabled and (self.players is None or game.player_count in self.players)
        self.slots = (
            frozenset(slot for zone_id in self.zone_ids for slot in game.zones.slots(game.zone_index(zone_id)))
            if active
            else frozenset()
        )

    def run(self, state: State) -> int:
        if self.slots:
            state.closed_slots = state.closed_slots - self.slots
        return DONE
