"""Card blocks: dealing, shuffling, revealing, drawing, moving, and choosing the first player."""

from engine.blocks.cards.choose_first_player import ChooseFirstPlayerStep
from engine.blocks.cards.deal import DealStep
from engine.blocks.cards.deal_each import DealEachStep
from engine.blocks.cards.draw import DrawStep
from engine.blocks.cards.move_all import MoveAllStep
from engine.blocks.cards.move_in_row import MoveInRow
from engine.blocks.cards.order_back import OrderBack
from engine.blocks.cards.peek_top import PeekTop
from engine.blocks.cards.reveal import RevealStep
from engine.blocks.cards.shuffle import ShuffleStep

# The blocks this family adds to the catalog.
BLOCKS = (
    ChooseFirstPlayerStep,
    DealStep,
    DealEachStep,
    DrawStep,
    MoveAllStep,
    MoveInRow,
    OrderBack,
    PeekTop,
    RevealStep,
    ShuffleStep,
)


# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {
        "move-in-row": "prompts:MoveInRowPrompt",
        "order-back": "prompts:OrderBackPrompt",
        "peek-top": "prompts:PeekTopPrompt",
    },
    # decision kind -> the heuristic bot's policy for it
    "policies": {
        "peek-top": "heuristic:RowPolicy",
        "move-in-row": "heuristic:RowPolicy",
        "order-back": "heuristic:RowPolicy",
    },
}
