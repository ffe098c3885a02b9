"""What both auction kinds share: their parameters, their frame, bidding, paying and taking the lot."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.formatting import format_amount, format_list
from engine.base.i18n import _
from engine.core.flow import DECIDE, DONE, FlowNode
from engine.core.log_form import plain_entry_word
from engine.families.auction.rules.award import award_lot
from engine.families.auction.rules.bidding import BID_SPACE_SIZE, MAX_MONEY_TYPES, PASS, BidActions, BidSpace
from engine.families.auction.rules.events import Bid, Pass, Pay
from engine.language.params import SELECTOR, name, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

AUCTION_PARAMETERS = {
    "lot": param(
        "Lot",
        "The shared zone holding the card on auction (default revealed).",
        zone("shared", ("set",), default="revealed"),
        option=False,
    ),
    "money": param(
        "Money", "Which cards are money (default {tag: money}); a player holds one of each.", SELECTOR, option=False
    ),
    "value": param(
        "Value", "The attribute that is a money card's face value (default value).", name("attribute"), option=False
    ),
    "hand": param(
        "Hand",
        "The player zone money is bid from (default hand).",
        zone("player", ("set",), default="hand"),
        option=False,
    ),
    "bid": param(
        "Bid",
        "The player zone a bid lies in, face up (default bid).",
        zone("player", ("set",), default="bid"),
        option=False,
    ),
    "spent": param(
        "Spent",
        "The player zone of money paid, out of the game (default spent).",
        zone("player", ("set",), default="spent"),
        option=False,
    ),
    "won": param(
        "Won", "The player zone the taker puts the lot into (default won).", zone("player", default="won"), option=False
    ),
    "taker": param(
        "Taker", "The player variable set to whoever takes the lot (default taker).", variable(), option=False
    ),
    "start": param("Start", "The player variable of who bids first (default start).", variable(), option=False),
}

# Frame slots of an auction: [node, table totals, passed, players left, highest total, money bid this auction]
TOTALS, PASSED, LEFT, HIGHEST, MONEY_BID = 1, 2, 3, 4, 5


def money_text(ruleset: Ruleset, amount: int) -> str:
    """Money as the edition writes it, for the message of a refused bid."""
    # Imported here: only a refused action needs Babel, and simulation workers never refuse one.

    return format_amount(ruleset, amount)


class AuctionStep(FlowNode):
    """The shared machinery: bidding turns clockwise from ``start``, skipping players who passed."""

    parameters = AUCTION_PARAMETERS
    required: tuple[str, ...] = ()

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.ruleset = ruleset
        self.money = spec.get("money") or {"tag": "money"}
        self.value_attribute = spec.get("value", "value")
        self.zone_ids = {key: spec.get(key, key) for key in ("hand", "bid", "spent", "won")}
        self.lot_id = spec.get("lot", "revealed")
        self.taker_name = spec.get("taker", "taker")
        self.start_name = spec.get("start", "start")

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("bid", lambda ruleset, game: BidSpace(ruleset, game, self.money, self.value_attribute)),)

    def variable_names(self) -> Sequence[str]:
        return (self.taker_name, self.start_name)

    @classmethod
    def sets_variables(cls, spec: Mapping[str, Any]) -> Sequence[str]:
        return (spec.get("taker", "taker"),)

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where an auction moves cards: money to the table and to spent, the lot to the taker."""
        hand, bid, spent = spec.get("hand", "hand"), spec.get("bid", "bid"), spec.get("spent", "spent")
        return [
            (hand, bid, None, False),
            (bid, hand, None, False),
            (bid, spent, None, False),
            (spec.get("lot", "revealed"), spec.get("won", "won"), None, False),
        ]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Money is at most 20 kinds of card, each with a whole face value of at least 1."""

        money = context.matching(spec.get("money") or {"tag": "money"})
        attribute = spec.get("value", "value")
        if len(money) > MAX_MONEY_TYPES:
            # TRANSLATORS: error in a ruleset file; {limit} and {count} are numbers of kinds of money card, e.g. 20.
            context.add(
                money[MAX_MONEY_TYPES]["path"],
                _(
                    "a bid is a set of money cards: at most {limit} kinds of money card, not {count}",
                    limit=MAX_MONEY_TYPES,
                    count=len(money),
                ),
            )
        if not money and context.first_time("no money", spec.get("money")):
            context.add(  # TRANSLATORS: ruleset error; keep "money" and `money` (a card tag, a ruleset key).
                path, _("no card is money for this auction: give cards the tag money, or name them with `money`")
            )
        for card in money:
            if attribute not in card["attributes"]:
                # TRANSLATORS: error in a ruleset file; {card} is a card's id, e.g. "money-1000"; {attribute} the
                # name of the attribute that gives its value, e.g. "value", kept as the ruleset writes it.
                context.add(
                    card["path"], _("the money card {card} has no {attribute}", card=card["id"], attribute=attribute)
                )

    def compile(self, game: Game) -> None:
        self.space = game.space("bid")
        # A replay's run reads "pass" and "bid" here when they are this space's words, none an action at any time's.
        self.reads_log_words = (
            all(game.space_by_word.get(word) is self.space for word in ("pass", "bid"))
            and self.space not in game.anytime_spaces
        )
        self.sums = self.space.sums
        self.players = game.player_count
        zones = game.zones
        self.hand_slots = tuple(zones.slot_of(self.zone_ids["hand"], seat) for seat in range(self.players))
        self.bid_slots = tuple(zones.slot_of(self.zone_ids["bid"], seat) for seat in range(self.players))
        self.spent_slots = tuple(zones.slot_of(self.zone_ids["spent"], seat) for seat in range(self.players))
        self.won_zone = zones.index_of_id[self.zone_ids["won"]]
        self.won_slots = tuple(zones.slot(self.won_zone, seat) for seat in range(self.players))
        self.lot_slot = zones.slot_of(self.lot_id)
        self.taker = game.variable(self.taker_name)
        self.start_variable = game.variable(self.start_name)

    # ------------------------------------------------------------------ the frame

    def new_frame(self) -> list:
        count = self.players
        return [self, [0] * count, [False] * count, count, 0, False]

    def copy_frame(self, frame: list) -> list:
        return [frame[0], list(frame[TOTALS]), list(frame[PASSED]), frame[LEFT], frame[HIGHEST], frame[MONEY_BID]]

    def start(self, state: State, frame: list) -> int:
        state.current = state.variables[self.start_variable]
        return DECIDE

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        return {
            "auction": self.kind,
            "highest": frame[HIGHEST],
            "totals": tuple(frame[TOTALS]),
            "passed": tuple(frame[PASSED]),
        }

    # ------------------------------------------------------------------ deciding

    def legal(self, state: State, frame: list) -> BidActions:
        player = state.current
        hand = self.space.types_in(state.zones[self.hand_slots[player]], player)
        return BidActions(hand, frame[TOTALS][player], frame[HIGHEST], self.sums, by_sum=self.space.submasks_by_sum)

    def apply(self, state: State, frame: list, action: int) -> int:
        player = state.current
        if action == PASS and type(action) is int:
            if state.recording:
                state.events.append(Pass(player))
            return self.on_pass(state, frame, player)
        moved, total = self.checked_bid(state, frame, player, action)
        return self.place_bid(state, frame, player, action, moved, total)

    def checked_bid(self, state: State, frame: list, player: int, action: Any) -> tuple[int, int]:
        """The card instances a bid moves and the bidder's new table total; IllegalActionError says why not."""
        if type(action) is not int or action < 0 or action >= BID_SPACE_SIZE:
            # TRANSLATORS: said when a card choice (or garbage) is given where a bid or a pass is expected.
            raise IllegalActionError.at(_("this is a bid turn: pass or bid money cards"))
        space = self.space
        hand = state.zones[self.hand_slots[player]]
        # The player's own copy of each card bid, when they hold them all (the usual case: no look-up).
        moved = space.own_copies_by_seat[player][action] if action <= space.full_hand else -1
        if moved < 0 or hand & moved != moved or moved.bit_count() != action.bit_count():
            held = space.types_in(hand, player)
            if action & ~held:
                missing = action & ~held
                if missing > space.full_hand:
                    # TRANSLATORS: why a bid is refused (given by a bot, a program or a game log): it names a money
                    # card the game does not have.
                    raise IllegalActionError.at(_("there is no such money card"))

                # TRANSLATORS: why a bid is refused (given by a bot, a program or a game log); {money} lists money
                # cards by their amounts, e.g. "6,000 and 8,000".
                raise IllegalActionError.at(
                    _(
                        "you do not hold {money}",
                        money=format_list([money_text(self.ruleset, value) for value in space.values_of(missing)]),
                    )
                )
            moved = space.instances_of(action, hand, player)
        total = frame[TOTALS][player] + self.sums[action]
        if total <= frame[HIGHEST]:
            # TRANSLATORS: {total} is the player's table total after the bid.
            raise IllegalActionError.at(
                _(
                    "a bid of {total} does not beat the highest bid {highest}",
                    total=money_text(self.ruleset, total),
                    highest=money_text(self.ruleset, frame[HIGHEST]),
                )
            )
        return moved, total

    def place_bid(self, state: State, frame: list, player: int, action: int, moved: int, total: int) -> int:
        """Put a checked bid on the table; the next bidder decides."""
        zones = state.zones
        zones[self.hand_slots[player]] &= ~moved
        zones[self.bid_slots[player]] |= moved
        frame[TOTALS][player] = total
        frame[HIGHEST] = total
        frame[MONEY_BID] = True
        if state.recording:
            state.events.append(Bid(player, self.space.values_of(action), total))
        # The next seat clockwise that has not passed (inlined: this is the hottest path of a simulation).
        passed = frame[PASSED]
        players = self.players
        seat = (player + 1) % players
        while passed[seat]:
            seat = (seat + 1) % players
        state.current = seat
        return DECIDE

    def apply_log_run(
        self, state: State, frame: list, entries: Sequence[Any], index: int, stop: int
    ) -> tuple[int, int]:
        """A replay's run of this auction's passes and bids, read and applied here (``FlowNode.apply_log_run``)."""
        if not self.reads_log_words:
            return index, DECIDE
        history = state.history
        action_players = state.action_players
        mask_of_listed = self.space.mask_of_listed
        while index < stop:
            player = state.current
            entry = entries[index]
            word = plain_entry_word(entry, player)
            if word == "pass":
                history.append(PASS)
                action_players.append(player)
                index += 1
                signal = self.on_pass(state, frame, player)
                if signal != DECIDE:
                    return index, signal
                continue
            action = mask_of_listed(entry.get("cards")) if word == "bid" else -1
            if action < 0:
                break
            try:
                moved, total = self.checked_bid(state, frame, player, action)
            except IllegalActionError:  # the usual path says why
                break
            history.append(action)
            action_players.append(player)
            index += 1
            self.place_bid(state, frame, player, action, moved, total)
        return index, DECIDE

    def next_bidder(self, frame: list, player: int) -> int:
        """The next seat clockwise from ``player`` that has not passed."""
        passed = frame[PASSED]
        seat = (player + 1) % self.players
        while passed[seat]:
            seat = (seat + 1) % self.players
        return seat

    def on_pass(self, state: State, frame: list, player: int) -> int:
        """Apply a pass; the auction kinds differ here."""
        raise NotImplementedError

    # ------------------------------------------------------------------ money and the lot

    def take_back(self, state: State, frame: list, player: int) -> None:
        """``player`` takes their bid on the table back into hand."""
        zones = state.zones
        bid_slot = self.bid_slots[player]
        bid = zones[bid_slot]
        if not bid:
            return
        zones[self.hand_slots[player]] |= bid
        zones[bid_slot] = 0
        totals = frame[TOTALS]
        returned = totals[player]
        totals[player] = 0
        if returned == frame[HIGHEST]:
            frame[HIGHEST] = max(totals)

    def pay(self, state: State, frame: list, player: int) -> None:
        """``player``'s bid on the table is paid: out of the game, face up in their spent zone."""
        zones = state.zones
        bid_slot = self.bid_slots[player]
        paid = zones[bid_slot]
        if not paid:
            return
        zones[self.spent_slots[player]] |= paid
        zones[bid_slot] = 0
        frame[TOTALS][player] = 0
        if state.recording:
            state.events.append(Pay(player, self.space.values_of(self.space.types_in(paid))))

    def give_lot(self, state: State, frame: list, taker: int, *, bought: bool = True) -> int:
        """The taker takes the lot; the auction is over. ``bought``: the lot is won (free when nobody bid money
        for it); else it is forced on the taker (the first to pass takes a misfortune), never "for free"."""
        state.variables[self.taker] = taker
        award_lot(state, taker, self.lot_slot, self.won_slots[taker], free=bought and not frame[MONEY_BID])
        return DONE
