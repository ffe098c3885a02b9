"""Card blocks: dealing, shuffling, revealing, drawing, moving, and choosing the first player."""
from . import choose_first_player, deal, deal_each, draw, move_all, reveal, shuffle  # noqa: F401
