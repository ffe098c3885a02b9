"""The zones family: zones that start closed and are opened at setup or bought during play (a third field)."""

from engine.families.zones.rules.buy_zone import BuyZone
from engine.families.zones.rules.deposit import Deposit
from engine.families.zones.rules.open_zone import OpenZone
from engine.families.zones.rules.open_zones import OpenZonesStep

# The blocks this family adds to the catalog.
BLOCKS = (
    BuyZone,
    Deposit,
    OpenZone,
    OpenZonesStep,
)
