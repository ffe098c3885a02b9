"""Any ruleset as an OpenSpiel game (engine.fronts.adapters.openspiel): OpenSpiel's own checks, its bots, truthful chance."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from collections import Counter

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

import engine
import engine.fronts.adapters.openspiel as eo
from engine.base.resources import package_root
from engine.fronts.agents.actions import AgentActions
from engine.fronts.agents.tensor import ObservationTensor

RULESETS = package_root() / "rulesets"


def sample_chance(state, rng):
    """A chance outcome drawn by its probability."""
    outcomes, probabilities = zip(*state.chance_outcomes())
    return rng.choices(outcomes, probabilities)[0]


def play_randomly(state, rng, until=None):
    """Uniform random play (chance by its odds) to the end, or until ``until(state)``; returns the state."""
    while not state.is_terminal() and not (until is not None and until(state)):
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def player_moves(state):
    """How many actions of the history are the players' (not chance's)."""
    return sum(1 for item in state.full_history() if item.player >= 0)


# ---------------------------------------------------------------------------------------------- registering


def test_register_returns_a_stable_name_that_load_game_knows_and_registering_twice_is_harmless():
    name = eo.register("high-society/ja", 4)
    assert name == "cardrules_high_society_ja_4p"
    assert eo.register("high-society/ja", 4) == name
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name)
    assert game.num_players() == 4 and game.get_type().short_name == name
    assert eo.load("high-society/ja", 4).num_distinct_actions() == game.num_distinct_actions()


# A fresh interpreter that imports the adapter and nothing else: every shipped ruleset is then a game of pyspiel,
# for every number of players it allows, and importing again (or registering again) changes nothing.
FRESH_PROCESS = """
import importlib, json
import pyspiel
import engine.fronts.adapters.openspiel as adapter
first = sorted(name for name in pyspiel.registered_names() if name.startswith("cardrules_"))
importlib.reload(adapter)
again = adapter.register_shipped()
game = pyspiel.load_game("cardrules_no_thanks_classic_3p")
bigger = pyspiel.load_game("cardrules_high_society_ko_4p", {"players": 5})
print(json.dumps({"first": first, "again": sorted(again), "players": [game.num_players(), bigger.num_players()],
                  "registered": adapter.register("no-thanks/classic", 3)}))
