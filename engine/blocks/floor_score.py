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
        self._detail = {"at": None, "skipped": True} if at is None else {"at": Fraction(self.at), "skipped": False}

    def value(self, score: int | Fraction, cards: Sequence[Any]) -> int | Fraction:
        """The new score only (the fast path)."""
        return score if self.at is None else max(score, self.at)

    def apply(self, score: Fraction, cards: Sequence[Any]) -> tuple[Fraction, dict[str, Any]]:
        """``max(score, at)``, or the score unchanged when there is no floor."""
        return self.value(score, cards), dict(self._detail)
