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

import importlib
from typing import Any

# public name -> module that defines it
_EXPORTS = {
    "load_ruleset": "engine.families.catalog",
    "list_rulesets": "engine.families.catalog",
    "Game": "engine.core.game",
    "State": "engine.core.state",
    "TERMINAL": "engine.core.state",
    "CHANCE": "engine.core.state",
    "Observation": "engine.core.observation",
    "Action": "engine.core.decisions",
    "LegalActions": "engine.core.decisions",
    "Result": "engine.core.result",
    "PlayerResult": "engine.core.result",
    "ScoreStep": "engine.core.result",
    "Holdings": "engine.core.scoring",
    "score_players": "engine.core.scoring",
    "make_bot": "engine.fronts.bots",
    "BOT_KINDS": "engine.fronts.bots",
    "PASS": "engine.families.auction.rules.bidding",
    "CHOICE_BASE": "engine.families.auction.rules.bidding",
    "errors": "engine.base.errors",
    "CardrulesError": "engine.base.errors",
    "IllegalActionError": "engine.base.errors",
    "RulesetError": "engine.base.errors",
    "OptionError": "engine.base.errors",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    module = importlib.import_module(module_name)
    value = module if name == "errors" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
