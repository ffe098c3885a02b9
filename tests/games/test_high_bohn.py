"""High Bohn (``bohnanza/high-bohn``): every building's effect in a position built for it, the seed's examples, the rulings' options.

Each building with an effect (the 24 of values 2 to 4) has its own test: the
effect holds for its owner from the moment it is built, and not for a player
without it. Positions are made as the block tests make them: cards moved from
the draw pile with the state's own ``move``, buildings paid for with the
``build`` action a player would take.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from game_fixtures import deciding, give, harvest_block, plant_targets, play_until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base.errors import IllegalActionError
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.families.trading.rules.offers import Offer
from engine.fronts.conformance import cards_misplaced

HIGH_BOHN = "bohnanza/high-bohn"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
# Which bean pays for which building.
BEANS = {
    "hotel": "black-eyed",
    "saloon": "green",
    "farm": "garden",
    "gold-mine": "soy",
    "blacksmith": "chili",
    "sheriff": "blue",
    "shop": "stink",
    "bank": "red",
}
CAPS = {3: 2, 4: 3, 5: 4}


def high_bohn(players: int = 4, options: dict | None = None) -> Game:
    return Game(load_ruleset(HIGH_BOHN, options), NAMES[:players])


def kind_of(building: str) -> str:
    return building.rsplit("-", 1)[0]


def build(state, seat: int, building: str) -> None:
    """``seat`` builds ``building``, paid with coins of its bean given to them first."""
    bean, value = BEANS[kind_of(building)], int(building.rsplit("-", 1)[1])
    give(state, seat, "coins", {bean: value})
    state.apply_action(
        state.action_from_json({"player": seat, "action": "build", "card": building, "pay": {bean: value}})
    )
    assert building in state.card_ids_in("buildings", seat)


def place(state, seat: int, building: str) -> None:
    """Put ``building`` among ``seat``'s buildings straight from the supply (for a player not deciding now)."""
    supply = state.game.zones.slot_of("supply")
    card = [instance for instance in state.cards_in("supply") if state.game.cards.id_of(instance) == building]
    state.move(card, supply, state.slot(field(state, "buildings"), seat))


def to_next_turn_of(state, seat: int, rng: random.Random) -> None:
    """Random play until ``seat``'s next turn begins (through the others' turns)."""
    active = state.game.variable("active")
    play_until(state, rng, lambda state: state.variables[active] != seat)
    play_until(state, rng, lambda state: state.variables[active] == seat)


def owner_of(building: str, seed: int, players: int = 4, options: dict | None = None):
    """A fresh game whose first player has just built ``building``: (state, their seat)."""
    state = high_bohn(players, options).new_initial_state(seed=seed)
    seat = state.current_player()
    build(state, seat, building)
    return state, seat


def field(state, name: str = "field-1") -> int:
    return state.game.zones.zone(name).index


def fill(state, seat: int, zone: str, beans: dict[str, int]) -> None:
    """Empty ``seat``'s ``zone`` into the discard pile, then put ``beans`` there."""
    index = field(state, zone)
    state.move(list(state.cards_in(index, seat)), state.slot(index, seat), state.game.zones.slot_of("discard"))
    give(state, seat, zone, beans)


def payout(state, seat: int, zone: str = "field-1") -> int:
    return harvest_block(state).payout(state, seat, field(state, zone))


def pays_for(state, seat: int, beans: dict[str, int]) -> int:
    """What ``seat``'s first field would pay holding ``beans`` (the field is emptied again after)."""
    fill(state, seat, "field-1", beans)
    paid = payout(state, seat)
    fill(state, seat, "field-1", {})
    return paid


def measure(state, name: str, seat: int):
    return state.game.scoring.measure(name).of(state, seat)


def other_than(seat: int, step: int = 1, players: int = 4) -> int:
    return (seat + step) % players


# ---------------------------------------------------------------- the ruleset


