"""The card family's front half: the prompts of the decisions a card may grant (peek-top, move-in-row, order-back)
and the heuristic bot's hints (those played by the ``rows`` strategy; what its draws tell)."""

from engine.families.cards.front.hints import HINTS
from engine.families.cards.front.prompts import MoveInRowPrompt, OrderBackPrompt, PeekTopPrompt
from engine.families.common.front.family import FrontHalf

FRONT = FrontHalf(
    family="cards",
    prompts={"move-in-row": MoveInRowPrompt, "order-back": OrderBackPrompt, "peek-top": PeekTopPrompt},
    hints=HINTS,
)
