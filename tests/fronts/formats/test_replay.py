"""Replaying logs: a good log gives its result, the first wrong action is named and located."""

from __future__ import annotations

import copy
import json

import locations
import pytest

from engine.base.errors import LogError
from engine.base.i18n import set_language
from engine.fronts.formats.gamelog import LogRecord, read_log
from engine.fronts.formats.replay import ReplayContext, replay_file, replay_record
from references import high_society as reference

LOGS = locations.TESTS / "logs"
EXPECTED = json.loads((LOGS / "expected-diagnostics.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def replay_error(log: dict) -> str:
    """The message replaying an in-memory log gives."""
    with pytest.raises(LogError) as caught:
        replay_record(LogRecord(log, "game.json", 1, 0, None))
    return str(caught.value)


@pytest.fixture(scope="module")
def good_log() -> dict:
    """A finished random game of the Japanese edition with a theft discard in it."""
    return dict(read_log(LOGS / "valid-ja.json").log)


def test_a_good_log_replays_to_its_stored_result(good_log):
    result = replay_record(read_log(LOGS / "valid-ja.json"))
    assert result.to_json() == {**good_log["result"], "ruleset": "high-society/ja"}


def test_every_log_of_a_json_lines_file_is_replayed_in_order():
    results = [result for _, _, result in replay_file(LOGS / "three-ko-games.jsonl")]
    stored = [json.loads(line)["result"] for line in (LOGS / "three-ko-games.jsonl").read_text().splitlines()]
    assert [r.to_json()["players"] for r in results] == [s["players"] for s in stored]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_broken_log_names_its_first_problem_where_it_was_written(name):
    with pytest.raises(LogError) as caught:
        for _ in replay_file(LOGS / name):
            pass
    message = str(caught.value)
    prefix, reason = EXPECTED[name]
    assert message.startswith(str(LOGS / prefix.split(":")[0]) + ":" + prefix.split(":", 1)[1])
    assert reason in message


def test_a_bid_with_money_the_player_already_spent_is_refused(good_log):
    log = copy.deepcopy(good_log)
    del log["result"]
    spent = log["actions"][0]["cards"]
    # The same player's next bid reuses a card that is already on the table.
    player = log["actions"][0]["player"]
    index = next(i for i, a in enumerate(log["actions"]) if i > 0 and a["player"] == player and a["action"] == "bid")
    log["actions"][index]["cards"] = spent[:1] + log["actions"][index]["cards"]
    message = replay_error(log)
    assert f"action {index} (counting from 0)" in message
    assert "do not hold" in message


def test_a_money_value_the_edition_does_not_have_is_named(good_log):
    log = copy.deepcopy(good_log)
    log["actions"][0]["cards"] = [7]
    assert "action 0 (counting from 0): there is no money card worth 7" in replay_error(log)


def test_a_discard_nobody_asked_for_is_refused(good_log):
    log = copy.deepcopy(good_log)
    log["actions"][0] = {"player": log["actions"][0]["player"], "action": "discard", "card": "luxury-1"}
    assert "action 0 (counting from 0)" in replay_error(log)


def test_an_action_after_the_game_ended_is_refused(good_log):
    log = copy.deepcopy(good_log)
    del log["result"]
    log["actions"].append({"player": 0, "action": "pass"})
    assert f"action {len(log['actions']) - 1} (counting from 0): the game was already over" in replay_error(log)


def test_a_first_player_outside_the_table_is_refused(good_log):
    log = dict(good_log, first_player=7)
    assert "$.first_player: first player 7 does not exist" in replay_error(log)


def test_two_players_with_one_name_are_refused(good_log):
    log = dict(good_log, players=["Ann", "Bo", "Ann", "Di"])
    assert "repeated: Ann" in replay_error(log)


def test_an_unknown_ruleset_is_located_at_the_ruleset_key(good_log):
    log = dict(good_log, ruleset="high-society/xx")
    assert replay_error(log).startswith("game.json:1:1: $.ruleset: unknown ruleset")


def test_a_house_rule_log_finds_its_ruleset_relative_to_the_log_file(tmp_path):
    house = locations.REPO / "rulesets" / "high-society" / "house" / "clamped-ja.yaml"
    (tmp_path / "clamped.yaml").write_text(house.read_text(encoding="utf-8"), encoding="utf-8")
    log = reference.play_random_game(3, ruleset="high-society/ja")
    del log["result"]
    log["ruleset"] = "clamped.yaml"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    [(_, ruleset, result)] = list(replay_file(path))
    assert ruleset.options["debt-floor"] == 0
    assert all(p.score >= 0 for p in result.players)


def test_rulesets_are_loaded_once_per_ruleset_and_options(good_log):
    context = ReplayContext()
    log = copy.deepcopy(good_log)
    first = context.ruleset_for(LogRecord(log, "a.json", 1, 0, None))
    again = context.ruleset_for(LogRecord(log, "b.json", 1, 1, None))
    other = context.ruleset_for(LogRecord(dict(log, options={"debt-floor": 0}), "c.json", 1, 2, None))
    assert first is again and other is not first


@pytest.mark.parametrize("name", ["no_thanks", "coloretto", "love_letter"])
def test_a_first_player_the_rules_did_not_choose_is_refused(name):
    """These games start with the first seat: a log whose first player is another seat was not played under them."""
    import importlib

    game = importlib.import_module(f"references.{name}")
    log = game.play_random_game(5, ["A", "B", "C"])
    log.pop("result", None)
    log["first_player"] = 2
    with pytest.raises(LogError) as refused:
        replay_record(LogRecord(log, "game.json", 1, 0, None))
    assert "$.first_player: under these rules seat 0 starts, not seat 2" in str(refused.value)
