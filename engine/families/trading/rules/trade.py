"""Decision ``trade``: the active player and the others make offers, one at a time, until the active player ends trading."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.base.errors import IllegalActionError
from engine.base.formatting import ruleset_text
from engine.base.i18n import _
from engine.core.decisions import ActionList, ActionSpace, UnionActions
from engine.core.flow import DONE, FlowNode
from engine.core.selectors import card_selector
from engine.core.zones import count_of, instances_in
from engine.families.trading.rules.offers import Offer, OfferActions, OfferSpace
from engine.families.trading.rules.replies import ReplyActions, ReplySpace
from engine.language.params import COUNT, name, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

OFFERING, ANSWERING = 0, 1


class Holdings(NamedTuple):
    """What an offer may name, read from one state: the pool's counts by type, each seat's hand size and each
    seat's store counts by type (the step's shared empty count where a seat has none)."""

    pool: tuple[int, ...]
    hand_sizes: Sequence[int]
    stores: Sequence[tuple[int, ...]]


def _exceeds(wanted: tuple[int, ...], available: tuple[int, ...]) -> bool:
    """Whether some count of ``wanted`` is more than the same type's in ``available``."""
    for count, held in zip(wanted, available):
        if count > held:
            return True
    return False


class TradeTurnSpace(ActionSpace):
    """The ``trade-turn`` space: ``{"action": "pass"}`` (no offer now) and ``{"action": "end-trading"}`` (the active player stops)."""

    name = "trade-turn"
    json_actions = ("pass", "end-trading")
    bare_actions = ("pass", "end-trading")
    size = 2

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        return {"player": player, "action": "pass" if action == self.base else "end-trading"}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        return self.base if entry.get("action") == "pass" else self.base + 1

    def describe(self, state: State, action: int, player: int) -> str:
        if action == self.base:
            # TRANSLATORS: making no trade offer this time round.
            return _("no offer now")
        # TRANSLATORS: the active player closes the trading.
        return _("end trading")


