"""Buildings as data: ``build``, ``open-zone``, ``move-all`` with ``cards`` and the ``change-value`` modifier.

The game is Workshops (tests/toy/workshops.yaml), a small test expansion of
Bohnanza written only in YAML: workshops are built with coins of one bean
each, one per kind per player, a few of each kind in all, and each bends a
rule from the moment it stands. Positions are made by moving cards from the
draw pile with the state's own ``move`` (the way a block moves them).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations

import locations
import pytest
from cli_helpers import cardrules, cardrules_process
from game_fixtures import deciding, give, harvest_block, plant_targets, play_until
from terminal_helpers import answer

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import card_name, format_list
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.families.planting.rules.space import takes
from engine.fronts.conformance import cards_misplaced, check_ruleset

WORKSHOPS = locations.TESTS / "toy" / "workshops.yaml"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
GROUPS = {
    "mill": "green",
    "forge": "chili",
    "mine": "soy",
    "farmstead": "garden",
    "guild": "red",
    "vault": "blue",
    "cellar": "stink",
    "stall": "black-eyed",
    "watchtower": "blue",
    "inn": "red",
    "lodge": "garden",
    "tavern": "chili",
    "quarry": "soy",
}


def workshops(players: int = 4) -> Game:
    return Game(load_ruleset(WORKSHOPS), NAMES[:players])


def build_action(state, seat: int, card: str, pay: dict[str, int]) -> int:
    return state.action_from_json({"player": seat, "action": "build", "card": card, "pay": pay})


def build_entries(state) -> list[dict]:
    seat = state.current_player()
    return [
        state.action_to_json(action, seat)
        for action in state.legal_actions()
        if state.action_to_json(action, seat)["action"] == "build"
    ]


def test_the_test_expansion_validates_and_passes_the_conformance_suite():
    assert check_ruleset(WORKSHOPS) == []


def test_the_workshops_are_set_apart_before_the_deck_is_shuffled_and_stay_out_of_it():
    game = workshops()
    state = game.new_initial_state(seed=3)
    supply = state.card_ids_in("supply")
    assert sorted(supply) == sorted(card.id for card in game.cards.types if "building" in card.tags)
    assert not {"mill-1", "forge-2"} & set(state.card_ids_in("draw"))
    assert sorted(state.to_log()["deck"]) == sorted(
        card.id for card in game.cards.types if "building" not in card.tags for _ in range(card.copies(4))
    )


def test_a_workshop_is_built_with_coins_of_its_own_bean_only_and_goes_in_front_of_its_builder():
    state = workshops().new_initial_state(seed=5)
    seat = state.current_player()
    give(state, seat, "coins", {"green": 3, "chili": 1})
    assert {"player": seat, "action": "build", "card": "mill-2", "pay": {"green": 2}} in build_entries(state)
    assert all(entry["card"] != "forge-2" for entry in build_entries(state))  # 1 chili is not 2
    with pytest.raises(IllegalActionError, match="it costs 2 × Chili Bean"):
        state.apply_action(build_action(state, seat, "forge-2", {"chili": 1, "green": 1}))
    discard_before = Counter(state.card_ids_in("discard"))
    state.apply_action(build_action(state, seat, "mill-2", {"green": 2}))
    assert state.card_ids_in("buildings", seat) == ("mill-2",)
    assert Counter(state.card_ids_in("coins", seat)) == Counter({"green": 1, "chili": 1})
    assert Counter(state.card_ids_in("discard")) - discard_before == Counter({"green": 2})
    assert state.current_player() == seat, "building is taken at any time: the decision goes on"
    assert cards_misplaced(state) is None


def test_one_workshop_of_each_kind_per_player_and_the_cap_sends_the_rest_out_of_the_game():
    state = workshops(3).new_initial_state(seed=8)  # three players: one of each kind in all
    seat = state.current_player()
    give(state, seat, "coins", {"green": 3})
    state.apply_action(build_action(state, seat, "mill-2", {"green": 2}))
    assert "mill-1" not in state.card_ids_in("supply") and "mill-1" in state.card_ids_in("gone")
    with pytest.raises(IllegalActionError, match="that card is not in the Workshop supply"):
        state.apply_action(build_action(state, seat, "mill-1", {"green": 1}))
    # With four players two mills may stand, but never two in front of one player.
    state = workshops(4).new_initial_state(seed=8)
    seat = state.current_player()
    give(state, seat, "coins", {"green": 3})
    state.apply_action(build_action(state, seat, "mill-2", {"green": 2}))
    assert "mill-1" in state.card_ids_in("supply")
    assert all(entry["card"] != "mill-1" for entry in build_entries(state))
    with pytest.raises(IllegalActionError, match="already hold a card of that kind"):
        state.apply_action(build_action(state, seat, "mill-1", {"green": 1}))


def test_mill_2_opens_a_field_that_takes_green_beans_only():
    state = workshops().new_initial_state(seed=2)
    seat = state.current_player()
    game = state.game
    spec = game.zones.zone("green-field")
    slot = state.slot(spec.index, seat)
    green, chili = game.ruleset.card("green"), game.ruleset.card("chili")
    assert not takes(state, spec, slot, green)
    give(state, seat, "coins", {"green": 2})
    state.apply_action(build_action(state, seat, "mill-2", {"green": 2}))
    assert takes(state, spec, slot, green) and not takes(state, spec, slot, chili)
    other = (seat + 1) % 4
    assert not takes(state, spec, state.slot(spec.index, other), green), "only the builder's field opens"


def test_forge_2_replaces_the_chili_meter_and_mine_2_turns_a_payout_of_four_into_five():
    state = workshops().new_initial_state(seed=4)
    seat, other = state.current_player(), (state.current_player() + 1) % 4
    field_1 = state.game.zones.zone("field-1").index
    harvest = harvest_block(state)
    for player in (seat, other):
        state.move(
            list(state.cards_in("field-1", player)), state.slot(field_1, player), state.game.zones.slot_of("discard")
        )
        give(state, player, "field-1", {"chili": 5})
    assert harvest.payout(state, seat, field_1) == harvest.payout(state, other, field_1) == 1  # printed: 3 chili pay 1
    give(state, seat, "coins", {"chili": 2, "soy": 2})
    state.apply_action(build_action(state, seat, "forge-2", {"chili": 2}))
    assert harvest.payout(state, seat, field_1) == 2 and harvest.payout(state, other, field_1) == 1
    # Ten blue (and eight stink) pay 4 by the printed meter; with Mine 2 they pay 5.
    for player, beans in ((seat, {"blue": 10}), (other, {"stink": 8})):
        state.move(
            list(state.cards_in("field-1", player)), state.slot(field_1, player), state.game.zones.slot_of("discard")
        )
        give(state, player, "field-1", beans)
    assert harvest.payout(state, seat, field_1) == harvest.payout(state, other, field_1) == 4
    state.apply_action(build_action(state, seat, "mine-2", {"soy": 2}))
    assert harvest.payout(state, seat, field_1) == 5 and harvest.payout(state, other, field_1) == 4
    coins_before = len(state.cards_in("coins", seat))
    state.apply_action(state.action_from_json({"player": seat, "action": "harvest", "zone": "field-1"}))
    assert len(state.cards_in("coins", seat)) - coins_before == 5 and not state.cards_in("field-1", seat)


@pytest.mark.parametrize("bonus", [True, False])
def test_an_option_may_switch_a_modifier_off(tmp_path, bonus):
    overlay = tmp_path / "switch.yaml"
    overlay.write_text(
        f"extends: {WORKSHOPS}\nid: toy/switch\n"
        "option-definitions:\n  mine-bonus: {type: boolean, default: true, description: Mine 2 adds 1.}\n"
        "cards:\n  - id: mine-2\n    modifiers:\n      - {kind: change-value, while-in: buildings, "
        "table: meter, from: 4, to: 5, enabled: {option: mine-bonus}}\n",
        encoding="utf-8",
    )
    state = Game(load_ruleset(overlay, {"mine-bonus": bonus}), NAMES[:4]).new_initial_state(seed=6)
    seat = state.current_player()
    field_1 = state.game.zones.zone("field-1").index
    state.move(list(state.cards_in("field-1", seat)), state.slot(field_1, seat), state.game.zones.slot_of("discard"))
    give(state, seat, "field-1", {"blue": 10})
    give(state, seat, "coins", {"soy": 2})
    state.apply_action(build_action(state, seat, "mine-2", {"soy": 2}))
    assert harvest_block(state).payout(state, seat, field_1) == (5 if bonus else 4)


def test_forge_3_lifts_the_protection_rule_for_its_owner():
    state = workshops().new_initial_state(seed=6)
    seat, other = state.current_player(), (state.current_player() + 1) % 4
    game = state.game
    harvest = harvest_block(state)
    field_1, field_2 = game.zones.zone("field-1").index, game.zones.zone("field-2").index
    for player in (seat, other):
        for index in (field_1, field_2):
            state.move(list(state.cards_in(index, player)), state.slot(index, player), game.zones.slot_of("discard"))
        give(state, player, "field-1", {"red": 1})
        give(state, player, "field-2", {"blue": 3})
    assert not harvest.may_harvest(state, seat, field_1) and not harvest.may_harvest(state, other, field_1)
    give(state, seat, "coins", {"chili": 3})
    state.apply_action(build_action(state, seat, "forge-3", {"chili": 3}))
    assert harvest.may_harvest(state, seat, field_1) and not harvest.may_harvest(state, other, field_1)
    assert field_1 in harvest.harvestable(state, seat)


def test_mine_3_lets_its_owner_plant_three_and_farmstead_2_makes_the_third_field_cost_one():
    state = workshops().new_initial_state(seed=7)
    seat = state.current_player()
    buy = next(item for item in state.game.anytime if item.kind == "buy-zone")
    assert state.limit(seat, "plant-from-hand", 2) == 2 and buy.cost(state, seat) == 3
    give(state, seat, "coins", {"soy": 3, "garden": 2})
    state.apply_action(build_action(state, seat, "mine-3", {"soy": 3}))
    state.apply_action(build_action(state, seat, "farmstead-2", {"garden": 2}))
    assert state.limit(seat, "plant-from-hand", 2) == 3
    assert buy.cost(state, seat) == 1 and buy.cost(state, (seat + 1) % 4) == 3


def test_a_build_reads_and_writes_its_log_entry_and_refuses_what_does_not_exist():
    state = workshops().new_initial_state(seed=9)
    seat = state.current_player()
    give(state, seat, "coins", {"green": 2})
    action = build_action(state, seat, "mill-2", {"green": 2})
    assert state.action_to_json(action, seat) == {
        "player": seat,
        "action": "build",
        "card": "mill-2",
        "pay": {"green": 2},
    }
    assert state.describe_action(action, seat) == "build Mill 2 for 2 × Green Bean"
    with pytest.raises(LogError, match="there is no card tower-9"):
        state.action_from_json({"player": seat, "action": "build", "card": "tower-9"})
    with pytest.raises(LogError, match="a game has 14 × green, not 99"):
        state.action_from_json({"player": seat, "action": "build", "card": "mill-2", "pay": {"green": 99}})


def play_random_game(game: Game, seed: int, check=None):
    state = game.new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    build = next(item for item in game.anytime if item.kind == "build")
    for seat in range(len(game.players)):
        give(state, seat, "coins", {"green": 2, "chili": 2, "soy": 2 if seat < 3 else 0})  # savings to build with
    while not state.is_terminal():
        # Build whenever possible (random play alone seldom saves the right coins), else anything. (The offers
        # are never listed: their space is the power set of the hands.)
        legal = state.legal_actions()
        builds = list(build.legal(state, state.current_player()))
        assert all(action in legal for action in builds)
        state.apply_action(
            builds[rng.randrange(len(builds))] if builds and rng.random() < 0.9 else legal.sample_by_kind(rng)
        )
        if check is not None:
            check(state)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_in_whole_games_cards_stay_in_one_place_no_one_holds_two_of_a_kind_and_the_caps_hold(players):
    game = workshops(players)
    cap = 1 if players == 3 else 2
    kinds = {
        card.id: next(tag for tag in card.tags if tag in GROUPS) for card in game.cards.types if "building" in card.tags
    }
    built_any = Counter()

    def check(state):
        assert cards_misplaced(state) is None
        standing = Counter()
        for seat in range(players):
            held = [kinds[card] for card in state.card_ids_in("buildings", seat)]
            assert len(held) == len(set(held)), "two workshops of one kind"
            standing.update(held)
            built_any.update(held)
        for kind, count in standing.items():
            assert count <= cap
            if count == cap:
                assert all(kinds[card] != kind for card in state.card_ids_in("supply"))

    for seed in range(3):
        state = play_random_game(game, seed, check)
        log = state.to_log()
        assert log["result"]["winners"] and cards_misplaced(state) is None
    assert built_any, "the games built workshops"


def test_the_score_adds_the_workshops_values_to_the_coins():
    state = play_random_game(workshops(4), 11)
    assert any(len(player.zones["buildings"]) >= 2 for player in state.result().players)
    for player in state.result().players:
        workshops_points = sum(int(card.split("-")[-1]) for card in player.zones["buildings"])
        assert player.measure("workshops") == workshops_points
        held = len(player.zones["buildings"])
        guild = "guild-2" in player.zones["buildings"]
        bonus = {1: 1, 2: 3, 3: 6}.get(min(held, 3), 0) if guild else {2: 1, 3: 3}.get(min(held, 3), 0)
        assert player.measure("bonus") == bonus
        assert player.measure("coin-kinds") == len(set(player.zones["coins"]))
        deposited = player.measure("deposited")
        interest = min(deposited // 4, 4) if "vault-2" in player.zones["buildings"] else 0
        assert deposited == 0 or "vault-2" in player.zones["buildings"]
        assert player.measure("interest") == interest
        assert player.score == player.measure("coins") + workshops_points + bonus + deposited + interest


def test_a_human_builds_by_name_and_is_told_what_they_can_and_cannot_pay_for(english):
    ruleset = load_ruleset(WORKSHOPS)
    state = Game(ruleset, NAMES[:4]).new_initial_state(seed=12)
    seat = state.current_player()
    give(state, seat, "coins", {"green": 2, "chili": 1})
    action, screen = answer(ruleset, state, ["?", "build mill 2"])
    assert "build: you can pay from your Coins for Mill 1 (1 × Green Bean) and Mill 2 (2 × Green Bean)" in screen
    assert "build: not enough in your Coins yet for Forge 2/3 (Chili Bean), Mine 2/3 (Soy Bean)" in screen
    assert state.action_to_json(action, seat) == {
        "player": seat,
        "action": "build",
        "card": "mill-2",
        "pay": {"green": 2},
    }
    action, screen = answer(ruleset, state, ["build", "1"])
    assert "Which card do you build?" in screen
    assert state.action_to_json(action, seat)["card"] == "mill-1"
    refused = answer(ruleset, state, ["build forge 2"])[1]
    assert "You cannot build Forge 2 now." in refused


def test_play_replay_and_simulate_run_the_test_expansion(tmp_path):
    log = tmp_path / "workshops.json"
    played = cardrules_process("play", "-r", str(WORKSHOPS), "--players", "Ann,Bo,Cy", "--seed", "4", "--log", str(log))
    assert played.returncode == 0, played.stderr
    saved = json.loads(log.read_text(encoding="utf-8"))
    replayed = cardrules("replay", str(log), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["winners"] == saved["result"]["winners"]
    simulated = cardrules(
        "simulate",
        "-r",
        str(WORKSHOPS),
        "--games",
        "8",
        "--players",
        "bot:random,bot:heuristic,bot:random",
        "--json",
        "--jobs",
        "1",
    )
    assert simulated.exit_code == 0, simulated.output


BROKEN = {
    "groups: {tower: green}": "unknown tag 'tower'",
    "groups: {mill: greem}": "unknown card 'greem'",
    "cap: 2": "a cap needs `capped-to`",
}


@pytest.mark.parametrize("change, message", BROKEN.items())
def test_validate_locates_what_a_build_cannot_use(tmp_path, change, message):
    key = change.split(":")[0]
    overlay = tmp_path / "broken.yaml"
    anytime = {
        "groups": "{mill: green, forge: chili, mine: soy, farmstead: garden}",
        "cap": "{otherwise: 2}",
        "capped-to": "gone",
    }
    anytime[key] = change.split(": ", 1)[1]
    if key == "cap":
        del anytime["capped-to"]
    fields = ", ".join(f"{name}: {value}" for name, value in anytime.items())
    overlay.write_text(
        f"extends: {WORKSHOPS}\nid: toy/broken\nanytime:\n"
        f"  - {{id: build, $replace: true, kind: build, from: supply, to: buildings, pay-from: coins, "
        f"pay-to: discard, price: value, {fields}}}\n",
        encoding="utf-8",
    )
    result = cardrules("validate", str(overlay))
    assert result.exit_code == 1 and message in result.output
    assert f"{overlay}:5:" in result.output or f"{overlay}:4:" in result.output


def test_validate_refuses_a_workshop_without_a_whole_price_and_a_field_that_is_open_already(tmp_path):
    overlay = tmp_path / "prices.yaml"
    overlay.write_text(
        f"extends: {WORKSHOPS}\nid: toy/prices\ncards:\n"
        "  - {id: mill-1, value: 1/2}\n"
        "  - {id: mill-2, on-take: {kind: open-zone, zone: field-1}}\n",
        encoding="utf-8",
    )
    result = cardrules("validate", str(overlay))
    assert result.exit_code == 1
    assert "the card mill-1 is built, so it needs a whole-number value" in result.output
    assert "the zone field-1 is not declared closed: it is open already" in result.output


def test_a_measure_is_read_through_its_table_which_a_workshop_may_replace_for_its_owner():
    state = workshops().new_initial_state(seed=13)
    seat, other = state.current_player(), (state.current_player() + 1) % 4
    scoring = state.game.scoring
    bonus, kinds = scoring.measure("bonus"), scoring.measure("coin-kinds")
    give(state, seat, "coins", {"green": 3, "chili": 2, "red": 2})
    give(state, other, "coins", {"green": 1, "chili": 2})
    assert kinds.of(state, seat) == 3 and kinds.of(state, other) == 2
    state.apply_action(build_action(state, seat, "mill-1", {"green": 1}))
    assert bonus.of(state, seat) == 0  # one workshop: below the first step
    state.apply_action(build_action(state, seat, "forge-2", {"chili": 2}))
    assert bonus.of(state, seat) == 1
    state.apply_action(build_action(state, seat, "guild-2", {"red": 2}))
    assert bonus.of(state, seat) == 6 and bonus.of(state, other) == 0  # the Guild's table: 3 workshops give 6
    # Everyone sees it (the measure is public), read from the observation's own snapshot.
    assert state.observation(other).measure("bonus", seat) == 6


def test_a_table_of_a_physical_game_scores_the_workshops_their_bonus_and_the_guilds_table(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text(
        f"ruleset: {WORKSHOPS}\nplayers:\n"
        "  Ann: {coins: {blue: 4}, hand: 1, buildings: [mill-2, forge-3, guild-2]}\n"
        "  Bo: {coins: 9, hand: 0, buildings: [mine-2, farmstead-2, vault-2], vault: {red: 5, stink: 4}}\n"
        "  Cy: {coins: {red: 2, blue: 1}, hand: 2, buildings: []}\n",
        encoding="utf-8",
    )
    result = cardrules("score", str(table), "--json")
    assert result.exit_code == 0, result.output
    scores = {player["name"]: player["score"] for player in json.loads(result.output)["players"]}
    # Ann: 4 coins + 2 + 3 + 2 + the Guild's bonus for three (6); Bo: 9 + 2 + 2 + 2 + a bonus of 3, and 9 in the
    # Vault with 2 of interest (the Vault's table); Cy: 3.
    assert scores == {"Ann": 17, "Bo": 29, "Cy": 3}


def test_distinct_goes_with_count_only(tmp_path):
    overlay = tmp_path / "distinct.yaml"
    overlay.write_text(
        f"extends: {WORKSHOPS}\nid: toy/distinct\nmeasures:\n  workshops: {{distinct: true}}\n", encoding="utf-8"
    )
    result = cardrules("validate", str(overlay))
    assert result.exit_code == 1
    assert f"{overlay}:4:" in result.output and "distinct counts the different cards of `count`" in result.output


def deposit_action(state, seat: int, card: str, count: int) -> int:
    return state.action_from_json({"player": seat, "action": "deposit", "card": card, "count": count})


def test_only_a_player_with_a_vault_deposits_and_deposits_keep_counting_and_earn_interest():
    state = workshops().new_initial_state(seed=14)
    seat, other = state.current_player(), (state.current_player() + 1) % 4
    give(state, seat, "coins", {"blue": 2, "stink": 7})
    give(state, other, "coins", {"stink": 3})
    deposit = next(item for item in state.game.anytime if item.kind == "deposit")
    assert not deposit.available(state, seat)
    with pytest.raises(IllegalActionError, match="you may not deposit anything yet"):
        state.apply_action(deposit_action(state, seat, "stink", 1))
    state.apply_action(build_action(state, seat, "vault-2", {"blue": 2}))
    assert deposit.available(state, seat) and not deposit.available(state, other)
    legal = [state.action_to_json(action, seat) for action in deposit.legal(state, seat)]
    assert legal == [{"player": seat, "action": "deposit", "card": "stink", "count": n} for n in range(1, 8)]
    with pytest.raises(IllegalActionError, match="you do not hold that many"):
        state.apply_action(deposit_action(state, seat, "stink", 8))
    state.apply_action(deposit_action(state, seat, "stink", 5))
    assert state.current_player() == seat
    assert Counter(state.card_ids_in("vault", seat)) == Counter({"stink": 5})
    assert Counter(state.card_ids_in("coins", seat)) == Counter({"stink": 2})
    scoring = state.game.scoring
    assert scoring.measure("deposited").of(state, seat) == 5 and scoring.measure("interest").of(state, seat) == 1
    assert scoring.measure("interest").of(state, other) == 0
    assert state.describe_action(deposit_action(state, seat, "stink", 2), seat) == "deposit 2 × Stink Bean in Vault"
    with pytest.raises(LogError, match="a number from 1 to 8"):
        state.action_from_json({"player": seat, "action": "deposit", "card": "red", "count": 0})


def test_a_human_deposits_by_name_or_from_the_lists(english):
    ruleset = load_ruleset(WORKSHOPS)
    state = Game(ruleset, NAMES[:4]).new_initial_state(seed=15)
    seat = state.current_player()
    give(state, seat, "coins", {"blue": 2, "red": 3, "stink": 1})
    refused = answer(ruleset, state, ["deposit red 2"])[1]
    assert "You may not deposit anything yet." in refused
    state.apply_action(build_action(state, seat, "vault-2", {"blue": 2}))
    action, screen = answer(ruleset, state, ["?", "deposit red 2"])
    assert "deposit: move cards of one kind from your Coins to your Vault, for good" in screen
    assert state.action_to_json(action, seat) == {"player": seat, "action": "deposit", "card": "red", "count": 2}
    action, screen = answer(ruleset, state, ["deposit", "2", "3"])
    assert "Which cards do you deposit?" in screen and "Red Bean (you have 3)" in screen and "How many?" in screen
    assert state.action_to_json(action, seat) == {"player": seat, "action": "deposit", "card": "red", "count": 3}
    refused = answer(ruleset, state, ["deposit red 1 stink 1"])[1]
    assert "Deposit one kind of card at a time" in refused


def test_the_cellar_takes_one_bean_of_each_kind_and_pays_by_the_kinds_it_holds():
    state = workshops().new_initial_state(seed=16)
    seat = state.current_player()
    assert "cellar" not in plant_targets(state, seat, "blue")  # closed until a Cellar is built
    give(state, seat, "coins", {"stink": 2})
    state.apply_action(build_action(state, seat, "cellar-2", {"stink": 2}))
    assert "cellar" in plant_targets(state, seat, "blue")
    give(state, seat, "cellar", {"blue": 1, "red": 1})
    assert "cellar" not in plant_targets(state, seat, "blue") and "cellar" in plant_targets(state, seat, "chili")
    cellar = state.game.scoring.measure("cellar")
    assert cellar.of(state, seat) == 0
    give(state, seat, "cellar", {"chili": 1})
    assert cellar.of(state, seat) == 1
    give(state, seat, "cellar", {"green": 1, "soy": 1})
    assert cellar.of(state, seat) == 3
    harvest = harvest_block(state)
    assert state.game.zones.zone("cellar").index not in harvest.harvester.zones, "the cellar is never harvested"


def test_the_stall_has_room_only_as_its_owners_stall_says():
    state = workshops().new_initial_state(seed=17)
    seat, other = state.current_player(), (state.current_player() + 1) % 4
    assert "stall" not in plant_targets(state, seat, "blue")  # capacity 0 until a Stall raises it
    give(state, seat, "coins", {"black-eyed": 2})
    state.apply_action(build_action(state, seat, "stall-2", {"black-eyed": 2}))
    assert "stall" in plant_targets(state, seat, "blue") and "stall" not in plant_targets(state, other, "blue")
    give(state, seat, "stall", {"blue": 1, "red": 1})
    assert "stall" not in plant_targets(state, seat, "chili"), "two cards fill a stall of room 2"


def test_a_front_card_may_go_to_the_cellar_as_its_planting():
    state = workshops().new_initial_state(seed=18)
    seat = state.current_player()
    give(state, seat, "coins", {"stink": 2})
    state.apply_action(build_action(state, seat, "cellar-2", {"stink": 2}))
    front = state.card_ids_in("hand", seat)[0]
    entry = {"player": seat, "action": "plant", "card": front, "zone": "cellar"}
    state.apply_action(state.action_from_json(entry))
    assert state.card_ids_in("cellar", seat) == (front,)


def harvest_field(state, seat: int, beans: dict[str, int]) -> None:
    """Fill ``seat``'s first field with ``beans`` (emptied first) and harvest it."""
    game = state.game
    field = game.zones.zone("field-1").index
    state.move(list(state.cards_in(field, seat)), state.slot(field, seat), game.zones.slot_of("discard"))
    give(state, seat, "field-1", beans)
    harvest_block(state).harvester.harvest(state, seat, field, "harvest")


