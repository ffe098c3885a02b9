"""What the auction family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Its three decisions are played by the bots layer's ``bidding`` strategy. The
facts: how bids are numbered (a pass, a set of money cards as a mask), which
cards are money and what they are worth, the zones an auction step names, and
which cards make their taker give one up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from engine.families.auction.rules.bidding import PASS, subset_sums
from engine.families.common.front.hints import BiddingFacts, BotHints

if TYPE_CHECKING:
    from engine.core.game import Game

# The auction steps: the first one in the flow names the money and the zones.
_AUCTIONS = ("ascending", "first-pass-takes")


def bidding_facts(game: Game) -> BiddingFacts | None:
    """What every decision of an auction shares: bids, money, zones, the discard effect (None: the game has no auction).

    Read from the compiled auction step and its bid space, so the zones are the ones the step moves cards
    between (a ruleset may call them anything) and the money is what the step's ``money`` selector picks.
    """
    auction = next((node for node in game.nodes if node.kind in _AUCTIONS), None)
    if auction is None:
        return None
    space = game.space("bid")
    rules = game.ruleset
    return BiddingFacts(
        passing=PASS,
        bid_base=0,  # a bid's action is its mask
        hand_mask=attrgetter("hand_mask"),
        subset_sums=subset_sums,
        money=tuple(game.cards.types[index].id for index in space.money_types),
        values=tuple(space.values),
        lot=auction.lot_id,
        discard_tags={
            card.id: card.on_take["tag"]
            for card in rules.cards
            if card.on_take and card.on_take.get("kind") == "discard-tagged"
        },
        **auction.zone_ids,
    )


def _facts(kind: str, **flags: bool) -> Callable[[Any], BiddingFacts | None]:
    def facts(game: Game) -> BiddingFacts | None:
        facts = bidding_facts(game) if any(node.kind == kind for node in game.nodes) else None
        return None if facts is None else replace(facts, **flags)

    return facts


HINTS = {
    "ascending": BotHints("bidding", _facts("ascending")),
    "first-pass-takes": BotHints("bidding", _facts("first-pass-takes", passing_takes=True)),
    "discard-choice": BotHints("bidding", _facts("discard-choice", discarding=True)),
}
