"""What a family tells the heuristic bot: which strategy plays its decisions, and the facts it may not guess.

The heuristic bot's strategies live in the bots layer
(:mod:`engine.fronts.bots.strategies`) and name no family: no block kind, no
action word, no family constant. A family's front half gives, per block kind
it owns (:attr:`~engine.families.common.front.family.FrontHalf.hints`), a
:class:`BotHints`: the name of the strategy that plays a decision of that kind
(none for a block nobody decides, an end condition) and its *facts* about a
compiled game, one of the shapes below, in generic terms: how the family's
actions are numbered and read, and what its block specs say. The strategy
reads the rest from its :class:`~engine.core.observation.Observation`.

Facts are worked out once per compiled game (``facts(game)``; None where the
game has no block of that kind) and strategies keep what they build from them
as they keep their other tables. A strategy that needs facts of several
families (the field strategy reads planting, trading, harvest, zones, supply,
cards and end facts) gets every family's facts about the game and picks the
shapes it reads; each family answers its own part.

An action's *word* is the kind its legal actions are listed under
(``LegalActions.kinds()``, the log's ``action`` word); ``parts`` reads an
action's int back into what it is made of.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BotHints:
    """What one family tells the bots layer about one block kind it owns."""

    # The name of the bots layer's strategy that plays a decision of this kind (None: the kind is no decision a
    # strategy plays; its facts inform the strategies of other decisions).
    strategy: str | None = None
    # game -> the facts of this kind's blocks in that compiled game (one of the shapes below), or None where the game
    # has none of them.
    facts: Callable[[Any], Any] | None = None


# ---------------------------------------------------------------------- auctions


@dataclass(frozen=True, slots=True)
class BiddingFacts:
    """A decision of an auction: a bid (or a pass), or giving up a card won.

    Money cards are numbered in the order of :attr:`money`: a set of them is a
    mask whose bit ``i`` stands for ``money[i]``.
    """

    passing: int  # the action that passes
    bid_base: int  # the action that adds a set of money cards to the player's bid is this plus the set's mask
    hand_mask: Callable[[Any], int]  # the legal actions of a bid -> the money cards in the bidder's hand, as a set
    subset_sums: Callable[[tuple[int, ...]], Sequence[int]]  # values -> the total of every set of them, by mask
    money: tuple[str, ...]  # the money cards' ids, in the order of the sets' bits
    values: tuple[int, ...]  # what each money card is worth, in that order
    hand: str  # the zone of a player's money in hand
    bid: str  # the zone of the money a player bids
    spent: str  # the zone of the money a player has paid
    won: str  # the zone of the cards a player has won
    lot: str  # the zone of the card auctioned (the last one in it)
    discard_tags: Mapping[str, str]  # card -> the tag of the cards its taker gives one of up (when it has the effect)
    passing_takes: bool = False  # the first to pass takes the card (the others pay): a bad card is dodged by bidding
    discarding: bool = False  # the decision gives up a card won: its actions list ``decision["cards"]`` in order


@dataclass(frozen=True, slots=True)
class RevealFacts:
    """The cards turned face up from stacks, one at a time: what is still to come lies in those stacks."""

    reveals: tuple[tuple[str, str], ...]  # per reveal in the game: (the stack turned up from, the zone shown in)

    def sources(self, shown_in: str) -> tuple[str, ...]:
        """The stacks whose cards are turned up into ``shown_in``, in the order of the game's steps."""
        return tuple(dict.fromkeys(source for source, target in self.reveals if target == shown_in))


@dataclass(frozen=True, slots=True)
class TagEndFacts:
    """The game ends once so many cards of a tag have been turned up."""

    thresholds: Mapping[str, int]  # tag -> the count of its cards turned up that ends the game


# ---------------------------------------------------------------------- fields: zones planted, harvested, bought


@dataclass(frozen=True, slots=True)
class HarvestFacts:
    """Zones a player may harvest at any time, each paying by a card table read at its number of cards."""

    word: str
    parts: Callable[[int], tuple[int, int]]  # action -> (the index of the zone harvested, wild cards used)
    zones: str | None  # the tag of the zones harvested
    table: str | None  # the card table a zone pays by
    protection: bool  # a zone of one card may not be harvested while another holds more
    coins: str | None  # the zone the payout goes to


