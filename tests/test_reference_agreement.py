"""The generic engine and the independent reference implementation agree on every game.

Thousands of seeded random games of both editions (and of the house rule the
reference can express with its flags) are played by one side and replayed by
the other; both must agree on every player's money, elimination, exact score,
cards and on the winners.
"""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from benchmarks import reference_high_society as reference
from engine.game import Game
from engine.formats.gamelog import LogRecord
from engine.formats.replay import ReplayContext, replay_record
from engine.language.ruleset import load_ruleset

REPO = Path(__file__).resolve().parent.parent
CLAMPED = str(REPO / "rulesets" / "high-society" / "house" / "clamped-ja.yaml")

# (ruleset as a log names it, options, the reference's flags)
EDITIONS = [
    pytest.param("high-society/ja", {}, reference.JAPANESE, id="ja"),
    pytest.param("high-society/ko", {}, reference.KOREAN, id="ko"),
    pytest.param(CLAMPED, {}, reference.Rules(reference.JA_MONEY, 0, ("highest-luxury", "money")), id="clamped-ja"),
    pytest.param("high-society/ko", {"debt-floor": None, "tiebreak": ["money", "highest-luxury"]},
                 reference.Rules(reference.KO_MONEY, None, ("money", "highest-luxury")), id="ko-with-options"),
]
SEATINGS = (["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy", "Di"], ["Ann", "Bo", "Cy", "Di", "Ed"])


def engine_view(result) -> tuple:
    """What both sides must agree on, from an engine Result."""
    return ([(p.name, p.money, p.eliminated, Fraction(p.score), sorted(p.cards)) for p in result.players],
            sorted(result.winners))


def reference_view(result: dict) -> tuple:
    """What both sides must agree on, from a reference result."""
    return ([(p["name"], p["money"], p["eliminated"], Fraction(p["score"]), sorted(p["cards"]))
             for p in result["players"]], sorted(result["winners"]))


def reference_game(seed: int, ruleset: str, options: dict, rules: reference.Rules) -> dict:
    """A random game played by the reference, as a log with the reference's result."""
    rng = random.Random(seed)
    players = SEATINGS[seed % len(SEATINGS)]
    deck = list(reference.ALL_CARDS)
    rng.shuffle(deck)
    game = reference.ReferenceGame(list(players), deck, rng.randrange(len(players)), rules)
    actions = []
    while not game.over:
        action = game.random_action(rng)
        game.apply(action)
        actions.append(action)
    return {"ruleset": ruleset, "options": options, "players": list(players), "first_player": game.first_player,
            "deck": deck, "actions": actions}, game.result()


@pytest.mark.parametrize("ruleset, options, rules", EDITIONS)
def test_games_played_by_the_reference_replay_to_the_same_result_in_the_engine(ruleset, options, rules):
    context = ReplayContext()
    for seed in range(1000):
        log, expected = reference_game(seed, ruleset, options, rules)
        result = replay_record(LogRecord(log, "<reference game>", 1, seed, None), context)
        assert engine_view(result) == reference_view(expected), f"seed {seed}"


@pytest.mark.parametrize("ruleset, options, rules", EDITIONS)
def test_games_played_by_the_engine_replay_to_the_same_result_in_the_reference(ruleset, options, rules):
    loaded = load_ruleset(ruleset, options or None)
    rng = random.Random(2024)
    for seed in range(500):
        game = Game(loaded, SEATINGS[seed % len(SEATINGS)])
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(state.legal_actions().sample(rng))
        expected = reference.replay(state.to_log(), rules)
        assert engine_view(state.result()) == reference_view(expected), f"seed {seed}"


def test_the_reference_scores_the_rulebook_example_like_the_rulebook():
    game = reference.ReferenceGame(["Ann", "Bo", "Cy"], list(reference.ALL_CARDS), 0)
    game.won[0] = ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"]
    assert game.score(0) == 14


def test_the_reference_refuses_a_bid_that_does_not_beat_the_highest():
    game = reference.ReferenceGame(["Ann", "Bo", "Cy"], list(reference.ALL_CARDS), 0)
    game.apply({"player": 0, "action": "bid", "cards": [2000]})
    with pytest.raises(reference.ReferenceIllegalAction) as caught:
        game.apply({"player": 1, "action": "bid", "cards": [1000]})
    assert caught.value.index == 1
