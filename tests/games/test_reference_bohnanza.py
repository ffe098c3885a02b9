"""Bohnanza: the engine and the independent reference implementation agree, both ways.

``references/bohnanza.py`` was written from the rules and from
``docs/games/bohnanza.md`` alone and shares no code with the engine. Games the
engine plays (its random bot, or uniformly random legal actions) replay in the
reference to the same result JSON, and games the reference's own random bot
plays replay in the engine (``engine.fronts.formats.replay``, every action checked,
the stored result compared) to the same result: for both editions and every
player count, with the reshuffles, both timings of the final exhaustion, a
bought third field, Rio Grande's three fields for three players and the deal
of six and seven players among them. A log tampered with is rejected by both
at the same action. The larger run (thousands of games per edition and
player count) is ``python -m benchmarks.agree_bohnanza``.
"""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest

from benchmarks.agree_bohnanza import engine_verdict, imports_of, reference_outcome, same_json, tampered
from benchmarks.bench_bohnanza import engine_game_log
from engine.base.errors import LogError
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record
from references import bohnanza as reference

AMIGO, RIO = "bohnanza/amigo", "bohnanza/rio-grande"
CASES = [pytest.param(AMIGO, count, id=f"amigo-{count}") for count in (3, 4, 5)] + [
    pytest.param(RIO, count, id=f"rio-grande-{count}") for count in (3, 4, 5, 6, 7)
]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
CONTEXT = ReplayContext()


@functools.cache
def engine_game(ruleset: str, count: int, options: str = "{}") -> Game:
    """A Game of ``count`` seats (cached: loading a ruleset is the slow part)."""
    return Game(load_ruleset(ruleset, json.loads(options) or None), NAMES[:count])


def engine_log(ruleset: str, count: int, seed: int, *, bot: bool = False, options: dict | None = None) -> dict:
    """A finished game played by the engine: its random bot, or uniformly random legal actions."""
    return engine_game_log(engine_game(ruleset, count, json.dumps(options or {}, sort_keys=True)), seed, bot)


def reference_log(ruleset: str, count: int, seed: int, options: dict | None = None) -> dict:
    """A finished game played by the reference's random bot, as a log with its result."""
    return reference.play_random_game(seed, NAMES[:count], ruleset, options)


def engine_result(log: dict) -> dict:
    """The engine's replay of a log (every action checked, a stored result compared) as result JSON."""
    return replay_record(LogRecord(log, "<reference game>", 1, 0, None), CONTEXT).to_json()


def test_the_reference_shares_no_code_with_the_engine():
    absolute, relative = imports_of(reference.__file__)
    assert absolute <= {"__future__", "random", "dataclasses", "typing", "collections"}


# --------------------------------------------------------------------------- both ways


@pytest.mark.parametrize("ruleset, count", CASES)
def test_games_the_engine_plays_replay_to_the_same_result_in_the_reference(ruleset, count):
    for seed, bot in ((1, True), (2, False)):
        log = engine_log(ruleset, count, seed, bot=bot)
        assert log["chance"], "a whole game reshuffles the discard pile"
        assert same_json(reference.replay(log), log["result"]), f"seed {seed}"


@pytest.mark.parametrize("ruleset, count", CASES)
def test_games_the_reference_plays_replay_to_the_same_result_in_the_engine(ruleset, count):
    for seed in range(12):
        log = reference_log(ruleset, count, seed)
        assert log["chance"], "a whole game reshuffles the discard pile"
        assert same_json(engine_result(log), log["result"]), f"seed {seed}"


