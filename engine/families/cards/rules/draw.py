"""Step ``draw``: a player takes cards from the top of a stack."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.cards import count_for_players
from engine.core.flow import DONE, FlowNode
from engine.language.params import COUNT, by_players_schema, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class DrawStep(FlowNode):
    """``draw``: the player in ``player`` takes ``count`` cards, one at a time, from the top of the stack ``from`` into their zone ``to``.

    Into a row the cards go to the back, in the order drawn. When the stack
    runs out, its ``refill`` rule (see *Zones*) may reshuffle another zone
    into it and draw on; otherwise the draw stops short. ``count`` may depend
    on the number of players (``{by-players: {6: 4, 7: 4}, otherwise: 3}``).

    Parameters: ``from``, ``to``, ``count`` (default 1), ``player`` (default ``active``).

    ```yaml
    - {kind: draw, from: deck, to: hand, count: 3}
    ```
    """

    kind = "draw"
    instant = True
    parameters = {
        "from": param("From", "The stack drawn from.", zone("shared", ("stack",)), option=False),
        "to": param("To", "The zone of the player the cards go to.", zone(), option=False),
        "count": param(
            "Count", "How many cards (a number, or by number of players).", {"anyOf": [COUNT, by_players_schema(COUNT)]}
        ),
        "player": param("Player", "Who draws (a player variable; default active).", variable(), option=False),
    }
    required = ("from", "to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec["from"]
        self.target_id = spec["to"]
        self.count_spec = spec.get("count", 1)
        self.player_name = spec.get("player", "active")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards."""
        return [(spec.get("from"), spec.get("to"), None, False)]

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Game) -> None:
        self.source = game.zones.slot_of(self.source_id)
        self.target_zone = game.zone_index(self.target_id)
        self.player = game.variable(self.player_name)
        self.count = count_for_players(self.count_spec, game.player_count)
        self.refill = game.refills.get(self.source_id)

    def run(self, state: State) -> int:
        player = state.variables[self.player]
        target = state.slot(self.target_zone, player)
        for _ in range(self.count):
            content = state.zones[self.source]
            if not content:
                break
            instance = content[-1]
            state.move((instance,), self.source, target, player=player, step=self.id)
            if not state.zones[self.source] and self.refill is not None:
                signal = self.refill.exhausted(state)
                if signal != DONE:
                    return signal
                if not state.zones[self.source]:
                    break
        return DONE