@pytest.mark.parametrize("own", [False, True])
def test_the_watchtower_claims_a_blue_bean_from_blue_harvests_that_pay(tmp_path, own):
    path = WORKSHOPS
    if own:
        path = tmp_path / "own.yaml"
        path.write_text(
            f"extends: {WORKSHOPS}\nid: toy/own\ncards:\n  - id: watchtower-2\n    modifiers:\n"
            "      - {kind: claim-harvest, while-in: buildings, cards: {card: blue}, into: coins, own: true}\n",
            encoding="utf-8",
        )
    state = Game(load_ruleset(path), NAMES[:4]).new_initial_state(seed=19)
    seat, other = state.current_player(), (state.current_player() + 1) % 4
    give(state, seat, "coins", {"blue": 2})
    state.apply_action(build_action(state, seat, "watchtower-2", {"blue": 2}))
    mine = Counter(state.card_ids_in("coins", seat))
    harvest_field(state, other, {"blue": 5})  # pays 1, discards 4: the watchtower takes one
    assert Counter(state.card_ids_in("coins", seat)) - mine == Counter({"blue": 1})
    assert Counter(state.card_ids_in("coins", other))["blue"] == 1
    harvest_field(state, other, {"blue": 3})  # pays nothing: nothing to claim
    assert Counter(state.card_ids_in("coins", seat)) - mine == Counter({"blue": 1})
    harvest_field(state, other, {"chili": 4})  # not blue
    assert Counter(state.card_ids_in("coins", seat)) - mine == Counter({"blue": 1})
    before = Counter(state.card_ids_in("coins", seat))
    harvest_field(state, seat, {"blue": 6})  # the owner's own: pays 2, and one more if own harvests count
    assert Counter(state.card_ids_in("coins", seat)) - before == Counter({"blue": 3 if own else 2})
    assert cards_misplaced(state) is None


