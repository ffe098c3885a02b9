"""The card family's steps in small made-up rulesets: ``move-all`` with ``cards``."""

from __future__ import annotations

import pytest
from game_fixtures import give

from engine.core.game import Game
from engine.families.catalog import load_ruleset, validate

PLAYERS = ["Ann", "Bo", "Cy"]

# Bohnanza, where the active player keeps only the soy beans turned up (the others stay face up).
KEEP_SOY = """\
extends: bohnanza/amigo
id: test/keep-soy
flow:
  - id: turn
    steps:
      - id: trade
        steps:
          - {id: keep-face-up, cards: {card: soy}}
"""


@pytest.fixture
def keep_soy(tmp_path):
    path = tmp_path / "keep-soy.yaml"
    path.write_text(KEEP_SOY, encoding="utf-8")
    assert validate(path) == []
    return load_ruleset(path)


def _keep_face_up(ruleset, face_up: dict[str, int]):
    """The state after the step keep-face-up (a move-all) ran with those cards face up, and its events."""
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(seed=1)
    give(state, 0, "face-up", face_up)
    del state.events[:]
    next(node for node in game.nodes if node.id == "keep-face-up").run(state)
    return state, list(state.events)


def test_a_move_all_whose_cards_pick_none_of_the_cards_there_moves_nothing_and_is_no_event(keep_soy):
    # Only blue beans face up: they stay, and no move of no card is recorded (the story would tell it).
    state, events = _keep_face_up(keep_soy, {"blue": 2})
    assert state.card_ids_in("face-up") == ("blue", "blue") and events == []
    # Nothing face up at all: the same.
    state, events = _keep_face_up(keep_soy, {})
    assert state.card_ids_in("face-up") == () and events == []
    # A soy bean among them moves to the active player's cards to plant, and that is an event.
    state, events = _keep_face_up(keep_soy, {"blue": 1, "soy": 1})
    seat = state.current_player()
    assert state.card_ids_in("face-up") == ("blue",) and state.card_ids_in("set-aside", seat) == ("soy",)
    assert [(event.cards, event.target, event.target_owner) for event in events] == [(("soy",), "set-aside", seat)]
