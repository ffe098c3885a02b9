"""Tiebreak criterion ``highest-measure``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.language.params import TEXT, name, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class HighestMeasure:
    """``highest-measure``: among tied players, the one with the highest ``measure`` wins (the most money in hand).

    Parameters: ``measure``, ``description``.

    ```yaml
    tiebreak-criteria:
      money: {kind: highest-measure, measure: money, description: most money in hand}
    ```
    """

    category = "tiebreak"
    kind = "highest-measure"
    parameters = {
        "measure": param("Measure", "The measure compared.", name("measure")),
        "description": param("Description", "The criterion in words (translated).", TEXT, option=False),
    }
    required = ("measure",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.measure = spec["measure"]

    def rank(self, cards: Sequence[Any], measures: Mapping[str, Any]) -> tuple:
        """A sort key: higher wins."""
        return (measures[self.measure],)
