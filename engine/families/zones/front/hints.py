"""What the zones family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Buying a zone and putting cards away, at any time, are played by whichever
strategy answers the decision they come with; the facts tell how their
actions read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.families.common.front.hints import BotHints, BuyingFacts, DepositFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def buying_facts(game: Game) -> BuyingFacts | None:
    """The first purchase of a zone at any time of the game."""
    item = next((item for item in game.anytime if item.kind == "buy-zone"), None)
    return BuyingFacts(item.word, item.space.parts) if item is not None else None


def deposit_facts(game: Game) -> DepositFacts | None:
    """The first deposit at any time of the game."""
    item = next((item for item in game.anytime if item.kind == "deposit"), None)
    return DepositFacts(item.word, item.space.parts) if item is not None else None


HINTS = {"buy-zone": BotHints(facts=buying_facts), "deposit": BotHints(facts=deposit_facts)}
