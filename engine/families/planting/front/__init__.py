"""The planting family's front half: the planting prompts and the heuristic policy."""

from engine.families.common.front.family import FrontHalf
from engine.families.planting.front.heuristic import PlantingPolicy
from engine.families.planting.front.prompts import PlantAllPrompt, PlantPrompt

FRONT = FrontHalf(
    family="planting",
    prompts={"plant": PlantPrompt, "plant-all": PlantAllPrompt},
    policies={"plant": PlantingPolicy, "plant-all": PlantingPolicy},
)
