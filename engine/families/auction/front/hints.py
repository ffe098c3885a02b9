"""What the auction family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Its three decisions are played by the bots layer's ``bidding`` strategy. The
facts: how bids are numbered (a pass, a set of money cards as a mask), which
cards are money and what they are worth, the zones an auction step names, and
which cards make their taker give one up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from engine.families.auction.rules.bidding import PASS, subset_sums
from engine.families.common.front.hints import BiddingFacts, BotHints

if TYPE_CHECKING:
    from engine.core.game import Game

# The auction steps: the first one in the flow names the money and the zones.
_AUCTIONS = ("ascending", "first-pass-takes")


def _steps(specs: Sequence[Any]) -> Any:
    for spec in specs:
        yield spec
        for key in ("steps", "cases"):
            yield from _steps(spec.get(key) or ())


def bidding_facts(game: Game) -> BiddingFacts:
    """What every decision of an auction shares: bids, money, zones, the discard effect."""
    rules = game.ruleset
    auction = next((step for step in _steps(rules.flow) if step.get("kind") in _AUCTIONS), {})
    money_tag = (auction.get("money") or {"tag": "money"}).get("tag", "money")
    value = auction.get("value", "value")
    money = tuple(card for card in rules.cards if money_tag in card.tags)
    zones = {key: auction.get(key, key) for key in ("hand", "bid", "spent", "won")}
    return BiddingFacts(
        passing=PASS,
        bid_base=0,  # a bid's action is its mask
        hand_mask=attrgetter("hand_mask"),
        subset_sums=subset_sums,
        money=tuple(card.id for card in money),
        values=tuple(int(card.attributes.get(value, 0)) for card in money),
        lot=auction.get("lot", "revealed"),
        discard_tags={
            card.id: card.on_take["tag"]
            for card in rules.cards
            if card.on_take and card.on_take.get("kind") == "discard-tagged"
        },
        **zones,
    )


def _facts(kind: str, **flags: bool) -> Callable[[Any], BiddingFacts | None]:
    def facts(game: Game) -> BiddingFacts | None:
        if not any(node.kind == kind for node in game.nodes):
            return None
        return replace(bidding_facts(game), **flags)

    return facts


HINTS = {
    "ascending": BotHints("bidding", _facts("ascending")),
    "first-pass-takes": BotHints("bidding", _facts("first-pass-takes", passing_takes=True)),
    "discard-choice": BotHints("bidding", _facts("discard-choice", discarding=True)),
}