"""


def test_importing_the_adapter_registers_every_shipped_ruleset_in_a_fresh_process():
    run = subprocess.run([sys.executable, "-c", FRESH_PROCESS], capture_output=True, text=True, check=True)
    found = json.loads(run.stdout)
    shipped = [info for info in engine.list_rulesets() if not info.abstract and info.path.is_relative_to(RULESETS)]
    expected = sorted(
        eo.short_name(info.name, players)
        for info in shipped
        for ruleset in (engine.load_ruleset(info.name),)
        for players in range(ruleset.players_min, ruleset.players_max + 1)
    )
    assert found["first"] == found["again"] == expected
    assert "cardrules_love_letter_classic_2p" in expected and "cardrules_high_society_house_no_theft_5p" in expected
    assert found["players"] == [3, 5] and found["registered"] == "cardrules_no_thanks_classic_3p"


def test_options_are_part_of_the_name_and_of_the_game():
    plain = eo.register("high-society/ja", 4)
    floored = eo.register("high-society/ja", 4, {"debt-floor": "0"})
    assert floored.startswith(plain + "_") and len(floored) == len(plain) + 9
    assert eo.register("high-society/ja", 4, {"debt-floor": "0"}) == floored
    game = pyspiel.load_game(floored)
    assert game.engine_game.ruleset.options["debt-floor"] == 0


def test_the_players_parameter_picks_another_count_and_a_wrong_count_is_refused():
    name = eo.register("bohnanza/amigo", 4)
    assert pyspiel.load_game(name, {"players": 3}).num_players() == 3
    assert pyspiel.load_game(name).num_players() == 4
    with pytest.raises(engine.CardrulesError, match="3 to 5 players, not 7"):
        pyspiel.load_game(name, {"players": 7})
    with pytest.raises(engine.CardrulesError, match="3 to 5 players, not 2"):
        eo.register("bohnanza/amigo", 2)


@pytest.mark.parametrize("players", ["4", True, 4.0, None, [4]])
def test_a_number_of_players_that_is_no_whole_number_is_refused_as_such(players):
    # (pyspiel itself refuses a game parameter "players" of another type than int.)
    with pytest.raises(engine.CardrulesError, match="must be a whole number"):
        eo.register("bohnanza/amigo", players)


def test_numpys_integers_count_players_and_name_the_same_game():
    assert eo.register("bohnanza/amigo", np.int64(3)) == eo.register("bohnanza/amigo", 3)


def test_a_game_knows_the_engine_game_it_plays():
    game = eo.load("high-society/ko", 3)
    assert game.engine_game.ruleset.id == "high-society/ko" and game.engine_game.player_count == 3


# ---------------------------------------------------------------------------------------------- GameType, GameInfo


@pytest.mark.parametrize(
    "ruleset, players",
    [
        ("high-society/ja", 4),
        ("bohnanza/amigo", 4),
        ("no-thanks/classic", 5),
        ("coloretto/classic", 3),
        ("love-letter/classic", 2),
    ],
)
def test_game_type_and_game_info_are_true(ruleset, players):
    game = eo.load(ruleset, players)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_observation_tensor and kind.provides_observation_string
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    ruleset_loaded = engine.load_ruleset(ruleset)
    assert (kind.min_num_players, kind.max_num_players) == (ruleset_loaded.players_min, ruleset_loaded.players_max)
    engine_game = engine.Game(ruleset_loaded, players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == AgentActions(engine_game).size
    assert game.observation_tensor_size() == ObservationTensor(engine_game).size
    assert game.max_chance_outcomes() == max(len(engine_game.cards.ids), players)
    assert game.min_utility() == pytest.approx(-1 / players) and game.max_utility() == pytest.approx(1 - 1 / players)
    assert game.utility_sum() == 0.0
    assert game.max_game_length() == eo.MAX_ACTIONS_PER_GAME


@pytest.mark.parametrize(
    "ruleset, players, games",
    [
        ("high-society/ja", 4, 30),
        ("high-society/ko", 5, 10),
        ("bohnanza/amigo", 3, 1),
        ("no-thanks/classic", 7, 10),
        ("coloretto/classic", 4, 5),
        ("love-letter/classic", 3, 5),
    ],
)
def test_returns_stay_in_the_bounds_add_up_to_zero_and_games_stay_below_the_length(ruleset, players, games):
    game = eo.load(ruleset, players)
    rng = random.Random(11)
    for _ in range(games):
        state = play_randomly(game.new_initial_state(), rng)
        returns = state.returns()
        assert all(game.min_utility() - 1e-12 <= value <= game.max_utility() + 1e-12 for value in returns)
        assert sum(returns) == pytest.approx(0.0, abs=1e-12)
        moves = player_moves(state)
        assert moves <= game.max_game_length()
        result = state.engine_state.result()
        winners = [seat for seat, name in enumerate(state.engine_state.players) if name in result.winners]
        expected = (
            [(1 / len(winners) if seat in winners else 0.0) - 1 / players for seat in range(players)]
            if winners
            else [0.0] * players
        )
        assert returns == pytest.approx(expected)


def test_the_length_cap_ends_a_game_with_nobody_winning():
    game = pyspiel.load_game(eo.register("bohnanza/amigo", 3), {"max_game_length": 40})
    assert game.max_game_length() == 40
    state = play_randomly(game.new_initial_state(), random.Random(3))
    assert state.truncated and state.returns() == [0.0, 0.0, 0.0]
    assert player_moves(state) == 40
    with pytest.raises(engine.CardrulesError, match="max_game_length"):
        pyspiel.load_game(eo.register("bohnanza/amigo", 3), {"max_game_length": 0})


# ---------------------------------------------------------------------------------------------- OpenSpiel's checks


@pytest.mark.parametrize(
    "ruleset, players, sims, serialize",
    [
        ("high-society/ja", 4, 3, True),
        ("bohnanza/amigo", 3, 1, True),
        ("bohnanza/high-bohn", 3, 1, False),
    ],
)
def test_openspiels_random_simulation_test_passes(ruleset, players, sims, serialize):
    pyspiel.random_sim_test(eo.load(ruleset, players), num_sims=sims, serialize=serialize, verbose=False)


def test_a_state_pickles_and_deserializes_to_the_same_state():
    game = eo.load("bohnanza/amigo", 3)
    state = play_randomly(game.new_initial_state(), random.Random(5), until=lambda s: len(s.history()) > 300)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    copied = pickle.loads(pickle.dumps(state))
    assert copied.history() == state.history() and copied.observation_string(0) == state.observation_string(0)


def test_uniform_random_bots_complete_games_through_evaluate_bots():
    for ruleset, players, games in (("high-society/ja", 4, 5), ("bohnanza/amigo", 3, 1)):
        game = eo.load(ruleset, players)
        rng = np.random.RandomState(7)
        for _ in range(games):
            bots = [uniform_random.UniformRandomBot(seat, rng) for seat in range(players)]
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
            assert len(returns) == players and sum(returns) == pytest.approx(0.0, abs=1e-12)


def mcts_bot(game, seed, simulations, rollout_length=None):
    """OpenSpiel's MCTS bot with random rollouts (cut short after ``rollout_length`` actions when given)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout_length)
    return mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, solve=False, random_state=rng
    )


