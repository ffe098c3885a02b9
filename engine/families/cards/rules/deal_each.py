"""Setup step ``deal-each``: every player receives one card of each selected type."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DONE, FlowNode
from engine.core.selectors import card_selector
from engine.language.params import SELECTOR, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class DealEachStep(FlowNode):
    """``deal-each``: each player, in seat order, takes one card of every type the ``cards`` selector picks from the box into their zone ``to``.

    The types need a copy per player (``count: {per-player: 1}``). Seat 0
    gets copy 0 of each type, seat 1 copy 1 and so on.

    Parameters: ``cards`` (a selector), ``to`` (a player zone).

    ```yaml
    - {kind: deal-each, cards: {tag: money}, to: hand}   # a hand of one card of each value
    ```
    """

    kind = "deal-each"
    instant = True
    parameters = {
        "cards": param("Cards", "Which card types every player receives one of.", SELECTOR, option=False),
        "to": param("To", "The player zone they go to.", zone("player"), option=False),
    }
    required = ("cards", "to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.matches = card_selector(spec.get("cards"))
        self.target = spec["to"]

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards: ``(from, to, selector, empties the source of them)``."""
        return [("box", spec.get("to"), spec.get("cards"), True)]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Every type dealt needs one copy per player."""

        for card in context.matching(spec.get("cards")):
            for players in (context.players_min, context.players_max):
                copies = context.copies(card, players)
                if copies < players:
                    # TRANSLATORS: error in a ruleset file: too few copies of a card to deal each player one; {card} is
                    # a card's id, e.g. "money-1000"; {players} and {copies} are numbers.
                    context.add(
                        card["path"] + (".count" if "count" in card["spec"] else ".id"),
                        _(
                            "every player is dealt one {card}, but with {players} players there are {copies}",
                            card=card["id"],
                            players=players,
                            copies=copies,
                        ),
                    )
                    return

    def compile(self, game: Game) -> None:
        self.types = tuple(card.index for card in game.cards.types if self.matches(card))
        self.target_index = game.zone_index(self.target)
        self.target_slots = tuple(game.zones.slot(self.target_index, seat) for seat in range(game.player_count))
        # When every copy is still in the box (the usual case), seat s gets copy s of each type.
        self.all_copies = 0
        deals = []
        for seat in range(game.player_count):
            mask = 0
            for type_index in self.types:
                copies = game.cards.instances_of[type_index]
                if seat < len(copies):
                    mask |= 1 << copies[seat]
                self.all_copies |= game.cards.type_mask[type_index]
            deals.append(mask)
        self.usual_deals = tuple(deals)
        self.target_is_set = type(game.zones.empty[self.target_slots[0]]) is int if self.target_slots else True

    def run(self, state: State) -> int:
        game = state.game
        box = game.box_slot
        if self.target_is_set and state.zones[box] & self.all_copies == self.all_copies:
            for seat, mask in enumerate(self.usual_deals):
                state.move_mask(mask, box, self.target_slots[seat], player=seat, step=self.id)
            return DONE
        for seat in range(state.player_count):
            dealt = []
            for type_index in self.types:
                available = state.zones[box] & game.cards.type_mask[type_index]
                if available:
                    dealt.append((available & -available).bit_length() - 1)
            state.move(dealt, box, self.target_slots[seat], player=seat, step=self.id)
        return DONE
