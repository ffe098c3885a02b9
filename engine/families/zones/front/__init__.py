"""The zones family's front half: ``buy`` and ``deposit`` at every prompt, the bounded view of buying, and what
they tell the heuristic bot."""

from engine.families.common.front.family import FrontHalf
from engine.families.zones.front.agent_views import AGENT_VIEWS
from engine.families.zones.front.hints import HINTS
from engine.families.zones.front.prompts import BuyCommand, DepositCommand

FRONT = FrontHalf(
    family="zones",
    commands={"buy-zone": BuyCommand, "deposit": DepositCommand},
    agent_views=AGENT_VIEWS,
    hints=HINTS,
)
