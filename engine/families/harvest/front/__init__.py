"""The harvest family's front half: ``harvest N`` at every prompt, the narration of harvests, the heuristic
policy of a turn's last chance and its estimate of what fields may still pay."""

from engine.families.common.front.family import FrontHalf
from engine.families.harvest.front.heuristic import HarvestPolicy, points_to_come
from engine.families.harvest.front.narration import NARRATORS
from engine.families.harvest.front.prompts import HarvestCommand

FRONT = FrontHalf(
    family="harvest",
    commands={"harvest": HarvestCommand},
    narrators=NARRATORS,
    policies={"anytime-chance": HarvestPolicy},
    estimates=(points_to_come,),
)
