"""The limits every part of the program agrees on: how far a game may grow, so that its log can be read back.

A game log is read by strangers' programs as well as ours, and the reader
refuses what is past these limits (``schemas/game-log.schema.json`` states
them, and a test keeps the two in step). The ruleset checks refuse a ruleset
that would deal more cards than a log lists, and a game that would make more
decisions or reshuffles than a log holds is stopped with a located error
before it does: what the program writes, it reads.
"""

from __future__ import annotations

# Seats at one table (a ruleset's ``players.max``, a log's ``players``).
MAX_PLAYERS = 64
# Cards in one game, every copy of every type (a log's ``deck``).
MAX_CARDS = 10_000
# Decisions in one game (a log's ``actions``): far more than any game that ends needs.
MAX_ACTIONS = 100_000
# Shuffles after the setup (a log's ``chance``).
MAX_CHANCE_OUTCOMES = 10_000
# Digits a score may grow to through the factors that multiply it (a factor per card held): far more than
# any game needs, few enough that every score is a float for statistics and prints in full.
MAX_SCORE_FACTOR_DIGITS = 60
