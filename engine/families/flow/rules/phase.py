"""Step ``phase``: a named part of a turn (its steps in order)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.events import PhaseStarted
from engine.core.flow import FlowNode, run_steps
from engine.language.params import STEPS, TEXT, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class PhaseStep(FlowNode):
    """``phase``: run ``steps`` in order as the phase ``id``, named ``name`` for players.

    The terminal shows the current phase, narration announces it and the
    observation carries it, so bots and people know where in the turn they are.

    Parameters: ``steps``; ``name`` (translatable).

    ```yaml
    - {id: draw, kind: phase, name: Draw, steps: [{kind: draw, from: deck, to: hand, count: 3}]}
    ```
    """

    kind = "phase"
    parameters = {
        "steps": param("Steps", "The phase's steps, in order.", STEPS, option=False),
        "name": param("Name", "The phase's name for players (translated).", TEXT, option=False),
    }
    required = ("steps",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.steps = tuple(build(child) for child in spec.get("steps") or ())
        self.name = str(spec.get("name", self.id))

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def compile(self, game: Game) -> None:
        self.active = game.variable("active")

    def phase(self) -> str | None:
        return self.id

    def start(self, state: State, frame: list) -> int:
        if state.recording:
            state.events.append(PhaseStarted(self.id, state.variables[self.active]))
        frame[1] = 0
        return run_steps(state, frame, self.steps)

    def resume(self, state: State, frame: list) -> int:
        return run_steps(state, frame, self.steps)
