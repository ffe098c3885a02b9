"""What the trading family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Its decision is played by the bots layer's ``trading`` strategy. The facts:
the words of offering, answering and passing, how an offer's action is
decoded and encoded, how an answer's reads, and the zones a trade names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.families.common.front.hints import BotHints, TradingFacts
from engine.families.trading.rules.offers import Offer

if TYPE_CHECKING:
    from engine.core.game import Game


def _answering(decision: Mapping[str, Any]) -> bool:
    return decision.get("stage") == "answer"


def trading_facts(game: Game) -> TradingFacts | None:
    """The first trade of the game."""
    node = next((node for node in game.nodes if node.kind == "trade"), None)
    if node is None:
        return None
    space = game.space("offer")

    def encode(
        receiver: int, give_hand: int, give_pool: Sequence[int], ask_pool: Sequence[int], ask_hand: Sequence[int]
    ) -> int:
        return space.encode_offer(Offer(receiver, give_hand, give_pool, ask_pool, ask_hand))

    return TradingFacts(
        offer="offer",
        accept="accept",
        decline="decline",
        passing="pass",
        declining=game.space("reply").base,
        answering=_answering,
        decode=space.decode,
        encode=encode,
        hand=node.spec.get("hand"),
        received=node.spec.get("received"),
        pool=node.spec.get("pool"),
    )


HINTS = {"trade": BotHints("trading", trading_facts)}