def test_the_ruleset_has_the_32_buildings_in_a_supply_set_apart_before_the_deck_is_shuffled():
    state = high_bohn().new_initial_state(seed=1)
    supply = sorted(state.card_ids_in("supply"))
    assert supply == sorted(f"{kind}-{value}" for kind in BEANS for value in range(1, 5))
    assert len(state.to_log()["deck"]) == 104 and not set(supply) & set(state.to_log()["deck"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_building_of_a_type_per_player_and_the_cap_per_type_sends_the_rest_out_of_the_game(players):
    state = high_bohn(players).new_initial_state(seed=2)
    seat = state.current_player()
    build(state, seat, "hotel-1")
    give(state, seat, "coins", {"black-eyed": 2})
    assert not any(
        entry["action"] == "build" and entry["card"].startswith("hotel-")
        for entry in (state.action_to_json(action, seat) for action in state.legal_actions())
    )
    with pytest.raises(IllegalActionError):
        state.apply_action(
            state.action_from_json({"player": seat, "action": "build", "card": "hotel-2", "pay": {"black-eyed": 2}})
        )
    # The others build hotels at their own decisions until the cap: then the hotels left leave the game.
    rng = random.Random(players)
    for step in range(1, CAPS[players]):
        other = other_than(seat, step, players)
        play_until(state, rng, lambda state: state.current_player() == other)
        build(state, other, f"hotel-{1 + step}")
    built = [card for p in range(players) for card in state.card_ids_in("buildings", p) if card.startswith("hotel")]
    assert len(built) == CAPS[players]
    assert not [card for card in state.card_ids_in("supply") if card.startswith("hotel")]
    assert sorted(card for card in state.card_ids_in("gone")) == sorted(
        f"hotel-{value}" for value in range(CAPS[players] + 1, 5)
    )


@pytest.mark.parametrize("players, exhaustions", [(4, 3), (5, 4)])
def test_the_game_ends_at_the_fourth_exhaustion_with_five_players(players, exhaustions):
    state = high_bohn(players).new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.terminal:
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    assert state.counters[state.game.counter_slot(state.game.counter_index["exhaustions"])] == exhaustions


# ---------------------------------------------------------------- Hotel


def test_hotel_2_shows_its_owner_the_top_card_at_the_start_of_their_turn_and_it_may_go_to_the_bottom():
    state, seat = owner_of("hotel-2", 10)
    active = state.game.variable("active")
    rng = random.Random(1)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    while state.variables[active] != seat:
        assert not deciding("peek-top")(state), "only the Hotel's owner looks"
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    assert deciding("peek-top")(state) and state.current_player() == seat
    draw = list(state.card_ids_in("draw"))
    assert state.observation(seat).decision["card"] == draw[-1]
    assert "card" not in state.observation(other_than(seat)).decision
    state.apply_action(state.action_from_json({"player": seat, "action": "bottom"}))
    assert list(state.card_ids_in("draw")) == [draw[-1], *draw[:-1]]


def test_hotel_3_lets_its_owner_order_the_three_cards_they_draw():
    state, seat = owner_of("hotel-3", 11)
    rng = random.Random(2)
    active = state.game.variable("active")
    while not deciding("order-back")(state):
        state.apply_action(state.legal_actions().sample_by_kind(rng))
        assert state.variables[active] == seat, "ordered in its owner's draw"
    hand = list(state.card_ids_in("hand", seat))
    state.apply_action(state.action_from_json({"player": seat, "action": "order", "order": [2, 1, 0]}))
    assert list(state.card_ids_in("hand", seat)) == hand[:-3] + hand[-3:][::-1]


def test_hotel_4_lets_its_owner_move_one_hand_card_at_the_start_of_their_turn():
    state, seat = owner_of("hotel-4", 12)
    to_next_turn_of(state, seat, random.Random(3))
    assert deciding("move-in-row")(state)
    hand = list(state.card_ids_in("hand", seat))
    state.apply_action(state.action_from_json({"player": seat, "action": "move", "from": len(hand) - 1, "to": 0}))
    assert list(state.card_ids_in("hand", seat)) == [hand[-1], *hand[:-1]]
    assert deciding("plant")(state), "one card, then phase 1"


# ---------------------------------------------------------------- Saloon


def test_saloon_2_is_an_extra_field_for_green_beans_only():
    state = high_bohn().new_initial_state(seed=13)
    seat = state.current_player()
    assert "green-field" not in plant_targets(state, seat, "green")
    build(state, seat, "saloon-2")
    assert "green-field" in plant_targets(state, seat, "green")
    assert "green-field" not in plant_targets(state, seat, "chili")
    assert "green-field" not in plant_targets(state, other_than(seat), "green")
    give(state, seat, "green-field", {"green": 5})
    assert payout(state, seat, "green-field") == 2  # green: 5 pay 2, like any field


@pytest.mark.parametrize(
    "saloon, table", [("saloon-3", {3: 1, 6: 2, 7: 3, 8: 4}), ("saloon-4", {3: 1, 5: 2, 6: 3, 7: 4, 8: 5})]
)
def test_saloon_3_and_4_take_one_bean_of_each_kind_as_stew_and_pay_by_the_kinds_at_the_end(saloon, table):
    state = high_bohn().new_initial_state(seed=14)
    seat = state.current_player()
    assert "stew" not in plant_targets(state, seat, "blue")
    build(state, seat, saloon)
    assert "stew" in plant_targets(state, seat, "blue") and "stew" not in plant_targets(state, other_than(seat), "blue")
    kinds = ["blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden"]
    paid = 0
    for count, kind in enumerate(kinds, start=1):
        assert "stew" in plant_targets(state, seat, kind)
        give(state, seat, "stew", {kind: 1})
        assert "stew" not in plant_targets(state, seat, kind), "one of each kind"
        paid = table.get(count, paid)
        assert measure(state, "stew-coins", seat) == paid
    assert measure(state, "stew-coins", other_than(seat)) == 0


def test_the_stew_example_saloon_4_with_7_kinds_pays_4_and_with_gold_mine_4_pays_5():
    for gold_mine, expected in ((False, 4), (True, 5)):
        state, seat = owner_of("saloon-4", 15)
        if gold_mine:
            build(state, seat, "gold-mine-4")
        give(state, seat, "stew", {kind: 1 for kind in ["blue", "chili", "stink", "green", "soy", "black-eyed", "red"]})
        assert measure(state, "stew-coins", seat) == expected


def test_the_option_gold_mine_4_stew_false_leaves_a_stew_of_4_at_4():
    state, seat = owner_of("saloon-4", 15, options={"gold-mine-4-stew": False})
    build(state, seat, "gold-mine-4")
    give(state, seat, "stew", {kind: 1 for kind in ["blue", "chili", "stink", "green", "soy", "black-eyed", "red"]})
    assert measure(state, "stew-coins", seat) == 4


# ---------------------------------------------------------------- Farm


def third_field_price(state, seat: int) -> int | None:
    buy = next(item for item in state.game.anytime if item.kind == "buy-zone")
    return buy.cost(state, seat)


def test_farm_2_makes_the_third_field_cost_1_coin():
    state, seat = owner_of("farm-2", 16)
    assert third_field_price(state, seat) == 1 and third_field_price(state, other_than(seat)) == 3
    give(state, seat, "coins", {"red": 1})
    buy = [
        state.action_to_json(action, seat)
        for action in state.legal_actions()
        if state.action_to_json(action, seat)["action"] == "buy"
    ]
    assert buy and all(sum(entry["pay"].values()) == 1 for entry in buy)


def test_farm_3_pays_1_for_a_single_garden_bean_and_lets_it_be_harvested_past_the_protection_rule():
    state = high_bohn().new_initial_state(seed=17)
    seat, other = state.current_player(), other_than(state.current_player())
    harvest = harvest_block(state)
    for player in (seat, other):
        fill(state, player, "field-1", {"garden": 1})
        fill(state, player, "field-2", {"blue": 3})
    build(state, seat, "farm-3")
    assert payout(state, seat) == 1 and payout(state, other) == 0
    assert field(state) in harvest.harvestable(state, seat)
    assert field(state) not in harvest.harvestable(state, other), "the protection rule still holds for others"
    fill(state, seat, "field-1", {"garden": 2})
    assert payout(state, seat) == 2
    fill(state, seat, "field-1", {"red": 1})
    assert field(state) not in harvest.harvestable(state, seat), "only for garden beans"


def test_farm_4_is_the_third_field_and_no_field_may_be_bought_beside_it():
    state = high_bohn().new_initial_state(seed=18)
    seat = state.current_player()
    assert "field-3" not in plant_targets(state, seat, "blue")
    build(state, seat, "farm-4")
    assert "field-3" in plant_targets(state, seat, "blue")
    give(state, seat, "coins", {"red": 3})
    assert not any(state.action_to_json(action, seat)["action"] == "buy" for action in state.legal_actions())


def test_farm_4_after_a_bought_third_field_gives_no_other_field():
    state = high_bohn().new_initial_state(seed=19)
    seat = state.current_player()
    give(state, seat, "coins", {"red": 3})
    buy = next(action for action in state.legal_actions() if state.action_to_json(action, seat)["action"] == "buy")
    state.apply_action(buy)
    open_before = sorted(state.observation(seat).is_open(zone, seat) for zone in ("field-3", "green-field"))
    build(state, seat, "farm-4")
    assert sorted(state.observation(seat).is_open(zone, seat) for zone in ("field-3", "green-field")) == open_before
    assert measure(state, "building-points", seat) == 4


# ---------------------------------------------------------------- Gold mine


def test_gold_mine_2_makes_soy_wild_on_fields_of_the_beans_with_14_or_more_cards():
    state, seat = owner_of("gold-mine-2", 20)
    for kind in ("blue", "chili", "stink", "green"):
        fill(state, seat, "field-1", {kind: 1})
        assert "field-1" in plant_targets(state, seat, "soy"), kind
    for kind in ("black-eyed", "red", "garden"):
        fill(state, seat, "field-1", {kind: 1})
        assert "field-1" not in plant_targets(state, seat, "soy"), kind
    fill(state, seat, "field-1", {"blue": 3, "soy": 1})
    assert payout(state, seat) == 1, "4 cards of a blue field pay 1"
    # A Saloon 2 field takes green beans only, but once it holds one a wild soy joins it too.
    build(state, seat, "saloon-2")
    assert "green-field" not in plant_targets(state, seat, "soy")
    give(state, seat, "green-field", {"green": 1})
    assert "green-field" in plant_targets(state, seat, "soy")
    other = other_than(seat)
    fill(state, other, "field-1", {"blue": 3})
    assert "field-1" not in plant_targets(state, other, "soy")


def test_gold_mine_3_lets_its_owner_plant_up_to_3_cards_in_phase_1():
    for building, most in (("gold-mine-1", 2), ("gold-mine-3", 3)):
        state, seat = owner_of(building, 21)
        plant = next(node for node in state.game.nodes if node.id == "plant-from-hand")
        assert state.limit(seat, "plant-from-hand", plant.most) == most


def test_gold_mine_4_turns_a_payout_of_exactly_4_into_5():
    state, seat = owner_of("gold-mine-4", 22)
    other = other_than(seat)
    assert pays_for(state, seat, {"stink": 8}) == 5 and pays_for(state, other, {"stink": 8}) == 4  # stink: 8 pay 4
    assert pays_for(state, seat, {"green": 7}) == 5  # green: 7 pay 4
    assert pays_for(state, seat, {"stink": 7}) == 3, "3 stays 3"


# ---------------------------------------------------------------- Blacksmith


def test_blacksmith_2_is_an_extra_field_for_chili_beans_only():
    state, seat = owner_of("blacksmith-2", 23)
    assert "chili-field" in plant_targets(state, seat, "chili")
    assert "chili-field" not in plant_targets(state, seat, "blue")
    assert "chili-field" not in plant_targets(state, other_than(seat), "chili")


def test_blacksmith_3_gives_its_owner_the_chili_meter_3_5_7_8():
    state, seat = owner_of("blacksmith-3", 24)
    other = other_than(seat)
    for count, mine, theirs in ((3, 1, 1), (5, 2, 1), (6, 2, 2), (7, 3, 2), (8, 4, 3), (9, 4, 4)):
        assert (pays_for(state, seat, {"chili": count}), pays_for(state, other, {"chili": count})) == (mine, theirs)


def test_blacksmith_4_lifts_the_protection_rule_for_its_owner():
    state = high_bohn().new_initial_state(seed=25)
    seat, other = state.current_player(), other_than(state.current_player())
    harvest = harvest_block(state)
    for player in (seat, other):
        fill(state, player, "field-1", {"red": 1})
        fill(state, player, "field-2", {"blue": 3})
    build(state, seat, "blacksmith-4")
    assert field(state) in harvest.harvestable(state, seat)
    assert field(state) not in harvest.harvestable(state, other)


# ---------------------------------------------------------------- Sheriff


def test_sheriff_2_gives_its_owner_the_blue_meter_3_5_7_9():
    state, seat = owner_of("sheriff-2", 26)
    for count, paid in ((2, 0), (3, 1), (5, 2), (7, 3), (9, 4), (10, 4)):
        fill(state, seat, "field-1", {"blue": count})
        assert payout(state, seat) == paid, count


def test_sheriff_3_gives_its_owner_the_printed_blue_meter_4_6_8_10():
    state, seat = owner_of("sheriff-3", 27)
    for count, paid in ((3, 0), (4, 2), (6, 3), (8, 4), (10, 5)):
        fill(state, seat, "field-1", {"blue": count})
        assert payout(state, seat) == paid, count


def test_the_seed_example_8_blue_with_sheriff_3_and_gold_mine_4_pay_5_and_sheriff_4_takes_one():
    state, ann = owner_of("sheriff-3", 28)
    build(state, ann, "gold-mine-4")
    bo = other_than(ann)
    place(state, bo, "sheriff-4")
    fill(state, ann, "field-1", {"blue": 8})
    assert payout(state, ann) == 5
    coins = Counter(state.card_ids_in("coins", ann)), Counter(state.card_ids_in("coins", bo))
    discard = Counter(state.card_ids_in("discard"))
    assert state.current_player() == ann
    state.apply_action(state.action_from_json({"player": ann, "action": "harvest", "zone": "field-1"}))
    assert Counter(state.card_ids_in("coins", ann)) - coins[0] == Counter({"blue": 5})
    assert Counter(state.card_ids_in("coins", bo)) - coins[1] == Counter({"blue": 1})
    assert Counter(state.card_ids_in("discard")) - discard == Counter({"blue": 2})


@pytest.mark.parametrize("own", [True, False])
def test_sheriff_4_bribes_every_paying_blue_harvest_and_its_owners_own_as_the_option_says(own):
    state, seat = owner_of("sheriff-4", 29, options={"sheriff-4-own-harvests": own})
    other = other_than(seat)
    harvester = harvest_block(state).harvester
    # Another player's 4 blue pay 1 and discard 3: the Sheriff takes one. 3 blue pay nothing: nothing to take.
    # The owner's own 6 blue pay 2 and discard 4: a third coin when the option counts their own harvests.
    for player, blue, gained in ((other, 4, 1), (other, 3, 0), (seat, 6, 3 if own else 2)):
        fill(state, player, "field-1", {"blue": blue})
        before = len(state.card_ids_in("coins", seat))
        harvester.harvest(state, player, field(state), "harvest")
        assert len(state.card_ids_in("coins", seat)) - before == gained, (player, blue)


# ---------------------------------------------------------------- Shop


@pytest.mark.parametrize("shop, room", [("shop-2", 1), ("shop-3", 2), ("shop-4", 3)])
def test_the_shop_stores_as_many_cards_as_its_room_and_they_may_be_traded_never_planted(shop, room):
    state = high_bohn().new_initial_state(seed=30)
    seat = state.current_player()
    assert "shop" not in plant_targets(state, seat, "blue")
    build(state, seat, shop)
    for _stored in range(room):
        assert "shop" in plant_targets(state, seat, "red")
        give(state, seat, "shop", {"red": 1})
    assert "shop" not in plant_targets(state, seat, "red"), "the Shop is full"
    assert "shop" not in plant_targets(state, other_than(seat), "red")
    # The stored cards are offered in trades: the trading phase names them by the Shop's id.
    play_until(state, random.Random(4), deciding("trade"))
    assert state.current_player() == seat
    offer = state.action_from_json(
        {"player": seat, "action": "offer", "to": other_than(seat), "give": {"shop": {"red": room}}}
    )
    assert offer in state.legal_actions()
    # Nothing plants from the Shop: planting takes cards from hands and from the cards set aside only.
    assert {node.spec["from"] for node in state.game.nodes if node.kind in ("plant", "plant-all")} == {
        "hand",
        "set-aside",
    }


def test_an_offer_asking_for_a_card_the_game_does_not_trade_is_refused():
    """Buildings are cards of the game but not traded: an offer asking for one from a hand is refused for that
    reason, and the same offer asking for a bean is not."""
    state = high_bohn().new_initial_state(seed=30)
    play_until(state, random.Random(4), deciding("trade"))
    seat = state.current_player()
    trade = state.stack[-1][0]
    types = state.game.cards.index_of_id

    def asking_for(card: str) -> Offer:
        one = tuple(1 if index == types[card] else 0 for index in range(trade.type_count))
        return Offer(other_than(seat), 0, trade.nothing, trade.nothing, one)

    refused = "only the cards this game trades may be named in an offer"
    assert trade.offer_problem(state, seat, asking_for("hotel-2")) == refused
    assert trade.offer_problem(state, seat, asking_for("red")) is None


# ---------------------------------------------------------------- Bank


@pytest.mark.parametrize("bank, per", [("bank-2", 8), ("bank-3", 6), ("bank-4", 5)])
def test_the_bank_takes_deposits_that_keep_counting_and_earn_interest(bank, per):
    state, seat = owner_of(bank, 31)
    other = other_than(seat)
    give(state, seat, "coins", {"blue": 9, "stink": 8})
    give(state, other, "coins", {"blue": 3})
    for count in (per - 1, 1, per):
        card = "blue" if Counter(state.card_ids_in("coins", seat))["blue"] >= count else "stink"
        state.apply_action(state.action_from_json({"player": seat, "action": "deposit", "card": card, "count": count}))
    deposited = 2 * per
    assert measure(state, "bank", seat) == deposited and measure(state, "interest", seat) == 2
    assert measure(state, "interest", other) == 0
    deposit = next(item for item in state.game.anytime if item.kind == "deposit")
    assert deposit.available(state, seat) and not deposit.available(state, other)


# ---------------------------------------------------------------- score


def test_the_score_adds_coins_bank_interest_building_values_bonus_and_stew(tmp_path):
    from cli_helpers import cardrules

    table = tmp_path / "high-bohn.yaml"
    table.write_text(
        "ruleset: bohnanza/high-bohn\nplayers:\n"
        "  Cy: {coins: {blue: 5}, hand: 2, buildings: [hotel-3, saloon-2, farm-4, sheriff-1]}\n"
        "  Di: {coins: {stink: 9}, hand: 1, buildings: [bank-3], bank: {blue: 13}}\n"
        "  Ed: {coins: 3, hand: 0, buildings: [saloon-4, gold-mine-4], stew: [blue, chili, stink, green, soy, black-eyed, red]}\n",
        encoding="utf-8",
    )
    result = cardrules("score", str(table), "--json")
    assert result.exit_code == 0, result.output
    import json

    players = {player["name"]: player for player in json.loads(result.output)["players"]}
    assert players["Cy"]["score"] == 5 + 10 + 1 and players["Cy"]["bonus"] == 1
    assert players["Di"]["score"] == 9 + 13 + 2 + 3 and players["Di"]["interest"] == 2 and players["Di"]["bank"] == 13
    assert players["Ed"]["stew_coins"] == 5 and players["Ed"]["score"] == 3 + 8 + 5
    assert sorted(players["Ed"]["stew"]) == sorted(["blue", "chili", "stink", "green", "soy", "black-eyed", "red"])
    explained = cardrules("score", str(table), "--explain", "--lang", "en").output
    for line in (
        "building bonus +1 = 16",
        "coins on the Bank +13 = 25",
        "interest +2 = 27",
        "stew coins +5 = 16",
        "Winner: Di with 27.",
    ):
        assert line in explained, line


def test_a_table_with_two_buildings_of_one_type_is_a_located_error(tmp_path):
    from cli_helpers import cardrules

    table = tmp_path / "two.yaml"
    table.write_text(
        "ruleset: bohnanza/high-bohn\nplayers:\n  Cy: {coins: 1, hand: 0, buildings: [hotel-3, hotel-2]}\n"
        "  Di: {coins: 1, hand: 0}\n  Ed: {coins: 1, hand: 0}\n",
        encoding="utf-8",
    )
    result = cardrules("score", str(table))
    assert result.exit_code == 1 and f"{table}:3:" in result.output
    assert "Hotel 2 and Hotel 3 are both Hotel: a player holds only one of each kind" in result.output
    capped = tmp_path / "capped.yaml"
    capped.write_text(
        "ruleset: bohnanza/high-bohn\nplayers:\n  Cy: {coins: 1, hand: 0, buildings: [bank-1]}\n"
        "  Di: {coins: 1, hand: 0, buildings: [bank-2]}\n  Ed: {coins: 1, hand: 0, buildings: [bank-3]}\n",
        encoding="utf-8",
    )
    result = cardrules("score", str(capped))
    assert result.exit_code == 1 and f"{capped}:5:" in result.output
    assert "with 3 players only 2 Bank are built in all" in result.output


# ---------------------------------------------------------------- properties


def check_invariants(state) -> None:
    players = state.player_count
    assert cards_misplaced(state) is None
    built = Counter()
    for seat in range(players):
        kinds = [kind_of(card) for card in state.card_ids_in("buildings", seat)]
        assert len(kinds) == len(set(kinds)), "two buildings of one type"
        built.update(kinds)
    assert all(count <= CAPS[players] for count in built.values()), built
    everywhere = (
        list(state.card_ids_in("supply"))
        + list(state.card_ids_in("gone"))
        + [card for seat in range(players) for card in state.card_ids_in("buildings", seat)]
    )
    assert len(everywhere) == 32 and len(set(everywhere)) == 32


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32 - 1))
def test_random_games_conserve_cards_and_keep_one_building_per_type_and_the_caps(players, seed):
    game = high_bohn(players)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.terminal:
        action = state.legal_actions().sample_by_kind(rng)
        state.apply_action(action)
        steps += 1
        if steps % 25 == 0:
            check_invariants(state)
    check_invariants(state)
    result = state.to_log()["result"]
    for player in result["players"]:
        values = sum(int(card.rsplit("-", 1)[1]) for card in player["buildings"])
        assert (
            player["score"]
            == player["coins"] + player["bank"] + player["interest"] + values + player["bonus"] + player["stew_coins"]
        )


