"""``cardrules score``: the rulebook example, JSON output, bad tables and bad command lines."""

from __future__ import annotations

import json

import jsonschema
import locations
import pytest
from cli_helpers import RESULT_SCHEMA, cardrules, cardrules_process

TABLES = locations.TESTS / "tables"


def test_score_explain_prints_the_rulebook_example_exactly():
    done = cardrules_process("score", str(TABLES / "rulebook-example.yaml"), "--explain")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == (TABLES / "rulebook-example.explain.en.txt").read_text(encoding="utf-8")


def test_score_json_is_one_contracts_result_object():
    done = cardrules("score", str(TABLES / "rulebook-example.yaml"), "--json")
    assert done.exit_code == 0
    result = json.loads(done.stdout)
    jsonschema.validate(result, RESULT_SCHEMA)
    assert result == {
        "ruleset": "high-society/ja",
        "players": [
            {
                "name": "Ann",
                "money": 26000,
                "eliminated": False,
                "score": 14,
                "cards": ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"],
            },
            {"name": "Bo", "money": 12000, "eliminated": False, "score": 14, "cards": ["luxury-10", "luxury-4"]},
            {
                "name": "Cy",
                "money": 6000,
                "eliminated": True,
                "score": 6,
                "cards": ["luxury-1", "luxury-2", "prestige-3"],
            },
        ],
        "winners": ["Ann"],
    }


def test_a_halved_odd_score_is_an_exact_decimal_in_json(tmp_path):
    table = tmp_path / "t.yaml"
    table.write_text(
        "ruleset: high-society/ja\nplayers:\n  A: {cards: [luxury-7, scandal], money: 3000}\n"
        "  B: {money: 2000}\n  C: {money: 1000}\n",
        encoding="utf-8",
    )
    done = cardrules("score", str(table), "--json")
    assert json.loads(done.stdout)["players"][0]["score"] == 3.5


def test_the_short_report_names_scores_money_and_the_winner():
    done = cardrules("score", str(TABLES / "tie-broken-by-money.json"))
    assert done.stdout.splitlines() == [
        "Ann: 5 points, 20,000 in hand",
        "Bo: 5 points, 25,000 in hand",
        "Cy: 10 points, 1,000 in hand, out",
        "Winner: Bo with 5.",
    ]


def test_an_option_on_the_command_line_changes_the_score():
    done = cardrules("score", str(TABLES / "clamped-house.yaml"), "--json", "-o", "debt-floor=none")
    assert json.loads(done.stdout)["players"][0]["score"] == -8


@pytest.mark.parametrize(
    "name", ["unknown-card.yaml", "card-held-twice.yaml", "bad-money.yaml", "too-few-players.yaml", "schema-error.yaml"]
)
def test_a_bad_table_exits_1_with_located_messages_and_no_traceback(name):
    done = cardrules("score", str(TABLES / name))
    assert done.exit_code == 1
    assert done.stderr.startswith(str(TABLES / name) + ":")
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_an_unknown_option_exits_1_listing_the_valid_ones():
    done = cardrules("score", str(TABLES / "rulebook-example.yaml"), "-o", "colour=red")
    assert done.exit_code == 1
    assert "debt-floor" in done.stderr


def test_a_missing_table_file_is_bad_input():
    done = cardrules("score", str(TABLES / "no-such-table.yaml"))
    assert done.exit_code == 1
    assert "no-such-table.yaml" in done.stderr


@pytest.mark.parametrize("args", [["score"], ["score", "--no-such-flag", "x.yaml"], ["score", "t.yaml", "-o", "x"]])
def test_a_wrong_command_line_exits_2(args):
    assert cardrules(*args).exit_code == 2


def test_the_explanation_is_in_the_readers_language():
    done = cardrules("score", str(TABLES / "rulebook-example.yaml"), "--explain", lang="ja")
    assert done.exit_code == 0
    assert "Possession" not in done.stdout
    assert "= 14" in done.stdout
