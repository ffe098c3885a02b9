"""No Thanks!: the engine's ``no-thanks/classic`` and the independent reference agree, both ways.

``references/no_thanks.py`` was written from the rules alone and shares no
code with the engine. Games the engine plays (its random bot, uniformly
random legal actions, a heuristic seat) replay in the reference, every action
accepted, to the same result JSON; games the reference's random bot plays
replay in the engine (every action checked, the stored result compared) to
the same result: for 3 to 7 players, with and without the random start. Logs
tampered with are judged alike, and the actions the rules forbid are refused
by both at the same index.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_helpers import engine_log_of, engine_outcome_of, reference_outcome_of

from benchmarks.agree_bohnanza import imports_of, same_json
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.formats.replay import ReplayContext
from references import no_thanks as reference

RULESET = "no-thanks/classic"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
COUNTS = (3, 4, 5, 6, 7)
OPTIONS = ({"random-start": False}, {"random-start": True})
CONTEXT = ReplayContext()


@functools.cache
def engine_game(count: int, options: str = "{}") -> Game:
    """A Game of ``count`` seats (cached: loading a ruleset is the slow part)."""
    return Game(load_ruleset(RULESET, json.loads(options) or None), NAMES[:count])


def engine_log(count: int, seed: int, kind: str = "random", options: dict | None = None) -> dict:
    """A game the engine plays: its random bots (``random``), uniformly random legal actions (``uniform``), or
    a heuristic bot in the first seat against random bots (``heuristic``)."""
    return engine_log_of(engine_game(count, json.dumps(options or {}, sort_keys=True)), seed, kind)


def engine_outcome(log: dict) -> tuple:
    """The engine's replay of a log: ``("ok", result JSON)``, or its refusal as ``("action", index)`` /
    ``("log", path)``."""
    return engine_outcome_of(log, CONTEXT)


def reference_outcome(log: dict) -> tuple:
    """The reference's verdict on a log, in the form ``engine_outcome`` gives."""
    return reference_outcome_of(reference, log)


def test_the_reference_shares_no_code_with_the_engine():
    absolute, relative = imports_of(reference.__file__)
    assert absolute <= {"__future__", "random", "collections", "typing"}
    assert not relative


# --------------------------------------------------------------------------- both ways


@pytest.mark.parametrize("options", OPTIONS, ids=["first-seat", "random-start"])
@pytest.mark.parametrize("count", COUNTS)
def test_games_the_engine_plays_replay_to_the_same_result_in_the_reference(count, options):
    starts = set()
    for seed in range(12):
        log = engine_log(count, seed, ("random", "uniform")[seed % 2], options)
        assert log["options"] == options
        assert same_json(reference.replay(log), log["result"]), f"seed {seed}"
        starts.add(log["first_player"])
    if options["random-start"]:
        assert len(starts) >= 2, "a seat drawn by chance starts"
    else:
        assert starts == {0}


@pytest.mark.parametrize("count", COUNTS)
def test_games_a_heuristic_bot_plays_replay_to_the_same_result_in_the_reference(count):
    for seed in (1, 2):
        log = engine_log(count, seed, "heuristic")
        assert same_json(reference.replay(log), log["result"]), f"seed {seed}"


@pytest.mark.parametrize("options", OPTIONS, ids=["first-seat", "random-start"])
@pytest.mark.parametrize("count", COUNTS)
def test_games_the_reference_plays_replay_to_the_same_result_in_the_engine(count, options):
    for seed in range(30):
        log = reference.play_random_game(seed, NAMES[:count], options)
        assert same_json(engine_outcome(log)[1], log["result"]), f"seed {seed}"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from(COUNTS), random_start=st.booleans())
def test_any_game_the_reference_plays_replays_to_the_same_result_in_the_engine(seed, count, random_start):
    log = reference.play_random_game(seed, NAMES[:count], {"random-start": random_start})
    assert same_json(engine_outcome(log)[1], log["result"])


def stingy_game(seed: int, count: int) -> tuple[dict, int]:
    """A game the reference plays with bots that say no thanks nine times in ten, so chips run out; its log with
    the reference's result, and how many times a player with no chips had to take."""
    rng = random.Random(seed)
    deck = list(reference.CARDS)
    rng.shuffle(deck)
    game = reference.ReferenceGame(NAMES[:count], deck)
    actions, forced = [], 0
    while not game.over:
        legal = game.legal_actions()
        forced += len(legal) == 1
        action = legal[0] if rng.random() < 0.9 else legal[-1]
        game.apply(action)
        actions.append(action)
    log = {**reference.play_random_game(0, NAMES[:count]), "deck": deck, "actions": actions}
    log["result"] = game.result()
    return log, forced


@pytest.mark.parametrize("count", COUNTS)
def test_games_where_chips_run_out_replay_to_the_same_result_in_the_engine(count):
    forced = 0
    for seed in range(10):
        log, times = stingy_game(seed, count)
        assert same_json(engine_outcome(log)[1], log["result"]), f"seed {seed}"
        forced += times
    assert forced >= 10, "players with no chips had to take"


