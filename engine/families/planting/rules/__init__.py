"""The planting family: play cards from an ordered hand or from cards set aside into zones that take one type each."""

from engine.families.planting.rules.plant import PlantStep
from engine.families.planting.rules.plant_all import PlantAllStep

# The blocks this family adds to the catalog.
BLOCKS = (
    PlantStep,
    PlantAllStep,
)
