"""Step ``reveal``: turn the top card of a stack face up."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.events import Revealed
from engine.core.flow import DONE, FlowNode
from engine.language.params import param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class RevealStep(FlowNode):
    """``reveal``: the player in ``player`` turns over the top card of ``from`` onto ``to``, for everyone to see.

    End conditions that watch reveals (``nth-tagged-revealed``) are asked
    at once. An empty ``from`` reveals nothing.

    Parameters: ``from`` (a stack), ``to`` (a shared zone), ``player`` (a
    variable, default ``start``).

    ```yaml
    - {kind: reveal, from: deck, to: revealed, player: start}
    ```
    """

    kind = "reveal"
    instant = True
    parameters = {
        "from": param("From", "The stack whose top card is turned over.", zone("shared", ("stack",)), option=False),
        "to": param("To", "The zone the card is shown in.", zone("shared"), option=False),
        "player": param("Player", "Who turns it over (a player variable; default start).", variable(), option=False),
    }
    required = ("from", "to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec["from"]
        self.target_id = spec["to"]
        self.player_name = spec.get("player", "start")

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards."""
        return [(spec.get("from"), spec.get("to"), None, False)]

    def compile(self, game: Game) -> None:
        self.source = game.zones.slot_of(self.source_id)
        self.target = game.zones.slot_of(self.target_id)
        self.player = game.variable(self.player_name)
        self.reveal_ends = game.reveal_ends
        self.target_is_set = type(game.zones.empty[self.target]) is int
        self.ids_of_instances = tuple(game.cards.id_of(instance) for instance in range(game.cards.size))

    def run(self, state: State) -> int:
        zones = state.zones
        content = zones[self.source]
        if not content:
            return DONE
        instance = content[-1]
        zones[self.source] = content[:-1]
        if self.target_is_set:
            zones[self.target] |= 1 << instance
        else:
            zones[self.target] = zones[self.target] + (instance,)
        state.revealed_mask |= 1 << instance
        if state.recording:
            state.events.append(
                Revealed(state.variables[self.player], self.ids_of_instances[instance], state.round_number)
            )
        for end in self.reveal_ends:
            if end.on_reveal(state, instance):
                return end.trigger(state, self.ids_of_instances[instance])
        return DONE
