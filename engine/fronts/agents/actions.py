"""One fixed, bounded numbering of every action of a game, for learning libraries: :class:`AgentActions`.

The engine's action ints are split into action spaces, and some spaces are
astronomically large because their ints encode whole structures (a set of
cards bid, a trade offer, a payment). A learning library wants one
``Discrete(N)`` per (ruleset, player count), with a stable meaning for each
index. :class:`AgentActions` lays the game's spaces end to end, in the
game's order (``game.spaces``: the flow's spaces, then those of actions
taken at any time):

- a space of at most :data:`WHOLE_LIMIT` ints is numbered whole: index =
  segment offset + (action - space base);
- a bigger space is numbered through the *bounded view* its block family
  declares (:mod:`engine.fronts.agents.views`): a documented subset with a fixed
  size. A big space without a view gets no indices (none in the shipped
  games).

An index means the same thing in every state of the game; it may stand for
different engine ints in two states (an offer giving "the front-most card of
a type" names the position that card holds now).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.base.errors import CardrulesError, IllegalActionError
from engine.base.i18n import _
from engine.core.decisions import ActionList, AnytimeActions, UnionActions
from engine.fronts.agents.views import views_for

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State

# Spaces this small are numbered whole (the largest shipped, moving a card within a row, has 18,496 ints).
WHOLE_LIMIT = 65536


class Segment(NamedTuple):
    """One action space's indices: ``[offset, offset + size)``; ``view`` is None for a space numbered whole."""

    space: Any
    offset: int
    size: int
    view: Any


