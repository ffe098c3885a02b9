"""Step ``each-player``: run steps once for each player in turn order."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode, run_steps
from engine.language.expression_params import ExpressionParams, condition_from, condition_param
from engine.language.expressions.types import FLAG, PLAYER, Type
from engine.language.params import STEPS, param, variable

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class EachPlayerStep(ExpressionParams, FlowNode):
    """``each-player``: run ``steps`` for every player, clockwise from the player in ``from``.

    While a player's steps run, the variable ``as`` names them, so the steps
    (and the decisions in them) can refer to "this player". With ``skip``, a
    player for whom the condition holds is passed over.

    Parameters: ``steps``; ``from`` (a variable, default ``active``); ``as``
    (the variable set, default ``player``); ``skip`` (a condition about the
    player, or an expression in which ``p`` is the player considered).

    ```yaml
    - kind: each-player
      from: active
      steps:
        - {kind: draw, from: deck, to: hand, count: 3, player: player}
    ```
    """

    kind = "each-player"
    parameters = {
        "steps": param("Steps", "The steps run for each player.", STEPS, option=False),
        "from": param("From", "The player variable of the first player (default active).", variable(), option=False),
        "as": param("As", "The variable naming the player whose steps run (default player).", variable(), option=False),
        "skip": param(
            "Skip", "A player for whom this condition holds is passed over.", condition_param(), option=False
        ),
    }
    required = ("steps",)
    expression_params = {"skip": FLAG}

    @classmethod
    def local_names(cls, spec: Mapping[str, Any], parameter: str) -> Mapping[str, Type]:
        return {"p": PLAYER}  # the player considered

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.steps = tuple(build(child) for child in spec.get("steps") or ())
        self.first_name = spec.get("from", "active")
        self.as_name = spec.get("as", "player")
        self.skip = condition_from(spec.get("skip"), ruleset, self.id, "skip", about_a_player=True)

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def variable_names(self) -> Sequence[str]:
        return (self.first_name, self.as_name)

    @classmethod
    def sets_variables(cls, spec: Mapping[str, Any]) -> Sequence[str]:
        return (spec.get("as", "player"),)

    def compile(self, game: Game) -> None:
        self.first = game.variable(self.first_name)
        self.as_variable = game.variable(self.as_name)
        self.players = game.player_count
        if self.skip is not None:
            self.skip.compile(game)

    def new_frame(self) -> list:
        # [node, next step, how many players have had their turn, the first player]
        return [self, 0, 0, 0]

    def start(self, state: State, frame: list) -> int:
        frame[1] = 0
        frame[2] = 0
        # The order is fixed when the step starts, even if the steps change the variable in `from`.
        frame[3] = state.variables[self.first]
        return self._next_player(state, frame)

    def _next_player(self, state: State, frame: list) -> int:
        while frame[2] < self.players:
            seat = (frame[3] + frame[2]) % self.players
            frame[2] += 1
            if self.skip is not None and self.skip.holds(state, seat):
                continue
            state.variables[self.as_variable] = seat
            frame[1] = 0
            signal = run_steps(state, frame, self.steps)
            if signal != DONE:
                return signal
        return DONE

    def resume(self, state: State, frame: list) -> int:
        signal = run_steps(state, frame, self.steps)
        if signal != DONE:
            return signal
        return self._next_player(state, frame)
