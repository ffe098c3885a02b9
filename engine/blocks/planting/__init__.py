"""The planting family: play cards from an ordered hand or from cards set aside into zones that take one type each."""

from engine.blocks.planting.plant import PlantStep
from engine.blocks.planting.plant_all import PlantAllStep

# The blocks this family adds to the catalog.
BLOCKS = (
    PlantStep,
    PlantAllStep,
)

FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {"plant": "prompts:PlantPrompt", "plant-all": "prompts:PlantAllPrompt"},
    # decision kind -> the heuristic bot's policy for it
    "policies": {"plant": "heuristic:PlantingPolicy", "plant-all": "heuristic:PlantingPolicy"},
}
