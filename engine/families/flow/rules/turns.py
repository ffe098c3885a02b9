"""Step ``turns``: the active player plays a turn, then the next player clockwise, until the game ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.families.flow.rules.repeat import RepeatStep
from engine.language.expression_params import condition_param
from engine.language.params import STEPS, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State


class TurnsStep(RepeatStep):
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
    parameters = {
        "steps": param("Steps", "One turn of the active player.", STEPS, option=False),
        "until": param("Until", "No more turns once this condition holds.", condition_param(), option=False),
    }
    required = ("steps",)

    def variable_names(self) -> Sequence[str]:
        return ("active",)

    def compile(self, game: Game) -> None:
        super().compile(game)
        self.active = game.variable("active")
        self.players = game.player_count

    def new_frame(self) -> list:
        # A repeat's frame, and the number of turns played.
        return [self, 0, 0, -1, 0]

    def before_pass(self, state: State, frame: list) -> None:
        # After each turn, the next player clockwise is active (the first turn is the first player's).
        if frame[4]:
            state.variables[self.active] = (state.variables[self.active] + 1) % self.players
        frame[4] += 1
