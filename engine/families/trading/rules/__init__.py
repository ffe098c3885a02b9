"""The trading family: offers between the active player and the others, answered one at a time."""

from engine.families.trading.rules.offers import OfferSpace
from engine.families.trading.rules.replies import ReplySpace
from engine.families.trading.rules.trade import TradeStep, TradeTurnSpace

# The blocks this family adds to the catalog.
BLOCKS = (TradeStep,)

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (
    OfferSpace,
    ReplySpace,
    TradeTurnSpace,
)
