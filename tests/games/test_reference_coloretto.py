"""Coloretto: the engine's ``coloretto/classic`` and the independent reference agree, both ways.

``references/coloretto.py`` was written from the rules alone and shares no
code with the engine. Games the engine plays (its random bot, uniformly
random legal actions, a heuristic seat) replay in the reference, every action
accepted, to the same result JSON (the score, the colours counted, the three
plus colours, where each joker went); games the reference's random bot plays
replay in the engine (every action checked, the stored result compared) to
the same result: for 3 to 5 players and both scoring tables. Logs tampered
with are judged alike, and the actions the rules forbid are refused by both
at the same index.
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
from references import coloretto as reference

RULESET = "coloretto/classic"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
COUNTS = (3, 4, 5)
TABLES = ("standard", "alternative")
CONTEXT = ReplayContext()


@functools.cache
def engine_game(count: int, table: str) -> Game:
    """A Game of ``count`` seats (cached: loading a ruleset is the slow part)."""
    return Game(load_ruleset(RULESET, {"scoring-table": table}), NAMES[:count])


def engine_log(count: int, seed: int, kind: str = "random", table: str = "standard") -> dict:
    """A game the engine plays: its random bots (``random``), uniformly random legal actions (``uniform``), or
    a heuristic bot in the first seat against random bots (``heuristic``)."""
    return engine_log_of(engine_game(count, table), seed, kind)


def engine_outcome(log: dict) -> tuple:
    """The engine's replay of a log: ``("ok", result JSON)``, or its refusal as ``("action", index)`` /
    ``("log", path)``."""
    return engine_outcome_of(log, CONTEXT)


def reference_outcome(log: dict) -> tuple:
    """The reference's verdict on a log, in the form ``engine_outcome`` gives."""
    return reference_outcome_of(reference, log)


def test_the_reference_shares_no_code_with_the_engine():
    absolute, relative = imports_of(reference.__file__)
    assert absolute <= {"__future__", "random", "itertools", "collections", "typing"}
    assert not relative


# --------------------------------------------------------------------------- both ways


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("count", COUNTS)
def test_games_the_engine_plays_replay_to_the_same_result_in_the_reference(count, table):
    for seed in range(10):
        log = engine_log(count, seed, ("random", "uniform")[seed % 2], table)
        assert log["options"] == {"scoring-table": table}
        assert same_json(reference.replay(log), log["result"]), f"seed {seed}"


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("count", COUNTS)
def test_games_a_heuristic_bot_plays_replay_to_the_same_result_in_the_reference(count, table):
    log = engine_log(count, 1, "heuristic", table)
    assert same_json(reference.replay(log), log["result"])


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("count", COUNTS)
def test_games_the_reference_plays_replay_to_the_same_result_in_the_engine(count, table):
    for seed in range(25):
        log = reference.play_random_game(seed, NAMES[:count], {"scoring-table": table})
        assert same_json(engine_outcome(log)[1], log["result"]), f"seed {seed}"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from(COUNTS), table=st.sampled_from(TABLES))
def test_any_game_the_reference_plays_replays_to_the_same_result_in_the_engine(seed, count, table):
    log = reference.play_random_game(seed, NAMES[:count], {"scoring-table": table})
    assert same_json(engine_outcome(log)[1], log["result"])


def test_random_play_reaches_the_rulings_that_matter():
    """Ties share the win, and under the alternative table a joker may join a colour its owner has no card of."""
    seen = Counter()
    for seed in range(200):
        for table in TABLES:
            result = reference.play_random_game(seed, NAMES[: 3 + seed % 3], {"scoring-table": table})["result"]
            seen[table, "shared win"] += len(result["winners"]) > 1
            seen[table, "joker alone"] += any(
                colour not in player["cards_by_colour"]
                for player in result["players"]
                for colour in player["jokers_to"]
            )
    assert all(seen[table, "shared win"] for table in TABLES) and seen["alternative", "joker alone"], seen


@pytest.mark.parametrize(
    "table, collection, score, jokers_to",
    [
        # Three jokers on the best colour, a fourth colour scoring minus.
        ("standard", ["blue"] * 3 + ["joker"] * 3 + ["green", "grey", "pink"], 21 + 1 + 1 - 1, ("blue",) * 3),
        # The alternative table: 3 cards (8 points) beat 4 (7); the jokers make a third colour of their own.
        ("alternative", ["blue"] * 3 + ["joker"] * 2 + ["green"] * 3, 8 + 8 + 4, ("brown", "brown")),
        ("alternative", ["joker"], 1, ("blue",)),
    ],
)
def test_jokers_join_the_colours_that_suit_their_owner_best(table, collection, score, jokers_to):
    counts, placed = reference.best_placement(reference.TABLES[table], collection, reference.COLOURS)
    assert reference.colour_score(reference.TABLES[table], counts) == score
    assert placed == jokers_to


# --------------------------------------------------------------------------- what both refuse


def with_actions(actions: list[dict], count: int = 3) -> dict:
    """A log of a game (dealt as the reference's seed-0 game) that starts with ``actions`` and does not end."""
    log = reference.play_random_game(0, NAMES[:count])
    del log["result"]
    log["actions"] = actions
    return log


