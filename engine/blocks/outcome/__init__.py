"""Outcome blocks: who cannot win (elimination) and how a tie for the best score is broken (tiebreaks)."""

from engine.blocks.outcome.highest_attribute import HighestAttribute
from engine.blocks.outcome.highest_measure import HighestMeasure
from engine.blocks.outcome.lowest_out import LowestOut
from engine.blocks.outcome.most_cards import MostCards
from engine.blocks.outcome.no_elimination import NoElimination

# The blocks this family adds to the catalog.
BLOCKS = (
    HighestAttribute,
    HighestMeasure,
    LowestOut,
    MostCards,
    NoElimination,
)
