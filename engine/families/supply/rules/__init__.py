"""The supply family: cards players take from a shared supply into their own zones by paying for them (buildings)."""

from engine.families.supply.rules.build import Build

# The blocks this family adds to the catalog.
BLOCKS = (Build,)
