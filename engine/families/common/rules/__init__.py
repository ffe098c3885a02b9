"""What the rules halves of several families share."""

from engine.families.common.rules.done import DoneSpace
from engine.families.common.rules.modifiers import MODIFIERS as MODIFIERS

# The action spaces of this family's decisions: what their log entries hold.
SPACES = (DoneSpace,)
