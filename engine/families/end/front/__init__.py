"""The end family's front half: what its end conditions tell the heuristic bot (nobody decides in them)."""

from engine.families.common.front.family import FrontHalf
from engine.families.end.front.hints import HINTS

FRONT = FrontHalf(
    family="end",
    hints=HINTS,
)
