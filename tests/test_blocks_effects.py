"""The discard-tagged card effect (the theft card): a choice, or a pending discard."""
from __future__ import annotations

import pytest

from engine.actions import CHOICE_BASE, PASS
from engine.errors import IllegalActionError
from engine.game import Game
from game_fixtures import deck_with_top, sample_ruleset

PLAYERS = ["Ann", "Bo", "Cy"]


def new_game(*top: str):
    ruleset = sample_ruleset()
    game = Game(ruleset, PLAYERS)
    return game, game.new_initial_state(deck=deck_with_top(ruleset, *top), first_player=0)


def give_to_last_seat(state) -> None:
    """Everyone before Cy passes (ascending: Cy takes the card free)."""
    while state.current_player() != 2 or not state.passed[0]:
        state.apply_action(PASS)


def choice(game, card_id: str) -> int:
    return CHOICE_BASE + game.card_index[card_id]


def test_theft_with_luxuries_makes_its_taker_choose_one_to_discard():
    game, state = new_game("luxury-3", "luxury-9", "theft", "luxury-1")
    state.apply_action(PASS); state.apply_action(PASS)        # Cy takes luxury-3
    state.apply_action(PASS); state.apply_action(PASS)        # round 2 starts with Cy: Cy, Ann pass
    holder = [seat for seat, cards in enumerate(state.won_cards) if "luxury-9" in cards][0]
    assert holder == 1
    # Round 3 starts with Bo: the theft. Bo passes first and takes it.
    assert state.current_player() == 1 and state.revealed_card == "theft"
    state.apply_action(PASS)
    legal = state.legal_actions()
    assert legal.is_choice and list(legal) == [choice(game, "luxury-9")]
    assert state.current_player() == 1
    state.apply_action(choice(game, "luxury-9"))
    assert state.won_cards[1] == []                          # both the luxury and the theft are gone
    assert [e["card"] for e in state.events if e["type"] == "discard"] == ["luxury-9", "theft"]
    assert state.revealed_card == "luxury-1"


def test_the_discard_is_a_decision_and_only_a_held_luxury_may_be_chosen():
    game, state = new_game("luxury-3", "luxury-9", "theft")
    state.apply_action(PASS); state.apply_action(PASS)        # Cy takes luxury-3 free
    state.apply_action(game.mask_of([1000]))                  # round 2 starts with Cy: he bids
    state.apply_action(PASS); state.apply_action(PASS)        # Ann and Bo pass: luxury-9 is his too
    assert state.won_cards[2] == ["luxury-3", "luxury-9"]
    state.apply_action(PASS)                                  # Cy starts and passes first: theft is his
    assert sorted(state.legal_actions()) == sorted([choice(game, "luxury-3"), choice(game, "luxury-9")])
    with pytest.raises(IllegalActionError):
        state.apply_action(PASS)
    with pytest.raises(IllegalActionError):
        state.apply_action(choice(game, "luxury-1"))
    state.apply_action(choice(game, "luxury-3"))
    assert state.won_cards[2] == ["luxury-9"]
    assert state.to_log()["actions"][-1] == {"player": 2, "action": "discard", "card": "luxury-3"}


def test_theft_with_no_luxury_is_pending_and_takes_the_next_one():
    game, state = new_game("theft", "prestige-1", "luxury-8", "luxury-2")
    state.apply_action(PASS)                                  # Ann passes first: the theft is hers
    assert not state.legal_actions().is_choice
    assert [e["type"] for e in state.events[-3:]] == ["take", "pending", "reveal"]
    state.apply_action(PASS); state.apply_action(PASS)        # prestige: Ann starts; Ann, Bo pass; Cy takes it
    assert state.won_cards[2] == ["prestige-1"]
    # luxury-8: Cy starts. Cy and Ann... let Ann be the last one left.
    state.apply_action(PASS)                                  # Cy
    assert state.current_player() == 0
    state.apply_action(state.game.mask_of([1000]))            # Ann bids 1000
    state.apply_action(PASS)                                  # Bo passes: Ann wins luxury-8 ...
    assert state.won_cards[0] == []                           # ... and it is discarded at once, with the theft
    assert state.discarded_money[0] == [1000]
    assert [e["card"] for e in state.events if e["type"] == "discard"] == ["luxury-8", "theft"]
    assert state.pending[0] == []


def test_a_title_is_never_taken_by_a_pending_theft():
    game, state = new_game("theft", "prestige-1")
    state.apply_action(PASS)                                  # Ann: theft, pending
    state.apply_action(state.game.mask_of([1000]))            # Ann bids on the title
    state.apply_action(PASS); state.apply_action(PASS)        # Bo and Cy pass: Ann takes the title
    assert state.won_cards[0] == ["theft", "prestige-1"]
    assert len(state.pending[0]) == 1


def test_a_pending_theft_at_the_end_of_the_game_does_nothing():
    ruleset = sample_ruleset()
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "theft", "prestige-1", "prestige-2", "prestige-3",
                                                       "scandal"), first_player=0)
    state.apply_action(PASS)                                  # Ann: theft, pending
    while not state.is_terminal():
        state.apply_action(PASS)
    result = state.result()
    assert result.player("Ann").cards[0] == "theft"
    assert result.player("Ann").score == 0


def test_when_none_nothing_drops_the_effect():
    from dataclasses import replace

    from game_fixtures import sample_cards
    cards = tuple(replace(card, on_take={**card.on_take, "when-none": "nothing"}) if card.on_take else card
                  for card in sample_cards())
    ruleset = sample_ruleset(cards=cards)
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "theft", "luxury-4"), first_player=0)
    state.apply_action(PASS)
    assert state.pending[0] == []
    state.apply_action(state.game.mask_of([1000]))
    state.apply_action(PASS); state.apply_action(PASS)
    assert state.won_cards[0] == ["theft", "luxury-4"]
