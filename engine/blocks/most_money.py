"""Tiebreak criterion ``most-money``."""
from __future__ import annotations

from typing import Any, Mapping, Sequence


class MostMoney:
    """``most-money``: among tied players, the one with the most money in hand wins."""

    category = "tiebreak"
    kind = "most-money"

    def __init__(self, spec: Mapping[str, Any] | None = None, ruleset: Any = None) -> None:
        pass

    def rank(self, cards: Sequence[Any], money: int) -> tuple:
        """A sort key: higher wins."""
        return (money,)
