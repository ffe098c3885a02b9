"""Proof of generality: Rows, a small game that is no auction, runs from YAML alone (tests/toy/rows.yaml).

Each player draws to an ordered hand and must play the front card into one of
two rows that hold one colour each; rows score by their colour's table. No
line of Python knows the game: the same commands and the same API play it.
"""

from __future__ import annotations

import json
import random

import locations
from cli_helpers import cardrules, cardrules_process

import engine
from engine.fronts.conformance import cards_misplaced, check_ruleset

ROWS = locations.TESTS / "toy" / "rows.yaml"


def rows_game(players: int = 3) -> engine.Game:
    return engine.Game(engine.load_ruleset(ROWS), players)


def test_the_toy_game_validates_and_passes_the_conformance_suite():
    assert check_ruleset(ROWS) == []


def test_a_whole_game_through_the_python_api_keeps_every_card_in_one_place_and_the_hand_in_order():
    game = rows_game(3)
    state = game.new_initial_state(seed=11)
    rng = random.Random(2)
    while not state.is_terminal():
        player = state.current_player()
        hands = [list(state.card_ids_in("hand", seat)) for seat in range(3)]
        decision = state.observation(player).decision
        assert decision["kind"] == "plant"
        told = len(state.events)
        state.apply_action(state.legal_actions().sample(rng))
        assert cards_misplaced(state) is None
        # A hand changes only by its front card leaving and drawn cards joining at the back.
        for event in state.events[told:]:
            if event.type != "move":
                continue
            if event.source == "hand":
                assert list(event.cards) == hands[event.source_owner][: len(event.cards)]
                del hands[event.source_owner][: len(event.cards)]
            if event.target == "hand":
                hands[event.target_owner].extend(event.cards)
        assert [list(state.card_ids_in("hand", seat)) for seat in range(3)] == hands
    result = state.result()
    assert len(result.players) == 3 and result.winners
    for player in result.players:
        assert player.measure("rows") == len(player.zones["row-1"]) + len(player.zones["row-2"])


def test_a_row_takes_one_colour_only():
    game = rows_game(2)
    state = game.new_initial_state(seed=5)
    space = game.space("plant")
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        front = state.card_ids_in("hand", player)[0]
        for action in state.legal_actions():
            if action not in space:
                continue
            entry = state.action_to_json(action, player)
            assert entry["card"] == front
            held = state.card_ids_in(entry["zone"], player)
            assert not held or held[0] == front
        state.apply_action(next(iter(state.legal_actions())))


def test_the_same_seed_gives_the_same_log_and_the_log_replays_to_the_same_result():
    game = rows_game(4)
    logs = []
    for _ in range(2):
        state = game.new_initial_state(seed=9)
        rng = random.Random(9)
        while not state.is_terminal():
            state.apply_action(state.legal_actions().sample(rng))
        logs.append(state.to_log())
    assert logs[0] == logs[1]
    log = logs[0]
    again = game.new_initial_state(deck=log["deck"], first_player=log["first_player"], chance=log.get("chance"))
    for entry in log["actions"]:
        again.apply_action(again.action_from_json(entry))
    assert again.result().to_json() == log["result"]


def test_play_without_a_terminal_narrates_a_whole_game_then_replay_and_simulate_run_it(tmp_path):
    log = tmp_path / "rows.json"
    played = cardrules_process("play", "-r", str(ROWS), "--players", "Ann,Bo,Cy", "--seed", "4", "--log", str(log))
    assert played.returncode == 0, played.stderr
    assert "Ann: plant" in played.stdout and "Final scoring" in played.stdout and "Winner" in played.stdout
    saved = json.loads(log.read_text(encoding="utf-8"))
    assert saved["format"] == 2 and saved["result"]["winners"]
    replayed = cardrules("replay", str(log), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["winners"] == saved["result"]["winners"]
    simulated = cardrules(
        "simulate", "-r", str(ROWS), "--games", "60", "--players", "bot:random,bot:heuristic", "--json", "--jobs", "1"
    )
    assert simulated.exit_code == 0, simulated.output
    summary = json.loads(simulated.output)
    assert summary["rulesets"][0]["games"] == 60 and "rows" in summary["rulesets"][0]["mean_measures"]
