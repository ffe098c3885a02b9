"""Decision ``peek-top``: a player looks at the top card of a stack, then may put it at the bottom."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...core.decisions import ActionList, ActionSpace, UnionActions
from ...core.flow import DONE, FlowNode
from ...errors import IllegalActionError
from ...text.i18n import _
from ..flow.done import DoneSpace
from ..params import name, param, variable, zone
from ..registry import register


class BottomSpace(ActionSpace):
    """The ``bottom`` space: one int, ``{"action": "bottom"}`` (the top card goes to the bottom)."""

    name = "bottom"
    json_actions = ("bottom",)
    size = 1

    def to_json(self, state: Any, action: int, player: int) -> dict[str, Any]:
        return {"player": player, "action": "bottom"}

    def from_json(self, state: Any, entry: Mapping[str, Any]) -> int:
        return self.base

    def describe(self, state: Any, action: int, player: int) -> str:
        # TRANSLATORS: a player who looked at the top card of the draw pile puts it at the bottom.
        return _("put the top card at the bottom")


@register
class PeekTop(FlowNode):
    """``peek-top``: the player looks at the top card of the stack ``zone``, then puts it at the bottom (``bottom``) or leaves it (``done``).

    Only the deciding player sees the card, while deciding: their
    observation's ``decision`` carries it as ``card`` (a private fact); the
    others see the decision and its outcome, not the card. With ``granted-by``,
    only a player for whom a ``grant`` modifier of that name is active is
    asked; anyone else, and an empty stack, skips the step.

    Parameters: ``zone`` (a shared stack), ``player`` (a variable, default
    ``active``), ``granted-by``.

    ```yaml
    - {id: peek, kind: peek-top, zone: draw, granted-by: peek-draw-pile}
    ```
    """

    kind = "peek-top"
    parameters = {
        "zone": param("Zone", "The shared stack whose top card is looked at.", zone(), option=False),
        "player": param("Player", "Who looks (a variable; default active).", variable(), option=False),
        "granted-by": param("Granted by", "Only a player with a `grant` modifier of this name may.", name(),
                            option=False),
    }
    required = ("zone",)

    def __init__(self, spec: Mapping[str, Any], ruleset: Any, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.zone_id = spec["zone"]
        self.player_name = spec.get("player", "active")
        self.granted_by = spec.get("granted-by")

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """The zone is a shared stack: it has a top and a bottom, and one for the whole table."""
        declared = context.zones.get(spec.get("zone"))
        if isinstance(declared, dict) and (declared.get("owner", "shared") != "shared"
                                           or declared.get("kind", "set") != "stack"):
            context.add(f"{path}.zone", _("the zone {zone} is not a shared stack: only a stack has a top card to "
                                          "look at and a bottom to put it", zone=spec.get("zone")))

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """The card stays in its stack."""
        return []

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("bottom", BottomSpace), ("done", DoneSpace))

    def compile(self, game: Any) -> None:
        self.slot = game.zones.slot_of(self.zone_id)
        self.player = game.variable(self.player_name)
        self.bottom = game.space("bottom").base
        self.done = game.space("done").base
        self.choices = UnionActions([ActionList([self.bottom], kind="bottom"), ActionList([self.done], kind="done")])

    def start(self, state: Any, frame: list) -> int:
        player = state.variables[self.player]
        if not state.zones[self.slot]:
            return DONE
        if self.granted_by is not None and not state.granted(player, self.granted_by):
            return DONE
        return state.decide(player)

    def legal(self, state: Any, frame: list) -> Any:
        return self.choices

    def public_facts(self, state: Any, frame: list) -> Mapping[str, Any]:
        return {"zone": self.zone_id}

    def private_facts(self, state: Any, frame: list) -> Mapping[str, Any]:
        """The top card, for the player deciding only."""
        return {"card": state.game.cards.id_of(state.zones[self.slot][-1])}

    def apply(self, state: Any, frame: list, action: int) -> int:
        if action == self.done:
            return DONE
        if action != self.bottom:
            raise IllegalActionError.at(_("put the top card at the bottom, or done"))
        content = state.zones[self.slot]
        state.zones[self.slot] = content[-1:] + content[:-1]
        return DONE
