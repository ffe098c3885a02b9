"""What the decisions a card may grant share (``peek-top``, ``move-in-row``, ``order-back``), and the row decisions' check."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import FlowNode
from engine.language.params import name, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# The parameters every granted decision takes (``zone`` is described by each).
GRANTED_PARAMETERS = {
    "player": param("Player", "Who decides (a variable; default active).", variable(), option=False),
    "granted-by": param("Granted by", "Only a player with a `grant` modifier of this name may.", name(), option=False),
}
# The parameters every row decision takes.
ROW_PARAMETERS = {
    "zone": param("Zone", "The player's row whose order changes.", zone(), option=False),
    **GRANTED_PARAMETERS,
}


class GrantedDecision(FlowNode):
    """A decision about one zone, open to everyone or only where a card grants it (``granted-by``)."""

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.zone_id = spec["zone"]
        self.player_name = spec.get("player", "active")
        self.granted_by = spec.get("granted-by")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """The cards stay in their zone."""
        return []

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Game) -> None:
        self.player = game.variable(self.player_name)

    def granted(self, state: State, player: int) -> bool:
        """Whether ``player`` is asked at all (a ``grant`` modifier, when the step names one)."""
        return self.granted_by is None or state.granted(player, self.granted_by)


class RowDecision(GrantedDecision):
    """A decision that reorders cards within a player's row."""

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """The zone is a player's row."""
        if context.zone_differs(spec.get("zone"), owner="player", kind="row"):
            # TRANSLATORS: error in a ruleset file; {zone} is a zone's id, e.g. "discard"; a "row" is a kind of zone
            # whose cards keep their order (e.g. a hand), one for each player.
            context.add(
                f"{path}.zone",
                _(
                    "the zone {zone} is not a player's row: only a row has positions to move a card between",
                    zone=spec.get("zone"),
                ),
            )

    def compile(self, game: Game) -> None:
        super().compile(game)
        self.zone_index = game.zone_index(self.zone_id)
