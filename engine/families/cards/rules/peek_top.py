"""Decision ``peek-top``: a player looks at the top card of a stack, then may put it at the bottom."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.i18n import _
from engine.core.decisions import ActionList, ActionSpace, UnionActions
from engine.core.flow import DONE
from engine.families.cards.rules.row_decision import GRANTED_PARAMETERS, GrantedDecision
from engine.families.common.rules.done import DoneSpace
from engine.language.params import param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State


class BottomSpace(ActionSpace):
    """The ``bottom`` space: one int, ``{"action": "bottom"}`` (the top card goes to the bottom)."""

    name = "bottom"
    json_actions = ("bottom",)
    bare_actions = ("bottom",)
    size = 1

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        return {"player": player, "action": "bottom"}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        return self.base

    def describe(self, state: State, action: int, player: int) -> str:
        # TRANSLATORS: a player who looked at the top card of the draw pile puts it at the bottom.
        return _("put the top card at the bottom")


class PeekTop(GrantedDecision):
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
        **GRANTED_PARAMETERS,
    }
    required = ("zone",)

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """The zone is a shared stack: it has a top and a bottom, and one for the whole table."""
        if context.zone_differs(spec.get("zone"), owner="shared", kind="stack"):
            # TRANSLATORS: error in a ruleset file; {zone} is a zone's id, e.g. "hand"; a "stack" is a kind of zone
            # (a pile), "shared" one for the whole table rather than each player's.
            context.add(
                f"{path}.zone",
                _(
                    "the zone {zone} is not a shared stack: only a stack has a top card to "
                    "look at and a bottom to put it",
                    zone=spec.get("zone"),
                ),
            )

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("bottom", BottomSpace), ("done", DoneSpace))

    def compile(self, game: Game) -> None:
        super().compile(game)
        self.slot = game.zones.slot_of(self.zone_id)
        self.bottom = game.space("bottom").base
        self.done = game.space("done").base
        self.choices = UnionActions([ActionList([self.bottom], kind="bottom"), ActionList([self.done], kind="done")])

    def start(self, state: State, frame: list) -> int:
        player = state.variables[self.player]
        if not state.zones[self.slot]:
            return DONE
        if not self.granted(state, player):
            return DONE
        return state.decide(player)

    def legal(self, state: State, frame: list) -> Any:
        return self.choices

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        return {"zone": self.zone_id}

    def private_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        """The top card, for the player deciding only."""
        return {"card": state.game.cards.id_of(state.zones[self.slot][-1])}

    def private_cards(self, state: State, frame: list) -> tuple[int, ...]:
        return (state.zones[self.slot][-1],)

    def apply(self, state: State, frame: list, action: int) -> int:
        if action == self.done:
            return DONE
        if action != self.bottom:
            # TRANSLATORS: why an action is refused where a player has looked at the top card of a pile; "done" is the
            # action that leaves it on top.
            raise IllegalActionError.at(_("put the top card at the bottom, or done"))
        content = state.zones[self.slot]
        state.zones[self.slot] = content[-1:] + content[:-1]
        return DONE
