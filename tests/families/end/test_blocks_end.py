"""End conditions: the n-th card with a tag revealed, the empty deck, and a condition checked between steps."""

from __future__ import annotations

from game_fixtures import deck_with_top, hs_revealed, hs_won, sample_ruleset, status_cards

from engine.core.events import GameEnded
from engine.core.game import Game
from engine.core.state import TERMINAL

PLAYERS = ["Ann", "Bo", "Cy"]
WITHOUT_FOURTH_RED = "end:\n  - {id: fourth-red, $remove: true}"


def play_out_with_passes(state) -> None:
    """Everyone passes; a card choice takes the first card offered."""
    while not state.is_terminal():
        state.apply_action(next(iter(state.legal_actions())))


def held(state) -> list[str]:
    return [card for cards in hs_won(state) for card in cards]


def test_the_fourth_red_card_ends_the_game_at_once_and_is_not_scored():
    ruleset = sample_ruleset()
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(
        deck=deck_with_top(ruleset, "prestige-1", "luxury-4", "prestige-2", "prestige-3", "scandal", "luxury-10"),
        first_player=0,
    )
    play_out_with_passes(state)
    assert state.current_player() == TERMINAL
    assert hs_revealed(state) == "scandal"
    assert sorted(held(state)) == ["luxury-4", "prestige-1", "prestige-2", "prestige-3"]
    assert state.events[-1] == GameEnded("fourth-red", "scandal") and state.events[-1].type == "end"
    assert (state.end_reason, state.end_card) == ("fourth-red", "scandal")
    assert state.round_number == 5
    assert state.count_in("deck") == len(status_cards(ruleset)) - 5
    assert "scandal" not in state.result().player("Ann").cards


def test_the_count_is_read_from_the_ruleset():
    ruleset = sample_ruleset(red_count=2)
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "scandal", "prestige-1"), first_player=0)
    play_out_with_passes(state)
    assert state.round_number == 2
    assert held(state) == ["scandal"]


def test_the_game_ends_when_a_round_should_start_and_the_deck_is_empty():
    ruleset = sample_ruleset(extra=WITHOUT_FOURTH_RED)
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(seed=3)
    play_out_with_passes(state)
    assert state.end_reason == "deck-empty" and state.end_card is None
    assert state.round_number == len(status_cards(ruleset))  # the round that should start never does
    every_card = held(state) + list(state.card_ids_in("discarded"))
    assert sorted(every_card) == sorted(status_cards(ruleset))
    assert state.count_in("deck") == 0


def test_a_card_that_is_not_discarded_at_the_end_is_still_auctioned():
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "end:",
                "  - {id: fourth-red, $remove: true}",
                "  - {id: last-red, kind: nth-tagged-revealed, tag: red, count: 1, discard-revealed: false, $before: deck-empty}",
            ]
        )
    )
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-2", "prestige-1", "luxury-3"), first_player=0)
    play_out_with_passes(state)
    assert state.end_reason == "last-red"
    assert sorted(held(state)) == ["luxury-2", "prestige-1"]
    assert state.round_number == 2 and state.count_in("deck") == len(status_cards(ruleset)) - 2


def test_an_end_after_a_named_step_waits_for_that_step_to_finish():
    # The first red card ends the game once its auction is over (the step `auction`), not at once.
    ruleset = sample_ruleset(extra="\n".join(["end:", "  - {id: fourth-red, count: 1, after: auction}"]))
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-2", "prestige-1", "luxury-3"), first_player=0)
    play_out_with_passes(state)
    assert state.end_reason == "fourth-red"
    assert sorted(held(state)) == ["luxury-2", "prestige-1"]
    assert state.round_number == 2


def test_an_end_after_an_instant_step_ends_the_game_once_it_has_run():
    ruleset = sample_ruleset(extra="\n".join(["end:", "  - {id: fourth-red, count: 1, after: next-start}"]))
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "prestige-1", "luxury-3"), first_player=0)
    play_out_with_passes(state)
    assert state.end_reason == "fourth-red" and held(state) == ["prestige-1"] and state.round_number == 1


def test_the_condition_end_ends_the_game_when_its_condition_holds_at_a_check():
    # Ends as soon as the last taker holds a card: checked at the start of every round.
    ruleset = sample_ruleset(
        extra="\n".join(["end:", "  - {id: taker-holds-one, kind: condition, when: {not: {empty: won, owner: taker}}}"])
    )
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-2", "luxury-3", "luxury-4"), first_player=1)
    play_out_with_passes(state)  # Bo starts: Bo, Cy pass, Ann takes luxury-2
    assert state.end_reason == "taker-holds-one" and state.end_card is None
    assert held(state) == ["luxury-2"] and state.round_number == 1


def test_an_end_condition_checked_after_a_round_has_begun_counts_that_round():
    # The check comes after the reveal: the round has begun (its card is shown) when the game ends.
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "end:",
                "  - {id: taker-holds-one, kind: condition, when: {not: {empty: won, owner: taker}}}",
                "flow:",
                "  - id: round",
                "    steps:",
                "      - {id: round-start, $after: reveal}",
            ]
        )
    )
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-2", "luxury-3", "luxury-4"), first_player=1)
    play_out_with_passes(state)
    assert state.end_reason == "taker-holds-one"
    assert held(state) == ["luxury-2"] and hs_revealed(state) == "luxury-3" and state.round_number == 2
