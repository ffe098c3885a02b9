"""Card blocks: dealing, shuffling, revealing, drawing, moving, and choosing the first player."""

from engine.families.cards.rules.choose_first_player import ChooseFirstPlayerStep
from engine.families.cards.rules.deal import DealStep
from engine.families.cards.rules.deal_each import DealEachStep
from engine.families.cards.rules.draw import DrawStep
from engine.families.cards.rules.move_all import MoveAllStep
from engine.families.cards.rules.move_in_row import MoveInRow, MoveInRowSpace
from engine.families.cards.rules.order_back import OrderBack, OrderSpace
from engine.families.cards.rules.peek_top import BottomSpace, PeekTop
from engine.families.cards.rules.reveal import RevealStep
from engine.families.cards.rules.shuffle import ShuffleStep

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

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (
    MoveInRowSpace,
    BottomSpace,
    OrderSpace,
)
