"""A replay's fast path (``State.apply_log_entries``) plays the same game as applying each entry the usual way.

The fast path applies runs of plain, legal log entries in one loop and leaves
every other entry to ``parse_action`` and ``apply_action``. These properties
hold it to that: on whole games of every family (reshuffles of Bohnanza
included) it reaches the same state; on a log with one entry spoiled it stops
no later than the usual way fails, and a replay says what the usual way says.
"""

from __future__ import annotations

import random

import locations
import pytest
from game_fixtures import shipped
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base.errors import CardrulesError, LogError
from engine.base.i18n import set_language
from engine.core.game import Game
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import replay_record

TOY = locations.TESTS / "toy"
# Both auction kinds and a house rule; the three Bohnanza editions (reshuffles); the two games of YAML alone.
RULESETS = (
    "high-society/ja",
    "high-society/ko",
    "high-society/house/forfeit-on-pass",
    "bohnanza/amigo",
    "bohnanza/high-bohn",
    "bohnanza/rio-grande",
    str(TOY / "rows.yaml"),
    str(TOY / "workshops.yaml"),
)
SETTINGS = settings(max_examples=15, deadline=None)
_games: dict[tuple[str, int], Game] = {}


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def game_for(name: str, players: int) -> Game:
    """The game of a ruleset for as many players as asked, or as it allows."""
    key = (name, players)
    if key not in _games:
        ruleset = shipped(name)
        _games[key] = Game(ruleset, max(ruleset.players_min, min(players, ruleset.players_max)))
    return _games[key]


def random_log(name: str, players: int, seed: int) -> dict:
    """A finished game of random legal actions, as its log (``game`` added: the Game it was played in)."""
    game = game_for(name, players)
    state = game.new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))
    return {**state.to_log(), "game": game}


def fresh_state(log: dict, *, record_events: bool = False):
    return log["game"].new_initial_state(
        deck=list(log["deck"]),
        first_player=log["first_player"],
        chance=log.get("chance") or (),
        record_events=record_events,
    )


def usual_way(log: dict):
    """The state after applying each entry with parse_action and apply_action, and the index of the first that
    fails (None when all apply). A state that records events never takes the fast path."""
    state = fresh_state(log, record_events=True)
    for index, entry in enumerate(log["actions"]):
        try:
            if (
                state.is_terminal()
                or type(entry) is dict
                and (entry.get("player") != state.current or type(entry.get("player")) is not int)
            ):
                return state, index  # as a replay refuses it
            state.apply_action(state.parse_action(entry))
        except CardrulesError:
            return state, index
    return state, None


def same_game(fast, slow) -> None:
    assert fast.zones == slow.zones
    assert fast.counters == slow.counters
    assert fast.variables == slow.variables
    assert fast.history == slow.history
    assert fast.action_players == slow.action_players
    assert fast.current == slow.current and fast.terminal == slow.terminal
    assert fast.chance_record == slow.chance_record


logs = st.tuples(st.sampled_from(RULESETS), st.integers(3, 5), st.integers(0, 2**32 - 1))


@SETTINGS
@given(logs)
def test_a_whole_game_in_one_run_is_the_game_played(case):
    name, players, seed = case
    log = random_log(name, players, seed)
    state = fresh_state(log)
    applied = 0
    # The fast path stops where the check for a game that cannot end falls due; the usual way goes on.
    while applied < len(log["actions"]):
        applied = state.apply_log_entries(log["actions"], applied)
        if applied < len(log["actions"]):
            state.apply_action(state.parse_action(log["actions"][applied]))
            applied += 1
    slow, failed = usual_way(log)
    assert failed is None and state.is_terminal()
    same_game(state, slow)
    assert state.result().to_json() == log["result"]


def test_a_state_that_tells_its_moves_takes_no_fast_path():
    log = random_log("high-society/ja", 4, 7)
    state = fresh_state(log, record_events=True)
    assert state.apply_log_entries(log["actions"]) == 0
    assert state.history == []


def spoil(entry: object, how: int, rng: random.Random) -> object:
    """One entry made wrong in one of several ways (some spoilt entries are still legal)."""
    if how == 0:
        return "pass"
    changed = dict(entry)
    if how == 1:
        changed["player"] = (changed.get("player", 0) + 1) % 3
    elif how == 2:
        changed["action"] = rng.choice(["bid", "pass", "plant", "harvest", "offer", "done", "nonsense", 3, None])
    elif how == 3:
        key = rng.choice(sorted(key for key in changed if key not in ("player", "action")) or ["cards"])
        changed[key] = rng.choice([[], [1, 1], [999], "x", None, [0], -1, 10**30, True])
    else:
        changed["player"] = True
    return changed


@SETTINGS
@given(logs, st.integers(0, 10**6), st.integers(0, 4), st.integers(0, 2**32 - 1))
def test_a_spoilt_entry_stops_the_run_and_is_told_as_the_usual_way_tells_it(case, where, how, seed):
    name, players, game_seed = case
    log = random_log(name, players, game_seed)
    log.pop("result")
    index = where % len(log["actions"])
    log["actions"][index] = spoil(log["actions"][index], how, random.Random(seed))
    slow, failed = usual_way(log)
    state = fresh_state(log)
    try:
        applied = state.apply_log_entries(log["actions"])
    except CardrulesError:
        applied = len(state.history) - 1  # the entry whose consequences failed
    if failed is not None:
        assert applied <= failed
    # The entries it applied are applied the usual way too, to the same game.
    prefix = fresh_state(log, record_events=True)
    for entry in log["actions"][:applied]:
        prefix.apply_action(prefix.parse_action(entry))
    if applied < len(state.history):
        return  # a later shuffle did not fit: told below by the replay
    same_game(state, prefix)
    try:
        written = {key: value for key, value in log.items() if key != "game"}
        replay_record(LogRecord({**written, "ruleset": name}, "game.json", 1, 0, None))
    except LogError as error:
        assert failed is not None or not slow.is_terminal()
        if failed is not None:
            assert f"action {failed} (counting from 0)" in str(error) or "$.chance" in str(error)
    else:
        assert failed is None and slow.is_terminal()
