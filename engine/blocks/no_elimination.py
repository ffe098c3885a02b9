"""Elimination rule ``none``."""
from __future__ import annotations

from typing import Any, Mapping, Sequence


class NoElimination:
    """``none``: nobody is out; every player can win."""

    category = "elimination"
    kind = "none"

    def __init__(self, spec: Mapping[str, Any] | None = None, ruleset: Any = None) -> None:
        self.enabled = False

    def eliminated(self, money: Sequence[int]) -> list[bool]:
        """Nobody is out."""
        return [False] * len(money)
