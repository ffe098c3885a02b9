"""An independent, deliberately plain implementation of Bohnanza (the Amigo and Rio Grande rules).

This module is the second implementation the generic engine is checked
against: it knows one game and says so, with plain lists and dicts, so a
reader can hold it against the rulebook line by line. It must never import
``engine``: agreement between two programs means something only when they
share no code. It was written from the rules and from
``docs/games/bohnanza.md`` (which fixes the decision points and the log
entries), not from the engine.

It can

* replay a log (its ``deck``, ``first_player``, the reshuffles in ``chance``
  and its ``actions`` in the JSON forms of ``docs/games/bohnanza.md``),
  checking that every action is by the player who must decide and is legal at
  that moment, and rejecting the first that is not with its index and a
  reason (:class:`ReferenceIllegalAction`);
* play random games with its own random bot and write their logs in the same
  format (deck top first, a ``chance`` entry for each reshuffle);
* score a finished game as the engine's result JSON:
  ``{"ruleset", "players": [{"name", "score", "coins", "coins_by_type", "hand"}], "winners"}``.

The turn is written as one generator (:meth:`ReferenceGame.play`) that reads
like the rules: it stops (``yield``) at each decision point and is sent the
action taken there. At-any-time actions (harvest, buy the third field) are
taken inside :meth:`ReferenceGame.ask`, so they are open at every decision
point and leave the player at the same one.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import Any

# The bean cards: how many of each there are, and the beanometer printed on the
# card ({at least this many cards in the field: pay this many coins}). Below the
# first step a harvest pays nothing. The order is the order of the rules' table,
# which is also the order coins are listed by type in a result.
BEANS: dict[str, tuple[int, dict[int, int]]] = {
    "coffee": (24, {4: 1, 7: 2, 10: 3, 12: 4}),
    "wax": (22, {4: 1, 7: 2, 9: 3, 11: 4}),
    "blue": (20, {4: 1, 6: 2, 8: 3, 10: 4}),
    "chili": (18, {3: 1, 6: 2, 8: 3, 9: 4}),
    "stink": (16, {3: 1, 5: 2, 7: 3, 8: 4}),
    "green": (14, {3: 1, 5: 2, 6: 3, 7: 4}),
    "soy": (12, {2: 1, 4: 2, 6: 3, 7: 4}),
    "black-eyed": (10, {2: 1, 4: 2, 5: 3, 6: 4}),
    "red": (8, {2: 1, 3: 2, 4: 3, 5: 4}),
    "garden": (6, {2: 2, 3: 3}),
    "cocoa": (4, {2: 2, 3: 3, 4: 4}),
}
AMIGO_BEANS = ("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")
FIELDS = ("field-1", "field-2", "field-3")
TURNED_UP = 2  # cards turned up in phase 2
SAMPLED_MOST = 3  # the random bot gives and asks for at most this many cards per offer

# The game flow is a generator: it stops (yields) at each decision point and is sent the action taken there.
Action = dict[str, Any]
Flow = Generator[None, Action, None]


class ReferenceIllegalAction(Exception):
    """An action the rules do not allow; ``index`` is its 0-based position in the log."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


class ReferenceLogError(ValueError):
    """A log that cannot be a game of this edition (its deck, its reshuffles); ``path`` says where (``$.chance[1]``)."""

    def __init__(self, reason: str, path: str = "$") -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason
        self.path = path


class Illegal(Exception):
    """Raised inside the game flow; :meth:`ReferenceGame.apply` adds the action's index."""


@dataclass(frozen=True)
class Edition:
    """What depends on the edition, the number of players and the options."""

    ruleset: str
    deck: dict[str, int]  # bean type -> copies in this game
    deal: tuple[int, ...]  # cards dealt to the start player, the next, ... (by seat offset)
    fields_at_start: int  # 2, or 3 (Rio Grande with 3 players)
    third_field_price: int | None  # None: a third field cannot be bought
    draw: int  # cards drawn in phase 4
    final_exhaustion: int  # the exhaustion of the draw pile that ends play
    offers_per_turn: int
    # "hand": most cards in hand; "seat": seated farthest clockwise from the start player; then the win is shared
    tiebreak: tuple[str, ...]


