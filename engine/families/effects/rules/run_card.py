"""Step ``run-card``: run the steps a card declares (what playing it does), by the card's type."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode, run_steps
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.types import CARD
from engine.language.params import NAME_PATTERN, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class RunCardStep(ExpressionParams, FlowNode):
    """``run-card``: the steps that the card ``card`` (an expression) declares under its ``steps`` for the hook
    ``hook`` (default ``play``) run now; a card that declares none does nothing.

    Card effects are data on each card::

        cards:
          - id: shield
            steps:
              play:
                - {kind: status, status: protected, player: active}

    ```yaml
    - {kind: run-card, card: played}
    ```
    """

    kind = "run-card"
    parameters = {
        "card": param("Card", "The card whose steps run (an expression).", expression(CARD), option=False),
        "hook": param(
            "Hook",
            "Which of its step lists (default play).",
            {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200},
            option=False,
        ),
    }
    required = ("card",)
    expression_params = {"card": CARD}

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        hook = spec.get("hook", "play")
        # Each card type's steps for the hook, built for this step.
        self.by_type: tuple[tuple[FlowNode, ...], ...] = tuple(
            tuple(build(step) for step in ((card.spec.get("steps") or {}).get(hook) or ())) for card in ruleset.cards
        )

    def children(self) -> Sequence[FlowNode]:
        return tuple(node for steps in self.by_type for node in steps)

    def new_frame(self) -> list:
        # [node, next step, the card type's steps]
        return [self, 0, ()]

    def start(self, state: State, frame: list) -> int:
        card = self.value(state, "card")
        frame[2] = self.by_type[state.game.cards.type_of[card] if card >= 0 else -1 - card]
        if not frame[2]:
            return DONE
        return run_steps(state, frame, frame[2])

    def resume(self, state: State, frame: list) -> int:
        return run_steps(state, frame, frame[2])
