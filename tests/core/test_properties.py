"""Properties every game of every shipped ruleset keeps, checked with Hypothesis.

Games are played with random legal actions drawn from a Hypothesis-controlled
random generator, over both editions and every house rule.
"""

from __future__ import annotations

import random
from fractions import Fraction

import locations
import pytest
from game_fixtures import hs_bids, hs_hand, status_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Game
from engine.core.scoring import Holdings, score_players
from engine.families.catalog import load_ruleset
from engine.fronts.conformance import cards_misplaced
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record

REPO = locations.REPO
HOUSE = REPO / "rulesets" / "high-society" / "house"
RULESETS = ["high-society/ja", "high-society/ko", *(str(path) for path in sorted(HOUSE.glob("*.yaml")))]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
SETTINGS = settings(max_examples=40, deadline=None)
# The only zones a money card may ever be in: a hand, a bid on the table, money paid.
MONEY_ZONES = ("hand", "bid", "spent")

_loaded: dict[str, object] = {}


def ruleset(name: str):
    """Each ruleset loaded once for the whole module."""
    if name not in _loaded:
        _loaded[name] = load_ruleset(name)
    return _loaded[name]


def money_values(rules) -> list[int]:
    """The face values of the money cards one player is dealt."""
    return [int(card.attributes["value"]) for card in rules.cards if "money" in card.tags]


games = st.tuples(
    st.sampled_from(RULESETS), st.integers(3, 5), st.integers(0, 2**32 - 1), st.randoms(use_true_random=False)
)


def play(name: str, seats: int, seed: int, rng: random.Random, on_action=None):
    """A whole game with random legal actions; ``on_action(state, action)`` is called before each."""
    state = Game(ruleset(name), NAMES[:seats]).new_initial_state(seed=seed)
    while not state.is_terminal():
        action = state.legal_actions().sample(rng)
        if on_action is not None:
            on_action(state, action)
        state.apply_action(action)
    return state


def money_where(state, player: int) -> int:
    """A player's money in hand, on the table and paid (the money cards are the types ``money-*``)."""
    cards = state.game.cards
    return sum(
        int(cards.type(instance).attributes["value"])
        for zone in MONEY_ZONES
        for instance in state.cards_in(zone, player)
        if cards.id_of(instance).startswith("money-")
    )


def money_outside_its_zones(state) -> list[str]:
    """The money cards lying anywhere but a hand, a bid or money paid (as ``zone: card``)."""
    layout = state.game.zones
    stray = []
    for slot in range(len(state.zones)):
        zone = layout.specs[layout.slot_zone[slot]].id
        if zone in MONEY_ZONES:
            continue
        owner = layout.slot_owner[slot]
        stray.extend(f"{zone}: {card}" for card in state.card_ids_in(zone, owner) if card.startswith("money-"))
    return stray


@SETTINGS
@given(games)
def test_money_is_never_created_or_lost(game):
    name, seats, seed, rng = game
    dealt = sum(money_values(ruleset(name)))

    def check(state, action):
        assert money_outside_its_zones(state) == []
        for player in range(seats):
            assert money_where(state, player) == dealt

    final = play(name, seats, seed, rng, check)
    check(final, None)


@SETTINGS
@given(games)
def test_every_card_is_in_exactly_one_zone_after_every_action(game):
    name, seats, seed, rng = game

    def check(state, action):
        assert cards_misplaced(state) is None

    final = play(name, seats, seed, rng, check)
    check(final, None)


@SETTINGS
@given(games)
def test_every_bid_beats_the_highest_with_money_the_bidder_holds(game):
    name, seats, seed, rng = game

    def check(state, action):
        entry = state.action_to_json(action)
        if entry["action"] != "bid":
            return
        player = state.current_player()
        added = entry["cards"]
        hand = list(hs_hand(state, player))
        for value in added:
            assert value in hand
            hand.remove(value)
        highest = max(sum(bid) for bid in hs_bids(state))
        assert sum(hs_bids(state)[player]) + sum(added) > highest

    play(name, seats, seed, rng, check)


