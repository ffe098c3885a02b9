"""Score steps: the per-player scoring pipeline, run in order from 0 with exact fractions."""

from engine.blocks.scoring.add_measure import AddMeasure
from engine.blocks.scoring.add_per_card import AddPerCard
from engine.blocks.scoring.floor_score import FloorScore
from engine.blocks.scoring.multiply_per_card import MultiplyPerCard
from engine.blocks.scoring.round_score import RoundScore
from engine.blocks.scoring.sum_attribute import SumAttribute
from engine.blocks.scoring.table_by_count import TableByCount

# The blocks this family adds to the catalog.
BLOCKS = (
    AddMeasure,
    AddPerCard,
    FloorScore,
    MultiplyPerCard,
    RoundScore,
    SumAttribute,
    TableByCount,
)
