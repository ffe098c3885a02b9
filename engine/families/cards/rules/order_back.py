"""Decision ``order-back``: a player puts the last cards of their row (just drawn) in the order they choose."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import list_separator
from engine.base.i18n import _
from engine.core.decisions import ActionList, ActionSpace
from engine.core.flow import DONE
from engine.families.cards.rules.row_decision import ROW_PARAMETERS, RowDecision
from engine.language.params import param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# The most cards one decision orders: 6 cards are 720 orders, each an action.
MOST_ORDERED = 6


class OrderSpace(ActionSpace):
    """The ``order`` space: an order of the row's last cards, ``{"action": "order", "order": [2, 0, 1]}``.

    ``order`` lists, back cards first to last, which of the last cards (from 0,
    in their order before) goes there: ``[2, 0, 1]`` puts the last card first.
    """

    name = "order"
    json_actions = ("order",)

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        # Every order of every length up to the most: one int each, shorter lengths first.
        self.orders: list[tuple[int, ...]] = [
            order for length in range(1, MOST_ORDERED + 1) for order in permutations(range(length))
        ]
        self.index = {order: position for position, order in enumerate(self.orders)}
        self.size = len(self.orders)

    def action(self, order: Sequence[int]) -> int:
        """The int of an order (KeyError when it is not one)."""
        return self.base + self.index[tuple(order)]

    def order(self, action: int) -> tuple[int, ...]:
        """The order of an action."""
        return self.orders[action - self.base]

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        return {"player": player, "action": "order", "order": list(self.order(action))}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        order = entry.get("order")
        if type(order) is not list or not all(type(n) is int for n in order) or tuple(order) not in self.index:
            # TRANSLATORS: error in a game log file: an "order" entry; keep "order" (its key); positions count from 0,
            # {last} is the last one, e.g. 2; {most} the most cards ordered, e.g. 6.
            raise LogError.at(
                _(
                    "order must list the positions 0 to {last} once each, at most {most} of them",
                    last=len(order) - 1 if type(order) is list and order else 0,
                    most=MOST_ORDERED,
                )
            )
        return self.action(order)

    def describe(self, state: State, action: int, player: int) -> str:
        order = self.order(action)
        # TRANSLATORS: putting the last cards of a hand in a chosen order; {order} lists positions from 1, e.g. "3, 1, 2".
        return _(
            "order the last {count} cards {order}",
            count=len(order),
            order=list_separator().join(str(position + 1) for position in order),
        )


class OrderBack(RowDecision):
    """``order-back``: the player puts the last ``count`` cards of their row ``zone`` (the cards just drawn to its back) in the order they choose.

    With ``granted-by``, only a player for whom a ``grant`` modifier of that
    name is active is asked; anyone else, and cards all of one type (no order
    to choose), skip the step. ``count`` is at most 6.

    Parameters: ``zone`` (a player's row), ``count``, ``player`` (a variable,
    default ``active``), ``granted-by``.

    ```yaml
    - {id: order-drawn, kind: order-back, zone: hand, count: 3, granted-by: order-drawn-cards}
    ```
    """

    kind = "order-back"
    parameters = {
        **ROW_PARAMETERS,
        "count": param(
            "Count",
            "How many of the last cards are ordered (2 to 6).",
            {"type": "integer", "minimum": 2, "maximum": MOST_ORDERED},
        ),
    }
    required = ("zone", "count")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.count = int(spec["count"])

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("order", OrderSpace),)

    def compile(self, game: Game) -> None:
        super().compile(game)
        self.space = game.space("order")

    def _back(self, state: State, player: int) -> tuple[int, ...]:
        row = state.zones[state.slot(self.zone_index, player)]
        return row[len(row) - min(self.count, len(row)) :]

    def start(self, state: State, frame: list) -> int:
        player = state.variables[self.player]
        back = self._back(state, player)
        type_of = state.game.cards.type_of
        if len({type_of[card] for card in back}) < 2:
            return DONE
        if not self.granted(state, player):
            return DONE
        return state.decide(player)

    def legal(self, state: State, frame: list) -> ActionList:
        count = len(self._back(state, state.current))
        return ActionList([self.space.action(order) for order in permutations(range(count))], kind="order")

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        return {"zone": self.zone_id, "cards": len(self._back(state, state.current))}

    def apply(self, state: State, frame: list, action: int) -> int:
        count = len(self._back(state, state.current))
        if action not in self.space or len(self.space.order(action)) != count:
            # TRANSLATORS: why an action is refused where a player puts the last {count} cards of their hand in order.
            raise IllegalActionError.at(_("give an order of the last {count} cards, each position once", count=count))
        slot = state.slot(self.zone_index, state.current)
        row = state.zones[slot]
        back = row[len(row) - count :]
        state.zones[slot] = row[: len(row) - count] + tuple(back[position] for position in self.space.order(action))
        return DONE
