"""What the flow family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

A player's last chance to act at any time is played by the bots layer's
``fields`` strategy (it harvests, buys, builds or deposits when worth it);
the facts: the word of letting the chance go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.families.common.front.hints import BotHints, ChanceFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def chance_facts(game: Game) -> ChanceFacts | None:
    """The word of being done, where the game gives a last chance."""
    return ChanceFacts(done="done") if any(node.kind == "anytime-chance" for node in game.nodes) else None


HINTS = {"anytime-chance": BotHints("fields", chance_facts)}