@pytest.mark.parametrize(
    "ruleset, count, options, price",
    [
        pytest.param(AMIGO, 4, {"third-field-price": 1}, 1, id="cheap-third-field"),
        pytest.param(AMIGO, 3, {"third-field-price": None}, None, id="no-third-field-for-sale"),
        pytest.param(AMIGO, 5, {"offers-per-turn": 1}, 3, id="one-offer-per-turn"),
        pytest.param(AMIGO, 4, {"offers-per-turn": 2}, 3, id="two-offers-per-turn"),
        pytest.param(AMIGO, 3, {"tiebreak": []}, 3, id="ties-shared"),
        # The current Amigo rules: three fields at three players, no third field for sale, ties by seat.
        pytest.param(
            AMIGO,
            3,
            {"fields-by-players": True, "third-field-price": None, "tiebreak": ["seat"]},
            None,
            id="current-rules-three-players",
        ),
        pytest.param(
            AMIGO,
            4,
            {"fields-by-players": True, "third-field-price": None, "tiebreak": ["seat"]},
            None,
            id="current-rules-four-players",
        ),
        pytest.param(RIO, 5, {"fields-by-players": True, "tiebreak": ["hand", "seat"]}, 3, id="rio-grande-seat"),
        # Rio Grande's price depends on the number of players only.
        pytest.param(RIO, 4, {"third-field-price": 7, "tiebreak": []}, 3, id="rio-grande-price-by-players"),
    ],
)
def test_both_sides_agree_under_every_option(ruleset, count, options, price):
    logs = [reference_log(ruleset, count, seed, options) for seed in range(4)]
    for log in logs:
        assert same_json(engine_result(log), log["result"])
    played = engine_log(ruleset, count, 1, options=options)
    assert played["options"] == {**played["options"], **options}
    assert same_json(reference.replay(played), played["result"])
    paid = {
        sum(entry["pay"].values()) for log in logs + [played] for entry in log["actions"] if entry["action"] == "buy"
    }
    assert paid <= ({price} if price else set())


# --------------------------------------------------------------------------- the rules random play must reach


@pytest.mark.parametrize(
    "seed, phase, turned_up",
    [
        pytest.param(3, "trade", 1, id="only-one-card-turned-up"),
        pytest.param(5, "trade", 2, id="both-cards-turned-up"),
        pytest.param(0, "draw", 0, id="in-the-draw-phase"),
    ],
)
def test_the_final_exhaustion_ends_play_where_the_rules_say_in_both(seed, phase, turned_up):
    # The third exhaustion while turning up cards: the trading and the planting are finished
    # with the cards that could be turned up; in the draw phase play ends at once.
    log = engine_log(AMIGO, 3, seed)
    game = reference.replay_game(log)
    assert (game.ended_in, game.turned_up_at_end, game.exhaustions) == (phase, turned_up, 3)
    assert len(log["chance"]) == 2
    assert same_json(game.result(), log["result"])


def test_a_bought_third_field_is_planted_and_paid_for_alike():
    log = engine_log(AMIGO, 3, 6)
    buys = [entry for entry in log["actions"] if entry["action"] == "buy"]
    assert buys and all(sum(entry["pay"].values()) == 3 for entry in buys)
    assert any(entry["action"] == "plant" and entry["zone"] == "field-3" for entry in log["actions"])
    assert same_json(reference.replay(log), log["result"])
    played = next(
        log
        for log in (reference_log(AMIGO, 4, seed) for seed in range(50))
        if any(entry["action"] == "buy" for entry in log["actions"])
    )
    assert same_json(engine_result(played), played["result"])


def test_three_rio_grande_players_plant_in_their_third_field_without_buying_it():
    for log in (engine_log(RIO, 3, 4), reference_log(RIO, 3, 4)):
        actions = log["actions"]
        assert not any(entry["action"] == "buy" for entry in actions)
        assert any(entry["action"] == "plant" and entry["zone"] == "field-3" for entry in actions)
        # The second exhaustion ends a three-player Rio Grande game: one reshuffle.
        assert len(log["chance"]) == 1
        assert same_json(reference.replay(log), log["result"])
        assert same_json(engine_result(log), log["result"])


@pytest.mark.parametrize("count", [6, 7])
def test_six_or_seven_players_are_dealt_three_four_five_then_six_one_card_at_a_time(count):
    log = reference_log(RIO, count, 11)
    state = engine_game(RIO, count).new_initial_state(
        deck=log["deck"], first_player=log["first_player"], chance=log["chance"], record_events=False
    )
    game = reference.ReferenceGame(
        reference.edition_for(RIO, count), NAMES[:count], log["deck"], log["first_player"], log["chance"]
    )
    start = log["first_player"]
    sizes = [len(game.hands[(start + offset) % count]) for offset in range(count)]
    assert sizes == [3, 4, 5] + [6] * (count - 3)
    for seat in range(count):
        assert list(state.card_ids_in("hand", seat)) == game.hands[seat]
    assert same_json(engine_result(log), log["result"])


POOLS = (["blue"] * 20 + ["chili"] * 18, ["stink"] * 16 + ["green"] * 14, ["soy"] * 12 + ["black-eyed"] * 10)


