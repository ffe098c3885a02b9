"""Control blocks: ``if``/``else`` on an expression, ``for-each`` over players, cards or numbers, ``call`` of a named
step with parameters, ``assign`` of a player variable.

``rules``: its blocks (the catalog gathers ``rules.BLOCKS``); the family has no front half of its own (its steps never
decide: the decisions are the steps they hold).
"""
