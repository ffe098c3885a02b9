"""The flow family's front half: the prompt of a player's last chance to act at any time."""

from engine.families.common.front.family import FrontHalf
from engine.families.flow.front.prompts import ChancePrompt

FRONT = FrontHalf(
    family="flow",
    prompts={"anytime-chance": ChancePrompt},
)
