"""Control blocks: ``if``, ``for-each``, ``call``, ``assign``."""

from engine.families.control.rules.assign import AssignStep
from engine.families.control.rules.call import CallStep
from engine.families.control.rules.for_each import ForEachStep
from engine.families.control.rules.if_step import IfStep

# The blocks this family adds to the catalog.
BLOCKS = (AssignStep, CallStep, ForEachStep, IfStep)
