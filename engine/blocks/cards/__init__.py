"""Card blocks: dealing, shuffling, revealing, drawing, moving, and choosing the first player."""

from . import choose_first_player, deal, deal_each, draw, move_all, move_in_row, order_back, peek_top, reveal, shuffle  # noqa: F401

# What the front ends need of this family (see engine.blocks.registry.family_parts).
FRONT_ENDS = {
    # decision kind -> "module:attribute" of the terminal prompt that asks it
    "prompts": {
        "move-in-row": "prompts:MoveInRowPrompt",
        "order-back": "prompts:OrderBackPrompt",
        "peek-top": "prompts:PeekTopPrompt",
    },
    # decision kind -> the heuristic bot's policy for it
    "policies": {
        "peek-top": "heuristic:RowPolicy",
        "move-in-row": "heuristic:RowPolicy",
        "order-back": "heuristic:RowPolicy",
    },
}
