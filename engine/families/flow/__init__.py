"""Flow blocks: how steps follow each other (a sequence, a loop, each player in turn, turns, phases, a switch).

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
