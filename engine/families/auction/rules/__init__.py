"""The auction family: bidding with cards of value, the two auction kinds, taking the lot, the discard effect.

Everything about money, bids and auctions lives here (and in rulesets), not
in the core: a bid is a set of cards moved from a player's hand zone to their
bid zone, paying moves them to a zone of spent cards, and the lot is a card
in a shared zone that the winner takes into their zone of won cards.
"""

from engine.families.auction.rules.ascending import AscendingAuction
from engine.families.auction.rules.bidding import CHOICE_BASE, PASS, BidSpace
from engine.families.auction.rules.discard_tagged import DiscardSpace, DiscardTagged
from engine.families.auction.rules.first_pass_takes import FirstPassTakesAuction

# The blocks this family adds to the catalog.
BLOCKS = (
    AscendingAuction,
    DiscardTagged,
    FirstPassTakesAuction,
)

# Names the package ``engine`` once exported for this family (``engine.PASS``): they still work, with a
# DeprecationWarning. Passing is the bid space's ``base``; a discard choice is the discard space's ``base + i``.
DEPRECATED_NAMES = {"PASS": PASS, "CHOICE_BASE": CHOICE_BASE}

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (
    BidSpace,
    DiscardSpace,
)
