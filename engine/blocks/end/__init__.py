"""End conditions: when the game is over, and whether it ends at once or after the round."""

from engine.blocks.end.condition import ConditionEnd
from engine.blocks.end.counter_reaches import CounterReaches
from engine.blocks.end.deck_empty import DeckEmpty
from engine.blocks.end.nth_tagged_revealed import NthTaggedRevealed

# The blocks this family adds to the catalog.
BLOCKS = (
    ConditionEnd,
    CounterReaches,
    DeckEmpty,
    NthTaggedRevealed,
)
