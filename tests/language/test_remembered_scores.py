"""A score remembered with what it read of the state (``ExpressionScoring.score``) is the score worked out afresh.

Bots weigh thousands of positions a decision; each seat's last scores are
kept with the parts of the state they read, and reused where those parts are
unchanged. These tests walk random games (and the positions a bot weighs:
each legal action applied to a copy) and compare every remembered score with
the expression worked out again from nothing.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.language.expression_params import evaluate_in, world_of


def afresh(state: engine.State, seat: int):
    scoring = state.game.scoring.formula
    local = {"me": seat}
    if scoring.parts:
        return sum(evaluate_in(part, world_of(state), local, scoring.ruleset, "s", "p") for _n, part in scoring.parts)
    return evaluate_in(scoring.score_expression, world_of(state), local, scoring.ruleset, "s", "s")


@pytest.mark.parametrize(
    ("name", "players"), [("coloretto/classic", 4), ("no-thanks/classic", 3), ("love-letter/classic", 3)]
)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_remembered_scores_are_the_scores(name: str, players: int, seed: int) -> None:
    game = engine.Game(engine.load_ruleset(name), players)
    scoring = game.scoring.formula
    state = game.new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal() and checked < 400:
        legal = list(state.legal_actions())
        for action in rng.sample(legal, min(3, len(legal))):
            weighed = state.clone()
            weighed.apply_action(action)
            for seat in range(players):
                assert scoring.score(weighed, seat) == afresh(weighed, seat)
                checked += 1
        state.apply_action(rng.choice(legal))
    assert checked > 0
