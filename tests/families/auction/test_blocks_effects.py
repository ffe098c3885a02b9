"""The discard-tagged card effect (the theft card): a choice, or a pending discard."""

from __future__ import annotations

import pytest
from game_fixtures import (
    deck_with_top,
    hs_decision,
    hs_discard,
    hs_mask,
    hs_passed,
    hs_revealed,
    hs_spent,
    hs_won,
    sample_ruleset,
)

from engine.base.errors import IllegalActionError
from engine.core.game import Game
from engine.families.auction.rules.bidding import CHOICE_BASE, PASS

PLAYERS = ["Ann", "Bo", "Cy"]


def new_game(*top: str, ruleset=None):
    ruleset = ruleset or sample_ruleset()
    game = Game(ruleset, PLAYERS)
    return game, game.new_initial_state(deck=deck_with_top(ruleset, *top), first_player=0)


def give_to_last_seat(state) -> None:
    """Everyone before Cy passes (ascending: Cy takes the card free)."""
    assert state.current_player() == 0
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert hs_passed(state) == [False, False, False] and state.observation(0).variables["taker"] == 2


def choice(game, card_id: str) -> int:
    return hs_discard(game, card_id)


def is_choice(state) -> bool:
    return state.legal_actions().kinds() == ("discard",) and hs_decision(state)["kind"] == "discard-choice"


def test_a_discard_is_choice_base_plus_the_card_type_index():
    game, state = new_game("luxury-3")
    assert choice(game, "luxury-9") == CHOICE_BASE + game.cards.index_of_id["luxury-9"]
    assert state.action_from_json({"action": "discard", "card": "luxury-9"}) == choice(game, "luxury-9")


def test_theft_with_luxuries_makes_its_taker_choose_one_to_discard():
    game, state = new_game("luxury-3", "luxury-9", "theft", "luxury-1")
    give_to_last_seat(state)  # Cy takes luxury-3
    state.apply_action(PASS)
    state.apply_action(PASS)  # round 2 starts with Cy: Cy, Ann pass
    holder = [seat for seat, cards in enumerate(hs_won(state)) if "luxury-9" in cards][0]
    assert holder == 1
    # Round 3 starts with Bo: the theft. Bo passes first and takes it.
    assert state.current_player() == 1 and hs_revealed(state) == "theft"
    state.apply_action(PASS)
    legal = state.legal_actions()
    assert is_choice(state) and list(legal) == [choice(game, "luxury-9")]
    assert hs_decision(state)["cards"] == ("luxury-9",)
    assert state.current_player() == 1
    state.apply_action(choice(game, "luxury-9"))
    assert hs_won(state, 1) == []  # both the luxury and the theft are gone
    assert [e.card for e in state.events if e.type == "discard"] == ["luxury-9", "theft"]
    assert sorted(state.card_ids_in("discarded")) == ["luxury-9", "theft"]
    assert hs_revealed(state) == "luxury-1"


def test_the_discard_is_a_decision_and_only_a_held_luxury_may_be_chosen():
    game, state = new_game("luxury-3", "luxury-9", "theft")
    state.apply_action(PASS)
    state.apply_action(PASS)  # Cy takes luxury-3 free
    state.apply_action(hs_mask(game, [1000]))  # round 2 starts with Cy: he bids
    state.apply_action(PASS)
    state.apply_action(PASS)  # Ann and Bo pass: luxury-9 is his too
    assert hs_won(state, 2) == ["luxury-3", "luxury-9"]
    state.apply_action(PASS)  # Cy starts and passes first: theft is his
    assert sorted(state.legal_actions()) == sorted([choice(game, "luxury-3"), choice(game, "luxury-9")])
    before = state.to_log()
    with pytest.raises(IllegalActionError):
        state.apply_action(PASS)
    with pytest.raises(IllegalActionError):
        state.apply_action(choice(game, "luxury-1"))
    assert state.to_log() == before
    state.apply_action(choice(game, "luxury-3"))
    assert hs_won(state, 2) == ["luxury-9"]
    assert state.to_log()["actions"][-1] == {"player": 2, "action": "discard", "card": "luxury-3"}


