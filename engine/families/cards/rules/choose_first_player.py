"""Setup step ``choose-first-player``: chance picks the first player (recorded as the log's ``first_player``), or the
first seat starts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.language.params import one_of, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class ChooseFirstPlayerStep(FlowNode):
    """``choose-first-player``: a seat drawn uniformly (or read from the log) starts, or with ``start:
    first-seat`` the first seat does; every player variable begins as that seat.

    Added after the setup steps when a ruleset does not place it itself (a
    seat drawn). Parameters: ``start`` (``drawn``, the default, or
    ``first-seat``; an option may choose).

    ```yaml
    setup:
      - {kind: choose-first-player, start: first-seat}
    ```
    """

    kind = "choose-first-player"
    instant = True
    parameters = {
        "start": param("Start", "drawn (a seat drawn by chance) or first-seat.", one_of("drawn", "first-seat")),
    }
    required = ()

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.first_seat = spec.get("start") == "first-seat"

    def run(self, state: State) -> int:
        first = 0 if self.first_seat else state.chance.first_player(state, state.player_count)
        state.first_player = first
        state.variables[:] = [first] * len(state.variables)
        return DONE
