"""Step ``sequence``: run steps in order."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import FlowNode, run_steps
from engine.language.params import STEPS, param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class SequenceStep(FlowNode):
    """``sequence``: run ``steps`` in order, once.

    Parameters: ``steps`` (a list of steps).

    ```yaml
    - id: setup-round
      kind: sequence
      steps:
        - {kind: reveal, from: deck, to: revealed}
    ```
    """

    kind = "sequence"
    parameters = {"steps": param("Steps", "The steps run in order.", STEPS, option=False)}
    required = ("steps",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.steps: tuple[FlowNode, ...] = tuple(build(child) for child in spec.get("steps") or ())

    def set_children(self, children: Sequence[FlowNode]) -> None:
        """Replace the steps (the game's root sequence is built from nodes, not specs)."""
        self.steps = tuple(children)

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def start(self, state: State, frame: list) -> int:
        return run_steps(state, frame, self.steps)

    resume = start