def test_a_claim_must_go_to_a_zone_of_the_owner(tmp_path):
    overlay = tmp_path / "claim.yaml"
    overlay.write_text(
        f"extends: {WORKSHOPS}\nid: toy/claim\ncards:\n  - id: watchtower-2\n    modifiers:\n"
        "      - {kind: claim-harvest, while-in: buildings, cards: {card: blue}, into: discard}\n",
        encoding="utf-8",
    )
    result = cardrules("validate", str(overlay))
    assert result.exit_code == 1 and "this zone is shared" in result.output and f"{overlay}:6:" in result.output


def owner_of(building: str, pay: dict[str, int], seed: int, ruleset=None):
    """A fresh 4-player game whose first player has just built ``building`` with ``pay``: (state, their seat)."""
    state = Game(ruleset or load_ruleset(WORKSHOPS), NAMES[:4]).new_initial_state(seed=seed)
    seat = state.current_player()
    give(state, seat, "coins", pay)
    state.apply_action(build_action(state, seat, building, pay))
    return state, seat


def test_the_inn_lets_its_owner_move_one_hand_card_at_the_start_of_their_turn():
    state, seat = owner_of("inn-2", {"red": 2}, 20)
    active = state.game.variable("active")
    rng = random.Random(1)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    # Until the Inn's owner is active again, nobody is asked to rearrange.
    decisions = set()
    while state.variables[active] != seat:
        decisions.add(state.observation(state.current_player()).decision["kind"])
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    assert "move-in-row" not in decisions
    decision = state.observation(seat).decision
    assert decision["kind"] == "move-in-row" and state.current_player() == seat
    hand = list(state.card_ids_in("hand", seat))
    assert decision["cards"] == len(hand) >= 2
    move = state.action_from_json({"player": seat, "action": "move", "from": len(hand) - 1, "to": 0})
    assert state.describe_action(move, seat) == f"move the card at position {len(hand)} to position 1"
    with pytest.raises(IllegalActionError, match=f"there are {len(hand)} cards"):
        state.apply_action(state.action_from_json({"player": seat, "action": "move", "from": 0, "to": len(hand)}))
    state.apply_action(move)
    assert list(state.card_ids_in("hand", seat)) == [hand[-1], *hand[:-1]]
    assert state.observation(seat).decision["kind"] == "plant", "one card only, then the turn goes on"


