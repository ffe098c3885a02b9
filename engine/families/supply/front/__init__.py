"""The supply family's front half: ``build CARD`` at every prompt, the bounded view of building, and what the
supply tells the heuristic bot."""

from engine.families.common.front.family import FrontHalf
from engine.families.supply.front.agent_views import AGENT_VIEWS
from engine.families.supply.front.hints import HINTS
from engine.families.supply.front.prompts import BuildCommand

FRONT = FrontHalf(
    family="supply",
    commands={"build": BuildCommand},
    agent_views=AGENT_VIEWS,
    hints=HINTS,
)