def careful_deck(discards: int) -> list[str]:
    """An Amigo deck for three careful players (start player 0) that lets nobody harvest before the first exhaustion.

    Every card a player must plant (the front card each turn, the two face-up
    cards they keep) is one of the two beans of their own fields, so their
    fields always take it; the cards that stay in hands are the rest. The
    start player's first ``discards`` planted cards are red beans, harvested
    one at a time for nothing: the only cards on the discard pile.
    """
    hands: list[list[int]] = [[], [], []]
    for position in range(15):
        hands[position % 3].append(position)
    planter: dict[int, int] = {}
    position = 15
    for turn in range(19):
        active = turn % 3
        for _ in range(2 if turn == 0 and discards else 1):
            planter[hands[active].pop(0)] = active
        for _ in range(2):
            if position < 104:
                planter[position] = active
                position += 1
        for _ in range(3):
            if position < 104:
                hands[active].append(position)
                position += 1
    pools = [list(pool) for pool in POOLS]
    reds = discards
    deck: list[str | None] = [None] * 104
    for position, seat in sorted(planter.items()):
        if seat == 0 and reds:
            deck[position], reds = "red", reds - 1
        else:
            deck[position] = pools[seat].pop()
    rest = [bean for pool in pools for bean in pool] + ["red"] * (8 - discards) + ["garden"] * 6
    return [card if card is not None else rest.pop() for card in deck]


def careful_action(game: reference.ReferenceGame, discards: int = 0) -> dict:
    """Plant where the bean already grows (else on an empty field), never trade, say done at once.

    A field is harvested only when no field takes the card to plant (the
    fullest one), except that the start player's first ``discards`` planted
    cards are harvested at once, one at a time.
    """
    player, point = game.decider, game.point

    def plant(bean: str) -> dict:
        taking = game.fields_taking(player, bean)
        if not taking:
            fullest = max(game.harvestable(player), key=lambda number: game.fields[player][number][1])
            return {"player": player, "action": "harvest", "zone": reference.FIELDS[fullest]}
        same = [number for number in taking if game.fields[player][number][0] == bean]
        return {"player": player, "action": "plant", "card": bean, "zone": reference.FIELDS[(same or taking)[0]]}

    if discards and game.actions_done in (1, 4):
        return {"player": player, "action": "harvest", "zone": "field-1"}  # a single red bean: pays nothing
    if point == "plant-first" or (point == "plant-second" and discards and game.actions_done == 2):
        return plant(game.hands[player][0])
    if point in ("plant-second", "last-chance"):
        return {"player": player, "action": "done"}
    if point == "offer-turn":
        return {"player": player, "action": "end-trading"}
    return plant(game.set_aside[player][0])


def careful_log(ruleset: str, count: int, deck: list[str], discards: int = 0) -> tuple[dict, reference.ReferenceGame]:
    """A game of careful players (start player 0), as a log with its result, and the finished game."""
    game = reference.ReferenceGame(reference.edition_for(ruleset, count), NAMES[:count], deck, 0, rng=random.Random(0))
    actions = []
    while not game.over:
        action = careful_action(game, discards)
        game.apply(action)
        actions.append(action)
    log = {
        "format": 2,
        "ruleset": ruleset,
        "options": {},
        "players": NAMES[:count],
        "first_player": 0,
        "deck": deck,
        "chance": game.chance,
        "actions": actions,
        "result": game.result(),
    }
    return log, game


@pytest.mark.parametrize(
    "discards, exhaustions, phase",
    [
        pytest.param(0, 1, "draw", id="first-exhaustion-in-the-draw-phase"),
        pytest.param(2, 2, "trade", id="second-exhaustion-turning-up"),
    ],
)
def test_an_empty_discard_pile_makes_the_exhaustion_the_last(discards, exhaustions, phase):
    log, game = careful_log(AMIGO, 3, careful_deck(discards), discards)
    assert game.ended_by_empty_discard and (game.exhaustions, game.ended_in) == (exhaustions, phase)
    # Two red beans discarded: one reshuffle of two cards, then the next exhaustion ends play.
    assert [entry["cards"] for entry in game.chance] == ([["red", "red"]] if discards else [])
    assert same_json(engine_result(log), log["result"])
    assert same_json(reference.replay(log), log["result"])


def test_ties_go_to_the_most_cards_in_hand_then_are_shared():
    game = reference.ReferenceGame(reference.edition_for(AMIGO, 3), NAMES[:3], careful_deck(0), 0)
    game.over = True
    game.coins = [{"blue": 2}, {"red": 1, "soy": 1}, {"green": 1}]
    game.hands = [["soy"], ["soy", "red"], []]
    assert game.result()["winners"] == ["Bo"]
    game.hands = [["soy", "red"], ["soy", "red"], []]
    assert game.result()["winners"] == ["Ann", "Bo"]
    shared = reference.ReferenceGame(reference.edition_for(AMIGO, 3, {"tiebreak": []}), NAMES[:3], careful_deck(0), 0)
    shared.over, shared.coins, shared.hands = True, game.coins, [["soy"], [], []]
    assert shared.result()["winners"] == ["Ann", "Bo"]


