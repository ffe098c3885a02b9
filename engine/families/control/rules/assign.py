"""Step ``assign``: a player variable takes the player an expression gives (``active`` passes to the next player
still in the round)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.types import PLAYER
from engine.language.params import param, variable

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class AssignStep(ExpressionParams, FlowNode):
    """``assign``: the player variable ``variable`` becomes the player the expression ``player`` gives.

    Parameters: ``variable`` (``active``, ``start`` or a name of one's own);
    ``player`` (an expression).

    ```yaml
    - {kind: assign, variable: active, player: "next(active, where=lambda p: not p.out)"}
    ```
    """

    kind = "assign"
    instant = True
    parameters = {
        "variable": param("Variable", "The player variable set.", variable(), option=False),
        "player": param("Player", "The player it becomes (an expression).", expression(PLAYER), option=False),
    }
    required = ("variable", "player")
    expression_params = {"player": PLAYER}

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.variable_name = spec["variable"]
        self.compile_expressions(spec, ruleset)

    @classmethod
    def sets_variables(cls, spec: Mapping[str, Any]) -> Sequence[str]:
        return (spec.get("variable"),)

    def variable_names(self) -> Sequence[str]:
        return (self.variable_name,)

    def compile(self, game: Game) -> None:
        self.slot = game.variable(self.variable_name)

    def run(self, state: State) -> int:
        state.variables[self.slot] = self.value(state, "player")
        return DONE