# ---------------------------------------------------------------- the heuristic bot


def heuristic_choice(state):
    from engine.fronts.bots.heuristic_bot import HeuristicBot

    seat = state.current_player()
    return state.action_to_json(HeuristicBot(seed=1).choose(state.observation(seat), state.legal_actions()), seat)


def test_the_heuristic_bot_keeps_a_top_card_that_fits_and_sends_one_that_does_not_to_the_bottom():
    state, seat = owner_of("hotel-2", 40)
    active = state.game.variable("active")
    rng = random.Random(5)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    play_until(state, rng, deciding("peek-top"))
    top = state.card_ids_in("draw")[-1]
    for zone in ("field-1", "field-2"):
        fill(state, seat, zone, {top: 2})
    assert heuristic_choice(state)["action"] == "done"
    others = [kind for kind in ("blue", "chili", "stink") if kind != top]
    fill(state, seat, "field-1", {others[0]: 2})
    fill(state, seat, "field-2", {others[1]: 2})
    assert heuristic_choice(state)["action"] == "bottom", "no field of its kind and none empty"


def test_the_heuristic_bot_brings_a_card_that_fits_to_the_front_and_orders_fitting_cards_first():
    state, seat = owner_of("hotel-4", 41)
    to_next_turn_of(state, seat, random.Random(6))
    assert deciding("move-in-row")(state)
    hand = list(state.card_ids_in("hand", seat))
    kinds = [kind for kind in ("blue", "chili", "stink", "green") if kind != hand[0]]
    fill(state, seat, "field-1", {kinds[0]: 2})
    fill(state, seat, "field-2", {kinds[1]: 2})
    wanted = next((position for position, card in enumerate(hand) if card in kinds[:2]), None)
    choice = heuristic_choice(state)
    if wanted is None:
        assert choice["action"] == "done"
    else:
        assert choice == {"player": seat, "action": "move", "from": wanted, "to": 0}