def test_the_current_rules_give_a_tie_to_the_seat_farthest_clockwise_from_the_start_player():
    current = reference.edition_for(AMIGO, 4, {"tiebreak": ["seat"]})
    for start, winner in ((0, "Cy"), (1, "Cy"), (2, "Bo"), (3, "Cy")):
        game = reference.ReferenceGame(current, NAMES[:4], careful_deck(0), start)
        game.over = True
        game.coins = [{"blue": 1}, {"red": 2}, {"green": 2}, {}]
        game.hands = [[], ["soy"], [], []]
        assert game.result()["winners"] == [winner], start
    # The engine, scoring a table, agrees.
    import tempfile
    from pathlib import Path

    from engine.fronts.formats.table import load_table

    for start, winner in ((0, "Cy"), (2, "Bo")):
        with tempfile.TemporaryDirectory() as folder:
            table = Path(folder) / "t.yaml"
            table.write_text(
                f"ruleset: {AMIGO}\noptions: {{tiebreak: [seat]}}\nstart: {NAMES[start]}\nplayers:\n"
                f"  {NAMES[0]}: {{coins: 1, hand: 0}}\n  {NAMES[1]}: {{coins: 2, hand: 1}}\n"
                f"  {NAMES[2]}: {{coins: 2, hand: 0}}\n  {NAMES[3]}: {{coins: 0, hand: 0}}\n",
                encoding="utf-8",
            )
            result = load_table(table).score()
            assert list(result.winners) == [winner] and result.decided_by == "seat", start


def test_the_current_rules_give_three_fields_from_the_start_with_three_players_only():
    for count, fields in ((3, 3), (4, 2), (5, 2)):
        assert reference.edition_for(AMIGO, count, {"fields-by-players": True}).fields_at_start == fields
        game = engine_game(AMIGO, count, json.dumps({"fields-by-players": True}))
        state = game.new_initial_state(seed=1)
        assert state.observation(0).is_open("field-3", 0) == (fields == 3), count
    state = engine_game(AMIGO, 3).new_initial_state(seed=1)
    assert not state.observation(0).is_open("field-3", 0)


def test_a_harvest_pays_the_highest_beanometer_step_reached():
    assert [reference.payout("stink", size) for size in (1, 2, 3, 4, 5, 6, 7, 8, 12)] == [0, 0, 1, 1, 2, 2, 3, 4, 4]
    assert [reference.payout("garden", size) for size in (1, 2, 3, 6)] == [0, 2, 3, 3]
    assert [reference.payout("cocoa", size) for size in (1, 2, 3, 4)] == [0, 2, 3, 4]


# --------------------------------------------------------------------------- tampered logs


def engine_outcome(log: dict):
    """("action", index) for a rejected action, ("log", path) for a bad log, ("ok", result) otherwise."""
    try:
        return "ok", engine_result(log)
    except LogError as error:
        return engine_verdict(error)


def first_point(logs, wanted):
    """The first (log, index, bad action) where ``wanted(game, entry)`` builds a bad action, the game replayed so far."""
    for log in logs:
        game = reference.new_game(log)
        for index, entry in enumerate(log["actions"]):
            bad = wanted(game, entry)
            if bad is not None:
                return log, index, bad
            game.apply(entry)
    raise AssertionError("no game reached that decision")


def other_bean(bean: str) -> str:
    return "red" if bean != "red" else "soy"


def three_coins(coins: dict[str, int], price: int = 3) -> dict[str, int]:
    """Three (or ``price``) of these coins, by type."""
    pay: dict[str, int] = {}
    for bean, number in coins.items():
        take = min(number, price - sum(pay.values()))
        if take:
            pay[bean] = take
    return pay


def coins_not_enough(game, entry):
    player = game.decider
    price = game.edition.third_field_price
    if price and not game.field_open[player][2] and 0 < game.coin_total(player) < price:
        return {"zone": "field-3", "pay": {next(iter(game.coins[player])): price}}
    return None


