"""A learning library numbers every game's actions 0 .. N-1, the same in every state (engine.fronts.agents.actions)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.families.auction.rules.bidding import PASS
from engine.families.trading.rules.offers import Offer
from engine.fronts.agents.actions import AgentActions

RULESETS = ("high-society/ja", "high-society/ko", "bohnanza/amigo", "bohnanza/rio-grande", "bohnanza/high-bohn")
# Every index of a step is checked up to this many (a trade offers hundreds: a sample is enough, drawn anew each step).
CHECKED_PER_STEP = 12

_GAMES: dict[tuple[str, int], tuple] = {}


def game_and_actions(ruleset: str, players: int):
    """The game and its numbering, made once per test run (compiling a game is the slow part)."""
    key = (ruleset, players)
    if key not in _GAMES:
        game = engine.Game(engine.load_ruleset(ruleset), players)
        _GAMES[key] = (game, AgentActions(game))
    return _GAMES[key]


def play_through_indices(game, actions, seed, check=True):
    """A random game played by picking agent indices only; returns the final state and the steps taken."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed, record_events=False)
    steps = 0
    while not state.is_terminal():
        legal = actions.legal(state)
        assert legal, f"no agent action at step {steps} though the engine has {list(state.legal_actions())[:3]}"
        assert legal == sorted(set(legal)) and 0 <= legal[0] and legal[-1] < actions.size
        if check:
            engine_legal = state.legal_actions()
            for index in rng.sample(legal, min(CHECKED_PER_STEP, len(legal))):
                action = actions.to_engine(state, index)
                assert action in engine_legal
                assert actions.from_engine(state, action) == index
        state.apply_action(actions.to_engine(state, rng.choice(legal)))
        steps += 1
    return state, steps


@pytest.mark.parametrize("players", (3, 4))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_random_game_played_through_agent_indices_reaches_its_end(ruleset, players):
    game, actions = game_and_actions(ruleset, players)
    state, steps = play_through_indices(game, actions, seed=players * 7 + len(ruleset))
    assert state.is_terminal() and steps > 0
    assert state.result().players and actions.legal(state) == []


@pytest.mark.parametrize("players", (3, 4))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_numbering_is_fixed_by_ruleset_and_player_count_and_bounded(ruleset, players):
    game, actions = game_and_actions(ruleset, players)
    again = AgentActions(engine.Game(engine.load_ruleset(ruleset), players))
    assert again.size == actions.size and again.segments == actions.segments
    assert 0 < actions.size <= 100_000
    # Segments tile 0 .. size - 1 in the game's space order.
    ends = [offset + size for _name, offset, size, _bounded in actions.segments]
    assert [offset for _name, offset, _size, _bounded in actions.segments] == [0] + ends[:-1]
    assert ends[-1] == actions.size
    assert [name for name, *_ in actions.segments] == [space.name for space in game.spaces]
    # The same index means the same thing whatever the deal: words of an index do not depend on the seed.
    for seed in (1, 2):
        state = game.new_initial_state(seed=seed)
        assert max(actions.legal(state)) < actions.size


def test_high_society_bids_are_the_masks_of_money_types():
    game, actions = game_and_actions("high-society/ja", 4)
    bid = game.space("bid")
    assert actions.segments[0] == ("bid", 0, 1 << len(bid.money_types), True)
    state = game.new_initial_state(seed=3)
    mask = bid.mask_of([1000, 2000])
    assert actions.from_engine(state, mask) == mask and actions.to_engine(state, mask) == mask
    assert actions.legal(state)[0] == PASS and len(actions.legal(state)) == 2048
    assert actions.describe(state, mask) == "bid 1,000 + 2,000 (3,000)"


def test_an_illegal_index_is_refused_with_a_reason():
    game, actions = game_and_actions("high-society/ja", 4)
    bid = game.space("bid")
    state = game.new_initial_state(seed=3)
    state.apply_action(bid.mask_of([4000]))
    legal = set(actions.legal(state))
    too_low = bid.mask_of([2000])
    assert too_low not in legal
    with pytest.raises(engine.IllegalActionError) as refused:
        actions.to_engine(state, too_low)
    message = refused.value.diagnostics[0].message
    assert f"agent action {too_low}" in message and "does not beat" in message
    with pytest.raises(engine.IllegalActionError) as outside:
        actions.to_engine(state, actions.size)
    assert f"numbered 0 to {actions.size - 1}" in outside.value.diagnostics[0].message
    assert not state.history[1:]  # nothing was applied


@pytest.mark.parametrize("ruleset", ("bohnanza/amigo", "bohnanza/high-bohn"))
def test_every_index_not_legal_now_is_refused(ruleset):
    game, actions = game_and_actions(ruleset, 4)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        legal = set(actions.legal(state))
        for index in rng.sample(range(actions.size), 40):
            if index not in legal:
                with pytest.raises(engine.IllegalActionError):
                    actions.to_engine(state, index)
                assert actions.describe(state, index)
        state.apply_action(actions.to_engine(state, rng.choice(sorted(legal))))


