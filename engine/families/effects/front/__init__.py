"""The effects family's front half: how its events are told."""

from engine.families.common.front.family import FrontHalf
from engine.families.effects.front.narration import NARRATORS

FRONT = FrontHalf(family="effects", narrators=NARRATORS)
