"""What every end condition shares: its id and how it ends the game (at once, or after a step)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE
from engine.language.params import name, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

END_PARAMETERS = {
    "after": param(
        "After", "End once the flow step with this id has finished (default: at once).", name("step"), option=False
    ),
}


class EndCondition:
    """An end condition. ``checked_at_check``: asked by ``check-end`` steps; ``checked_at_reveal``: on every reveal."""

    category = "end"
    checked_at_check = False
    checked_at_reveal = False
    parameters: dict = END_PARAMETERS
    required: tuple[str, ...] = ()

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        self.id = str(spec.get("id", self.kind))
        self.after = spec.get("after")
        self.spec = spec

    def compile(self, game: Game) -> None:
        """Resolve names against a game."""

    def holds(self, state: State) -> bool:
        """Whether the condition holds now (for ``check-end``)."""
        return False

    def on_reveal(self, state: State, instance: int) -> bool:
        """Whether revealing ``instance`` (already recorded as revealed) triggers it."""
        return False

    def trigger(self, state: State, card: str | None) -> int:
        """End the game now, or once the step ``after`` has finished; returns the flow signal."""
        if self.after is None:
            return state.end_game(self.id, card)
        state.end_after_round(self.id, self.after)
        return DONE
