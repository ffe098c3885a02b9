"""The trading family: offers between the active player and the others, answered one at a time.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
