"""The auction family: bidding with cards of value, the two auction kinds, taking the lot, the discard effect.

Everything about money, bids and auctions lives here (and in rulesets), not
in the core: a bid is a set of cards moved from a player's hand zone to their
bid zone, paying moves them to a zone of spent cards, and the lot is a card
in a shared zone that the winner takes into their zone of won cards.
"""

from engine.blocks.auction.ascending import AscendingAuction
from engine.blocks.auction.discard_tagged import DiscardTagged
from engine.blocks.auction.first_pass_takes import FirstPassTakesAuction

# The blocks this family adds to the catalog.
BLOCKS = (
    AscendingAuction,
    DiscardTagged,
    FirstPassTakesAuction,
)

FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {
        "ascending": "prompts:BidPrompt",
        "first-pass-takes": "prompts:BidPrompt",
        "discard-choice": "prompts:DiscardPrompt",
    },
    # decision kind -> the heuristic bot's policy for it
    "policies": {
        "ascending": "heuristic:AuctionPolicy",
        "first-pass-takes": "heuristic:AuctionPolicy",
        "discard-choice": "heuristic:AuctionPolicy",
    },
    # modules that register how this family's events are told
    "narration": ("narration",),
}
