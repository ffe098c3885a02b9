"""The supply family's front half: ``build CARD`` at every prompt and the bounded view of building."""

from engine.families.common.front.family import FrontHalf
from engine.families.supply.front.agent_views import AGENT_VIEWS
from engine.families.supply.front.prompts import BuildCommand

FRONT = FrontHalf(
    family="supply",
    commands={"build": BuildCommand},
    agent_views=AGENT_VIEWS,
)
