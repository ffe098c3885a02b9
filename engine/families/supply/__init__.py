"""The supply family: cards players take from a shared supply into their own zones by paying for them (buildings).

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