def plant_while_trading(game, entry):
    hand = game.hands[game.active]
    if game.point == "offer-turn" and game.decider == game.active and hand:
        for number in game.fields_taking(game.active, hand[0]):
            return {"action": "plant", "card": hand[0], "zone": reference.FIELDS[number]}
    return None


TAMPERINGS = {
    # (what the rules forbid): a function of (the game so far, the real entry) giving the bad action, or None
    "an action by a player who is not deciding": lambda game, entry: (
        {**entry, "player": (entry["player"] + 1) % len(game.players)}
    ),
    "harvesting a single bean while another field holds two": lambda game, entry: next(
        (
            {"action": "harvest", "zone": reference.FIELDS[number]}
            for number, (_, size) in enumerate(game.fields[game.decider])
            if size == 1 and any(other >= 2 for _, other in game.fields[game.decider])
        ),
        None,
    ),
    "harvesting an empty field": lambda game, entry: next(
        (
            {"action": "harvest", "zone": reference.FIELDS[number]}
            for number, (_, size) in enumerate(game.fields[game.decider])
            if size == 0 and game.field_open[game.decider][number]
        ),
        None,
    ),
    "planting a card that is not the front card": lambda game, entry: (
        {**entry, "card": other_bean(entry["card"])} if game.point == "plant-first" else None
    ),
    "planting on a field of another bean": lambda game, entry: next(
        (
            {**entry, "zone": reference.FIELDS[number]}
            for number, (bean, _) in enumerate(game.fields[game.decider])
            if game.point == "plant-first" and bean not in (None, entry.get("card"))
        ),
        None,
    ),
    "planting on the third field before buying it": lambda game, entry: (
        {**entry, "zone": "field-3"} if game.point == "plant-first" and not game.field_open[game.decider][2] else None
    ),
    "saying done before the front card is planted": lambda game, entry: (
        {"action": "done"} if game.point == "plant-first" else None
    ),
    "planting from the hand once trading has begun": plant_while_trading,
    "keeping a traded card back": lambda game, entry: {"action": "done"} if game.point == "plant-set-aside" else None,
    "planting a card that was not set aside": lambda game, entry: next(
        (
            {**entry, "card": bean}
            for bean in reference.AMIGO_BEANS
            if game.point == "plant-set-aside" and bean not in game.set_aside[game.decider]
        ),
        None,
    ),
    "an offer between two players who are not active": lambda game, entry: next(
        (
            {"action": "offer", "to": seat, "give": {"hand": [0]}}
            for seat in range(len(game.players))
            if game.point == "offer-turn"
            and game.decider != game.active
            and seat not in (game.decider, game.active)
            and game.hands[game.decider]
        ),
        None,
    ),
    "a player who is not active giving face-up cards": lambda game, entry: (
        {"action": "offer", "to": game.active, "give": {"face-up": {game.face_up[0]: 1}}}
        if game.point == "offer-turn" and game.decider != game.active and game.face_up
        else None
    ),
    "asking for more cards than the receiver holds": lambda game, entry: (
        {"action": "offer", "to": game.active, "ask": {"hand": {"blue": len(game.hands[game.active]) + 1}}}
        if game.point == "offer-turn" and game.decider != game.active
        else None
    ),
    "an offer of nothing for nothing": lambda game, entry: (
        {"action": "offer", "to": game.active} if game.point == "offer-turn" and game.decider != game.active else None
    ),
    "an offer more than the turn allows": lambda game, entry: (
        {"action": "offer", "to": (game.active + 1) % len(game.players), "ask": {"hand": {"blue": 1}}}
        if game.point == "offer-turn" and game.decider == game.active and game.offers_made[game.active] == 3
        else None
    ),
    "ending trading when not active": lambda game, entry: (
        {"action": "end-trading"} if game.point == "offer-turn" and game.decider != game.active else None
    ),
    "accepting without the cards asked for": lambda game, entry: (
        {"action": "accept", "positions": list(range(sum(game.offer["ask_hand"].values())))}
        if game.point == "answer"
        and game.offer["ask_hand"]
        and any(
            reference.counts_of(game.hands[game.decider]).get(bean, 0) < number
            for bean, number in game.offer["ask_hand"].items()
        )
        else None
    ),
    "accepting with other cards than those asked for": lambda game, entry: next(
        (
            {"action": "accept", "positions": [position]}
            for position, bean in enumerate(game.hands[game.decider])
            if entry["action"] == "accept"
            and sum(game.offer["ask_hand"].values()) == 1
            and bean not in game.offer["ask_hand"]
        ),
        None,
    ),
    "passing instead of answering an offer": lambda game, entry: {"action": "pass"} if game.point == "answer" else None,
    "passing at the last chance": lambda game, entry: {"action": "pass"} if game.point == "last-chance" else None,
    "buying the third field without the coins": coins_not_enough,
    "buying the third field twice": lambda game, entry: (
        {"zone": "field-3", "pay": three_coins(game.coins[game.decider], game.edition.third_field_price)}
        if game.edition.third_field_price
        and game.field_open[game.decider][2]
        and game.coin_total(game.decider) >= game.edition.third_field_price
        else None
    ),
}