def test_a_human_moves_a_hand_card_or_leaves_the_hand(english):
    ruleset = load_ruleset(WORKSHOPS)
    state, seat = owner_of("inn-2", {"red": 2}, 21, ruleset)
    active = state.game.variable("active")
    rng = random.Random(3)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    play_until(state, rng, lambda state: state.variables[active] == seat)
    assert state.observation(seat).decision["kind"] == "move-in-row"
    action, screen = answer(ruleset, state, ["?", "move 2 1"])
    assert "You may take one card of your Hand and put it back at another position" in screen
    assert "move FROM TO: the card at position FROM of your Hand goes to position TO" in screen
    assert state.action_to_json(action, seat) == {"player": seat, "action": "move", "from": 1, "to": 0}
    action = answer(ruleset, state, ["done"])[0]
    assert state.action_to_json(action, seat) == {"player": seat, "action": "done"}
    refused = answer(ruleset, state, ["move 1 99"])[1]
    assert "There is no position 99" in refused


def test_the_tavern_shows_its_owner_alone_the_top_card_which_may_go_to_the_bottom():
    state, seat = owner_of("tavern-2", {"chili": 2}, 24)
    active = state.game.variable("active")
    rng = random.Random(6)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    decisions = set()
    while state.variables[active] != seat:
        decisions.add(state.observation(state.current_player()).decision["kind"])
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    assert "peek-top" not in decisions, "only the Tavern's owner looks"
    assert state.current_player() == seat and deciding("peek-top")(state)
    draw = list(state.card_ids_in("draw"))
    assert state.observation(seat).decision["card"] == draw[-1], "the owner sees the top card"
    for other in range(4):
        if other != seat:
            seen = state.observation(other).decision
            assert seen["kind"] == "peek-top" and "card" not in seen, "nobody else does"
    entries = sorted(state.action_to_json(action, seat)["action"] for action in state.legal_actions())
    assert entries == ["bottom", "done"]
    bottom = state.action_from_json({"player": seat, "action": "bottom"})
    assert state.describe_action(bottom, seat) == "put the top card at the bottom"
    state.apply_action(bottom)
    assert list(state.card_ids_in("draw")) == [draw[-1], *draw[:-1]]
    assert state.observation(seat).decision["kind"] != "peek-top", "one look a turn"


