"""The harvest family: turning a zone of cards into points by a lookup table (a field's harvest), at any time or at the end.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: what the front ends need of them (``front.FRONT``).
"""
