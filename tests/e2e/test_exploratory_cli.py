"""Found by exploratory testing: what a demanding user ran and what went wrong before."""

from __future__ import annotations

import locations

from tests.cli_helpers import cardrules_process


def test_starting_a_new_language_prints_nothing_on_stderr(tmp_path):
    # `i18n init LANG` once named its argument like the --lang option, and click warned about it on stderr.
    created = cardrules_process("i18n", "init", "fr", "--dir", str(tmp_path))
    assert created.returncode == 0
    assert created.stderr == ""
    assert (tmp_path / "locales" / "fr" / "LC_MESSAGES" / "cardrules.po").is_file()


def test_a_single_simulated_game_is_counted_in_the_singular():
    run = cardrules_process(
        "simulate",
        "-r",
        "high-society/ja",
        "--games",
        "1",
        "--seed",
        "3",
        "--players",
        "bot:random,bot:random,bot:random",
        env={"COLUMNS": "200"},
    )
    assert run.returncode == 0, run.stderr
    assert "1 game per ruleset, seats" in run.stdout
    assert "Win rate per seat, 1 game per ruleset" in run.stdout
    assert "1 games" not in run.stdout


def test_the_figure_title_counts_a_single_game_in_the_singular():
    from engine.fronts.simulation.plot import figure_title

    assert figure_title({"games": 1, "seed": 5}) == "1 game per ruleset, seed 5"
    assert figure_title({"games": 2, "seed": 5}) == "2 games per ruleset, seed 5"


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_a_decimal_in_a_table_is_quoted_as_the_player_wrote_it_not_as_a_fraction(tmp_path):
    table = write(
        tmp_path / "t.yaml",
        "ruleset: high-society/ko\nplayers:\n  A: {cards: [], money: 3}\n"
        "  B: {cards: [], money: 1}\n  C: {cards: [], money: 1.25}\n",
    )
    run = cardrules_process("score", str(table))
    assert run.returncode == 1
    assert "t.yaml:5:25: $.players.C.money: expected a whole number, got 1.25" in run.stderr
    assert "5/4" not in run.stderr


def test_a_whole_number_written_with_a_decimal_point_is_refused_without_claiming_it_is_not_whole(tmp_path):
    table = write(
        tmp_path / "t.json",
        '{"ruleset": "high-society/ja", "players": {"A": {"cards": [], "money": 1000.0},'
        ' "B": {"cards": [], "money": 0}, "C": {"cards": [], "money": 0}}}',
    )
    run = cardrules_process("score", str(table))
    assert run.returncode == 1
    assert "expected a whole number, got 1000.0" in run.stderr


def test_a_list_of_one_item_is_counted_in_the_singular(tmp_path):
    table = write(tmp_path / "t.yaml", "ruleset: [high-society/ja]\nplayers: {A: {}, B: {}, C: {}}\n")
    run = cardrules_process("score", str(table))
    assert run.returncode == 1
    assert "$.ruleset: expected text, got a list of 1 item" in run.stderr
    assert "1 items" not in run.stderr


def test_a_full_disk_under_the_logs_is_a_clear_message_not_a_traceback():
    # /dev/full accepts the open and fails every write with "No space left on device".
    run = cardrules_process(
        "simulate",
        "-r",
        "high-society/ja",
        "--games",
        "2",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--players",
        "bot:random,bot:random,bot:random",
        "--logs",
        "/dev/full",
    )
    assert "Traceback" not in run.stderr
    # The games were played: their statistics are shown, the lost logs are told, and the exit status is 1.
    assert run.returncode == 1
    assert "Win rate per seat" in run.stdout
    assert "/dev/full: cannot write the file: No space left on device" in run.stderr


def test_a_log_is_never_saved_over_a_device_or_pipe(tmp_path):
    # Saving replaces the target with a new file; run as root over /dev/null, that destroyed the device.
    import os
    import stat

    import pytest

    from engine.base.errors import LogError
    from engine.fronts.formats import gamelog

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(LogError) as caught:
        gamelog.save_log_atomic(pipe, {"ruleset": "high-society/ja", "players": [], "actions": []})
    assert str(caught.value) == f"{pipe}: cannot save the log: it is not a regular file"
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