def test_a_tavern_owner_who_leaves_the_top_card_keeps_the_pile_as_it_was():
    state, seat = owner_of("tavern-2", {"chili": 2}, 25)
    active = state.game.variable("active")
    rng = random.Random(7)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    play_until(state, rng, deciding("peek-top"))
    draw = list(state.card_ids_in("draw"))
    state.apply_action(state.action_from_json({"player": seat, "action": "done"}))
    assert list(state.card_ids_in("draw")) == draw


def test_a_human_sees_the_top_card_and_puts_it_at_the_bottom(english):
    ruleset = load_ruleset(WORKSHOPS)
    state, seat = owner_of("tavern-2", {"chili": 2}, 26, ruleset)
    active = state.game.variable("active")
    rng = random.Random(8)
    play_until(state, rng, lambda state: state.variables[active] != seat)
    play_until(state, rng, deciding("peek-top"))
    top = state.card_ids_in("draw")[-1]
    name = card_name(ruleset, top)
    action, screen = answer(ruleset, state, ["?", "bottom"])
    assert f"The top card of the Draw pile is {name}." in screen
    assert f"bottom: {name} goes to the bottom of the Draw pile" in screen
    assert state.action_to_json(action, seat) == {"player": seat, "action": "bottom"}
    assert state.action_to_json(answer(ruleset, state, ["done"])[0], seat) == {"player": seat, "action": "done"}
    assert "Type bottom or done." in answer(ruleset, state, ["sideways"])[1]


