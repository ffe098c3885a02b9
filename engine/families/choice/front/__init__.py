"""The choice family's front half: a choice is played by the heuristic bot's ``lookahead`` strategy, which weighs
each option by the positions it leads to (the ruleset's score, and its ``presentation.search.evaluate``)."""

from engine.families.choice.front.narration import NARRATORS
from engine.families.common.front.family import FrontHalf
from engine.families.common.front.hints import BotHints

FRONT = FrontHalf(family="choice", hints={"choose": BotHints("lookahead")}, narrators=NARRATORS)
