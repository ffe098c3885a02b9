"""Bids: the ``bid`` action space, its lazy legal actions, and the tables both auction kinds share.

A bid adds one or more money cards from the bidder's hand to their bid on the
table. The cards that can be bid are the types a ``money`` selector picks (a
player holds at most one card of each: a hand is dealt one of each value), so
a set of cards is a bitmask over those types: bit ``i`` is the ``i``-th money
type in card-list order, and the ``bid`` space's ints are ``PASS`` (0) and
those masks. A hand of eleven cards has 2,047 non-empty subsets: listing and
checking them all on every turn is where a naive engine spends its time, so
:class:`BidActions` never does unless asked. Membership is a mask test plus a
table look-up; :meth:`BidActions.sample` draws by rejection over random
submasks.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import LogError
from engine.base.formatting import format_amount
from engine.base.i18n import _, pgettext
from engine.core.decisions import ActionSpace, LegalActions
from engine.core.draws import below
from engine.core.log_fields import FACE_VALUES
from engine.core.selectors import card_selector
from engine.core.zones import iterate_bits

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

PASS = 0
# Bids are masks below this value: room for 20 kinds of money card.
MAX_MONEY_TYPES = 20
BID_SPACE_SIZE = 1 << MAX_MONEY_TYPES
# Where the next action space starts when the bid space comes first (as in every auction ruleset):
# the ``discard`` choice of a card's effect is ``CHOICE_BASE + card type index``.
CHOICE_BASE = BID_SPACE_SIZE
# Rejection sampling gives up after this many draws and lists the legal moves
# instead; with a uniform draw over submasks this happens only when very few
# subsets beat the highest bid.
_SAMPLE_ATTEMPTS = 48


@functools.lru_cache(maxsize=4)
def subset_sums(values: tuple[int, ...]) -> tuple[int, ...]:
    """``sums[mask]`` = total of the money cards in ``mask``, for every mask (2^n entries).

    Remembered for the last few value lists: a game's bid space and the heuristic bots' tables share one.
    """
    sums = [0] * (1 << len(values))
    for mask in range(1, len(sums)):
        lowest = mask & -mask
        sums[mask] = sums[mask ^ lowest] + values[lowest.bit_length() - 1]
    return tuple(sums)


def mask_indices(mask: int) -> list[int]:
    """The bit positions set in ``mask``, lowest first."""
    return list(iterate_bits(mask))


def _submasks_ascending(hand: int) -> Iterator[int]:
    """Every non-empty submask of ``hand`` in increasing numeric order."""
    sub = 0
    while True:
        sub = (sub - hand) & hand
        if sub == 0:
            return
        yield sub


# A seat's table of its own copies has 2^n entries for n money types: built whole for the usual few (11 in the
# shipped auctions), worked out bid by bid past this many (20 types would take some 150 MB a seat).
MOST_TABULATED_TYPES = 14


class CopiesOnDemand:
    """``table[types]`` of :meth:`BidSpace.own_copies` for many money types: worked out when asked, some remembered."""

    MOST_REMEMBERED = 4096

    def __init__(self, copies: Sequence[int]) -> None:
        self.copies = tuple(copies)
        self.known: dict[int, int] = {}

    def __getitem__(self, types: int) -> int:
        found = self.known.get(types)
        if found is None:
            found = 0
            for position in iterate_bits(types):
                copy = self.copies[position]
                if copy >= 0:
                    found |= 1 << copy
            if len(self.known) >= self.MOST_REMEMBERED:
                self.known.clear()
            self.known[types] = found
        return found

    def __len__(self) -> int:
        return 1 << len(self.copies)


class SubmasksBySum:
    """The submasks of a hand sorted by their total, per hand (a cache shared by every turn of a game).

    Listing the legal raises walks every submask of the hand; with this
    index they are the submasks whose total beats the highest bid: a suffix
    found by bisection. Hands of more than ``MOST_CARDS`` cards, and hands
    past ``MOST_HANDS`` cached, are left to the walk (3^n entries in all).
    """

    MOST_CARDS = 12
    MOST_HANDS = 4096

    def __init__(self, sums: Sequence[int]) -> None:
        self.sums = sums
        self._by_hand: dict[int, tuple[list[int], list[int]]] = {}

    def __call__(self, hand: int) -> tuple[list[int], list[int]] | None:
        """``(totals ascending, submasks in that order)`` of ``hand``'s non-empty submasks, or None."""
        found = self._by_hand.get(hand)
        if found is None:
            if hand.bit_count() > self.MOST_CARDS or len(self._by_hand) >= self.MOST_HANDS:
                return None
            sums = self.sums
            masks = sorted(_submasks_ascending(hand), key=sums.__getitem__)
            found = self._by_hand[hand] = ([sums[mask] for mask in masks], masks)
        return found


