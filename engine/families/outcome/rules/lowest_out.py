"""Elimination rule ``lowest-out``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.formatting import measure_name
from engine.base.i18n import _
from engine.language.params import BOOLEAN, name, one_of, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class LowestOut:
    """``lowest-out``: the players with the lowest ``measure`` (the least money left) are out and cannot win.

    ``ties: all-out`` (the default): every player tied for the lowest is out,
    and if every player is tied, every player is out and nobody wins.
    ``ties: sole``: only a single lowest player is out; a tie for the lowest
    eliminates nobody. Players who are out are still scored.

    Parameters: ``measure``, ``ties``, ``enabled`` (default true).

    ```yaml
    elimination: {kind: lowest-out, measure: money, ties: sole}
    ```
    """

    category = "elimination"
    kind = "lowest-out"
    parameters = {
        "measure": param("Measure", "The measure compared.", name("measure")),
        "ties": param(
            "Ties",
            "all-out (everyone tied for the lowest is out) or sole (only a single lowest).",
            one_of("all-out", "sole"),
        ),
        "enabled": param("Enabled", "false: nobody is out.", BOOLEAN),
    }
    required = ("measure",)

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> list[str]:
        """The rule in words, for the help."""

        if not spec.get("enabled", True):
            return []
        measure = measure_name(ruleset, spec.get("measure", ""))
        if spec.get("ties") == "sole":
            # TRANSLATORS: a rule in the help; {measure} is e.g. "money in hand".
            return [
                _(
                    "At the end, a single player with the least {measure} is out and cannot win (a tie for the least puts nobody out).",
                    measure=measure,
                )
            ]
        # TRANSLATORS: a rule in the help; {measure} is e.g. "money in hand".
        return [_("At the end, whoever has the least {measure} is out and cannot win.", measure=measure)]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.measure = spec["measure"]
        self.enabled = bool(spec.get("enabled", True))
        self.sole = spec.get("ties", "all-out") == "sole"

    def eliminated(self, measures: Sequence[Mapping[str, Any]]) -> list[bool]:
        """Per player, whether they are out."""
        if not self.enabled or not measures:
            return [False] * len(measures)
        amounts = [player[self.measure] for player in measures]
        least = min(amounts)
        out = [amount == least for amount in amounts]
        if self.sole and sum(out) > 1:
            return [False] * len(amounts)
        return out
