"""Score step ``floor``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from .numbers import exact


class FloorScore:
    """``floor``: the score so far is raised to at least ``at``.

    ``at: null`` (typically from an option set to none) skips the step.

    Parameters: ``id``, ``at`` (a number or null).
    """

    category = "score-step"
    kind = "floor"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.id = spec.get("id", self.kind)
        at = spec.get("at")
        self.at = None if at is None else exact(at)

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """``max(score, at)``, or the score unchanged when there is no floor."""
        if self.at is None:
            return score, {"at": None, "skipped": True}
        return max(score, self.at), {"at": Fraction(self.at), "skipped": False}
