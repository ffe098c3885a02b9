"""Step ``counter``: a counter is changed by an amount, or set to a value (chips taken, a token won)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DONE, FlowNode
from engine.language.expression_params import ExpressionParams, expression, failed
from engine.language.expressions.types import NUMBER, PLAYER
from engine.language.params import name, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

WHOLE = {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000}
# A counter past this is refused in play (a formula that grows without bound).
MOST_COUNTER = 10**12


class CounterStep(ExpressionParams, FlowNode):
    """``counter``: the counter ``counter`` changes by ``add`` or becomes ``set`` (a whole number or an
    expression). For a counter of each player, ``player`` says whose (an expression; default active).

    An end condition that watches the counter (``counter-reaches``) is
    asked at once.

    ```yaml
    - {kind: counter, counter: chips, player: active, add: -1}
    - {kind: counter, counter: chips, player: active, add: pot}
    - {kind: counter, counter: pot, set: 0}
    ```
    """

    kind = "counter"
    instant = True
    parameters = {
        "counter": param("Counter", "The counter changed.", name("counter"), option=False),
        "player": param("Player", "Whose counter (an expression; default active).", expression(PLAYER), option=False),
        "add": param("Add", "The amount added (a whole number or an expression).", expression(NUMBER, WHOLE)),
        "set": param("Set", "The value it becomes (a whole number or an expression).", expression(NUMBER, WHOLE)),
    }
    required = ("counter",)
    expression_params = {"player": PLAYER, "add": NUMBER, "set": NUMBER}

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        if ("add" in spec) == ("set" in spec):
            # TRANSLATORS: error in a ruleset file about a "counter" step; keep the keys add and set.
            context.add(path, _("a counter step either adds (add) or sets (set), one of the two"))

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        self.counter_id = spec["counter"]
        self.setting = "set" in spec

    def compile(self, game: Game) -> None:
        self.counter = game.counter_index[self.counter_id]
        self.active = game.variable("active")
        self.watching = tuple(end for end in game.counter_ends if end.counter == self.counter)

    def run(self, state: State) -> int:
        owner = self.player_named(state)
        before = state.counter(self.counter, owner)
        amount = self.value(state, "set") - before if self.setting else self.value(state, "add")
        if isinstance(amount, Fraction) or not isinstance(amount, int):
            # TRANSLATORS: why a rule failed while a game was played: a counter step's amount is not a whole number;
            # {value} is that amount, e.g. 3/2.
            raise failed(
                state, self.id, "add", str(amount), _("a counter holds whole numbers, not {value}", value=amount)
            )
        if abs(before + amount) > MOST_COUNTER:
            # TRANSLATORS: why a rule failed while a game was played: a counter grew too large; {limit} is a number,
            # e.g. 1000000000000.
            raise failed(state, self.id, "add", str(amount), _("the counter grew past {limit}", limit=MOST_COUNTER))
        if amount:
            state.add_to_counter(self.counter, owner, amount)
            for end in self.watching:
                if end.on_counter(state, self.counter):
                    return end.trigger(state, None)
        return DONE
