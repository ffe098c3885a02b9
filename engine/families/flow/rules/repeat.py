"""Step ``repeat``: run steps again and again, until a condition holds or the game ends."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DONE, END_OF_ROUND, FlowNode, run_steps
from engine.language.expression_params import ExpressionParams, condition_from, condition_param
from engine.language.expressions.types import FLAG
from engine.language.params import STEPS, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# Passes of one loop in a row with no decision: a loop that never stops.
MAX_PASSES_WITHOUT_DECISION = 10_000


class RepeatStep(ExpressionParams, FlowNode):
    """``repeat``: run ``steps`` in order, then again, until ``until`` holds (checked before each pass).

    Without ``until`` the loop runs until an end condition ends the game. An
    end condition that ends the game "after the round" ends it when the
    current pass of the innermost loop is over.

    Parameters: ``steps``; ``until`` (optional: a condition, see *Conditions*, or an expression).

    ```yaml
    - id: round
      kind: repeat
      steps:
        - {kind: reveal, from: deck, to: revealed}
        - {kind: ascending}
    ```
    """

    kind = "repeat"
    parameters = {
        "steps": param("Steps", "The steps of one pass.", STEPS, option=False),
        "until": param("Until", "Stop before a pass when this condition holds.", condition_param(), option=False),
    }
    required = ("steps",)
    expression_params = {"until": FLAG}

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.steps = tuple(build(child) for child in spec.get("steps") or ())
        self.until = condition_from(spec.get("until"), ruleset, self.id, "until") if spec.get("until") else None
        # Whether a kind built on this one does something before each pass (a turn moves to the next player).
        self.prepares_passes = type(self).before_pass is not RepeatStep.before_pass

    def children(self) -> Sequence[FlowNode]:
        return self.steps

    def compile(self, game: Game) -> None:
        if self.until is not None:
            self.until.compile(game)

    def new_frame(self) -> list:
        # [node, next step, passes in a row without a decision, how many decisions the game had at the last pass]
        return [self, 0, 0, -1]

    def start(self, state: State, frame: list) -> int:
        return self._passes(state, frame, fresh=True)

    def resume(self, state: State, frame: list) -> int:
        return self._passes(state, frame, fresh=False)

    def before_pass(self, state: State, frame: list) -> None:
        """What happens before ``until`` is asked whether another pass is due (a turn: the next player)."""

    def _passes(self, state: State, frame: list, fresh: bool) -> int:
        # Passes that finish without anyone deciding run here, in a loop; a
        # ruleset whose loop never decides and never ends is refused rather
        # than left spinning.
        while True:
            if fresh:
                if self.prepares_passes:
                    self.before_pass(state, frame)
                if self.until is not None and self.until.holds(state, None):
                    return DONE
                count_pass(state, frame, 2, self.id)
                if self.counts_rounds:
                    state.round_number += 1
                frame[1] = 0
            signal = run_steps(state, frame, self.steps)
            if signal != DONE:
                return signal
            if state.end_after is not None and state.end_after in (END_OF_ROUND, self.id):
                return state.end_game(state.end_reason or self.id)
            fresh = True


def count_pass(state: State, frame: list, slot: int, step: str) -> None:
    """Count a new pass of a loop whose frame keeps ``[passes without a decision, decisions seen]`` at ``slot``.

    Passes count across the frames the loop's steps push (a sequence inside
    the loop), so a loop that never decides is refused however it is nested.
    """
    decisions = len(state.history)
    if decisions != frame[slot + 1]:
        frame[slot] = 0
        frame[slot + 1] = decisions
        return
    frame[slot] += 1
    if frame[slot] >= MAX_PASSES_WITHOUT_DECISION:
        # TRANSLATORS: error about a ruleset whose loop never ends, found while a game is played; {step} is the loop
        # step's id, e.g. "turn"; {count} a number of times.
        raise state.endless(
            _(
                "the loop {step} ran {count} times without a decision or an end",
                step=step,
                count=MAX_PASSES_WITHOUT_DECISION,
            ),
            step=step,
        )
