"""The presentation key: how a game is shown and told, apart from its rules; older rulesets still load."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import locations

from engine.families.catalog import deprecations, load_ruleset, validate

REPO = locations.REPO

OLD_FORM = """extends: high-society/ja
id: high-society/house/old-form
view:
  columns:
    - {measure: money}
  tell:
    - {counter: round, says: "Round {value}."}
report: [money]
search:
  try-first: [pass]
"""
NEW_FORM = """extends: high-society/ja
id: high-society/house/new-form
presentation:
  view:
    columns:
      - {measure: money}
  tell:
    - {counter: round, says: "Round {value}."}
  report: [money]
  search:
    try-first: [pass]
"""
COUNTER = "counters:\n  round: {owner: shared, name: Round}\n"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text + COUNTER, encoding="utf-8")
    return path


def test_a_ruleset_written_before_the_key_reads_as_one_written_with_it(tmp_path):
    old = load_ruleset(str(_write(tmp_path, "old.yaml", OLD_FORM)))
    new = load_ruleset(str(_write(tmp_path, "new.yaml", NEW_FORM)))
    assert (old.view, old.tell, old.report, old.search) == (new.view, new.tell, new.report, new.search)
    assert [column["measure"] for column in new.view["columns"]] == ["money"]
    assert "tell" not in new.view and new.tell[0]["counter"] == "round"


def test_validate_accepts_the_old_places_and_warns_where_each_was_written(tmp_path):
    old = _write(tmp_path, "old.yaml", OLD_FORM)
    assert validate(str(old)) == []
    warned = {(d.location.line, d.location.json_path) for d in deprecations(str(old))}
    assert warned == {(3, "$.view"), (6, "$.view.tell"), (8, "$.report"), (9, "$.search")}
    assert deprecations(str(_write(tmp_path, "new.yaml", NEW_FORM))) == []


def test_the_command_prints_the_warnings_and_still_calls_the_file_valid(tmp_path):
    old = _write(tmp_path, "old.yaml", OLD_FORM)
    done = subprocess.run(
        [sys.executable, "-m", "engine", "validate", str(old), "--lang", "en"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0 and done.stdout.strip() == "1 file valid."
    assert f"{old}:3:1: $.view: warning: `view` belongs under `presentation` now" in done.stderr
    assert "write it as `presentation.tell`" in done.stderr


def test_an_overlay_may_change_the_presentation_alone(tmp_path):
    overlay = tmp_path / "report-only.yaml"
    overlay.write_text(
        "extends: high-society/ja\nid: high-society/house/report-only\npresentation:\n  report: []\n", encoding="utf-8"
    )
    changed, parent = load_ruleset(str(overlay)), load_ruleset("high-society/ja")
    assert changed.report == () and parent.report != ()
    assert changed.view == parent.view and changed.cards == parent.cards and changed.flow == parent.flow


# Lines of the view that show no zone, or a zone of each player above the table: refused, each at its line.
LINES_WITHOUT_THEIR_ZONES = """extends: high-society/ja
id: high-society/house/lines
presentation:
  view:
    shared:
      - {zones: [revealed, discarded], heading: On the table}
      - {zone: hand}
      - {zones: [discarded, bid]}
      - {measure: money}
    own:
      - {status: true}
      - {zones: [hand, bid], show: values, total: money}
"""


def test_validate_refuses_a_line_of_own_or_shared_that_shows_no_zone_or_shared_a_zone_of_each_player(tmp_path):
    path = tmp_path / "lines.yaml"
    path.write_text(LINES_WITHOUT_THEIR_ZONES, encoding="utf-8")
    found = [(d.location.line, d.location.column, d.location.json_path, d.message) for d in validate(str(path))]
    each_player = (
        "belongs to each player, but `shared` shows the table's shared zones: show it in `columns` or `details`"
    )
    no_zone = "shows the cards of a zone: give it `zone` or `zones` (measures and the status go in `columns`)"
    assert found == [
        (11, 9, "$.presentation.view.own[0]", f"a line of `own` {no_zone}"),
        (7, 16, "$.presentation.view.shared[1].zone", f"the zone hand {each_player}"),
        (8, 29, "$.presentation.view.shared[2].zones[1]", f"the zone bid {each_player}"),
        (9, 9, "$.presentation.view.shared[3]", f"a line of `shared` {no_zone}"),
    ]


def test_the_command_prints_where_a_line_of_shared_names_a_zone_of_each_player(tmp_path):
    path = tmp_path / "lines.yaml"
    path.write_text(LINES_WITHOUT_THEIR_ZONES, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "validate", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 1
    assert f"{path}:7:16: $.presentation.view.shared[1].zone: the zone hand belongs to each player" in done.stderr
