"""Love Letter as YAML: its rules played through, and hidden information kept exact (a Priest's look, seen by one).

The Priest shows the target's hand to the player who played it, and to no
one else: the looker's observation knows the card where it lies, the others'
do not, in every form a seat is given (the observation itself, the
OpenSpiel strings and tensors, the terminal's table, the narration).
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from engine import CardrulesError, Game
from engine.base.formatting import card_name
from engine.core.information import InformationSet
from engine.families.catalog import load_ruleset
from engine.families.effects.rules.events import CardsShown
from engine.fronts.agents.tensor import ObservationTensor
from engine.fronts.terminal.table_view import render_table
from engine.text.narration import describe_event


def rendered(renderable, width=120):
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


RULESET = "love-letter/classic"


@pytest.fixture(scope="module")
def games():
    ruleset = load_ruleset(RULESET)
    return {players: Game(ruleset, players) for players in (2, 3, 4)}


def _random_game(game, seed, until=None):
    """A game played by uniform random choices, to its end or until ``until(state, new_events)``."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        before = len(state.events)
        state.apply_action(rng.choice(list(state.legal_actions())))
        if until is not None and until(state, state.events[before:]):
            break
    return state


def _after_a_look(game, seeds=range(60)):
    """A state just after a Priest's look, and the look's event (the first game of ``seeds`` that has one)."""
    for seed in seeds:
        found = []
        state = _random_game(
            game, seed, lambda _s, new: found.extend(e for e in new if isinstance(e, CardsShown) and e.to >= 0) or found
        )
        if found:
            return state, found[0]
    raise AssertionError("no Priest was played in any game")


def test_a_priests_look_is_known_to_the_looker_alone(games):
    game = games[3]
    state, look = _after_a_look(game)
    looker, owner = look.to, look.owner
    assert looker != owner and look.cards
    shown = list(look.cards)
    for seat in range(3):
        known = list(state.observation(seat).known_cards("hand", owner))
        if seat == looker:
            assert known == shown
        elif seat != owner:
            assert known == []
    # The looker's observation differs from what it would be without the look; a third player's does not.
    third = next(seat for seat in range(3) if seat not in (looker, owner))
    assert state.observation(third).known_cards("hand", owner) == ()


def test_the_tensor_and_the_table_show_the_look_to_the_looker_alone(games):
    game = games[3]
    state, look = _after_a_look(game)
    looker, owner = look.to, look.owner
    third = next(seat for seat in range(3) if seat not in (looker, owner))
    tensor = ObservationTensor(game)

    def known_segment(seat):
        relative = (owner - seat) % 3
        start, length = tensor.segment(f"zone:hand@{relative}:known")
        return tensor.encode(state.observation(seat))[start : start + length]

    card_index = game.cards.index_of_id[look.cards[0]]
    assert known_segment(looker)[card_index] == 1.0 and sum(known_segment(looker)) == 1.0
    assert sum(known_segment(third)) == 0.0
    name = card_name(game.ruleset, look.cards[0])
    seen = rendered(render_table(game.ruleset, state.observation(looker), looker, state=state))
    unseen = rendered(render_table(game.ruleset, state.observation(third), third, state=state))
    assert f"(seen: {name}" in seen
    assert "(seen:" not in unseen


def test_the_narration_of_a_look_names_no_card(games):
    game = games[3]
    state, look = _after_a_look(game)
    told = describe_event(game.ruleset, game.players, look)
    assert told and game.players[look.to] in told
    for card_id in game.cards.ids:
        assert card_name(game.ruleset, card_id) not in told


def test_the_openspiel_strings_show_the_look_to_the_looker_alone():
    eo = pytest.importorskip("engine.fronts.adapters.openspiel")
    wrapped = eo.load(RULESET, 3)
    rng = random.Random(0)
    for _game in range(40):
        spiel = wrapped.new_initial_state()
        while not spiel.is_terminal():
            if spiel.is_chance_node():
                outcomes = spiel.chance_outcomes()
                spiel.apply_action(rng.choices([a for a, _p in outcomes], [p for _a, p in outcomes])[0])
            else:
                spiel.apply_action(rng.choice(spiel.legal_actions()))
            engine_state = spiel.engine_state
            if engine_state is not None and any(engine_state.known):
                break
        if not spiel.is_terminal():
            break
    looker = next(seat for seat, known in enumerate(engine_state.known) if known)
    held = [seat for seat in range(3) if seat != looker and engine_state.observation(looker).known_cards("hand", seat)]
    assert len(held) == 1
    owner = held[0]
    card = engine_state.observation(looker).known_cards("hand", owner)[0]
    assert f"hand[p{owner}].known={card}" in spiel.observation_string(looker)
    for seat in range(3):
        if seat != looker:
            assert f"hand[p{owner}].known" not in spiel.observation_string(seat)
            assert ".known=" not in spiel.information_state_string(seat).splitlines()[0]


def _twin(game, state, player):
    """The same game with two cards ``player`` never saw trading places in the deal (None if no such swap plays)."""
    deck = list(game.cards.ids_of(state.chance_record[0][1]))
    information = InformationSet.of_state(state, player)
    free = [place for place, card in enumerate(information.plan[0][1]) if card is None]
    for first in free:
        for second in free:
            if deck[first] == deck[second]:
                continue
            other = list(deck)
            other[first], other[second] = other[second], other[first]
            try:
                twin = game.new_initial_state(deck=other, first_player=state.first_player, record_events=False)
                for action in state.history:
                    twin.apply_action(action)
            except CardrulesError:
                continue  # the swap makes an action of the game illegal: the player would have seen that
            if twin.zones != state.zones:
                return twin
    return None


def test_two_states_differing_only_in_unseen_cards_look_the_same_to_the_player(games):
    checked = 0
    for game in games.values():
        for seed in range(8):
            moves = 1 + seed % 6
            count = [0]

            def enough(_state, _new, count=count, moves=moves):
                count[0] += 1
                return count[0] >= moves

            state = _random_game(game, seed, enough)
            if state.is_terminal() or len(state.chance_record) > 1:
                continue  # one round's deal only: a new round shuffles again
            player = state.current_player()
            twin = _twin(game, state, player)
            if twin is None:
                continue
            assert twin.observation(player).visible() == state.observation(player).visible()
            checked += 1
    assert checked >= 10


def test_a_player_who_knew_one_copy_in_a_hand_no_longer_knows_it_stayed_when_a_copy_is_played(games):
    """Seen by a Priest or given by a King, a card is known where it lies until it moves. Its holder then draws a
    second copy and plays one of the two: the onlooker cannot tell which copy left, so they no longer know what the
    hand holds (whichever copy the engine moved), just as when the known copy itself is played."""
    checked = 0
    for game in games.values():
        type_of = game.cards.type_of
        for seed in range(12):
            rng = random.Random(seed)
            state = game.new_initial_state(seed, record_events=False)
            while not state.is_terminal():
                actor = state.current_player()
                hand = state.cards_in("hand", actor)
                before = {viewer: state.known[viewer] for viewer in range(state.player_count) if viewer != actor}
                state.apply_action(rng.choice(list(state.legal_actions())))
                left = set(hand) - set(state.cards_in("hand", actor))
                for viewer, known in before.items():
                    knew = [card for card in hand if known >> card & 1]
                    for card in left:
                        unknown_copy = not known >> card & 1
                        if unknown_copy and any(type_of[other] == type_of[card] for other in knew if other not in left):
                            assert state.observation(viewer).zone("hand", actor).known == (), (seed, viewer)
                            checked += 1
    assert checked >= 20, checked
