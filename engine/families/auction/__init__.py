"""The auction family: bidding with cards of value, the two auction kinds, taking the lot, the discard effect.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
