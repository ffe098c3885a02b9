"""Step ``turns``: the active player plays a turn, then the next player clockwise, until the game ends."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...core.flow import DONE, END_OF_ROUND, FlowNode, run_steps
from ..params import STEPS, param
from ..registry import register
from .conditions import condition_schema, make_condition
from .repeat import count_pass


@register
class TurnsStep(FlowNode):
    """``turns``: each pass of ``steps`` is the turn of the player in the variable ``active``.

    The first turn is the first player's; after each turn ``active`` moves to
    the next player clockwise. The turns go on until ``until`` holds (checked
    before each turn) or an end condition ends the game.

    Parameters: ``steps`` (the turn: usually its phases); ``until``.

    ```yaml
    - id: turn
      kind: turns
      steps:
        - {id: plant, kind: phase, steps: [...]}
        - {id: draw, kind: phase, steps: [...]}
    ```
    """

    kind = "turns"
    parameters = {"steps": param("Steps", "One turn of the active player.", STEPS, option=False),
                  "until": param("Until", "No more turns once this condition holds.", condition_schema(),
                                 option=False)}
    required = ("steps",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Any, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.steps = tuple(build(child) for child in spec.get("steps") or ())
        self.until = make_condition(spec.get("until"))

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def variable_names(self) -> Sequence[str]:
        return ("active",)

    def compile(self, game: Any) -> None:
        self.active = game.variable("active")
        self.players = game.player_count
        if self.until is not None:
            self.until.compile(game)

    def new_frame(self) -> list:
        # [node, next step, turns played, turns in a row without a decision, decisions seen at the last turn]
        return [self, 0, 0, 0, -1]

    def start(self, state: Any, frame: list) -> int:
        return self._turns(state, frame, fresh=True)

    def resume(self, state: Any, frame: list) -> int:
        return self._turns(state, frame, fresh=False)

    def _turns(self, state: Any, frame: list, fresh: bool) -> int:
        while True:
            if fresh:
                if frame[2]:
                    state.variables[self.active] = (state.variables[self.active] + 1) % self.players
                if self.until is not None and self.until.holds(state, None):
                    return DONE
                count_pass(state, frame, 3, self.id)
                frame[2] += 1
                if self.counts_rounds:
                    state.round_number += 1
                frame[1] = 0
            signal = run_steps(state, frame, self.steps)
            if signal != DONE:
                return signal
            if state.end_after is not None and state.end_after in (END_OF_ROUND, self.id):
                return state.end_game(state.end_reason or self.id)
            fresh = True
