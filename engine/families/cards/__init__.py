"""Card blocks: dealing, shuffling, revealing, drawing, moving, and choosing the first player.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
