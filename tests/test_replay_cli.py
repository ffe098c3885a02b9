"""``cardrules replay``: results per log, JSON Lines in input order, broken logs exit 1 with the index."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from benchmarks import reference_high_society as reference
from engine import i18n
from engine.cli.main import build_group

ROOT = Path(__file__).resolve().parent.parent
LOGS = Path(__file__).parent / "logs"
RESULT_SCHEMA = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/result",
                 "$defs": json.loads((ROOT / "schemas" / "game-log.schema.json").read_text(encoding="utf-8"))["$defs"]}


def cardrules(*args: str, lang: str = "en"):
    """Run the command line in-process, in ``lang``."""
    i18n.set_language(lang)
    return CliRunner().invoke(build_group(), [*args, "--lang", lang])


def test_json_output_is_one_contracts_result_per_log_in_input_order():
    done = cardrules("replay", str(LOGS / "three-ko-games.jsonl"), "--json")
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    stored = [json.loads(line)["result"] for line in (LOGS / "three-ko-games.jsonl").read_text().splitlines()]
    assert len(lines) == 3
    for line, expected in zip(lines, stored):
        result = json.loads(line)
        jsonschema.validate(result, RESULT_SCHEMA)
        assert result == expected


def test_the_human_report_gives_scores_money_elimination_and_winners():
    done = cardrules("replay", str(LOGS / "three-ko-games.jsonl"))
    assert done.exit_code == 0
    assert "Game 2 (line 2):" in done.stdout
    assert "Ann: 19 points, $32 million in hand" in done.stdout
    assert "Winner: Ann with 19." in done.stdout


def test_explain_shows_every_scoring_step():
    done = cardrules("replay", str(LOGS / "valid-ja.json"), "--explain")
    assert done.exit_code == 0
    assert "Cy: 0 in hand (out)" in done.stdout
    assert "  Title x2 = 32" in done.stdout
    assert "Everyone is tied for the least money (0): everyone is out and nobody wins." in done.stdout


@pytest.mark.parametrize("name, index", [("bid-too-low.json", 1), ("wrong-player.json", 3)])
def test_an_illegal_action_exits_1_naming_its_index(name, index):
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(LOGS / name), "--lang", "en"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1
    assert f"$.actions[{index}]: action {index} (counting from 0)" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["corrupt-json.json", "wrong-deck.json", "truncated.json", "wrong-result.json",
                                  "two-players.json", "schema-bad-action.json", "corrupt-second-line.jsonl"])
def test_a_broken_log_exits_1_with_a_located_message(name):
    done = cardrules("replay", str(LOGS / name))
    assert done.exit_code == 1
    assert done.stderr.startswith(str(LOGS / name) + ":")


def test_results_before_a_broken_line_are_still_printed(tmp_path):
    good = reference.play_random_game(11, ruleset="high-society/ja")
    del good["result"]
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(good) + "\n{not json}\n", encoding="utf-8")
    done = cardrules("replay", str(path), "--json")
    assert done.exit_code == 1
    assert len(done.stdout.splitlines()) == 1
    assert done.stderr.startswith(f"{path}:2:2: invalid JSON")


@pytest.mark.parametrize("args", [["replay"], ["replay", "--bogus", "x.json"]])
def test_a_wrong_command_line_exits_2(args):
    assert cardrules(*args).exit_code == 2


def test_a_missing_log_is_bad_input():
    done = cardrules("replay", str(LOGS / "absent.json"))
    assert done.exit_code == 1
    assert "absent.json" in done.stderr
