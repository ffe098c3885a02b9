"""Score steps: the per-player scoring pipeline, run in order from 0 with exact fractions."""

from . import add_measure, add_per_card, floor_score, multiply_per_card, round_score, sum_attribute, table_by_count  # noqa: F401
