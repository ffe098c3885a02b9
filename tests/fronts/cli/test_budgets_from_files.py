"""A saved game's seats cannot make a bot think for an hour unannounced.

A log is a stranger's file: a seat written ``bot:ismcts:3600s`` would make
``play --resume`` wait an hour at each of that bot's moves. A budget read from
a file is lowered to what a file may ask (30 seconds, or 50,000 iterations),
the player is told which seat plays with what, and the game goes on with the
lowered budget (which the saved log then records). Iterations read from a
file stop at 30 seconds a move as well: an iteration of Bohnanza takes a
hundred times one of High Society.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import cardrules

from engine.fronts import bots
from engine.fronts.bots import (
    MOST_ITERATIONS_FROM_FILES,
    MOST_SECONDS_FROM_FILES,
    capped_from_file,
    parse_bot_kind,
)


@pytest.mark.parametrize(
    ("kind", "played"),
    [
        ("random", "random"),
        ("heuristic", "heuristic"),
        ("ismcts", "ismcts"),
        ("ismcts:0.5s", "ismcts:0.5s"),
        ("ismcts:30s", "ismcts:30s"),
        ("ismcts:30.5s", "ismcts:30s"),
        ("ismcts:3600s", "ismcts:30s"),
        ("ismcts:2000", "ismcts:2000"),
        ("ismcts:50000", "ismcts:50000"),
        ("ismcts:50001", "ismcts:50000"),
        ("ismcts:1000000", "ismcts:50000"),
    ],
)
def test_a_budget_from_a_file_is_at_most_what_a_file_may_ask(kind, played):
    assert capped_from_file(kind) == played
    name, budget = parse_bot_kind(capped_from_file(kind))
    assert budget.get("seconds", 0) <= MOST_SECONDS_FROM_FILES
    assert budget.get("iterations", 0) <= MOST_ITERATIONS_FROM_FILES


def _saved_game(tmp_path: Path, seats: list[str]) -> Path:
    finished = tmp_path / "finished.json"
    done = cardrules(
        "play", "-r", "no-thanks/classic", "--players", "bot:random,bot:random,bot:random", "--seed", "4",
        "--log", str(finished),
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    log = json.loads(finished.read_text(encoding="utf-8"))
    del log["result"]
    log["actions"] = log["actions"][:6]
    log["seats"] = seats
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(log), encoding="utf-8")
    return saved


def test_resuming_says_which_seat_plays_with_a_lowered_budget(tmp_path, monkeypatch):
    # Small caps, so the lowered bots play the rest of the game at once.
    monkeypatch.setattr(bots, "MOST_SECONDS_FROM_FILES", 0.001)
    monkeypatch.setattr(bots, "MOST_ITERATIONS_FROM_FILES", 3)
    saved = _saved_game(tmp_path, ["bot:random", "bot:ismcts:3600s", "bot:ismcts:4"])
    out = tmp_path / "out.json"
    done = cardrules("play", "--resume", str(saved), "--log", str(out))
    assert done.exit_code == 0, done.output
    assert (
        "Bot 2 (random) asked for ismcts:3600s in the saved game, more than a file may ask: it plays as "
        "ismcts:0.001s." in done.output
    )
    assert "asked for ismcts:4 in the saved game, more than a file may ask: it plays as ismcts:3." in done.output
    assert "asked for random" not in done.output
    assert json.loads(out.read_text(encoding="utf-8"))["seats"] == ["bot:random", "bot:ismcts:0.001s", "bot:ismcts:3"]


def test_a_budget_within_what_a_file_may_ask_is_kept_without_a_word(tmp_path):
    saved = _saved_game(tmp_path, ["bot:random", "bot:ismcts:5", "bot:heuristic"])
    out = tmp_path / "out.json"
    done = cardrules("play", "--resume", str(saved), "--log", str(out))
    assert done.exit_code == 0, done.output
    assert "more than a file may ask" not in done.output
    assert json.loads(out.read_text(encoding="utf-8"))["seats"] == ["bot:random", "bot:ismcts:5", "bot:heuristic"]


@pytest.mark.parametrize(
    ("kind", "searched"),
    [
        ("ismcts:50000", {"iterations": 50000, "seconds": 30.0}),
        ("ismcts", {"iterations": 50, "actions": 2000, "seconds": 30.0}),
        ("ismcts:3600s", {"seconds": 30.0}),
        ("ismcts:0.5s", {"seconds": 0.5}),
    ],
)
def test_a_search_whose_budget_comes_from_a_file_also_stops_at_half_a_minute(kind, searched):
    # 50,000 iterations take seconds in High Society and some ten minutes a move in Bohnanza: the iterations a file
    # may ask are bounded in time as well, whichever comes first.
    bot = bots.make_bot(kind, 1, most_seconds=MOST_SECONDS_FROM_FILES)
    assert {name: getattr(bot, name) for name in searched} == searched
    untouched = bots.make_bot(kind, 1)
    assert untouched.seconds == parse_bot_kind(kind)[1].get("seconds")


def test_a_resumed_searching_bot_stops_at_the_time_a_file_may_ask(tmp_path, monkeypatch):
    # A tiny time bound, and a budget of iterations within what a file may ask that would take long: the game ends.
    monkeypatch.setattr(bots, "MOST_SECONDS_FROM_FILES", 0.001)
    from engine.fronts.terminal import session

    monkeypatch.setattr(session, "MOST_SECONDS_FROM_FILES", 0.001)
    saved = _saved_game(tmp_path, ["bot:random", "bot:ismcts:40000", "bot:heuristic"])
    done = cardrules("play", "--resume", str(saved))
    assert done.exit_code == 0, done.output
    assert "more than a file may ask" not in done.output
