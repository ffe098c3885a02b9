"""The trading family: offers between the active player and the others, answered one at a time."""

from engine.blocks.trading.trade import TradeStep

# The blocks this family adds to the catalog.
BLOCKS = (TradeStep,)

FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {"trade": "prompts:TradePrompt"},
    # decision kind -> the heuristic bot's policy for it
    "policies": {"trade": "heuristic:TradingPolicy"},
}
