"""The zones family: zones that start closed and are opened at setup or bought during play (a third field)."""

from engine.families.zones.rules.buy_zone import BuySpace, BuyZone
from engine.families.zones.rules.deposit import Deposit, DepositSpace
from engine.families.zones.rules.modifiers import MODIFIERS as MODIFIERS
from engine.families.zones.rules.open_zone import OpenZone
from engine.families.zones.rules.open_zones import OpenZonesStep

# The blocks this family adds to the catalog.
BLOCKS = (
    BuyZone,
    Deposit,
    OpenZone,
    OpenZonesStep,
)

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (
    BuySpace,
    DepositSpace,
)
