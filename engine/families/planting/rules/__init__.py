"""The planting family: play cards from an ordered hand or from cards set aside into zones that take one type each."""

from engine.families.planting.rules.plant import PlantStep
from engine.families.planting.rules.plant_all import PlantAllStep
from engine.families.planting.rules.space import PlantSpace

# The blocks this family adds to the catalog.
BLOCKS = (
    PlantStep,
    PlantAllStep,
)

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (PlantSpace,)
