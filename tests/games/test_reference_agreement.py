"""The generic engine and the independent reference implementation agree on every game.

Thousands of seeded random games of both editions (and of the house rules and
options the reference can express with its flags) are played by one side and
replayed by the other; both must agree on every player's money, elimination,
exact score, cards and on the winners.
"""

from __future__ import annotations

import random
from fractions import Fraction

import locations
import pytest

from engine.core.game import Game
from engine.core.scoring import Holdings, score_players
from engine.families.catalog import load_ruleset
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record
from references import high_society as reference

REPO = locations.REPO
HOUSE = REPO / "rulesets" / "high-society" / "house"
CLAMPED = str(HOUSE / "clamped-ja.yaml")

# (ruleset as a log names it, options, the reference's flags)
EDITIONS = [
    pytest.param("high-society/ja", {}, reference.JAPANESE, id="ja"),
    pytest.param("high-society/ko", {}, reference.KOREAN, id="ko"),
    pytest.param(CLAMPED, {}, reference.Rules(reference.JA_MONEY, 0, ("highest-luxury", "money")), id="clamped-ja"),
    pytest.param(
        str(HOUSE / "forgiving.yaml"),
        {},
        reference.Rules(reference.KO_MONEY, 0, ("highest-luxury",), eliminate_poorest=False, rounding="floor"),
        id="forgiving",
    ),
    pytest.param(str(HOUSE / "long-season.yaml"), {}, reference.LONG_SEASON, id="long-season"),
    pytest.param(str(HOUSE / "no-theft.yaml"), {}, reference.NO_THEFT, id="no-theft"),
    pytest.param(
        str(HOUSE / "forfeit-on-pass.yaml"),
        {},
        reference.Rules(reference.JA_MONEY, pass_forfeits=True),
        id="forfeit-on-pass",
    ),
    pytest.param(
        str(HOUSE / "money-scores.yaml"),
        {},
        reference.Rules(reference.JA_MONEY, money_per_point=10000),
        id="money-scores",
    ),
    pytest.param(
        str(HOUSE / "most-titles.yaml"),
        {},
        reference.Rules(reference.JA_MONEY, None, ("most-titles", "money")),
        id="most-titles",
    ),
    pytest.param(
        str(HOUSE / "sole-poorest.yaml"),
        {},
        reference.Rules(reference.JA_MONEY, sole_poorest_only=True),
        id="sole-poorest",
    ),
    pytest.param(str(HOUSE / "open-hands.yaml"), {}, reference.JAPANESE, id="open-hands"),
    pytest.param(
        "high-society/ko",
        {"debt-floor": None, "tiebreak": ["money", "highest-luxury"]},
        reference.Rules(reference.KO_MONEY, None, ("money", "highest-luxury")),
        id="ko-with-options",
    ),
    # Halved negative scores (a debt and the scandal) are where the rounding modes part.
    pytest.param(
        "high-society/ja",
        {"rounding": "half-up"},
        reference.Rules(reference.JA_MONEY, None, ("money",), rounding="half-up"),
        id="ja-half-up",
    ),
    pytest.param(
        "high-society/ja",
        {"rounding": "ceil", "eliminate-poorest": False},
        reference.Rules(reference.JA_MONEY, None, ("money",), eliminate_poorest=False, rounding="ceil"),
        id="ja-ceil",
    ),
]
SEATINGS = (["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy", "Di"], ["Ann", "Bo", "Cy", "Di", "Ed"])


def engine_view(result) -> tuple:
    """What both sides must agree on, from an engine Result."""
    return (
        [(p.name, p.measure("money"), p.eliminated, Fraction(p.score), sorted(p.cards)) for p in result.players],
        sorted(result.winners),
    )


def reference_view(result: dict) -> tuple:
    """What both sides must agree on, from a reference result."""
    return (
        [(p["name"], p["money"], p["eliminated"], Fraction(p["score"]), sorted(p["cards"])) for p in result["players"]],
        sorted(result["winners"]),
    )


def reference_game(seed: int, ruleset: str, options: dict, rules: reference.Rules) -> dict:
    """A random game played by the reference, as a log with the reference's result."""
    rng = random.Random(seed)
    players = SEATINGS[seed % len(SEATINGS)]
    deck = list(rules.cards)
    rng.shuffle(deck)
    game = reference.ReferenceGame(list(players), deck, rng.randrange(len(players)), rules)
    actions = []
    while not game.over:
        action = game.random_action(rng)
        game.apply(action)
        actions.append(action)
    return {
        "ruleset": ruleset,
        "options": options,
        "players": list(players),
        "first_player": game.first_player,
        "deck": deck,
        "actions": actions,
    }, game.result()


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
        log = state.to_log()
        assert log["format"] == 2
        expected = reference.replay(log, rules)
        assert engine_view(state.result()) == reference_view(expected), f"seed {seed}"
        # Without being told the flags, the reference finds them from the log's ruleset id and options.
        assert reference.replay(log) == expected, f"seed {seed}"


@pytest.mark.parametrize("ruleset, options, rules", EDITIONS)
def test_the_reference_knows_each_ruleset_by_the_id_its_logs_carry(ruleset, options, rules):
    assert reference.rules_for(load_ruleset(ruleset, options or None).id, options) == rules


def test_the_reference_scores_the_rulebook_example_like_the_rulebook():
    game = reference.ReferenceGame(["Ann", "Bo", "Cy"], list(reference.ALL_CARDS), 0)
    game.won[0] = ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"]
    assert game.score(0) == 14


