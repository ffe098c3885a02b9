"""The flow family's front half: the prompt of a player's last chance to act at any time, and the heuristic bot's
hint (the ``fields`` strategy plays it)."""

from engine.families.common.front.family import FrontHalf
from engine.families.flow.front.hints import HINTS
from engine.families.flow.front.prompts import ChancePrompt

FRONT = FrontHalf(
    family="flow",
    prompts={"anytime-chance": ChancePrompt},
    hints=HINTS,
)
