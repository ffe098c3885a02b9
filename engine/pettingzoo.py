"""Any ruleset as a PettingZoo AEC environment: the public entry point, ``engine.pettingzoo.env``.

The adapter lives with the other front ends, in
:mod:`engine.fronts.adapters.pettingzoo`; this module keeps the documented
name (``pip install '.[rl]'``).
"""

from engine.fronts.adapters.pettingzoo import default_ruleset, env, raw_env

__all__ = ["default_ruleset", "env", "raw_env"]
