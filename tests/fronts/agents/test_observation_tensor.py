"""What a seat sees, as a fixed-length vector laid out from the ruleset alone (engine.fronts.agents.tensor)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.fronts.agents.actions import AgentActions
from engine.fronts.agents.tensor import ObservationTensor

RULESETS = ("high-society/ja", "high-society/ko", "bohnanza/amigo", "bohnanza/rio-grande", "bohnanza/high-bohn")
_MADE: dict[tuple[str, int], tuple] = {}


def game_and_tensor(ruleset: str, players: int = 4):
    key = (ruleset, players)
    if key not in _MADE:
        game = engine.Game(engine.load_ruleset(ruleset), players)
        _MADE[key] = (game, ObservationTensor(game))
    return _MADE[key]


def cells(tensor, vector, name):
    offset, length = tensor.segment(name)
    return vector[offset : offset + length]


def counts_by_type(game, card_ids):
    counts = [0.0] * len(game.cards.ids)
    for card in card_ids:
        counts[game.cards.index_of_id[card]] += 1
    return counts


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_observation_has_the_same_length_and_the_segments_tile_it(ruleset):
    game, tensor = game_and_tensor(ruleset)
    offset = 0
    for _name, start, length in tensor.segments:
        assert start == offset and length >= 0
        offset += length
    assert offset == tensor.size > 0
    assert len({name for name, _start, _length in tensor.segments}) == len(tensor.segments)
    state = game.new_initial_state(seed=2)
    rng = random.Random(2)
    for _ in range(150):
        if state.is_terminal():
            break
        for seat in range(4):
            vector = tensor.encode(state.observation(seat))
            assert len(vector) == tensor.size and all(math.isfinite(value) for value in vector)
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    assert ObservationTensor(game).segments == tensor.segments  # the layout depends on the game alone


def test_own_hand_counts_and_other_hands_only_as_counts():
    game, tensor = game_and_tensor("high-society/ja")
    state = game.new_initial_state(seed=3)
    for viewer in range(4):
        vector = tensor.encode(state.observation(viewer))
        assert cells(tensor, vector, "zone:hand@0:cards") == counts_by_type(game, state.card_ids_in("hand", viewer))
        assert cells(tensor, vector, "zone:hand@0:count") == [11.0]
        assert cells(tensor, vector, "zone:hand@2:count") == [11.0]
        assert cells(tensor, vector, "zone:deck:count") == [15.0]
        assert cells(tensor, vector, "zone:revealed:cards") == counts_by_type(game, state.card_ids_in("revealed"))
    names = {name for name, _offset, _length in tensor.segments}
    assert "zone:hand@1:cards" not in names and "zone:deck:cards" not in names  # never seen: never encoded


def test_seats_are_counted_from_the_viewer():
    game, tensor = game_and_tensor("bohnanza/amigo")
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(120):
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    current = state.current_player()
    for viewer in range(4):
        vector = tensor.encode(state.observation(viewer))
        for relative in range(4):
            owner = (viewer + relative) % 4
            assert cells(tensor, vector, f"zone:field-1@{relative}:cards") == counts_by_type(
                game, state.card_ids_in("field-1", owner)
            )
            assert cells(tensor, vector, f"zone:hand@{relative}:count") == [float(state.count_in("hand", owner))]
        turn = cells(tensor, vector, "current")
        assert turn.index(1.0) == (current - viewer) % 4 and sum(turn) == 1
        front = cells(tensor, vector, "zone:hand@0:front")
        hand = state.card_ids_in("hand", viewer)
        types = len(game.cards.ids)
        for position, card in enumerate(hand[:3]):
            assert front[position * types + game.cards.index_of_id[card]] == 1.0
    # Two viewers see one zone at two places: seat 1's fields are seat 0's "@1" and seat 1's own "@0".
    mine = tensor.encode(state.observation(1))
    theirs = tensor.encode(state.observation(0))
    assert cells(tensor, mine, "zone:coins@0:cards") == cells(tensor, theirs, "zone:coins@1:cards")


def test_the_decision_and_its_numbers():
    game, tensor = game_and_tensor("high-society/ja")
    bid = game.space("bid")
    state = game.new_initial_state(seed=3)
    first = state.current_player()
    state.apply_action(bid.mask_of([1000, 2000]))
    viewer = state.current_player()
    vector = tensor.encode(state.observation(viewer))
    kinds = cells(tensor, vector, "decision:kind")
    assert kinds[tensor.decision_kinds.index("ascending")] == 1.0 and sum(kinds) == 1
    facts = cells(tensor, vector, "decision:ascending:facts")
    # The edition observes its money in thousands (units.money.observed-scale): 1,000 + 2,000 is 3.
    assert facts[0] == 3.0  # the highest bid
    assert facts[1 + (first - viewer) % 4] == 3.0  # the first bidder's total, at their seat from the viewer
    assert cells(tensor, vector, "decision:first-pass-takes:facts") == [0.0] * 9


def test_both_editions_observe_their_money_on_one_scale():
    """The Japanese edition's faces are 1,000 to 25,000, the Korean's 1 to 25 (millions of dollars): each
    declares the scale it is observed on, so the same deal and the same bids give the same tensors."""
    japanese, japanese_tensor = game_and_tensor("high-society/ja", 3)
    korean, korean_tensor = game_and_tensor("high-society/ko", 3)
    assert japanese_tensor.segments == korean_tensor.segments
    numbering, korean_numbering = AgentActions(japanese), AgentActions(korean)
    rng = random.Random(11)
    seen_bids = 0
    for seed in (1, 2):
        ja_state, ko_state = japanese.new_initial_state(seed=seed), korean.new_initial_state(seed=seed)
        while not ja_state.is_terminal():
            for viewer in range(3):
                ja_vector = japanese_tensor.encode(ja_state.observation(viewer))
                assert ja_vector == korean_tensor.encode(ko_state.observation(viewer))
                seen_bids += cells(japanese_tensor, ja_vector, "decision:ascending:facts")[0] > 0
            index = rng.choice(numbering.legal(ja_state))
            ja_state.apply_action(numbering.to_engine(ja_state, index))
            ko_state.apply_action(korean_numbering.to_engine(ko_state, index))
    assert seen_bids > 0


def test_trade_offers_show_in_the_answerer_tensor():
    game, tensor = game_and_tensor("bohnanza/amigo")
    rng = random.Random(6)
    state = game.new_initial_state(seed=6)
    while state.observation(state.current_player()).decision.get("stage") != "answer":
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    answerer = state.current_player()
    facts = state.observation(answerer).decision
    vector = tensor.encode(state.observation(answerer))
    offset, length = tensor.segment("decision:trade:facts")
    assert vector[offset] == 1.0  # answering
    offer = game.space("offer").decode(facts["offer_action"])
    names = tensor.segments
    assert any(name == "decision:trade:facts" for name, *_ in names) and length > 6 * len(game.cards.ids)
    asked = sum(offer.ask_hand) + sum(offer.ask_pool)
    given = len(facts["offered_hand_cards"]) + sum(offer.give_pool)
    assert sum(vector[offset : offset + length]) >= 1 + asked + given


def test_cards_the_viewer_cannot_see_change_nothing():
    """Two deals that differ only in the order of the face-down deck look the same to every seat."""
    game, tensor = game_and_tensor("high-society/ja")
    state = game.new_initial_state(seed=9)
    log = state.to_log()
    deck = list(log["deck"])
    swapped = deck[:5] + [deck[6], deck[5]] + deck[7:]  # two cards deep in the deck, neither revealed
    assert swapped != deck
    other = game.new_initial_state(deck=swapped, first_player=log["first_player"])
    assert other.to_log()["deck"] != log["deck"]
    for seat in range(4):
        assert tensor.encode(state.observation(seat)) == tensor.encode(other.observation(seat))


def test_an_opponents_hidden_hand_changes_nothing_for_the_viewer():
    """Bohnanza: swap a card of an opponent's hand with one in the draw pile; the viewer's tensor stays the same."""
    game, tensor = game_and_tensor("bohnanza/amigo")
    state = game.new_initial_state(seed=12)
    log = state.to_log()
    deck, first = list(log["deck"]), log["first_player"]
    viewer = 0
    found = None
    for low in range(len(deck)):
        for high in range(low + 1, len(deck)):
            if deck[low] == deck[high]:
                continue
            trial = list(deck)
            trial[low], trial[high] = trial[high], trial[low]
            other = game.new_initial_state(deck=trial, first_player=first)
            hands_differ = any(
                sorted(other.card_ids_in("hand", seat)) != sorted(state.card_ids_in("hand", seat))
                for seat in range(4)
                if seat != viewer
            )
            if hands_differ and other.observation(viewer) == state.observation(viewer):
                found = other
                break
        if found is not None:
            break
    assert found is not None
    assert tensor.encode(found.observation(viewer)) == tensor.encode(state.observation(viewer))
    # Another seat, whose hand changed, sees the difference.
    assert any(
        tensor.encode(found.observation(seat)) != tensor.encode(state.observation(seat))
        for seat in range(4)
        if seat != viewer
    )


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 200), viewer=st.integers(0, 3))
def test_equal_observations_give_equal_tensors(seed, steps, viewer):
    game, tensor = game_and_tensor("bohnanza/high-bohn")
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed, record_events=False)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    twin = state.clone()
    seen, again = state.observation(viewer), twin.observation(viewer)
    assert seen == again
    vector = tensor.encode(seen)
    assert vector == tensor.encode(again) and len(vector) == tensor.size


def zone_cells_zone_by_zone(tensor, observation, name):
    """A zone segment's cells as the public Observation API gives them zone by zone (what encode reads in one pass
    of Observation.seen_slots): card counts by type, the front cards one-hot, the count."""
    label, part = name.rsplit(":", 1)
    zone_id, _, relative = label.removeprefix("zone:").partition("@")
    owner = (observation.player + int(relative)) % len(observation.players) if relative else None
    types = len(observation.game.cards.ids)
    index_of = observation.game.cards.index_of_id
    if part == "count":
        return [float(observation.count(zone_id, owner) or 0)]
    cards = observation.cards(zone_id, owner) or ()
    if part == "cards":
        cells = [0.0] * types
        for card in cards:
            cells[index_of[card]] += 1.0
        return cells
    cells = [0.0] * (3 * types)
    ordered = tuple(reversed(cards)) if observation.game.zones.zone(zone_id).kind == "stack" else tuple(cards)
    for position, card in enumerate(ordered[:3]):
        cells[position * types + index_of[card]] = 1.0
    return cells


@pytest.mark.parametrize("ruleset", (*RULESETS, "no-thanks/classic", "coloretto/classic", "love-letter/classic"))
def test_the_zone_segments_are_what_the_observation_shows_zone_by_zone(ruleset):
    game, tensor = game_and_tensor(ruleset)
    rng = random.Random(3)
    state = game.new_initial_state(seed=3, record_events=False)
    checked = 0
    while not state.is_terminal() and checked < 40:
        for viewer in range(game.player_count):
            observation = state.observation(viewer)
            cells = tensor.encode(observation)
            for name, offset, length in tensor.segments:
                if name.startswith("zone:") and name.rsplit(":", 1)[1] in ("cards", "front", "count"):
                    assert cells[offset : offset + length] == zone_cells_zone_by_zone(tensor, observation, name), name
        checked += 1
        state.apply_action(state.legal_actions().sample(rng))


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    reads=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3), st.booleans()), min_size=1, max_size=40),
)
def test_states_read_in_any_order_encode_as_if_nothing_were_remembered(seed, reads):
    """A tensor and its game remember, per viewer, the zones last read (Observation.seen_slots, nonzero): states
    that branch apart (a search's) and viewers read in any order, moving on between reads, still encode as the
    observation shows each zone, and as a tensor made afresh does."""
    game, tensor = game_and_tensor("high-society/ja")
    rng = random.Random(seed)
    root = game.new_initial_state(seed=seed, record_events=False)
    for _ in range(rng.randrange(30)):
        if root.is_terminal():
            break
        root.apply_action(root.legal_actions().sample(rng))
    branches = [root.clone() for _ in range(3)]
    for branch, viewer, move_on in reads:
        state = branches[branch]
        if move_on and not state.is_terminal():
            state.apply_action(state.legal_actions().sample(rng))
        observation = state.observation(viewer)
        vector = tensor.encode(observation)
        assert vector == ObservationTensor(game).encode(state.observation(viewer))
        positions, values = tensor.nonzero(observation)
        assert positions == sorted(set(positions)) and all(values)
        assert [vector[position] for position in positions] == values and sum(map(bool, vector)) == len(values)
        for name, offset, length in tensor.segments:
            if name.startswith("zone:") and name.rsplit(":", 1)[1] in ("cards", "front", "count"):
                assert vector[offset : offset + length] == zone_cells_zone_by_zone(tensor, observation, name), name
