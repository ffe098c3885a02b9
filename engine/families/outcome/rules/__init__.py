"""Outcome blocks: who cannot win (elimination) and how a tie for the best score is broken (tiebreaks)."""

from engine.families.outcome.rules.highest_attribute import HighestAttribute
from engine.families.outcome.rules.highest_measure import HighestMeasure
from engine.families.outcome.rules.lowest_out import LowestOut
from engine.families.outcome.rules.most_cards import MostCards
from engine.families.outcome.rules.no_elimination import NoElimination
from engine.families.outcome.rules.seat_from_start import SeatFromStart

# The blocks this family adds to the catalog.
BLOCKS = (
    HighestAttribute,
    HighestMeasure,
    LowestOut,
    MostCards,
    NoElimination,
    SeatFromStart,
)
