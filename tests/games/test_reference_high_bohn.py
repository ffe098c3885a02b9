"""High Bohn: the engine's ``bohnanza/high-bohn`` and the independent reference agree, both ways.

``references/high_bohn.py`` writes the 32 buildings out rule by
rule and shares no code with the engine (it reuses only the base game's
reference). Games the engine plays (its random bot, its heuristic bot, which
builds every kind of building, or uniformly random legal actions) replay in
the reference to the same result JSON; games the reference's random bot
plays (it favours building) replay in the engine, every action checked, to
the same result; both options; a log tampered with is judged alike. The
larger run is ``python -m benchmarks.agree_bohnanza --cases
bohnanza/high-bohn:3,bohnanza/high-bohn:4,bohnanza/high-bohn:5``.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest

from benchmarks.agree_bohnanza import engine_verdict, imports_of, reference_outcome, same_json, tampered
from benchmarks.bench_bohnanza import engine_game_log
from engine.base.errors import LogError
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record
from references import high_bohn as reference

HIGH_BOHN = "bohnanza/high-bohn"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
CONTEXT = ReplayContext()


@functools.cache
def engine_game(count: int, options: str = "{}") -> Game:
    return Game(load_ruleset(HIGH_BOHN, json.loads(options) or None), NAMES[:count])


def engine_log(count: int, seed: int, kind: str = "random", bot: bool = True, options: dict | None = None) -> dict:
    return engine_game_log(engine_game(count, json.dumps(options or {}, sort_keys=True)), seed, bot, kind)


def engine_result(log: dict) -> dict:
    return replay_record(LogRecord(log, "<reference game>", 1, 0, None), CONTEXT).to_json()


def test_the_reference_shares_no_code_with_the_engine():
    absolute, relative = imports_of(reference.__file__)
    assert absolute <= {"__future__", "random", "itertools", "typing", "collections"}
    assert relative == {"bohnanza"}


@pytest.mark.parametrize("count", [3, 4, 5])
def test_games_the_engine_plays_replay_to_the_same_result_in_the_reference(count):
    built = Counter()
    for seed, kind, bot in ((1, "random", True), (2, "random", False), (3, "heuristic", True), (4, "heuristic", True)):
        log = engine_log(count, seed, kind, bot)
        assert same_json(reference.replay(log), log["result"]), f"seed {seed}"
        built.update(card for player in log["result"]["players"] for card in player["buildings"])
    assert sum(1 for card in built if not card.endswith("-1")) >= 8, "the heuristic games build buildings with effects"


@pytest.mark.parametrize("count", [3, 4, 5])
def test_games_the_reference_plays_replay_to_the_same_result_in_the_engine(count):
    for seed in range(8):
        log = reference.play_random_game(seed, NAMES[:count])
        assert same_json(engine_result(log), log["result"]), f"seed {seed}"


@pytest.mark.parametrize("options", [{"sheriff-4-own-harvests": False}, {"gold-mine-4-stew": False}])
def test_both_sides_agree_under_the_rulings_options(options):
    for seed in (5, 6):
        log = engine_log(4, seed, "heuristic", True, options)
        assert log["options"][next(iter(options))] is False
        assert same_json(reference.replay(log), log["result"])
        log = reference.play_random_game(seed, NAMES[:4], options=options)
        assert same_json(engine_result(log), log["result"])


def test_randomly_tampered_logs_are_judged_alike_by_both():
    rng = random.Random(7)
    judged = Counter()
    for seed in range(30):
        log = reference.play_random_game(seed, NAMES[: 3 + seed % 3])
        changed = tampered(log, rng)
        ours = reference_outcome(changed)
        try:
            theirs = ("ok", engine_result(changed))
        except LogError as error:
            theirs = engine_verdict(error)
        assert ours == theirs, f"seed {seed}"
        judged[ours[0]] += 1
    assert judged["action"] >= 5, judged


def test_a_build_the_rules_forbid_is_rejected_by_both_at_the_same_index():
    log = next(
        log
        for log in (reference.play_random_game(seed, NAMES[:4]) for seed in range(20))
        if any(action["action"] == "build" for action in log["actions"])
    )
    index = next(i for i, action in enumerate(log["actions"]) if action["action"] == "build")
    changed = json.loads(json.dumps(log))
    del changed["result"]
    action = changed["actions"][index]
    bean, count = next(iter(action["pay"].items()))
    action["pay"] = {bean: count + 1}  # more than the price
    assert reference_outcome(changed) == ("action", index)
    with pytest.raises(LogError) as error:
        engine_result(changed)
    assert engine_verdict(error.value) == ("action", index)