@dataclass(frozen=True, slots=True)
class PlantingFacts:
    """A decision that plants cards into zones of a tag, one at a time."""

    word: str
    stop: str  # the word of stopping (planting no more)
    parts: Callable[[int], tuple[int, int]]  # action -> (the type of the card planted, the index of the zone)
    from_hand: bool  # plants the front card of a row kept in order (else cards received, in any order)
    source: str | None  # the zone planted from: the row, or the cards received
    into: str | None  # the tag of the zones planted into


@dataclass(frozen=True, slots=True)
class TradingFacts:
    """A decision of a trade: making an offer (or passing), or answering one."""

    offer: str  # the word of an offer
    accept: str  # the word of accepting an offer
    decline: str  # the word of declining one
    passing: str  # the word of making no offer
    declining: int  # the action that declines; accepting by giving the hand positions of a mask is declining + 1 + mask
    answering: Callable[[Mapping[str, Any]], bool]  # the decision's facts -> whether it answers an offer
    # offer action -> the offer, with ``receiver``, ``give_hand`` (a mask of hand positions), and ``give_pool``,
    # ``ask_pool``, ``ask_hand`` (a count per card type)
    decode: Callable[[int], Any]
    # (receiver, hand positions given as a mask, pool cards given, pool cards asked, hand cards asked) -> the action
    encode: Callable[[int, int, Sequence[int], Sequence[int], Sequence[int]], int]
    hand: str | None  # the row traded from (hand cards are given by position)
    received: str | None  # the zone of the cards received, to plant
    pool: str | None  # the active player's face-up cards, traded by type


@dataclass(frozen=True, slots=True)
class BuyingFacts:
    """A closed zone a player may buy (open) at any time."""

    word: str
    parts: Callable[[int], tuple[int, Sequence[int]]]  # action -> (the zone's index, the cards paid, a count per type)


@dataclass(frozen=True, slots=True)
class DepositFacts:
    """Cards a player may put away for good at any time."""

    word: str
    parts: Callable[[int], tuple[int, int]]  # action -> (the type of the cards put away, how many)


@dataclass(frozen=True, slots=True)
class BuildingFacts:
    """A shared supply a player may build from (take a card for its price) at any time."""

    word: str
    parts: Callable[[int], tuple[int, Sequence[int]]]  # action -> (the type built, the cards paid, a count per type)
    supply: str  # the shared zone built from
    built: str  # the zone a player's built cards go to
    prices: tuple[int, ...]  # card type -> its price
    group_of: tuple[int | None, ...]  # card type -> its group (a player holds one card per group), or None
    payer_of_group: tuple[int | None, ...]  # group -> the only card type that pays for it, or None (any pays)


@dataclass(frozen=True, slots=True)
class DrawFacts:
    """The cards players draw from stacks."""

    draws: tuple[tuple[str, int], ...]  # per draw in the game: (the stack drawn from, how many cards at this table)


@dataclass(frozen=True, slots=True)
class CounterEndFacts:
    """The game ends when a shared counter reaches a count."""

    counter: str  # the counter's id
    count: int  # the count that ends the game, at this table


@dataclass(frozen=True, slots=True)
class ChanceFacts:
    """A player's last chance in a turn to act at any time."""

    done: str  # the word of letting the chance go


# ---------------------------------------------------------------------- decisions about a row of cards


@dataclass(frozen=True, slots=True)
class PeekFacts:
    """A look at a stack's top card: leave it there, or put it at the bottom."""

    keep: str  # the word of leaving it on top
    bottom: str  # the word of putting it at the bottom


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """Moving one card of the player's row to another position."""

    keep: str  # the word of moving nothing
    move: str  # the word of a move
    to_front: Callable[[int], int]  # a position in the row -> the action moving its card to the front


@dataclass(frozen=True, slots=True)
class OrderFacts:
    """Putting the cards just drawn back in an order of the player's choice."""

    order: Callable[[Sequence[int]], int]  # the positions in the order they go back -> the action
