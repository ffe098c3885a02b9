"""The harvest family: turning a zone of cards into points by a lookup table (a field's harvest), at any time or at the end."""

from engine.families.harvest.rules.harvest import Harvest, HarvestSpace
from engine.families.harvest.rules.harvest_all import HarvestAllStep
from engine.families.harvest.rules.modifiers import MODIFIERS as MODIFIERS

# The blocks this family adds to the catalog.
BLOCKS = (
    Harvest,
    HarvestAllStep,
)

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (HarvestSpace,)
