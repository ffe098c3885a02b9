"""Next-start rule ``taker``."""
from __future__ import annotations

from typing import Any, Mapping


class TakerStarts:
    """``taker``: whoever took the card starts the next round."""

    category = "next-start"
    kind = "taker"

    def __init__(self, spec: Mapping[str, Any] | str, ruleset: Any) -> None:
        pass

    def next_start(self, state: Any, taker: int) -> int:
        """The seat that starts the next round."""
        return taker
