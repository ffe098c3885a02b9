"""The supply family: cards players take from a shared supply into their own zones by paying for them (buildings)."""

from . import build  # noqa: F401

# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # "anytime:KIND" -> the command that reads this action at every terminal prompt
    "prompts": {"anytime:build": "prompts:BuildCommand"},
}
