"""Flow blocks: how steps follow each other (a sequence, a loop, each player in turn, turns, phases, a switch)."""
from . import check_end, each_player, phase, repeat, sequence, set_player, switch, turns  # noqa: F401
