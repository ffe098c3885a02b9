"""The simulation report names bot kinds the way the terminal game does, in the reader's language."""

from __future__ import annotations

from engine.base import i18n
from engine.fronts.bots import bot_kind_name
from engine.fronts.simulation.report import kind_label, seat_label


def test_seat_and_kind_labels_use_the_translated_bot_kind():
    assert seat_label(0, "heuristic") == "Seat 1 (heuristic)"
    assert kind_label("random", 3) == "All random bots (3 seats)"
    i18n.set_language("ja")
    assert bot_kind_name("heuristic") in seat_label(0, "heuristic")
    assert "heuristic" not in seat_label(0, "heuristic")
    i18n.set_language("ko")
    assert bot_kind_name("random") in kind_label("random", 2)
    assert "random" not in kind_label("random", 2)


def test_a_bot_kind_without_a_translation_shows_its_registry_name():
    i18n.set_language("ko")
    assert bot_kind_name("minimax") == "minimax"
