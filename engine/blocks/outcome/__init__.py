"""Outcome blocks: who cannot win (elimination) and how a tie for the best score is broken (tiebreaks)."""

from . import highest_attribute, highest_measure, lowest_out, most_cards, no_elimination  # noqa: F401
