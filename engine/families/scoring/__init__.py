"""Score steps: the per-player scoring pipeline, run in order from 0 with exact fractions.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); it has no front half: nobody decides in it.
"""