@pytest.mark.parametrize(
    "cards, exact, floor, ceil, half_up",
    [
        (["luxury-7", "scandal"], Fraction(7, 2), 3, 4, 4),
        (["debt", "scandal"], Fraction(-5, 2), -3, -2, -2),  # a half goes up, towards plus infinity
        (["luxury-2", "debt", "scandal"], Fraction(-3, 2), -2, -1, -1),
        (["luxury-4", "debt", "scandal"], Fraction(-1, 2), -1, 0, 0),
        (["luxury-3", "debt", "scandal"], Fraction(-1), -1, -1, -1),
    ],
)
def test_the_reference_rounds_the_final_score_like_the_engine(cards, exact, floor, ceil, half_up):
    for mode, expected in (("exact", exact), ("floor", floor), ("ceil", ceil), ("half-up", half_up)):
        game = reference.ReferenceGame(
            ["Ann", "Bo", "Cy"],
            list(reference.ALL_CARDS),
            0,
            reference.rules_for("high-society/ja", {"rounding": mode}),
        )
        game.won[0] = list(cards)
        assert game.score(0) == expected, mode
        engine = score_players(
            load_ruleset("high-society/ja", {"rounding": mode}),
            [
                Holdings("Ann", tuple(cards), {"money": 1}, {"won": tuple(cards)}),
                Holdings("Bo", (), {"money": 2}),
                Holdings("Cy", (), {"money": 3}),
            ],
        )
        assert engine.player("Ann").score == expected, mode
    assert reference.rounded(Fraction(-7, 2), "half-up") == -3 and reference.rounded(Fraction(7, 2), "half-up") == 4


# Finished games written out by hand, for the rules random play seldom decides:
# ties for the best score and for the least money. (ruleset, edition id, seats, winners)
TABLES = [
    pytest.param(
        "high-society/ja",
        [("Ann", ["prestige-1", "luxury-2"], 5000), ("Bo", ["luxury-4"], 9000), ("Cy", [], 1000)],
        ["Bo"],
        id="ja-tie-to-money",
    ),
    pytest.param(
        str(HOUSE / "most-titles.yaml"),
        [("Ann", ["prestige-1", "luxury-2"], 5000), ("Bo", ["luxury-4"], 9000), ("Cy", [], 1000)],
        ["Ann"],
        id="most-titles-tie-to-titles",
    ),
    pytest.param(
        str(HOUSE / "most-titles.yaml"),
        [
            ("Ann", ["prestige-1", "luxury-3"], 5000),
            ("Bo", ["prestige-2", "luxury-1", "luxury-2"], 9000),
            ("Cy", [], 1000),
        ],
        ["Bo"],
        id="most-titles-then-money",
    ),
    pytest.param(
        "high-society/ko",
        [("Ann", ["luxury-6"], 9), ("Bo", ["luxury-4", "luxury-2"], 20), ("Cy", [], 1)],
        ["Ann"],
        id="ko-tie-to-highest-luxury",
    ),
    pytest.param(
        "high-society/ja",
        [("Ann", ["luxury-3"], 1000), ("Bo", ["luxury-4"], 1000), ("Cy", ["luxury-1"], 9000)],
        ["Cy"],
        id="ja-tied-poorest-all-out",
    ),
    pytest.param(
        str(HOUSE / "sole-poorest.yaml"),
        [("Ann", ["luxury-3"], 1000), ("Bo", ["luxury-4"], 1000), ("Cy", ["luxury-1"], 9000)],
        ["Bo"],
        id="sole-poorest-tie",
    ),
    pytest.param(
        str(HOUSE / "sole-poorest.yaml"),
        [("Ann", ["luxury-3"], 1000), ("Bo", ["luxury-4"], 2000), ("Cy", ["luxury-1"], 9000)],
        ["Bo"],
        id="sole-poorest-alone",
    ),
    pytest.param(
        str(HOUSE / "money-scores.yaml"),
        [("Ann", ["luxury-3", "prestige-1"], 25000), ("Bo", [], 9000), ("Cy", ["luxury-7", "scandal"], 30000)],
        ["Ann"],
        id="money-scores",
    ),
]


@pytest.mark.parametrize("ruleset, seats, winners", TABLES)
def test_the_reference_scores_and_breaks_ties_like_the_engine(ruleset, seats, winners):
    loaded = load_ruleset(ruleset)
    rules = reference.rules_for(loaded.id)
    game = reference.ReferenceGame([name for name, _, _ in seats], list(rules.cards), 0, rules)
    for seat, (_, cards, money) in enumerate(seats):
        game.won[seat] = list(cards)
        game.hands[seat] = [money]
    game.over = True
    expected = game.result()
    engine = score_players(
        loaded, [Holdings(name, tuple(cards), {"money": money}, {"won": tuple(cards)}) for name, cards, money in seats]
    )
    assert engine_view(engine) == reference_view(expected)
    assert sorted(expected["winners"]) == winners


def test_the_reference_refuses_a_bid_that_does_not_beat_the_highest():
    game = reference.ReferenceGame(["Ann", "Bo", "Cy"], list(reference.ALL_CARDS), 0)
    game.apply({"player": 0, "action": "bid", "cards": [2000]})
    with pytest.raises(reference.ReferenceIllegalAction) as caught:
        game.apply({"player": 1, "action": "bid", "cards": [1000]})
    assert caught.value.index == 1
