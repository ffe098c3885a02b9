"""The trading family's front half: the trading prompt, the heuristic bot's hints (the ``trading`` strategy
plays it), and the bounded views of offers and answers."""

from engine.families.common.front.family import FrontHalf
from engine.families.trading.front.agent_views import AGENT_VIEWS, DECISION_FEATURES
from engine.families.trading.front.hints import HINTS
from engine.families.trading.front.prompts import TradePrompt

FRONT = FrontHalf(
    family="trading",
    prompts={"trade": TradePrompt},
    hints=HINTS,
    agent_views=AGENT_VIEWS,
    decision_features=DECISION_FEATURES,
)
