"""The zones family: zones that start closed and are opened at setup or bought during play (a third field).

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
