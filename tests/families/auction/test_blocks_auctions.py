"""Auctions, as the rulebook tells them: ascending for the good cards, first-pass-takes for misfortunes."""

from __future__ import annotations

import pytest
from game_fixtures import (
    deck_with_top,
    hs_auction_kind,
    hs_bids,
    hs_decision,
    hs_hand,
    hs_mask,
    hs_passed,
    hs_revealed,
    hs_spent,
    hs_won,
    sample_ruleset,
)

from engine.base.errors import IllegalActionError
from engine.core.game import Game
from engine.families.auction.rules.bidding import PASS
from engine.families.catalog import CATALOG
from engine.text.narration import describe_events

BLOCKS = CATALOG.by_category()

PLAYERS = ["Ann", "Bo", "Cy"]


def new_game(*top: str, ruleset=None):
    ruleset = ruleset or sample_ruleset()
    game = Game(ruleset, PLAYERS)
    return game, game.new_initial_state(deck=deck_with_top(ruleset, *top), first_player=0)


def bid(state, *values: int) -> None:
    state.apply_action(hs_mask(state.game, values))


def money_values(game) -> list[int]:
    return list(game.space("bid").values)


def test_both_auction_kinds_are_registered():
    assert {"ascending", "first-pass-takes"} <= set(BLOCKS["step"])


def test_the_highest_bidder_takes_the_card_and_discards_their_bid():
    game, state = new_game("luxury-7", "luxury-1")
    bid(state, 1000)  # Ann
    bid(state, 2000)  # Bo
    bid(state, 3000)  # Cy
    state.apply_action(PASS)  # Ann takes her 1000 back
    bid(state, 4000)  # Bo: 2000 + 4000 = 6000
    state.apply_action(PASS)  # Cy takes his 3000 back: Bo is the last one left
    assert hs_won(state) == [[], ["luxury-7"], []]
    assert hs_spent(state) == [[], [2000, 4000], []]
    assert 1000 in hs_hand(state, 0) and 3000 in hs_hand(state, 2)
    assert state.observation(0).variables["start"] == 1 and state.current_player() == 1
    assert hs_revealed(state) == "luxury-1"


def test_nobody_bid_the_last_player_left_takes_the_card_free():
    game, state = new_game("luxury-5")
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert hs_won(state, 2) == ["luxury-5"]
    assert hs_spent(state) == [[], [], []]
    take = [event for event in state.events if event.type == "take"][0]
    assert take.free is True and take.player == 2 and take.card == "luxury-5"


def test_a_card_bought_with_money_is_not_free():
    game, state = new_game("luxury-5")
    bid(state, 1000)
    state.apply_action(PASS)
    state.apply_action(PASS)
    take = [event for event in state.events if event.type == "take"][0]
    assert take.free is False and take.player == 0


def test_a_player_who_passes_on_a_misfortune_takes_it_and_keeps_their_money():
    game, state = new_game("debt", "luxury-2")
    assert hs_auction_kind(state) == "first-pass-takes"
    bid(state, 1000)  # Ann pays to avoid it
    bid(state, 2000)  # Bo too
    state.apply_action(PASS)  # Cy passes first: the debt is his
    assert hs_won(state) == [[], [], ["debt"]]
    assert hs_hand(state, 2) == money_values(game)
    assert hs_spent(state) == [[1000], [2000], []]
    assert state.current_player() == 2


def test_a_misfortune_taken_by_passing_at_once_is_not_told_as_taken_for_free():
    # Nobody bid money, but passing is how the first player takes the penalty: not a card won "for free".
    game, state = new_game("scandal")
    state.apply_action(PASS)  # Ann passes first: the scandal is hers
    take = [event for event in state.events if event.type == "take"][0]
    assert take.free is False and take.player == 0 and take.card == "scandal"
    told = describe_events(game.ruleset, game.players, state.events)
    assert "Ann takes Scandal." in told and not any("for free" in line for line in told)


def test_a_misfortune_bidder_who_passes_first_gets_their_own_bid_back():
    game, state = new_game("scandal")
    bid(state, 1000)  # Ann
    bid(state, 2000)  # Bo
    bid(state, 3000)  # Cy
    state.apply_action(PASS)  # Ann: takes the scandal and her 1000 back
    assert hs_won(state, 0) == ["scandal"]
    assert hs_hand(state, 0) == money_values(game)
    assert hs_spent(state) == [[], [2000], [3000]]


def test_bidding_only_adds_cards_and_must_beat_the_highest_total():
    game, state = new_game("luxury-9")
    bid(state, 4000)  # Ann 4000
    with pytest.raises(IllegalActionError, match="does not beat"):
        bid(state, 3000)  # Bo: 3000 is not more than 4000
    bid(state, 1000, 4000)  # Bo 5000
    bid(state, 6000)  # Cy 6000
    bid(state, 3000)  # Ann: 4000 + 3000 = 7000 (adds to her table)
    assert hs_bids(state) == [[3000, 4000], [1000, 4000], [6000]]
    assert hs_decision(state)["highest"] == 7000 and hs_decision(state)["totals"] == (7000, 5000, 6000)
    with pytest.raises(IllegalActionError, match="do not hold"):
        bid(state, 4000)  # Bo's 4000 is already on the table


def test_turns_go_clockwise_and_skip_players_who_passed():
    game, state = new_game("luxury-9")
    bid(state, 1000)  # Ann
    state.apply_action(PASS)  # Bo is out of this auction
    bid(state, 2000)  # Cy
    assert state.current_player() == 0
    bid(state, 2000)  # Ann 3000
    assert hs_passed(state) == [False, True, False]
    assert state.current_player() == 2  # Bo is skipped


def test_money_on_the_table_still_counts_as_the_players_money():
    game, state = new_game("luxury-9")
    bid(state, 1000, 4000)
    obs = state.observation(1)
    assert obs.measure("money", 0) == sum(money_values(game))  # public: hand and bid together
    assert obs.cards("bid", 0) == ("money-1000", "money-4000")  # bids lie face up
    assert obs.cards("hand", 0) is None and obs.count("hand", 0) == 9


def test_an_auction_for_a_single_card_can_be_selected_by_id():
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "flow:",
                "  - id: round",
                "    steps:",
                "      - id: auction",
                "        cases:",
                "          - {id: special, when: {card: luxury-1}, kind: first-pass-takes, $before: misfortune}",
            ]
        )
    )
    game, state = new_game("luxury-1", ruleset=ruleset)
    assert hs_auction_kind(state) == "first-pass-takes" and hs_decision(state)["step"] == "special"
    state.apply_action(PASS)
    assert hs_won(state, 0) == ["luxury-1"]


def test_with_on_pass_forfeit_a_player_who_passes_loses_their_bid():
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "flow:",
                "  - id: round",
                "    steps:",
                "      - id: auction",
                "        cases:",
                "          - {id: default, on-pass: forfeit}",
            ]
        )
    )
    game, state = new_game("luxury-9", ruleset=ruleset)
    bid(state, 1000)  # Ann
    bid(state, 2000)  # Bo
    state.apply_action(PASS)  # Cy had bid nothing
    state.apply_action(PASS)  # Ann passes: her 1000 is lost; Bo takes the card
    assert hs_spent(state) == [[1000], [2000], []]
    assert hs_won(state) == [[], ["luxury-9"], []]
    assert 1000 not in hs_hand(state, 0)