@functools.cache
def tamper_logs() -> tuple[dict, ...]:
    """Reference games of both editions to tamper with (their stored results dropped)."""
    logs = []
    # A third field for 1 coin is bought often enough to try buying it twice.
    games = [(AMIGO, 3, None), (RIO, 4, None), (AMIGO, 4, {"third-field-price": 1}), (RIO, 6, None), (AMIGO, 5, None)]
    for seed, (ruleset, count, options) in enumerate(games * 4):
        log = reference_log(ruleset, count, 100 + seed, options)
        del log["result"]
        logs.append(log)
    return tuple(logs)


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_an_action_the_rules_forbid_is_rejected_by_both_at_the_same_index(name):
    wanted = TAMPERINGS[name]

    def bad_action(game, entry):
        bad = wanted(game, entry)
        if bad is None:
            return None
        if bad.get("action") is None:
            bad = {"action": "buy", **bad}
        return {"player": game.decider, **bad} if "player" not in bad else bad

    log, index, bad = first_point(tamper_logs(), bad_action)
    changed = copy.deepcopy(log)
    changed["actions"].insert(index, bad)
    assert reference_outcome(changed) == ("action", index), bad
    assert engine_outcome(changed) == ("action", index), bad


def test_the_rio_grande_three_player_third_field_is_not_for_sale():
    # Careful players gather coins; three coins buy nothing when everyone starts with three fields.
    deck = [bean for bean, copies in reference.edition_for(RIO, 3).deck.items() for _ in range(copies)]
    random.Random(3).shuffle(deck)
    log, _ = careful_log(RIO, 3, deck)
    assert same_json(engine_result(log), log["result"])
    del log["result"]
    logs = [log]
    log, index, bad = first_point(
        logs,
        lambda game, entry: (
            {"player": game.decider, "action": "buy", "zone": "field-3", "pay": three_coins(game.coins[game.decider])}
            if game.coin_total(game.decider) >= 3
            else None
        ),
    )
    changed = copy.deepcopy(log)
    changed["actions"].insert(index, bad)
    assert reference_outcome(changed) == engine_outcome(changed) == ("action", index)


def test_a_log_that_stops_early_or_goes_on_after_the_end_is_refused_by_both():
    log = reference_log(AMIGO, 4, 3)
    del log["result"]
    short = {**log, "actions": log["actions"][:-1]}
    assert reference_outcome(short) == engine_outcome(short) == ("log", "$.actions")
    longer = {**log, "actions": log["actions"] + [log["actions"][-1]]}
    assert reference_outcome(longer) == engine_outcome(longer) == ("action", len(log["actions"]))
    missing = {**log, "chance": log["chance"][:1]}
    assert reference_outcome(missing) == engine_outcome(missing) == ("log", "$.chance")


def test_a_reshuffle_that_does_not_hold_the_discarded_cards_is_refused_by_both_and_named():
    log = reference_log(AMIGO, 4, 3)
    del log["result"]
    shuffled = log["chance"][0]["cards"]
    wrong = {**log, "chance": [{**log["chance"][0], "cards": shuffled[:-1]}, *log["chance"][1:]]}
    assert reference_outcome(wrong) == engine_outcome(wrong) == ("log", "$.chance[0]")
    with pytest.raises(LogError) as caught:
        engine_result(wrong)
    assert caught.value.diagnostics[0].location.json_path == "$.chance[0].cards"
    assert str(caught.value.diagnostics[0].message).startswith(
        f"the shuffle into draw must hold exactly the cards being shuffled (missing {shuffled[-1]}"
    )


def test_randomly_tampered_logs_are_judged_alike_by_both():
    rng = random.Random(10)
    refused = 0
    for log in tamper_logs():
        for _ in range(2):
            changed = tampered(log, rng)
            engine, ours = engine_outcome(changed), reference_outcome(changed)
            assert engine == ours
            refused += engine[0] != "ok"
    assert refused >= 20  # most changes break the game somewhere
