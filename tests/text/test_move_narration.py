"""Moves told as a ruleset's ``presentation.tell`` words them; a move of no card is told by nothing."""

from __future__ import annotations

from engine.core.events import CardsMoved
from engine.families.catalog import load_ruleset
from engine.text.narration import describe_events

PLAYERS = ["Ann", "Bo", "Cy"]


def _kept(cards: tuple[str, ...]) -> CardsMoved:
    """Bohnanza's step keep-face-up moving ``cards`` from the face-up cards to Bo's cards to plant."""
    return CardsMoved(cards, "face-up", -1, "set-aside", 1, 1, "keep-face-up")


def test_a_move_of_no_card_is_told_by_nothing():
    ruleset = load_ruleset("bohnanza/amigo")  # tell: {step: keep-face-up, says: "{player} keeps {cards} to plant."}
    assert describe_events(ruleset, PLAYERS, [_kept(("soy", "soy"))]) == ["Bo keeps 2 × Soy Bean to plant."]
    # Not "Bo keeps  to plant.": nothing moved, nothing happened.
    assert describe_events(ruleset, PLAYERS, [_kept(())]) == []
    # Beside a move of some cards, alike in all but them: the cards are told once.
    assert describe_events(ruleset, PLAYERS, [_kept(()), _kept(("soy",))]) == ["Bo keeps Soy Bean to plant."]