def test_random_play_reaches_the_rules_that_matter():
    """Runs count once and ties share the win: random play meets both."""
    seen = Counter()
    for seed in range(300):
        result = reference.play_random_game(seed, NAMES[: 3 + seed % 5])["result"]
        seen["shared win"] += len(result["winners"]) > 1
        seen["run"] += any(reference.card_total(p["cards"]) < sum(map(int, p["cards"])) for p in result["players"])
    assert seen["run"] and seen["shared win"], seen


def test_the_reference_counts_a_run_by_its_lowest_card():
    assert reference.card_total(["20", "21", "22"]) == 20
    assert reference.card_total(["20", "22"]) == 42
    assert reference.card_total(["35", "3", "4", "34", "10"]) == 3 + 10 + 34
    assert reference.card_total([]) == 0
    assert [reference.chips_at_start(count) for count in COUNTS] == [11, 11, 11, 9, 7]


# --------------------------------------------------------------------------- what both refuse


def prefix_log(actions: list[dict], count: int = 3) -> dict:
    """A log of a game that starts with ``actions`` on a deck in number order (the game does not end)."""
    return {
        "format": 2,
        "ruleset": RULESET,
        "options": {"random-start": False},
        "players": NAMES[:count],
        "first_player": 0,
        "deck": list(reference.CARDS),
        "actions": actions,
    }


def refusals() -> list:
    """Hand-made logs with an action the rules forbid, and the index where both must refuse it."""
    # Everyone says no thanks until the first player has no chips left: 11 rounds of 3.
    broke = [{"player": turn % 3, "action": "no-thanks"} for turn in range(33)]
    return [
        pytest.param(prefix_log(broke + [{"player": 0, "action": "no-thanks"}]), 33, id="no-chips-no-thanks"),
        pytest.param(prefix_log([{"player": 1, "action": "take"}]), 0, id="not-their-turn"),
        pytest.param(
            prefix_log([{"player": 0, "action": "take"}, {"player": 1, "action": "take"}]),
            1,
            id="the-taker-acts-again",
        ),
        pytest.param(prefix_log([{"player": 0, "action": "pass"}]), 0, id="no-such-action"),
        pytest.param(
            prefix_log([{"player": 0, "action": "no-thanks"}, {"player": 2, "action": "no-thanks"}]),
            1,
            id="clockwise",
        ),
    ]


@pytest.mark.parametrize("log, index", refusals())
def test_an_action_the_rules_forbid_is_refused_by_both_at_the_same_index(log, index):
    assert reference_outcome(log) == ("action", index)
    assert engine_outcome(log) == ("action", index)


def test_a_player_with_no_chips_may_take_in_both():
    broke = [{"player": turn % 3, "action": "no-thanks"} for turn in range(33)]
    log = prefix_log(broke + [{"player": 0, "action": "take"}])
    # The log ends before the game does: both accept every action, then say so.
    assert reference_outcome(log) == engine_outcome(log) == ("log", "$.actions")


def tampered(log: dict, rng: random.Random) -> dict:
    """The log without its result and with one action changed: its player or kind, dropped, doubled or swapped."""
    log = json.loads(json.dumps(log))
    log.pop("result", None)
    actions = log["actions"]
    index = rng.randrange(len(actions))
    entry = actions[index]
    change = rng.choice(["player", "kind", "drop", "double", "swap"])
    if change == "player":
        entry["player"] = (entry["player"] + rng.randrange(1, len(log["players"]))) % len(log["players"])
    elif change == "kind":
        entry["action"] = {"take": "no-thanks", "no-thanks": "take"}[entry["action"]]
    elif change == "drop":
        del actions[index]
    elif change == "double":
        actions.insert(index, dict(entry))
    else:
        actions[index] = {**rng.choice(actions), "player": entry["player"]}
    return log


def test_randomly_tampered_logs_are_judged_alike_by_both():
    rng = random.Random(11)
    judged = Counter()
    for seed in range(80):
        log = tampered(reference.play_random_game(seed, NAMES[: 3 + seed % 5]), rng)
        ours = reference_outcome(log)
        assert ours == engine_outcome(log), f"seed {seed}"
        judged[ours[0]] += 1
    assert judged["action"] >= 20 and judged["ok"] + judged["log"] >= 5, judged


@pytest.mark.parametrize(
    "change, path",
    [
        pytest.param(lambda log: log["deck"].pop(), "$.deck", id="a-card-short"),
        pytest.param(lambda log: log["deck"].__setitem__(0, log["deck"][1]), "$.deck", id="a-card-twice"),
        pytest.param(
            lambda log: log.__setitem__("chance", [{"zone": "deck", "cards": ["3"]}]),
            "$.chance",
            id="a-shuffle-too-many",
        ),
        pytest.param(
            lambda log: log["options"].__setitem__("random-start", 0), "$.options.random-start", id="not-a-boolean"
        ),
        pytest.param(lambda log: log["options"].__setitem__("jokers", True), "$.options.jokers", id="no-such-option"),
        pytest.param(lambda log: log["players"].append("Hal"), "$.players", id="eight-players"),
    ],
)
def test_a_log_that_cannot_be_a_game_is_refused_by_both_and_named(change, path):
    log = reference.play_random_game(3, NAMES[:7])
    del log["result"]
    change(log)
    assert reference_outcome(log) == engine_outcome(log) == ("log", path)
