"""Cards counted by type: how logs write them (``{TYPE: N}``) and how people read them (``2 × Red, 1 × Blue``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from engine.base.errors import LogError
from engine.base.formatting import card_name, format_list
from engine.base.i18n import _
from engine.core.zones import instances_in

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class CountsCode:
    """A count per card type packed into one number, each up to the type's copies (a payment in an action int).

    A space of "thing and the cards paid for it" is ``things * size`` ints:
    ``index * size + encode(counts)``.
    """

    def __init__(self, game: Game) -> None:
        self.radixes = tuple(len(copies) + 1 for copies in game.cards.instances_of)
        self.size = 1
        for radix in self.radixes:
            self.size *= radix

    def encode(self, counts: Sequence[int]) -> int:
        """The number of ``counts[t]`` cards of each type ``t``."""
        code = 0
        for count, radix in zip(reversed(counts), reversed(self.radixes)):
            code = code * radix + count
        return code

    def decode(self, code: int) -> list[int]:
        """The counts per type of a number."""
        counts = []
        for radix in self.radixes:
            code, count = divmod(code, radix)
            counts.append(count)
        return counts


def counts_by_type(game: Game, value: Any, key: str) -> list[int]:
    """A log's ``{TYPE: N}`` as a count per type index (LogError for unknown types or bad counts)."""
    counts = [0] * len(game.cards.types)
    if value is None:
        return counts
    if not isinstance(value, Mapping):
        # TRANSLATORS: error in a game log file; {key} is the entry's key (keep it), e.g. "pay"; its value must give
        # a number of cards for each card id, e.g. "red": 2.
        raise LogError.at(_("{key} must map card ids to numbers of cards", key=key))
    for card, count in value.items():
        type_index = game.cards.index_of_id.get(card) if type(card) is str else None
        if type_index is None:
            raise LogError.at(_("there is no card {card}", card=str(card)[:80]))
        if type(count) is not int or not 0 <= count <= len(game.cards.instances_of[type_index]):
            # TRANSLATORS: error in a game log file; {key} is the entry's key (keep it), e.g. "pay"; {card} a card id,
            # e.g. "red"; {copies} how many copies of it the game has; {count} the number the log gives.
            raise LogError.at(
                _(
                    "{key}: a game has {copies} × {card}, not {count}",
                    key=key,
                    card=card,
                    copies=len(game.cards.instances_of[type_index]),
                    count=str(count)[:40],
                )
            )
        counts[type_index] = count
    return counts


def card_counts_text(ruleset: Ruleset, game: Game, counts: Sequence[int]) -> str:
    """``2 × Red, 1 × Blue`` in the reader's language."""

    return format_list(
        _("{count} × {card}", count=count, card=card_name(ruleset, game.cards.ids[t]))
        for t, count in enumerate(counts)
        if count
    )


def payments(held: Sequence[int], cost: int, only: int | None = None) -> Iterator[list[int]]:
    """Every way to pay ``cost`` cards out of ``held`` (a count per type), as counts per type.

    ``only`` limits the payment to cards of one type (there is then at most one way).
    """
    if only is not None:
        if held[only] >= cost:
            counts = [0] * len(held)
            counts[only] = cost
            yield counts
        return
    if sum(held) < cost:
        return
    for choice in combinations_with_replacement([t for t, count in enumerate(held) if count], cost):
        counts = [0] * len(held)
        for t in choice:
            counts[t] += 1
        if all(counts[t] <= held[t] for t in range(len(held))):
            yield counts


def held_by_type(state: State, slot: int) -> list[int]:
    """How many cards of each type lie in the zone at ``slot``."""
    content = state.zones[slot]
    if type(content) is int:  # a set: one count per type, not one step per card (a zone of coins holds many)
        return [(content & mask).bit_count() for mask in state.game.cards.type_mask]
    held = [0] * len(state.game.cards.types)
    type_of = state.game.cards.type_of
    for instance in content:
        held[type_of[instance]] += 1
    return held


def count_of_type(game: Game, content: Any, card_type: int) -> int:
    """How many cards of ``card_type`` a zone's ``content`` holds (one mask test for a set zone)."""
    if type(content) is int:
        return (content & game.cards.type_mask[card_type]).bit_count()
    type_of = game.cards.type_of
    return sum(1 for instance in content if type_of[instance] == card_type)


def take_counts(state: State, slot: int, counts: Sequence[int]) -> list[int]:
    """Instances from the zone at ``slot`` making up ``counts`` (a count per type), the zone's order kept."""

    type_of = state.game.cards.type_of
    wanted = list(counts)
    taken = []
    for instance in instances_in(state.zones[slot]):
        if wanted[type_of[instance]]:
            wanted[type_of[instance]] -= 1
            taken.append(instance)
    return taken
