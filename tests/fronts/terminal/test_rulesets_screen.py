"""`cardrules rulesets` at an 80x24 terminal (pexpect), in en, ja and ko: each description wrapped by display width
under its column, with a hanging indent, instead of being broken by the terminal inside a word."""

from __future__ import annotations

import re

import pexpect
import pytest
from rich.cells import cell_len
from terminal_helpers import CARDRULES, ENV, ROOT, plain

COLUMNS = 80


def rulesets_at_a_terminal(lang: str, columns: int = COLUMNS) -> list[str]:
    env = dict(ENV, COLUMNS=str(columns), LINES="24")
    child = pexpect.spawn(
        CARDRULES[0],
        [*CARDRULES[1:], "--lang", lang, "rulesets"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, columns),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return plain(child.before.replace("\r\n", "\n")).splitlines()


def rulesets_in_a_pipe(lang: str) -> list[str]:
    import subprocess

    done = subprocess.run(
        [*CARDRULES, "--lang", lang, "rulesets"],
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        env=ENV,
        timeout=60,
        check=True,
    )
    return done.stdout.splitlines()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_descriptions_wrap_under_their_column_with_a_hanging_indent(lang):
    lines = rulesets_at_a_terminal(lang)
    assert all(cell_len(line) <= COLUMNS for line in lines), lines
    one_line_each = rulesets_in_a_pipe(lang)  # a pipe keeps one line per ruleset, to be read by a program
    column = re.match(r"\S+\s+", one_line_each[0]).end()
    assert len([line for line in lines if not line.startswith(" ")]) == len(one_line_each)
    # Every continuation is indented to the column, and the lines of a ruleset give back its description:
    # joined with a space (English and Korean break at spaces) or without (Japanese breaks between characters).
    rulesets: list[list[str]] = []
    for line in lines:
        if line.startswith(" "):
            assert line[:column].isspace() and not line[column].isspace(), line
            rulesets[-1].append(line[column:])
        else:
            rulesets.append([line])
    for piece, whole in zip(rulesets, one_line_each):
        joiner = "" if lang == "ja" else " "
        assert joiner.join(piece) == whole, (piece, whole)
        assert not any(line.startswith(("、", "。", "）", "ー")) for line in piece[1:]), piece
        if lang != "ja":
            words = whole.split()
            assert all(word in words for line in piece for word in line.split()), piece  # no word cut


def test_on_a_narrow_screen_a_description_goes_under_its_name():
    lines = rulesets_at_a_terminal("en", columns=56)
    assert all(cell_len(line) <= 56 for line in lines), lines
    assert lines[0].strip() == "bohnanza/amigo" and lines[1].startswith("    The classic"), lines
