"""``cardrules replay``: results per log, JSON Lines in input order, broken logs exit 1 with the index."""

from __future__ import annotations

import json

import jsonschema
import locations
import pytest
from cli_helpers import RESULT_SCHEMA, cardrules, cardrules_process

import engine
from references import high_society as reference

LOGS = locations.TESTS / "logs"


def test_json_output_is_one_contracts_result_per_log_in_input_order():
    done = cardrules("replay", str(LOGS / "three-ko-games.jsonl"), "--json")
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    stored = [json.loads(line)["result"] for line in (LOGS / "three-ko-games.jsonl").read_text().splitlines()]
    assert len(lines) == 3
    for line, expected in zip(lines, stored):
        result = json.loads(line)
        jsonschema.validate(result, RESULT_SCHEMA)
        assert result == expected


def test_the_human_report_gives_scores_money_elimination_and_winners():
    done = cardrules("replay", str(LOGS / "three-ko-games.jsonl"))
    assert done.exit_code == 0
    assert "Game 2 (line 2):" in done.stdout
    assert "Ann: 19 points, $32 million in hand" in done.stdout
    assert "Winner: Ann with 19." in done.stdout


def test_explain_shows_every_scoring_step():
    done = cardrules("replay", str(LOGS / "valid-ja.json"), "--explain")
    assert done.exit_code == 0
    assert "Cy: 0 in hand (out)" in done.stdout
    assert "  Title x2 = 32" in done.stdout
    assert "Everyone is tied for the least money in hand (0): everyone is out and nobody wins." in done.stdout


@pytest.mark.parametrize("name, index", [("bid-too-low.json", 1), ("wrong-player.json", 3)])
def test_an_illegal_action_exits_1_naming_its_index(name, index):
    done = cardrules_process("replay", str(LOGS / name))
    assert done.returncode == 1
    assert f"$.actions[{index}]: action {index} (counting from 0)" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "name",
    [
        "corrupt-json.json",
        "wrong-deck.json",
        "truncated.json",
        "wrong-result.json",
        "two-players.json",
        "schema-bad-action.json",
        "corrupt-second-line.jsonl",
    ],
)
def test_a_broken_log_exits_1_with_a_located_message(name):
    done = cardrules("replay", str(LOGS / name))
    assert done.exit_code == 1
    assert done.stderr.startswith(str(LOGS / name) + ":")


def test_results_before_a_broken_line_are_still_printed(tmp_path):
    good = reference.play_random_game(11, ruleset="high-society/ja")
    del good["result"]
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(good) + "\n{not json}\n", encoding="utf-8")
    done = cardrules("replay", str(path), "--json")
    assert done.exit_code == 1
    assert len(done.stdout.splitlines()) == 1
    assert done.stderr.startswith(f"{path}:2:2: invalid JSON")


@pytest.mark.parametrize("args", [["replay"], ["replay", "--bogus", "x.json"]])
def test_a_wrong_command_line_exits_2(args):
    assert cardrules(*args).exit_code == 2


def test_a_missing_log_is_bad_input():
    done = cardrules("replay", str(LOGS / "absent.json"))
    assert done.exit_code == 1
    assert "absent.json" in done.stderr


@pytest.mark.parametrize(
    "value, message",
    [
        (10**30, "$.options.debt-floor: '1000000000000000000000000000000' has too many digits (at most 30)"),
        (
            -(10**39),
            "$.options.debt-floor: '-10000000000000000000000000000000000000…' has too many digits (at most 30)",
        ),
        (10**3999, "$.options.debt-floor: '100000000000000000000000000000000000000…' has too many digits (at most 30)"),
        # Not a number at all: the option's own message, the long number shortened.
        ([10**40], "$.options.debt-floor: option 'debt-floor' expects a number or none, got [1000000000"),
    ],
)
def test_an_option_number_in_a_log_has_at_most_the_digits_anywhere_else_allows(tmp_path, value, message):
    # -o, a ruleset and a table refuse a 31-digit number; a log's JSON integer must not slip past.
    log = reference.play_random_game(5, ruleset="high-society/ja")
    del log["result"]
    log["options"] = {"debt-floor": value}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(log, indent=1), encoding="utf-8")
    for done in (cardrules("replay", str(path)), cardrules_process("play", "--resume", str(path))):
        stderr = done.stderr
        assert getattr(done, "exit_code", getattr(done, "returncode", None)) == 1
        assert "Traceback" not in stderr
        assert stderr.startswith(f"{path}:"), stderr
        assert message in stderr, stderr


def _saved_on_quitting(path, actions, seats=True):
    """A log as ``play --log`` saves a game stopped after ``actions`` (its seats named), or as a program writes one
    (no seats)."""
    game = engine.Game(engine.load_ruleset("no-thanks/classic"), 3)
    state = game.new_initial_state(seed=4)
    for _ in range(actions):
        state.apply_action(next(iter(state.legal_actions())))
    log = state.to_log()
    if seats:
        log["seats"] = ["human", "bot:random", "bot:random"]
    path.write_text(json.dumps(log), encoding="utf-8")


@pytest.mark.parametrize("actions", [0, 5])
def test_replaying_a_game_saved_before_its_end_says_how_to_resume_it(tmp_path, monkeypatch, actions):
    monkeypatch.chdir(tmp_path)
    _saved_on_quitting(tmp_path / "my game.json", actions)
    result = cardrules("replay", "my game.json")
    assert result.exit_code == 1
    assert result.stderr.startswith("my game.json:")
    assert (
        f"the log ends before the game does ({actions} actions): a game saved before its end goes on with: "
        in result.stderr
    )
    assert "play --resume 'my game.json'" in result.stderr
    ja = cardrules("replay", "my game.json", lang="ja")
    assert "play --resume 'my game.json'" in ja.stderr and "goes on with" not in ja.stderr


def test_a_log_without_seats_that_ends_early_is_still_an_error_of_the_log(tmp_path):
    _saved_on_quitting(tmp_path / "cut.json", 3, seats=False)
    result = cardrules("replay", str(tmp_path / "cut.json"))
    assert result.exit_code == 1
    assert "the log ends before the game does (3 actions)" in result.stderr and "goes on with" not in result.stderr
