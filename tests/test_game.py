"""Game flow, the log form, and properties every shipped ruleset must keep."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.actions import CHOICE_BASE, PASS
from engine.bots import make_bot
from engine.errors import CardrulesError, IllegalActionError, LogError
from engine.game import TERMINAL, Game
from game_fixtures import SHIPPED, deck_with_top, sample_ruleset, shipped

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
RULESETS = {name: shipped(name) for name in SHIPPED}


def play_random(state, rng: random.Random) -> None:
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))


def money_accounted(state) -> int:
    game = state.game
    sums = game.money_sums
    return sum(sums[state.hands[p]] + sums[state.bid_masks[p]] + sums[state.discarded_masks[p]]
               for p in range(state.player_count))


# ---------------------------------------------------------------- setup and chance

def test_every_player_is_dealt_one_money_card_of_each_value():
    game = Game(RULESETS["high-society/ko"], PLAYERS)
    state = game.new_initial_state(seed=1)
    assert all(state.hand_values(p) == [1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25] for p in range(4))


def test_the_same_seed_gives_the_same_deck_and_first_player():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    one, two, other = game.new_initial_state(seed=5), game.new_initial_state(seed=5), game.new_initial_state(seed=6)
    assert (one.deck, one.first_player) == (two.deck, two.first_player)
    assert (one.deck, one.first_player) != (other.deck, other.first_player)


def test_a_replay_passes_the_deck_and_the_first_player():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, PLAYERS)
    deck = deck_with_top(ruleset, "debt", "luxury-4")
    state = game.new_initial_state(deck=deck, first_player=2)
    assert state.to_log()["deck"] == deck and state.current_player() == 2 and state.revealed_card == "debt"


def test_a_deck_that_is_not_the_ruleset_s_cards_is_rejected():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    with pytest.raises(LogError):
        game.new_initial_state(deck=["luxury-1"] * 16, first_player=0)
    with pytest.raises(LogError):
        game.new_initial_state(deck=["joker"], first_player=0)
    with pytest.raises(LogError):
        game.new_initial_state(seed=1, first_player=9)


def test_a_table_outside_the_player_count_is_refused():
    with pytest.raises(CardrulesError):
        Game(RULESETS["high-society/ja"], ["Ann", "Bo"])
    with pytest.raises(CardrulesError):
        Game(RULESETS["high-society/ja"], ["Ann", "Ann", "Bo"])
    assert Game(RULESETS["high-society/ja"], 3).players == ("Player 1", "Player 2", "Player 3")


# ---------------------------------------------------------------- legality

def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9"), first_player=0)
    state.apply_action(game.mask_of([12000]))
    before = state.to_log()
    with pytest.raises(IllegalActionError, match="does not beat"):
        state.apply_action(game.mask_of([10000]))
    with pytest.raises(IllegalActionError):
        state.apply_action(CHOICE_BASE)
    with pytest.raises(IllegalActionError):
        state.apply_action(1 << 15)
    with pytest.raises(IllegalActionError, match="Bo"):
        state.action_from_json({"player": 2, "action": "pass"})
    assert state.to_log() == before


def test_legal_actions_are_pass_and_exactly_the_raises_that_beat_the_highest_total():
    ruleset = sample_ruleset(money_values=(1, 2, 4))
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9"), first_player=0)
    state.apply_action(game.mask_of([4]))                  # Ann bids 4
    legal = state.legal_actions()                          # Bo: needs more than 4 from {1, 2, 4}
    expected = [PASS] + [mask for mask in range(1, 8) if game.money_sums[mask] > 4]
    assert list(legal) == expected and len(legal) == len(expected)
    assert all(action in legal for action in expected) and 1 not in legal and 8 not in legal
    assert legal.cheapest_raises() == [game.mask_of([1, 4])]
    rng = random.Random(0)
    counts = {action: 0 for action in expected}
    for _ in range(4000):
        counts[legal.sample(rng)] += 1
    assert min(counts.values()) > 4000 / len(expected) * 0.7    # roughly uniform, all reachable


def test_the_log_round_trips_through_json_and_replays_to_the_same_result():
    game = Game(RULESETS["high-society/ja"], PLAYERS, seats=["human", "bot:random", "bot:random", "bot:heuristic"])
    state = game.new_initial_state(seed=11)
    play_random(state, random.Random(2))
    log = json.loads(json.dumps(state.to_log()))
    assert log["format"] == 1 and log["seed"] == 11 and log["seats"][0] == "human"
    replayed = game.new_initial_state(deck=log["deck"], first_player=log["first_player"])
    for entry in log["actions"]:
        replayed.apply_action(replayed.action_from_json(entry))
    assert replayed.is_terminal() and replayed.result() == state.result()
    assert log["result"] == state.result().to_json()


def test_malformed_log_actions_are_log_errors():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=1)
    for bad in ({"action": "bid", "cards": [7000]}, {"action": "bid", "cards": []},
                {"action": "bid", "cards": [1000, 1000]}, {"action": "discard", "card": "joker"},
                {"action": "steal"}, ["pass"], {"action": "bid", "cards": [True]}):
        with pytest.raises(LogError):
            state.action_from_json(bad)


def test_events_tell_the_game_in_order():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-4"), first_player=0)
    state.apply_action(game.mask_of([1000]))
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert [event["type"] for event in state.events] == ["reveal", "bid", "pass", "pass", "pay", "take", "reveal"]


def test_clone_is_independent():
    game = Game(RULESETS["high-society/ko"], PLAYERS)
    state = game.new_initial_state(seed=4)
    copy = state.clone()
    play_random(copy, random.Random(1))
    assert not state.is_terminal() and state.history == [] and copy.is_terminal()


def test_observation_shows_only_the_players_own_hand_and_public_facts():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=9)
    state.apply_action(state.legal_actions().cheapest_raises()[0])
    seat = state.current_player()
    obs = state.observation(seat)
    assert obs.hand == tuple(state.hand_values(seat)) and obs.player == seat
    assert obs.highest_bid == max(obs.bid_totals) and obs.revealed_card == state.revealed_card
    assert len(obs.unseen_cards) == 15 and obs.cards_left_in_deck == 15
    assert obs.end_thresholds == {"red": 4} and obs.current_player == seat
    assert obs.money_cards_left == (11, 11, 11, 11)


@settings(max_examples=200, deadline=None)
@given(hand=st.integers(0, 127), own=st.integers(0, 40), highest=st.integers(0, 120), seed=st.integers(0, 99))
def test_legal_actions_membership_listing_and_sampling_agree(hand, own, highest, seed):
    from engine.actions import LegalActions, subset_sums

    sums = subset_sums((1, 2, 3, 5, 8, 13, 21))
    legal = LegalActions(hand, own, highest, sums)
    by_membership = [a for a in range(0, 128) if a in legal]
    assert list(legal) == by_membership and len(legal) == len(by_membership)
    assert list(legal.raises()) == by_membership[1:] and legal.can_raise() == bool(by_membership[1:])
    rng = random.Random(seed)
    assert legal.sample(rng) in legal
    raise_ = legal.sample_raise(rng)
    assert (raise_ is None) == (not legal.can_raise()) and (raise_ is None or raise_ in legal)
    cheapest = legal.cheapest_raises()
    if cheapest:
        assert min(sums[m] for m in by_membership[1:]) == sums[cheapest[0]]


# ---------------------------------------------------------------- properties of every shipped ruleset

@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), policy_seed=st.integers(0, 1000), players=st.integers(3, 5))
def test_games_end_within_the_deck_s_length_of_rounds(name, seed, policy_seed, players):
    ruleset = RULESETS[name]
    game = Game(ruleset, PLAYERS[:players] + ["Ed"][: max(0, players - 4)])
    state = game.new_initial_state(seed=seed)
    play_random(state, random.Random(policy_seed))
    assert state.round_number <= len(ruleset.cards)
    assert money_accounted(state) == state.dealt_total
    result = state.result()
    assert len(result.players) == players and set(result.winners) <= set(game.players)


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_same_seed_and_the_same_choices_give_the_same_log(name, seed):
    game = Game(RULESETS[name], PLAYERS)
    logs = []
    for _ in range(2):
        state = game.new_initial_state(seed=seed)
        play_random(state, random.Random(seed))
        logs.append(state.to_log())
    assert logs[0] == logs[1]


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), shift=st.integers(1, 3))
def test_rotating_the_seats_rotates_the_result(name, seed, shift):
    """Deterministic bots that see the same things decide the same; only the seat numbers move."""
    ruleset = RULESETS[name]
    first = Game(ruleset, PLAYERS).new_initial_state(seed=seed)
    rotated_names = PLAYERS[shift:] + PLAYERS[:shift]
    second = Game(ruleset, rotated_names).new_initial_state(
        deck=[first.game.card_ids[c] for c in first.deck], first_player=(first.first_player - shift) % 4)
    for state in (first, second):
        bots = [make_bot("heuristic", 0) for _ in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.observation(seat), state.legal_actions()))
    one, two = first.result(), second.result()
    assert {p.name: p for p in one.players} == {p.name: p for p in two.players}
    assert set(one.winners) == set(two.winners)


# ---------------------------------------------------------------- stateful invariants

class RandomPlay(RuleBasedStateMachine):
    """Apply random legal actions; the rules' invariants must hold after every one."""

    @initialize(name=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32), players=st.integers(3, 5))
    def new_game(self, name, seed, players):
        self.game = Game(RULESETS[name], (PLAYERS + ["Ed"])[:players])
        self.state = self.game.new_initial_state(seed=seed)
        self.round = self.state.round_number
        self.last_highest = 0

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def act(self, data):
        state = self.state
        seat = state.current_player()
        legal = state.legal_actions()
        action = legal.sample(random.Random(data.draw(st.integers(0, 2**32))))
        assert action in legal
        hand_before = state.hands[seat]
        if action not in (PASS,) and action < CHOICE_BASE:
            assert action & ~hand_before == 0, "nobody bids money they lack"
        state.apply_action(action)
        if state.round_number == self.round and action not in (PASS,) and action < CHOICE_BASE:
            assert state.highest_total > self.last_highest, "bids strictly rise"
        self.round = state.round_number
        self.last_highest = state.highest_total

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def illegal_bids_are_refused(self, data):
        state = self.state
        if state.legal_actions().is_choice:
            return
        action = data.draw(st.integers(1, self.game.full_hand))
        if action not in state.legal_actions():
            before = (list(state.hands), list(state.bid_totals), state.current)
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
            assert before == (list(state.hands), list(state.bid_totals), state.current)

    @precondition(lambda self: self.state.is_terminal())
    @rule(seed=st.integers(0, 2**32))
    def a_finished_game_is_scored_then_a_new_one_starts(self, seed):
        result = self.state.result()
        assert [player.name for player in result.players] == list(self.game.players)
        assert all(not self.state.result().player(name).eliminated for name in result.winners)
        self.state = self.game.new_initial_state(seed=seed)
        self.round = self.state.round_number
        self.last_highest = 0

    @invariant()
    def money_is_conserved(self):
        assert money_accounted(self.state) == self.state.dealt_total

    @invariant()
    def the_current_player_has_a_legal_action(self):
        state = self.state
        if state.is_terminal():
            assert state.current_player() == TERMINAL and len(state.legal_actions()) == 0
        else:
            assert 0 <= state.current_player() < state.player_count and len(state.legal_actions()) >= 1
            if state.choice is None:
                assert not state.passed[state.current_player()]

    @invariant()
    def the_highest_bid_is_the_largest_table_total(self):
        state = self.state
        if not state.is_terminal() and state.choice is None:
            assert state.highest_total == max(state.bid_totals)


def test_the_properties_cover_the_editions_and_the_house_rules():
    assert {"high-society/ja", "high-society/ko"} <= set(SHIPPED)
    assert any("/house/" in name for name in SHIPPED)


TestRandomPlay = RandomPlay.TestCase
TestRandomPlay.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)
