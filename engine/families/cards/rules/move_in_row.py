"""Decision ``move-in-row``: a player may take one card of their row (an ordered hand) and put it back elsewhere in it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.i18n import _
from engine.core.decisions import ActionList, ActionSpace, UnionActions
from engine.core.flow import DONE
from engine.core.log_fields import INDEX
from engine.families.cards.rules.row_decision import ROW_PARAMETERS, RowDecision
from engine.families.common.rules.done import DoneSpace

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class MoveInRowSpace(ActionSpace):
    """The ``move`` space: a card's position in a row and where it goes, ``{"action": "move", "from": I, "to": J}``.

    Positions count from 0, front first, as a row is written everywhere; ``to``
    is the card's position once it is back in the row.
    """

    name = "move-in-row"
    json_actions = ("move",)
    log_fields = MappingProxyType({"to": INDEX})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.positions = max(game.cards.size, 1)
        self.size = self.positions * self.positions

    def action(self, source: int, target: int) -> int:
        """The int of moving the card at ``source`` to ``target``."""
        return self.base + source * self.positions + target

    def parts(self, action: int) -> tuple[int, int]:
        """``(from, to)`` positions of an action."""
        return divmod(action - self.base, self.positions)

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        source, target = self.parts(action)
        return {"player": player, "action": "move", "from": source, "to": target}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        source, target = entry.get("from"), entry.get("to")
        for key, value in (("from", source), ("to", target)):
            if type(value) is not int or not 0 <= value < self.positions:
                # TRANSLATORS: error in a game log file: a "move" entry; {key} is the key "from" or "to" (keep it as it
                # is); positions count from 0, {last} is the last one, e.g. 7.
                raise LogError.at(
                    _("{key} must be a position in the row, from 0 to {last}", key=key, last=self.positions - 1)
                )
        return self.action(source, target)

    def describe(self, state: State, action: int, player: int) -> str:
        source, target = self.parts(action)
        # TRANSLATORS: moving a card within a player's hand; positions count from 1, the front first.
        return _("move the card at position {source} to position {target}", source=source + 1, target=target + 1)


class MoveInRow(RowDecision):
    """``move-in-row``: the player may take one card of their row ``zone`` and put it back at any position, or leave the row as it is (``done``).

    With ``granted-by``, the step is only for a player for whom a ``grant``
    modifier of that name is active (a building that allows it); anyone else,
    and a row of fewer than two cards, skips it. The log entry names the
    positions, from 0 at the front: ``{"action": "move", "from": 3, "to": 0}``.

    Parameters: ``zone`` (a player's row), ``player`` (a variable, default
    ``active``), ``granted-by``.

    ```yaml
    - {id: rearrange, kind: move-in-row, zone: hand, granted-by: rearrange-hand}
    ```
    """

    kind = "move-in-row"
    parameters = ROW_PARAMETERS
    required = ("zone",)

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("move-in-row", MoveInRowSpace), ("done", DoneSpace))

    def compile(self, game: Game) -> None:
        super().compile(game)
        self.space = game.space("move-in-row")
        self.done = game.space("done").base
        self.done_only = ActionList([self.done], kind="done")

    def start(self, state: State, frame: list) -> int:
        player = state.variables[self.player]
        if len(state.zones[state.slot(self.zone_index, player)]) < 2:
            return DONE
        if not self.granted(state, player):
            return DONE
        return state.decide(player)

    def legal(self, state: State, frame: list) -> Any:
        count = len(state.zones[state.slot(self.zone_index, state.current)])
        action = self.space.action
        moves = ActionList(
            [action(source, target) for source in range(count) for target in range(count) if source != target],
            kind="move",
        )
        return UnionActions([moves, self.done_only])

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        return {"zone": self.zone_id, "cards": len(state.zones[state.slot(self.zone_index, state.current)])}

    def apply(self, state: State, frame: list, action: int) -> int:
        if action == self.done:
            return DONE
        if action not in self.space:
            # TRANSLATORS: why an action is refused where a player may move one card of their row (e.g. their hand);
            # "done" is the action that leaves the row as it is.
            raise IllegalActionError.at(_("move a card within the row, or done"))
        source, target = self.space.parts(action)
        slot = state.slot(self.zone_index, state.current)
        row = list(state.zones[slot])
        if source >= len(row) or target >= len(row) or source == target:
            # TRANSLATORS: why a move within a player's row (e.g. their hand) is refused; {count} is the number of cards
            # in it; positions count from 1.
            raise IllegalActionError.at(
                _("there are {count} cards: move one to another position from 1 to {count}", count=len(row))
            )
        row.insert(target, row.pop(source))
        state.zones[slot] = tuple(row)
        return DONE
