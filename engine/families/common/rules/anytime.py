"""What every at-any-time action shares (a harvest, buying a field): the ``anytime`` category.

Such an action is open to a player at each of their decision points: the
state adds its legal actions to the decision's own, and applying one leaves
the player at the same decision (which may now offer more: a card that had
nowhere to go can be planted after a harvest).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.decisions import NO_ACTIONS, LegalActions

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class AnytimeAction:
    """Base of the ``anytime`` blocks."""

    category = "anytime"
    # The log's ``action`` word of this block's actions (the kind a random bot draws among).
    word = "action"
    parameters: dict = {}
    required: tuple[str, ...] = ()

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        self.id = str(spec.get("id", self.kind))
        self.spec = spec
        self.ruleset = ruleset

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        """The action spaces this action needs."""
        return ()

    def compile(self, game: Game) -> None:
        """Resolve names against a game."""

    def legal(self, state: State, player: int) -> LegalActions:
        """What ``player`` may do now (NO_ACTIONS when nothing)."""
        return NO_ACTIONS

    def available(self, state: State, player: int) -> bool:
        """Whether ``player`` may take this action now (cheaper than listing the actions, where a block can say)."""
        return bool(self.legal(state, player))

    # Generic questions the front ends ask every action at any time (a table shows a closed zone's price, what a
    # harvest of a zone would pay); an action that has nothing to say about a zone answers None.

    def zone_price(self, state: State, player: int, zone_index: int) -> int | None:
        """What opening the closed zone ``zone_index`` would cost ``player`` now, in cards (None: not for sale)."""
        return None

    def zone_payout(self, state: State, player: int, zone_index: int) -> int | None:
        """What this action would pay ``player`` for the zone ``zone_index`` now (None: it pays nothing for it)."""
        return None

    def apply(self, state: State, player: int, action: int) -> int:
        """Do it; the flow signal (the decision under way goes on: DECIDE)."""
        raise NotImplementedError
