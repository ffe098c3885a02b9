"""Any ruleset as an OpenSpiel game: the public entry point, ``engine.openspiel.register`` and ``load``.

The adapter lives with the other front ends, in
:mod:`engine.fronts.adapters.openspiel`; this module keeps the documented
name (``pip install '.[openspiel]'``). Importing it registers every shipped ruleset.
"""

from engine.fronts.adapters.openspiel import (
    CardrulesGame,
    CardrulesState,
    ISMCTSBot,
    load,
    register,
    register_shipped,
    short_name,
)

__all__ = ["CardrulesGame", "CardrulesState", "ISMCTSBot", "load", "register", "register_shipped", "short_name"]
