"""Effects with targets: move cards, show them to one player or to all, swap, compare, put a player out, set a
status, change a counter, record a round, run the steps a card declares.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); ``front``: how their events are told.
"""
