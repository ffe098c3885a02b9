"""A game driven by Hypothesis, one decision at a time, with the rulebook's invariants checked after each.

Small money sets (one or two cards a player) make hands run dry quickly, so
the paths where a player has nothing left to bid are walked often: the turn
must still move on and the game must still end.
"""
from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.actions import PASS
from engine.game import TERMINAL, Game
from game_fixtures import sample_ruleset

MONEY_SETS = [(1,), (1, 2), (1, 2, 4), (1000, 2000, 3000, 4000, 6000, 8000, 10000, 12000, 15000, 20000, 25000)]


class PlayedGame(RuleBasedStateMachine):
    """One game of the sample ruleset, any table size, any money set."""

    @initialize(money=st.sampled_from(MONEY_SETS), players=st.integers(3, 5), seed=st.integers(0, 2**16))
    def deal(self, money, players, seed):
        self.game = Game(sample_ruleset(money_values=money), players)
        self.state = self.game.new_initial_state(seed=seed)
        self.dealt = sum(money) * players
        self.rounds_seen = {self.state.round_number}

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def decide(self, data):
        state = self.state
        legal = list(state.legal_actions())
        assert legal, "the player to act always has something to do"
        action = data.draw(st.sampled_from(legal))
        player = state.current_player()
        round_before = state.round_number
        state.apply_action(action)
        if action == PASS and not state.is_terminal() and state.round_number == round_before \
                and state.pending_choice is None:
            assert state.current_player() != player, "a player who passed does not act again this round"
        self.rounds_seen.add(state.round_number)

    @precondition(lambda self: not self.state.is_terminal())
    @rule()
    def pass_only(self):
        # The laziest table: everyone passes. Cards go free or to whoever passes first on a misfortune.
        legal = self.state.legal_actions()
        self.state.apply_action(PASS if PASS in legal else next(iter(legal)))

    @precondition(lambda self: self.state.is_terminal())
    @rule()
    def score_the_finished_game(self):
        result = self.state.result()
        assert [player.name for player in result.players] == list(self.game.players)
        out = {player.name for player in result.players if player.eliminated}
        assert not set(result.winners) & out
        assert (result.winners == ()) == (len(out) == len(result.players))

    @invariant()
    def money_is_never_created_or_lost(self):
        state = self.state
        sums = self.game.money_sums
        held = sum(sums[mask] for mask in state.hands) + sum(state.bid_totals)
        paid = sum(sum(values) for values in state.discarded_money)
        assert held + paid == self.dealt

    @invariant()
    def the_player_to_act_is_still_in_the_auction(self):
        state = self.state
        if state.is_terminal():
            assert state.current_player() == TERMINAL and len(state.legal_actions()) == 0
        elif state.pending_choice is None:
            assert not state.passed[state.current_player()]
            assert PASS in state.legal_actions()

    @invariant()
    def the_game_lasts_no_more_rounds_than_the_deck_has_cards(self):
        assert self.state.round_number <= len(self.game.card_ids)

    @invariant()
    def every_status_card_is_in_one_place(self):
        state = self.state
        held = [card for cards in state.won for card in cards]
        unrevealed = state.deck[state.deck_position:]
        on_offer = [state.revealed] if state.auction is not None else []
        places = held + state.discarded_cards + unrevealed + on_offer
        assert len(places) == len(set(places))


PlayedGame.TestCase.settings = settings(max_examples=40, stateful_step_count=120, deadline=None)
test_a_game_played_any_way_keeps_the_rules = PlayedGame.TestCase