def test_trading_offers_and_answers_are_bounded_and_canonical():
    game, actions = game_and_actions("bohnanza/amigo", 4)
    names = {name: (offset, size) for name, offset, size, _bounded in actions.segments}
    offset, size = names["offer"]
    assert names["reply"][1] == 3 and size < 20_000
    rng = random.Random(11)
    seen_offers = seen_answers = 0
    for seed in range(2):
        state = game.new_initial_state(seed=seed, record_events=False)
        while not state.is_terminal():
            legal = actions.legal(state)
            facts = state.observation(state.current_player()).decision
            if facts.get("kind") == "trade" and facts.get("stage") == "offer":
                offers = [index for index in legal if offset <= index < offset + size]
                seen_offers += len(offers)
                # Passing is always among them: a player with offers to make may make none.
                assert names["trade-turn"][0] in legal
                assert actions.describe(state, names["trade-turn"][0]) == "no offer now"
                offer_space = game.space("offer")
                player = state.current_player()
                hand = state.zones[state.slot(game.zone_index("hand"), player)]
                if len(hand) >= 3:
                    # Three hand cards given is outside the bounded view: no index, and never listed.
                    receiver = facts["active"] if player != facts["active"] else (player + 1) % 4
                    big = offer_space.encode_offer(Offer(receiver, 0b111, (0,) * 8, (0,) * 8, (0,) * 8))
                    assert actions.from_engine(state, big) is None
            if facts.get("kind") == "trade" and facts.get("stage") == "answer":
                seen_answers += 1
                assert names["reply"][0] in legal  # declining is always possible
            state.apply_action(actions.to_engine(state, rng.choice(legal)))
    assert seen_offers > 100 and seen_answers > 10


def test_actions_at_any_time_are_numbered_too():
    game, actions = game_and_actions("bohnanza/high-bohn", 4)
    names = [name for name, *_ in actions.segments]
    assert {"harvest", "buy", "build", "deposit"} <= set(names)
    bounded = {name for name, _offset, _size, is_bounded in actions.segments if is_bounded}
    assert bounded == {"offer", "reply", "buy", "build"}
    offset, size = next((o, s) for name, o, s, _b in actions.segments if name == "harvest")
    rng = random.Random(3)
    state = game.new_initial_state(seed=3, record_events=False)
    harvested = False
    while not state.is_terminal() and not harvested:
        legal = actions.legal(state)
        harvests = [index for index in legal if offset <= index < offset + size]
        if harvests:
            assert all(actions.describe(state, index).startswith("harvest") for index in harvests)
            harvested = True
        state.apply_action(actions.to_engine(state, rng.choice(legal)))
    assert harvested


def test_heuristic_bots_mostly_play_actions_the_numbering_holds():
    """The shapes of the bounded views are those bots make: most of their actions have an index."""
    game, actions = game_and_actions("bohnanza/amigo", 4)
    bots = [engine.make_bot("heuristic", seat) for seat in range(4)]
    state = game.new_initial_state(seed=8, record_events=False)
    numbered = total = 0
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        index = actions.from_engine(state, action)
        total += 1
        if index is not None:
            numbered += 1
            assert actions.to_engine(state, index) == action
        state.apply_action(action)
    assert numbered / total > 0.9


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 40))
def test_indices_convert_both_ways_at_any_point_of_a_game(seed, steps):
    game, actions = game_and_actions("bohnanza/high-bohn", 3)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed, record_events=False)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(actions.to_engine(state, rng.choice(actions.legal(state))))
    if not state.is_terminal():
        for index in actions.legal(state):
            assert actions.from_engine(state, actions.to_engine(state, index)) == index
            assert actions.describe(state, index)


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("high-society/ja", 4), ("high-society/ko", 3), ("no-thanks/classic", 3), ("love-letter/classic", 4)],
)
def test_the_legal_indices_are_those_of_the_legal_actions_sorted_each_once(ruleset, players):
    # The bids' view lists a lone decision's indices without sorting them again (they come sorted): the same list.
    game, actions = game_and_actions(ruleset, players)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed, record_events=False)
        while not state.is_terminal():
            legal = actions.legal(state)
            converted = {actions.from_engine(state, action) for action in state.legal_actions()} - {None}
            assert legal == sorted(converted)
            state.apply_action(actions.to_engine(state, rng.choice(legal)))


@pytest.mark.parametrize(("ruleset", "players"), [("bohnanza/amigo", 4), ("bohnanza/high-bohn", 3)])
def test_the_offer_views_legal_offers_are_those_the_generic_check_finds(ruleset, players):
    # The offers' view checks each candidate offer as the trade does, without encoding it to ask the legal actions:
    # at every decision of seeded games, the same indices as converting each candidate and asking the legal actions.
    from engine.families.common.front.agent_views import BoundedView
    from engine.families.trading.front.agent_views import OfferView

    game, actions = game_and_actions(ruleset, players)
    views = [segment for segment in actions._segments if isinstance(segment.view, OfferView)]
    assert views
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed, record_events=False)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            for segment in views:
                parts = [
                    part for part in getattr(legal, "parts", (legal,)) if getattr(part, "space", None) is segment.space
                ]
                for part in parts:
                    fast = list(segment.view.legal(state, player, part))
                    assert fast == list(BoundedView.legal(segment.view, state, player, part))
                    checked += len(fast)
            state.apply_action(actions.to_engine(state, rng.choice(actions.legal(state))))
    assert checked > 100
