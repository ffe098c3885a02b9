"""The planting family's front half: the planting prompts and the heuristic bot's hints (the ``planting``
strategy plays them)."""

from engine.families.common.front.family import FrontHalf
from engine.families.planting.front.hints import HINTS
from engine.families.planting.front.prompts import PlantAllPrompt, PlantPrompt

FRONT = FrontHalf(
    family="planting",
    prompts={"plant": PlantPrompt, "plant-all": PlantAllPrompt},
    hints=HINTS,
)
