"""The harvest family: turning a zone of cards into points by a lookup table (a field's harvest), at any time or at the end."""

from engine.blocks.harvest.harvest import Harvest
from engine.blocks.harvest.harvest_all import HarvestAllStep

# The blocks this family adds to the catalog.
BLOCKS = (
    Harvest,
    HarvestAllStep,
)

FRONT_ENDS = {
    # "anytime:KIND" -> the command that reads this action at every terminal prompt
    "prompts": {"anytime:harvest": "prompts:HarvestCommand"},
    # decision kind -> the heuristic bot's policy for it (the last chance of a turn is for harvesting)
    "policies": {"anytime-chance": "heuristic:HarvestPolicy"},
    # name -> what a player's position may still score (a search's estimate of a game it cuts short)
    "estimates": {"fields": "heuristic:points_to_come"},
    "narration": ("narration",),
}
