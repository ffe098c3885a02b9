"""What the planting family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Its decisions are played by the bots layer's ``planting`` strategy. The
facts: the zone planted from (the front of a row, or the cards received), the
tag of the zones planted into, and how a planting's action reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.families.common.front.hints import BotHints, PlantingFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def _facts(kind: str, from_hand: bool) -> Callable[[Any], PlantingFacts | None]:
    def facts(game: Game) -> PlantingFacts | None:
        """The first step of this kind in the game."""
        node = next((node for node in game.nodes if node.kind == kind), None)
        if node is None:
            return None
        return PlantingFacts(
            word="plant",
            stop="done",
            parts=game.space("plant").parts,
            from_hand=from_hand,
            source=node.spec.get("from"),
            into=node.spec.get("into"),
        )

    return facts


HINTS = {
    "plant": BotHints("planting", _facts("plant", from_hand=True)),
    "plant-all": BotHints("planting", _facts("plant-all", from_hand=False)),
}
