"""Decision ``plant-all``: plant every card of a zone (cards set aside), in the order the player chooses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.i18n import _
from engine.core.decisions import ActionList
from engine.core.flow import DONE
from engine.core.zones import instances_in
from engine.families.planting.rules.plant import PlantingStep
from engine.language.params import name, param, variable, zone

if TYPE_CHECKING:
    from engine.core.state import State


class PlantAllStep(PlantingStep):
    """``plant-all``: the player plants every card of their zone ``from`` into their zones tagged ``into``, one at a time, in the order they choose.

    Nothing may be kept back: the step ends when ``from`` is empty. Each
    action names the card (by type) and the zone. A card that no zone takes
    waits until the player makes room with an action they may take at any
    time (a harvest); the ruleset must declare one (``anytime``). With an empty
    zone there is nothing to do and no decision is asked.

    Parameters: ``from`` (a player zone), ``into`` (a zone tag), ``player`` (default ``active``).

    ```yaml
    - {kind: plant-all, from: set-aside, into: field, player: player}
    ```
    """

    kind = "plant-all"
    parameters = {
        "from": param("From", "The player's zone whose cards must all be planted.", zone("player"), option=False),
        "into": param("Into", "The tag of the player's zones cards are planted in.", name("zone-tag"), option=False),
        "player": param("Player", "Who plants (a player variable; default active).", variable(), option=False),
    }
    required = ("from", "into")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards (into every zone with the tag)."""
        return [(spec.get("from"), f"#{spec.get('into')}", None, False)]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """A card that waits for room needs an action taken at any time to make it (a harvest)."""

        if not (context.data.get("anytime") or []):
            context.add(
                path,
                # TRANSLATORS: a ruleset error of a plant-all step; `anytime` is a ruleset keyword: keep it as it is.
                # An action taken at any time is e.g. a harvest that frees a field.
                _(
                    "a card no zone takes waits for room made by an action taken at any time, and this "
                    "ruleset declares none (`anytime`)"
                ),
            )

    def start(self, state: State, frame: list) -> int:
        player = state.variables[self.player]
        if not state.zones[state.slot(self.source_zone, player)]:
            return DONE
        return state.decide(player)

    def _types_waiting(self, state: State, player: int) -> list[int]:
        type_of = state.game.cards.type_of
        seen: list[int] = []
        for instance in instances_in(state.zones[state.slot(self.source_zone, player)]):
            if type_of[instance] not in seen:
                seen.append(type_of[instance])
        return seen

    def legal(self, state: State, frame: list) -> ActionList:
        player = state.current
        action = self.space.action
        return ActionList(
            [
                action(type_index, zone_index)
                for type_index in self._types_waiting(state, player)
                for zone_index in self.open_targets(state, player, type_index)
            ],
            kind="plant",
        )

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        return {"from": self.source_id, "into": self.tag, "left": state.count_in(self.source_zone, state.current)}

    def apply(self, state: State, frame: list, action: int) -> int:
        player = state.current
        instance = None
        if action in self.space:
            type_index, zone_index = self.space.parts(action)
            content = state.zones[state.slot(self.source_zone, player)]
            type_of = state.game.cards.type_of
            instance = next((held for held in instances_in(content) if type_of[held] == type_index), None)
        if instance is None or not self.takes_now(state, player, zone_index, type_index):
            raise IllegalActionError.at(self.describe_requirement())
        self.plant(state, player, instance, zone_index)
        if not state.zones[state.slot(self.source_zone, player)]:
            return DONE
        return state.decide(player)
