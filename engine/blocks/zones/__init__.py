"""The zones family: zones that start closed and are opened at setup or bought during play (a third field)."""

from engine.blocks.zones.buy_zone import BuyZone
from engine.blocks.zones.deposit import Deposit
from engine.blocks.zones.open_zone import OpenZone
from engine.blocks.zones.open_zones import OpenZonesStep

# The blocks this family adds to the catalog.
BLOCKS = (
    BuyZone,
    Deposit,
    OpenZone,
    OpenZonesStep,
)

FRONT_ENDS = {
    # "anytime:KIND" -> the command that reads this action at every terminal prompt
    "prompts": {"anytime:buy-zone": "prompts:BuyCommand", "anytime:deposit": "prompts:DepositCommand"},
}
