"""Step ``if``: run ``then`` when an expression holds, else ``else``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import FlowNode, run_steps
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.types import FLAG
from engine.language.params import STEPS, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class IfStep(ExpressionParams, FlowNode):
    """``if``: when the expression ``condition`` holds, the steps ``then`` run, otherwise the steps ``else`` (if any).

    Parameters: ``condition`` (an expression giving yes or no), ``then``, ``else``.

    ```yaml
    - kind: if
      condition: "any(c.id == guess for c in target.hand)"
      then: [{kind: eliminate, player: target}]
    ```
    """

    kind = "if"
    parameters = {
        "condition": param(
            "Condition", "What decides (an expression giving yes or no).", expression(FLAG), option=False
        ),
        "then": param("Then", "The steps run when the condition holds.", STEPS, option=False),
        "else": param("Else", "The steps run when it does not.", STEPS, option=False),
    }
    required = ("condition", "then")
    expression_params = {"condition": FLAG}

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.then = tuple(build(child) for child in spec.get("then") or ())
        self.otherwise = tuple(build(child) for child in spec.get("else") or ())
        self.compile_expressions(spec, ruleset)

    def children(self) -> Sequence[FlowNode]:
        return (*self.then, *self.otherwise)

    def new_frame(self) -> list:
        # [node, next step, the branch taken: its steps]
        return [self, 0, ()]

    def start(self, state: State, frame: list) -> int:
        frame[2] = self.then if self.value(state, "condition") else self.otherwise
        return run_steps(state, frame, frame[2])

    def resume(self, state: State, frame: list) -> int:
        return run_steps(state, frame, frame[2])