def test_play_refuses_a_log_file_that_is_a_pipe_and_leaves_it_alone(tmp_path):
    import os
    import stat

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    run = cardrules_process("play", "-r", "high-society/ja", "--seed", "1", "--log", str(pipe))
    assert "Traceback" not in run.stderr
    assert run.returncode == 1
    assert f"{pipe}: cannot save the log: it is not a regular file" in run.stderr
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)


def test_output_to_a_full_disk_is_a_one_line_error_and_exit_1(tmp_path):
    import os
    import subprocess
    import sys

    from tests.cli_helpers import REPO

    table = write(
        tmp_path / "t.yaml",
        "ruleset: high-society/ja\nplayers:\n  A: {cards: [luxury-3], money: 1000}\n"
        "  B: {cards: [], money: 2000}\n  C: {cards: [], money: 3000}\n",
    )
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "engine", "score", str(table), "--explain", "--lang", "en"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
    assert run.returncode == 1
    assert run.stderr == "/dev/full: cannot write the output: No space left on device\n"


def test_a_log_that_does_not_match_the_format_is_explained_in_the_readers_language(tmp_path):
    log = write(
        tmp_path / "log.json",
        '{"ruleset": "high-society/ja", "players": "x", "first_player": -1, "deck": [], "actions": []}',
    )
    english = cardrules_process("replay", str(log))
    assert english.returncode == 1
    assert f"{log}:1:43: $.players: does not match the log format: expected a list, got 'x'" in english.stderr
    assert f"{log}:1:64: $.first_player: does not match the log format: -1 is too small" in english.stderr
    japanese = cardrules_process("replay", str(log), lang="ja")
    assert "$.players: ログの形式に合いません：" in japanese.stderr
    assert "is not of type" not in japanese.stderr
    missing = write(tmp_path / "short.json", '{"ruleset": "high-society/ja"}')
    korean = cardrules_process("replay", str(missing), lang="ko")
    assert korean.returncode == 1
    assert "required property" not in korean.stderr
    assert "'players'" in korean.stderr


def test_each_missing_key_of_a_log_is_named_once(tmp_path):
    missing = write(tmp_path / "short.json", '{"ruleset": "high-society/ja"}')
    run = cardrules_process("replay", str(missing))
    assert run.returncode == 1
    for key in ("players", "first_player", "deck", "actions"):
        assert run.stderr.count(f"missing required key '{key}'") == 1, run.stderr


def test_each_missing_key_of_a_table_is_named_once(tmp_path):
    table = write(tmp_path / "t.json", "{}")
    run = cardrules_process("score", str(table))
    assert run.returncode == 1
    assert run.stderr.count("missing required key 'players'") == 1, run.stderr
    assert run.stderr.count("missing required key 'ruleset'") == 1, run.stderr


