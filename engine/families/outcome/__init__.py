"""Outcome blocks: who cannot win (elimination) and how a tie for the best score is broken (tiebreaks).

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); it has no front half: nobody decides in it.
"""
