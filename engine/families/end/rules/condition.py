"""End condition ``condition``: the game ends when a condition holds at a ``check-end`` step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core.conditions import make_condition
from engine.families.end.rules.base import END_PARAMETERS, EndCondition
from engine.language.params import condition_schema, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class ConditionEnd(EndCondition):
    """``condition``: the game ends when ``when`` holds at a ``check-end`` step (see *Conditions*).

    Parameters: ``when``, ``after``.

    ```yaml
    end:
      - {id: out-of-cards, kind: condition, when: {all: [{empty: deck}, {all-empty: hand}]}}
    ```
    """

    kind = "condition"
    checked_at_check = True
    parameters = {
        **END_PARAMETERS,
        "when": param("When", "The condition that ends the game.", condition_schema(), option=False),
    }
    required = ("when",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.condition = make_condition(spec["when"])

    def compile(self, game: Game) -> None:
        self.condition.compile(game)

    def holds(self, state: State) -> bool:
        return self.condition.holds(state, None)
