"""What the card family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

The decisions a card may grant (look at the top card, move a card of the
row, order the cards drawn) are played by the bots layer's ``rows`` strategy;
the facts: their words and how their actions are made. Its draws tell how
fast the stacks run out, its reveals which stacks the cards turned up come from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.cards import count_for_players
from engine.families.common.front.hints import BotHints, DrawFacts, MoveFacts, OrderFacts, PeekFacts, RevealFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def draw_facts(game: Game) -> DrawFacts | None:
    """Every draw of the game: the stack drawn from and how many cards."""
    draws = tuple(
        (node.spec.get("from"), count_for_players(node.spec.get("count", 1), game.player_count))
        for node in game.nodes
        if node.kind == "draw"
    )
    return DrawFacts(draws) if draws else None


def reveal_facts(game: Game) -> RevealFacts | None:
    """Every reveal of the game: the stack a card is turned up from, and the zone it is shown in."""
    reveals = tuple((node.source_id, node.target_id) for node in game.nodes if node.kind == "reveal")
    return RevealFacts(reveals) if reveals else None


def _granted(kind: str, facts: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The facts of a decision a card may grant, where the game has it."""

    def found(game: Game) -> Any:
        return facts(game) if any(node.kind == kind for node in game.nodes) else None

    return found


def _peek(game: Game) -> PeekFacts:
    return PeekFacts(keep="done", bottom="bottom")


def _move(game: Game) -> MoveFacts:
    action = game.space("move-in-row").action

    def to_front(position: int) -> int:
        return action(position, 0)

    return MoveFacts(keep="done", move="move", to_front=to_front)


def _order(game: Game) -> OrderFacts:
    return OrderFacts(order=game.space("order").action)


HINTS = {
    "draw": BotHints(facts=draw_facts),
    "reveal": BotHints(facts=reveal_facts),
    "peek-top": BotHints("rows", _granted("peek-top", _peek)),
    "move-in-row": BotHints("rows", _granted("move-in-row", _move)),
    "order-back": BotHints("rows", _granted("order-back", _order)),
}