class BidSpace(ActionSpace):
    """The ``bid`` space: ``PASS`` and one int per set of money cards (a mask over the money types).

    It also holds the tables every auction of the game shares: the money
    types and values, the total of every subset, and the conversion between a
    hand zone's card instances and the mask of money types it holds.
    """

    name = "bid"
    tells_itself = True
    json_actions = ("bid", "pass")
    bare_actions = ("pass",)
    log_fields = MappingProxyType({"cards": FACE_VALUES})
    required_fields = MappingProxyType({"bid": ("cards",)})
    size = BID_SPACE_SIZE

    def __init__(self, ruleset: Ruleset, game: Game, money: Mapping[str, Any], attribute: str) -> None:
        super().__init__(ruleset, game)
        matches = card_selector(money)
        cards = game.cards
        self.money_types = tuple(card.index for card in cards.types if matches(card))
        self.values = tuple(int(cards.types[t].attributes.get(attribute, 0)) for t in self.money_types)
        self.sums = subset_sums(self.values)
        self.submasks_by_sum = SubmasksBySum(self.sums)
        self.full_hand = (1 << len(self.values)) - 1
        self.value_bits = {value: 1 << position for position, value in enumerate(self.values)}
        # Instances of money type ``position``, as a mask.
        self.instance_masks = tuple(cards.type_mask[t] for t in self.money_types)
        self._types_in: dict[int, int] = {}
        self._own_copies: dict[int, list[int]] = {}
        self._own_types: dict[int, dict[int, int]] = {}
        self.instances_by_type = tuple(cards.instances_of[t] for t in self.money_types)
        # Built lazily per seat (a bid space is made before the game knows its players' tables are needed).
        self.own_copies_by_seat = _PerSeat(self.own_copies)
        self.own_types_by_seat = _PerSeat(self.own_types)
        self._values_of: dict[int, tuple[int, ...]] = {}

    # ------------------------------------------------------------------ tables

    def types_in(self, instances: int, seat: int | None = None) -> int:
        """The mask of money types among a set zone's instances (a table look-up for a seat's own copies)."""
        if seat is not None:
            known = self.own_types_by_seat[seat].get(instances)
            if known is not None:
                return known
        known = self._types_in.get(instances)
        if known is None:
            known = 0
            for position, mask in enumerate(self.instance_masks):
                if instances & mask:
                    known |= 1 << position
            self._types_in[instances] = known
        return known

    def own_copies(self, seat: int) -> list[int]:
        """``table[types]``: the instances of copy ``seat`` of each money type in ``types``.

        A deal of one card of each value gives seat ``s`` copy ``s`` of every
        type, so this is almost always where a player's money is; worked out
        once per seat (2^n entries, built from the next smaller mask).
        """
        table = self._own_copies.get(seat)
        if table is None:
            copies = [instances[seat] if seat < len(instances) else -1 for instances in self.instances_by_type]
            if len(copies) > MOST_TABULATED_TYPES:
                table = self._own_copies[seat] = CopiesOnDemand(copies)  # type: ignore[assignment]
                return table
            table = [0] * (1 << len(copies))
            for mask in range(1, len(table)):
                lowest = mask & -mask
                copy = copies[lowest.bit_length() - 1]
                table[mask] = table[mask ^ lowest] | (1 << copy if copy >= 0 else 0)
            self._own_copies[seat] = table
        return table

    def own_types(self, seat: int) -> dict[int, int]:
        """The inverse of :meth:`own_copies`: a seat's own copies -> the mask of their types."""
        table = self._own_types.get(seat)
        if table is None:
            copies = self.own_copies(seat)
            # Past MOST_TABULATED_TYPES, no inverse table: types_in works the types out of the instances.
            table = self._own_types[seat] = (
                {}
                if isinstance(copies, CopiesOnDemand)
                else {instances: types for types, instances in enumerate(copies)}
            )
        return table

    def instances_of(self, types: int, hand: int, seat: int = 0) -> int:
        """The instances of ``hand`` (a set zone's content) that a mask of money types stands for.

        The seat's own copies when the hand holds them (the usual case, a table
        look-up), else the lowest copy of each type the hand holds.
        """
        usual = self.own_copies_by_seat[seat][types]
        if hand & usual == usual and usual.bit_count() == types.bit_count():
            return usual
        result = 0
        masks = self.instance_masks
        remaining = types
        while remaining:
            lowest = remaining & -remaining
            held = hand & masks[lowest.bit_length() - 1]
            result |= held & -held
            remaining ^= lowest
        return result

    def values_of(self, types: int) -> tuple[int, ...]:
        """The face values of a mask of money types, ascending (cached)."""
        values = self._values_of.get(types)
        if values is None:
            values = self._values_of[types] = tuple(self.values[i] for i in iterate_bits(types))
        return values

    def mask_of(self, values: Sequence[int]) -> int:
        """The mask of a list of face values (KeyError for a value that does not exist)."""
        mask = 0
        for value in values:
            mask |= self.value_bits[value]
        return mask

    def total_of(self, instances: int) -> int:
        """The money a set of instances is worth."""
        return self.sums[self.types_in(instances)]

    # ------------------------------------------------------------------ codec

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        if action == PASS:
            return {"player": player, "action": "pass"}
        return {"player": player, "action": "bid", "cards": list(self.values_of(action))}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        if entry.get("action") == "pass":
            return PASS
        values = entry.get("cards")
        mask = self.mask_of_listed(values)
        if mask >= 0:
            return mask
        if type(values) is not list or not values:
            # TRANSLATORS: error in a game log file: a "bid" entry whose "cards" lists no money card.
            raise LogError.at(_("a bid must list one or more money cards"))
        seen = 0
        for value in values:
            bit = self.mask_of_listed([value])
            if bit < 0:
                # TRANSLATORS: error in a game log file: a bid names a money value no card has; {value} is the
                # value written, e.g. 7000.
                raise LogError.at(_("there is no money card worth {value}", value=value))
            if seen & bit:
                # TRANSLATORS: error in a game log file: a bid names one money card twice; {value} is its value,
                # e.g. 6000.
                raise LogError.at(_("the bid names {value} twice", value=value))
            seen |= bit
        raise AssertionError(f"no reason found to refuse the bid {values!r}")  # pragma: no cover

    def mask_of_listed(self, values: Any) -> int:
        """The mask of a log entry's list of money values, or -1 when it is not one (from_json says why)."""
        if type(values) is not list or not values:
            return -1
        mask = 0
        value_bits = self.value_bits
        for value in values:
            # JSON numbers only (a bool is an int to Python but not a money card).
            kind = type(value)
            bit = value_bits.get(value) if kind is int or kind is Fraction or kind is float else None
            if bit is None or mask & bit:
                return -1
            mask |= bit
        return mask

    def describe(self, state: State, action: int, player: int) -> str:
        if action == PASS:
            # TRANSLATORS: an auction's pass, as the list of moves and the narration name it.
            return pgettext("auction", "pass")
        values = self.values_of(action)
        # Each card as the amount it stands for (a face of 1 is $1 million in an edition that counts in millions).
        # TRANSLATORS: a player's bid described as an action, e.g. "bid 3,000 + 6,000 (9,000)"; {cards} lists the
        # money cards added, {total} is their sum.
        return _(
            "bid {cards} ({total})",
            cards=money_cards(self.ruleset, values),
            total=format_amount(self.ruleset, sum(values)),
        )


