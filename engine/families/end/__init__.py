"""End conditions: when the game is over, and whether it ends at once or after the round.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); it has no front half: nobody decides in it.
"""
