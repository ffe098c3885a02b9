"""Elimination rule ``poorest-out``."""
from __future__ import annotations

from typing import Any, Mapping, Sequence


class PoorestOut:
    """``poorest-out``: the players with the least money in hand are out and cannot win.

    All players tied for the least are out; if every player is tied, every
    player is out and nobody wins. They are still scored.

    Parameters: ``enabled`` (default true; false makes nobody out).
    """

    category = "elimination"
    kind = "poorest-out"

    def __init__(self, spec: Mapping[str, Any], ruleset: Any = None) -> None:
        self.enabled = bool(spec.get("enabled", True))

    def eliminated(self, money: Sequence[int]) -> list[bool]:
        """Per player, whether they are out."""
        if not self.enabled or not money:
            return [False] * len(money)
        least = min(money)
        return [amount == least for amount in money]
