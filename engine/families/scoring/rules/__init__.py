"""Score steps: the per-player scoring pipeline, run in order from 0 with exact fractions."""

from engine.families.scoring.rules.add_measure import AddMeasure
from engine.families.scoring.rules.add_per_card import AddPerCard
from engine.families.scoring.rules.floor_score import FloorScore
from engine.families.scoring.rules.multiply_per_card import MultiplyPerCard
from engine.families.scoring.rules.round_score import RoundScore
from engine.families.scoring.rules.sum_attribute import SumAttribute
from engine.families.scoring.rules.table_by_count import TableByCount

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
