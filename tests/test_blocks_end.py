"""End conditions: the n-th card with a tag revealed, and the empty deck."""
from __future__ import annotations

from engine.actions import PASS
from engine.game import Game, TERMINAL
from game_fixtures import deck_with_top, sample_ruleset

PLAYERS = ["Ann", "Bo", "Cy"]


def play_out_with_passes(state) -> None:
    """Everyone passes; a card choice takes the first card offered."""
    while not state.is_terminal():
        state.apply_action(next(iter(state.legal_actions())))


def test_the_fourth_red_card_ends_the_game_at_once_and_is_not_scored():
    ruleset = sample_ruleset()
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "prestige-1", "luxury-4", "prestige-2",
                                                       "prestige-3", "scandal", "luxury-10"), first_player=0)
    play_out_with_passes(state)
    assert state.current_player() == TERMINAL
    assert state.revealed_card == "scandal"
    held = [card for cards in state.won_cards for card in cards]
    assert sorted(held) == ["luxury-4", "prestige-1", "prestige-2", "prestige-3"]
    assert state.events[-1] == {"type": "end", "reason": "fourth-red", "card": "scandal"}
    assert state.round_number == 5
    assert state.deck_remaining == len(ruleset.cards) - 5


def test_the_count_is_read_from_the_ruleset():
    ruleset = sample_ruleset(red_count=2)
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "scandal", "prestige-1"), first_player=0)
    play_out_with_passes(state)
    assert state.round_number == 2
    assert [c for cards in state.won_cards for c in cards] == ["scandal"]


def test_the_game_ends_when_a_round_should_start_and_the_deck_is_empty():
    ruleset = sample_ruleset(red_count=99)
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(seed=3)
    play_out_with_passes(state)
    assert state.end_reason == "deck-empty"
    assert state.round_number == len(ruleset.cards)
    every_card = [c for cards in state.won_cards for c in cards] + [game.card_ids[c] for c in state.discarded_cards]
    assert sorted(every_card) == sorted(game.card_ids)
    assert state.deck_remaining == 0


def test_a_card_that_is_not_discarded_at_the_end_is_still_auctioned():
    ruleset = sample_ruleset(end_conditions=({"id": "last-red", "kind": "nth-tagged-revealed", "tag": "red",
                                               "count": 1, "discard-revealed": False},
                                              {"id": "deck-empty", "kind": "deck-empty"}))
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-2", "prestige-1", "luxury-3"), first_player=0)
    play_out_with_passes(state)
    assert state.end_reason == "last-red"
    assert sorted(c for cards in state.won_cards for c in cards) == ["luxury-2", "prestige-1"]
