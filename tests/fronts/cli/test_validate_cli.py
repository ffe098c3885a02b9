"""`cardrules validate` and `cardrules rulesets`: located messages, exit codes, the broken corpus."""

from __future__ import annotations

import subprocess
import sys

import locations
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from engine.base import i18n
from engine.base.errors import Diagnostic, Location
from engine.fronts.cli.common import in_reading_order
from engine.fronts.cli.main import build_group

TESTS = locations.TESTS
REPO = TESTS.parent
BROKEN = sorted(p for p in (TESTS / "broken").glob("*.yaml") if not p.name.startswith("_"))
SHIPPED = sorted((REPO / "rulesets").rglob("*.yaml"))


@pytest.fixture
def cli(monkeypatch):
    """Run a cardrules command in English from the tests directory; returns the click result."""
    monkeypatch.chdir(TESTS)
    i18n.set_language("en")

    def run(*args: str):
        return CliRunner().invoke(build_group(), list(args), catch_exceptions=False)

    return run


def test_the_corpus_is_large_enough():
    assert len(BROKEN) >= 25
    assert all(p.with_suffix(".expected").is_file() for p in BROKEN)


@pytest.mark.parametrize("broken", BROKEN, ids=lambda p: p.stem)
def test_each_broken_file_gives_exactly_its_expected_diagnostics(cli, broken):
    result = cli("validate", f"broken/{broken.name}")
    assert result.exit_code == 1
    expected = broken.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    diagnostics = [line for line in result.stderr.splitlines() if line.startswith("broken/")]
    assert diagnostics == expected
    assert "Traceback" not in result.stderr


def test_every_shipped_ruleset_is_valid(cli):
    result = cli("validate", *map(str, SHIPPED))
    assert result.exit_code == 0, result.stderr
    assert f"{len(SHIPPED)} files valid." in result.stdout


def test_one_valid_file_is_counted_in_the_singular(cli):
    result = cli("validate", str(REPO / "rulesets/high-society/ja.yaml"))
    assert result.exit_code == 0
    assert "1 file valid." in result.stdout


def test_every_problem_of_every_file_is_reported_in_one_run(cli):
    result = cli(
        "validate",
        "broken/unknown-tag.yaml",
        str(REPO / "rulesets/high-society/ko.yaml"),
        "broken/bad-override-type.yaml",
    )
    assert result.exit_code == 1
    located = [line for line in result.stderr.splitlines() if line.startswith("broken/")]
    assert len(located) == 3
    assert "3 problems found." in result.stderr
    assert "2 of 3 files are invalid." in result.stderr


def test_a_missing_file_is_bad_input_not_a_crash(cli):
    result = cli("validate", "broken/no-such-file.yaml")
    assert result.exit_code == 1
    assert result.stderr.startswith("broken/no-such-file.yaml:1:1: no such ruleset file")


def test_no_file_at_all_is_a_bad_command_line(cli):
    assert cli("validate").exit_code == 2


def test_a_catalog_is_checked_as_a_catalog(cli, tmp_path):
    good = REPO / "locales/ja/LC_MESSAGES/cardrules.po"
    assert cli("validate", str(good)).exit_code == 0
    bad = tmp_path / "bad.po"
    bad.write_text('msgid "a"\nmsgstr "b"\nmsgid "a"\nthis is not a catalog\n', encoding="utf-8")
    result = cli("validate", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}:")


def test_conformance_plays_the_house_rules(cli):
    result = cli("validate", "--conformance", str(REPO / "rulesets/high-society/house/no-theft.yaml"))
    assert result.exit_code == 0, result.stderr


