"""Step ``move-all``: every card of one zone goes to another (the face-up cards kept go beside their owner's fields)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.core.selectors import card_mask
from engine.core.zones import instances_in
from engine.language.params import SELECTOR, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class MoveAllStep(FlowNode):
    """``move-all``: every card in zone ``from`` moves to zone ``to``, in its order (to the back of a row, onto a stack).

    For a player zone, the player is the one in ``player``. With ``cards`` (a
    selector) only the cards it picks move: at setup, ``from: box`` sets cards
    apart before the deck is shuffled (an expansion's supply).

    Parameters: ``from``, ``to``, ``player`` (a variable, default ``active``), ``cards``.

    ```yaml
    - {kind: move-all, from: face-up, to: set-aside}   # the cards the active player kept
    - {kind: move-all, from: box, to: supply, cards: {tag: building}}
    ```
    """

    kind = "move-all"
    instant = True
    parameters = {
        "from": param("From", "The zone emptied.", zone(), option=False),
        "to": param("To", "The zone its cards go to.", zone(), option=False),
        "player": param(
            "Player", "Whose zones, for player zones (a variable; default active).", variable(), option=False
        ),
        "cards": param("Cards", "Which cards move (a selector; default every card there).", SELECTOR, option=False),
    }
    required = ("from", "to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec["from"]
        self.target_id = spec["to"]
        self.player_name = spec.get("player", "active")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards (all of them)."""
        return [(spec.get("from"), spec.get("to"), spec.get("cards"), True)]

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Game) -> None:
        self.source_zone = game.zone_index(self.source_id)
        self.target_zone = game.zone_index(self.target_id)
        self.player = game.variable(self.player_name)
        if self.spec.get("cards"):
            # The selected card types, as a mask over card instances.
            types = card_mask(game.ruleset, self.spec["cards"])
            self.mask = sum(game.cards.type_mask[t] for t in range(len(game.cards.types)) if types >> t & 1)
        else:
            self.mask = None

    def run(self, state: State) -> int:
        player = state.variables[self.player]
        source = state.slot(self.source_zone, player)
        content = state.zones[source]
        if content:
            moving = instances_in(content)
            if self.mask is not None:
                mask = self.mask
                moving = [instance for instance in moving if mask >> instance & 1]
            if moving:  # none of the cards there is one that moves: nothing happens, and nothing is told
                state.move(moving, source, state.slot(self.target_zone, player), player=player, step=self.id)
        return DONE