def test_the_mcts_bot_plays_a_whole_game_of_the_auction_game_against_random_bots():
    game = eo.load("high-society/ja", 4)
    rng = np.random.RandomState(3)
    bots = [mcts_bot(game, 1, simulations=8)] + [uniform_random.UniformRandomBot(seat, rng) for seat in (1, 2, 3)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and not state.truncated and state.engine_state.is_terminal()
    assert sum(returns) == pytest.approx(0.0, abs=1e-12)
    assert any(item.player == 0 for item in state.full_history())


def test_the_mcts_bot_plays_a_whole_game_of_the_trading_game_against_random_bots():
    # A random rollout to the end is a whole game of about 1,700 actions (a second or so): the rollouts are
    # cut after a few actions, so that the bot decides each of its 500-odd decisions in milliseconds.
    game = eo.load("bohnanza/amigo", 3)
    rng = np.random.RandomState(4)
    bots = [mcts_bot(game, 2, simulations=2, rollout_length=4)] + [
        uniform_random.UniformRandomBot(seat, rng) for seat in (1, 2)
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and not state.truncated and state.engine_state.end_reason is not None
    assert sum(returns) == pytest.approx(0.0, abs=1e-12)
    assert sum(1 for item in state.full_history() if item.player == 0) > 100


# ---------------------------------------------------------------------------------------------- chance


def test_the_deal_is_chance_nodes_of_card_types_as_likely_as_their_copies_left():
    game = eo.load("bohnanza/amigo", 3)
    engine_game = game.engine_game
    state = game.new_initial_state()
    assert state.is_chance_node() and state.engine_state is None
    left = Counter(engine_game.cards.type_of)  # every card is shuffled into the draw pile first
    rng = random.Random(2)
    nodes = 0
    while state.is_chance_node() and len(left) > 1:
        outcomes = dict(state.chance_outcomes())
        total = sum(left.values())
        assert outcomes == pytest.approx({card_type: count / total for card_type, count in left.items()})
        assert sum(outcomes.values()) == pytest.approx(1.0)
        assert sorted(outcomes) == state.legal_actions()
        card_type = sample_chance(state, rng)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, card_type).endswith(engine_game.cards.ids[card_type])
        state.apply_action(card_type)
        left[card_type] -= 1
        left += Counter()  # drop the types used up
        nodes += 1
    # The last cards, all of one type, are placed without asking; then the first player is drawn.
    assert nodes < engine_game.cards.size
    assert state.chance_outcomes() == [(seat, pytest.approx(1 / 3)) for seat in range(3)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "first player p2"
    state.apply_action(2)
    assert not state.is_chance_node() and state.current_player() == 2
    assert state.engine_state.first_player == 2


def test_every_card_type_of_the_auction_deck_is_dealt_by_chance_in_the_order_drawn():
    game = eo.load("high-society/ja", 4)
    state = game.new_initial_state()
    order = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        if len(order) == 15:
            assert outcomes == [(seat, 0.25) for seat in range(4)]
            state.apply_action(1)  # the first player
            continue
        assert all(p == pytest.approx(1 / len(outcomes)) for _a, p in outcomes)  # one copy of each type
        order.append(outcomes[-1][0])
        state.apply_action(outcomes[-1][0])
    ids = game.engine_game.cards.ids
    dealt = [ids[card_type] for card_type in order]
    deck = state.engine_state.to_log()["deck"]
    assert deck[:15] == dealt and len(deck) == 16  # top first; the sixteenth card is what is left
    assert state.engine_state.card_ids_in("revealed") == (dealt[0],)
    assert state.engine_state.first_player == 1 and state.current_player() == 1


def test_a_reshuffle_in_play_is_chance_nodes_too():
    game = eo.load("bohnanza/amigo", 3)
    # A chance node once the setup is done (the engine state exists): the discards reshuffled into the draw pile.
    state = play_randomly(
        game.new_initial_state(), random.Random(9), until=lambda s: s.is_chance_node() and s.engine_state is not None
    )
    assert not state.is_terminal() and state.engine_state.count_in("draw") < 3  # too few to draw on
    assert state.information_state_string(0).endswith(
        f">{eo.PENDING_OUTCOME}"
    )  # the action is known, its outcome not yet
    outcomes = state.chance_outcomes()
    assert sum(p for _a, p in outcomes) == pytest.approx(1.0) and len(outcomes) > 1
    discards = Counter(state.engine_state.card_ids_in("discard"))
    ids = game.engine_game.cards.ids
    assert dict(outcomes) == pytest.approx(
        {card_type: discards[ids[card_type]] / sum(discards.values()) for card_type, _p in outcomes}
    )
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]) == f"draw #1: {ids[outcomes[0][0]]}"
    before = player_moves(state)
    play_randomly(state, random.Random(1), until=lambda s: not s.is_chance_node())
    assert player_moves(state) == before and state.engine_state.count_in("draw") > 10