def test_the_alias_bomb_is_refused_within_seconds_by_the_real_command():
    # A generous timeout: the point is that it never expands, not how fast it is.
    process = subprocess.run(
        [sys.executable, "-m", "engine", "validate", "broken/alias-bomb.yaml", "--lang", "en"],
        cwd=TESTS,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert process.returncode == 1
    assert "Traceback" not in process.stderr
    assert process.stderr.startswith("broken/alias-bomb.yaml:7:4: the document is too large")
    assert "lol" not in process.stderr


def test_rulesets_lists_the_playable_ones_with_a_description(cli):
    result = cli("rulesets")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert "high-society/ja" in names and "high-society/house/no-theft" in names
    assert "high-society/base" not in names
    assert "without the theft card" in result.stdout


def test_rulesets_all_marks_the_abstract_ones(cli):
    result = cli("rulesets", "--all")
    line = next(line for line in result.stdout.splitlines() if line.startswith("high-society/base"))
    assert "[abstract]" in line


def test_rulesets_describes_in_the_readers_language(cli):
    # main() sets the language from --lang before click parses; do the same here.
    i18n.set_language("ja")
    try:
        result = cli("rulesets", "--lang", "ja")
    finally:
        i18n.set_language("en")
    assert result.exit_code == 0
    assert "日本語版" in result.stdout


def test_an_option_used_as_a_tag_must_name_a_tag_with_every_value_a_player_may_choose(tmp_path):
    from engine.families.catalog import validate

    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: high-society/ja\n"
        "option-definitions:\n"
        "  which: {type: choice, values: [luxury, nosuchtag], default: luxury, description: Which tag.}\n"
        "scoring:\n  steps:\n    - {id: extra, kind: add-per-card, tag: {option: which}, amount: 1}\n",
        encoding="utf-8",
    )
    assert [str(d) for d in validate(str(house))] == [
        f"{house}:6:44: $.scoring.steps[6].tag: when option 'which' is 'nosuchtag': unknown tag 'nosuchtag'; declared: money, "
        "luxury, prestige, misfortune, red, debt, scandal (in this file: $.scoring.steps[0].tag)"
    ]
    house.write_text(house.read_text(encoding="utf-8").replace("nosuchtag", "prestige"), encoding="utf-8")
    assert validate(str(house)) == []


@pytest.mark.parametrize(
    "overlay, line_column, problem",
    [
        (
            "extends: high-society/ja\ncards:\n  - {id: prestige-1, $remove: true}\n  - {id: prestige-2, $remove: true}\n",
            # Two removals together make the end unreachable (either alone leaves 3 red cards): the cards key is the cause.
            "2:1: $.end[0].count: this end condition can never trigger: it waits for 4 cards tagged 'red' but the deck has 2",
            "(at rulesets/high-society/base.yaml:102:66 in the ruleset this file extends)",
        ),
        # One item of the list is the cause on its own: the problem is placed at that item.
        (
            "extends: high-society/ja\ncards:\n  - {id: luxury-1, value: 3}\n  - {id: scandal, $remove: true}\n",
            "4:5: $.end[0].count: this end condition can never trigger: it waits for 4 cards tagged 'red' but the deck has 3",
            "(at rulesets/high-society/base.yaml:102:66 in the ruleset this file extends)",
        ),
        (
            "extends: high-society/ja\nplayers: {min: 6}\n",
            "2:10: $.players.max: the most players (5) is fewer than the fewest (6)",
            "(at rulesets/high-society/base.yaml:15:24 in the ruleset this file extends)",
        ),
        # The other half of the check: the problem is in the house rule, the value it is wrong against in the parent.
        (
            "extends: high-society/ja\nplayers: {max: 2}\n",
            "2:16: $.players.max: the most players (2) is fewer than the fewest (3)",
            "(at rulesets/high-society/base.yaml:15:16 in the ruleset this file extends)",
        ),
    ],
)
def test_a_problem_a_house_rule_causes_in_its_parent_is_placed_in_the_house_rule(
    tmp_path, overlay, line_column, problem
):
    from engine.families.catalog import validate

    house = tmp_path / "house.yaml"
    house.write_text(overlay, encoding="utf-8")
    assert [str(d) for d in validate(str(house))] == [f"{house}:{line_column} {problem}"]
    played = subprocess.run(
        [sys.executable, "-m", "engine", "play", "-r", str(house), "--lang", "en"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=locations.REPO,
    )
    assert played.returncode == 1 and played.stderr.startswith(f"{house}:{line_column}")


def test_one_change_that_breaks_several_places_of_the_parents_is_one_problem_naming_them_all(tmp_path):
    from engine.families.catalog import validate

    house = tmp_path / "house.yaml"
    house.write_text("extends: high-society/ja\noption-definitions:\n  rounding: {values: [floor]}\n", encoding="utf-8")
    [problem] = validate(str(house))
    assert problem.location.file == str(house)
    assert problem.message == (
        "option 'rounding' cannot be 'exact'; valid values: floor (at "
        "rulesets/high-society/base.yaml:123:14 and rulesets/high-society/ja.yaml:29:13 "
        "in the ruleset this file extends)"
    )


def test_the_problems_of_a_file_are_printed_in_the_order_they_are_written(cli, tmp_path):
    # The option checks find these in another order (by kind of check); a reader works down the file.
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: high-society/ja\noptions:\n  debt-floor: zero\n  rounding: down\n"
        '  eliminate-poorest: "no"\n  tiebreak: [mony]\n',
        encoding="utf-8",
    )
    result = cli("validate", str(house))
    places = [line.split(": ")[0] for line in result.stderr.splitlines() if line.startswith(str(house))]
    assert places == [f"{house}:3:15", f"{house}:4:13", f"{house}:5:22", f"{house}:6:13"]


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a.yaml", "b.yaml", None]),
            st.one_of(st.none(), st.integers(1, 5)),
            st.integers(1, 3),
            st.text("xyz", max_size=2),
        )
    )
)
def test_reading_order_sorts_each_file_by_place_and_keeps_files_and_ties_in_their_order(entries):
    diagnostics = [
        Diagnostic(Location(file, line, column if line else None), message) for file, line, column, message in entries
    ]
    ordered = in_reading_order(diagnostics)
    assert sorted(map(id, ordered)) == sorted(map(id, diagnostics))
    first_seen = list(dict.fromkeys(d.location.file for d in diagnostics))
    assert list(dict.fromkeys(d.location.file for d in ordered)) == first_seen
    for file in first_seen:
        mine = [d for d in ordered if d.location.file == file]
        places = [(d.location.line or 0, d.location.column or 0) for d in mine]
        assert places == sorted(places)
        # Problems at one place keep the order they were found in.
        for place in set(places):
            assert [d for d in mine if (d.location.line or 0, d.location.column or 0) == place] == [
                d
                for d in diagnostics
                if d.location.file == file and (d.location.line or 0, d.location.column or 0) == place
            ]


