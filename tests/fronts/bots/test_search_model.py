"""What a search's model of the table may know, and where its playouts stop.

Inside a search's drawn game, the heuristic bot plays every seat; weighing
the drawn game as it is would show each seat the cards the draw gave the
others (a guess that always hits). ``redealt_for`` deals the cards a seat
cannot see again first: the seat then sees what it saw, no more. And a
match of rounds may judge a move by its round (``search: playout-until:
round``).
"""

from __future__ import annotations

import random

import pytest
from cli_helpers import cardrules
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.core.information import InformationSet, redealt_for
from engine.fronts.bots import IsmctsBot
from engine.fronts.bots.ismcts import _scores


def played(name: str, players: int, seed: int, actions: int) -> engine.State:
    state = engine.Game(engine.load_ruleset(name), players).new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions().sample(rng))
    return state


def counts(state: engine.State) -> list[int]:
    return [content.bit_count() if type(content) is int else len(content) for content in state.zones]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 60), deal=st.integers(0, 1000))
def test_a_redeal_keeps_what_the_player_sees_and_moves_only_what_they_cannot(
    seed: int, actions: int, deal: int
) -> None:
    state = played("love-letter/classic", 4, seed, actions)
    for player in range(4):
        redealt = redealt_for(state, player, random.Random(deal))
        assert redealt.observation(player).visible() == state.observation(player).visible()
        assert counts(redealt) == counts(state)
        assert sorted(instance for content in redealt.zones for instance in _instances(content)) == sorted(
            instance for content in state.zones for instance in _instances(content)
        )
        assert redealt.history == state.history and state.observation(player).visible() is not None


def _instances(content: object) -> list[int]:
    if type(content) is int:
        return [bit for bit in range(content.bit_length()) if content >> bit & 1]
    return list(content)  # type: ignore[call-overload]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(1, 40), deal=st.integers(0, 1000))
def test_a_redeal_depends_only_on_what_the_player_knows(seed: int, actions: int, deal: int) -> None:
    # Two games the player cannot tell apart are redealt alike (card for card, copies of a type being
    # interchangeable): the redeal reads nothing the player may not see.
    state = played("love-letter/classic", 3, seed, actions)
    player = state.current_player() if not state.is_terminal() else 0
    information = InformationSet.of_state(state, player)
    rng = random.Random(seed)
    others = [information.sample(rng) for _ in range(3)]
    expected = types(redealt_for(state, player, random.Random(deal)))
    for other in others:
        if other is not None:
            assert types(redealt_for(other, player, random.Random(deal))) == expected


def types(state: engine.State) -> list[object]:
    """Each slot's card types (copies of a type are interchangeable): sorted for a set, in order for a row."""
    type_of = state.game.cards.type_of
    return [
        sorted(type_of[i] for i in _instances(content)) if type(content) is int else [type_of[i] for i in content]
        for content in state.zones
    ]


def test_a_card_no_shuffle_placed_stays_where_the_rules_put_it() -> None:
    # Coloretto's last-round card lies 15 cards from the bottom of the deck, placed there, not shuffled in.
    state = played("coloretto/classic", 3, 4, 0)
    game = state.game
    deck = game.zones.slot_of("deck")
    marker = next(
        instance
        for instance in state.zones[deck]
        if game.ruleset.cards[game.cards.type_of[instance]].id == "last-round"
    )
    for deal in range(20):
        redealt = redealt_for(state, 0, random.Random(deal))
        assert redealt.zones[deck].index(marker) == state.zones[deck].index(marker)
        assert sorted(redealt.zones[deck]) == sorted(state.zones[deck])
    assert any(redealt_for(state, 0, random.Random(deal)).zones[deck] != state.zones[deck] for deal in range(5))


def test_a_round_playout_stops_at_the_end_of_the_round_and_rewards_its_winner() -> None:
    bot = IsmctsBot(seed=3)
    for seed in range(5):
        state = played("love-letter/classic", 4, seed, 3)
        bot.searcher = state.current_player()
        rounds, before = len(state.rounds), _scores(state)
        playing = state.clone()
        rewards = bot._round_playout(playing, random.Random(seed), rounds, before)
        assert len(playing.rounds) == rounds + 1
        winners = {
            playing.game.players.index(name) if isinstance(name, str) else name
            for name in playing.rounds[-1]["winners"]
        }
        best = max(rewards)
        assert {seat for seat, reward in enumerate(rewards) if reward == best} == winners


def test_playout_until_round_needs_rounds(tmp_path) -> None:
    house = tmp_path / "no-rounds.yaml"
    house.write_text(
        "extends: no-thanks/classic\nid: no-thanks/no-rounds\npresentation:\n  search:\n    playout-until: round\n",
        encoding="utf-8",
    )
    result = cardrules("validate", str(house))
    assert result.exit_code == 1
    assert (
        f"{house}:5:20: $.presentation.search.playout-until: playout-until: round needs a record-round step"
        in result.stderr
    )


@pytest.mark.parametrize("name", ["love-letter/classic", "no-thanks/classic"])
def test_the_search_plays_whole_games_with_its_model(name: str) -> None:
    game = engine.Game(engine.load_ruleset(name), 3)
    state = game.new_initial_state(seed=2, record_events=False)
    bots = [IsmctsBot(seed=1, iterations=6), engine.make_bot("heuristic", 2), engine.make_bot("random", 3)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.observation(seat), state.legal_actions()))
    assert state.result().winners
