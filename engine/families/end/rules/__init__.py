"""End conditions: when the game is over, and whether it ends at once or after the round."""

from engine.families.end.rules.condition import ConditionEnd
from engine.families.end.rules.counter_reaches import CounterReaches
from engine.families.end.rules.deck_empty import DeckEmpty
from engine.families.end.rules.nth_tagged_revealed import NthTaggedRevealed

# The blocks this family adds to the catalog.
BLOCKS = (
    ConditionEnd,
    CounterReaches,
    DeckEmpty,
    NthTaggedRevealed,
)
