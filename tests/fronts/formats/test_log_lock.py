"""One game per log file: a second game refuses the file a running game saves to, and a new game does not
replace a saved one (or a symbolic link) unless asked to.

The running game is a real terminal session (pexpect) waiting at its prompt.
"""

from __future__ import annotations

import os
import signal
import subprocess

import pexpect
import pytest
from terminal_helpers import CARDRULES, ENV, ROOT, finish, load_log, spawn

PROMPT = r"> "
THREE = "Ann,bot:random,bot:random"


def narrated(*args: str) -> subprocess.CompletedProcess:
    """`cardrules play ARGS` with no terminal on input: bots play and it is narrated."""
    return subprocess.run(
        [*CARDRULES, "play", *args, "--lang", "en"],
        stdin=subprocess.DEVNULL,
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_second_game_cannot_save_to_the_file_a_running_game_saves_to(tmp_path):
    log = tmp_path / "game.json"
    first = spawn("play", "-r", "high-society/ja", "--players", THREE, "--seed", "1", "--log", str(log), "--lang", "en")
    first.expect(PROMPT)
    second = narrated(
        "-r", "high-society/ja", "--players", "bot:random,bot:random,bot:random", "--log", str(log), "--force"
    )
    assert second.returncode == 1
    assert second.stderr.startswith(f"{log}: another game is being saved to this file right now")
    assert "Traceback" not in second.stderr
    first.sendline("q")
    assert finish(first) == 0
    assert load_log(log)["players"][0] == "Ann"  # the first game's log, whole
    assert not (tmp_path / ".game.json.lock").exists()


def test_a_killed_game_leaves_no_lock_and_its_interrupted_saves_are_cleared(tmp_path):
    log = tmp_path / "game.json"
    first = spawn("play", "-r", "high-society/ja", "--players", THREE, "--seed", "1", "--log", str(log), "--lang", "en")
    first.expect(PROMPT)
    first.kill(signal.SIGKILL)
    first.close()
    interrupted = tmp_path / ".game.json.k3x9_a.tmp"  # as a save cut short by a kill leaves it
    interrupted.write_text("{", encoding="utf-8")
    resumed = narrated("--resume", str(log))
    assert resumed.returncode == 0, resumed.stderr
    assert "result" in load_log(log)
    assert not interrupted.exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGHUP"])
def test_a_game_ended_by_kill_or_a_closed_terminal_removes_its_lock_and_ends_by_the_signal(tmp_path, signal_name):
    """`kill` (SIGTERM) and a closed terminal (SIGHUP) end the game as Ctrl-C does: saved, no lock file left."""
    log = tmp_path / "game.json"
    first = spawn("play", "-r", "high-society/ja", "--players", THREE, "--seed", "1", "--log", str(log), "--lang", "en")
    first.expect(PROMPT)
    first.sendline("p")  # one action, saved
    first.expect(PROMPT)
    saved = load_log(log)
    assert saved["actions"]
    first.kill(getattr(signal, signal_name))
    first.expect(pexpect.EOF)
    first.close()
    assert first.signalstatus == getattr(signal, signal_name)  # the shell sees why it ended
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]
    assert load_log(log) == saved
    resumed = narrated("--resume", str(log))
    assert resumed.returncode == 0, resumed.stderr
    assert load_log(log)["actions"][: len(saved["actions"])] == saved["actions"]


def test_a_new_game_does_not_replace_a_saved_one_without_force(tmp_path):
    log = tmp_path / "game.json"
    assert (
        narrated(
            "-r", "high-society/ja", "--players", "bot:random,bot:random,bot:random", "--seed", "1", "--log", str(log)
        ).returncode
        == 0
    )
    saved = log.read_text(encoding="utf-8")
    again = narrated("-r", "high-society/ko", "--players", "bot:random,bot:random,bot:random", "--log", str(log))
    assert again.returncode == 2
    assert f"{log} already holds a file: continue its game with --resume {log}, or replace it with --force" in " ".join(
        again.stderr.split()
    )
    assert log.read_text(encoding="utf-8") == saved
    forced = narrated(
        "-r", "high-society/ko", "--players", "bot:random,bot:random,bot:random", "--log", str(log), "--force"
    )
    assert forced.returncode == 0 and load_log(log)["ruleset"] == "high-society/ko"


@pytest.mark.parametrize("force", [False, True])
def test_a_symbolic_link_is_never_replaced_by_a_log(tmp_path, force):
    target = tmp_path / "elsewhere.json"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    done = narrated(
        "-r",
        "high-society/ja",
        "--players",
        "bot:random,bot:random,bot:random",
        "--log",
        str(link),
        *(["--force"] if force else []),
    )
    assert done.returncode == 2
    assert "is a symbolic link: name the file itself" in done.stderr
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "keep me"


def test_a_game_resumed_through_a_symbolic_link_saves_into_its_target(tmp_path):
    saved = tmp_path / "saved.json"
    started = spawn(
        "play", "-r", "high-society/ja", "--players", THREE, "--seed", "2", "--log", str(saved), "--lang", "en"
    )
    started.expect(PROMPT)
    started.sendline("q")
    assert finish(started) == 0
    link = tmp_path / "game.json"
    link.symlink_to(saved)
    resumed = narrated("--resume", str(link))
    assert resumed.returncode == 0, resumed.stderr
    assert link.is_symlink() and link.resolve() == saved
    assert "result" in load_log(saved)  # finished by the bots, saved where the link points


