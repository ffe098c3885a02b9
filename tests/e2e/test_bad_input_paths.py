"""Paths in diagnostics: shown as the user gave them, and a file reached through another from the same base."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import locations
import pytest
from cli_helpers import cardrules, cardrules_process

from engine.base.errors import display_path

TESTS = locations.TESTS
REPO = TESTS.parent
HUGE_HEADER = "# A file far larger than any ruleset: refused before it is parsed.\nextends: high-society/ja\n"
HUGE_PADDING = "# " + " ".join(["padding"] * 10) + "\n"


def validate_from(directory: Path, *files: str) -> subprocess.CompletedProcess:
    """``cardrules validate FILES`` run from ``directory`` in a fresh process."""
    return cardrules_process("validate", *files, cwd=directory)


def test_a_cycle_named_by_an_absolute_path_is_shown_with_absolute_paths_only(tmp_path):
    cycle_a = TESTS / "broken" / "cycle-a.yaml"
    done = validate_from(tmp_path, str(cycle_a))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    cycle_b = TESTS / "broken" / "cycle-b.yaml"
    first = done.stderr.splitlines()[0]
    assert first == (f"{cycle_b}:1:10: $.extends: `extends` makes a cycle: {cycle_a} -> {cycle_b} -> {cycle_a}")
    assert ".." not in first


def test_a_cycle_named_by_a_relative_path_is_shown_relative_to_the_same_base():
    done = validate_from(TESTS, "broken/cycle-a.yaml")
    assert done.stderr.splitlines()[0] == (
        "broken/cycle-b.yaml:1:10: $.extends: `extends` makes a cycle: "
        "broken/cycle-a.yaml -> broken/cycle-b.yaml -> broken/cycle-a.yaml"
    )


def test_a_problem_inherited_from_a_parent_file_names_the_parent_from_the_childs_base(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "parent.yaml").write_text(
        "extends: high-society/ja\nplayers: {min: 9, max: 2}\n", encoding="utf-8"
    )
    (tmp_path / "rules" / "child.yaml").write_text("extends: parent.yaml\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    by_relative = validate_from(tmp_path, "rules/child.yaml")
    assert by_relative.stderr.startswith("rules/parent.yaml:2:")
    by_absolute = validate_from(elsewhere, str(tmp_path / "rules" / "child.yaml"))
    assert by_absolute.stderr.startswith(f"{tmp_path / 'rules' / 'parent.yaml'}:2:")
    by_dotted = validate_from(elsewhere, "../rules/child.yaml")
    assert by_dotted.stderr.startswith("../rules/parent.yaml:2:")


@pytest.mark.parametrize(
    "referrer, reference, shown",
    [
        ("broken/cycle-a.yaml", "cycle-b.yaml", "broken/cycle-b.yaml"),
        ("/abs/dir/a.yaml", "sub/b.yaml", "/abs/dir/sub/b.yaml"),
        ("a.yaml", "../b.yaml", "../b.yaml"),
        ("x/a.yaml", "/elsewhere/b.yaml", "/elsewhere/b.yaml"),
    ],
)
def test_a_path_written_in_a_file_is_shown_joined_to_that_files_name(referrer, reference, shown):
    assert display_path(reference, referrer=referrer) == shown


def test_a_file_found_by_name_outside_the_working_directory_is_shown_in_full(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ruleset_file = REPO / "rulesets" / "high-society" / "ja.yaml"
    assert display_path(ruleset_file) == str(ruleset_file)
    monkeypatch.chdir(REPO)
    assert display_path(ruleset_file) == os.path.join("rulesets", "high-society", "ja.yaml")


def test_a_huge_ruleset_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    (tmp_path / "broken").mkdir()
    huge = tmp_path / "broken" / "huge.yaml"
    huge.write_text(HUGE_HEADER + HUGE_PADDING * 14000, encoding="utf-8")
    assert huge.stat().st_size == 1148092
    monkeypatch.chdir(tmp_path)
    done = cardrules("validate", "broken/huge.yaml")
    assert done.exit_code == 1
    assert (
        done.stderr.splitlines()[0] == "broken/huge.yaml:1:1: file is too large (1148092 bytes; the limit is 1048576)"
    )


LONG = "a" * 300  # one path component past the 255 bytes a file name may have


@pytest.mark.parametrize(
    "files, args, status",
    [
        ({}, ("play", "-r", f"high-society/{LONG}"), 2),
        ({}, ("simulate", "-r", LONG, "--games", "1", "--players", "bot:random,bot:random,bot:random"), 2),
        ({}, ("validate", f"{LONG}.yaml"), 1),
        ({"ext.yaml": f"extends: {LONG}.yaml\n"}, ("validate", "ext.yaml"), 1),
        (
            {
                "table.yaml": f"ruleset: {LONG}\nplayers:\n  A: {{money: 1000}}\n  B: {{money: 1000}}\n  C: {{money: 1000}}\n"
            },
            ("score", "table.yaml"),
            1,
        ),
    ],
)
def test_a_name_too_long_for_a_file_is_refused_like_any_missing_one(tmp_path, files, args, status):
    # The file system refuses the name itself (ENAMETOOLONG): no traceback, the usual message.
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    done = cardrules_process(*args, cwd=tmp_path)
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    assert LONG[:40] in done.stderr