def test_logs_of_a_house_rule_file_outside_the_roots_replay_from_anywhere(tmp_path):
    import json

    write(tmp_path / "my-table.yaml", "extends: high-society/ja\noptions:\n  debt-floor: 0\n")
    (tmp_path / "out").mkdir()
    logs = tmp_path / "out" / "games.jsonl"
    run = cardrules_process(
        "simulate",
        "-r",
        "my-table.yaml",
        "--games",
        "2",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--players",
        "bot:random,bot:random,bot:random",
        "--logs",
        str(logs),
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    # Like `play --log`: the house rule is named by its path relative to the log file.
    assert {json.loads(line)["ruleset"] for line in logs.read_text(encoding="utf-8").splitlines()} == {
        "../my-table.yaml"
    }
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    replayed = cardrules_process("replay", str(logs), "--json", cwd=elsewhere)
    assert replayed.returncode == 0, replayed.stderr
    assert len(replayed.stdout.splitlines()) == 2


@__import__("pytest").mark.parametrize("spelling", ["JA", "Ja_jp", "JA-JP.UTF-8"])
def test_a_language_asked_for_in_capitals_is_that_language_in_words_and_numbers(spelling):
    from engine.base import i18n

    try:
        assert i18n.set_language(spelling) == "ja"
    finally:
        i18n.set_language("en")
    run = cardrules_process("score", str(REPO_TABLES / "rulebook-example.yaml"), lang=spelling)
    assert run.returncode == 0, run.stderr
    assert "点" in run.stdout


REPO_TABLES = locations.TESTS / "tables"


def _valid_log_with(**changes):
    import json

    log = json.loads((REPO_TABLES.parent / "logs" / "valid-ja.json").read_text(encoding="utf-8"))
    log.pop("result", None)
    log.update(changes)
    return log


def test_a_decimal_option_in_a_log_is_the_exact_number_written(tmp_path):
    import json

    decimal = write(tmp_path / "decimal.json", json.dumps(_valid_log_with(options={"debt-floor": 0.5})))
    fraction = write(tmp_path / "fraction.json", json.dumps(_valid_log_with(options={"debt-floor": "1/2"})))
    from_decimal = cardrules_process("replay", str(decimal), "--json")
    assert from_decimal.returncode == 0, from_decimal.stderr
    assert from_decimal.stdout == cardrules_process("replay", str(fraction), "--json").stdout


def test_a_seat_written_as_a_decimal_is_refused_where_it_was_written(tmp_path):
    import json

    text = json.dumps(_valid_log_with(first_player=0)).replace('"first_player": 0', '"first_player": 0.0')
    log = write(tmp_path / "seat.json", text)
    run = cardrules_process("replay", str(log))
    assert run.returncode == 1
    assert f"{log}:1:101: $.first_player: does not match the log format: expected a whole number, got 0.0" in run.stderr
    assert "command line" not in run.stderr


def test_a_number_too_large_in_a_log_is_refused_quickly(tmp_path):
    import json

    text = json.dumps(_valid_log_with(options={"debt-floor": "X"})).replace('"X"', "1e999999999")
    log = write(tmp_path / "huge.json", text)
    run = cardrules_process("replay", str(log))
    assert run.returncode == 1
    assert "has too large an exponent" in run.stderr


@__import__("pytest").mark.parametrize(
    "text, english",
    [
        ('{"a": 1,,}', "a key in double quotes was expected"),
        ('{"a" 1}', "':' was expected"),
        ("[1 2]", "',' was expected"),
        ('{"a": ', "a value was expected"),
        ('{"a": "abc', "this text has no closing double quote"),
    ],
)
def test_a_json_syntax_error_in_a_log_is_explained_in_the_readers_language(tmp_path, text, english):
    log = write(tmp_path / "log.json", text)
    run = cardrules_process("replay", str(log))
    assert run.returncode == 1
    assert f"invalid JSON: {english}" in run.stderr
    for lang in ("ja", "ko"):
        translated = cardrules_process("replay", str(log), lang=lang)
        assert translated.returncode == 1
        assert "Expecting" not in translated.stderr and "Unterminated" not in translated.stderr, translated.stderr


def test_a_name_in_the_wrong_case_gets_the_right_spelling_suggested(tmp_path):
    table = write(
        tmp_path / "t.yaml", "ruleset: high-society/ja\nplayers:\n  A: {cards: [LUXURY-2]}\n  B: {}\n  C: {}\n"
    )
    scored = cardrules_process("score", str(table))
    assert scored.returncode == 1
    assert "unknown card LUXURY-2 (did you mean luxury-2?)" in scored.stderr
    simulated = cardrules_process(
        "simulate", "-r", "HIGH-SOCIETY/JA", "--games", "1", "--players", "bot:random,bot:random,bot:random"
    )
    # A name on -r that names nothing is a mistake in the command line (exit 2), still with the hint.
    assert simulated.returncode == 2
    assert "unknown ruleset 'HIGH-SOCIETY/JA' (did you mean 'high-society/ja'?)" in simulated.stderr
