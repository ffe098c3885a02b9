"""End conditions: when the game is over, and whether it ends at once or after the round."""

from . import condition, counter_reaches, deck_empty, nth_tagged_revealed  # noqa: F401
