"""Auctions, as the rulebook tells them: ascending for the good cards, first-pass-takes for misfortunes."""
from __future__ import annotations

import pytest

from engine.actions import PASS
from engine.blocks import BLOCKS
from engine.errors import IllegalActionError
from engine.game import Game
from game_fixtures import deck_with_top, sample_ruleset

PLAYERS = ["Ann", "Bo", "Cy"]


def new_game(*top: str, ruleset=None):
    ruleset = ruleset or sample_ruleset()
    game = Game(ruleset, PLAYERS)
    return game, game.new_initial_state(deck=deck_with_top(ruleset, *top), first_player=0)


def bid(state, *values: int) -> None:
    state.apply_action(state.game.mask_of(values))


def test_both_auction_kinds_are_registered():
    assert {"ascending", "first-pass-takes"} <= set(BLOCKS["auction"])


def test_the_highest_bidder_takes_the_card_and_discards_their_bid():
    game, state = new_game("luxury-7", "luxury-1")
    bid(state, 1000)                     # Ann
    bid(state, 2000)                     # Bo
    bid(state, 3000)                     # Cy
    state.apply_action(PASS)             # Ann takes her 1000 back
    bid(state, 4000)                     # Bo: 2000 + 4000 = 6000
    state.apply_action(PASS)             # Cy takes his 3000 back: Bo is the last one left
    assert state.won_cards == [[], ["luxury-7"], []]
    assert state.discarded_money == [[], [2000, 4000], []]
    assert 1000 in state.hand_values(0) and 3000 in state.hand_values(2)
    assert state.start_player == 1 and state.current_player() == 1
    assert state.revealed_card == "luxury-1"


def test_nobody_bid_the_last_player_left_takes_the_card_free():
    game, state = new_game("luxury-5")
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.won_cards[2] == ["luxury-5"]
    assert state.discarded_money == [[], [], []]
    take = [event for event in state.events if event["type"] == "take"][0]
    assert take["free"] is True


def test_a_player_who_passes_on_a_misfortune_takes_it_and_keeps_their_money():
    game, state = new_game("debt", "luxury-2")
    bid(state, 1000)                     # Ann pays to avoid it
    bid(state, 2000)                     # Bo too
    state.apply_action(PASS)             # Cy passes first: the debt is his
    assert state.won_cards == [[], [], ["debt"]]
    assert state.hand_values(2) == list(game.money_values)
    assert state.discarded_money == [[1000], [2000], []]
    assert state.current_player() == 2


def test_a_misfortune_bidder_who_passes_first_gets_their_own_bid_back():
    game, state = new_game("scandal")
    bid(state, 1000)                     # Ann
    bid(state, 2000)                     # Bo
    bid(state, 3000)                     # Cy
    state.apply_action(PASS)             # Ann: takes the scandal and her 1000 back
    assert state.won_cards[0] == ["scandal"]
    assert state.hand_values(0) == list(game.money_values)
    assert state.discarded_money == [[], [2000], [3000]]


def test_bidding_only_adds_cards_and_must_beat_the_highest_total():
    game, state = new_game("luxury-9")
    bid(state, 4000)                     # Ann 4000
    with pytest.raises(IllegalActionError, match="does not beat"):
        bid(state, 3000)                 # Bo: 3000 is not more than 4000
    bid(state, 1000, 4000)               # Bo 5000
    bid(state, 6000)                     # Cy 6000
    bid(state, 3000)                     # Ann: 4000 + 3000 = 7000 (adds to her table)
    assert state.bids == [[3000, 4000], [1000, 4000], [6000], ]
    with pytest.raises(IllegalActionError, match="do not hold"):
        bid(state, 4000)                 # Bo's 4000 is already on the table


def test_turns_go_clockwise_and_skip_players_who_passed():
    game, state = new_game("luxury-9")
    bid(state, 1000)                     # Ann
    state.apply_action(PASS)             # Bo is out of this auction
    bid(state, 2000)                     # Cy
    assert state.current_player() == 0
    bid(state, 2000)                     # Ann 3000
    assert state.current_player() == 2   # Bo is skipped


def test_an_auction_for_a_single_card_can_be_selected_by_id():
    ruleset = sample_ruleset(auctions=({"id": "special", "when": {"card": "luxury-1"}, "kind": "first-pass-takes"},
                                       {"id": "default", "kind": "ascending"}))
    game, state = new_game("luxury-1", ruleset=ruleset)
    assert state.auction_kind == "first-pass-takes"
    state.apply_action(PASS)
    assert state.won_cards[0] == ["luxury-1"]