def test_the_lodge_lets_its_owner_order_the_cards_they_draw():
    state, seat = owner_of("lodge-2", {"garden": 2}, 22)
    active = state.game.variable("active")
    rng = random.Random(4)
    while not deciding("order-back")(state):
        state.apply_action(state.legal_actions().sample_by_kind(rng))
        assert state.variables[active] == seat, "only its owner's draw is ordered"
    assert state.current_player() == seat
    hand = list(state.card_ids_in("hand", seat))
    back = hand[-3:]
    entries = [state.action_to_json(action, seat) for action in state.legal_actions()]
    legal = [entry["order"] for entry in entries if entry["action"] == "order"]
    assert sorted(legal) == sorted([list(order) for order in permutations(range(3))])
    order = state.action_from_json({"player": seat, "action": "order", "order": [2, 0, 1]})
    assert state.describe_action(order, seat) == "order the last 3 cards 3, 1, 2"
    with pytest.raises(LogError, match="order must list the positions"):
        state.action_from_json({"player": seat, "action": "order", "order": [0, 0, 1]})
    state.apply_action(order)
    assert list(state.card_ids_in("hand", seat)) == hand[:-3] + [back[2], back[0], back[1]]


def test_a_human_orders_the_drawn_cards(english):
    ruleset = load_ruleset(WORKSHOPS)
    state, seat = owner_of("lodge-2", {"garden": 2}, 23, ruleset)
    play_until(state, random.Random(5), deciding("order-back"))
    action, screen = answer(ruleset, state, ["?", "order 3 2 1"])
    assert "Put your last 3 cards in the order you want them, from the first to the last: 1. " in screen
    assert "order N N ...: the numbers 1 to 3, each once" in screen
    assert state.action_to_json(action, seat)["order"] == [2, 1, 0]
    refused = answer(ruleset, state, ["order 1 1 2"])[1]
    assert "Each number from 1 to 3 once, please." in refused