def edition_for(ruleset: str, player_count: int, options: dict[str, Any] | None = None) -> Edition:
    """The edition a log names, for its number of players and its options."""
    options = options or {}
    offers = int(options.get("offers-per-turn", 3))
    tiebreak = options.get("tiebreak", ["hand"])
    tiebreak = tuple(tiebreak.split(",") if isinstance(tiebreak, str) else tiebreak)
    tiebreak = tuple(criterion for criterion in tiebreak if criterion)
    if any(criterion not in ("hand", "seat") for criterion in tiebreak):
        raise ValueError(f"unknown tiebreak {tiebreak!r}: the criteria are 'hand' and 'seat'")
    # The current Amigo rules: three fields from the start with three players.
    fields_by_players = options.get("fields-by-players", False) in (True, "true")
    if ruleset == "bohnanza/amigo":
        if not 3 <= player_count <= 5:
            raise ValueError("Amigo's Bohnanza is for 3 to 5 players")
        price = options.get("third-field-price", 3)
        price = None if price in (None, "none", "null") else int(price)
        return Edition(
            ruleset,
            {bean: BEANS[bean][0] for bean in AMIGO_BEANS},
            (5,) * player_count,
            3 if fields_by_players and player_count == 3 else 2,
            price,
            3,
            3,
            offers,
            tiebreak,
        )
    if ruleset == "bohnanza/rio-grande":
        if not 3 <= player_count <= 7:
            raise ValueError("Rio Grande's Bohnanza is for 3 to 7 players")
        # The player count decides everything; the third-field-price option is Amigo's only.
        if player_count == 3:
            removed, deal, fields, price, draw, final = ("cocoa",), (5,) * 3, 3, None, 3, 2
        elif player_count <= 5:
            removed, deal, fields, price, draw, final = ("coffee",), (5,) * player_count, 2, 3, 3, 3
        else:
            removed, deal = ("cocoa", "garden"), (3, 4, 5) + (6,) * (player_count - 3)
            fields, price, draw, final = 2, 2, 4, 3
        if fields_by_players and player_count == 3:
            fields = 3
        deck = {bean: count for bean, (count, _) in BEANS.items() if bean not in removed}
        return Edition(ruleset, deck, deal, fields, price, draw, final, offers, tiebreak)
    raise ValueError(f"the reference knows bohnanza/amigo and bohnanza/rio-grande, not {ruleset!r}")


def payout(bean: str, count: int) -> int:
    """Coins a field of ``count`` beans pays: the highest beanometer step reached, else 0."""
    coins = 0
    for least, pays in BEANS[bean][1].items():
        if count >= least:
            coins = pays
    return coins


