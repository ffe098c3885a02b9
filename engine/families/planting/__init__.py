"""The planting family: play cards from an ordered hand or from cards set aside into zones that take one type each.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
