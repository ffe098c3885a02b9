"""Step ``compare``: two players weigh something of theirs (their hands); the higher and the lower are named."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.bindings import UNBOUND
from engine.core.flow import DONE, FlowNode
from engine.families.effects.rules.events import PlayersCompared
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.names import expression_name
from engine.language.expressions.types import FLAG, NUMBER, PLAYER, Type
from engine.language.params import NAME_PATTERN, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

NAME = {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200}


class CompareStep(ExpressionParams, FlowNode):
    """``compare``: the players ``player`` and ``with`` are weighed by the expression ``by`` (``p`` is the player
    weighed); the names ``higher`` and ``lower`` are bound to them, ``tied`` to whether they weigh the same (then
    ``higher`` and ``lower`` are left unset).

    What is weighed stays private: everyone learns only the outcome (what
    the next steps do with it). To let the two see each other's cards, show
    them first.

    ```yaml
    - kind: compare
      player: active
      with: target
      by: "sum(c.value for c in p.hand)"
      higher: winner
      lower: loser
      tied: even
    - {kind: if, condition: "not even", then: [{kind: call, procedure: knock-out, with: {who: loser}}]}
    ```
    """

    kind = "compare"
    instant = True
    parameters = {
        "player": param("Player", "One of the two (an expression; default active).", expression(PLAYER), option=False),
        "with": param("With", "The other (an expression).", expression(PLAYER), option=False),
        "by": param(
            "By", "What each is weighed by (an expression; p is the player).", expression(NUMBER), option=False
        ),
        "higher": param("Higher", "The name bound to the player who weighs more.", NAME, option=False),
        "lower": param("Lower", "The name bound to the player who weighs less.", NAME, option=False),
        "tied": param("Tied", "The name bound to whether they weigh the same.", NAME, option=False),
    }
    required = ("with", "by")
    expression_params = {"player": PLAYER, "with": PLAYER, "by": NUMBER}

    @classmethod
    def local_names(cls, spec: Mapping[str, Any], parameter: str) -> Mapping[str, Type]:
        return {"p": PLAYER} if parameter == "by" else {}

    @classmethod
    def binds(cls, spec: Mapping[str, Any]) -> Iterator[tuple[str, Type]]:
        for key, value_type in (("higher", PLAYER), ("lower", PLAYER), ("tied", FLAG)):
            if isinstance(spec.get(key), str):
                yield spec[key], value_type

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        bindings = ruleset.scope.bindings
        self.slots = {
            key: bindings[expression_name(spec[key])].slot for key in ("higher", "lower", "tied") if spec.get(key)
        }

    def compile(self, game: Game) -> None:
        self.active = game.variable("active")

    def run(self, state: State) -> int:
        first = self.player_named(state)
        second = self.value(state, "with")
        one = self.value(state, "by", {"p": first})
        other = self.value(state, "by", {"p": second})
        higher: int | None = first if one > other else second if other > one else None
        lower = None if higher is None else (second if higher == first else first)
        for key, value in (("higher", higher), ("lower", lower), ("tied", higher is None)):
            slot = self.slots.get(key)
            if slot is not None:
                state.bound[slot] = UNBOUND if value is None else value
        if state.recording:
            state.events.append(PlayersCompared((first, second), higher, self.id))
        return DONE