def test_the_heuristic_bot_builds_the_dearest_building_of_a_kind_still_for_sale():
    state = high_bohn().new_initial_state(seed=42)
    seat = state.current_player()
    give(state, seat, "coins", {"green": 2})
    choice = heuristic_choice(state)
    assert choice["action"] != "build", "Saloon 3 and 4 are still for sale: it saves for them"
    give(state, seat, "coins", {"green": 2})
    assert heuristic_choice(state) == {"player": seat, "action": "build", "card": "saloon-4", "pay": {"green": 4}}


# ---------------------------------------------------------------- the terminal, in Japanese


SEED_NAMES = ["ホテル", "サロン", "農場", "金鉱", "鍛冶屋", "シェリフ", "商店", "銀行"]


def test_a_whole_game_narrated_in_japanese_names_the_buildings_by_the_seeds_names():
    import subprocess

    from terminal_helpers import CARDRULES, ENV, ROOT

    done = subprocess.run(
        [
            *CARDRULES,
            "play",
            "-r",
            HIGH_BOHN,
            "--players",
            "bot:heuristic,bot:random,bot:heuristic,bot:random",
            "--seed",
            "3",
            "--lang",
            "ja",
        ],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    story = done.stdout
    built = [line for line in story.splitlines() if line.endswith("を建てる")]
    assert len(built) >= 8, "the heuristic bots build"
    assert {name for name in SEED_NAMES if any(name in line for line in built)} == set(SEED_NAMES)
    assert "ビルディングの点" in story and "得点：" in story


def test_a_human_sees_the_supply_and_builds_in_japanese_in_a_real_terminal(tmp_path):
    from terminal_helpers import finish, plain, spawn

    log_path = tmp_path / "high-bohn.json"
    child = spawn(
        "play",
        "-r",
        HIGH_BOHN,
        "--lang",
        "ja",
        "--players",
        "Ann,bot:heuristic,bot:random,bot:random",
        "--seed",
        "11",
        "--log",
        str(log_path),
    )
    child.expect(r"（\? でヘルプ、q で終了） > ")
    screen = plain(child.before)
    assert "ビルディングの山：ホテル 1/2/3/4、サロン 1/2/3/4、農場 1/2/3/4、金鉱 1/2/3/4、鍛冶屋 1/2/3/4" in screen
    assert "追加の畑" in screen
    child.sendline("?")
    child.expect(r"（\? でヘルプ、q で終了） > ")
    help_text = plain(child.before)
    assert (
        "建てる：あなたのコインではまだ足りないもの：ホテル 1/2/3/4（ささげ）、サロン 1/2/3/4（いんげん）" in help_text
    )
    assert "hotel-1" not in help_text, "buildings are not traded: the cards an offer names are the beans"
    child.sendline("q")
    assert finish(child) == 0
    assert json.loads(log_path.read_text(encoding="utf-8"))["ruleset"] == HIGH_BOHN


def test_simulate_compares_amigo_and_high_bohn_on_the_same_deals():
    from cli_helpers import cardrules

    for seed in (1, 2):
        amigo = Game(load_ruleset("bohnanza/amigo"), NAMES[:4]).new_initial_state(seed=seed).to_log()
        built = high_bohn().new_initial_state(seed=seed).to_log()
        assert (amigo["deck"], amigo["first_player"]) == (built["deck"], built["first_player"]), "paired deals"
    result = cardrules(
        "simulate",
        "-r",
        "bohnanza/amigo",
        "-r",
        HIGH_BOHN,
        "--games",
        "6",
        "--players",
        "bot:heuristic,bot:random,bot:random,bot:random",
        "--seed",
        "7",
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [entry["ruleset"] for entry in report["rulesets"]] == ["bohnanza/amigo", HIGH_BOHN]
    assert report["differences"]


def test_the_table_shows_each_players_buildings_and_the_help_what_they_do(english):  # noqa: F811
    from terminal_helpers import answer

    ruleset = load_ruleset(HIGH_BOHN)
    state = Game(ruleset, NAMES[:4]).new_initial_state(seed=43)
    seat = state.current_player()
    build(state, seat, "hotel-2")
    build(state, seat, "bank-3")
    give(state, seat, "bank", {"red": 2})
    screen = answer(ruleset, state, ["?"])[1]
    assert f"{NAMES[seat]} (you): Buildings: Hotel 2, Bank 3 · Bank: 2" in screen
    assert "Building supply: Hotel 1/3/4, Saloon 1/2/3/4" in screen
    assert "In play:" in screen
    assert (
        f"Hotel 2 ({NAMES[seat]}): At the start of your turn you may look at the top card of the draw pile and "
        "put it at the bottom."
    ) in screen


@pytest.mark.parametrize(
    "entry, refused",
    [
        # A word of another kind of decision is refused as such, with the moves this one takes.
        ({"action": "bottom"}, "bottom is not a move of this decision, which takes plant, done"),
        ({"action": "move", "from": 0, "to": 1}, "move is not a move of this decision, which takes plant, done"),
        # The decision's own moves keep the decision's own reasons.
        ({"action": "done"}, "this card must be planted first"),
    ],
)
def test_a_log_entry_of_another_decision_is_refused_as_such_not_as_a_move_of_this_one(entry, refused):
    ruleset = load_ruleset("bohnanza/high-bohn")
    state = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=3)
    assert state.observation(state.current_player()).decision["kind"] == "plant"
    action = state.action_from_json({"player": state.current_player(), **entry})
    with pytest.raises(IllegalActionError, match=refused):
        state.apply_action(action)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_an_offer_read_back_from_its_int_is_the_offer(data):
    """Every offer's int reads back as the same offer, whatever types and counts it names (dozens of types here:
    the beans and the buildings, each packed in as few bits as its copies need)."""
    game = high_bohn()
    space = game.space("offer")
    copies = [len(instances) for instances in game.cards.instances_of]

    def counts() -> tuple[int, ...]:
        named = data.draw(st.sets(st.integers(0, len(copies) - 1), max_size=4))
        return tuple(data.draw(st.integers(0, copies[t])) if t in named else 0 for t in range(len(copies)))

    offer = Offer(
        data.draw(st.integers(0, game.player_count - 1)),
        data.draw(st.integers(0, (1 << game.cards.size) - 1)),
        counts(),
        counts(),
        counts(),
        counts(),
        counts(),
    )
    assert space.decode(space.encode_offer(offer)) == offer
