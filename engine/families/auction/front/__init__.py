"""The auction family's front half: the bid and discard prompts, the narration of bids, payments and
takes, the heuristic bot's hints (its decisions played by the ``bidding`` strategy), and the bounded view of bids
for learning libraries."""

from engine.families.auction.front.agent_views import AGENT_VIEWS, DECISION_FEATURES
from engine.families.auction.front.hints import HINTS
from engine.families.auction.front.narration import NARRATORS
from engine.families.auction.front.prompts import BidPrompt, DiscardPrompt
from engine.families.common.front.family import FrontHalf

FRONT = FrontHalf(
    family="auction",
    prompts={"ascending": BidPrompt, "first-pass-takes": BidPrompt, "discard-choice": DiscardPrompt},
    narrators=NARRATORS,
    hints=HINTS,
    agent_views=AGENT_VIEWS,
    decision_features=DECISION_FEATURES,
)
