"""The notes under a `cardrules simulate` report at an 80-column terminal (pexpect), in ja, ko and en: wrapped as
all the program's text is, so "±" and "95%" stay with their sentence and no line starts with "）。"."""

from __future__ import annotations

import pexpect
import pytest
from rich.cells import cell_len
from terminal_helpers import CARDRULES, ENV, ROOT, plain

COLUMNS = 80
NOTE_START = {"en": ("± is", "Each 95% interval"), "ja": ("± は", "95% 区間"), "ko": ("±", "95%")}


@pytest.mark.parametrize("lang", ["ja", "ko", "en"])
def test_the_notes_under_the_report_keep_their_signs_with_their_sentence(lang):
    env = dict(ENV, COLUMNS=str(COLUMNS), LINES="24")
    child = pexpect.spawn(
        CARDRULES[0],
        [
            *CARDRULES[1:],
            "--lang",
            lang,
            "simulate",
            "-r",
            "high-society/ja",
            "-r",
            "docs/examples/my-house-rule.yaml",
            "--games",
            "40",
            "--players",
            "bot:heuristic,bot:random,bot:random,bot:random",
            "--seed",
            "1",
            "--jobs",
            "1",
        ],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(24, COLUMNS),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # The report follows the progress bar's last redraw; its lines as the terminal shows them.
    lines = [line.rstrip() for line in plain(child.before).split("\n")]
    report = lines[next(i for i, line in enumerate(lines) if line.startswith(("┏", "+", "┌"))) :]
    assert all(cell_len(line) <= COLUMNS for line in report), report
    assert not any(line.strip() in ("±", "95%") for line in report), report
    assert not any(line.startswith(("）", "。", "、", "ー")) for line in report), report
    for start in NOTE_START[lang]:
        note = next(line for line in report if line.startswith(start))
        assert cell_len(note) > COLUMNS // 2, note  # the sentence goes on after its sign, on the same line
