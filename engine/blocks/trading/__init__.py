"""The trading family: offers between the active player and the others, answered one at a time."""

from . import trade  # noqa: F401

# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {"trade": "prompts:TradePrompt"},
    # decision kind -> the heuristic bot's policy for it
    "policies": {"trade": "heuristic:TradingPolicy"},
}