class _PerSeat(dict):
    """A table per seat, made on first use by ``make(seat)``: ``tables[seat]``."""

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, seat: int) -> Any:
        table = self[seat] = self.make(seat)
        return table


class BidActions(LegalActions):
    """The legal actions of one bidding turn, computed lazily.

    ``PASS`` and every non-empty subset of the money cards in hand that makes
    the bidder's table total strictly greater than the highest total.
    Iteration: ``PASS`` first, then raises by increasing mask.
    """

    __slots__ = ("hand_mask", "own_total", "highest_total", "can_pass", "_sums", "_count", "_by_sum")

    def __init__(
        self,
        hand_mask: int,
        own_total: int,
        highest_total: int,
        sums: Sequence[int],
        *,
        can_pass: bool = True,
        by_sum: SubmasksBySum | None = None,
    ) -> None:
        self.hand_mask = hand_mask
        self.own_total = own_total
        self.highest_total = highest_total
        self.can_pass = can_pass
        self._sums = sums
        self._count: int | None = None
        self._by_sum = by_sum

    def _is_raise(self, mask: int) -> bool:
        return 0 < mask and not mask & ~self.hand_mask and self.own_total + self._sums[mask] > self.highest_total

    def __contains__(self, action: object) -> bool:
        if type(action) is not int:
            return False
        if action == PASS:
            return self.can_pass
        return action < BID_SPACE_SIZE and self._is_raise(action)

    def raises(self) -> Iterator[int]:
        """Every legal bid mask, by increasing mask."""
        need = self.highest_total - self.own_total
        index = self._by_sum(self.hand_mask) if self._by_sum is not None else None
        if index is not None:
            totals, masks = index
            return iter(sorted(masks[bisect_right(totals, need) :]))
        return self._walk_raises(need)

    def _walk_raises(self, need: int) -> Iterator[int]:
        sums = self._sums
        for sub in _submasks_ascending(self.hand_mask):
            if sums[sub] > need:
                yield sub

    def cheapest_raises(self) -> list[int]:
        """The legal bids that reach the lowest possible new total, fewest cards first."""
        best_total = None
        best: list[int] = []
        sums = self._sums
        for mask in self.raises():
            total = sums[mask]
            if best_total is None or total < best_total:
                best_total, best = total, [mask]
            elif total == best_total:
                best.append(mask)
        best.sort(key=lambda m: (m.bit_count(), m))
        return best

    def can_raise(self) -> bool:
        """Whether any bid is legal (the whole hand beats the highest total)."""
        return self.hand_mask != 0 and self._is_raise(self.hand_mask)

    def __iter__(self) -> Iterator[int]:
        if self.can_pass:
            yield PASS
        yield from self.raises()

    def listed(self) -> list[int]:
        """Every legal action as a list, in the order iterating gives them (for a caller that wants them all)."""
        return [PASS, *self.raises()] if self.can_pass else list(self.raises())

    def size(self) -> int:
        if self._count is None:
            count = 1 if self.can_pass else 0
            if self.can_raise():
                index = self._by_sum(self.hand_mask) if self._by_sum is not None else None
                if index is not None:
                    count += len(index[1]) - bisect_right(index[0], self.highest_total - self.own_total)
                else:
                    count += sum(1 for _ in self.raises())
            self._count = count
        return self._count

    def __bool__(self) -> bool:
        return self.can_pass or self.can_raise()

    def kinds(self) -> tuple[str, ...]:
        kinds = ("pass",) if self.can_pass else ()
        return kinds + ("bid",) if self.can_raise() else kinds

    def kind_of(self, action: int) -> str:
        """``pass`` or ``bid``."""
        return "pass" if action == PASS else "bid"

    def __repr__(self) -> str:
        return (
            f"BidActions(hand_mask={self.hand_mask:#x}, own_total={self.own_total}, "
            f"highest_total={self.highest_total}, can_pass={self.can_pass})"
        )

    def sample(self, rng: random.Random) -> int:
        """One legal action drawn uniformly (``PASS`` included), without listing them."""
        if not self.can_raise():
            if self.can_pass:
                return PASS
            raise ValueError("no legal action")
        # Uniform over the submasks of the hand, the empty one standing for
        # PASS; keeping the first legal draw is uniform over the legal actions.
        hand = self.hand_mask
        bits = hand.bit_length()
        for _attempt in range(_SAMPLE_ATTEMPTS):
            mask = rng.getrandbits(bits) & hand
            if mask == 0:
                if self.can_pass:
                    return PASS
            elif self._is_raise(mask):
                return mask
        legal = list(self)
        return legal[below(rng, len(legal))]

    def sample_raise(self, rng: random.Random) -> int | None:
        """One legal bid drawn uniformly (never ``PASS``), or None when no bid is legal."""
        if not self.can_raise():
            return None
        hand = self.hand_mask
        for _attempt in range(_SAMPLE_ATTEMPTS):
            mask = rng.getrandbits(hand.bit_length()) & hand
            if self._is_raise(mask):
                return mask
        raises = list(self.raises())
        return raises[below(rng, len(raises))]

    def sample_by_kind(self, rng: random.Random) -> int:
        """Pass or bid with even odds (a bid drawn uniformly); pass when no bid is legal."""
        if self.can_pass and rng.random() < 0.5:
            return PASS
        bid = self.sample_raise(rng)
        if bid is None:
            if self.can_pass:
                return PASS
            raise ValueError("no legal action")
        return bid


def money_cards(ruleset: Ruleset, values: Sequence[int]) -> str:
    """Money cards by the amounts their faces stand for, ascending: ``3,000 + 6,000``, ``$3 million + $6 million``.

    A face that counts in a unit (the Korean edition's millions) is said with its unit wherever an amount
    is said, so "adds 1" never stands beside "$1 million in all".
    """
    return " + ".join(format_amount(ruleset, value) for value in sorted(values))
