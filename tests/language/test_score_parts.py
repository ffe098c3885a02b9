"""``scoring.parts``: a score written in named parts, their sum the score, each part a line of ``score --explain``.

No Thanks! and Coloretto write their scores in parts. The tests check the
explanation (its lines add up to the score in every language), an overlay
that changes one part by its id, and the located errors: a score written both
ways, a part without a name or a value, a part that does not compile.
"""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

from cli_helpers import cardrules
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fronts.formats.table import load_table

NUMBERS = list(range(3, 36))


def _table(tmp_path: Path, ruleset: str, players: dict[str, tuple[list[int], int]]) -> Path:
    lines = [f"ruleset: {ruleset}", "players:"]
    for name, (cards, chips) in players.items():
        listed = ", ".join(f'"{number}"' for number in cards)
        lines.append(f"  {name}: {{cards: [{listed}], chips: {chips}}}")
    path = tmp_path / "table.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_explanation_shows_each_part_with_the_running_total(tmp_path: Path) -> None:
    table = _table(tmp_path, "no-thanks/classic", {"Ann": ([3, 4, 5, 10, 20], 4), "Bo": ([30], 10), "Cy": ([], 19)})
    out = cardrules("score", str(table), "--explain").stdout.splitlines()
    assert out[:4] == ["Ann: 4 chips", "  Cards: 33 = 33", "  Chips: -4 = 29", "  Score: 29"]
    ja = cardrules("score", str(table), "--explain", lang="ja").stdout.splitlines()
    assert ja[1:4] == ["  カード：33 = 33", "  チップ：-4 = 29", "  得点：29"]
    ko = cardrules("score", str(table), "--explain", lang="ko").stdout.splitlines()
    assert ko[1:4] == ["  카드: 33 = 33", "  칩: -4 = 29", "  점수: 29"]


@settings(max_examples=60, deadline=None)
@given(
    taken=st.lists(st.sets(st.sampled_from(NUMBERS), max_size=8), min_size=3, max_size=3),
    chips=st.lists(st.integers(0, 60), min_size=3, max_size=3),
)
def test_the_parts_add_up_to_the_score(taken: list[set[int]], chips: list[int]) -> None:
    # Each card with one player at most: the first to list it keeps it.
    seen: set[int] = set()
    held = {}
    for seat, (numbers, left) in enumerate(zip(taken, chips)):
        held[f"P{seat}"] = (sorted(numbers - seen), left)
        seen |= numbers
    with tempfile.TemporaryDirectory() as folder:
        result = load_table(_table(Path(folder), "no-thanks/classic", held)).score()
    for player, (numbers, left) in zip(result.players, held.values()):
        steps = player.explanation
        assert [step.step_id for step in steps] == ["parts[0]", "parts[1]"]
        assert steps[0].before == 0 and steps[-1].after == player.score
        assert steps[0].after == steps[1].before
        # The cards: each run of consecutive numbers counts its lowest; the chips: one point off each.
        lowest = sum(n for i, n in enumerate(numbers) if i == 0 or numbers[i - 1] != n - 1)
        assert steps[0].after - steps[0].before == Fraction(lowest)
        assert steps[1].after - steps[1].before == -left


def test_an_overlay_changes_one_part_by_its_id(tmp_path: Path) -> None:
    house = tmp_path / "two-per-chip.yaml"
    house.write_text(
        "extends: no-thanks/classic\nid: no-thanks/two-per-chip\nscoring:\n  parts:\n"
        '    - {id: chips, value: "-2 * me.chips"}\n',
        encoding="utf-8",
    )
    assert cardrules("validate", str(house)).exit_code == 0
    table = _table(tmp_path, str(house), {"Ann": ([3, 4, 5], 4), "Bo": ([30], 1), "Cy": ([], 9)})
    out = cardrules("score", str(table), "--explain").stdout.splitlines()
    assert out[:4] == ["Ann: 4 chips", "  Cards: 3 = 3", "  Chips: -8 = -5", "  Score: -5"]


def test_a_score_written_both_ways_and_a_part_missing_its_name_are_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "extends: no-thanks/classic\nid: no-thanks/bad\nscoring:\n  parts:\n"
        '    - {id: extra, value: "1"}\n  score: "2"\n',
        encoding="utf-8",
    )
    result = cardrules("validate", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:5:5: $.scoring.parts: write the score as score or as parts, not both" in result.stderr
    assert "$replace: true" in result.stderr
    assert f"{bad}:5:7: $.scoring.parts[2]: missing required key 'name'" in result.stderr


def test_a_part_that_does_not_compile_is_located_at_its_value(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        'extends: no-thanks/classic\nid: no-thanks/bad\nscoring:\n  parts:\n    - {id: chips, value: "-me.chip"}\n',
        encoding="utf-8",
    )
    result = cardrules("validate", str(bad))
    assert result.exit_code == 1
    assert (
        f"{bad}:5:28: $.scoring.parts[1].value: a player has no attribute 'chip' (did you mean 'chips'?)"
        in result.stderr
    )
