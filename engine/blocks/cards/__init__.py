"""Card blocks: dealing, shuffling, revealing, drawing, and choosing the first player."""
from . import choose_first_player, deal_each, draw, reveal, shuffle  # noqa: F401
