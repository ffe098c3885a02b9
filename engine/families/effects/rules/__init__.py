"""Effects with targets: ``move``, ``show``, ``swap``, ``compare``, ``status``, ``eliminate``, ``counter``,
``record-round``, ``run-card``."""

from engine.families.effects.rules.compare import CompareStep
from engine.families.effects.rules.counter import CounterStep
from engine.families.effects.rules.move import MoveStep
from engine.families.effects.rules.record_round import RecordRoundStep
from engine.families.effects.rules.run_card import RunCardStep
from engine.families.effects.rules.show import ShowStep
from engine.families.effects.rules.status import EliminateStep, StatusStep
from engine.families.effects.rules.swap import SwapStep

# The blocks this family adds to the catalog.
BLOCKS = (
    CompareStep,
    CounterStep,
    EliminateStep,
    MoveStep,
    RecordRoundStep,
    RunCardStep,
    ShowStep,
    StatusStep,
    SwapStep,
)