class AgentActions:
    """A game's actions numbered ``0 .. size - 1``, the same numbering for every state of the game.

    ``legal(state)`` lists the indices legal for the player to move,
    ``to_engine``/``from_engine`` convert, ``describe`` says what an index
    does. ``segments`` are the spaces' ranges (name, offset, size, bounded).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        views = views_for()
        segments: list[Segment] = []
        offset = 0
        for space in game.spaces:
            if space.size <= WHOLE_LIMIT:
                segment = Segment(space, offset, space.size, None)
            else:
                factory = views.get(space.name)
                view = factory(space, game) if factory is not None else None
                if view is None:
                    continue  # no bounded view: this space gets no indices
                segment = Segment(space, offset, view.size, view)
            segments.append(segment)
            offset += segment.size
        self._segments = tuple(segments)
        self._offsets = [segment.offset for segment in segments]
        self._by_space = {id(segment.space): segment for segment in segments}
        self.size: int = offset

    @property
    def segments(self) -> tuple[tuple[str, int, int, bool], ...]:
        """``(space name, offset, size, bounded)`` per action space, in index order."""
        return tuple(
            (segment.space.name, segment.offset, segment.size, segment.view is not None) for segment in self._segments
        )

    # ------------------------------------------------------------------ converting

    def _segment_at(self, index: int) -> Segment | None:
        if type(index) is not int:
            try:
                index = int(index)  # a NumPy integer from a library
            except (TypeError, ValueError):
                return None
        if not 0 <= index < self.size:
            return None
        return self._segments[bisect.bisect_right(self._offsets, index) - 1]

    def _engine_action(self, state: State, player: int, index: int) -> int | None:
        """The engine action an index stands for now, whether or not it is legal (None: nothing now)."""
        segment = self._segment_at(index)
        if segment is None:
            return None
        local = int(index) - segment.offset
        if segment.view is None:
            return segment.space.base + local
        return segment.view.to_engine(state, player, local)

    def from_engine(self, state: State, action: int) -> int | None:
        """The index of an engine action int legal now (for the player to move); None if the numbering leaves it out."""
        try:
            space = self.game.space_of(action)
        except KeyError:
            return None
        segment = self._by_space.get(id(space))
        if segment is None:
            return None
        if segment.view is None:
            return segment.offset + action - space.base
        local = segment.view.from_engine(state, state.current_player(), action)
        return None if local is None else segment.offset + local

    def to_engine(self, state: State, index: int) -> int:
        """The engine action int of an index legal now; IllegalActionError (the reason, translated) if it is not."""
        if state.is_terminal():
            # TRANSLATORS: why an action is refused: the game has ended.
            raise IllegalActionError.at(_("the game is over"))
        segment = self._segment_at(index)
        if segment is None:
            # TRANSLATORS: a learning program chose an action number outside the game's numbering.
            raise IllegalActionError.at(
                _(
                    "there is no agent action {index}: they are numbered 0 to {last}",
                    index=str(index)[:40],
                    last=self.size - 1,
                )
            )
        index = int(index)
        player = state.current_player()
        action = self._engine_action(state, player, index)
        # An index is legal when its action is, and when it is that action's own index (two indices of a
        # view may name one action in some states, as the front-most and back-most cards when they are one).
        if action is not None and action in state.legal_actions() and self.from_engine(state, action) == index:
            return action
        what = self.describe(state, index)
        reason = None
        if action is not None and action not in state.legal_actions():
            try:
                state.clone().apply_action(action)
            except CardrulesError as error:
                reason = error.diagnostics[0].message if error.diagnostics else None
            except Exception:  # noqa: BLE001 - an action the space cannot even read: no reason to give
                reason = None
        if reason:
            # TRANSLATORS: a learning program chose an action the rules do not allow now; {reason} says why.
            raise IllegalActionError.at(
                _("agent action {index} ({action}) is not legal now: {reason}", index=index, action=what, reason=reason)
            )
        # TRANSLATORS: a learning program chose an action the rules do not allow now.
        raise IllegalActionError.at(_("agent action {index} ({action}) is not legal now", index=index, action=what))

    # ------------------------------------------------------------------ legal indices

    def legal(self, state: State) -> list[int]:
        """The indices legal now for the player to move, sorted (empty only once the game is over)."""
        if state.is_terminal():
            return []
        legal = state.legal_actions()
        parts = legal.parts if type(legal) is UnionActions else (legal,)
        player = state.current_player()
        found: set[int] = set()
        space_of = self.game.space_of
        for part in parts:
            if type(part) is ActionList or type(part) is AnytimeActions:
                # Short explicit lists (a harvest, a buy, a plant, passing): read them.
                for action in part:
                    index = self.from_engine(state, action)
                    if index is not None:
                        found.add(index)
                continue
            # A lazy set (bids, offers, answers): one space per part; its view lists what it numbers.
            first = next(iter(part), None)
            if first is None:
                continue
            segment = self._by_space.get(id(space_of(first)))
            if segment is None:
                continue
            if segment.view is None:
                base, offset = segment.space.base, segment.offset
                found.update(offset + action - base for action in part)
            else:
                offset = segment.offset
                legal_here = segment.view.legal(state, player, part)
                if len(parts) == 1 and segment.view.ordered:  # sorted already, each once
                    return [offset + local for local in legal_here] if offset else list(legal_here)
                found.update([offset + local for local in legal_here] if offset else legal_here)
        return sorted(found)

    # ------------------------------------------------------------------ words

    def describe(self, state: State, index: int) -> str:
        """What an index does, in the reader's language (as the engine says it when legal now, else a fixed text)."""
        segment = self._segment_at(index)
        if segment is None:
            # TRANSLATORS: a learning program's action number that stands for no action of the game.
            return _("no action ({index})", index=str(index)[:40])
        index = int(index)
        local = index - segment.offset
        player = max(state.current_player(), 0) if not state.is_terminal() else 0
        space = segment.space
        if not state.is_terminal():
            action = self._engine_action(state, player, index)
            if action is not None and action in state.legal_actions() and self.from_engine(state, action) == index:
                return state.describe_action(action, player)
        if segment.view is not None:
            try:
                return segment.view.describe(state, player, local)
            except Exception:  # noqa: BLE001 - a view that cannot word an index away from its decision
                pass
        else:
            try:
                return space.describe(state, space.base + local, player)
            except Exception:  # noqa: BLE001 - a space that needs its decision under way to word an action
                pass
        # TRANSLATORS: an action named by its kind (the log's word) and its number within that kind.
        return _("{kind} action {number}", kind=space.name, number=local)
