"""The zones family: zones that start closed and are opened at setup or bought during play (a third field)."""

from . import buy_zone, deposit, open_zone, open_zones  # noqa: F401

# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # "anytime:KIND" -> the command that reads this action at every terminal prompt
    "prompts": {"anytime:buy-zone": "prompts:BuyCommand", "anytime:deposit": "prompts:DepositCommand"},
}
