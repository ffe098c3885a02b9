"""Step ``for-each``: run steps once for each player, card or number of a list, the item bound to a name."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode, run_steps
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.names import expression_name
from engine.language.expressions.types import CARD, CARDS, NUMBER, NUMBERS, PLAYER, PLAYERS, Type
from engine.language.params import NAME_PATTERN, STEPS, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# What a loop may go over, by the key that names the list: the list's type and the item's.
DOMAINS: dict[str, tuple[Type, Type]] = {
    "players": (PLAYERS, PLAYER),
    "cards": (CARDS, CARD),
    "numbers": (NUMBERS, NUMBER),
}


class ForEachStep(ExpressionParams, FlowNode):
    """``for-each``: run ``steps`` for each item of a list, the item bound to the name ``as``.

    The list is one of ``players``, ``cards`` or ``numbers`` (an expression),
    worked out once when the loop starts: the steps may change the game, not
    the list.

    Parameters: ``players`` / ``cards`` / ``numbers``, ``as`` (the name),
    ``steps``.

    ```yaml
    - kind: for-each
      players: "[p for p in players if p.tokens >= goal]"
      as: winner
      steps: [{kind: counter, counter: wins, player: winner, add: 1}]
    ```
    """

    kind = "for-each"
    parameters = {
        "players": param("Players", "The players to go over (an expression).", expression(PLAYERS), option=False),
        "cards": param("Cards", "The cards to go over (an expression).", expression(CARDS), option=False),
        "numbers": param("Numbers", "The numbers to go over (an expression).", expression(NUMBERS), option=False),
        "as": param(
            "As",
            "The name the item is bound to while its steps run.",
            {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200},
            option=False,
        ),
        "steps": param("Steps", "The steps run for each item.", STEPS, option=False),
    }
    required = ("as", "steps")
    expression_params = {key: domain[0] for key, domain in DOMAINS.items()}

    @classmethod
    def binds(cls, spec: Mapping[str, Any]) -> Iterator[tuple[str, Type]]:
        name = spec.get("as")
        for key, (_list_type, item_type) in DOMAINS.items():
            if key in spec and isinstance(name, str):
                yield name, item_type

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        given = [key for key in DOMAINS if key in spec]
        if len(given) != 1:
            from engine.base.i18n import _  # noqa: PLC0415  (the check runs in validate only)

            # TRANSLATORS: error in a ruleset file; keep "for-each" (a kind of step) and the keys players, cards and
            # numbers.
            context.add(path, _("a for-each goes over one list: players, cards or numbers"))

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.steps = tuple(build(child) for child in spec.get("steps") or ())
        self.compile_expressions(spec, ruleset)
        self.domain = next((key for key in DOMAINS if key in spec), "players")
        self.slot = ruleset.scope.bindings[expression_name(spec["as"])].slot

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def new_frame(self) -> list:
        # [node, next step, the items, the next item]
        return [self, 0, (), 0]

    def start(self, state: State, frame: list) -> int:
        frame[2] = tuple(self.value(state, self.domain) or ())
        frame[3] = 0
        return self._items(state, frame, fresh=True)

    def resume(self, state: State, frame: list) -> int:
        return self._items(state, frame, fresh=False)

    def _items(self, state: State, frame: list, fresh: bool) -> int:
        while True:
            if fresh:
                if frame[3] >= len(frame[2]):
                    return DONE
                state.bound[self.slot] = frame[2][frame[3]]
                frame[3] += 1
                frame[1] = 0
            signal = run_steps(state, frame, self.steps)
            if signal != DONE:
                return signal
            fresh = True
