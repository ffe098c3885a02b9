"""The supply family: cards players take from a shared supply into their own zones by paying for them (buildings)."""

from engine.blocks.supply.build import Build

# The blocks this family adds to the catalog.
BLOCKS = (Build,)

FRONT_ENDS = {
    # "anytime:KIND" -> the command that reads this action at every terminal prompt
    "prompts": {"anytime:build": "prompts:BuildCommand"},
}
