"""An independent, deliberately plain implementation of High Bohn, the Bohnanza expansion of buildings.

The second implementation the engine's ``bohnanza/high-bohn`` is checked
against. Like :mod:`references.bohnanza`, whose dealing,
reshuffling and driving it reuses, it knows one game and says so: the 32
buildings and what each does are written out below, rule by rule, from the
rules and ``docs/games/bohnanza.md`` (its High Bohn section fixes the
decision points and the log entries), never from the engine, which it must
not import.

It replays a log (checking each action and rejecting the first illegal one
with its index), plays random games and writes their logs, and scores a
finished game as the engine's result JSON with High Bohn's fields.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import permutations
from typing import Any

# ReferenceIllegalAction and ReferenceLogError are the errors a replay raises, named here for callers.
from .bohnanza import (  # noqa: F401
    AMIGO_BEANS,
    BEANS,
    Edition,
    Flow,
    Illegal,
    ReferenceGame,
    ReferenceIllegalAction,
    ReferenceLogError,
    counts_of,
    played_out,
    replay_game,
)

RULESET = "bohnanza/high-bohn"
KINDS = ("hotel", "saloon", "farm", "gold-mine", "blacksmith", "sheriff", "shop", "bank")
# Which bean pays for each kind of building.
BEAN_OF = {
    "hotel": "black-eyed",
    "saloon": "green",
    "farm": "garden",
    "gold-mine": "soy",
    "blacksmith": "chili",
    "sheriff": "blue",
    "shop": "stink",
    "bank": "red",
}
BUILDINGS = tuple(f"{kind}-{value}" for kind in KINDS for value in range(1, 5))
CAP = {3: 2, 4: 3, 5: 4}  # buildings of one kind built in all, by number of players
BONUS = {4: 1, 5: 2, 6: 3, 7: 5, 8: 8}  # points for the number of buildings owned
# The fields, in the order they are numbered and harvested at the end.
FIELDS = ("field-1", "field-2", "field-3", "green-field", "chili-field")
ONLY = {"green-field": "green", "chili-field": "chili"}  # the extra fields' one bean
COMMON = ("blue", "chili", "stink", "green")  # beans with 14 or more cards: Gold mine 2's soy joins them
# The meters some buildings give their owner, in place of the printed one.
METERS = {
    "farm-3": ("garden", {1: 1, 2: 2, 3: 3}),
    "blacksmith-3": ("chili", {3: 1, 5: 2, 7: 3, 8: 4}),
    "sheriff-2": ("blue", {3: 1, 5: 2, 7: 3, 9: 4}),
    "sheriff-3": ("blue", {4: 2, 6: 3, 8: 4, 10: 5}),
}
STEW = {"saloon-3": {3: 1, 6: 2, 7: 3, 8: 4}, "saloon-4": {3: 1, 5: 2, 6: 3, 7: 4, 8: 5}}
SHOP_ROOM = {"shop-2": 1, "shop-3": 2, "shop-4": 3}
INTEREST_PER = {"bank-2": 8, "bank-3": 6, "bank-4": 5}


def edition(player_count: int, options: dict[str, Any] | None = None) -> tuple[Edition, dict[str, bool]]:
    """The Amigo edition with High Bohn's end (the 4th exhaustion with 5 players), and the rulings' options."""
    options = dict(options or {})
    if not 3 <= player_count <= 5:
        raise ValueError("High Bohn is for 3 to 5 players")
    tiebreak = options.get("tiebreak", ["hand"])
    tiebreak = tuple(
        criterion for criterion in (tiebreak.split(",") if isinstance(tiebreak, str) else tiebreak) if criterion
    )
    price = options.get("third-field-price", 3)
    price = None if price in (None, "none", "null") else int(price)
    rules = Edition(
        RULESET,
        {bean: BEANS[bean][0] for bean in AMIGO_BEANS},
        (5,) * player_count,
        # The current Amigo rules: three fields from the start with three players.
        3 if _flag(options.get("fields-by-players", False)) and player_count == 3 else 2,
        price,
        3,
        4 if player_count == 5 else 3,
        int(options.get("offers-per-turn", 3)),
        tiebreak,
    )
    rulings = {
        "sheriff-4-own-harvests": _flag(options.get("sheriff-4-own-harvests", True)),
        "gold-mine-4-stew": _flag(options.get("gold-mine-4-stew", True)),
    }
    return rules, rulings


def _flag(value: Any) -> bool:
    return value if isinstance(value, bool) else str(value).lower() in ("true", "yes", "1", "on")


def step(table: dict[int, int], amount: int) -> int:
    """The value of the highest step of ``table`` that ``amount`` reaches, else 0."""
    value = 0
    for least, pays in sorted(table.items()):
        if amount >= least:
            value = pays
    return value


class HighBohnGame(ReferenceGame):
    """One game of High Bohn, played action by action (see :class:`ReferenceGame` for the driving)."""

    def __init__(
        self,
        rules: Edition,
        rulings: dict[str, bool],
        players: list[str],
        deck: list[str],
        first_player: int,
        chance: list[dict[str, Any]] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.rulings = rulings
        count = len(players)
        self.supply = list(BUILDINGS)
        self.gone: list[str] = []
        self.buildings: list[list[str]] = [[] for _ in range(count)]
        self.bank: list[dict[str, int]] = [{} for _ in range(count)]
        self.stew: list[list[str]] = [[] for _ in range(count)]
        self.shop: list[list[str]] = [[] for _ in range(count)]
        self.opened: list[set[str]] = [{"field-1", "field-2"} for _ in range(count)]
        # Each field: its bean (None when empty), its own cards, and the wild soy beans on it.
        self.beds: list[dict[str, list]] = [{zone: [None, 0, 0] for zone in FIELDS} for _ in range(count)]
        super().__init__(rules, players, deck, first_player, chance, rng)

    # ------------------------------------------------------------------ what a player owns

    def owns(self, player: int, building: str) -> bool:
        return building in self.buildings[player]

    def meter(self, player: int, bean: str) -> dict[int, int]:
        for building, (for_bean, table) in METERS.items():
            if for_bean == bean and self.owns(player, building):
                return table
        return BEANS[bean][1]

    def payout(self, player: int, zone: str) -> int:
        """What the player's field pays now: its bean's meter (theirs) at every card, Gold mine 4's 4 -> 5."""
        bean, own, wild = self.beds[player][zone]
        cards = own + wild
        if not cards:
            return 0
        paid = step(self.meter(player, bean), cards)
        if paid == 4 and self.owns(player, "gold-mine-4"):
            paid = 5
        return min(paid, cards)

    def wild_range(self, player: int, zone: str) -> tuple[int, int]:
        """The fewest and most wild soy beans among the coins of a harvest of this field."""
        bean, own, wild = self.beds[player][zone]
        if not wild or not own:
            return 0, 0
        paid = self.payout(player, zone)
        return max(0, paid - own), min(paid, wild)

    # ------------------------------------------------------------------ planting

    def takes(self, player: int, zone: str, bean: str) -> bool:
        """Whether the player's field, stew or Shop takes a bean now."""
        if zone == "stew":
            return (self.owns(player, "saloon-3") or self.owns(player, "saloon-4")) and bean not in self.stew[player]
        if zone == "shop":
            room = max([SHOP_ROOM[b] for b in self.buildings[player] if b in SHOP_ROOM], default=0)
            return len(self.shop[player]) < room
        if zone not in FIELDS or zone not in self.opened[player]:
            return False
        kind, own, wild = self.beds[player][zone]
        if not own + wild:
            return ONLY.get(zone, bean) == bean
        if kind == bean:
            return True
        # Gold mine 2: a soy joins a non-empty field of a common bean and counts as one.
        return bean == "soy" and kind in COMMON and self.owns(player, "gold-mine-2")

    def targets(self, player: int, bean: str) -> list[str]:
        return [zone for zone in FIELDS + ("stew", "shop") if self.takes(player, zone, bean)]

    def plant(self, player: int, bean: str, zone: Any) -> None:
        if not isinstance(zone, str) or not self.takes(player, zone, bean):
            raise Illegal(f"{zone!r} does not take {bean} now")
        if zone == "stew":
            self.stew[player].append(bean)
        elif zone == "shop":
            self.shop[player].append(bean)
        else:
            field = self.beds[player][zone]
            if field[0] is None:
                field[0] = bean
            if bean == field[0]:
                field[1] += 1
            else:
                field[2] += 1  # a wild soy

    # ------------------------------------------------------------------ harvesting

    def lifted(self, player: int, bean: str) -> bool:
        """Whether the protection rule is lifted for a single bean of this type."""
        return self.owns(player, "blacksmith-4") or (bean == "garden" and self.owns(player, "farm-3"))

    def harvestable(self, player: int) -> list[str]:
        sizes = {zone: field[1] + field[2] for zone, field in self.beds[player].items()}
        crowded = any(size >= 2 for size in sizes.values())
        return [
            zone
            for zone, size in sizes.items()
            if size >= 2 or (size == 1 and (not crowded or self.lifted(player, self.beds[player][zone][0])))
        ]

    def harvest_field(self, player: int, zone: str, wild: int | None = None) -> None:
        """Harvest a field: paid cards to the coins (``wild`` of them soy), the rest discarded, a Sheriff 4's bribe."""
        bean, own, jokers = self.beds[player][zone]
        if not own + jokers:
            return
        paid = self.payout(player, zone)
        low, high = self.wild_range(player, zone)
        wild = low if wild is None else wild
        if own and jokers:
            paid_soy = wild
        else:
            paid_soy = 0
        paid_own = paid - paid_soy
        coins = self.coins[player]
        if paid_own:
            coins[bean] = coins.get(bean, 0) + paid_own
        if paid_soy:
            coins["soy"] = coins.get("soy", 0) + paid_soy
        discarded = [bean] * (own - paid_own) + ["soy"] * (jokers - paid_soy)
        self.beds[player][zone] = [None, 0, 0]
        self.discard.extend(discarded)
        if paid and discarded and bean == "blue":
            for seat in self.clockwise(player):
                if not self.owns(seat, "sheriff-4") or (seat == player and not self.rulings["sheriff-4-own-harvests"]):
                    continue
                taken = "blue" if "blue" in discarded else "soy"
                self.discard.remove(taken)
                self.coins[seat][taken] = self.coins[seat].get(taken, 0) + 1

    # ------------------------------------------------------------------ at any time

    def third_field_price(self, player: int) -> int | None:
        return 1 if self.owns(player, "farm-2") else self.edition.third_field_price

    def can_buy(self, player: int) -> bool:
        price = self.third_field_price(player)
        return price is not None and "field-3" not in self.opened[player] and self.coin_total(player) >= price

    def buildable(self, player: int) -> list[str]:
        """The buildings in the supply of a kind the player does not own yet, that they can pay for."""
        owned = {building.rsplit("-", 1)[0] for building in self.buildings[player]}
        return [
            building
            for building in self.supply
            if building.rsplit("-", 1)[0] not in owned
            and self.coins[player].get(BEAN_OF[building.rsplit("-", 1)[0]], 0) >= int(building.rsplit("-", 1)[1])
        ]

    def banker(self, player: int) -> bool:
        return any(self.owns(player, building) for building in INTEREST_PER)

    def anytime_open(self, player: int) -> bool:
        return (
            bool(self.harvestable(player))
            or self.can_buy(player)
            or bool(self.buildable(player))
            or (self.banker(player) and self.coin_total(player) > 0)
        )

    def harvest_action(self, player: int, action: dict[str, Any]) -> None:
        zone = action.get("zone")
        if zone not in FIELDS or not sum(self.beds[player][zone][1:]):
            raise Illegal(f"there is nothing to harvest in {zone!r}")
        if zone not in self.harvestable(player):
            raise Illegal("a field holding one card may not be harvested while another holds two or more")
        wild = action.get("wild", 0)
        low, high = self.wild_range(player, zone)
        if type(wild) is not int or not low <= wild <= high:
            raise Illegal(f"this harvest pays {low} to {high} wild soy beans")
        self.harvest_field(player, zone, wild)

    def buy_action(self, player: int, action: dict[str, Any]) -> None:
        price = self.third_field_price(player)
        if action.get("zone") != "field-3" or price is None or "field-3" in self.opened[player]:
            raise Illegal("there is no field to buy")
        self.pay(player, action.get("pay"), price, "the third field")
        self.opened[player].add("field-3")

    def build_action(self, player: int, action: dict[str, Any]) -> None:
        """``{"action": "build", "card": "saloon-3", "pay": {"green": 3}}``: the building, its effect, the cap."""
        building = action.get("card")
        if building not in self.supply:
            raise Illegal(f"{building!r} is not in the supply")
        kind, value = building.rsplit("-", 1)
        if any(owned.rsplit("-", 1)[0] == kind for owned in self.buildings[player]):
            raise Illegal(f"the player already owns a {kind}")
        self.pay(player, action.get("pay"), int(value), building, BEAN_OF[kind])
        self.supply.remove(building)
        self.buildings[player].append(building)
        opens = {"saloon-2": "green-field", "blacksmith-2": "chili-field", "farm-4": "field-3"}.get(building)
        if opens:
            self.opened[player].add(opens)
        built = sum(1 for owned in self.buildings for card in owned if card.rsplit("-", 1)[0] == kind)
        if built >= CAP[len(self.players)]:
            rest = [card for card in self.supply if card.rsplit("-", 1)[0] == kind]
            self.gone += rest
            self.supply = [card for card in self.supply if card not in rest]

    def deposit_action(self, player: int, action: dict[str, Any]) -> None:
        """``{"action": "deposit", "card": "red", "count": 4}``: coins onto the Bank, for good."""
        if not self.banker(player):
            raise Illegal("only the owner of a Bank 2, 3 or 4 deposits")
        bean, count = action.get("card"), action.get("count")
        if type(count) is not int or count < 1 or self.coins[player].get(bean, 0) < count:
            raise Illegal("the player does not have those coins")
        self.coins[player][bean] -= count
        if not self.coins[player][bean]:
            del self.coins[player][bean]
        self.bank[player][bean] = self.bank[player].get(bean, 0) + count

    def anytime_actions(self) -> dict[str, Any]:
        """Harvesting and buying the third field, and building and depositing on the Bank."""
        return {**super().anytime_actions(), "build": self.build_action, "deposit": self.deposit_action}

    # ------------------------------------------------------------------ the game

    def start_of_turn(self, player: int) -> Flow:
        """Hotel 2 (look at the top card, maybe put it at the bottom), then Hotel 4 (move one hand card)."""
        hand = self.hands[player]
        if self.owns(player, "hotel-2") and self.draw:
            action = yield from self.ask(player, "peek")
            if action.get("action") == "bottom":
                self.draw.insert(0, self.draw.pop())  # the top card (the last) goes under the pile
            elif action.get("action") != "done":
                raise Illegal("Hotel 2: bottom or done")
        if self.owns(player, "hotel-4") and len(hand) >= 2:
            action = yield from self.ask(player, "move")
            if action.get("action") == "move":
                source, target = action.get("from"), action.get("to")
                if (
                    type(source) is not int
                    or type(target) is not int
                    or source == target
                    or not 0 <= source < len(hand)
                    or not 0 <= target < len(hand)
                ):
                    raise Illegal("move a card from one position of the hand to another")
                hand.insert(target, hand.pop(source))
            elif action.get("action") != "done":
                raise Illegal("Hotel 4: move or done")

    def after_drawing(self, player: int) -> Flow:
        """Hotel 3: the three cards drawn go to the back of the hand in the order their owner chooses."""
        back = self.hands[player][-3:]
        if self.owns(player, "hotel-3") and len(set(back)) >= 2:
            action = yield from self.ask(player, "order")
            order = action.get("order")
            if (
                action.get("action") != "order"
                or not isinstance(order, list)
                or sorted(order) != list(range(len(back)))
            ):
                raise Illegal("Hotel 3: the order of the cards drawn")
            self.hands[player][-len(back) :] = [back[position] for position in order]

    def final_harvest(self) -> None:
        """Every field of every player, in seat order; a mixed field pays its own beans first."""
        for player in range(len(self.players)):
            for zone in FIELDS:
                self.harvest_field(player, zone)

    def plant_from_hand(self, player: int) -> Flow:
        """Phase 1: the front card must be planted, then up to one more (Gold mine 3: two more) may be."""
        hand = self.hands[player]
        planted = 0
        # Gold mine 3 counts from the moment it stands, even when built halfway through the phase.
        while hand and planted < (3 if self.owns(player, "gold-mine-3") else 2):
            action = yield from self.ask(player, "plant-first" if not planted else "plant-more")
            if action.get("action") == "done" and planted:
                return
            if action.get("action") != "plant":
                raise Illegal("plant the front card" + (" or say done" if planted else " first"))
            self.plant_front(player, action)
            planted += 1

    # ------------------------------------------------------------------ trading, with the Shops

    # Shop cards are offered and asked for by type, like face-up cards, by anyone party to a trade (the base
    # game's trading does the rest).
    TRADED_ZONES = ("shop",)

    def tradables(self, seat: int) -> list[tuple[str, str]]:
        """The cards of ``seat``'s Shop."""
        return [("shop", bean) for bean in self.shop[seat]]

    def remove_traded(self, seat: int, zone: str, bean: str) -> None:
        self.shop[seat].remove(bean)

    # ------------------------------------------------------------------ the result

    def result(self) -> dict[str, Any]:
        assert self.over, "the game is not over"
        players = []
        for seat, name in enumerate(self.players):
            coins = self.coin_total(seat)
            buildings = [building for building in BUILDINGS if building in self.buildings[seat]]
            bank = sum(self.bank[seat].values())
            per = max([INTEREST_PER[b] for b in buildings if b in INTEREST_PER], default=0)
            interest = bank // per if per else 0
            stew = [bean for bean in AMIGO_BEANS if bean in self.stew[seat]]
            table = next((STEW[b] for b in buildings if b in STEW), {})
            stew_coins = step(table, len(stew))
            if stew_coins == 4 and "gold-mine-4" in buildings and self.rulings["gold-mine-4-stew"]:
                stew_coins = 5
            bonus = step(BONUS, len(buildings))
            values = sum(int(building.rsplit("-", 1)[1]) for building in buildings)
            players.append(
                {
                    "name": name,
                    "score": coins + bank + interest + values + bonus + stew_coins,
                    "coins": coins,
                    "coins_by_type": {
                        bean: self.coins[seat][bean] for bean in AMIGO_BEANS if self.coins[seat].get(bean)
                    },
                    "hand": len(self.hands[seat]),
                    "buildings": buildings,
                    "bank": bank,
                    "interest": interest,
                    "stew": stew,
                    "stew_coins": stew_coins,
                    "bonus": bonus,
                }
            )
        return {"ruleset": RULESET, "players": players, "winners": self.winners(players)}

    # ------------------------------------------------------------------ random play

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A kind of action drawn uniformly among those open, then one of that kind (as the engine's random bot).

        Unlike the engine's random bot, it favours building and harvests
        less often (see below).
        """
        player = self.decider
        assert player is not None
        point = self.point
        hand = self.hands[player]
        kinds: dict[str, list[dict[str, Any]]] = {}
        if point in ("plant-first", "plant-more"):
            plants = [{"card": hand[0], "zone": zone} for zone in self.targets(player, hand[0])]
            if plants:
                kinds["plant"] = plants
            if point == "plant-more":
                kinds["done"] = [{}]
        elif point == "plant-set-aside":
            plants = [
                {"card": bean, "zone": zone}
                for bean in sorted(set(self.set_aside[player]), key=AMIGO_BEANS.index)
                for zone in self.targets(player, bean)
            ]
            if plants:
                kinds["plant"] = plants
        elif point == "peek":
            kinds["bottom"], kinds["done"] = [{}], [{}]
        elif point == "move":
            kinds["move"] = [{"from": a, "to": b} for a in range(len(hand)) for b in range(len(hand)) if a != b]
            kinds["done"] = [{}]
        elif point == "order":
            kinds["order"] = [{"order": list(order)} for order in permutations(range(len(hand[-3:])))]
        elif point == "offer-turn":
            if self.offer_receivers(player):
                kinds["offer"] = [self.random_offer(player, rng)]
            kinds["pass"] = [{}] if player != self.active else [{}, {"action": "end-trading"}]
        elif point == "answer":
            kinds["decline"] = [{}]
            assert self.offer is not None
            held = counts_of(hand)
            if all(held.get(bean, 0) >= number for bean, number in self.offer["ask_hand"].items()):
                positions: list[int] = []
                for bean, number in self.offer["ask_hand"].items():
                    positions += rng.sample([p for p, card in enumerate(hand) if card == bean], number)
                kinds["accept"] = [{"positions": sorted(positions)} if positions else {}]
        elif point == "last-chance":
            kinds["done"] = [{}]
        harvests = [
            {"zone": zone, **({"wild": wild} if wild else {})}
            for zone in self.harvestable(player)
            for wild in range(self.wild_range(player, zone)[0], self.wild_range(player, zone)[1] + 1)
        ]
        if harvests:
            kinds["harvest"] = harvests
        if self.can_buy(player):
            price = self.third_field_price(player) or 0
            kinds["buy"] = [{"zone": "field-3", "pay": pay} for pay in self.payments(player, price)]
        builds = [
            {"card": building, "pay": {BEAN_OF[building.rsplit("-", 1)[0]]: int(building.rsplit("-", 1)[1])}}
            for building in self.buildable(player)
        ]
        if builds:
            kinds["build"] = builds
        if self.banker(player) and self.coin_total(player):
            kinds["deposit"] = [
                {"card": bean, "count": n} for bean, held in self.coins[player].items() for n in range(1, held + 1)
            ]
        # A random player mostly builds what costs 2 or more as soon as they can, seldom a building of 1, and
        # harvests only now and then, so fields grow and coins gather. Random games then reach the buildings'
        # effects, which the agreement runs are for.
        builds = kinds.pop("build", [])
        dear = [build for build in builds if sum(build["pay"].values()) >= 2]
        if dear and rng.random() < 0.9:
            kind, choice = "build", rng.choice(dear)
        else:
            if builds and rng.random() < 0.02:
                kinds["build"] = builds
            if "harvest" in kinds and len(kinds) > 1 and rng.random() < 0.7:
                del kinds["harvest"]
            kind = rng.choice(list(kinds))
            choice = rng.choice(kinds[kind])
        entry: dict[str, Any] = {"player": player, "action": kind}
        entry.update(choice)
        return entry


def new_game(log: dict[str, Any]) -> HighBohnGame:
    """The game a log starts, before its actions."""
    if log.get("format", 2) != 2:
        raise ReferenceLogError(f"unknown log format {log.get('format')!r}", "$.format")
    if log.get("ruleset") != RULESET:
        raise ValueError(f"this reference plays {RULESET}, not {log.get('ruleset')!r}")
    players = list(log["players"])
    rules, rulings = edition(len(players), log.get("options"))
    return HighBohnGame(rules, rulings, players, list(log["deck"]), log["first_player"], list(log.get("chance") or []))


def replay(log: dict[str, Any]) -> dict[str, Any]:
    """Replay a log, checking every action; return its result in the engine's JSON form."""
    return replay_game(log, new_game).result()


def play_random_game(
    seed: int,
    players: Iterable[str] | int = ("Ann", "Bo", "Cy", "Di"),
    ruleset: str = RULESET,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game with random bots; return its log with its result (``ruleset``: High Bohn's, the only one)."""
    if ruleset != RULESET:
        raise ValueError(f"this reference plays {RULESET}, not {ruleset!r}")
    rng = random.Random(seed)
    names = [f"Player {n + 1}" for n in range(players)] if isinstance(players, int) else list(players)
    rules, rulings = edition(len(names), options)
    deck = [bean for bean, copies in rules.deck.items() for _ in range(copies)]
    rng.shuffle(deck)
    first_player = rng.randrange(len(names))
    return played_out(HighBohnGame(rules, rulings, names, deck, first_player, rng=rng), rng, ruleset, options, deck)
