"""Score step ``floor``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.exact import exact
from engine.base.formatting import format_score
from engine.base.i18n import _
from engine.language.params import NUMBER, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class FloorScore:
    """``floor``: the score so far is raised to at least ``at``.

    ``at: null`` (typically from an option set to none) skips the step.

    Parameters: ``id``, ``at`` (a number or null).
    """

    category = "score-step"
    kind = "floor"
    parameters = {
        "at": param("At", "The lowest score allowed; null for no floor.", {"anyOf": [NUMBER, {"type": "null"}]})
    }
    required = ("at",)

    @classmethod
    def explain(
        cls, ruleset: Ruleset, spec: Mapping[str, Any], before: Fraction, after: Fraction, held: Sequence[str]
    ) -> list[str] | None:
        """``raised to at least 0 = 0`` (nothing when the floor changed nothing)."""

        if before == after:
            return []
        floor = Fraction(spec.get("at") or 0)
        if floor != after:
            return None
        # TRANSLATORS: a line of a score explanation: the score is raised to a minimum, e.g. "raised to at least 0 = 0".
        return [_("raised to at least {floor} = {score}", floor=format_score(floor), score=format_score(after))]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        at = spec.get("at")
        self.at = None if at is None else exact(at)
        self._detail = {"at": None, "skipped": True} if at is None else {"at": Fraction(self.at), "skipped": False}

    def value(
        self, score: int | Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> int | Fraction:
        """The new score only (the fast path)."""
        return score if self.at is None else max(score, self.at)

    def apply(
        self, score: Fraction, cards: Sequence[Any], measures: Mapping[str, Any] | None = None
    ) -> tuple[Fraction, dict[str, Any]]:
        """``max(score, at)``, or the score unchanged when there is no floor."""
        return self.value(score, cards), dict(self._detail)
