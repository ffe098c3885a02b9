"""cardrules: a rules-as-data engine for tabletop card games.

The public Python API (see ``docs/api.md``)::

    import engine
    ruleset = engine.load_ruleset("GAME/EDITION")   # or a path to a house rule
    game = engine.Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(seed=7)

Names are imported on first use, so ``import engine`` (and the command line's
start-up) stays quick.
"""

from __future__ import annotations

import warnings
from typing import Any

from engine import compiled as _compiled

# A compiled module (make fast) runs only while its source is the one it was built from; CARDRULES_PURE=1 runs
# every module from its source.
_compiled.use_current_sources()

# The public names, each imported on first use (see __getattr__).
__all__ = [
    "Action",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BOT_KINDS",
    "CHANCE",
    "CardrulesError",
    "Game",
    "Holdings",
    "IllegalActionError",
    "LegalActions",
    "Observation",
    "OptionError",
    "PlayerResult",
    "Result",
    "RulesetError",
    "ScoreStep",
    "State",
    "TERMINAL",
    "errors",
    "list_rulesets",
    "load_ruleset",
    "make_bot",
    "score_players",
]


_FROM_CATALOG = ("load_ruleset", "list_rulesets")
# name -> the module of engine.core that defines it
_FROM_CORE = {
    "Game": "game",
    "State": "state",
    "TERMINAL": "state",
    "CHANCE": "state",
    "Observation": "observation",
    "Action": "decisions",
    "LegalActions": "decisions",
    "Result": "result",
    "PlayerResult": "result",
    "ScoreStep": "result",
    "Holdings": "scoring",
    "score_players": "scoring",
}
_FROM_BOTS = ("make_bot", "BOT_KINDS")
_FROM_ERRORS = (
    "errors",
    "ArgumentTypeError",
    "ArgumentValueError",
    "CardrulesError",
    "IllegalActionError",
    "RulesetError",
    "OptionError",
)


def __getattr__(name: str) -> Any:
    """A public name, imported on first use: ``import engine`` (and the command line's start-up) stays quick."""
    module: Any
    if name in _FROM_CATALOG:
        from engine.families import catalog as module  # lazy: reading every family's blocks takes ~0.3 s
    elif name in _FROM_CORE:
        from engine.core import decisions, game, observation, result, scoring, state  # lazy: not needed for help

        module = {
            "decisions": decisions,
            "game": game,
            "observation": observation,
            "result": result,
            "scoring": scoring,
            "state": state,
        }[_FROM_CORE[name]]
    elif name in _FROM_BOTS:
        from engine.fronts import bots as module  # lazy: the bots load the families' strategies
    elif name in _FROM_ERRORS:
        from engine.base import errors as module  # lazy: the base layer loads the catalogs' reader
    else:
        from engine.families import catalog  # lazy: as for load_ruleset

        value = catalog.deprecated_name(name)  # a name a family once exported here (engine.PASS)
        if value is None:
            raise AttributeError(f"module 'engine' has no attribute {name!r}")
        warnings.warn(catalog.deprecation_message(name), DeprecationWarning, stacklevel=2)
        return value
    value = module if name == "errors" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
