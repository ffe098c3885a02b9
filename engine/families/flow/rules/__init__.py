"""Flow blocks: how steps follow each other (a sequence, a loop, each player in turn, turns, phases, a switch)."""

from engine.families.flow.rules.anytime_chance import AnytimeChanceStep
from engine.families.flow.rules.check_end import CheckEndStep
from engine.families.flow.rules.each_player import EachPlayerStep
from engine.families.flow.rules.phase import PhaseStep
from engine.families.flow.rules.repeat import RepeatStep
from engine.families.flow.rules.sequence import SequenceStep
from engine.families.flow.rules.set_player import SetPlayerStep
from engine.families.flow.rules.switch import SwitchStep
from engine.families.flow.rules.turns import TurnsStep

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