def counts_of(cards: Iterable[str]) -> dict[str, int]:
    """How many of each bean type."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


class ReferenceGame:
    """One game of Bohnanza, played action by action.

    ``chance`` is the log's list of reshuffles (each ``{"zone": "draw",
    "cards": [...]}``, top card first), used in order; without it (random
    play) reshuffles are drawn from ``rng`` and written to ``self.chance``.
    After an illegal action the game cannot go on.
    """

    def __init__(
        self,
        edition: Edition,
        players: list[str],
        deck: list[str],
        first_player: int,
        chance: list[dict[str, Any]] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        count = len(players)
        if len(edition.deal) != count:
            raise ValueError("the edition was made for another number of players")
        if counts_of(deck) != edition.deck:
            raise ReferenceLogError(f"the deck is not the {sum(edition.deck.values())} cards of this edition", "$.deck")
        if not 0 <= first_player < count:
            raise ReferenceLogError(f"first player {first_player} does not exist", "$.first_player")
        self.edition = edition
        self.players = list(players)
        self.first_player = first_player
        self.draw = list(reversed(deck))  # the top card is the last: pop() draws it
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in players]  # position 0 is the front
        self.fields = [[[None, 0] for _ in FIELDS] for _ in players]  # each [bean or None, cards]
        self.field_open = [[number < edition.fields_at_start for number in range(len(FIELDS))] for _ in players]
        self.coins: list[dict[str, int]] = [{} for _ in players]
        self.face_up: list[str] = []
        self.set_aside: list[list[str]] = [[] for _ in players]
        self.exhaustions = 0
        self.ending = False  # the final exhaustion happened: play ends as the rules say
        self.ended_in: str | None = None  # the phase of the final exhaustion: "trade" or "draw"
        self.ended_by_empty_discard = False
        self.turned_up_at_end = 0  # cards turned up in the turn of a final exhaustion in phase 2
        self.recorded_chance = None if chance is None else list(chance)
        self.chance: list[dict[str, Any]] = []  # the reshuffles made, as log entries
        self.rng = rng
        self.phase = "setup"
        self.active = first_player
        # The decision under way: who decides, at which point, and (trading) its facts.
        self.decider: int | None = None
        self.point: str | None = None
        self.offers_made = [0] * count
        self.offer: dict[str, Any] | None = None
        self.over = False
        self.actions_done = 0
        self.deal()
        self.flow = self.play()
        self.run(None)

    # ------------------------------------------------------------------ cards

    def clockwise(self, start: int) -> list[int]:
        """Every seat, clockwise from ``start``."""
        count = len(self.players)
        return [(start + step) % count for step in range(count)]

    def deal(self) -> None:
        """One card at a time, clockwise from the start player, to the back of the hand, until each has their count."""
        order = self.clockwise(self.first_player)
        for round_number in range(max(self.edition.deal)):
            for offset, seat in enumerate(order):
                if self.edition.deal[offset] > round_number:
                    self.hands[seat].append(self.draw.pop())

    def draw_card(self) -> str:
        """The top card of the draw pile; drawing the last one is an exhaustion."""
        card = self.draw.pop()
        if not self.draw:
            self.exhaustions += 1
            if self.exhaustions >= self.edition.final_exhaustion or not self.discard:
                # The final exhaustion (an empty discard pile makes any exhaustion final): no reshuffle.
                self.ending = True
                self.ended_in = self.phase
                self.ended_by_empty_discard = self.exhaustions < self.edition.final_exhaustion
            else:
                self.reshuffle()
        return card

    def reshuffle(self) -> None:
        """The discard pile becomes the new draw pile, in the order chance (or the log) gives."""
        if self.recorded_chance is None:
            order = list(self.discard)
            assert self.rng is not None
            self.rng.shuffle(order)
        else:
            if not self.recorded_chance:
                raise ReferenceLogError("the log records no reshuffle for this exhaustion", "$.chance")
            path = f"$.chance[{len(self.chance)}]"
            entry = self.recorded_chance.pop(0)
            order = list(entry.get("cards", ()))
            if entry.get("zone") != "draw" or counts_of(order) != counts_of(self.discard):
                raise ReferenceLogError("a recorded reshuffle is not the discard pile's cards", path)
        self.chance.append({"zone": "draw", "cards": list(order)})
        self.discard = []
        self.draw = list(reversed(order))

    # ------------------------------------------------------------------ fields

    def field_index(self, player: int, zone: Any) -> int:
        """The index of one of the player's open fields named ``zone``."""
        if zone not in FIELDS:
            raise Illegal(f"{zone!r} is not a field")
        number = FIELDS.index(zone)
        if not self.field_open[player][number]:
            raise Illegal(f"{zone} is not open")
        return number

    def takes(self, player: int, number: int, bean: str) -> bool:
        """An open field takes a bean when it is empty or holds that bean."""
        field = self.fields[player][number]
        return self.field_open[player][number] and field[0] in (None, bean)

    def fields_taking(self, player: int, bean: str) -> list[int]:
        """The fields of ``player`` that take ``bean``."""
        return [number for number in range(len(FIELDS)) if self.takes(player, number, bean)]

    def plant(self, player: int, bean: str, zone: Any) -> None:
        """Plant one bean in a field that takes it (the caller has removed it from where it was)."""
        number = self.field_index(player, zone)
        if not self.takes(player, number, bean):
            raise Illegal(f"{zone} holds {self.fields[player][number][0]}, not {bean}")
        field = self.fields[player][number]
        field[0] = bean
        field[1] += 1

    def harvestable(self, player: int) -> list[int]:
        """The fields the protection rule lets the player harvest now."""
        sizes = [field[1] for field in self.fields[player]]
        crowded = any(size >= 2 for size in sizes)
        return [number for number, size in enumerate(sizes) if size >= 2 or (size == 1 and not crowded)]

    def harvest(self, player: int, number: int) -> None:
        """The whole field: its beanometer's coins to the coin pile, the rest to the discard pile."""
        bean, size = self.fields[player][number]
        if not size:
            return
        paid = payout(bean, size)
        coins = self.coins[player]
        if paid:
            coins[bean] = coins.get(bean, 0) + paid
        self.discard.extend([bean] * (size - paid))
        self.fields[player][number] = [None, 0]

    def coin_total(self, player: int) -> int:
        """The number of coins a player has."""
        return sum(self.coins[player].values())

    def can_buy(self, player: int) -> bool:
        """The third field is for sale to this player and they have the coins."""
        price = self.edition.third_field_price
        return price is not None and not self.field_open[player][2] and self.coin_total(player) >= price

    def anytime_open(self, player: int) -> bool:
        """Some at-any-time action is open: a field to harvest, or a third field to buy."""
        return bool(self.harvestable(player)) or self.can_buy(player)

    # ------------------------------------------------------------------ the at-any-time actions

    def harvest_action(self, player: int, action: dict[str, Any]) -> None:
        """``{"action": "harvest", "zone": "field-1"}``: harvest a field, the protection rule applying."""
        number = self.field_index(player, action.get("zone"))
        if not self.fields[player][number][1]:
            raise Illegal(f"{action.get('zone')} is empty")
        if number not in self.harvestable(player):
            raise Illegal("a field holding one card may not be harvested while another holds two or more")
        self.harvest(player, number)

    def buy_action(self, player: int, action: dict[str, Any]) -> None:
        """``{"action": "buy", "zone": "field-3", "pay": {"blue": 2, "red": 1}}``: open the third field."""
        price = self.edition.third_field_price
        if action.get("zone") != FIELDS[2] or price is None or self.field_open[player][2]:
            raise Illegal("there is no field to buy")
        self.pay(player, action.get("pay"), price, "the third field")
        self.field_open[player][2] = True

    def pay(self, player: int, pay: Any, price: int, what: str, bean: str | None = None) -> None:
        """Take ``pay`` (``{bean: n}``) from the player's coins to the discard pile: exactly ``price`` coins (all of
        ``bean``, when one is named) for ``what``."""
        if not isinstance(pay, dict) or any(type(n) is not int or n < 0 for n in pay.values()):
            raise Illegal("pay names coins by bean type and number")
        pay = {kind: n for kind, n in pay.items() if n}
        if sum(pay.values()) != price or (bean is not None and set(pay) - {bean}):
            raise Illegal(f"{what} costs {price} coins" + (f" of {bean}" if bean else ""))
        coins = self.coins[player]
        if any(coins.get(kind, 0) < number for kind, number in pay.items()):
            raise Illegal("the player does not have those coins")
        for kind, number in pay.items():
            coins[kind] -= number
            if not coins[kind]:
                del coins[kind]
            self.discard.extend([kind] * number)

    # ------------------------------------------------------------------ the game, as the rules tell it

    def ask(self, player: int, point: str) -> Generator[None, Action, Action]:
        """A decision point: wait for ``player``'s action there and return it.

        The at-any-time actions (harvesting, buying the third field) are
        open at every decision point; they are taken here and the player is
        asked again.
        """
        anytime = self.anytime_actions()
        while True:
            self.decider, self.point = player, point
            action = yield
            take = anytime.get(action.get("action"))
            if take is None:
                return action
            take(player, action)

    def anytime_actions(self) -> dict[str, Any]:
        """The at-any-time actions by their log name, each a method ``(player, action)``."""
        return {"harvest": self.harvest_action, "buy": self.buy_action}

    def play(self) -> Flow:
        """The whole game after the deal: turns until the final exhaustion, then the final harvest."""
        active = self.first_player
        while True:
            self.active = active
            self.phase = "plant"
            yield from self.start_of_turn(active)
            yield from self.plant_from_hand(active)
            self.phase = "trade"
            for _ in range(TURNED_UP):
                self.face_up.append(self.draw_card())
                if self.ending:
                    self.turned_up_at_end = len(self.face_up)
                    break  # the final exhaustion: trade and plant what could be turned up
            yield from self.trading(active)
            self.set_aside[active].extend(self.face_up)  # the face-up cards kept
            self.face_up = []
            self.phase = "plant-traded"
            for player in self.clockwise(active):
                while self.set_aside[player]:
                    yield from self.plant_set_aside(player)
            if self.ending:
                break
            self.phase = "draw"
            for _ in range(self.edition.draw):
                self.hands[active].append(self.draw_card())
                if self.ending:
                    break
            if self.ending:
                break  # an exhaustion in phase 4 ends play at once
            yield from self.after_drawing(active)
            self.phase = "last-chance"
            for player in self.clockwise(active):
                if self.anytime_open(player):
                    action = yield from self.ask(player, "last-chance")
                    if action.get("action") != "done":
                        raise Illegal("the last chance allows harvesting, buying the third field or done")
            active = (active + 1) % len(self.players)
        self.phase = "finish"
        self.decider = self.point = None
        self.final_harvest()

    def start_of_turn(self, player: int) -> Flow:
        """Decisions before phase 1 (none in the base game; an expansion's buildings add some)."""
        yield from ()

    def after_drawing(self, player: int) -> Flow:
        """Decisions right after phase 4's draw (none in the base game)."""
        yield from ()

    def final_harvest(self) -> None:
        """Every player harvests every field, in seat order; no protection rule at the end."""
        for player in range(len(self.players)):
            for number in range(len(FIELDS)):
                self.harvest(player, number)

    def plant_from_hand(self, player: int) -> Flow:
        """Phase 1: the front card must be planted, then the new front card may be."""
        hand = self.hands[player]
        if not hand:
            return
        action = yield from self.ask(player, "plant-first")
        if action.get("action") != "plant":
            raise Illegal("the front card of the hand must be planted first")
        self.plant_front(player, action)
        if not hand:
            return
        action = yield from self.ask(player, "plant-second")
        if action.get("action") == "plant":
            self.plant_front(player, action)
        elif action.get("action") != "done":
            raise Illegal("plant the front card or say done")

    def plant_front(self, player: int, action: dict[str, Any]) -> None:
        """Plant the front card of the hand."""
        front = self.hands[player][0]
        if action.get("card") != front:
            raise Illegal(f"the front card of the hand is {front}, not {action.get('card')}")
        self.plant(player, front, action.get("zone"))
        self.hands[player].pop(0)

    def plant_set_aside(self, player: int) -> Flow:
        """Phase 3: plant one of the cards set aside, in the order the player likes."""
        action = yield from self.ask(player, "plant-set-aside")
        if action.get("action") != "plant":
            raise Illegal("every card set aside must be planted")
        bean = action.get("card")
        if bean not in self.set_aside[player]:
            raise Illegal(f"no {bean} is set aside")
        self.plant(player, bean, action.get("zone"))
        self.set_aside[player].remove(bean)

    def can_offer(self, player: int) -> bool:
        """A player other than the active one can make an offer: one left, and something to give or ask for."""
        active = self.active
        return self.offers_made[player] < self.edition.offers_per_turn and bool(
            self.hands[player] or self.face_up or self.tradables(player) or self.hands[active] or self.tradables(active)
        )

    def trading(self, active: int) -> Flow:
        """Phase 2: offers in turn from the active player, until ended or until everyone passed in a row."""
        count = len(self.players)
        self.offers_made = [0] * count
        passes = 0
        turn = active
        while passes < count:
            if turn != active and not self.can_offer(turn):
                passes += 1  # passed over: counts as passing
                turn = (turn + 1) % count
                continue
            action = yield from self.ask(turn, "offer-turn")
            kind = action.get("action")
            if kind == "pass":
                passes += 1
                turn = (turn + 1) % count
            elif kind == "end-trading":
                if turn != active:
                    raise Illegal("only the active player ends trading")
                return
            elif kind == "offer":
                offer = self.check_offer(turn, action)
                self.offers_made[turn] += 1
                self.offer = offer
                answer = yield from self.ask(offer["to"], "answer")
                self.offer = None
                if answer.get("action") == "accept":
                    self.exchange(turn, offer, answer)
                elif answer.get("action") != "decline":
                    raise Illegal("an offer is answered with accept or decline")
                passes = 0
                turn = (turn + 1) % count
            else:
                raise Illegal(f"{kind!r} is not a trading action")

    def check_offer(self, player: int, action: dict[str, Any]) -> dict[str, Any]:
        """An offer in the log's form, checked; returned as plain parts."""
        active = self.active
        if self.offers_made[player] >= self.edition.offers_per_turn:
            raise Illegal(f"at most {self.edition.offers_per_turn} offers per player per turn")
        receiver = action.get("to")
        if (
            type(receiver) is not int
            or not 0 <= receiver < len(self.players)
            or receiver == player
            or active not in (player, receiver)
        ):
            raise Illegal("trades are between the active player and one other player")
        give = action.get("give", {})
        ask = action.get("ask", {})
        zones = {"hand", "face-up", *self.TRADED_ZONES}
        if not isinstance(give, dict) or not isinstance(ask, dict) or set(give) - zones or set(ask) - zones:
            raise Illegal("an offer gives and asks for hand and face-up cards")
        positions = give.get("hand", [])
        hand = self.hands[player]
        if (
            not isinstance(positions, list)
            or len(set(positions)) != len(positions)
            or any(type(p) is not int or not 0 <= p < len(hand) for p in positions)
        ):
            raise Illegal("there is no card at that position of the hand")
        give_up = self.bean_counts(give.get("face-up", {}))
        ask_hand = self.bean_counts(ask.get("hand", {}))
        ask_up = self.bean_counts(ask.get("face-up", {}))
        on_table = counts_of(self.face_up)
        if give_up and (player != active or any(on_table.get(b, 0) < n for b, n in give_up.items())):
            raise Illegal("only the active player gives face-up cards, and only those turned up")
        if ask_up and (receiver != active or any(on_table.get(b, 0) < n for b, n in ask_up.items())):
            raise Illegal("only the active player's face-up cards may be asked for")
        if sum(ask_hand.values()) > len(self.hands[receiver]):
            raise Illegal("that asks for more cards than the receiver holds")
        # Cards of the other traded zones (an expansion's), named by type: the side that gives must hold them.
        give_traded = {zone: self.bean_counts(give.get(zone, {})) for zone in self.TRADED_ZONES}
        ask_traded = {zone: self.bean_counts(ask.get(zone, {})) for zone in self.TRADED_ZONES}
        for seat, parts in ((player, give_traded), (receiver, ask_traded)):
            for zone, counts in parts.items():
                held = counts_of(bean for where, bean in self.tradables(seat) if where == zone)
                if any(held.get(bean, 0) < n for bean, n in counts.items()):
                    raise Illegal(f"that {zone} holds no such cards")
        if not (positions or give_up or ask_hand or ask_up or any(give_traded.values()) or any(ask_traded.values())):
            raise Illegal("an offer gives or asks for at least one card")
        return {
            "from": player,
            "to": receiver,
            "give_hand": sorted(positions),
            "give_up": give_up,
            "ask_hand": ask_hand,
            "ask_up": ask_up,
            "give_traded": give_traded,
            "ask_traded": ask_traded,
        }

    def bean_counts(self, value: Any) -> dict[str, int]:
        """A ``{bean: number}`` part of an offer, checked (a number 0 means none of that bean)."""
        if not isinstance(value, dict) or any(
            bean not in self.edition.deck or type(n) is not int or n < 0 for bean, n in value.items()
        ):
            raise Illegal("cards are asked for by bean type and number")
        return {bean: n for bean, n in value.items() if n}

    def exchange(self, offerer: int, offer: dict[str, Any], answer: dict[str, Any]) -> None:
        """An accepted offer: each side's cards go to the other side's set-aside."""
        receiver = offer["to"]
        their_hand = self.hands[receiver]
        positions = answer.get("positions", [])
        if (
            not isinstance(positions, list)
            or len(set(positions)) != len(positions)
            or any(type(p) is not int or not 0 <= p < len(their_hand) for p in positions)
        ):
            raise Illegal("there is no card at that position of the hand")
        if counts_of(their_hand[p] for p in positions) != offer["ask_hand"]:
            raise Illegal("the cards given must be exactly those asked for")
        to_receiver = [self.hands[offerer][p] for p in offer["give_hand"]]
        to_offerer = [their_hand[p] for p in positions]
        for bean, number in offer["give_up"].items():
            to_receiver += [bean] * number
        for bean, number in offer["ask_up"].items():
            to_offerer += [bean] * number
        self.hands[offerer] = [c for p, c in enumerate(self.hands[offerer]) if p not in offer["give_hand"]]
        self.hands[receiver] = [c for p, c in enumerate(their_hand) if p not in positions]
        for bean, number in list(offer["give_up"].items()) + list(offer["ask_up"].items()):
            for _ in range(number):
                self.face_up.remove(bean)
        for seat, parts, taken in (
            (offerer, offer["give_traded"], to_receiver),
            (receiver, offer["ask_traded"], to_offerer),
        ):
            for zone, counts in parts.items():
                for bean, number in counts.items():
                    for _ in range(number):
                        self.remove_traded(seat, zone, bean)
                    taken += [bean] * number
        self.set_aside[receiver].extend(to_receiver)
        self.set_aside[offerer].extend(to_offerer)

    # ------------------------------------------------------------------ driving it

    def run(self, action: dict[str, Any] | None) -> None:
        """Send one action into the flow (None starts it) and note the end of the game."""
        try:
            self.flow.send(action)
        except StopIteration:
            self.over = True

    def current_player(self) -> int | None:
        """Whose decision it is, or None when the game is over."""
        return None if self.over else self.decider

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action in log form; raise ReferenceIllegalAction if it is not allowed now."""
        index = self.actions_done
        if self.over:
            raise ReferenceIllegalAction(index, "the game is over")
        if not isinstance(action, dict):
            raise ReferenceIllegalAction(index, "an action is a JSON object")
        if action.get("player") != self.decider or type(action.get("player")) is not int:
            raise ReferenceIllegalAction(index, f"it is player {self.decider}'s decision, not {action.get('player')}'s")
        try:
            self.run(action)
        except Illegal as error:
            raise ReferenceIllegalAction(index, str(error)) from None
        self.actions_done += 1

    # ------------------------------------------------------------------ the result

    def result(self) -> dict[str, Any]:
        """The engine's result JSON: coins, coins by type, cards in hand, winners."""
        assert self.over, "the game is not over"
        order = list(self.edition.deck)
        players = []
        for seat, name in enumerate(self.players):
            coins = self.coin_total(seat)
            by_type = {bean: self.coins[seat][bean] for bean in order if self.coins[seat].get(bean)}
            players.append(
                {"name": name, "score": coins, "coins": coins, "coins_by_type": by_type, "hand": len(self.hands[seat])}
            )
        return {"ruleset": self.edition.ruleset, "players": players, "winners": self.winners(players)}

    def winners(self, players: list[dict]) -> list[str]:
        """The best scores' names, ties broken by the edition's criteria (the most cards in hand)."""
        best = max(entry["score"] for entry in players)
        contenders = [seat for seat, entry in enumerate(players) if entry["score"] == best]
        for criterion in self.edition.tiebreak:
            if criterion == "hand" and len(contenders) > 1:
                most = max(len(self.hands[seat]) for seat in contenders)
                contenders = [seat for seat in contenders if len(self.hands[seat]) == most]
            if criterion == "seat" and len(contenders) > 1:
                # Seated farthest clockwise from the start player.
                contenders = [max(contenders, key=lambda seat: (seat - self.first_player) % len(self.players))]
        return [self.players[seat] for seat in contenders]

    # ------------------------------------------------------------------ random play

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A legal action: a kind of action drawn uniformly among those open, then one of that kind.

        This is the scheme of the engine's random bot (plant or harvest, offer
        or pass...), so both sides play games of the same kind and length;
        ending trading is drawn as a kind of pass.
        """
        player = self.decider
        assert player is not None
        point = self.point
        kinds: dict[str, Any] = {}
        hand = self.hands[player]
        if point in ("plant-first", "plant-second"):
            fields = self.fields_taking(player, hand[0])
            if fields:
                kinds["plant"] = [(hand[0], number) for number in fields]
            if point == "plant-second":
                kinds["done"] = None
        elif point == "plant-set-aside":
            plants = [
                (bean, number)
                for bean in sorted(set(self.set_aside[player]), key=list(BEANS).index)
                for number in self.fields_taking(player, bean)
            ]
            if plants:
                kinds["plant"] = plants
        elif point == "offer-turn":
            if self.offer_receivers(player):
                kinds["offer"] = None
            kinds["pass"] = ["pass", "end-trading"] if player == self.active else ["pass"]
        elif point == "answer":
            kinds["decline"] = None
            assert self.offer is not None
            held = counts_of(hand)
            if all(held.get(bean, 0) >= number for bean, number in self.offer["ask_hand"].items()):
                kinds["accept"] = None
        elif point == "last-chance":
            kinds["done"] = None
        harvestable = self.harvestable(player)
        if harvestable:
            kinds["harvest"] = harvestable
        if self.can_buy(player):
            kinds["buy"] = self.payments(player)
        kind = rng.choice(list(kinds))
        entry: dict[str, Any] = {"player": player, "action": kind}
        if kind == "plant":
            bean, number = rng.choice(kinds["plant"])
            entry.update(card=bean, zone=FIELDS[number])
        elif kind == "harvest":
            entry["zone"] = FIELDS[rng.choice(harvestable)]
        elif kind == "buy":
            entry.update(zone=FIELDS[2], pay=rng.choice(kinds["buy"]))
        elif kind == "pass":
            entry["action"] = rng.choice(kinds["pass"])
        elif kind == "offer":
            entry.update(self.random_offer(player, rng))
        elif kind == "accept":
            assert self.offer is not None
            positions: list[int] = []
            for bean, number in self.offer["ask_hand"].items():
                positions += rng.sample([p for p, card in enumerate(hand) if card == bean], number)
            if positions:
                entry["positions"] = sorted(positions)
        return entry

    def offer_receivers(self, player: int) -> list[int]:
        """Whom ``player`` may make an offer to now (none when they have no offer left)."""
        if self.offers_made[player] >= self.edition.offers_per_turn:
            return []
        active = self.active
        if player != active:
            return [active] if self.can_offer(player) else []
        mine = self.hands[player] or self.face_up or self.tradables(player)
        return [seat for seat in self.clockwise(player)[1:] if mine or self.hands[seat] or self.tradables(seat)]

    def payments(self, player: int, price: int | None = None) -> list[dict[str, int]]:
        """Every way to pay ``price`` (default: the third field's) with the player's coins, by type."""
        price = self.edition.third_field_price if price is None else price
        held = [(bean, number) for bean, number in self.coins[player].items() if number]
        ways: list[dict[str, int]] = []

        def choose(index: int, left: int, paid: dict[str, int]) -> None:
            if left == 0:
                ways.append(dict(paid))
                return
            if index == len(held):
                return
            bean, number = held[index]
            for take in range(min(number, left), -1, -1):
                if take:
                    paid[bean] = take
                choose(index + 1, left - take, paid)
                paid.pop(bean, None)

        choose(0, price or 0, {})
        return ways

    # Zones other than the hand whose cards an offer names by type, besides the face-up cards (an expansion's).
    TRADED_ZONES: tuple[str, ...] = ()

    def tradables(self, seat: int) -> list[tuple[str, str]]:
        """``(zone, bean)`` for each card of ``seat``'s :attr:`TRADED_ZONES` (none in the base game)."""
        return []

    def remove_traded(self, seat: int, zone: str, bean: str) -> None:
        """Take one ``bean`` out of ``seat``'s traded ``zone`` (an expansion's; the base game has none)."""
        raise Illegal(f"there is no zone {zone} to trade from")

    def random_offer(self, player: int, rng: random.Random) -> dict[str, Any]:
        """An offer: a receiver, up to 3 cards given and up to 3 asked for, drawn at random (never nothing)."""
        while True:
            receiver = rng.choice(self.offer_receivers(player))
            givable = [("hand", position) for position in range(len(self.hands[player]))]
            if player == self.active:
                givable += [("face-up", bean) for bean in self.face_up]
            givable += self.tradables(player)
            their_hand = len(self.hands[receiver])
            askable = [("face-up", bean) for bean in self.face_up] if receiver == self.active else []
            for bean, copies in self.edition.deck.items():
                askable += [("hand", bean)] * min(copies, their_hand)
            askable += self.tradables(receiver)
            given = rng.sample(givable, rng.randint(0, min(SAMPLED_MOST, len(givable))))
            asked = rng.sample(askable, rng.randint(0, min(SAMPLED_MOST, len(askable))))
            give: dict[str, Any] = {}
            ask: dict[str, Any] = {}
            positions = sorted(value for where, value in given if where == "hand")
            if positions:
                give["hand"] = positions
            for zone in ("face-up",) + self.TRADED_ZONES:
                counts = counts_of(value for where, value in given if where == zone)
                if counts:
                    give[zone] = counts
                counts = counts_of(value for where, value in asked if where == zone)
                if counts:
                    ask[zone] = counts
            # No more hand cards asked for than the receiver holds: the draws past that are dropped.
            ask_hand = counts_of([value for where, value in asked if where == "hand"][:their_hand])
            if ask_hand:
                ask["hand"] = ask_hand
            if give or ask:
                entry: dict[str, Any] = {"to": receiver}
                if give:
                    entry["give"] = give
                if ask:
                    entry["ask"] = ask
                return entry


def new_game(log: dict[str, Any]) -> ReferenceGame:
    """The game a log starts, before its actions."""
    if log.get("format", 2) != 2:
        raise ReferenceLogError(f"unknown log format {log.get('format')!r}", "$.format")
    players = list(log["players"])
    edition = edition_for(log["ruleset"], len(players), log.get("options"))
    return ReferenceGame(edition, players, list(log["deck"]), log["first_player"], list(log.get("chance") or []))


def replay_game(log: dict[str, Any], start: Any = None) -> ReferenceGame:
    """Replay a log, checking every action; return the finished game (``start``: how a game begins, default
    :func:`new_game`)."""
    game = (start or new_game)(log)
    for action in log["actions"]:
        game.apply(action)
    if not game.over:
        raise ReferenceIllegalAction(len(log["actions"]), "the log ends before the game does")
    if game.recorded_chance:
        raise ReferenceLogError(
            f"the log holds {len(game.recorded_chance)} reshuffles the game never needed", "$.chance"
        )
    return game


def replay(log: dict[str, Any]) -> dict[str, Any]:
    """Replay a log, checking every action; return its result in the engine's JSON form."""
    return replay_game(log).result()


def play_random_game(
    seed: int,
    players: Iterable[str] | int = ("Ann", "Bo", "Cy", "Di"),
    ruleset: str = "bohnanza/amigo",
    options: dict[str, Any] | None = None,
    keep: list[ReferenceGame] | None = None,
) -> dict[str, Any]:
    """Play one game with random bots; return its log with its result (``keep`` receives the finished game)."""
    rng = random.Random(seed)
    names = [f"Player {n + 1}" for n in range(players)] if isinstance(players, int) else list(players)
    edition = edition_for(ruleset, len(names), options)
    deck = [bean for bean, copies in edition.deck.items() for _ in range(copies)]
    rng.shuffle(deck)
    first_player = rng.randrange(len(names))
    game = ReferenceGame(edition, names, deck, first_player, rng=rng)
    if keep is not None:
        keep.append(game)
    return played_out(game, rng, ruleset, options, deck)


def played_out(
    game: ReferenceGame, rng: random.Random, ruleset: str, options: dict[str, Any] | None, deck: list[str]
) -> dict[str, Any]:
    """Play a started game to its end with its random bot; its log with its result."""
    actions = []
    while not game.over:
        action = game.random_action(rng)
        game.apply(action)
        actions.append(action)
    return {
        "format": 2,
        "ruleset": ruleset,
        "options": dict(options or {}),
        "players": list(game.players),
        "first_player": game.first_player,
        "deck": deck,
        "chance": game.chance,
        "actions": actions,
        "result": game.result(),
    }
