"""The trading family: offers between the active player and the others, answered one at a time."""

from engine.families.trading.rules.trade import TradeStep

# The blocks this family adds to the catalog.
BLOCKS = (TradeStep,)