@pytest.mark.parametrize(
    "overlay, problem, in_file",
    [
        (
            "scoring:\n  steps:\n    - {id: bonus, kind: add-per-card, tag: prestge, amount: 1}\n",
            "$.scoring.steps[6].tag: unknown tag 'prestge'",
            "$.scoring.steps[0].tag",
        ),
        (
            "cards:\n  - {id: theft, $remove: true}\n  - {id: luxury-3, tags: [luxry]}\n",
            "$.cards[2].tags[0]: unknown tag 'luxry'",
            "$.cards[1].tags[0]",
        ),
        ("end:\n  - {id: deck-empty, zone: dek}\n", "$.end[1].zone: unknown zone 'dek'", "$.end[0].zone"),
        (
            "scoring:\n  steps:\n    - {id: debt, amount: {option: debt-amount}}\n",
            "$.scoring.steps[1].amount.option: unknown option 'debt-amount'",
            "$.scoring.steps[0].amount.option",
        ),
        (
            "scoring:\n  steps:\n    - {id: bonus, kind: add-per-card, tag: prestige}\n",
            "$.scoring.steps[6]: missing required key 'amount'",
            "$.scoring.steps[0]",
        ),
    ],
)
def test_every_problem_in_an_overlays_list_item_names_its_path_in_the_file(tmp_path, overlay, problem, in_file):
    # Checks of the merged ruleset count items in the merged lists; the author finds the item by its place in
    # the file, as shape problems already say it.
    from engine.families.catalog import validate

    house = tmp_path / "house.yaml"
    house.write_text("extends: high-society/ja\n" + overlay, encoding="utf-8")
    [found] = validate(str(house))
    assert found.location.file == str(house)
    assert f"{found.location.json_path}: {found.message}".startswith(problem)
    assert found.message.endswith(f" (in this file: {in_file})")
