"""The harvest family: turning a zone of cards into points by a lookup table (a field's harvest), at any time or at the end."""

from engine.families.harvest.rules.harvest import Harvest
from engine.families.harvest.rules.harvest_all import HarvestAllStep

# The blocks this family adds to the catalog.
BLOCKS = (
    Harvest,
    HarvestAllStep,
)
