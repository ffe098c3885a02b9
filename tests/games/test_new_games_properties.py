"""Properties the games written in the general language keep (No Thanks!, Coloretto, Love Letter), with Hypothesis.

Random games at every table size and option: every card is in exactly one
zone after every action, chips are neither made nor lost, the game ends, and
its log replays to the same result through the API and as ``cardrules
replay`` reads it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.conformance import cards_misplaced
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record

TABLES: list[tuple[str, int, Mapping[str, Any]]] = [
    *(("no-thanks/classic", players, {}) for players in range(3, 8)),
    ("no-thanks/classic", 4, {"random-start": True}),
    *(("coloretto/classic", players, {}) for players in range(3, 6)),
    ("coloretto/classic", 4, {"scoring-table": "alternative"}),
    *(("love-letter/classic", players, {}) for players in range(2, 5)),
    ("love-letter/classic", 3, {"minister": True}),
]
MAX_ACTIONS = 5_000
_GAMES: dict[tuple[str, int, tuple], Game] = {}


def game_of(name: str, players: int, options: Mapping[str, Any]) -> Game:
    key = (name, players, tuple(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = Game(load_ruleset(name, options=dict(options)), players)
    return _GAMES[key]


def play(table, seed: int, choices: int, watch=None):
    """A whole game dealt from ``seed``, random legal actions drawn from ``choices``; ``watch(state)`` after each."""
    name, players, options = table
    rng = random.Random(choices)
    state = game_of(name, players, options).new_initial_state(seed=seed, record_events=False)
    actions = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))
        if watch is not None:
            watch(state)
        actions += 1
        assert actions <= MAX_ACTIONS, "the game does not end"
    return state


tables = st.tuples(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))


@settings(max_examples=25, deadline=None)
@given(tables)
def test_every_card_is_in_one_place_after_every_action(drawn):
    table, seed, choices = drawn
    play(table, seed, choices, lambda state: _no_misplaced(state))


def _no_misplaced(state):
    assert cards_misplaced(state) is None


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_no_thanks_chips_are_neither_made_nor_lost(players, seed, choices):
    game = game_of("no-thanks/classic", players, {})
    chips, pot = game.counter_index["chips"], game.counter_index["pot"]
    start = {6: 9, 7: 7}.get(players, 11) * players

    def conserved(state):
        held = [state.counter(chips, seat) for seat in range(players)]
        assert min(held) >= 0 and sum(held) + state.counter(pot, 0) == start

    state = play(("no-thanks/classic", players, {}), seed, choices, conserved)
    assert sum(player.values["chips"] for player in state.result().players) == start


@settings(max_examples=25, deadline=None)
@given(tables)
def test_a_log_replays_to_the_same_result(drawn):
    table, seed, choices = drawn
    state = play(table, seed, choices)
    log = state.to_log()
    again = state.game.new_initial_state(
        deck=log["deck"], first_player=log["first_player"], chance=log.get("chance"), record_events=False
    )
    for entry in log["actions"]:
        again.apply_action(again.action_from_json(entry))
    assert again.is_terminal() and again.result().to_json() == log["result"]
    assert again.to_log()["actions"] == log["actions"]
    assert replay_record(LogRecord(log, "<game>", 1, 0, None), ReplayContext()).to_json() == log["result"]


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_love_letter_ends_when_players_reach_the_goal_and_they_win(players, seed, choices):
    state = play(("love-letter/classic", players, {}), seed, choices)
    result = state.result()
    goal = {2: 7, 3: 5, 4: 4}[players]
    tokens = {player.name: player.measure("tokens") for player in result.players}
    # Everyone who reached the goal wins (a round's tie gives each of its winners a token).
    assert result.winners and set(result.winners) == {name for name, count in tokens.items() if count >= goal}
    assert sum(tokens.values()) == sum(len(item["winners"]) for item in result.rounds)
