"""Building blocks: every kind of rule a ruleset may name, grouped by family.

:mod:`engine.blocks.catalog` gathers every family's blocks into the catalog
the ruleset language reads with; ``docs/rulesets.md`` documents every block
with an example.
"""
