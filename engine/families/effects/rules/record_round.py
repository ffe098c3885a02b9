"""Step ``record-round``: a round of a match is over; its winners and how it ended go into the result."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.families.effects.rules.events import RoundRecorded
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.types import PLAYERS, TEXT
from engine.language.params import param

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class RecordRoundStep(ExpressionParams, FlowNode):
    """``record-round``: the round just played is recorded: its winners (``winners``, an expression giving
    players) and how it ended (``how``: a word, or an expression giving one). The result lists the rounds
    (``rounds``: each with its ``winners`` by name and ``how``).

    ```yaml
    - kind: record-round
      winners: round_winners
      how: "'last-standing' if count([p for p in players if not p.out]) == 1 else 'deck-empty'"
    ```
    """

    kind = "record-round"
    instant = True
    parameters = {
        "winners": param("Winners", "Who won the round (an expression).", expression(PLAYERS), option=False),
        "how": param(
            "How",
            "How the round ended: a word, or an expression giving one.",
            {"type": "string", "minLength": 1, "maxLength": 2000},
            option=False,
        ),
        "endings": param(
            "Endings",
            "What each word of how is called when the round is told: {word: {name: text}} (translated).",
            {
                "type": "object",
                "propertyNames": {"minLength": 1, "maxLength": 200},
                "additionalProperties": {
                    "type": "object",
                    "properties": {
                        "name": {
                            "title": "Name",
                            "description": "What the narration calls this ending (translated).",
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 200,
                        }
                    },
                    "required": ["name"],
                    "additionalProperties": False,
                },
            },
            option=False,
        ),
    }
    required = ("winners",)
    expression_params = {"winners": PLAYERS, "how": TEXT}

    @classmethod
    def expressions(cls, spec: Mapping[str, Any]) -> Any:
        for keys, text, expected, local in super().expressions(spec):
            if keys == ("how",) and text.replace("-", "").isalnum():
                continue  # a plain word
            yield keys, text, expected, local

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)  # a plain word stays as written
        self.endings = {str(word): str(told["name"]) for word, told in (spec.get("endings") or {}).items()}

    def run(self, state: State) -> int:
        winners = tuple(self.value(state, "winners"))
        how = self.value(state, "how", default=None)
        state.rounds = [*state.rounds, {"winners": winners, "how": how}]
        if state.recording:
            state.events.append(RoundRecorded(winners, how, self.endings.get(str(how))))
        return DONE
