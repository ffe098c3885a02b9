"""The compact action encoding and :class:`LegalActions`, a lazy view of the legal moves.

Actions are plain ints so that states stay cheap to copy and bots cheap to run:

- ``PASS`` (0): withdraw from the current auction.
- a bid: the bitmask of the money cards *added* this turn; bit ``i`` stands for
  the ruleset's ``money_values[i]`` (each player holds at most one card of each
  value, so a set of cards is a mask).
- a choice of a card (a discard asked for by a card effect):
  ``CHOICE_BASE + card.index``.

A hand of eleven money cards has 2,047 non-empty subsets. Listing and checking
all of them on every turn is where a naive engine spends its time, so
:class:`LegalActions` never does unless asked to: membership is a mask test
plus one table look-up, and :meth:`LegalActions.sample` draws uniformly by
rejection over random submasks.
"""
from __future__ import annotations

import random
from typing import Iterator, Sequence

PASS = 0
# Bids live below this value, card choices above it: room for 20 money values.
CHOICE_BASE = 1 << 20
MAX_MONEY_VALUES = 20

# Rejection sampling gives up after this many draws and lists the legal moves
# instead; with a uniform draw over submasks this is reached only when very
# few subsets beat the highest bid.
_SAMPLE_ATTEMPTS = 48


def is_choice(action: int) -> bool:
    """Whether ``action`` chooses a card (rather than passing or bidding)."""
    return action >= CHOICE_BASE


def choice_action(card_index: int) -> int:
    """The action that chooses the card at ``card_index`` of the ruleset's cards."""
    return CHOICE_BASE + card_index


def choice_card_index(action: int) -> int:
    """The card index an action of :func:`choice_action` stands for."""
    return action - CHOICE_BASE


def mask_indices(mask: int) -> list[int]:
    """The bit positions set in ``mask``, lowest first."""
    indices = []
    index = 0
    while mask:
        if mask & 1:
            indices.append(index)
        mask >>= 1
        index += 1
    return indices


def mask_values(mask: int, money_values: Sequence[int]) -> list[int]:
    """The money values a bid mask stands for, ascending."""
    return [money_values[i] for i in mask_indices(mask)]


def subset_sums(money_values: Sequence[int]) -> tuple[int, ...]:
    """``sums[mask]`` = total of the money cards in ``mask``, for every mask (2^n entries)."""
    sums = [0] * (1 << len(money_values))
    for mask in range(1, len(sums)):
        lowest = mask & -mask
        sums[mask] = sums[mask ^ lowest] + money_values[lowest.bit_length() - 1]
    return tuple(sums)


def _submasks_ascending(hand: int) -> Iterator[int]:
    """Every non-empty submask of ``hand`` in increasing numeric order."""
    sub = 0
    while True:
        # Next submask in increasing order: the classic (sub - hand) & hand trick.
        sub = (sub - hand) & hand
        if sub == 0:
            return
        yield sub


class LegalActions:
    """The legal actions of one decision, computed lazily.

    At a bid turn the legal actions are ``PASS`` and every non-empty subset of
    the cards still in hand that makes the player's table total strictly
    greater than the highest total. At a choice, they are the offered
    ``CHOICE_BASE + card.index`` actions only.

    Iteration order is stable: ``PASS`` first, then raises by increasing mask;
    choices by increasing card index.
    """

    __slots__ = ("hand_mask", "own_total", "highest_total", "can_pass", "choices", "_sums", "_count")

    def __init__(self, hand_mask: int, own_total: int, highest_total: int, sums: Sequence[int],
                 *, can_pass: bool = True, choices: tuple[int, ...] = ()) -> None:
        self.hand_mask = hand_mask
        self.own_total = own_total
        self.highest_total = highest_total
        self.can_pass = can_pass
        self.choices = choices
        self._sums = sums
        self._count: int | None = None

    @classmethod
    def choice(cls, choices: tuple[int, ...]) -> "LegalActions":
        """A decision between cards (``choices`` are choice actions)."""
        return cls(0, 0, 0, (0,), can_pass=False, choices=tuple(sorted(choices)))

    @classmethod
    def nothing(cls) -> "LegalActions":
        """No legal action (the game is over)."""
        return cls(0, 0, 0, (0,), can_pass=False)

    @property
    def is_choice(self) -> bool:
        """Whether this decision is a choice of a card rather than a bid turn."""
        return bool(self.choices)

    def _is_raise(self, mask: int) -> bool:
        return (0 < mask and not mask & ~self.hand_mask
                and self.own_total + self._sums[mask] > self.highest_total)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, int):
            return False
        if self.choices:
            return action in self.choices
        if action == PASS:
            return self.can_pass
        return action < CHOICE_BASE and self._is_raise(action)

    def raises(self) -> Iterator[int]:
        """Every legal bid mask, by increasing mask."""
        if self.choices:
            return
        need = self.highest_total - self.own_total
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
        return not self.choices and self.hand_mask != 0 and self._is_raise(self.hand_mask)

    def __iter__(self) -> Iterator[int]:
        if self.choices:
            yield from self.choices
            return
        if self.can_pass:
            yield PASS
        yield from self.raises()

    def __len__(self) -> int:
        if self._count is None:
            if self.choices:
                self._count = len(self.choices)
            else:
                count = 1 if self.can_pass else 0
                if self.can_raise():
                    count += sum(1 for _ in self.raises())
                self._count = count
        return self._count

    def __bool__(self) -> bool:
        return bool(self.choices) or self.can_pass or self.can_raise()

    def __repr__(self) -> str:
        if self.choices:
            return f"LegalActions(choices={list(self.choices)!r})"
        return (f"LegalActions(hand_mask={self.hand_mask:#x}, own_total={self.own_total}, "
                f"highest_total={self.highest_total}, can_pass={self.can_pass})")

    def sample(self, rng: random.Random) -> int:
        """One legal action drawn uniformly (``PASS`` included), without listing them.

        Raises ``ValueError`` when there is no legal action.
        """
        if self.choices:
            return self.choices[rng.randrange(len(self.choices))]
        if not self.can_raise():
            if self.can_pass:
                return PASS
            raise ValueError("no legal action")
        # Uniform over the submasks of the hand, the empty one standing for
        # PASS; keeping the first legal draw is uniform over the legal actions.
        hand = self.hand_mask
        bits = hand.bit_length()
        for _ in range(_SAMPLE_ATTEMPTS):
            mask = rng.getrandbits(bits) & hand
            if mask == 0:
                if self.can_pass:
                    return PASS
            elif self._is_raise(mask):
                return mask
        legal = list(self)
        return legal[rng.randrange(len(legal))]

    def sample_raise(self, rng: random.Random) -> int | None:
        """One legal bid drawn uniformly (never ``PASS``), or None when no bid is legal."""
        if self.choices or not self.can_raise():
            return None
        hand = self.hand_mask
        for _ in range(_SAMPLE_ATTEMPTS):
            mask = rng.getrandbits(hand.bit_length()) & hand
            if self._is_raise(mask):
                return mask
        raises = list(self.raises())
        return raises[rng.randrange(len(raises))]
