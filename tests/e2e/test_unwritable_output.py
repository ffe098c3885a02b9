"""Every command whose output cannot be written says so, located, and ends with status 1: never a traceback.

A table of cases: each command's standard output to a full disk (``/dev/full``,
ENOSPC), to a file that reaches its size limit (``RLIMIT_FSIZE``, EFBIG, as
``ulimit -f`` sets it), and to a quota that refuses the write (EDQUOT, by
fault injection: no test machine has a quota to fill); each output file a
command writes (``--log``, ``--logs``, ``--plot``, catalogs, templates) under
the same size limit; and a folder where the program wants to write a file.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import REPO

BOTS = "bot:random,bot:random,bot:random"
SIMULATE = ("simulate", "-r", "high-society/ja", "--games", "2", "--players", BOTS, "--seed", "1", "--jobs", "1")
# Enough for no command's whole output (the shortest, validate's, is 14 bytes): each one is cut short.
SIZE_LIMIT = 8

COMMANDS = {
    "rulesets": ("rulesets",),
    "validate": ("validate", "rulesets/high-society/ja.yaml"),
    "play": ("play", "-r", "high-society/ja", "--players", BOTS, "--seed", "1"),
    "score": ("score", "tests/tables/everyone-poor.yaml", "--explain"),
    "replay": ("replay", "tests/logs/valid-ja.json"),
    "replay --json": ("replay", "tests/logs/three-ko-games.jsonl", "--json"),
    "simulate": SIMULATE,
    "simulate --json": (*SIMULATE, "--json"),
    "i18n check": ("i18n", "check", "en"),
    "--help": ("--help",),
}


def run(args, *, stdout=subprocess.PIPE, size_limit: int | None = None, inject: str = "", cwd: Path = REPO):
    """``cardrules ARGS`` in a fresh process; ``size_limit`` bytes per file written; ``inject`` runs first."""

    def limit_file_size() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size_limit, size_limit))

    program = inject + "from engine.fronts.cli.start import main; main()"
    return subprocess.run(
        [sys.executable, "-c", program, *args, "--lang", "en"],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        timeout=300,
        preexec_fn=limit_file_size if size_limit is not None else None,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def assert_told(done: subprocess.CompletedProcess, where: str, reason: str) -> None:
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    assert f"{where}: cannot " in done.stderr
    assert reason in done.stderr


@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_output_to_a_full_disk_is_told_and_fails(args):
    with open("/dev/full", "w") as full:
        done = run(args, stdout=full)
    assert done.stderr.splitlines()[-1] == "/dev/full: cannot write the output: No space left on device"
    assert_told(done, "/dev/full", "No space left on device")


@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_output_to_a_file_at_its_size_limit_is_told_and_fails(args, tmp_path):
    # Python's own stdout took the system's short write as done and dropped the rest: a report cut short
    # ended with status 0 and no word (--help, validate).
    report = tmp_path / "report.txt"
    with open(report, "w") as output:
        done = run(args, stdout=output, size_limit=SIZE_LIMIT)
    assert_told(done, str(report), "File too large")
    # Cut back to its last whole line (a JSON document's "{" at most: no other first line fits in 8 bytes).
    assert report.read_bytes() in (b"", b"{\n")


@pytest.mark.parametrize("appended", [False, True], ids=["new file", "appended to"])
def test_json_lines_cut_short_by_their_file_keep_only_whole_lines(tmp_path, appended):
    # Three results of about 470 bytes each, and room for two of them: the third is cut back, not left half.
    report = tmp_path / "results.jsonl"
    before = b'{"earlier": "output"}\n' if appended else b""
    report.write_bytes(before)
    with open(report, "a" if appended else "w") as output:
        done = run(COMMANDS["replay --json"], stdout=output, size_limit=1024)
    assert_told(done, str(report), "File too large")
    written = report.read_bytes()
    assert written.startswith(before) and written.endswith(b"\n") and len(written) <= 1024
    lines = written[len(before) :].decode("utf-8").splitlines()
    assert lines and all(json.loads(line)["ruleset"] == "high-society/ko" for line in lines)


@pytest.mark.parametrize("args", [COMMANDS["rulesets"], COMMANDS["replay --json"]], ids=["rulesets", "replay --json"])
def test_output_over_quota_is_told_and_fails(args, tmp_path):
    inject = (
        "import errno, os\n"
        "real_write = os.write\n"
        "def over_quota(fd, data):\n"
        # The quota is the report file's: once the program sends its output to /dev/null, writes succeed.
        "    if fd == 1 and os.readlink('/proc/self/fd/1') != os.devnull:\n"
        "        raise OSError(errno.EDQUOT, os.strerror(errno.EDQUOT))\n"
        "    return real_write(fd, data)\n"
        "os.write = over_quota\n"
    )
    with open(tmp_path / "report.txt", "w") as output:
        done = run(args, stdout=output, inject=inject)
    assert_told(done, str(tmp_path / "report.txt"), os.strerror(errno.EDQUOT))


def output_files(tmp_path: Path) -> dict[str, tuple[tuple[str, ...], Path]]:
    """Commands that write a file, and the file (the size limit stops each one part way)."""
    root = tmp_path / "root"
    return {
        "play --log": (
            ("play", "-r", "high-society/ja", "--players", BOTS, "--seed", "1", "--log", str(tmp_path / "game.json")),
            tmp_path / "game.json",
        ),
        "simulate --logs": ((*SIMULATE, "--logs", str(tmp_path / "games.jsonl")), tmp_path / "games.jsonl"),
        "simulate --plot": ((*SIMULATE, "--plot", str(tmp_path / "plot.png")), tmp_path / "plot.png"),
        "i18n extract": (("i18n", "extract", "--output", str(tmp_path / "cardrules.pot")), tmp_path / "cardrules.pot"),
        "i18n init": (
            ("i18n", "init", "fr", "--dir", str(root)),
            root / "locales" / "fr" / "LC_MESSAGES" / "cardrules.po",
        ),
    }


OUTPUT_FILES = ["play --log", "simulate --logs", "simulate --plot", "i18n extract", "i18n init"]


@pytest.mark.parametrize("name", OUTPUT_FILES)
def test_an_output_file_at_its_size_limit_is_told_and_fails(name, tmp_path):
    args, target = output_files(tmp_path)[name]
    done = run(args, size_limit=300)
    assert_told(done, str(target), "File too large")


@pytest.mark.parametrize("name", OUTPUT_FILES)
def test_a_folder_where_an_output_file_goes_is_told(name, tmp_path):
    args, target = output_files(tmp_path)[name]
    target.mkdir(parents=True)
    done = run(args)
    assert "Traceback" not in done.stderr, done.stderr
    # Given on the command line, it is a wrong command line (status 2); found by the program, bad input (1).
    assert done.returncode == (1 if name == "i18n init" else 2), done.stderr
    assert str(target) in done.stderr
    assert target.is_dir()


def test_a_catalog_update_at_the_size_limit_leaves_the_translators_catalog_whole(tmp_path):
    catalog = tmp_path / "locales" / "ja" / "LC_MESSAGES" / "cardrules.po"
    catalog.parent.mkdir(parents=True)
    shipped = (REPO / "locales" / "ja" / "LC_MESSAGES" / "cardrules.po").read_bytes()
    # A message the program no longer has: the update has something to write.
    catalog.write_bytes(shipped.replace(b'msgid "cannot write the output: {reason}"', b'msgid "an older message"', 1))
    before = catalog.read_bytes()
    assert before != shipped
    done = run(("i18n", "update", "ja", "--dir", str(tmp_path)), size_limit=len(before) // 2)
    assert_told(done, str(catalog), "File too large")
    assert catalog.read_bytes() == before  # written through a temporary file and a rename: never cut short
    assert [path.name for path in catalog.parent.iterdir()] == ["cardrules.po"]  # no temporary file left


@pytest.mark.parametrize("name", ["play --log", "i18n extract", "i18n init"])
def test_an_output_file_over_quota_is_told_and_leaves_nothing_behind(name, tmp_path):
    # A network drive often reports a quota only when the data is flushed to it (fsync), after every write passed.
    inject = (
        "import errno, os\n"
        "def over_quota(fd):\n"
        "    raise OSError(errno.EDQUOT, os.strerror(errno.EDQUOT))\n"
        "os.fsync = over_quota\n"
    )
    args, target = output_files(tmp_path)[name]
    done = run(args, inject=inject)
    assert_told(done, str(target), os.strerror(errno.EDQUOT))
    assert not target.exists()
    assert [path.name for path in target.parent.iterdir()] == []  # no temporary file left either
