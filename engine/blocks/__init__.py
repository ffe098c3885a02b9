"""Building blocks: every kind of rule a ruleset may name, grouped by family.

See :mod:`engine.blocks.registry` for the registry and the categories, and
``docs/rulesets.md`` for every block with an example.
"""

from .registry import BLOCKS, CATEGORIES, all_blocks, build, register, step_builder

__all__ = ["BLOCKS", "CATEGORIES", "all_blocks", "build", "register", "step_builder"]
