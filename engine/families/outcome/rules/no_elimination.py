"""Elimination rule ``none``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class NoElimination:
    """``none``: nobody is out; every player can win."""

    category = "elimination"
    kind = "none"
    parameters: dict = {}
    required = ()

    def __init__(self, spec: Mapping[str, Any] | None = None, ruleset: Ruleset = None) -> None:
        self.enabled = False

    def eliminated(self, measures: Sequence[Any]) -> list[bool]:
        """Nobody is out."""
        return [False] * len(measures)