def trading_reached(state) -> bool:
    return deciding("trade")(state)


def test_stall_cards_are_offered_by_their_owner_and_asked_for_by_the_other_party():
    state, seat = owner_of("stall-2", {"black-eyed": 2}, 27)
    other = (seat + 1) % 4
    give(state, seat, "stall", {"blue": 1})
    give(state, other, "stall", {"red": 2})
    play_until(state, random.Random(9), trading_reached)
    active = state.current_player()
    assert active == seat
    # The owner gives a stall card and asks for one of the other's: exact cards, named by kind.
    entry = {
        "player": seat,
        "action": "offer",
        "to": other,
        "give": {"stall": {"blue": 1}},
        "ask": {"stall": {"red": 1}},
    }
    offer = state.action_from_json(entry)
    assert offer in state.legal_actions()
    assert state.action_to_json(offer, seat) == entry
    assert (
        state.describe_action(offer, seat)
        == f"offer {NAMES[other]} 1 × Blue Bean from Stall for 1 × Red Bean from Stall"
    )
    too_many = state.action_from_json({**entry, "give": {"stall": {"blue": 2}}})
    assert too_many not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="you have no such cards in your Stall"):
        state.apply_action(too_many)
    with pytest.raises(LogError, match="trades use hand, face-up, stall"):
        state.action_from_json({**entry, "give": {"cellar": {"blue": 1}}})
    before = Counter(state.card_ids_in("set-aside", seat)), Counter(state.card_ids_in("set-aside", other))
    state.apply_action(offer)
    assert state.current_player() == other
    state.apply_action(state.action_from_json({"player": other, "action": "accept", "positions": []}))
    assert state.card_ids_in("stall", seat) == () and state.card_ids_in("stall", other) == ("red",)
    assert Counter(state.card_ids_in("set-aside", seat)) - before[0] == Counter({"red": 1})
    assert Counter(state.card_ids_in("set-aside", other)) - before[1] == Counter({"blue": 1})
    assert cards_misplaced(state) is None


def test_a_player_with_only_stall_cards_may_still_offer_them():
    state, seat = owner_of("stall-2", {"black-eyed": 2}, 28)
    other = (seat + 2) % 4
    give(state, other, "stall", {"chili": 1})
    play_until(state, random.Random(10), trading_reached)
    # Empty the other's hand: the stall card alone lets them offer.
    hand = state.game.zones.zone("hand").index
    discard = state.game.zones.slot_of("discard")
    state.move(list(state.zones[state.slot(hand, other)]), state.slot(hand, other), discard)
    trade = state.stack[-1][0]
    assert trade.can_offer(state, state.stack[-1], other)
    choices = trade.offer_choices(state, state.stack[-1], other)
    assert [choice[0] for choice in choices] == [seat] and choices[0][6][state.game.cards.index_of_id["chili"]] == 1
    rng = random.Random(11)
    from engine.families.trading.rules.offers import OfferActions

    offers = OfferActions(trade.offers, trade, state, other, state.stack[-1])
    sampled = {trade.offers.decode(offers.sample(rng)) for _ in range(200)}
    assert any(any(offer.give_store) for offer in sampled), "the sampler offers stall cards"
    listed = {trade.offers.decode(action) for action in offers}
    assert len(listed) == len(offers) and sampled <= listed


def test_a_human_offers_a_stall_card_and_asks_for_one(english):
    ruleset = load_ruleset(WORKSHOPS)
    state, seat = owner_of("stall-2", {"black-eyed": 2}, 29, ruleset)
    other = (seat + 1) % 4
    give(state, seat, "stall", {"blue": 1})
    give(state, other, "stall", {"red": 1})
    play_until(state, random.Random(12), trading_reached)
    action, screen = answer(ruleset, state, ["?", f"offer {NAMES[other]} give stall blue ask stall red"])
    stall = state.card_ids_in("stall", seat)
    assert "blue" in stall  # and whatever the random turns planted there
    held = format_list(card_name(ruleset, card) for card in stall)
    assert f'Your Stall holds {held}: offer them with "give stall {stall[0]}".' in screen
    assert "stall CARD after give: a card of your Stall; after ask: a card of theirs" in screen
    assert state.action_to_json(action, seat) == {
        "player": seat,
        "action": "offer",
        "to": other,
        "give": {"stall": {"blue": 1}},
        "ask": {"stall": {"red": 1}},
    }
    state.apply_action(action)
    screen = answer(ruleset, state, ["accept"])[1]
    assert f"{NAMES[seat]} offers you 1 × Blue Bean from Stall for 1 × Red Bean from your Stall." in screen


def quarry_owner(seed: int, ruleset=None):
    """A game whose first player owns a Quarry (soy wild onto common beans), their first field holding 3 green."""
    state, seat = owner_of("quarry-2", {"soy": 2}, seed, ruleset)
    give(state, seat, "field-1", {"green": 3})
    return state, seat


