"""Flow blocks: how steps follow each other (a sequence, a loop, each player in turn, turns, phases, a switch)."""

from engine.blocks.flow.anytime_chance import AnytimeChanceStep
from engine.blocks.flow.check_end import CheckEndStep
from engine.blocks.flow.each_player import EachPlayerStep
from engine.blocks.flow.phase import PhaseStep
from engine.blocks.flow.repeat import RepeatStep
from engine.blocks.flow.sequence import SequenceStep
from engine.blocks.flow.set_player import SetPlayerStep
from engine.blocks.flow.switch import SwitchStep
from engine.blocks.flow.turns import TurnsStep

# The blocks this family adds to the catalog.
BLOCKS = (
    AnytimeChanceStep,
    CheckEndStep,
    EachPlayerStep,
    PhaseStep,
    RepeatStep,
    SequenceStep,
    SetPlayerStep,
    SwitchStep,
    TurnsStep,
)


# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {"anytime-chance": "prompts:ChancePrompt"},
}
