"""Step ``set-player``: one player variable takes another's value (the taker starts the next round)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.language.params import param, variable

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class SetPlayerStep(FlowNode):
    """``set-player``: the player variable ``player`` becomes the player in ``to`` (or the next one clockwise).

    Parameters: ``player`` (the variable set, e.g. ``start``), ``to`` (a
    variable, e.g. ``taker``), ``next`` (true: the player to the left of
    ``to`` instead).

    ```yaml
    - {kind: set-player, player: start, to: taker}   # whoever took the card starts
    ```
    """

    kind = "set-player"
    instant = True
    parameters = {
        "player": param("Player", "The player variable that is set.", variable(), option=False),
        "to": param("To", "The player variable whose player it becomes.", variable(), option=False),
        "next": param("Next", "Take the player to the left of `to` instead.", {"type": "boolean"}),
    }
    required = ("player", "to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.target_name = spec["player"]
        self.source_name = spec["to"]
        self.step_on = bool(spec.get("next", False))

    def variable_names(self) -> Sequence[str]:
        return (self.target_name, self.source_name)

    @classmethod
    def sets_variables(cls, spec: Mapping[str, Any]) -> Sequence[str]:
        return (spec.get("player"),)

    def compile(self, game: Game) -> None:
        self.target = game.variable(self.target_name)
        self.source = game.variable(self.source_name)
        self.players = game.player_count

    def run(self, state: State) -> int:
        seat = state.variables[self.source]
        state.variables[self.target] = (seat + 1) % self.players if self.step_on else seat
        return DONE
