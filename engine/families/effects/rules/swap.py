"""Step ``swap``: two players trade what a zone of each holds (a card that trades hands)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.core.zones import instances_in
from engine.families.effects.rules.triggers import build_triggers, fire
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.types import PLAYER
from engine.language.params import param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class SwapStep(ExpressionParams, FlowNode):
    """``swap``: the players ``player`` and ``with`` (expressions) trade the whole content of their zone ``zone``.

    Each still knows the cards they gave (they held them): their
    observation shows those cards in the other's zone until they move.

    ```yaml
    - {kind: swap, zone: hand, player: active, with: target}
    ```
    """

    kind = "swap"
    instant = True
    # It makes cards known to players who cannot see them (the observation tensor encodes known cards).
    shows_cards = True
    parameters = {
        "zone": param("Zone", "The zone of each player traded.", zone("player"), option=False),
        "player": param("Player", "One of the two (an expression; default active).", expression(PLAYER), option=False),
        "with": param("With", "The other (an expression).", expression(PLAYER), option=False),
    }
    required = ("zone", "with")
    expression_params = {"player": PLAYER, "with": PLAYER}

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        return [(spec.get("zone"), spec.get("zone"), None, False)]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        self.zone_id = spec["zone"]
        self.triggers = build_triggers((self.zone_id,), ruleset, build)

    def children(self) -> Sequence[FlowNode]:
        """The steps of the triggers this step fires (compiled with the game like any other)."""
        return tuple(step for trigger in self.triggers for step in trigger.steps)

    def compile(self, game: Game) -> None:
        self.zone_index = game.zone_index(self.zone_id)
        self.active = game.variable("active")

    def run(self, state: State) -> int:
        first = self.player_named(state)
        second = self.value(state, "with")
        if first == second:
            return DONE
        one, other = state.slot(self.zone_index, first), state.slot(self.zone_index, second)
        given = list(instances_in(state.zones[one]))
        taken = list(instances_in(state.zones[other]))
        state.move(given, one, other, player=first, step=self.id)
        state.move(taken, other, one, player=first, step=self.id)
        if given:
            state.show_to(given, first)
        if taken:
            state.show_to(taken, second)
        signal = DONE
        if self.triggers:
            signal = fire(state, self.triggers, self.zone_id, second, given)
            if signal == DONE:
                signal = fire(state, self.triggers, self.zone_id, first, taken)
        return signal
