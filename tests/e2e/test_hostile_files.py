"""Paths that lead to something other than a small regular file, and catalog headers written to hurt.

Every reader (rulesets, tables, logs, saved games, catalogs) opens without
blocking and looks at what it opened: a FIFO, a device, a directory or a file
over the size limit is refused with a located message and exit 1, at once,
before a byte is read. A catalog's header is judged before Babel builds
anything from it: only UTF-8, 1 to 6 plural forms, a formula that works for
every count.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from catalog_helpers import write_catalog
from cli_helpers import REPO

from engine.base import catalogs

READERS = {
    "validate": ["validate"],
    "replay": ["replay"],
    "score": ["score"],
    "play-resume": ["play", "--resume"],
    "play-ruleset": ["play", "-r"],
    "simulate-ruleset": ["simulate", "--games", "1", "--players", "bot:random,bot:random,bot:random", "-r"],
}
# Over each reader's limit: rulesets and tables 1 MiB, logs 32 MiB (the catalogs' 4 MiB is tested below).
OVERSIZED = 33 * 1024 * 1024


def run(args: list[str], env: dict[str, str] | None = None, lang: str = "en") -> subprocess.CompletedProcess:
    """The real program, with a deadline far past what refusing should take: a hang fails the test."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args, "--lang", lang],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=20,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
    )


@pytest.fixture(params=["fifo", "dev-zero", "directory", "oversized"])
def hostile_path(request, tmp_path):
    """A path where a file is expected, and the start of the message it must get."""
    kind = request.param
    if kind == "fifo":
        path = tmp_path / "game.json"
        os.mkfifo(path)  # opening it for reading would wait for a writer forever
        return str(path), "it is not a regular file"
    if kind == "dev-zero":
        return "/dev/zero", "it is not a regular file"
    if kind == "directory":
        path = tmp_path / "game.yaml"
        path.mkdir()
        return str(path), "is a directory, not a file"
    path = tmp_path / "game.yaml"
    with open(path, "wb") as handle:
        handle.truncate(OVERSIZED)  # sparse: no time or disk spent writing it
    return str(path), "file is too large ("


@pytest.mark.parametrize("reader", list(READERS))
def test_every_reader_refuses_what_is_not_a_small_regular_file_at_once(reader, hostile_path):
    path, message = hostile_path
    done = run([*READERS[reader], path])
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{path}:1:1: {message}"), done.stderr


def test_a_log_read_from_a_pipe_on_standard_input_is_refused_not_waited_for():
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "/dev/stdin", "--lang", "en"],
        input="{}",
        capture_output=True,
        text=True,
        timeout=20,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 1
    assert done.stderr.startswith("/dev/stdin:1:1: it is not a regular file")


def test_a_string_with_half_a_character_in_a_log_is_a_located_error(tmp_path):
    log = (REPO / "tests" / "logs" / "valid-ja.json").read_text(encoding="utf-8")
    broken = tmp_path / "half.json"
    broken.write_text(log.replace('"Ann"', '"An\\ud800n"', 1), encoding="utf-8")
    done = run(["replay", str(broken)])
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{broken}:")
    assert "$.players[0]: the text holds half of a character (a lone \\ud800 escape)" in done.stderr


# --------------------------------------------------------------------------- catalogs

HEADERS = [
    ("nplurals=100000000; plural=0;", "nplurals must be from 1 to 6, not 100000000"),
    ("nplurals=0; plural=0;", "nplurals must be from 1 to 6, not 0"),
    ("nplurals=" + "9" * 5000 + "; plural=0;", "nplurals must be from 1 to 6, not 99999999999999999999…"),
    ("nplurals=2; plural=n/0;", "the Plural-Forms formula fails for n = 0"),
    ("nplurals=2; plural=(n>500 ? n%0 : 0);", "the Plural-Forms formula fails for n = 501"),
    ("nplurals=2; plural=n%3;", "the Plural-Forms formula gives form 2 for n = 2, but nplurals is 2"),
    ("nplurals=2; plural=__import__('os');", "the Plural-Forms formula is not a C expression of n"),
    ("garbage", "the Plural-Forms header must read nplurals=N; plural=FORMULA;"),
]


@pytest.mark.parametrize("plural_forms, message", HEADERS, ids=[case[1][:30] for case in HEADERS])
def test_a_catalog_with_a_hostile_plural_header_stops_every_command_with_its_line(tmp_path, plural_forms, message):
    path = write_catalog(tmp_path, "eo", 'msgid "Usage:"\nmsgstr "Uzado:"\n', plural_forms=plural_forms)
    for args in (["--help"], ["validate", str(path)]):
        done = run(args, env={"CARDRULES_PATH": str(tmp_path)}, lang="eo")
        assert done.returncode == 1, (args, done.stderr)
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith(f"{path}:4: {message}"), done.stderr


def test_only_utf8_catalogs_are_read(tmp_path):
    path = write_catalog(tmp_path, "eo", 'msgid "Usage:"\nmsgstr "Uzado:"\n')
    path.write_text(path.read_text(encoding="utf-8").replace("charset=UTF-8", "charset=UTF-7"), encoding="utf-8")
    done = run(["--help"], env={"CARDRULES_PATH": str(tmp_path)}, lang="eo")
    assert done.returncode == 1
    assert done.stderr.startswith(f"{path}:3: the catalog must be UTF-8 (charset=UTF-8), not UTF-7")


@pytest.mark.parametrize("target", ["/dev/zero", "fifo", "oversized"])
def test_a_catalog_that_is_not_a_small_regular_file_stops_every_command(tmp_path, target):
    path = tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po"
    path.parent.mkdir(parents=True)
    if target == "fifo":
        os.mkfifo(path)
    elif target == "oversized":
        with open(path, "wb") as handle:
            handle.truncate(catalogs.MAX_CATALOG_BYTES + 1)
    else:
        path.symlink_to(target)
    for args in (["--help"], ["validate", str(path)], ["i18n", "check", "eo"]):
        done = run(args, env={"CARDRULES_PATH": str(tmp_path)}, lang="eo")
        assert done.returncode == 1, (args, done.stderr)
        assert done.stderr.startswith(f"{path}:1:1: "), done.stderr
        assert "Traceback" not in done.stderr


def test_validate_reports_a_catalog_without_plural_forms(tmp_path):
    path = tmp_path / "eo.po"
    path.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "b"\n', encoding="utf-8"
    )
    done = run(["validate", str(path)])
    assert done.returncode == 1
    assert done.stderr.startswith(f"{path}:1: the catalog has no Plural-Forms header")