@pytest.mark.parametrize("target", ["/dev/null", "fifo"])
def test_a_log_that_cannot_be_saved_is_refused_before_the_game_starts(tmp_path, target):
    if target == "fifo":
        target = str(tmp_path / "pipe.json")
        os.mkfifo(target)
    done = narrated(
        "-r", "high-society/ja", "--players", "bot:random,bot:random,bot:random", "--log", target, "--force"
    )
    assert done.returncode == 1
    assert done.stdout == ""  # not even the banner: nothing was played
    assert done.stderr.startswith(f"{target}: cannot save the log: ")
    assert "Traceback" not in done.stderr


def test_a_game_resumed_through_a_link_in_another_folder_finds_its_house_rule(tmp_path):
    # The log names its house rule relative to where it lies ("../house.yaml"), not to the link.
    house = tmp_path / "house.yaml"
    house.write_text("extends: high-society/ja\nid: house\n", encoding="utf-8")
    (tmp_path / "games").mkdir()
    saved = tmp_path / "games" / "saved.json"
    started = spawn("play", "-r", str(house), "--players", THREE, "--seed", "2", "--log", str(saved), "--lang", "en")
    started.expect(PROMPT)
    started.sendline("q")
    assert finish(started) == 0
    assert load_log(saved)["ruleset"] == "../house.yaml"
    link = tmp_path / "elsewhere" / "deeper" / "game.json"  # "../house.yaml" from here names no file
    link.parent.mkdir(parents=True)
    link.symlink_to(saved)
    resumed = narrated("--resume", str(link))
    assert resumed.returncode == 0, resumed.stderr
    assert "result" in load_log(saved)


def test_a_game_saved_while_the_second_one_starts_is_not_replaced(tmp_path, monkeypatch):
    # The race: the first game saves its log after the second looked and before the second locked the file.
    # The second looks again once it holds the lock, and refuses.
    from click.testing import CliRunner

    from engine.fronts.cli.main import build_group
    from engine.fronts.formats import log_lock

    log = tmp_path / "same.json"
    first_game = '{"saved": "by the first game"}'
    acquire = log_lock.LogLock.acquire

    def first_game_saves_then_acquire(lock):
        log.write_text(first_game, encoding="utf-8")
        return acquire(lock)

    monkeypatch.setattr(log_lock.LogLock, "acquire", first_game_saves_then_acquire)
    done = CliRunner().invoke(
        build_group(),
        [
            "play",
            "-r",
            "high-society/ja",
            "--players",
            "bot:random,bot:random,bot:random",
            "--log",
            str(log),
            "--lang",
            "en",
        ],
    )
    assert done.exit_code == 2, done.output
    assert "already holds a file" in done.output
    assert log.read_text(encoding="utf-8") == first_game
    assert not (tmp_path / ".same.json.lock").exists()


def test_a_log_in_a_folder_that_does_not_exist_is_refused_before_the_game_starts(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    for target in (tmp_path / "missing" / "game.json", tmp_path / "a-file" / "game.json"):
        done = narrated("-r", "high-society/ja", "--log", str(target))
        assert done.returncode == 1
        assert done.stdout == ""  # before the banner
        assert done.stderr == f"{target}: cannot save the log: there is no folder {target.parent}\n"


def test_a_saved_seat_of_an_unknown_bot_kind_is_refused_not_played_by_a_human(tmp_path):
    # A hand-edited log: the seat was a bot's; whoever sits at the keyboard must not take it over.
    import json

    log = tmp_path / "game.json"
    done = narrated(
        "-r", "high-society/ja", "--players", "bot:random,bot:random,bot:random", "--seed", "4", "--log", str(log)
    )
    assert done.returncode == 0
    saved = load_log(log)
    del saved["result"]
    saved["actions"] = saved["actions"][:5]
    saved["seats"] = ["bot:heuristc", "human", "bot:random"]
    log.write_text(json.dumps(saved, indent=1), encoding="utf-8")
    resumed = narrated("--resume", str(log))
    assert resumed.returncode == 1
    assert resumed.stdout == ""
    assert resumed.stderr.startswith(f"{log}:")
    assert ": $.seats[0]: Unknown bot kind \"heuristc\" (did you mean 'heuristic'?)" in resumed.stderr


@pytest.mark.parametrize("name", ["[x].json", "x*.json", "x?.json"])
def test_only_the_games_own_interrupted_saves_are_cleared_whatever_its_name(tmp_path, name):
    # The name is no glob pattern: "[x].json" must clear its own leftovers and leave "x.json"'s alone.
    from engine.fronts.formats.log_lock import LogLock

    own = tmp_path / f".{name}.k3j4.tmp"
    another_games = tmp_path / ".x.json.other.tmp"
    for path in (own, another_games):
        path.write_text('{"partial', encoding="utf-8")
    with LogLock(tmp_path / name):
        pass
    assert not own.exists()
    assert another_games.exists()
