"""The harvest family's front half: ``harvest N`` at every prompt, the narration of harvests, and what a harvest
tells the heuristic bot (the zones harvested, their table, where the payout goes)."""

from engine.families.common.front.family import FrontHalf
from engine.families.harvest.front.hints import HINTS
from engine.families.harvest.front.narration import NARRATORS
from engine.families.harvest.front.prompts import HarvestCommand

FRONT = FrontHalf(
    family="harvest",
    commands={"harvest": HarvestCommand},
    narrators=NARRATORS,
    hints=HINTS,
)
