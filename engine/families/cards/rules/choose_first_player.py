"""Setup step ``choose-first-player``: chance picks the first player (recorded as the log's ``first_player``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import DONE, FlowNode

if TYPE_CHECKING:
    from engine.core.state import State


class ChooseFirstPlayerStep(FlowNode):
    """``choose-first-player``: a seat drawn uniformly (or read from the log) starts; every player variable begins as that seat.

    Added after the setup steps when a ruleset does not place it itself. No parameters.
    """

    kind = "choose-first-player"
    instant = True
    parameters: dict = {}
    required = ()

    def run(self, state: State) -> int:
        first = state.chance.first_player(state, state.player_count)
        state.first_player = first
        state.variables[:] = [first] * len(state.variables)
        return DONE
