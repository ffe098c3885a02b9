"""The command line as a part of a pipeline and as a command typed wrong.

A reader who stops early (``| head``) ends the program quietly with exit 0,
as well-behaved command-line tools do; a ruleset name on ``-r`` that names
nothing is a command-line mistake (exit 2, with a hint); and problems with
the input are told before a narrated game announces itself.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_helpers import REPO, cardrules_process

COMMANDS = {
    "play": ["play", "-r", "high-society/ja", "--players", "bot:random,bot:random,bot:random", "--seed", "1"],
    "play-bohnanza": ["play", "-r", "bohnanza/amigo", "--players", "bot:random,bot:random,bot:random", "--seed", "1"],
    "simulate": [
        "simulate",
        "-r",
        "high-society/ja",
        "-r",
        "high-society/ko",
        "--games",
        "40",
        "--seed",
        "1",
        "--players",
        "bot:random,bot:random,bot:random",
    ],
    "rulesets": ["rulesets"],
    "help": ["--help"],
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_reader_that_stops_after_one_line_ends_the_program_quietly(name):
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", *COMMANDS[name], "--lang", "en"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away, as `head -1` does
    status = process.wait(timeout=120)
    error = process.stderr.read().decode()
    process.stderr.close()
    assert first.strip()
    assert (status, error) == (0, "")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_unknown_ruleset_name_on_the_command_line_is_a_usage_error_with_a_hint(command):
    args = [command, "-r", "high-society/jx", "--players", "bot:random,bot:random,bot:random"]
    done = cardrules_process(*args, *(["--games", "1"] if command == "simulate" else []))
    assert done.returncode == 2
    assert (
        "Invalid value for '-r' / '--ruleset': unknown ruleset 'high-society/jx' (did you mean "
        "'high-society/ja'?)" in done.stderr
    )
    assert "Traceback" not in done.stderr


def test_a_house_rule_file_that_extends_an_unknown_name_is_bad_input_not_a_usage_error(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: high-society/jx\n", encoding="utf-8")
    done = cardrules_process("play", "-r", str(house), "--players", "bot:random,bot:random,bot:random")
    assert done.returncode == 1
    assert done.stderr.startswith(f"{house}:1:10: $.extends: `extends` names 'high-society/jx'")


def test_a_bad_option_is_told_before_a_narrated_game_announces_itself():
    done = cardrules_process(
        "play", "-r", "high-society/ja", "-o", "reds=x", "--players", "bot:random,bot:random,bot:random"
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert "unknown option 'reds'" in done.stderr


@pytest.mark.parametrize(
    ("command", "status"),
    [
        (["validate", "broken/negative-money.yaml"], 1),  # bad input, told on stderr into the closed pipe
        (["play", "-r", "high-society/nosuch"], 2),  # a usage error
        (["--help"], 0),  # click's own output, while parsing
        (["--version"], 0),
    ],
)
def test_a_closed_pipe_keeps_the_commands_own_exit_status(command, status):
    """`cardrules ... 2>&1 | true`: the reader is gone before anything is read; a failure stays a failure."""
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", *command, "--lang", "en"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=REPO / "tests",
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    process.stdout.close()
    assert process.wait(timeout=60) == status


def test_a_player_name_that_is_not_utf8_text_is_a_command_line_error():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "play",
            "-r",
            "high-society/ja",
            "--lang",
            "en",
            "--players",
            b"I\x9b31mJ,bot:random,bot:random",
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=60,
    )
    assert done.returncode == 2
    assert b"\x9b" not in done.stderr and b"is not UTF-8 text" in done.stderr
    assert b"Traceback" not in done.stderr


def _started_with_closed(fd: int, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`cardrules ARGS` started with standard stream ``fd`` closed (`>&-`, `<&-`); the other two captured."""
    import tempfile

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        done = subprocess.run(
            [sys.executable, "-m", "engine", *args],
            stdin=subprocess.DEVNULL,
            stdout=out if fd != 1 else None,
            stderr=err,
            cwd=str(REPO),
            timeout=120,
            env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
            preexec_fn=lambda: os.close(fd),
        )
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(done.args, done.returncode, out.read(), err.read())


@pytest.mark.parametrize("args", [("rulesets",), ("--help",), ("validate", "rulesets/high-society/ja.yaml")])
def test_output_closed_from_the_start_is_a_failure_told_on_error_output(args):
    done = _started_with_closed(1, *args, "--lang", "en")
    assert done.returncode == 1
    assert done.stderr == "cardrules: cannot write the output: standard output is closed\n"


def test_input_closed_from_the_start_reads_as_no_terminal_and_bots_play():
    done = _started_with_closed(
        0,
        "play",
        "-r",
        "high-society/ja",
        "--players",
        "bot:random,bot:random,bot:random",
        "--seed",
        "1",
        "--lang",
        "en",
    )
    assert done.returncode == 0, done.stderr
    assert "wins" in done.stdout or "nobody wins" in done.stdout


@pytest.mark.parametrize("where", ["--lang", "LANG"])
def test_a_language_name_too_long_for_a_file_name_falls_back_to_english(where):
    name = "x" * 300
    done = cardrules_process(
        "rulesets",
        *(["--lang", name] if where == "--lang" else []),
        env={"LANG": name, "LC_ALL": "", "LANGUAGE": ""} if where == "LANG" else None,
        lang=name if where == "--lang" else "",
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "high-society/ja" in done.stdout
