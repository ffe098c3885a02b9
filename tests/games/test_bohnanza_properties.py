"""Properties every game of Bohnanza keeps, checked with Hypothesis over random games.

Games of both editions at every table size are played with random legal
actions (a kind of action first, then one of that kind, as a random bot
plays), drawn from a Hypothesis-controlled generator. Watchers look at every
action and the typed events it caused: where each card is, what each field
holds, how each hand changes, where coins come from, which harvests are taken.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from game_fixtures import AMIGO, FIELDS, NAMES, RIO, beanometer_pays, edition
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.events import CardsMoved, DecisionMade
from engine.core.game import Game
from engine.families.harvest.rules.events import Harvested
from engine.families.trading.rules.trade import OFFERING
from engine.fronts.conformance import cards_misplaced
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record

TABLES = [(AMIGO, 3), (AMIGO, 4), (AMIGO, 5), (RIO, 3), (RIO, 4), (RIO, 5), (RIO, 6), (RIO, 7)]
# Random games are long (a thousand decisions and more): a few per property keep the suite quick.
SETTINGS = settings(max_examples=4, deadline=None)
# Far more decisions than a game needs: each turn allows a bounded number of offers, plantings and harvests.
MAX_ACTIONS = 20_000

# (edition and players, the game's seed, the seed of the random player's choices). A game of a thousand
# decisions and more would overrun Hypothesis' own random data: the choices come from a seeded generator.
games = st.tuples(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))

# A watcher sees the state before an action and the action; it returns what to check once the action is
# applied, called with the state and the events the action caused (None: nothing to check).
Watcher = Callable[[Any, int], Callable[[Any, list], None] | None]


def play(table: tuple[str, int], seed: int, choices: int, *watchers: Watcher, record_events: bool = True) -> Any:
    """A whole game dealt from ``seed``, random legal actions drawn from ``choices``; watchers see every action."""
    name, players = table
    rng = random.Random(choices)
    state = Game(edition(name), NAMES[:players]).new_initial_state(seed=seed, record_events=record_events)
    actions = 0
    while not state.is_terminal():
        action = state.legal_actions().sample_by_kind(rng)
        checks = [check for check in (watch(state, action) for watch in watchers) if check is not None]
        mark = len(state.events)
        state.apply_action(action)
        for check in checks:
            check(state, state.events[mark:])
        actions += 1
        assert actions <= MAX_ACTIONS, "the game does not end"
    return state


def fields_of(state: Any, seat: int) -> dict[str, tuple[str, ...]]:
    return {zone: state.card_ids_in(zone, seat) for zone in FIELDS}


# --------------------------------------------------------------------------- cards and fields


@SETTINGS
@given(games)
def test_every_card_is_in_exactly_one_place_after_every_action(game):
    table, seed, choices = game

    def watch(state, action):
        def check(state, events):
            assert cards_misplaced(state) is None, cards_misplaced(state)

        return check

    final = play(table, seed, choices, watch)
    assert cards_misplaced(final) is None


@SETTINGS
@given(games)
def test_a_field_never_holds_two_types_of_bean(game):
    table, seed, choices = game

    def watch(state, action):
        def check(state, events):
            for seat in range(state.player_count):
                for zone, cards in fields_of(state, seat).items():
                    assert len(set(cards)) <= 1, (seat, zone, cards)

        return check

    play(table, seed, choices, watch)


class HandKeeper:
    """Follows every hand through the typed events, as the rules allow it to change.

    A hand changes only by cards joining at the back (dealt or drawn, one at a
    time, from the draw pile), by its front card being planted, and by the cards
    a trade takes out, at the positions the offer (for the offerer) and the
    acceptance (for the receiver) name; the other cards keep their order.
    """

    def __init__(self, state: Any) -> None:
        self.hands: list[list[str]] = [[] for _ in range(state.player_count)]
        self.leaving: dict[int, list[int]] = {}
        self.offer: dict | None = None
        self.follow(state.events)
        self.compare(state)

    def follow(self, events: list) -> None:
        for event in events:
            if isinstance(event, DecisionMade):
                entry = event.action
                if entry["action"] == "offer":
                    self.offer = entry
                elif entry["action"] == "accept":
                    self.leaving = {
                        self.offer["player"]: list((self.offer.get("give") or {}).get("hand", [])),
                        event.player: list(entry.get("positions", [])),
                    }
            elif isinstance(event, CardsMoved):
                if event.source == "hand":
                    hand = self.hands[event.source_owner]
                    if event.step == "plant-from-hand":
                        assert event.cards == (hand[0],), "only the front card is planted from a hand"
                        del hand[0]
                    else:
                        assert event.step == "trading", f"a hand lost cards in {event.step}"
                        positions = sorted(self.leaving.pop(event.source_owner))
                        assert event.cards == tuple(hand[position] for position in positions)
                        for position in reversed(positions):
                            del hand[position]
                if event.target == "hand":
                    assert event.source == "draw" and event.step in ("deal", "draw-cards"), event
                    assert len(event.cards) == 1, "cards join a hand one at a time"
                    self.hands[event.target_owner].append(event.cards[0])

    def compare(self, state: Any) -> None:
        assert self.hands == [list(state.card_ids_in("hand", seat)) for seat in range(state.player_count)]


@SETTINGS
@given(games)
def test_a_hand_changes_only_by_drawing_to_the_back_and_by_planting_or_trading_cards_out(game):
    table, seed, choices = game
    keeper: list[HandKeeper] = []

    def watch(state, action):
        if not keeper:
            keeper.append(HandKeeper(state))

        def check(state, events):
            keeper[0].follow(events)
            keeper[0].compare(state)

        return check

    play(table, seed, choices, watch)


# --------------------------------------------------------------------------- coins and harvests


@SETTINGS
@given(games)
def test_coins_come_only_from_harvests_and_leave_only_to_pay_for_a_field(game):
    table, seed, choices = game

    def watch(state, action):
        before = [Counter(state.card_ids_in("coins", seat)) for seat in range(state.player_count)]

        def check(state, events):
            expected = [Counter(held) for held in before]
            harvest = None
            for event in events:
                if isinstance(event, Harvested):
                    harvest = event
                elif isinstance(event, CardsMoved) and event.target == "coins":
                    # The first cards of the field just harvested, as many as it pays, turned over as coins.
                    assert event.step in ("harvest", "final-harvest") and harvest is not None
                    assert (event.source, event.target_owner) == (harvest.zone, harvest.player)
                    assert event.cards == harvest.cards[: harvest.paid]
                    expected[event.target_owner].update(event.cards)
                elif isinstance(event, CardsMoved) and event.source == "coins":
                    assert (event.step, event.target) == ("buy-third-field", "discard")
                    expected[event.source_owner].subtract(event.cards)
            for seat in range(state.player_count):
                assert +expected[seat] == Counter(state.card_ids_in("coins", seat))

        return check

    final = play(table, seed, choices, watch)
    result = final.result()
    for seat, player in enumerate(result.players):
        assert player.score == player.measure("coins") == final.count_in("coins", seat)


@SETTINGS
@given(games)
def test_every_harvest_keeps_the_protection_rule_and_pays_by_the_beanometer(game):
    table, seed, choices = game
    harvests_taken = []

    def watch(state, action):
        entry = state.action_to_json(action)
        fields = fields_of(state, entry["player"]) if entry["action"] == "harvest" else None
        if fields is not None:
            held = len(fields[entry["zone"]])
            others = [len(cards) for zone, cards in fields.items() if zone != entry["zone"]]
            assert held >= 1
            if held == 1:
                assert all(count <= 1 for count in others), f"a single card harvested beside {others}"

        def check(state, events):
            for event in events:
                if isinstance(event, Harvested):
                    assert len(set(event.cards)) == 1
                    assert event.paid == beanometer_pays(event.cards[0], len(event.cards))
                    harvests_taken.append(event)
            if fields is not None:
                assert state.card_ids_in(entry["zone"], entry["player"]) == ()

        return check

    final = play(table, seed, choices, watch)
    # The final harvest has emptied every field.
    assert harvests_taken
    assert all(not cards for seat in range(final.player_count) for cards in fields_of(final, seat).values())


# --------------------------------------------------------------------------- the whole game


@SETTINGS
@given(games)
def test_the_game_always_ends_within_a_bounded_number_of_turns(game):
    (name, players), seed, choices = game
    state = play((name, players), seed, choices, record_events=False)
    assert state.is_terminal() and state.end_reason == "final-exhaustion"
    # Every turn but the last takes 2 + 3 cards (6-7 players: 2 + 4) from a draw pile that never holds more
    # than the deck, and the pile runs out at most 3 times (Rio Grande with 3 players: 2).
    last = 2 if (name, players) == (RIO, 3) else 3
    per_turn = 6 if players >= 6 else 5
    assert state.round_number <= last * (state.game.cards.size // per_turn + 1)
    assert len(state.history) <= MAX_ACTIONS


@SETTINGS
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_the_same_seed_and_choices_give_the_same_log(table, seed, choices):
    first = play(table, seed, choices, record_events=False).to_log()
    second = play(table, seed, choices, record_events=False).to_log()
    assert first == second


@SETTINGS
@given(games)
def test_a_log_replays_to_the_same_result(game):
    table, seed, choices = game
    state = play(table, seed, choices, record_events=False)
    log = state.to_log()
    # Through the API: the recorded deck, start player and reshuffles, then every decision in order.
    again = state.game.new_initial_state(
        deck=log["deck"], first_player=log["first_player"], chance=log.get("chance"), record_events=False
    )
    for entry in log["actions"]:
        again.apply_action(again.action_from_json(entry))
    assert again.is_terminal() and again.result().to_json() == log["result"]
    assert again.to_log()["actions"] == log["actions"]
    # And as `cardrules replay` reads a log file.
    assert replay_record(LogRecord(log, "<game>", 1, 0, None), ReplayContext()).to_json() == log["result"]


@SETTINGS
@given(games, st.floats(0, 1), st.integers(0, 2**32 - 1))
def test_a_clone_is_an_independent_copy(game, when, other_choices):
    table, seed, choices = game
    full = play(table, seed, choices, record_events=False)
    stop = int(len(full.history) * when)
    name, players = table
    state = Game(edition(name), NAMES[:players]).new_initial_state(seed=seed, record_events=False)
    for action in full.history[:stop]:
        state.apply_action(action)
    if state.is_terminal():
        return
    log_before = state.to_log()
    zones_before = list(state.zones)
    copy = state.clone()
    # Playing the copy to the end, other choices than the first game's, leaves the original where it was...
    rng = random.Random(other_choices)
    while not copy.is_terminal():
        copy.apply_action(copy.legal_actions().sample_by_kind(rng))
    assert state.to_log() == log_before and list(state.zones) == zones_before and not state.is_terminal()
    copied = copy.to_log()
    # ...and the original, given the same decisions, plays the very same game (reshuffles included),
    # leaving the finished copy as it was.
    for action in copy.history[stop:]:
        state.apply_action(action)
    assert state.to_log() == copied == copy.to_log()


@SETTINGS
@given(games)
def test_what_a_harvest_accepts_is_what_the_harvests_listed_say_and_offers_exist_exactly_when_listed(game):
    # The checks an action takes are shortcuts of the listings a player sees: they must never disagree.
    def agree(state, action):
        top = state.stack[-1]
        for item in state.game.anytime:
            if item.kind == "harvest":
                player = state.current
                listed = set(item.harvestable(state, player))
                assert {index for index in item.harvester.zones if item.may_harvest(state, player, index)} == listed
                assert item.available(state, player) == bool(listed)
        if top[0].kind == "trade" and top[1] == OFFERING:
            assert top[0].can_offer(state, top, state.current) == bool(top[0].offer_choices(state, top, state.current))
        return None

    play(*game, agree, record_events=False)