@SETTINGS
@given(games)
def test_a_game_ends_within_the_decks_length_of_rounds(game):
    name, seats, seed, rng = game
    state = play(name, seats, seed, rng)
    assert state.round_number <= len(status_cards(ruleset(name)))


@SETTINGS
@given(st.sampled_from(RULESETS), st.integers(3, 5), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_the_same_seed_and_choices_give_the_same_log(name, seats, seed, choices):
    first = play(name, seats, seed, random.Random(choices)).to_log()
    second = play(name, seats, seed, random.Random(choices)).to_log()
    assert first == second


@SETTINGS
@given(games)
def test_replaying_a_log_reproduces_its_result(game):
    name, seats, seed, rng = game
    state = play(name, seats, seed, rng)
    log = state.to_log()
    log["ruleset"] = name  # house rules are replayed from their file
    result = replay_record(LogRecord(log, "<game>", 1, 0, None), ReplayContext())
    assert result.to_json() == state.result().to_json()


@SETTINGS
@given(games, st.integers(1, 4))
def test_turning_the_table_turns_the_result(game, turn):
    """Seat i's game played from seat i+turn gives seat i's result there (the table is a circle)."""
    name, seats, seed, rng = game
    turn %= seats
    state = play(name, seats, seed, rng)
    log = state.to_log()
    del log["result"]
    log["ruleset"] = name
    moved = dict(
        log,
        players=[log["players"][(seat - turn) % seats] for seat in range(seats)],
        first_player=(log["first_player"] + turn) % seats,
        actions=[dict(action, player=(action["player"] + turn) % seats) for action in log["actions"]],
    )
    result = replay_record(LogRecord(moved, "<turned>", 1, 0, None), ReplayContext())
    original = state.result()
    for seat in range(seats):
        assert result.players[(seat + turn) % seats] == original.players[seat]
    assert sorted(result.winners) == sorted(original.winners)


held_cards = st.lists(st.sampled_from(status_cards(ruleset("high-society/ja"))), unique=True, max_size=16)


def score_of(name: str, cards: list[str]) -> Fraction:
    """Ann's score holding ``cards`` (with 1 money left; two empty-handed rivals)."""
    seats = [
        Holdings("Ann", tuple(cards), {"money": 1}, {"won": tuple(cards)}),
        Holdings("Bo", (), {"money": 2}, {"won": ()}),
        Holdings("Cy", (), {"money": 3}, {"won": ()}),
    ]
    return score_players(ruleset(name), seats).player("Ann").score


def rulebook_score(cards: list[str], debt_floor: int | None) -> Fraction:
    """The rulebook's scoring, written out plainly."""
    score = Fraction(sum(int(card.split("-")[1]) for card in cards if card.startswith("luxury-")))
    if "debt" in cards:
        score -= 5
    if debt_floor is not None:
        score = max(score, Fraction(debt_floor))
    score *= 2 ** sum(card.startswith("prestige-") for card in cards)
    if "scandal" in cards:
        score /= 2
    return score


@settings(max_examples=200, deadline=None)
@given(held_cards, held_cards)
def test_scores_follow_the_rulebook_pipeline_in_both_editions(cards, other):
    for name, floor in (("high-society/ja", None), ("high-society/ko", 0)):
        assert score_of(name, cards) == rulebook_score(cards, floor)


@settings(max_examples=200, deadline=None)
@given(held_cards)
def test_each_prestige_card_doubles_the_score(cards):
    without = [card for card in cards if not card.startswith("prestige-")]
    count = len(cards) - len(without)
    for name in ("high-society/ja", "high-society/ko"):
        assert score_of(name, cards) == score_of(name, without) * 2**count


@settings(max_examples=200, deadline=None)
@given(held_cards)
def test_the_korean_floor_never_lets_debt_push_a_score_below_zero(cards):
    assert score_of("high-society/ko", cards) >= 0


@pytest.mark.parametrize("name", RULESETS)
def test_every_shipped_ruleset_plays_a_game_to_the_end(name):
    state = play(name, 4, 1, random.Random(1))
    assert state.is_terminal()
