"""The card family's front half: the prompts and the heuristic policy of the decisions a card may grant
(peek-top, move-in-row, order-back)."""

from engine.families.cards.front.heuristic import RowPolicy
from engine.families.cards.front.prompts import MoveInRowPrompt, OrderBackPrompt, PeekTopPrompt
from engine.families.common.front.family import FrontHalf

FRONT = FrontHalf(
    family="cards",
    prompts={"move-in-row": MoveInRowPrompt, "order-back": OrderBackPrompt, "peek-top": PeekTopPrompt},
    policies={"peek-top": RowPolicy, "move-in-row": RowPolicy, "order-back": RowPolicy},
)
