"""Any ruleset as a PettingZoo AEC environment (engine.fronts.adapters.pettingzoo)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import engine
import engine.fronts.adapters.pettingzoo as zoo

ZOO_RULESETS = (
    "high-society/ja",
    "bohnanza/amigo",
    "bohnanza/high-bohn",
    "no-thanks/classic",
    "coloretto/classic",
    "love-letter/classic",
)


@pytest.mark.parametrize("ruleset", ZOO_RULESETS)
def test_the_environment_passes_pettingzoos_api_test(ruleset):
    with warnings.catch_warnings():
        # Dict observations with an action mask, as PettingZoo's own card games have, draw advisory warnings.
        warnings.simplefilter("ignore")
        api_test(zoo.env(ruleset, 4), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("ruleset", ZOO_RULESETS)
def test_the_same_seed_plays_the_same_game(ruleset):
    seed_test(lambda: zoo.env(ruleset, 3), num_cycles=30)


@pytest.mark.parametrize("ruleset", ZOO_RULESETS)
def test_a_whole_game_of_masked_random_actions_ends_with_zero_sum_rewards(ruleset):
    environment = zoo.env(ruleset, 4)
    environment.reset(seed=21)
    rng = np.random.default_rng(21)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    steps = 0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _info = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.any()
            action = int(rng.choice(np.flatnonzero(mask)))
            steps += 1
        environment.step(action)
    raw = environment.unwrapped
    result = raw.state.result()
    assert raw.state.is_terminal() and not environment.agents and steps > 10
    assert sum(totals.values()) == pytest.approx(0.0)
    winners = {raw.game.players.index(name) for name in result.winners}
    for seat, agent in enumerate(environment.possible_agents):
        if winners:
            assert (totals[agent] > 0) == (seat in winners)
        else:
            assert totals[agent] == 0.0
    if winners:
        assert totals[environment.possible_agents[min(winners)]] == pytest.approx(
            1 / len(winners) - 1 / len(environment.possible_agents)
        )


def test_spaces_are_fixed_and_observations_fit_them():
    environment = zoo.env("bohnanza/amigo", 4)
    environment.reset(seed=1)
    raw = environment.unwrapped
    space = environment.action_space("player_0")
    assert space.n == raw.agent_actions.size and space is environment.action_space("player_0")
    assert all(environment.action_space(agent).n == space.n for agent in environment.possible_agents)
    shape = environment.observation_space("player_2")["observation"].shape
    assert shape == (raw.tensor.size,)
    for agent in environment.possible_agents:
        seen = environment.observe(agent)
        assert environment.observation_space(agent).contains(seen)
        assert seen["action_mask"].any() == (agent == environment.agent_selection)


def test_the_agent_to_move_follows_the_game():
    environment = zoo.env("high-society/ja", 3)
    environment.reset(seed=5)
    raw = environment.unwrapped
    for _ in range(10):
        assert environment.agent_selection == f"player_{raw.state.current_player()}"
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(np.flatnonzero(mask)[-1]))


def test_an_illegal_action_ends_the_wrapped_game_and_raises_unwrapped():
    environment = zoo.env("high-society/ja", 4)
    environment.reset(seed=2)
    agent = environment.agent_selection
    illegal = int(np.flatnonzero(environment.observe(agent)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        environment.step(illegal)
    assert all(environment.terminations.values())
    assert environment.rewards[agent] == -1

    raw = zoo.raw_env("high-society/ja", 4)
    raw.reset(seed=2)
    with pytest.raises(engine.IllegalActionError):
        raw.step(illegal)


def test_render_shows_the_table_with_the_players():
    environment = zoo.env("bohnanza/amigo", 3, render_mode="ansi")
    environment.reset(seed=3)
    text = environment.render()
    raw = environment.unwrapped
    assert all(name in text for name in raw.game.players)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    environment.step(int(np.flatnonzero(mask)[0]))
    later = environment.render()
    assert "\x1b[" not in later and "What just happened" in later


@pytest.mark.parametrize(
    "players, message",
    [
        ("4", "must be a whole number, not '4'"),
        (True, "must be a whole number, not True"),
        (3.0, "must be a whole number"),
        (2, "3 to 5 players, not 2"),
        (6, "3 to 5 players, not 6"),
    ],
)
def test_a_wrong_number_of_players_is_refused_saying_what_is_wrong(players, message):
    # The ecosystem's errors (a TypeError for no whole number, a ValueError for a count the game is not for),
    # which are also the engine's CardrulesError with its message.
    expected = ValueError if isinstance(players, int) and not isinstance(players, bool) else TypeError
    with pytest.raises(expected, match=message) as raised:
        zoo.env("high-society/ja", players)
    assert isinstance(raised.value, engine.CardrulesError)


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        ({"ruleset": 3}, TypeError, "must be a name or a path, not 3"),
        ({"ruleset": "no-such/game"}, ValueError, "unknown ruleset 'no-such/game'"),
        ({"ruleset": "high-society/ja", "options": {"no-such-option": 1}}, ValueError, "unknown option"),
        ({"ruleset": "high-society/ja", "options": [1]}, TypeError, "options must be a mapping"),
        ({"ruleset": "high-society/ja", "render_mode": "rgb_array"}, ValueError, "is not one of human or ansi"),
        ({"ruleset": "high-society/ja", "colour": "red"}, TypeError, "unexpected keyword argument 'colour'"),
    ],
)
def test_a_wrong_constructor_argument_raises_the_usual_error(arguments, error, message):
    with pytest.raises(error, match=message):
        zoo.env(**arguments)
    with pytest.raises(error, match=message):
        zoo.raw_env(**arguments)


def test_step_before_reset_is_refused_wrapped_or_not():
    for environment in (zoo.env("no-thanks/classic", 3), zoo.raw_env("no-thanks/classic", 3)):
        with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
            environment.step(0)


@pytest.mark.parametrize("action", [1.5, "1", None, [1]])
def test_an_action_that_is_no_integer_is_refused_wrapped_or_not(action):
    wrapped = zoo.env("no-thanks/classic", 3)
    wrapped.reset(seed=1)
    with pytest.raises(AssertionError, match="action is not in action space"):
        wrapped.step(action)
    raw = zoo.raw_env("no-thanks/classic", 3)
    raw.reset(seed=1)
    with pytest.raises(TypeError):
        raw.step(action)
    assert raw.state.history == []  # nothing was played


def test_numpys_integers_seed_a_game_and_choose_an_action():
    plain, numpys = zoo.env("no-thanks/classic", 3), zoo.env("no-thanks/classic", 3)
    plain.reset(seed=7)
    numpys.reset(seed=np.int64(7))
    for environment in (plain, numpys):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(np.int64(np.flatnonzero(mask)[0]))
    assert plain.unwrapped.state.history == numpys.unwrapped.state.history
    with pytest.raises(TypeError):
        plain.reset(seed=1.5)


def test_a_step_after_the_end_is_refused_as_pettingzoo_refuses_it():
    raw = zoo.raw_env("no-thanks/classic", 3)
    raw.reset(seed=3)
    for _agent in raw.agent_iter():
        observation, _reward, terminated, truncated, _info = raw.last()
        raw.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert raw.state.is_terminal() and raw.agents == []
    history = list(raw.state.history)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        raw.step(None)  # PettingZoo warns: every agent is done, reset first
    assert raw.state.history == history


def test_numpys_integers_count_players():
    environment = zoo.env("high-society/ja", np.int64(3))
    assert environment.possible_agents == ["player_0", "player_1", "player_2"]


@pytest.mark.parametrize("mode", ["rgb_array", "", "HUMAN", ["human"]])
def test_a_render_mode_it_does_not_have_is_refused_naming_the_ones_it_has(mode):
    with pytest.raises(engine.CardrulesError, match="is not one of human or ansi"):
        zoo.env("high-society/ja", 4, render_mode=mode)


@pytest.mark.parametrize("ruleset", ("high-society/ja", "bohnanza/amigo"))
def test_without_a_render_mode_no_events_are_kept_and_the_game_is_the_same(ruleset):
    plain, shown = zoo.env(ruleset, 4), zoo.env(ruleset, 4, render_mode="ansi")
    rng = np.random.default_rng(5)
    for environment in (plain, shown):
        environment.reset(seed=8)
    for _ in range(120):
        if not plain.agents:
            break
        agent = plain.agent_selection
        assert agent == shown.agent_selection
        observed = plain.observe(agent)
        np.testing.assert_array_equal(observed["observation"], shown.observe(agent)["observation"])
        np.testing.assert_array_equal(observed["action_mask"], shown.observe(agent)["action_mask"])
        action = None if plain.terminations[agent] else int(rng.choice(np.flatnonzero(observed["action_mask"])))
        plain.step(action)
        shown.step(action)
    assert plain.unwrapped.state.history == shown.unwrapped.state.history
    assert plain.unwrapped.state.events == [] and shown.unwrapped.state.events


def test_options_and_a_reset_without_seed():
    environment = zoo.env("high-society/ja", 3, options={"debt-floor": "0"})
    assert environment.unwrapped.ruleset.options["debt-floor"] == 0
    environment.reset(seed=4)
    first = environment.unwrapped.state.to_log()["deck"]
    environment.reset()
    environment.reset(seed=4)
    assert environment.unwrapped.state.to_log()["deck"] == first
    assert zoo.default_ruleset() in {info.name for info in engine.list_rulesets()}


def test_both_high_society_editions_give_the_same_observations_under_a_new_version_of_the_name():
    """Money is observed on the scale each edition declares (thousands in one, millions of dollars in the
    other): the same seed and actions give the same observations, and the name says observations changed."""
    japanese, korean = zoo.env("high-society/ja", 3), zoo.env("high-society/ko", 3)
    assert japanese.metadata["name"] == korean.metadata["name"] == "cardrules_v1"
    japanese.reset(seed=4)
    korean.reset(seed=4)
    rng = np.random.default_rng(4)
    bids_seen = 0
    for agent in japanese.agent_iter():
        assert korean.agent_selection == agent
        seen, _reward, terminated, truncated, _info = japanese.last()
        also_seen = korean.last()[0]
        assert np.array_equal(seen["observation"], also_seen["observation"])
        bids_seen += seen["observation"].max() > 11  # money totals beyond any card count
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(seen["action_mask"])))
        japanese.step(action)
        korean.step(action)
    assert bids_seen > 0
