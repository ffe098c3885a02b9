"""The general decision ``choose`` and the action space every choice of a ruleset shares."""

from engine.families.choice.rules.choose import ChooseStep
from engine.families.choice.rules.space import ChoiceSpace

# The blocks this family adds to the catalog.
BLOCKS = (ChooseStep,)
# The action spaces its blocks decide in.
SPACES = (ChoiceSpace,)
