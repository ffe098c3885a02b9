"""End conditions: when the game is over, and whether it ends at once or after the round.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what its conditions tell the heuristic
bot of how near the end is (nobody decides in them).
"""
