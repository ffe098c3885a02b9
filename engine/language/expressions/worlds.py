"""The worlds an expression reads: a game in play (:class:`StateWorld`) and a table file's holdings
(:class:`HeldWorld`, for ``cardrules score``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from engine.core.zones import STACK, iterate_bits
from engine.language.expressions.values import UNBOUND, Number

if TYPE_CHECKING:
    from engine.core.cards import CardType
    from engine.core.game import Game
    from engine.core.state import State


class StateWorld:
    """A game in play, as expressions read it (zones in their order, a stack top first)."""

    __slots__ = ("state", "game", "player_count", "_scores")

    def __init__(self, state: State, scores: Callable[[int], Number] | None = None) -> None:
        self.state = state
        self.game = state.game
        self.player_count = state.player_count
        self._scores = scores

    def cards(self, zone_index: int, owner: int) -> tuple[int, ...]:
        state = self.state
        layout = self.game.zones
        content = state.zones[layout.slot(zone_index, owner)]
        if type(content) is int:
            return tuple(iterate_bits(content))
        if layout.specs[zone_index].kind == STACK:
            return tuple(reversed(content))
        return tuple(content)

    def counter(self, counter_index: int, owner: int) -> Number:
        return self.state.counters[self.game.counter_slot(counter_index, owner)]

    def variable(self, name: str) -> int:
        return self.state.variables[self.game.variable_index[name]]

    def bound(self, slot: int) -> object:
        return self.state.bound[slot]

    def status(self, status_index: int, player: int) -> bool:
        return bool(self.state.statuses[status_index] >> player & 1)

    def card_type(self, card: int) -> CardType:
        if card >= 0:
            return self.game.cards.type(card)
        return self.game.ruleset.cards[-1 - card]

    def score(self, player: int) -> Number:
        if self._scores is None:
            return self.game.scoring.expression_score(self.state, player)
        return self._scores(player)

    def round_number(self) -> int:
        return self.state.round_number

    def type_indexes(self, ids: Sequence[str]) -> tuple[int, ...]:
        return type_indexes(self.game, ids)

    def card_ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.game.ruleset.cards)

    def all_cards(self) -> tuple[int, ...]:
        return tuple(range(self.game.cards.size))


# What a recorded read was: a zone's slot, a counter's slot, a variable, a bound name's slot, a status, a score,
# the round number. ``unchanged`` reads each again from a state.
CARDS, COUNTER, VARIABLE, BOUND, STATUS, SCORE, ROUND = range(7)


class RecordingWorld(StateWorld):
    """A game in play that notes every part of the state an expression reads, with the value it read.

    Expressions are pure: the same reads give the same value. So a value
    worked out once stands for any state whose recorded reads are unchanged
    (``unchanged``), which is how a score is remembered across the many
    positions a bot weighs that differ only elsewhere (another player's
    cards, the deck).
    """

    __slots__ = ("reads",)

    def __init__(self, state: State) -> None:
        super().__init__(state)
        # The first value read of each part (a part read again within one expression holds the same).
        self.reads: dict[tuple[int, object], object] = {}

    def _note(self, kind: int, key: object, value: object) -> None:
        self.reads.setdefault((kind, key), value)

    def recorded(self) -> tuple[tuple[int, object, object], ...]:
        """The reads, for ``unchanged``."""
        return tuple((kind, key, value) for (kind, key), value in self.reads.items())

    def cards(self, zone_index: int, owner: int) -> tuple[int, ...]:
        slot = self.game.zones.slot(zone_index, owner)
        self._note(CARDS, slot, self.state.zones[slot])
        return super().cards(zone_index, owner)

    def counter(self, counter_index: int, owner: int) -> Number:
        slot = self.game.counter_slot(counter_index, owner)
        value = self.state.counters[slot]
        self._note(COUNTER, slot, value)
        return value

    def variable(self, name: str) -> int:
        value = super().variable(name)
        self._note(VARIABLE, name, value)
        return value

    def bound(self, slot: int) -> object:
        value = self.state.bound[slot]
        self._note(BOUND, slot, value)
        return value

    def status(self, status_index: int, player: int) -> bool:
        self._note(STATUS, status_index, self.state.statuses[status_index])
        return super().status(status_index, player)

    def score(self, player: int) -> Number:
        value = super().score(player)
        self._note(SCORE, player, value)
        return value

    def round_number(self) -> int:
        value = self.state.round_number
        self._note(ROUND, None, value)
        return value


def unchanged(state: State, reads: Sequence[tuple[int, object, object]]) -> bool:
    """Whether every part of ``state`` in ``reads`` (a :class:`RecordingWorld`'s) still holds what was read."""
    for kind, key, value in reads:
        now: object
        if kind == VARIABLE:
            now = state.variables[state.game.variable_index[cast(str, key)]]
        elif kind == ROUND:
            now = state.round_number
        else:
            index = cast(int, key)
            if kind == CARDS:
                now = state.zones[index]
            elif kind == COUNTER:
                now = state.counters[index]
            elif kind == BOUND:
                now = state.bound[index]
            elif kind == STATUS:
                now = state.statuses[index]
            else:
                now = state.game.scoring.expression_score(state, index)
        if now is not value and now != value:
            return False
    return True


def type_indexes(game: Game, ids: Sequence[str]) -> tuple[int, ...]:
    """The type index of each card id (-1 for an id that is no card)."""
    cards = game.ruleset.cards
    by_id = {card.id: card.index for card in cards}
    return tuple(by_id.get(card_id, -1) for card_id in ids)


class HeldWorld:
    """What the players of a finished physical game hold (a table file): zones by id, counters by id.

    Cards are cards of no zone (they are not numbered instances of a game).
    """

    __slots__ = ("cards_by_zone", "counters_by_id", "player_count", "_types", "_scores")

    def __init__(
        self,
        types: Sequence[CardType],
        player_count: int,
        cards_by_zone: Mapping[tuple[int, int], tuple[int, ...]],
        counters_by_id: Mapping[tuple[int, int], Number],
        scores: Callable[[int], Number] | None = None,
    ) -> None:
        self._types = types
        self.player_count = player_count
        self.cards_by_zone = cards_by_zone
        self.counters_by_id = counters_by_id
        self._scores = scores

    def cards(self, zone_index: int, owner: int) -> tuple[int, ...]:
        return self.cards_by_zone.get((zone_index, owner), ())

    def counter(self, counter_index: int, owner: int) -> Number:
        return self.counters_by_id.get((counter_index, owner), 0)

    def variable(self, name: str) -> int:
        return 0

    def bound(self, slot: int) -> object:
        return UNBOUND

    def status(self, status_index: int, player: int) -> bool:
        return False

    def card_type(self, card: int) -> CardType:
        return self._types[-1 - card] if card < 0 else self._types[card]

    def score(self, player: int) -> Number:
        return self._scores(player) if self._scores is not None else 0

    def round_number(self) -> int:
        return 0

    def type_indexes(self, ids: Sequence[str]) -> tuple[int, ...]:
        by_id = {card.id: card.index for card in self._types}
        return tuple(by_id.get(card_id, -1) for card_id in ids)

    def card_ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self._types)

    def all_cards(self) -> tuple[int, ...]:
        return tuple(card for cards in self.cards_by_zone.values() for card in cards)
