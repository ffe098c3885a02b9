"""A game driven by Hypothesis, one decision at a time, with the rulebook's invariants checked after each.

Small money sets (one or two cards a player) make hands run dry quickly, so
the paths where a player has nothing left to bid are walked often: the turn
must still move on and the game must still end.
"""

from __future__ import annotations

from game_fixtures import hs_decision, hs_passed, sample_ruleset, status_cards
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.core.game import Game
from engine.core.state import TERMINAL
from engine.families.auction.rules.bidding import PASS
from engine.fronts.conformance import cards_misplaced

MONEY_SETS = [(1,), (1, 2), (1, 2, 4), (1000, 2000, 3000, 4000, 6000, 8000, 10000, 12000, 15000, 20000, 25000)]
# The only zones a money card may ever be in: a hand, a bid on the table, money paid.
MONEY_ZONES = ("hand", "bid", "spent")
# Where a status card may be: face down, up for auction (or the card that ended the game), won, discarded.
STATUS_ZONES = ("deck", "revealed", "won", "discarded")


def choosing(state) -> bool:
    """Whether a card effect is asking the player to act for a choice (not a bid or a pass)."""
    return hs_decision(state).get("kind") == "discard-choice"


class PlayedGame(RuleBasedStateMachine):
    """One game of the sample ruleset, any table size, any money set."""

    @initialize(money=st.sampled_from(MONEY_SETS), players=st.integers(3, 5), seed=st.integers(0, 2**16))
    def deal(self, money, players, seed):
        self.game = Game(sample_ruleset(money_values=money), players)
        self.state = self.game.new_initial_state(seed=seed)
        self.dealt = sum(money)
        self.status_cards = status_cards(self.game.ruleset)
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
        if action == PASS and not state.is_terminal() and state.round_number == round_before and not choosing(state):
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
        # Money cards (the types money-*) are only ever in a hand, a bid or money paid,
        # and each player's total there is what they were dealt.
        state = self.state
        cards = self.game.cards
        layout = self.game.zones
        for slot in range(len(state.zones)):
            zone = layout.specs[layout.slot_zone[slot]].id
            if zone not in MONEY_ZONES:
                held = state.card_ids_in(zone, layout.slot_owner[slot])
                assert not [card for card in held if card.startswith("money-")], f"money in {zone}"
        for player in range(self.game.player_count):
            total = sum(
                int(cards.type(instance).attributes["value"])
                for zone in MONEY_ZONES
                for instance in state.cards_in(zone, player)
                if cards.id_of(instance).startswith("money-")
            )
            assert total == self.dealt

    @invariant()
    def every_card_is_in_exactly_one_zone(self):
        assert cards_misplaced(self.state) is None

    @invariant()
    def the_player_to_act_is_still_in_the_auction(self):
        state = self.state
        if state.is_terminal():
            assert state.current_player() == TERMINAL and len(state.legal_actions()) == 0
        elif not choosing(state):
            assert not hs_passed(state)[state.current_player()]
            assert PASS in state.legal_actions()

    @invariant()
    def the_game_lasts_no_more_rounds_than_the_deck_has_cards(self):
        assert self.state.round_number <= len(self.status_cards)

    @invariant()
    def every_status_card_is_in_one_place(self):
        state = self.state
        places = []
        for zone in STATUS_ZONES:
            if self.game.zones.zone(zone).per_player:
                for seat in range(self.game.player_count):
                    places.extend(state.card_ids_in(zone, seat))
            else:
                places.extend(state.card_ids_in(zone))
        assert sorted(places) == sorted(self.status_cards)
        # At most one card is face up: the one on auction, or the one that ended the game.
        assert state.count_in("revealed") <= 1


PlayedGame.TestCase.settings = settings(max_examples=40, stateful_step_count=120, deadline=None)
test_a_game_played_any_way_keeps_the_rules = PlayedGame.TestCase
