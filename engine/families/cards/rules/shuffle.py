"""Step ``shuffle``: shuffle cards into a face-down stack (a chance outcome, recorded in the log)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.core.selectors import card_selector
from engine.core.zones import iterate_bits
from engine.language.params import SELECTOR, one_of, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class ShuffleStep(FlowNode):
    """``shuffle``: the cards of the shared zone ``from`` (default ``box``: every card not yet dealt) that ``cards`` selects are shuffled onto the stack ``to``.

    The order is a chance outcome: drawn from the game's seed, or read from
    the log in a replay. ``log: deck`` writes it as the log's ``deck`` (the
    deck's order, top first); other shuffles are written under ``chance``.

    Parameters: ``to`` (a shared stack), ``from`` (a shared zone), ``cards``
    (a selector, default every card), ``log`` (``deck``).

    ```yaml
    - {kind: shuffle, to: deck, log: deck}
    ```
    """

    kind = "shuffle"
    instant = True
    parameters = {
        "to": param("To", "The stack the shuffled cards form.", zone(kinds=("stack",)), option=False),
        "from": param("From", "The zone the cards come from (default box).", zone("shared"), option=False),
        "cards": param("Cards", "Which cards are shuffled (default every card there).", SELECTOR, option=False),
        "log": param("Log", "deck: record the order as the log's deck.", one_of("deck"), option=False),
    }
    required = ("to",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec.get("from", "box")
        self.target_id = spec["to"]
        self.selector = spec.get("cards")
        self.log_key = spec.get("log")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards."""
        return [(spec.get("from", "box"), spec.get("to"), spec.get("cards"), True)]

    def compile(self, game: Game) -> None:
        matches = card_selector(self.selector)
        mask = 0
        for card in game.cards.types:
            if matches(card):
                mask |= game.cards.type_mask[card.index]
        self.mask = mask
        self.source = game.zones.slot_of(self.source_id)
        self.target = game.zones.slot_of(self.target_id)
        # At setup the box holds every card: its selection is the same each game.
        everything = ((1 << game.cards.size) - 1) & mask
        self.instances_of_mask = {everything: list(iterate_bits(everything))}

    def run(self, state: State) -> int:
        content = state.zones[self.source]
        if type(content) is int:
            chosen = content & self.mask
            instances = self.instances_of_mask.get(chosen)
            if instances is None:
                instances = list(iterate_bits(chosen))
            state.shuffle_into(instances, self.source, self.target, self.target_id, self.log_key, chosen)
            return DONE
        type_mask = self.mask
        instances = [instance for instance in content if type_mask >> instance & 1]
        state.shuffle_into(instances, self.source, self.target, self.target_id, self.log_key)
        return DONE