def turns(*moves: tuple[int, str, int | None]) -> list[dict]:
    """Actions from (player, kind, row): ``draw`` becomes a draw and a place on the row."""
    actions: list[dict] = []
    for player, kind, row in moves:
        if kind == "draw":
            actions += [{"player": player, "action": "draw"}, {"player": player, "action": "place", "target": row}]
        else:
            actions.append({"player": player, "action": kind, "target": row})
    return actions


def refusals() -> list:
    """Hand-made logs with an action the rules forbid, and the index where both must refuse it."""
    full = turns(*[(turn % 3, "draw", turn // 3) for turn in range(9)])  # every row holds 3 cards
    return [
        pytest.param(with_actions(full + [{"player": 0, "action": "draw"}]), 18, id="draw-with-no-room"),
        pytest.param(with_actions(turns(*[(turn, "draw", 0) for turn in (0, 1, 2, 0)])), 7, id="place-on-a-full-row"),
        pytest.param(with_actions(turns((0, "take", 0))), 0, id="take-an-empty-row"),
        pytest.param(with_actions(turns((0, "draw", 0), (1, "take", 0), (2, "draw", 0))), 4, id="place-on-a-row-taken"),
        pytest.param(with_actions(turns((0, "draw", 0), (1, "take", 0), (2, "take", 0))), 3, id="take-a-row-taken"),
        pytest.param(with_actions([{"player": 0, "action": "place", "target": 0}]), 0, id="place-before-drawing"),
        pytest.param(with_actions([{"player": 0, "action": "draw"}] * 2), 1, id="draw-twice"),
        pytest.param(
            with_actions([{"player": 0, "action": "draw"}, {"player": 0, "action": "take", "target": 0}]),
            1,
            id="take-with-a-card-in-hand",
        ),
        pytest.param(with_actions(turns((0, "draw", 0), (0, "draw", 1))), 2, id="not-their-turn"),
        pytest.param(with_actions(turns((0, "draw", 3))), 1, id="no-such-row"),
    ]


@pytest.mark.parametrize("log, index", refusals())
def test_an_action_the_rules_forbid_is_refused_by_both_at_the_same_index(log, index):
    assert reference_outcome(log) == ("action", index)
    assert engine_outcome(log) == ("action", index)


def test_a_player_left_alone_in_a_round_goes_on_in_both():
    actions = turns((0, "draw", 0), (1, "take", 0), (2, "draw", 1), (0, "take", 1), (2, "draw", 2), (2, "draw", 2))
    log = with_actions(actions)
    assert reference_outcome(log) == engine_outcome(log) == ("log", "$.actions")


def tampered(log: dict, rng: random.Random) -> dict:
    """The log without its result and with one action changed: its player, kind or row, dropped, doubled or
    swapped."""
    log = json.loads(json.dumps(log))
    log.pop("result", None)
    actions = log["actions"]
    index = rng.randrange(len(actions))
    entry = actions[index]
    change = rng.choice(["player", "kind", "row", "drop", "double", "swap"])
    count = len(log["players"])
    if change == "player":
        entry["player"] = (entry["player"] + rng.randrange(1, count)) % count
    elif change == "kind":
        actions[index] = {"player": entry["player"], "action": rng.choice(["draw", "take", "place"])}
        if actions[index]["action"] != "draw":
            actions[index]["target"] = rng.randrange(count)
    elif change == "row":
        entry["target"] = rng.randrange(count + 1)
    elif change == "drop":
        del actions[index]
    elif change == "double":
        actions.insert(index, dict(entry))
    else:
        actions[index] = {**rng.choice(actions), "player": entry["player"]}
    return log


def test_randomly_tampered_logs_are_judged_alike_by_both():
    rng = random.Random(5)
    judged = Counter()
    for seed in range(80):
        log = tampered(reference.play_random_game(seed, NAMES[: 3 + seed % 3]), rng)
        ours = reference_outcome(log)
        assert ours == engine_outcome(log), f"seed {seed}"
        judged[ours[0]] += 1
    assert judged["action"] >= 20, judged


@pytest.mark.parametrize(
    "change, path",
    [
        pytest.param(lambda log: log["deck"].pop(), "$.deck", id="a-card-short"),
        pytest.param(lambda log: log["deck"].__setitem__(0, "last-round"), "$.deck", id="the-last-round-card-shuffled"),
        pytest.param(
            lambda log: log["chance"][0]["cards"].__setitem__(0, log["chance"][0]["cards"][1]),
            "$.chance[0]",
            id="a-starting-colour-twice",
        ),
        pytest.param(lambda log: log.pop("chance"), "$.chance", id="no-starting-colours"),
        pytest.param(
            lambda log: log["options"].__setitem__("scoring-table", "golden"),
            "$.options.scoring-table",
            id="no-such-table",
        ),
        pytest.param(lambda log: log["players"].pop(), "$.players", id="two-players"),
    ],
)
def test_a_log_that_cannot_be_a_game_is_refused_by_both_and_named(change, path):
    log = reference.play_random_game(3, NAMES[:3])
    del log["result"]
    change(log)
    assert reference_outcome(log) == engine_outcome(log) == ("log", path)
