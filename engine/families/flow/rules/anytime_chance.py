"""Step ``anytime-chance``: one player gets a decision point with only what they may do at any time."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.i18n import _
from engine.core.decisions import ActionList
from engine.core.flow import DONE, FlowNode
from engine.families.common.rules.done import DoneSpace
from engine.language.params import param, variable

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class AnytimeChanceStep(FlowNode):
    """``anytime-chance``: the player in ``player`` may take actions allowed at any time (``anytime``), then says ``done``.

    Rules that let players act "at any time" give every player a chance in
    each turn: put this step in an ``each-player`` at the end of a turn. A
    player with nothing they may do is skipped (no decision is recorded).

    Parameters: ``player`` (a variable, default ``player``).

    ```yaml
    - {id: last-chance, kind: each-player, from: active, steps: [{kind: anytime-chance}]}
    ```
    """

    kind = "anytime-chance"
    parameters = {
        "player": param("Player", "Who gets the chance (a player variable; default player).", variable(), option=False)
    }
    required = ()

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.player_name = spec.get("player", "player")

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> str:
        """What this decision is, for the table's heading."""
        # TRANSLATORS: shown under the table's heading while players get their chance to act at any time.
        return _("Each player in turn may still take the actions allowed at any time, then says done.")

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("done", DoneSpace),)

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Game) -> None:
        self.space = game.space("done")
        self.player = game.variable(self.player_name)
        self.anytime = game.anytime

    def start(self, state: State, frame: list) -> int:
        player = state.variables[self.player]
        if not any(item.available(state, player) for item in self.anytime):
            return DONE
        return state.decide(player)

    def legal(self, state: State, frame: list) -> ActionList:
        return ActionList([self.space.base], kind="done")

    def apply(self, state: State, frame: list, action: int) -> int:
        if action != self.space.base:
            # TRANSLATORS: why an action is refused at a player's chance to take actions allowed at any time (e.g.
            # harvest) before play goes on; "be done" means end that chance.
            raise IllegalActionError.at(_("you may act at any time now, or be done"))
        return DONE
