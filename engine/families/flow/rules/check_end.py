"""Step ``check-end``: ask the end conditions that are checked between steps whether the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import DONE, FlowNode

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State


class CheckEndStep(FlowNode):
    """``check-end``: every end condition checked at this point (``deck-empty``, ``condition``) is asked; the first that holds ends the game.

    No parameters. End conditions tied to an event (a reveal) are checked
    when it happens, wherever it happens.

    ```yaml
    - {kind: check-end}
    ```
    """

    kind = "check-end"
    instant = True
    parameters: dict = {}
    required = ()

    def compile(self, game: Game) -> None:
        self.check_ends = game.check_ends

    def run(self, state: State) -> int:
        for end in self.check_ends:
            if end.holds(state):
                # A check-end that opens a round and ends the game at once: that round never began.
                opens_round = self._opens_round(state)
                signal = end.trigger(state, None)
                if opens_round and (state.terminal or state.finishing):
                    state.round_number -= 1
                return signal
        return DONE

    def _opens_round(self, state: State) -> bool:
        """Whether this step is the first of a pass of a loop that counts the game's rounds."""
        frame = state.stack[-1] if state.stack else None
        if frame is None or not frame[0].counts_rounds or frame[1] != 1:
            return False
        steps = frame[0].children()
        return bool(steps) and steps[0] is self
