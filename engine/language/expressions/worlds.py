"""The worlds an expression reads: a game in play (:class:`StateWorld`) and a table file's holdings
(:class:`HeldWorld`, for ``cardrules score``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

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
