"""End condition ``condition``: the game ends when a condition holds at a ``check-end`` step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.families.end.rules.base import END_PARAMETERS, EndCondition
from engine.language.expression_params import ExpressionParams, condition_from, condition_param
from engine.language.expressions.types import FLAG
from engine.language.params import param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class ConditionEnd(ExpressionParams, EndCondition):
    """``condition``: the game ends when ``when`` holds at a ``check-end`` step (a condition, see *Conditions*, or
    an expression).

    Parameters: ``when``, ``after``.

    ```yaml
    end:
      - {id: out-of-cards, kind: condition, when: {all: [{empty: deck}, {all-empty: hand}]}}
      - {id: goal, kind: condition, when: "any(p.tokens >= goal for p in players)"}
    ```
    """

    kind = "condition"
    checked_at_check = True
    parameters = {
        **END_PARAMETERS,
        "when": param("When", "The condition that ends the game.", condition_param(), option=False),
    }
    required = ("when",)
    expression_params = {"when": FLAG}

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        condition = condition_from(spec["when"], ruleset, self.id, "when")
        assert condition is not None  # required
        self.condition = condition

    def compile(self, game: Game) -> None:
        self.condition.compile(game)

    def holds(self, state: State) -> bool:
        return self.condition.holds(state, None)