class TradeStep(FlowNode):
    """``trade``: offers between the active player and the others, each answered before the next, until the active player ends trading.

    Players take turns to act, the active player (``player``) first, then
    clockwise, round and round. On their turn a player makes an offer or
    passes; the active player may also end trading. The active player offers
    to any other player; the others offer only to the active player. An offer
    gives the offerer's own cards exactly (``hand`` cards by position; the
    active player also cards of the shared ``pool``, the face-up cards) and
    asks for the receiver's cards (their pool cards by type, their hand cards
    by type and number); either side may be empty (a donation, or a request),
    not both. The receiver accepts or declines; accepting, they name the hand
    positions of the cards asked for. Accepted cards go to the receiving
    side's ``received`` zone, never back into a hand. Each player makes at most
    ``offers`` offers per turn (so trading always ends); a player who can make
    none is passed over, and trading also ends when everyone has passed in a
    row. With ``counter`` (a shared counter), each accepted trade adds one.
    With ``store`` (a player zone everyone sees: a building's storage),
    either party may also give cards of their own store and ask for cards of
    the other's, by type. ``cards`` (a card selector) names the card types an
    offer may name by type (default every type: a game whose buildings never
    reach a hand leaves them out).

    Parameters: ``hand`` (a player row), ``pool`` (a shared zone), ``received`` (a player zone), ``offers``, ``counter``, ``store`` (a player zone), ``cards`` (a card selector), ``player`` (default ``active``).

    ```yaml
    - {id: trading, kind: trade, hand: hand, pool: face-up, received: set-aside, offers: 3, counter: trades}
    ```
    """

    kind = "trade"
    parameters = {
        "hand": param("Hand", "The players' rows whose cards may be traded.", zone("player", ("row",)), option=False),
        "pool": param(
            "Pool",
            "The shared zone of the active player's cards that may be traded (face-up cards).",
            zone("shared"),
            option=False,
        ),
        "received": param("Received", "The player zone cards received go to.", zone("player"), option=False),
        "offers": param("Offers", "The most offers each player makes per turn.", COUNT),
        "counter": param("Counter", "A shared counter of accepted trades.", name("shared-counter"), option=False),
        "store": param(
            "Store", "A player zone, seen by everyone, whose cards its owner may trade too.", zone(), option=False
        ),
        "cards": param(
            "Cards",
            "The card types an offer may name (a card selector; default every type).",
            {"$ref": "#/$defs/card-selector"},
            option=False,
        ),
        "player": param("Player", "The active player (a variable; default active).", variable(), option=False),
    }
    required = ("hand", "received", "offers")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.hand_id = spec["hand"]
        self.pool_id = spec.get("pool")
        self.received_id = spec["received"]
        self.cap = int(spec["offers"])
        self.counter_id = spec.get("counter")
        self.store_id = spec.get("store")
        self.player_name = spec.get("player", "active")

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """A store is a zone of each player's that everyone sees (its cards are offered and asked for by type)."""
        if context.zone_differs(spec.get("store"), owner="player", visibility="all"):
            context.add(
                f"{path}.store",
                # TRANSLATORS: a ruleset error of a trade step: its `store` zone must belong to each player and be seen
                # by all; {zone} is the zone's id, e.g. "shop".
                _(
                    "the zone {zone} is not a player zone everyone sees: a store's cards are "
                    "offered and asked for by kind, so everyone must see them",
                    zone=spec.get("store"),
                ),
            )

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where trading moves cards: from hands and the pool to the received zones."""
        paths = [(spec.get("hand"), spec.get("received"), None, False)]
        if spec.get("pool"):
            paths.append((spec["pool"], spec.get("received"), None, False))
        if spec.get("store"):
            paths.append((spec["store"], spec.get("received"), None, False))
        return paths

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("offer", OfferSpace), ("reply", ReplySpace), ("trade-turn", TradeTurnSpace))

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Game) -> None:
        self.offers = game.space("offer")
        self.offers.configure(self.hand_id, self.pool_id, self.store_id)
        self.replies = game.space("reply")
        self.turns = game.space("trade-turn")
        # Passing (and, for the active player, ending the trading) never changes: one list each, shared.
        self.pass_only = ActionList([self.turns.base], kind="pass")
        self.end_or_pass = ActionList([self.turns.base, self.turns.base + 1], kind="pass")
        self.hand_zone = game.zone_index(self.hand_id)
        self.hand_slots = tuple(game.zones.slot(self.hand_zone, seat) for seat in range(game.player_count))
        self.pool_slot = game.zones.slot_of(self.pool_id) if self.pool_id else None
        self.store_slots = (
            tuple(game.zones.slot(game.zone_index(self.store_id), seat) for seat in range(game.player_count))
            if self.store_id
            else None
        )
        self.received_zone = game.zone_index(self.received_id)
        self.player = game.variable(self.player_name)
        self.counter = game.counter_index[self.counter_id] if self.counter_id else None
        # The most of each type an offer may name: every copy of a tradable type, none of another.

        tradable = card_selector(self.spec.get("cards"))
        self.tradable = tuple(tradable(card_type) for card_type in game.cards.types)
        self.tradable_types = tuple(index for index, named in enumerate(self.tradable) if named)
        self.copies = tuple(
            len(copies) if self.tradable[index] else 0 for index, copies in enumerate(game.cards.instances_of)
        )
        self.type_count = len(game.cards.types)
        # Shared answers for the usual cases, so that a trade's hot paths build no tuples:
        # no cards of a zone, every type tradable, the most a hand of n cards can be asked for.
        self.nothing = (0,) * self.type_count
        self.all_tradable = all(self.tradable)
        # The counts of the types players may not trade, read out of an offer's counts in one call (C speed: an
        # offer's counts cover every card type of the game: dozens in a game of many cards, of which a handful may be traded).
        untradable = tuple(index for index, named in enumerate(self.tradable) if not named)
        self.untradable_counts: Callable[[tuple[int, ...]], tuple[int, ...]] | None = (
            operator.itemgetter(*untradable, untradable[0]) if untradable else None  # a tuple even for one type
        )
        self.ask_limits_by_hand: dict[int, tuple[int, ...]] = {}

    # frame: [node, stage, actor, the offers each seat has made (a tuple of offer ints per seat), passes in a row,
    #         pending offer int, offerer]; the tuples are replaced, never changed, so a copy of the list is a copy.
    def new_frame(self) -> list:
        return [self, OFFERING, 0, None, 0, None, 0]

    # ------------------------------------------------------------------ what may be offered

    def _counts_in(self, state: State, slot: int | None) -> tuple[int, ...]:
        content = state.zones[slot] if slot is not None else None
        if not content:
            return self.nothing
        counts = [0] * self.type_count
        type_of = state.game.cards.type_of
        for instance in instances_in(content):
            counts[type_of[instance]] += 1
        return tuple(counts)

    def _ask_limits(self, their_hand: int) -> tuple[int, ...]:
        """The most of each type a player holding ``their_hand`` cards may be asked for."""
        limits = self.ask_limits_by_hand.get(their_hand)
        if limits is None:
            limits = self.ask_limits_by_hand[their_hand] = tuple(min(copies, their_hand) for copies in self.copies)
        return limits

    def _pool_counts(self, state: State) -> tuple[int, ...]:
        return self._counts_in(state, self.pool_slot)

    def _store_counts(self, state: State, player: int) -> tuple[int, ...]:
        return self._counts_in(state, self.store_slots[player] if self.store_slots else None)

    def _hand_size(self, state: State, player: int) -> int:
        return count_of(state.zones[self.hand_slots[player]])

    def offer_choices(self, state: State, frame: list, player: int) -> list[tuple]:
        """What ``player`` may offer now, per receiver (see :class:`OfferActions`); empty when nothing."""
        if len(frame[3][player]) >= self.cap:
            return []
        active = state.variables[self.player]
        pool = self._pool_counts(state)
        nothing = self.nothing
        players = state.player_count
        # Clockwise from the offerer: what a seat is offered does not depend on where the table starts counting.
        receivers = [(player + step) % players for step in range(1, players)] if player == active else [active]
        choices = []
        hand = self._hand_size(state, player)
        give_store = self._store_counts(state, player)
        for receiver in receivers:
            their_hand = self._hand_size(state, receiver)
            give_pool = pool if player == active else nothing
            ask_pool = pool if receiver == active else nothing
            ask_limits = self._ask_limits(their_hand)
            ask_store = self._store_counts(state, receiver)
            # (The shared ``nothing`` stands for every empty count.)
            if (
                hand
                or their_hand
                or give_pool is not nothing
                or ask_pool is not nothing
                or give_store is not nothing
                or ask_store is not nothing
            ):
                choices.append((receiver, hand, give_pool, ask_pool, ask_limits, their_hand, give_store, ask_store))
        return choices

    def can_offer(self, state: State, frame: list, player: int) -> bool:
        """Whether ``player`` has any offer to make now (what :meth:`offer_choices` says, without listing)."""
        if len(frame[3][player]) >= self.cap:
            return False
        zones, hands = state.zones, self.hand_slots
        if zones[hands[player]]:
            return True
        active = state.variables[self.player]
        if self.pool_slot is not None and zones[self.pool_slot]:
            return True  # the active player gives, or anyone asks for, a card of the pool
        stores = self.store_slots
        if stores is not None and zones[stores[player]]:
            return True
        if player != active:
            return bool(zones[hands[active]]) or (stores is not None and bool(zones[stores[active]]))
        return any(
            zones[hands[seat]] or (stores is not None and zones[stores[seat]])
            for seat in range(state.player_count)
            if seat != player
        )

    def holdings(self, state: State) -> Holdings:
        """What every player holds that an offer may name now (read once to check many offers in one state)."""
        players = range(state.player_count)
        return Holdings(
            self._pool_counts(state),
            tuple(self._hand_size(state, seat) for seat in players),
            tuple(self._store_counts(state, seat) for seat in players),
        )

    def offer_problem(self, state: State, player: int, offer: Offer, held: Holdings | None = None) -> str | None:
        """Why ``player`` may not make ``offer`` now (None when they may); ``held``: :meth:`holdings` of ``state``,
        when many offers are checked in it (one offer alone reads only what it comes to: two seats at most, and
        the pool only when the offer names face-up cards)."""
        frame = state.stack[-1]
        if frame[0] is not self or frame[1] != OFFERING or frame[2] != player:
            # TRANSLATORS: why a trade offer is refused, shown after "Not allowed:": another player is to offer now.
            return _("it is not your turn to make an offer")
        if len(frame[3][player]) >= self.cap:
            # TRANSLATORS: why a trade offer is refused; {count} is the number of offers allowed per turn, e.g. 3.
            return _("you have made the most offers allowed this turn ({count})", count=self.cap)
        active = state.variables[self.player]
        receiver = offer.receiver
        if receiver == player or active not in (player, receiver) or not 0 <= receiver < state.player_count:
            # TRANSLATORS: why a trade offer is refused: one side of every trade is the player whose turn it is.
            return _("trades are between the active player and one other player")
        if offer.is_empty():
            # TRANSLATORS: why a trade offer is refused: it gives nothing and asks for nothing.
            return _("an offer must give or ask for at least one card")
        if offer.give_hand >> (held.hand_sizes[player] if held is not None else self._hand_size(state, player)):
            # TRANSLATORS: why a trade offer is refused: it gives a hand card by a position beyond the end of the hand.
            return _("there is no card at that position of your hand")
        if any(offer.give_pool) and (
            player != active or _exceeds(offer.give_pool, held.pool if held is not None else self._pool_counts(state))
        ):
            # TRANSLATORS: why a trade offer is refused; face-up cards are the cards turned up on the table for trading.
            return _("only the active player gives face-up cards, and only those on the table")
        if any(offer.ask_pool) and (
            receiver != active or _exceeds(offer.ask_pool, held.pool if held is not None else self._pool_counts(state))
        ):
            # TRANSLATORS: why a trade offer is refused: only the player whose turn it is trades the face-up cards.
            return _("only the active player's face-up cards on the table may be asked for")
        if any(offer.give_store) and _exceeds(
            offer.give_store, held.stores[player] if held is not None else self._store_counts(state, player)
        ):
            # TRANSLATORS: why a trade offer is refused; {zone} is the player's storage zone, e.g. "Shop".
            return _("you have no such cards in your {zone}", zone=self._store_name(state.ruleset))
        if any(offer.ask_store) and _exceeds(
            offer.ask_store, held.stores[receiver] if held is not None else self._store_counts(state, receiver)
        ):
            # TRANSLATORS: why a trade offer is refused; {name} is a player, e.g. "Bo"; {zone} their storage, "Shop".
            return _(
                "{name} has no such cards in their {zone}",
                name=state.players[receiver],
                zone=self._store_name(state.ruleset),
            )
        untradable_counts = self.untradable_counts
        if untradable_counts is not None and (
            any(untradable_counts(offer.ask_hand))
            or any(untradable_counts(offer.ask_pool))
            or any(untradable_counts(offer.give_pool))
        ):
            # TRANSLATORS: why a trade offer is refused: it names a card the ruleset does not let players trade.
            return _("only the cards this game trades may be named in an offer")
        if sum(offer.ask_hand) > (held.hand_sizes[receiver] if held is not None else self._hand_size(state, receiver)):
            # TRANSLATORS: why a trade offer is refused; {name} is the player asked, e.g. "Bo" (who holds fewer).
            return _("that asks for more cards than {name} holds", name=state.players[receiver])
        return None

    def _store_name(self, ruleset: Ruleset) -> str:

        return ruleset_text(ruleset, ruleset.zone(self.store_id).name) if self.store_id else ""

    # ------------------------------------------------------------------ running

    def start(self, state: State, frame: list) -> int:
        active = state.variables[self.player]
        frame[1], frame[2], frame[3], frame[4], frame[5] = OFFERING, active, ((),) * state.player_count, 0, None
        return state.decide(active)

    def _next_actor(self, state: State, frame: list) -> int:
        """Move the turn to the next player who can act; DONE once everyone has passed in a row."""
        players = state.player_count
        active = state.variables[self.player]
        while frame[4] < players:
            frame[2] = (frame[2] + 1) % players
            if frame[2] == active or self.can_offer(state, frame, frame[2]):
                return state.decide(frame[2])
            frame[4] += 1  # passed over: nothing they may offer
        return DONE

    def legal(self, state: State, frame: list) -> Any:
        player = state.current
        if frame[1] == ANSWERING:
            offer = self.offers.decode(frame[5])
            hand = tuple(state.game.cards.type_of[i] for i in state.zones[state.slot(self.hand_zone, player)])
            return ReplyActions(self.replies, hand, offer.ask_hand, True)
        parts: list[Any] = []
        if self.can_offer(state, frame, player):
            parts.append(OfferActions(self.offers, self, state, player, frame))
        parts.append(self.end_or_pass if player == state.variables[self.player] else self.pass_only)
        return UnionActions(parts)

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        facts: dict[str, Any] = {
            "stage": "answer" if frame[1] == ANSWERING else "offer",
            "offers_made": tuple(len(made) for made in frame[3] or ()),
            "offers_allowed": self.cap,
            # Every offer is made aloud: everyone knows which each player has made this turn.
            "offers_so_far": frame[3] or (),
            "active": state.variables[self.player],
            "hand": self.hand_id,
            "pool": self.pool_id,
        }
        if frame[1] == ANSWERING:
            offerer = frame[6]
            facts["offerer"] = offerer
            facts["offer"] = self.offers.to_json(state, frame[5], offerer)
            facts["offer_action"] = frame[5]
            # An offer shows the hand cards it gives (their positions stay the offerer's choice): the receiver
            # must see what they are offered, and so does everyone at the table.
            hand = state.card_ids_in(self.hand_zone, offerer)
            positions = self.offers.decode(frame[5]).positions()
            facts["offered_hand_cards"] = tuple(hand[p] for p in positions if p < len(hand))
        return facts

    def public_cards(self, state: State, frame: list) -> tuple[int, ...]:
        if frame[1] != ANSWERING:
            return ()
        hand = state.cards_in(self.hand_zone, frame[6])
        return tuple(hand[p] for p in self.offers.decode(frame[5]).positions() if p < len(hand))

    def apply(self, state: State, frame: list, action: int) -> int:
        player = state.current
        if frame[1] == ANSWERING:
            return self._answer(state, frame, player, action)
        if action in self.turns:
            if action == self.turns.base + 1:
                if player != state.variables[self.player]:
                    # TRANSLATORS: why ending the trading is refused, shown after "Not allowed:".
                    raise IllegalActionError.at(_("only the active player ends trading"))
                return DONE
            frame[4] += 1
            return self._next_actor(state, frame)
        if action not in self.offers:
            # TRANSLATORS: why a move is refused during trading, shown after "Not allowed:": what may be done now.
            raise IllegalActionError.at(_("make an offer, or pass"))
        offer = self.offers.decode(action)
        problem = self.offer_problem(state, player, offer)
        if problem is not None:
            raise IllegalActionError.at(problem)
        made = frame[3]
        frame[3] = made[:player] + (made[player] + (action,),) + made[player + 1 :]
        frame[1], frame[4], frame[5], frame[6] = ANSWERING, 0, action, player
        return state.decide(offer.receiver)

    def _answer(self, state: State, frame: list, player: int, action: int) -> int:
        if action not in self.replies:
            # TRANSLATORS: why a move is refused while an offer awaits the player's answer, shown after "Not allowed:".
            raise IllegalActionError.at(_("accept or decline the offer"))
        if action != self.replies.base:
            offer = self.offers.decode(frame[5])
            if not self._gives_what_was_asked(state, player, offer, action - self.replies.base - 1):
                # TRANSLATORS: why accepting an offer is refused: the hand cards given differ from those asked for.
                raise IllegalActionError.at(_("to accept, give hand cards of exactly the kinds asked for"))
            self._exchange(state, frame[6], offer, action - self.replies.base - 1)
            if self.counter is not None:
                state.add_to_counter(self.counter, -1, 1)
        frame[1], frame[2], frame[5] = OFFERING, frame[6], None
        return self._next_actor(state, frame)

    def _gives_what_was_asked(self, state: State, player: int, offer: Offer, positions: int) -> bool:
        """Whether the hand positions in ``positions`` hold exactly the cards the offer asks of ``player``."""
        hand = state.zones[state.slot(self.hand_zone, player)]
        if positions >> len(hand):
            return False
        given = [0] * self.type_count
        type_of = state.game.cards.type_of
        while positions:
            lowest = positions & -positions
            given[type_of[hand[lowest.bit_length() - 1]]] += 1
            positions ^= lowest
        return tuple(given) == offer.ask_hand

    def _exchange(self, state: State, offerer: int, offer: Offer, receiver_positions: int) -> None:
        """Both sides' cards go to the other side's received zone (the hand positions read before anything moves)."""
        receiver = offer.receiver
        cards = state.game.cards
        offerer_hand = state.slot(self.hand_zone, offerer)
        receiver_hand = state.slot(self.hand_zone, receiver)
        given = [state.zones[offerer_hand][p] for p in offer.positions()]
        taken = [instance for p, instance in enumerate(state.zones[receiver_hand]) if receiver_positions >> p & 1]
        to_receiver = state.slot(self.received_zone, receiver)
        to_offerer = state.slot(self.received_zone, offerer)
        if given:
            state.move(given, offerer_hand, to_receiver, player=offerer, step=self.id)
        if taken:
            state.move(taken, receiver_hand, to_offerer, player=receiver, step=self.id)
        stores = self.store_slots or (None,) * state.player_count
        for counts, source, target, mover in (
            (offer.give_pool, self.pool_slot, to_receiver, offerer),
            (offer.ask_pool, self.pool_slot, to_offerer, receiver),
            (offer.give_store, stores[offerer], to_receiver, offerer),
            (offer.ask_store, stores[receiver], to_offerer, receiver),
        ):
            if any(counts):
                wanted = list(counts)
                picked = []
                for instance in instances_in(state.zones[source]):
                    if wanted[cards.type_of[instance]]:
                        wanted[cards.type_of[instance]] -= 1
                        picked.append(instance)
                state.move(picked, source, target, player=mover, step=self.id)