def test_the_same_outcomes_and_actions_give_the_same_state_and_a_replay_reproduces_it():
    for ruleset, players, length in (("high-society/ja", 4, 80), ("bohnanza/amigo", 3, 700)):
        game = eo.load(ruleset, players)
        state = play_randomly(game.new_initial_state(), random.Random(21), until=lambda s: len(s.history()) >= length)
        twin = game.new_initial_state()
        for action in state.history():
            twin.apply_action(action)
        assert twin.history() == state.history() and str(twin) == str(state)
        for seat in range(players):
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
        assert twin.engine_state.to_log()["deck"] == state.engine_state.to_log()["deck"]
        clone = state.clone()
        assert clone.history() == state.history() and str(clone) == str(state)


# ---------------------------------------------------------------------------------------------- observations


def test_the_observation_is_the_seats_view_and_the_information_state_its_perfect_recall():
    game = eo.load("high-society/ja", 4)
    state = play_randomly(game.new_initial_state(), random.Random(4), until=lambda s: not s.is_chance_node())
    seat = state.current_player()
    other = (seat + 1) % 4
    line = state.observation_string(seat)
    assert line.startswith(f"p{seat} | ") and f"hand[p{seat}]=money-1000 money-2000" in line
    assert f"hand[p{other}]=11 cards" in line and "deck=15 cards" in line
    observation = state.engine_state.observation(seat)
    expected = ObservationTensor(game.engine_game).encode(observation)
    assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), np.asarray(expected, np.float32))
    before = state.information_state_string(seat)
    assert before.splitlines()[0] == f"p{seat}" and f"hand[p{seat}]=money-1000 money-2000" in before
    assert f"hand[p{other}]=#11" in before and "deck=#15" in before  # counts are terse: #n
    action = state.legal_actions()[1]  # a bid (the first is passing)
    state.apply_action(action)
    after = state.information_state_string(seat)
    # A line per action: the seat and the action's number, then what changed in the view.
    assert after.startswith(before) and after.splitlines()[-1].startswith(f"{seat}:{action}>")
    assert f"bid[p{seat}]=" in after.splitlines()[-1] and "@highest=" in after.splitlines()[-1]
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    assert observer.tensor is None and observer.string_from(state, seat) == after


