"""Offers: what one party of a trade gives and asks for, as an int, a log entry and words.

An offer names its receiver and six parts, each possibly empty: hand cards
the offerer gives, by position (0 is the front: hand order is fixed, and the
position is what the giver chooses); cards of the active player's shared
pool (face-up cards) the offerer gives, by type; pool cards asked for, by
type; hand cards asked for, by type and number (the receiver's hand is
hidden, so only types can be named; the receiver picks the positions on
accepting); cards of the offerer's own store given, and of the receiver's
store asked for, by type (a store is a player's public zone of tradable
cards, when the trade has one).

The int encodes all of it in mixed radix (receiver, hand positions as a
bitmask, then a count per card type for each of the five counted parts),
so an action int is self-contained and the space of offers, the power set of
a hand times every request, is never listed: legality is checked on the
decoded offer and legal offers are sampled (:class:`OfferActions`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations, product
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.base.errors import LogError
from engine.base.formatting import card_name, format_list, ruleset_text
from engine.base.i18n import _
from engine.core.decisions import ActionSpace, LegalActions
from engine.core.draws import below, drawn_positions, up_to
from engine.core.log_fields import BY_ZONE, COUNTS_BY_ZONE, INDEX
from engine.families.common.rules.card_counts import card_counts_text, counts_by_type

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# The most cards a sampled offer gives, and asks for, each way: a random
# player's offers stay the size people make.
SAMPLED_MOST = 3
# The most decoded offers remembered (then forgotten all at once). An offer is decoded again within a few steps (made,
# answered, told); remembering thousands kept them alive long enough to reach Python's oldest generation, whose full
# collections then cost a tenth of a replay of a game that trades.
MOST_DECODED = 64


class Offer(NamedTuple):
    """A decoded offer (``give_hand``: a bitmask of hand positions; the others: a count per card type).

    The store parts may be left empty (``()``) by a trade without a store.
    """

    receiver: int
    give_hand: int
    give_pool: tuple[int, ...]
    ask_pool: tuple[int, ...]
    ask_hand: tuple[int, ...]
    give_store: tuple[int, ...] = ()
    ask_store: tuple[int, ...] = ()

    def positions(self) -> list[int]:
        """The hand positions given, front first."""
        mask, found = self.give_hand, []
        while mask:
            lowest = mask & -mask
            found.append(lowest.bit_length() - 1)
            mask ^= lowest
        return found

    def is_empty(self) -> bool:
        """Whether nothing at all would move."""
        return not (
            self.give_hand
            or any(self.give_pool)
            or any(self.ask_pool)
            or any(self.ask_hand)
            or any(self.give_store)
            or any(self.ask_store)
        )


class OfferSpace(ActionSpace):
    """The ``offer`` space: ``{"action": "offer", "to": SEAT, "give": {...}, "ask": {...}}`` in the log.

    ``give`` maps the hand zone's id to the positions given and the pool
    zone's id (and the store's) to ``{TYPE: N}``; ``ask`` maps each zone's id
    to ``{TYPE: N}``. Empty parts are left out. The space is set up by the trade step, which
    knows the zones' ids (:meth:`configure`).
    """

    name = "offer"
    json_actions = ("offer",)
    log_fields = MappingProxyType({"to": INDEX, "give": BY_ZONE, "ask": COUNTS_BY_ZONE})
    required_fields = MappingProxyType({"offer": ("to",)})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.players = game.player_count
        # Each counted part packs a count per type in a few bits (enough for every copy of the type).
        # The most of each type a part may name, plus one (every copy of the type).
        self.radixes = tuple(len(copies) + 1 for copies in game.cards.instances_of)
        self.widths = tuple(max(1, len(copies).bit_length()) for copies in game.cards.instances_of)
        shifts, shift = [], 0
        for width in self.widths:
            shifts.append(shift)
            shift += width
        self.shifts = tuple(shifts)
        self.counts_bits = shift
        self.type_count = len(self.widths)
        # Reading a counted part back: the type whose bits hold each bit, each type's bits, no count at all.
        self._type_at_bit = tuple(t for t, width in enumerate(self.widths) for _bit in range(width))
        self._field_masks = tuple((1 << width) - 1 for width in self.widths)
        self._no_counts = (0,) * self.type_count
        self.positions_bits = game.cards.size
        # receiver | hand positions | give store | ask store | give pool | ask pool | ask hand (least significant last)
        self.size = self.players << (self.positions_bits + 5 * self.counts_bits)
        self.hand_id = "hand"
        self.pool_id = "pool"
        self.store_id: str | None = None
        self._decoded: dict[int, Offer] = {}

    def configure(self, hand_id: str, pool_id: str | None, store_id: str | None = None) -> None:
        """The zone ids the log names the parts by."""
        self.hand_id = hand_id
        self.pool_id = pool_id or "pool"
        self.store_id = store_id

    # ------------------------------------------------------------------ the int

    def _counts_code(self, counts: Sequence[int]) -> int:
        code = 0
        for count, shift in zip(counts, self.shifts):
            if count:
                code |= count << shift
        return code

    def _counts(self, code: int) -> tuple[int, ...]:
        if not code:
            return self._no_counts
        # Type by type of those named (an offer names a type or two of dozens): the lowest bit set tells the type.
        counts = list(self._no_counts)
        type_at_bit, shifts, field_masks = self._type_at_bit, self.shifts, self._field_masks
        while code:
            card_type = type_at_bit[(code & -code).bit_length() - 1]
            shift, field = shifts[card_type], field_masks[card_type]
            counts[card_type] = (code >> shift) & field
            code &= ~(field << shift)
        return tuple(counts)

    def encode_offer(self, offer: Offer) -> int:
        """The int of an offer."""
        counts_code = self._counts_code
        return self.encode_codes(
            offer.receiver,
            offer.give_hand,
            counts_code(offer.give_pool),
            counts_code(offer.ask_pool),
            counts_code(offer.ask_hand),
            counts_code(offer.give_store),
            counts_code(offer.ask_store),
        )

    def encode_codes(
        self,
        receiver: int,
        give_hand: int,
        give_pool: int,
        ask_pool: int,
        ask_hand: int,
        give_store: int,
        ask_store: int,
    ) -> int:
        """The int of an offer whose counted parts are already packed (each count at its type's shift)."""
        bits = self.counts_bits
        code = (receiver << self.positions_bits) | give_hand
        code = (code << bits) | give_store
        code = (code << bits) | ask_store
        code = (code << bits) | give_pool
        code = (code << bits) | ask_pool
        code = (code << bits) | ask_hand
        return self.base + code

    def decode(self, action: int) -> Offer:
        """The offer of an int of this space (remembered: an offer is read when made, answered and told)."""
        offer = self._decoded.get(action)
        if offer is None:
            code = action - self.base
            bits = self.counts_bits
            mask = (1 << bits) - 1
            ask_hand, ask_pool, give_pool = code & mask, (code >> bits) & mask, (code >> 2 * bits) & mask
            ask_store, give_store = (code >> 3 * bits) & mask, (code >> 4 * bits) & mask
            code >>= 5 * bits
            give_hand = code & ((1 << self.positions_bits) - 1)
            offer = Offer(
                code >> self.positions_bits,
                give_hand,
                self._counts(give_pool),
                self._counts(ask_pool),
                self._counts(ask_hand),
                self._counts(give_store),
                self._counts(ask_store),
            )
            if len(self._decoded) >= MOST_DECODED:
                self._decoded.clear()
            self._decoded[action] = offer
        return offer

    def _counts_from_json(self, value: Any, key: str) -> int:
        """A log's ``{TYPE: N}`` packed as a counted part (LogError for unknown types or bad counts)."""
        if value is None:
            return 0
        if type(value) is not dict and not isinstance(value, Mapping):
            raise LogError.at(_("{key} must map card ids to numbers of cards", key=key))
        index_of_id = self.game.cards.index_of_id
        code = 0
        for card, count in value.items():
            type_index = index_of_id.get(card) if type(card) is str else None
            if (
                type_index is None
                or type(count) is not int
                or not 0 <= count < 1 << self.widths[type_index]
                or count > len(self.game.cards.instances_of[type_index])
            ):
                counts_by_type(self.game, {card: count}, key)  # words the problem
                raise LogError.at(_("{key} must map card ids to numbers of cards", key=key))
            code |= count << self.shifts[type_index]
        return code

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        offer = self.decode(action)
        ids = self.game.cards.ids
        give: dict[str, Any] = {}
        if offer.give_hand:
            give[self.hand_id] = offer.positions()
        if any(offer.give_pool):
            give[self.pool_id] = {ids[t]: n for t, n in enumerate(offer.give_pool) if n}
        if any(offer.give_store):
            give[self.store_id] = {ids[t]: n for t, n in enumerate(offer.give_store) if n}
        ask: dict[str, Any] = {}
        if any(offer.ask_hand):
            ask[self.hand_id] = {ids[t]: n for t, n in enumerate(offer.ask_hand) if n}
        if any(offer.ask_pool):
            ask[self.pool_id] = {ids[t]: n for t, n in enumerate(offer.ask_pool) if n}
        if any(offer.ask_store):
            ask[self.store_id] = {ids[t]: n for t, n in enumerate(offer.ask_store) if n}
        entry: dict[str, Any] = {"player": player, "action": "offer", "to": offer.receiver}
        if give:
            entry["give"] = give
        if ask:
            entry["ask"] = ask
        return entry

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        receiver = entry.get("to")
        if type(receiver) is not int or not 0 <= receiver < self.players:
            # TRANSLATORS: error in a game log file: a trade offer without a valid receiver; `to` is a key of the log
            # (keep it as it is); {last} is the highest seat number, e.g. 3.
            raise LogError.at(_("an offer needs `to`, the seat (0 to {last}) it is made to", last=self.players - 1))
        give, ask = entry.get("give") or {}, entry.get("ask") or {}
        zones = (self.hand_id, self.pool_id) + ((self.store_id,) if self.store_id else ())
        for key, part in (("give", give), ("ask", ask)):
            if type(part) is not dict and not isinstance(part, Mapping):
                # TRANSLATORS: error in a game log file; {key} is "give" or "ask", keys of a logged trade offer.
                raise LogError.at(_("{key} must map zone ids to cards", key=key))
            for zone_id in part:
                if zone_id not in zones:
                    raise LogError.at(
                        # TRANSLATORS: error in a game log file; {key} is "give" or "ask" (keys of a logged offer),
                        # {zone} the zone id found, e.g. "discard", {valid} the zone ids a trade uses, e.g. "hand".
                        _(
                            "{key} names the zone {zone}; trades use {valid}",
                            key=key,
                            zone=str(zone_id)[:80],
                            valid=", ".join(zones),
                        )
                    )
        positions = give.get(self.hand_id) or []
        mask = 0
        if not isinstance(positions, (list, tuple)):
            # TRANSLATORS: error in a game log file: a logged trade offer gives hand cards in a form other than a list.
            raise LogError.at(_("the hand cards given are a list of positions"))
        for position in positions:
            if type(position) is not int or not 0 <= position < self.positions_bits or mask >> position & 1:
                raise LogError.at(
                    # TRANSLATORS: error in a game log file: a bad hand position in a logged trade offer (positions
                    # count from 0 there); {value} is the value found, e.g. "-1".
                    _("a hand position is a number from 0, each given once, not {value}", value=str(position)[:40])
                )
            mask |= 1 << position
        bits = self.counts_bits
        code = (receiver << self.positions_bits) | mask
        store = self.store_id
        code = (code << bits) | self._counts_from_json(give.get(store) if store else None, "give")
        code = (code << bits) | self._counts_from_json(ask.get(store) if store else None, "ask")
        code = (code << bits) | self._counts_from_json(give.get(self.pool_id), "give")
        code = (code << bits) | self._counts_from_json(ask.get(self.pool_id), "ask")
        code = (code << bits) | self._counts_from_json(ask.get(self.hand_id), "ask")
        return self.base + code

    def describe(self, state: State, action: int, player: int) -> str:
        offer = self.decode(action)
        return describe_offer(self.ruleset, self.game, offer, state, player, self.store_id)


def describe_offer(
    ruleset: Ruleset,
    game: Game,
    offer: Offer,
    state: State = None,
    player: int | None = None,
    store_id: str | None = None,
) -> str:
    """An offer in words: "offer Bo 1 × Red and Blue (hand card 2) for 2 × Green"."""

    store = ruleset_text(ruleset, ruleset.zone(store_id).name) if store_id else ""
    given = []
    if any(offer.give_pool):
        given.append(card_counts_text(ruleset, game, offer.give_pool))
    if any(offer.give_store):
        # TRANSLATORS: cards of an offer and where they come from, e.g. "2 Rose from Face-up cards".
        given.append(_("{cards} from {zone}", cards=card_counts_text(ruleset, game, offer.give_store), zone=store))
    if offer.give_hand:
        positions = offer.positions()
        if state is not None and player is not None:
            hand = _hand_ids(state, player)
            named = [_card(ruleset, hand[p]) if p < len(hand) else "?" for p in positions]
            # TRANSLATORS: hand cards offered, by name and hand position (1 is the front), e.g. "Blue (hand card 2)".
            given.append(
                format_list(
                    _("{card} (hand card {position})", card=name, position=p + 1) for name, p in zip(named, positions)
                )
            )
        else:
            # TRANSLATORS: hand cards offered, by hand position only (1 is the front), e.g. "hand cards 1, 3".
            given.append(_("hand cards {positions}", positions=format_list(str(p + 1) for p in positions)))
    asked = []
    if any(offer.ask_pool):
        asked.append(card_counts_text(ruleset, game, offer.ask_pool))
    if any(offer.ask_hand):
        asked.append(card_counts_text(ruleset, game, offer.ask_hand))
    if any(offer.ask_store):
        asked.append(_("{cards} from {zone}", cards=card_counts_text(ruleset, game, offer.ask_store), zone=store))
    name = game.players[offer.receiver] if 0 <= offer.receiver < len(game.players) else "?"
    if given and asked:
        # TRANSLATORS: a trade offer, e.g. "offer Bo 1 × Red for 2 × Green".
        return _("offer {name} {given} for {asked}", name=name, given=format_list(given), asked=format_list(asked))
    if given:
        # TRANSLATORS: a donation: cards given for nothing.
        return _("give {name} {given} for nothing", name=name, given=format_list(given))
    # TRANSLATORS: asking for cards for nothing in return.
    return _("ask {name} for {asked} for nothing", name=name, asked=format_list(asked))


def _hand_ids(state: State, player: int) -> tuple[str, ...]:
    frame = state.stack[-1] if state.stack else None
    node = frame[0] if frame else None
    hand = getattr(node, "hand_zone", None)
    return state.card_ids_in(hand, player) if hand is not None else ()


def _card(ruleset: Ruleset, card_id: str) -> str:

    return card_name(ruleset, card_id)


class OfferActions(LegalActions):
    """The legal offers of one player at one moment: checked on demand, counted exactly, sampled, never listed whole.

    ``rules`` is the trade step (it knows the zones and checks an offer, and
    it made sure there is one to make); ``choices`` are worked out when
    first needed (a random player mostly does not offer): per receiver, the
    hand positions the offerer may give, the pool counts they may give and
    the most they may ask for.
    """

    __slots__ = ("space", "rules", "state", "player", "frame", "_choices", "_size", "_held")

    def __init__(self, space: OfferSpace, rules: Ruleset, state: State, player: int, frame: list) -> None:
        self.space = space
        self.rules = rules
        self.state = state
        self.player = player
        self.frame = frame
        self._choices: tuple | None = None
        self._size: int | None = None
        self._held: Any = None

    @property
    def choices(self) -> tuple[tuple, ...]:
        """(receiver, hand size of offerer, pool counts giveable, pool counts askable, ask limits per type,
        the most hand cards that may be asked for, store counts giveable, store counts askable), one per receiver."""
        if self._choices is None:
            self._choices = tuple(self.rules.offer_choices(self.state, self.frame, self.player))
        return self._choices

    def __contains__(self, action: object) -> bool:
        if action not in self.space:
            return False
        return self.rules.offer_problem(self.state, self.player, self.space.decode(action)) is None

    def allows(self, offer: Offer) -> bool:
        """Whether the offer is legal now: ``action in self`` for the offer's int, without encoding it, and with what
        the players hold read once for all the offers asked about (a learning library's view asks about many)."""
        held = self._held
        if held is None:
            held = self._held = self.rules.holdings(self.state)
        return self.rules.offer_problem(self.state, self.player, offer, held) is None

    def kinds(self) -> tuple[str, ...]:
        return ("offer",)

    def __bool__(self) -> bool:
        return True

    def size(self) -> int:
        if self._size is not None:  # asked at every draw of a random move: worked out once, as the choices are
            return self._size
        total = 0
        for _receiver, hand, give_pool, ask_pool, ask_limits, ask_most, give_store, ask_store in self.choices:
            gives = 1 << hand
            for count in give_pool + give_store:
                gives *= count + 1
            asks = _bounded_compositions(tuple(ask_limits), ask_most)
            for count in ask_pool + ask_store:
                asks *= count + 1
            total += gives * asks - 1  # less the offer of nothing for nothing
        self._size = total
        return total

    def __iter__(self) -> Iterator[int]:
        encode = self.space.encode_offer
        for receiver, hand, give_pool, ask_pool, ask_limits, ask_most, give_store, ask_store in self.choices:
            for mask in range(1 << hand):
                for given in product(*(range(count + 1) for count in give_pool)):
                    for asked_pool in product(*(range(count + 1) for count in ask_pool)):
                        for asked_hand in _compositions(ask_limits, ask_most):
                            for stored in product(*(range(count + 1) for count in give_store)):
                                for asked_store in product(*(range(count + 1) for count in ask_store)):
                                    offer = Offer(
                                        receiver,
                                        mask,
                                        tuple(given),
                                        tuple(asked_pool),
                                        asked_hand,
                                        tuple(stored),
                                        tuple(asked_store),
                                    )
                                    if not offer.is_empty():
                                        yield encode(offer)

    def sample(self, rng: random.Random) -> int:
        """An offer drawn by a documented scheme (not uniformly: the space is the power set of a hand).

        A receiver uniformly; then up to ``SAMPLED_MOST`` cards given, drawn
        uniformly from the offerer's hand positions, pool cards and store
        cards, and up to ``SAMPLED_MOST`` asked for, drawn from the pool, the
        receiver's store and the card types (weighted by copies); an offer of
        nothing is drawn again (after 100 draws of nothing, the first offer
        listed is taken).
        """
        choices = self.choices
        space = self.space
        shifts = space.shifts
        for _attempt in range(100):
            receiver, hand, give_pool, ask_pool, ask_limits, ask_most, give_store, ask_store = choices[
                below(rng, len(choices))
            ]
            # What may be given: the hand positions, then one entry per pool card and per store card (by type),
            # drawn by index (no store, no entries: the draws are those of a trade without one).
            # Each card drawn adds one to its type's count, packed at once into the action's code.
            pool_given = _entries(give_pool)
            store_given = _entries(give_store)
            givable = hand + len(pool_given) + len(store_given)
            mask = pool = stored = 0
            for pick in drawn_positions(rng, givable, up_to(rng, min(SAMPLED_MOST, givable))):
                if pick < hand:
                    mask |= 1 << pick
                elif pick < hand + len(pool_given):
                    pool += 1 << shifts[pool_given[pick - hand]]
                else:
                    stored += 1 << shifts[store_given[pick - hand - len(pool_given)]]
            # What may be asked for: one entry per pool card, then per type as many as the receiver may give,
            # then one per card of the receiver's store.
            pool_asked = _entries(ask_pool)
            hand_asked = _entries(ask_limits)
            store_asked = _entries(ask_store)
            askable = len(pool_asked) + len(hand_asked) + len(store_asked)
            wanted = up_to(rng, min(SAMPLED_MOST, askable))
            asked_pool = asked_hand = asked_store = 0
            asked_from_hand = 0
            for pick in drawn_positions(rng, askable, wanted):
                if pick < len(pool_asked):
                    asked_pool += 1 << shifts[pool_asked[pick]]
                elif pick >= len(pool_asked) + len(hand_asked):
                    asked_store += 1 << shifts[store_asked[pick - len(pool_asked) - len(hand_asked)]]
                elif asked_from_hand < ask_most:
                    asked_hand += 1 << shifts[hand_asked[pick - len(pool_asked)]]
                    asked_from_hand += 1
            if mask or pool or stored or asked_pool or asked_hand or asked_store:
                return space.encode_codes(receiver, mask, pool, asked_pool, asked_hand, stored, asked_store)
        # A generator that keeps drawing nothing (a degenerate one, such as Hypothesis' shrunk randoms) still
        # gets a legal offer: the first one listed (every choice allows at least one).
        return next(iter(self))

    sample_by_kind = sample

    def __repr__(self) -> str:
        return f"OfferActions(player={self.player}, receivers={[choice[0] for choice in self.choices]})"


@functools.lru_cache(maxsize=4096)
def _entries(counts: tuple[int, ...]) -> tuple[int, ...]:
    """One entry per card counted: type ``t`` as often as ``counts[t]`` (remembered: a table sees few counts)."""
    return tuple(t for t, count in enumerate(counts) for _ in range(count))


@functools.lru_cache(maxsize=4096)
def _bounded_compositions(limits: tuple[int, ...], most: int) -> int:
    """How many ways to pick ``counts[t] <= limits[t]`` with ``sum(counts) <= most`` (remembered: a table sees few
    hands)."""
    ways = [1] + [0] * most
    for limit in limits:
        nxt = [0] * (most + 1)
        for total, count in enumerate(ways):
            if count:
                for extra in range(min(limit, most - total) + 1):
                    nxt[total + extra] += count
        ways = nxt
    return sum(ways)


def _compositions(limits: Sequence[int], most: int, index: int = 0) -> Iterator[tuple[int, ...]]:
    """Every ``counts`` with ``counts[t] <= limits[t]`` and ``sum(counts) <= most``, in a stable order (from type
    ``index`` on). A function of the module, not a closure calling itself: such a closure is a reference cycle,
    left for the garbage collector at every call."""
    if index == len(limits):
        yield ()
        return
    for count in range(min(limits[index], most) + 1):
        for rest in _compositions(limits, most - count, index + 1):
            yield (count,) + rest


def position_choices(hand_types: Sequence[int], wanted: Sequence[int]) -> int:
    """How many ways a hand of ``hand_types`` can give ``wanted[t]`` cards of each type."""
    ways = 1
    for t, count in enumerate(wanted):
        if count:
            ways *= comb(sum(1 for held in hand_types if held == t), count)
    return ways


def position_sets(hand_types: Sequence[int], wanted: Sequence[int]) -> Iterator[int]:
    """Every bitmask of hand positions giving ``wanted[t]`` cards of each type."""
    groups = []
    for t, count in enumerate(wanted):
        if count:
            positions = [p for p, held in enumerate(hand_types) if held == t]
            groups.append(list(combinations(positions, count)))
    for picked in product(*groups):
        mask = 0
        for group in picked:
            for position in group:
                mask |= 1 << position
        yield mask
