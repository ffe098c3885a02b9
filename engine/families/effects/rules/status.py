"""Steps ``status`` and ``eliminate``: a player gains or loses a status (protected; out of the round)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.base.suggestions import did_you_mean
from engine.core.flow import DONE, FlowNode
from engine.families.effects.rules.events import PlayerOut, StatusChanged
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.names import expression_name
from engine.language.expressions.types import PLAYER, PLAYERS
from engine.language.params import NAME_PATTERN, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

STATUS_NAME = {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200}


def check_status(spec: Mapping[str, Any], path: str, context: Any, default: str | None = None) -> None:
    """The status a step names is declared under ``statuses``."""
    declared = context.data.get("statuses") or {}
    name = spec.get("status", default)
    if name not in declared:
        where = f"{path}.status" if "status" in spec else path
        context.add(
            where,
            # TRANSLATORS: error in a ruleset file: a step names a status the ruleset does not declare; {name} is the
            # name it gives, e.g. "protected"; keep "statuses" (a key of the ruleset).
            _("no status is called '{name}': declare it under statuses", name=name)
            + did_you_mean(str(name), list(declared)),
        )


class StatusStep(ExpressionParams, FlowNode):
    """``status``: the player ``player`` (or every player of ``players``) has the status ``status`` from now on
    (``value: false``: no longer has it).

    Statuses are declared under ``statuses`` and read in expressions as
    ``p.protected``. A status lasts until a step changes it: "protected until
    their next turn" is a ``status`` step that clears it at the start of the
    turn.

    ```yaml
    - {kind: status, status: protected, player: active}
    - {kind: status, status: out, players: players, value: false}   # a new round: everyone is in
    ```
    """

    kind = "status"
    instant = True
    parameters = {
        "status": param("Status", "The status (declared under statuses).", STATUS_NAME, option=False),
        "player": param("Player", "Who (an expression; default active).", expression(PLAYER), option=False),
        "players": param("Players", "Several players at once (an expression).", expression(PLAYERS), option=False),
        "value": param("Value", "true: has it (the default); false: no longer has it.", {"type": "boolean"}),
    }
    required = ("status",)
    expression_params = {"player": PLAYER, "players": PLAYERS}

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        check_status(spec, path, context)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        self.status_name = str(spec.get("status", "out"))
        self.status = ruleset.scope.statuses[expression_name(self.status_name)]
        self.set_to = bool(spec.get("value", True))

    def compile(self, game: Any) -> None:
        self.active = game.variable("active")

    def targets(self, state: State) -> tuple[int, ...]:
        if "players" in self.compiled:
            return tuple(self.value(state, "players"))
        return (self.player_named(state),)

    def run(self, state: State) -> int:
        for player in self.targets(state):
            self.change(state, player)
        return DONE

    def change(self, state: State, player: int) -> None:
        bits = state.statuses[self.status]
        had = bool(bits >> player & 1)
        if had == self.set_to:
            return
        state.statuses[self.status] = bits | 1 << player if self.set_to else bits & ~(1 << player)
        if state.recording:
            state.events.append(self.event(player))

    def event(self, player: int) -> Any:
        return StatusChanged(player, self.status_name, self.set_to, self.id)


class EliminateStep(StatusStep):
    """``eliminate``: the player ``player`` is out: they get the status ``status`` (default ``out``), which turn
    orders skip (``skip: "p.out"``) and which the round's end reads.

    What else being out means (a hand revealed and discarded) is for the
    steps that follow: a named step often holds both.

    ```yaml
    - {kind: eliminate, player: target}
    ```
    """

    kind = "eliminate"
    parameters = {
        "player": param("Player", "Who is out (an expression; default active).", expression(PLAYER), option=False),
        "status": param("Status", "The status that marks it (default out).", STATUS_NAME, option=False),
    }
    required = ()
    expression_params = {"player": PLAYER}

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        check_status(spec, path, context, default="out")

    def event(self, player: int) -> Any:
        return PlayerOut(player, self.status_name, self.id)
