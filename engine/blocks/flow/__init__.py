"""Flow blocks: how steps follow each other (a sequence, a loop, each player in turn, turns, phases, a switch)."""

from . import anytime_chance, check_end, each_player, phase, repeat, sequence, set_player, switch, turns  # noqa: F401

# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {"anytime-chance": "prompts:ChancePrompt"},
}
