"""The supply family: cards players take from a shared supply into their own zones by paying for them (buildings)."""

from engine.families.supply.rules.build import Build, BuildSpace

# The blocks this family adds to the catalog.
BLOCKS = (Build,)

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (BuildSpace,)
