"""What learning libraries need of the trading family: bounded views of offers and answers, and a trade's numbers.

**Offers.** The offer space encodes a receiver, a set of hand positions and
five counted parts (about ``10^83`` ints for four players of an ordinary
deck). Its view keeps the offers people make most: one *give* side and one
*ask* side, each one of these shapes (``T``: the card types the trade may
name that can reach its zones, in card-list order):

- nothing;
- 1 or 2 cards of one type from one part: from the hand (the front-most
  hand positions holding that type: hand order is fixed, and the front
  cards are the ones planted soonest), from the pool (the face-up cards),
  or from the store, when the trade has one;
- one card each of two different types from the pool (both face-up cards).

The receiver is counted from the offerer: ``1`` is the next seat clockwise,
up to ``players - 1``. Index = ``((receiver - 1) * S + give) * S + ask``,
``S`` being the number of shapes (``1 + 2·T·parts + T·(T-1)/2``); the
offer of nothing for nothing is numbered but never legal. Which side may
give the pool and ask for it is the trade's rule (only the active player's
face-up cards), as is who may offer to whom.

**Answers.** Three indices: 0 declines, 1 accepts giving the front-most hand
cards of each type asked for, 2 accepts giving the back-most ones (legal
only when that differs from 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.base.formatting import format_list, ruleset_text
from engine.base.i18n import _, ngettext
from engine.families.common.front.agent_views import (
    BoundedView,
    DecisionFeatures,
    per_seat,
    seat_one_hot,
    types_reaching,
)
from engine.families.common.rules.card_counts import card_counts_text
from engine.families.trading.rules.offers import Offer
from engine.families.trading.rules.trade import ANSWERING

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.state import State

HAND, POOL, STORE = 0, 1, 2
# The most cards of one type a shape gives or asks for.
MOST_OF_A_TYPE = 2


def _trade_nodes(game: Game, attribute: str, space: Any) -> list[Any]:
    return [
        node
        for node in game.nodes
        if getattr(node, "kind", None) == "trade" and getattr(node, attribute, None) is space
    ]


def _positions_of(hand: tuple, type_of: Any, wanted: dict[int, int], back: bool) -> int | None:
    """The hand positions giving ``wanted[t]`` cards of each type, front-most (or back-most); None if too few."""
    mask = 0
    for card_type, count in wanted.items():
        found = 0
        positions = range(len(hand) - 1, -1, -1) if back else range(len(hand))
        for position in positions:
            if type_of[hand[position]] == card_type:
                mask |= 1 << position
                found += 1
                if found == count:
                    break
        if found < count:
            return None
    return mask


def _counted(shape: tuple | None, part: int, types: int) -> tuple[int, ...]:
    """The count of each card type a shape names from ``part`` (all 0 when it names another part, or nothing)."""
    counts = [0] * types
    if shape is not None and shape[0] == part:
        for card_type, count in shape[1]:
            counts[card_type] += count
    return tuple(counts)


class OfferView(BoundedView):
    """The offers of one give shape and one ask shape to one receiver (see the module docstring)."""

    def __init__(self, space: Any, game: Game, nodes: list[Any]) -> None:
        super().__init__(space, game)
        self.node = node = nodes[0]
        self.players = game.player_count
        self.type_count = len(game.cards.types)
        zone_ids = [node.hand_id] + [zone for zone in (node.pool_id, node.store_id) if zone]
        reaching = set(types_reaching(game, zone_ids))
        self.types = tuple(t for t in sorted({t for each in nodes for t in each.tradable_types}) if t in reaching)
        self.parts = (HAND,) + ((POOL,) if node.pool_id else ()) + ((STORE,) if node.store_id else ())
        shapes: list[tuple | None] = [None]
        for part in self.parts:
            for card_type in self.types:
                for count in range(1, MOST_OF_A_TYPE + 1):
                    shapes.append((part, ((card_type, count),)))
        if node.pool_id:
            shapes.extend((POOL, ((first, 1), (second, 1))) for first, second in combinations(self.types, 2))
        self.shapes = tuple(shapes)
        self.shape_index = {shape: index for index, shape in enumerate(shapes)}
        # What each shape counts, given (the pool's and the store's counts; the hand's are positions, read from
        # the hand) and asked for (the hand's, the pool's, the store's): the same tuples for every offer.
        types = self.type_count
        self._given_counts = tuple((_counted(shape, POOL, types), _counted(shape, STORE, types)) for shape in shapes)
        self._asked_counts = tuple(
            (_counted(shape, HAND, types), _counted(shape, POOL, types), _counted(shape, STORE, types))
            for shape in shapes
        )
        self.per_receiver = len(shapes) * len(shapes)
        self.size = (self.players - 1) * self.per_receiver

    # ------------------------------------------------------------------ converting

    def _split(self, local: int) -> tuple[int, int, int]:
        offset, rest = divmod(local, self.per_receiver)
        give, ask = divmod(rest, len(self.shapes))
        return offset + 1, give, ask

    def to_engine(self, state: State, player: int, local: int) -> int | None:
        offer = self._offer(state, player, local)
        return None if offer is None else self.space.encode_offer(offer)

    def legal(self, state: State, player: int, part: Any) -> Iterator[int]:
        # Each candidate's offer is checked as the trade checks it, without the round trip through its int.
        allows = getattr(part, "allows", None)
        if allows is None:
            yield from super().legal(state, player, part)
            return
        hand_masks: dict[int, int | None] = {}  # the hand positions of each give shape, read once per decision
        for local in self.candidates(state, player):
            offer = self._offer(state, player, local, hand_masks)
            if offer is not None and allows(offer):
                yield local

    def _offer(
        self, state: State, player: int, local: int, hand_masks: dict[int, int | None] | None = None
    ) -> Offer | None:
        """The offer ``local`` stands for now (None when it stands for nothing now); ``hand_masks``: the hand
        positions of the give shapes worked out so far in this state, when many offers are read in it."""
        if not 0 <= local < self.size:
            return None
        offset, give, ask = self._split(local)
        if give == 0 and ask == 0:
            return None
        mask = 0
        give_shape = self.shapes[give]
        if give_shape is not None and give_shape[0] == HAND:
            found = hand_masks.get(give, -1) if hand_masks is not None else -1
            if found == -1:
                hand = state.zones[self.node.hand_slots[player]]
                found = _positions_of(hand, state.game.cards.type_of, dict(give_shape[1]), back=False)
                if hand_masks is not None:
                    hand_masks[give] = found
            if found is None:
                return None
            mask = found
        give_pool, give_store = self._given_counts[give]
        ask_hand, ask_pool, ask_store = self._asked_counts[ask]
        receiver = (player + offset) % self.players
        return Offer(receiver, mask, give_pool, ask_pool, ask_hand, give_store, ask_store)

    def _shape(self, part: int, counts: tuple[int, ...]) -> int | None:
        items = tuple((card_type, count) for card_type, count in enumerate(counts) if count)
        return self.shape_index.get((part, items))

    def from_engine(self, state: State, player: int, action: int) -> int | None:
        offer = self.space.decode(action)
        offset = (offer.receiver - player) % self.players
        if offset == 0:
            return None
        gives = [
            (part, counts)
            for part, counts in ((POOL, offer.give_pool), (STORE, offer.give_store))
            if counts and any(counts)
        ]
        if offer.give_hand:
            hand = state.zones[self.node.hand_slots[player]]
            type_of = state.game.cards.type_of
            counts = [0] * self.type_count
            for position in offer.positions():
                if position >= len(hand):
                    return None
                counts[type_of[hand[position]]] += 1
            wanted = {card_type: count for card_type, count in enumerate(counts) if count}
            if _positions_of(hand, type_of, wanted, back=False) != offer.give_hand:
                return None  # not the front-most cards of their type: outside the view
            gives.append((HAND, tuple(counts)))
        asks = [
            (part, counts)
            for part, counts in ((HAND, offer.ask_hand), (POOL, offer.ask_pool), (STORE, offer.ask_store))
            if counts and any(counts)
        ]
        if len(gives) > 1 or len(asks) > 1:
            return None
        give = self._shape(*gives[0]) if gives else 0
        ask = self._shape(*asks[0]) if asks else 0
        if give is None or ask is None or (give == 0 and ask == 0):
            return None
        return ((offset - 1) * len(self.shapes) + give) * len(self.shapes) + ask

    # ------------------------------------------------------------------ what may be legal

    def _side_shapes(
        self,
        hand_counts: list[int] | None,
        pool: tuple[int, ...] | None,
        store: tuple[int, ...] | None,
        hand_size: int | None,
    ) -> list[int]:
        """The shapes a side may use: hand cards by what is held (or, asked for, by how many), pool, store."""
        found = [0]
        for index, shape in enumerate(self.shapes):
            if shape is None:
                continue
            part, items = shape
            if part == HAND:
                if hand_counts is not None:
                    if all(hand_counts[t] >= n for t, n in items):
                        found.append(index)
                elif hand_size is not None and sum(n for _t, n in items) <= hand_size:
                    found.append(index)
            else:
                held = pool if part == POOL else store
                if held is not None and all(held[t] >= n for t, n in items):
                    found.append(index)
        return found

    def candidates(self, state: State, player: int) -> Iterator[int]:
        frame = state.stack[-1] if state.stack else None
        node = frame[0] if frame else None
        if node is None or getattr(node, "offers", None) is not self.space:
            return
        active = state.variables[node.player]
        players = self.players
        type_of = state.game.cards.type_of
        hand_counts = [0] * self.type_count
        for instance in state.zones[node.hand_slots[player]]:
            hand_counts[type_of[instance]] += 1
        pool = node._pool_counts(state) if node.pool_slot is not None else None
        own_store = node._store_counts(state, player) if node.store_slots else None
        gives = self._side_shapes(hand_counts, pool if player == active else None, own_store, None)
        receivers = range(1, players) if player == active else [(active - player) % players]
        count = len(self.shapes)
        for offset in receivers:
            receiver = (player + offset) % players
            their_store = node._store_counts(state, receiver) if node.store_slots else None
            asks = self._side_shapes(
                None, pool if receiver == active else None, their_store, node._hand_size(state, receiver)
            )
            for give in gives:
                base = ((offset - 1) * count + give) * count
                for ask in asks:
                    if give or ask:
                        yield base + ask

    # ------------------------------------------------------------------ words

    def describe(self, state: State, player: int, local: int) -> str:
        """The offer in words, naming the receiver by seat from the offerer (the same in every state)."""

        offset, give, ask = self._split(local)
        ruleset, game = self.game.ruleset, self.game
        zone_ids = {HAND: self.node.hand_id, POOL: self.node.pool_id, STORE: self.node.store_id}

        def side(shape: tuple | None) -> list[str]:
            if shape is None:
                return []
            part, items = shape
            counts = [0] * self.type_count
            for card_type, count in items:
                counts[card_type] += count
            zone = ruleset_text(ruleset, ruleset.zone(zone_ids[part]).name)
            # TRANSLATORS: cards of an offer and where they come from, e.g. "2 Rose from Face-up cards".
            return [_("{cards} from {zone}", cards=card_counts_text(ruleset, game, counts), zone=zone)]

        # TRANSLATORS: a player named by where they sit, counted clockwise from the one offering (1 is the next).
        name = ngettext("the player {n} seat to your left", "the player {n} seats to your left", offset)
        given, asked = side(self.shapes[give]), side(self.shapes[ask])
        if given and asked:
            return _("offer {name} {given} for {asked}", name=name, given=format_list(given), asked=format_list(asked))
        if given:
            return _("give {name} {given} for nothing", name=name, given=format_list(given))
        if asked:
            return _("ask {name} for {asked} for nothing", name=name, asked=format_list(asked))
        # TRANSLATORS: the one numbered offer that moves nothing (never legal).
        return _("offer nothing")


class ReplyView(BoundedView):
    """Decline (0), accept giving the front-most hand cards asked for (1), or the back-most ones (2)."""

    size = 3

    def __init__(self, space: Any, game: Game, nodes: list[Any]) -> None:
        super().__init__(space, game)
        self.nodes = nodes

    def _answering(self, state: State) -> tuple[Any, Offer] | None:
        frame = state.stack[-1] if state.stack else None
        if frame is None or frame[0] not in self.nodes or frame[1] != ANSWERING:
            return None
        node = frame[0]
        return node, node.offers.decode(frame[5])

    def _mask(self, state: State, player: int, back: bool) -> int | None:
        found = self._answering(state)
        if found is None:
            return None
        node, offer = found
        wanted = {card_type: count for card_type, count in enumerate(offer.ask_hand) if count}
        return _positions_of(state.zones[node.hand_slots[player]], state.game.cards.type_of, wanted, back)

    def to_engine(self, state: State, player: int, local: int) -> int | None:
        if local == 0:
            return self.space.base
        if local not in (1, 2):
            return None
        mask = self._mask(state, player, back=local == 2)
        return None if mask is None else self.space.accept(mask)

    def from_engine(self, state: State, player: int, action: int) -> int | None:
        local = action - self.space.base
        if local == 0:
            return 0
        mask = local - 1
        for index, back in ((1, False), (2, True)):
            if self._mask(state, player, back) == mask:
                return index
        return None

    def legal(self, state: State, player: int, part: Any) -> Iterator[int]:
        yield 0  # declining is always legal
        front = self.to_engine(state, player, 1)
        if front is not None and front in part:
            yield 1
        back = self.to_engine(state, player, 2)
        if back is not None and back != front and back in part:
            yield 2

    def describe(self, state: State, player: int, local: int) -> str:
        if local == 0:
            return _("decline")
        if local == 1:
            # TRANSLATORS: taking a trade offer, giving the cards asked for nearest the front of the hand.
            return _("accept, giving the front-most cards asked for")
        # TRANSLATORS: taking a trade offer, giving the cards asked for nearest the back of the hand.
        return _("accept, giving the back-most cards asked for")


def offer_view(space: Any, game: Game) -> OfferView | None:
    """The offer view of a game with a trade step (None without one)."""
    nodes = _trade_nodes(game, "offers", space)
    return OfferView(space, game, nodes) if nodes else None


def reply_view(space: Any, game: Game) -> ReplyView | None:
    """The answer view of a game with a trade step (None without one)."""
    nodes = _trade_nodes(game, "replies", space)
    return ReplyView(space, game, nodes) if nodes else None


class TradeFeatures(DecisionFeatures):
    """A trade's numbers: answering or offering, offers made per seat, and the offer to answer.

    Cells: ``answering``; ``offers-made@s`` per seat (viewer first);
    ``offers-allowed``; ``offerer@s`` and ``receiver@s`` (one-hot, viewer
    first); then, per card type, the offer's hand cards given (the cards
    shown), pool cards given, store cards given, hand cards asked, pool
    cards asked and store cards asked.
    """

    PARTS = ("give-hand", "give-pool", "give-store", "ask-hand", "ask-pool", "ask-store")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = players = game.player_count
        ids = game.cards.ids
        self.names = (
            "answering",
            *(f"offers-made@{seat}" for seat in range(players)),
            "offers-allowed",
            *(f"offerer@{seat}" for seat in range(players)),
            *(f"receiver@{seat}" for seat in range(players)),
            *(f"{part}:{card}" for part in self.PARTS for card in ids),
        )

    def encode(self, observation: Observation) -> list[float]:
        facts = observation.decision
        viewer, players = observation.player, self.players
        type_count = len(self.game.cards.ids)
        answering = facts.get("stage") == "answer"
        cells = [1.0 if answering else 0.0] + per_seat(facts.get("offers_made"), viewer, players)
        allowed = facts.get("offers_allowed")
        cells.append(float(allowed) if isinstance(allowed, int) else 0.0)
        action = facts.get("offer_action") if answering else None
        if action is None:
            return cells + [0.0] * (2 * players + len(self.PARTS) * type_count)
        offer = self.game.space("offer").decode(action)
        cells += seat_one_hot(facts.get("offerer"), viewer, players) + seat_one_hot(offer.receiver, viewer, players)
        shown = [0.0] * type_count
        index_of_id = self.game.cards.index_of_id
        for card in facts.get("offered_hand_cards", ()):
            shown[index_of_id[card]] += 1
        cells += shown
        for counts in (offer.give_pool, offer.give_store, offer.ask_hand, offer.ask_pool, offer.ask_store):
            cells += [float(count) for count in counts] if counts else [0.0] * type_count
        return cells


AGENT_VIEWS = {"offer": offer_view, "reply": reply_view}
DECISION_FEATURES = {"trade": TradeFeatures}