def test_hidden_cards_do_not_change_another_seats_strings():
    game = eo.load("high-society/ja", 4)
    outcomes = []

    def dealt(first_card):
        state = game.new_initial_state()
        while state.is_chance_node():
            options = [action for action, _p in state.chance_outcomes()]
            state.apply_action(first_card if len(state.history()) == 1 else options[0])
        outcomes.append(state.history())
        return state

    # Two deals that differ only below the top card: the second card from the top is hidden from everyone.
    first = dealt(game.engine_game.ruleset.card("luxury-5").index)
    second = dealt(game.engine_game.ruleset.card("luxury-7").index)
    assert outcomes[0] != outcomes[1] and str(first) != str(second)
    for seat in range(4):
        assert first.observation_string(seat) == second.observation_string(seat)
        assert first.information_state_string(seat) == second.information_state_string(seat)


def test_what_a_seat_sees_differently_gives_it_another_information_state():
    game = eo.load("high-society/ja", 4)

    def dealt(top_card):
        state = game.new_initial_state()
        while state.is_chance_node():
            options = [action for action, _p in state.chance_outcomes()]
            state.apply_action(top_card if not state.history() else options[0])
        return state

    # The top card of the deck is revealed to everyone: two deals with other top cards are told apart by all.
    first = dealt(game.engine_game.ruleset.card("luxury-5").index)
    second = dealt(game.engine_game.ruleset.card("luxury-7").index)
    for seat in range(4):
        assert first.information_state_string(seat) != second.information_state_string(seat)
    # The same public actions after them: still told apart, and each string still starts with its own past.
    for state in (first, second):
        before = state.information_state_string(0)
        state.apply_action(state.legal_actions()[1])
        assert state.information_state_string(0).startswith(before + "\n")
    assert first.information_state_string(0) != second.information_state_string(0)


# The most characters an information state may take: its first view, then per player action (the seat, the
# action's number and what changed in the view). A shipped game's whole game stays within these, so tables
# keyed by information states (CFR's) hold a line of what changed per action, not the whole view again.
MOST_CHARACTERS_FIRST_VIEW = 1000
MOST_CHARACTERS_PER_ACTION = 240


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [
        ("high-society/ja", 4),
        ("high-society/ko", 4),
        ("no-thanks/classic", 3),
        ("love-letter/classic", 3),
        ("coloretto/classic", 3),
        ("bohnanza/amigo", 3),
    ],
)
def test_information_states_stay_short_enough_for_tabular_methods(ruleset, players):
    game = eo.load(ruleset, players)
    state = play_randomly(game.new_initial_state(), random.Random(1))
    actions = player_moves(state)
    for seat in range(players):
        recall = state.information_state_string(seat)
        lines = recall.splitlines()
        assert len(lines) == 2 + actions  # the viewer, the first view, a line per player action
        assert len(lines[1]) <= MOST_CHARACTERS_FIRST_VIEW
        assert len(recall) <= MOST_CHARACTERS_FIRST_VIEW + MOST_CHARACTERS_PER_ACTION * actions


def test_an_illegal_action_is_refused_and_legal_actions_name_themselves_apart():
    game = eo.load("bohnanza/amigo", 3)
    state = play_randomly(
        game.new_initial_state(), random.Random(8), until=lambda s: len(s.history()) >= 320 and not s.is_chance_node()
    )
    legal = state.legal_actions()
    seat = state.current_player()
    strings = [state.action_to_string(seat, action) for action in legal]
    assert len(set(strings)) == len(strings)
    illegal = next(index for index in range(game.num_distinct_actions()) if index not in legal)
    with pytest.raises(engine.IllegalActionError):
        state.apply_action(illegal)
    assert state.legal_actions() == legal
    assert state.legal_actions((seat + 1) % 3) == []
    dealing = game.new_initial_state()
    history = dealing.history()
    with pytest.raises(engine.IllegalActionError):
        dealing.apply_action(99)  # not a card type of this game
    assert dealing.history() == history and dealing.is_chance_node()


