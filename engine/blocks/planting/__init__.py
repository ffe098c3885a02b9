"""The planting family: play cards from an ordered hand or from cards set aside into zones that take one type each."""

from . import plant, plant_all  # noqa: F401

# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {"plant": "prompts:PlantPrompt", "plant-all": "prompts:PlantAllPrompt"},
    # decision kind -> the heuristic bot's policy for it
    "policies": {"plant": "heuristic:PlantingPolicy", "plant-all": "heuristic:PlantingPolicy"},
}
