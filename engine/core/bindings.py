"""Names that steps bind while a game runs (a chosen card, a loop's player, a named step's parameter).

A ruleset's steps may bind a value to a name (``as: target``) that later
steps and expressions read. The language gives every such name a slot
(``ruleset.bound_names``); a state keeps one value per slot in
``state.bound``, copied with the state, so a search sees what the game saw.
"""

from __future__ import annotations


class Unbound:
    """The value of a name no step has bound yet."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNBOUND"

    def __reduce__(self) -> str:
        return "UNBOUND"  # one object, also in a worker process


UNBOUND = Unbound()