# ---------------------------------------------------------------------- resampling hidden cards (OpenSpiel's ISMCTS)


def _chance_or_random(state, rng):
    return sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())


def test_a_resampled_state_is_one_the_seat_cannot_tell_apart_and_deals_the_unseen_cards_anew():
    game = pyspiel.load_game(eo.register("bohnanza/amigo", players=3))
    rng = random.Random(3)
    state = game.new_initial_state()
    checked, different = 0, 0
    while not state.is_terminal() and checked < 30:
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            seat = state.current_player()
            other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.legal_actions() == state.legal_actions()
            different += str(other) != str(state)  # every card, hidden ones too
            checked += 1
        state.apply_action(_chance_or_random(state, rng))
    assert checked == 30 and different > 0


def test_a_resample_at_a_chance_node_is_refused():
    game = pyspiel.load_game(eo.register("high-society/ja", players=3))
    state = game.new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(engine.CardrulesError):
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def ismcts_bot(game, seed, simulations=8):
    """The adapter's ISMCTS bot (OpenSpiel's, able to restart) with random rollouts."""
    rng = np.random.RandomState(seed)
    return eo.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        2.0,
        max_simulations=simulations,
        max_world_samples=4,
        random_state=rng,
    )


def test_openspiels_own_ismcts_bot_cannot_start_in_evaluate_bots_for_any_game():
    """Why the adapter ships a bot: OpenSpiel's ISMCTSBot defines no restart_at, which evaluate_bots calls first."""
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game("kuhn_poker")
    rng = np.random.RandomState(1)
    bots = [
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, max_simulations=4, random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)


@pytest.mark.parametrize(
    ("name", "seed", "games"),
    [
        ("cardrules_high_society_ja_3p", 5, 2),  # a second game: evaluate_bots restarts the bot at its start
        ("cardrules_no_thanks_classic_3p", 6, 2),
        # A match of many rounds, each shuffling again: its last rounds' states must still be drawn.
        ("cardrules_love_letter_classic_3p", 7, 1),
    ],
)
def test_the_ismcts_bot_plays_whole_games_inside_evaluate_bots(name, seed, games):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(seed)
    searcher = ismcts_bot(game, seed)
    bots = [searcher] + [uniform_random.UniformRandomBot(seat, rng) for seat in (1, 2)]
    for _game in range(games):
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal() and not state.truncated and state.engine_state.is_terminal()
        assert abs(sum(returns)) < 1e-9
        # The searcher decided every one of its moves (evaluate_bots asks only the seat to act).
        assert sum(1 for item in state.full_history() if item.player == 0) > 0


def test_the_ismcts_bot_seeded_alike_plays_the_same_moves():
    """Its worlds are drawn with its own random state (OpenSpiel's bot draws them from the machine's entropy)."""

    def history(name):
        game = pyspiel.load_game(name)
        rng = np.random.RandomState(3)
        bots = [ismcts_bot(game, 3)] + [uniform_random.UniformRandomBot(seat, rng) for seat in (1, 2)]
        state = game.new_initial_state()
        evaluate_bots.evaluate_bots(state, bots, rng)
        return state.history()

    for name in ("cardrules_high_society_ja_3p", "cardrules_love_letter_classic_3p"):
        assert history(name) == history(name)


def test_openspiels_ismcts_bot_steps_with_information_states_the_seat_cannot_tell_apart():
    game = pyspiel.load_game(eo.register("high-society/ja", players=3))
    rng = random.Random(5)
    bot = ismcts_bot(game, 5, simulations=12)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if not state.is_chance_node() and state.current_player() == 0:
            action = bot.step(state)  # asserts every drawn state has the seat's information state
            assert action in state.legal_actions()
            searched += 1
        else:
            action = _chance_or_random(state, rng)
        state.apply_action(action)
    assert searched > 0 and abs(sum(state.returns())) < 1e-9