def test_theft_with_no_luxury_is_pending_and_takes_the_next_one():
    game, state = new_game("theft", "prestige-1", "luxury-8", "luxury-2")
    state.apply_action(PASS)  # Ann passes first: the theft is hers
    assert not is_choice(state)
    assert [e.type for e in state.events[-4:]] == ["take", "move", "pending", "reveal"]
    assert state.observation(1).pending == (("theft",), (), ())
    state.apply_action(PASS)
    state.apply_action(PASS)  # prestige: Ann starts; Ann, Bo pass; Cy takes it
    assert hs_won(state, 2) == ["prestige-1"]
    # luxury-8: Cy starts. Cy and Ann... let Ann be the last one left.
    state.apply_action(PASS)  # Cy
    assert state.current_player() == 0
    state.apply_action(hs_mask(game, [1000]))  # Ann bids 1000
    state.apply_action(PASS)  # Bo passes: Ann wins luxury-8 ...
    assert hs_won(state, 0) == []  # ... and it is discarded at once, with the theft
    assert hs_spent(state)[0] == [1000]
    assert [e.card for e in state.events if e.type == "discard"] == ["luxury-8", "theft"]
    assert state.pending[0] == []


def test_a_title_is_never_taken_by_a_pending_theft():
    game, state = new_game("theft", "prestige-1")
    state.apply_action(PASS)  # Ann: theft, pending
    state.apply_action(hs_mask(game, [1000]))  # Ann bids on the title
    state.apply_action(PASS)
    state.apply_action(PASS)  # Bo and Cy pass: Ann takes the title
    assert hs_won(state, 0) == ["theft", "prestige-1"]
    assert len(state.pending[0]) == 1


def test_a_pending_theft_at_the_end_of_the_game_does_nothing():
    ruleset = sample_ruleset()
    game, state = new_game("theft", "prestige-1", "prestige-2", "prestige-3", "scandal", ruleset=ruleset)
    state.apply_action(PASS)  # Ann: theft, pending
    while not state.is_terminal():
        state.apply_action(PASS)
    result = state.result()
    assert result.player("Ann").cards[0] == "theft"
    assert result.player("Ann").score == 0


def test_when_none_nothing_drops_the_effect():
    ruleset = sample_ruleset(extra="cards:\n  - {id: theft, on-take: {when-none: nothing}}")
    assert ruleset.card("theft").on_take["when-none"] == "nothing"
    game, state = new_game("theft", "luxury-4", ruleset=ruleset)
    state.apply_action(PASS)
    assert state.pending[0] == []
    state.apply_action(hs_mask(game, [1000]))
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert hs_won(state, 0) == ["theft", "luxury-4"]


def test_without_discard_self_the_effect_card_stays_with_its_taker():
    ruleset = sample_ruleset(extra="cards:\n  - {id: theft, on-take: {discard-self: false}}")
    game, state = new_game("luxury-3", "theft", ruleset=ruleset)
    give_to_last_seat(state)  # Cy takes luxury-3
    state.apply_action(PASS)  # Cy starts the theft's auction and passes first
    state.apply_action(choice(game, "luxury-3"))
    assert hs_won(state, 2) == ["theft"] and state.card_ids_in("discarded") == ("luxury-3",)


def test_a_pending_effect_is_caught_by_the_taker_only():
    game, state = new_game("theft", "luxury-8")
    state.apply_action(PASS)  # Ann: theft, pending
    state.apply_action(PASS)  # luxury-8: Ann starts and passes
    state.apply_action(hs_mask(game, [1000]))  # Bo bids
    state.apply_action(PASS)  # Cy passes: Bo takes it, and keeps it
    assert hs_won(state, 1) == ["luxury-8"] and len(state.pending[0]) == 1


def test_clone_copies_pending_effects_independently():
    game, state = new_game("theft", "luxury-8")
    state.apply_action(PASS)  # Ann: theft, pending
    copy = state.clone()
    copy.apply_action(hs_mask(game, [1000]))
    copy.apply_action(PASS)
    copy.apply_action(PASS)  # Ann takes luxury-8 in the copy: the theft fires
    assert copy.pending[0] == [] and len(state.pending[0]) == 1
    assert hs_won(state, 0) == ["theft"] and hs_won(copy, 0) == []