def test_with_a_quarry_soy_joins_a_field_of_a_common_bean_and_counts_as_one():
    state, seat = quarry_owner(30)
    other = (seat + 1) % 4
    assert "field-1" in plant_targets(state, seat, "soy"), "onto green: a common bean"
    give(state, other, "field-1", {"green": 3})
    assert "field-1" not in plant_targets(state, other, "soy"), "only for the Quarry's owner"
    give(state, seat, "field-2", {"red": 2})
    assert "field-2" not in plant_targets(state, seat, "soy"), "red is not a common bean"
    give(state, seat, "field-1", {"soy": 2})
    assert "field-1" in plant_targets(state, seat, "green"), "the field is still a green field"
    assert "field-1" in plant_targets(state, seat, "soy")
    harvest = harvest_block(state)
    field = state.game.zones.zone("field-1").index
    # 5 cards of a green field pay 2 (green: 3 -> 1, 5 -> 2); the owner says how many of the 2 coins are soy.
    assert harvest.payout(state, seat, field) == 2
    assert harvest.harvester.wild_range(state, seat, field) == (0, 2)
    entries = [
        state.action_to_json(action, seat)
        for action in state.legal_actions()
        if state.action_to_json(action, seat)["action"] == "harvest"
        and state.action_to_json(action, seat)["zone"] == "field-1"
    ]
    assert [entry.get("wild", 0) for entry in entries] == [0, 1, 2]
    action = state.action_from_json({"player": seat, "action": "harvest", "zone": "field-1", "wild": 1})
    assert state.describe_action(action, seat) == "harvest First field, 1 wild card among the coins"
    with pytest.raises(LogError, match="wild must be a number of wild cards"):
        state.action_from_json({"player": seat, "action": "harvest", "zone": "field-1", "wild": -1})
    coins = Counter(state.card_ids_in("coins", seat))
    state.apply_action(action)
    assert Counter(state.card_ids_in("coins", seat)) - coins == Counter({"green": 1, "soy": 1})
    assert not state.card_ids_in("field-1", seat)


def test_a_wild_card_never_starts_a_field_and_a_field_paying_more_than_its_own_cards_pays_wild_ones():
    state, seat = quarry_owner(31)
    field = state.game.zones.zone("field-2").index
    assert "field-2" in plant_targets(state, seat, "soy")  # empty: soy starts a soy field, as itself
    give(state, seat, "field-2", {"soy": 1})
    assert "field-2" not in plant_targets(state, seat, "green"), "a soy field stays a soy field"
    state.move(list(state.cards_in(field, seat)), state.slot(field, seat), state.game.zones.slot_of("discard"))
    # 2 green + 4 soy on the first field: 6 cards of green pay 3, so at least 1 coin is a soy.
    give(state, seat, "field-1", {"soy": 3})
    field_1 = state.game.zones.zone("field-1").index
    harvest = harvest_block(state)
    assert harvest.payout(state, seat, field_1) == 3 and harvest.harvester.wild_range(state, seat, field_1) == (0, 3)
    give(state, seat, "field-1", {"soy": 1})
    assert harvest.payout(state, seat, field_1) == 4 and harvest.harvester.wild_range(state, seat, field_1) == (1, 4)
    with pytest.raises(IllegalActionError, match="at least 1 wild cards"):
        state.apply_action(state.action_from_json({"player": seat, "action": "harvest", "zone": "field-1"}))
    with pytest.raises(IllegalActionError, match="pays 1 to 4 wild cards, not 5"):
        state.apply_action(state.action_from_json({"player": seat, "action": "harvest", "zone": "field-1", "wild": 5}))


def test_the_final_harvest_pays_a_mixed_fields_own_cards_first():
    state, seat = quarry_owner(32)
    give(state, seat, "field-1", {"soy": 2})
    final = next(node for node in state.game.nodes if node.kind == "harvest-all")
    coins = Counter(state.card_ids_in("coins", seat))
    final.harvester.harvest(state, seat, state.game.zones.zone("field-1").index, "final-harvest")
    assert Counter(state.card_ids_in("coins", seat)) - coins == Counter({"green": 2})


def test_a_claim_takes_a_wild_card_of_a_blue_field_only_when_no_blue_bean_was_discarded():
    state, seat = owner_of("watchtower-2", {"blue": 2}, 33)
    other = (seat + 1) % 4
    # The other player owns the Quarry (put among their buildings): their blue field holds soy.
    quarry = state.game.zones.zone("buildings").index
    give_card = [card for card in state.cards_in("supply") if state.game.cards.id_of(card) == "quarry-2"]
    state.move(give_card, state.game.zones.slot_of("supply"), state.slot(quarry, other))
    mine = Counter(state.card_ids_in("coins", seat))
    harvest_field(state, other, {"blue": 3, "soy": 1})  # 4 cards of blue pay 1: 1 blue coin, 2 blue + 1 soy out
    assert Counter(state.card_ids_in("coins", seat)) - mine == Counter({"blue": 1})
    mine = Counter(state.card_ids_in("coins", seat))
    harvest_field(state, other, {"blue": 1, "soy": 3})  # pays 1 (the blue bean first): only soy is discarded
    assert Counter(state.card_ids_in("coins", seat)) - mine == Counter({"soy": 1})


def test_a_human_chooses_which_cards_of_a_mixed_field_become_coins(english):
    ruleset = load_ruleset(WORKSHOPS)
    state, seat = quarry_owner(34, ruleset)
    give(state, seat, "field-1", {"soy": 2})
    play_until(state, random.Random(13), lambda state: state.current_player() == seat)
    action, screen = answer(ruleset, state, ["harvest 1", "2"])
    assert "Which cards of First field become coins?" in screen
    assert "1. 2 × Green Bean" in screen and "2. 1 × Green Bean, 1 × Soy Bean" in screen
    assert state.action_to_json(action, seat) == {"player": seat, "action": "harvest", "zone": "field-1", "wild": 1}
