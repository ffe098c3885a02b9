"""Game flow, the log form, and properties every shipped ruleset must keep."""

from __future__ import annotations

import collections
import json
import random
import textwrap

import pytest
from game_fixtures import (
    SHIPPED,
    deck_with_top,
    hs_bids,
    hs_decision,
    hs_hand,
    hs_mask,
    hs_mask_values,
    hs_passed,
    hs_revealed,
    hs_spent,
    sample_ruleset,
    shipped,
    status_cards,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.base.errors import CardrulesError, IllegalActionError, LogError, RulesetError
from engine.core.chance import PairedChance
from engine.core.conditions import make_condition
from engine.core.events import PhaseStarted
from engine.core.game import Game
from engine.core.state import TERMINAL
from engine.families.auction.rules.bidding import CHOICE_BASE, PASS, BidActions, subset_sums
from engine.families.catalog import load_ruleset
from engine.families.flow.rules.repeat import MAX_PASSES_WITHOUT_DECISION
from engine.fronts.bots import make_bot

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
RULESETS = {name: shipped(name) for name in SHIPPED}


def play_random(state, rng: random.Random) -> None:
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))


def has_bids(game) -> bool:
    """Whether the game is played with money bids (its flow has an auction)."""
    try:
        game.space("bid")
    except KeyError:
        return False
    return True


def dealt_total(game) -> int:
    """The money dealt at the start: every player gets one money card of each value."""
    return game.player_count * sum(game.space("bid").values)


def money_accounted(state) -> int:
    """The money in hands, in bids on the table, and paid out of the game."""
    return sum(
        sum(hs_hand(state, p)) + sum(hs_bids(state)[p]) + sum(hs_spent(state)[p]) for p in range(state.player_count)
    )


def is_bid(game, action: int) -> bool:
    return action != PASS and action in game.space("bid")


def choosing(state) -> bool:
    """Whether the decision under way is a card choice (a theft's discard), not a bidding turn."""
    return "discard" in state.legal_actions().kinds()


# ---------------------------------------------------------------- setup and chance


def test_every_player_is_dealt_one_money_card_of_each_value():
    game = Game(RULESETS["high-society/ko"], PLAYERS)
    state = game.new_initial_state(seed=1)
    assert all(hs_hand(state, p) == [1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25] for p in range(4))
    assert all(state.count_in("hand", p) == 11 for p in range(4)) and state.count_in("box") == 0


def test_the_same_seed_gives_the_same_deck_and_first_player():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    one, two, other = game.new_initial_state(seed=5), game.new_initial_state(seed=5), game.new_initial_state(seed=6)

    def dealt(state):
        return state.to_log()["deck"], state.first_player

    assert dealt(one) == dealt(two)
    assert dealt(one) != dealt(other)
    assert list(one.card_ids_in("deck")) == list(reversed(one.to_log()["deck"][1:]))  # the log writes it top first


def test_a_replay_passes_the_deck_and_the_first_player():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, PLAYERS)
    deck = deck_with_top(ruleset, "debt", "luxury-4")
    state = game.new_initial_state(deck=deck, first_player=2)
    assert state.to_log()["deck"] == deck and state.current_player() == 2 and hs_revealed(state) == "debt"
    assert state.first_player == 2 and state.card_ids_in("deck")[-1] == "luxury-4"


def test_a_deck_that_is_not_the_ruleset_s_cards_is_rejected():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    with pytest.raises(LogError):
        game.new_initial_state(deck=["luxury-1"] * 16, first_player=0)
    with pytest.raises(LogError):
        game.new_initial_state(deck=["joker"], first_player=0)
    with pytest.raises(LogError):
        game.new_initial_state(deck=status_cards(game.ruleset)[:-1], first_player=0)
    with pytest.raises(LogError):
        game.new_initial_state(seed=1, first_player=9)


def test_a_table_outside_the_player_count_is_refused():
    with pytest.raises(CardrulesError):
        Game(RULESETS["high-society/ja"], ["Ann", "Bo"])
    with pytest.raises(CardrulesError):
        Game(RULESETS["high-society/ja"], ["Ann", "Ann", "Bo"])
    assert Game(RULESETS["high-society/ja"], 3).players == ("Player 1", "Player 2", "Player 3")


# ---------------------------------------------------------------- legality


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9"), first_player=0)
    state.apply_action(hs_mask(game, [12000]))
    before = state.to_log(), list(state.zones), len(state.events)
    with pytest.raises(IllegalActionError, match="does not beat"):
        state.apply_action(hs_mask(game, [10000]))
    with pytest.raises(IllegalActionError):
        state.apply_action(CHOICE_BASE)
    with pytest.raises(IllegalActionError):
        state.apply_action(1 << 15)
    with pytest.raises(IllegalActionError, match="Bo"):
        state.action_from_json({"player": 2, "action": "pass"})
    assert (state.to_log(), list(state.zones), len(state.events)) == before


def test_a_finished_game_refuses_every_action():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=3)
    play_random(state, random.Random(3))
    with pytest.raises(IllegalActionError):
        state.apply_action(PASS)
    assert state.current_player() == TERMINAL and list(state.legal_actions()) == []


def test_legal_actions_are_pass_and_exactly_the_raises_that_beat_the_highest_total():
    ruleset = sample_ruleset(money_values=(1, 2, 4))
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    sums = game.space("bid").sums
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9"), first_player=0)
    state.apply_action(hs_mask(game, [4]))  # Ann bids 4
    legal = state.legal_actions()  # Bo: needs more than 4 from {1, 2, 4}
    expected = [PASS] + [mask for mask in range(1, 8) if sums[mask] > 4]
    assert list(legal) == expected and len(legal) == len(expected)
    assert all(action in legal for action in expected) and 1 not in legal and 8 not in legal
    assert legal.cheapest_raises() == [hs_mask(game, [1, 4])]
    assert legal.kinds() == ("pass", "bid")
    rng = random.Random(0)
    counts = {action: 0 for action in expected}
    for _ in range(4000):
        counts[legal.sample(rng)] += 1
    assert min(counts.values()) > 4000 / len(expected) * 0.7  # roughly uniform, all reachable


def test_the_random_bot_passes_or_bids_with_even_odds():
    ruleset = sample_ruleset(money_values=(1, 2, 4))
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9"), first_player=0)
    legal = state.legal_actions()
    rng = random.Random(1)
    draws = [legal.sample_by_kind(rng) for _ in range(2000)]
    assert 0.45 < draws.count(PASS) / len(draws) < 0.55
    assert all(action in legal for action in draws)


def test_bid_actions_are_the_masks_of_the_money_values():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    space = game.space("bid")
    assert space.values == (1000, 2000, 3000, 4000, 6000, 8000, 10000, 12000, 15000, 20000, 25000)
    assert hs_mask(game, [1000, 4000]) == 0b1001 and hs_mask_values(game, 0b1001) == (1000, 4000)
    assert space.sums[hs_mask(game, [3000, 25000])] == 28000
    assert game.space("discard").base == CHOICE_BASE


def test_the_log_round_trips_through_json_and_replays_to_the_same_result():
    game = Game(RULESETS["high-society/ja"], PLAYERS, seats=["human", "bot:random", "bot:random", "bot:heuristic"])
    state = game.new_initial_state(seed=11)
    play_random(state, random.Random(2))
    log = json.loads(json.dumps(state.to_log()))
    assert log["format"] == 2 and log["seed"] == 11 and log["seats"][0] == "human"
    replayed = game.new_initial_state(deck=log["deck"], first_player=log["first_player"])
    for entry in log["actions"]:
        replayed.apply_action(replayed.action_from_json(entry))
    assert replayed.is_terminal() and replayed.result() == state.result()
    assert log["result"] == state.result().to_json()
    assert replayed.history == state.history and replayed.to_log()["actions"] == log["actions"]


def test_a_replay_without_events_is_the_same_game():
    game = Game(RULESETS["high-society/ko"], PLAYERS)
    state = game.new_initial_state(seed=12)
    play_random(state, random.Random(12))
    log = state.to_log()
    quiet = game.new_initial_state(deck=log["deck"], first_player=log["first_player"], record_events=False)
    for action in state.history:
        quiet.apply_action(action)
    assert quiet.events == [] and quiet.result() == state.result() and quiet.zones == state.zones


def test_malformed_log_actions_are_log_errors():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=1)
    for bad in (
        {"action": "bid", "cards": [7000]},
        {"action": "bid", "cards": []},
        {"action": "bid", "cards": [1000, 1000]},
        {"action": "discard", "card": "joker"},
        {"action": "steal"},
        ["pass"],
        {"action": "bid", "cards": [True]},
    ):
        with pytest.raises(LogError):
            state.action_from_json(bad)


def test_actions_are_written_and_read_back_and_described():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=1)
    bid = hs_mask(game, [1000, 3000])
    entry = state.action_to_json(bid, 0)
    assert entry == {"player": 0, "action": "bid", "cards": [1000, 3000]}
    assert state.parse_action(entry) == bid and state.parse_action({"action": "pass"}) == PASS
    assert "4,000" in state.describe_action(bid, 0)


def test_events_tell_the_game_in_order():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-4"), first_player=0)
    state.apply_action(hs_mask(game, [1000]))
    state.apply_action(PASS)
    state.apply_action(PASS)
    told = {"reveal", "bid", "pass", "pay", "take"}
    assert [event.type for event in state.events if event.type in told] == [
        "reveal",
        "bid",
        "pass",
        "pass",
        "pay",
        "take",
        "reveal",
    ]
    # Every decision is told before its consequences, with its log entry.
    decisions = [event for event in state.events if event.type == "decision"]
    assert [event.action for event in decisions] == state.to_log()["actions"]
    first_decision = state.events.index(decisions[0])
    assert [event.type for event in state.events[first_decision - 1 :]] == [
        "reveal",
        "decision",
        "bid",
        "decision",
        "pass",
        "decision",
        "pass",
        "pay",
        "take",
        "move",
        "reveal",
    ]


def test_moving_no_card_is_no_event():
    """Nothing happened: a step that moves none of the cards it might (a ``move-all`` picking none) tells nothing."""
    state = Game(shipped("high-society/ja"), 3).new_initial_state(seed=1)
    layout = state.game.zones
    del state.events[:]
    state.move((), layout.slot_of("deck"), layout.slot_of("revealed"), player=0, step="reveal")
    assert state.events == []


def test_clone_is_independent():
    game = Game(RULESETS["high-society/ko"], PLAYERS)
    state = game.new_initial_state(seed=4)
    copy = state.clone()
    play_random(copy, random.Random(1))
    assert not state.is_terminal() and state.history == [] and copy.is_terminal()
    assert copy.history and state.events != copy.events


def test_a_clone_in_the_middle_of_an_auction_plays_on_alone():
    ruleset = RULESETS["high-society/ja"]
    game = Game(ruleset, PLAYERS)
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9", "luxury-1"), first_player=0)
    state.apply_action(hs_mask(game, [1000]))
    copy = state.clone()
    copy.apply_action(hs_mask(game, [2000]))  # Bo raises in the copy only
    copy.apply_action(PASS)
    assert hs_bids(state) == [[1000], [], [], []] and hs_decision(state)["highest"] == 1000
    assert hs_passed(state) == [False] * 4 and state.current_player() == 1
    assert hs_bids(copy)[1] == [2000] and hs_passed(copy)[2] and copy.current_player() == 3
    # The original goes on exactly as if the copy never existed.
    again = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-9", "luxury-1"), first_player=0)
    again.apply_action(hs_mask(game, [1000]))
    for one in (state, again):
        play_random(one, random.Random(8))
    assert state.to_log() == again.to_log()


def test_a_cloned_seeded_game_draws_the_same_later_chance():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=21)
    copy = state.clone()
    assert copy.chance is not state.chance
    play_random(state, random.Random(5))
    play_random(copy, random.Random(5))
    assert state.to_log() == copy.to_log()


@pytest.mark.parametrize("source", ["paired", "recorded", "seeded fallback"])
def test_a_clone_draws_what_the_original_draws_from_every_kind_of_chance(source):
    # Bohnanza reshuffles its discard pile mid-game: a clone's later chance is its own, and the same.
    game = Game(load_ruleset("bohnanza/amigo"), PLAYERS)
    played = game.new_initial_state(seed=3, record_events=False)
    play_random(played, random.Random(2))
    log = played.to_log()
    assert log["chance"], "the recorded game reshuffles"
    if source == "paired":
        state = game.new_initial_state(chance_source=PairedChance(3, 7), record_events=False)
    elif source == "recorded":
        state = game.new_initial_state(
            deck=log["deck"], first_player=log["first_player"], chance=log["chance"], record_events=False
        )
    else:  # the deck recorded, later reshuffles drawn from the seed
        state = game.new_initial_state(seed=5, deck=log["deck"], first_player=log["first_player"], record_events=False)
    rng = random.Random(9)
    for entry in log["actions"][:40]:
        state.apply_action(state.legal_actions().sample(rng) if source == "paired" else state.action_from_json(entry))
    copy = state.clone()
    assert copy.chance is not state.chance
    if source == "recorded":
        for one in (state, copy):
            for entry in log["actions"][40:]:
                one.apply_action(one.action_from_json(entry))
        assert state.to_log()["chance"] == copy.to_log()["chance"] == log["chance"]
    else:
        play_random(state, random.Random(5))
        play_random(copy, random.Random(5))
        assert state.to_log() == copy.to_log()
        assert state.to_log()["chance"]


def test_observation_shows_only_the_players_own_hand_and_public_facts():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=9)
    state.apply_action(state.legal_actions().cheapest_raises()[0])
    seat = state.current_player()
    obs = state.observation(seat)
    assert obs.cards("hand", seat) == state.card_ids_in("hand", seat) and obs.player == seat
    assert all(
        obs.cards("hand", other) is None and obs.count("hand", other) == state.count_in("hand", other)
        for other in range(4)
        if other != seat
    )
    assert obs.decision["highest"] == max(obs.decision["totals"]) and obs.cards("revealed") == (hs_revealed(state),)
    assert sum(count for card, count in obs.unseen().items() if "money" not in card) == 15
    assert obs.count("deck") == 15 and obs.cards("deck") is None
    assert [(end["tag"], end["count"]) for end in obs.rules.end_conditions if end.get("tag")] == [("red", 4)]
    assert obs.current_player == seat
    assert tuple(obs.count("hand", p) + obs.count("bid", p) for p in range(4)) == (11, 11, 11, 11)
    assert obs.measure("money", (seat + 1) % 4) == sum(game.space("bid").values)  # public: everyone can count it


def test_observations_compare_what_is_visible_only():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    one = game.new_initial_state(deck=deck_with_top(game.ruleset, "luxury-2", "luxury-3"), first_player=0)
    two = game.new_initial_state(deck=deck_with_top(game.ruleset, "luxury-2", "luxury-5"), first_player=0)
    assert one.observation(0) == two.observation(0)  # the deck's order is hidden from everyone
    one.apply_action(hs_mask(game, [1000]))
    assert one.observation(0) != two.observation(0)


@pytest.mark.parametrize("name", SHIPPED)
def test_what_a_player_cannot_see_and_a_zones_key_agree_with_the_zone_views(name):
    """``unseen`` counts the cards in no zone the viewer sees; equal ``zone_key`` values mean equal views; a zone's
    cards, card types and count are what its view shows.

    All are shortcuts that bots take at every decision (one mask of the visible cards; contents read in
    one slice): they must tell what the views tell, no more and no less.
    """
    game = Game(RULESETS[name], PLAYERS)
    rng = random.Random(11)
    observations = []
    for seed in range(4, 40):  # games until there are enough views, from many moments of the game
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and len(observations) < 30 * (seed - 3):
            observations.append(state.observation(rng.randrange(len(PLAYERS))))
            for _ in range(rng.randrange(1, 6)):
                if not state.is_terminal():
                    state.apply_action(state.legal_actions().sample(rng))
        if len(observations) >= 90:
            break
    assert len(observations) >= 90
    zone_ids = [spec.id for spec in game.zones.specs]
    for obs in observations:
        # A card shown to the viewer where it lies hidden (a look at a hand) is not unseen either.
        shown = collections.Counter(card for view in obs.zones() for card in (view.cards or view.known or ()))
        every_card = collections.Counter({card.id: game.cards.count(card.index) for card in game.cards.types})
        assert obs.unseen() == every_card - shown
        assert obs.unseen_by_type() == tuple(obs.unseen()[card_id] for card_id in game.cards.ids)
        # The mask in sight holds what this seat sees or was shown, type by type, and no other card.
        seen = obs.seen_mask()
        assert seen >> game.cards.size == 0
        for index, card_id in enumerate(game.cards.ids):
            assert (seen & game.cards.type_mask[index]).bit_count() == shown[card_id]
        for spec in game.zones.specs:
            for owner in range(len(PLAYERS)) if spec.per_player else (None,):
                cards = obs.cards(spec.id, owner)
                assert obs.card_types(spec.id, owner) == (
                    None if cards is None else tuple(game.cards.index_of_id[card] for card in cards)
                )
                assert (cards, obs.count(spec.id, owner)) == (
                    obs.zone(spec.id, owner).cards,
                    obs.zone(spec.id, owner).count,
                )
    for zone_id in zone_ids:
        spec = game.zones.zone(zone_id)
        owners = range(len(PLAYERS)) if spec.per_player else (None,)

        def views(obs):
            return tuple((view.cards, view.count) for view in (obs.zone(zone_id, owner) for owner in owners))

        for one in observations:
            key = one.zone_key(zone_id)
            # A zone whose cards the viewer cannot see gives its count (or nothing), never its contents; with the
            # cards the viewer was shown there, when they were (a look at a hand).
            hidden = [
                (part, zone_view)
                for part, zone_view in zip(key, (one.zone(zone_id, owner) for owner in owners))
                if zone_view.cards is None
            ]
            assert [part for part, _view in hidden] == [
                (zone_view.count, tuple(zone_view.known)) if zone_view.known else zone_view.count
                for _part, zone_view in hidden
            ], zone_id
            for two in observations:
                if one.player == two.player and key == two.zone_key(zone_id):
                    assert views(one) == views(two), zone_id


@settings(max_examples=200, deadline=None)
@given(
    hand=st.integers(0, 127),
    own=st.integers(0, 40),
    highest=st.integers(0, 120),
    seed=st.integers(0, 99),
    can_pass=st.booleans(),
)
def test_legal_actions_membership_listing_and_sampling_agree(hand, own, highest, seed, can_pass):
    sums = subset_sums((1, 2, 3, 5, 8, 13, 21))
    legal = BidActions(hand, own, highest, sums, can_pass=can_pass)
    by_membership = [a for a in range(0, 128) if a in legal]
    raises = [a for a in by_membership if a != PASS]
    assert list(legal) == by_membership and len(legal) == len(by_membership)
    assert (PASS in legal) == can_pass and bool(legal) == bool(by_membership)
    assert list(legal.raises()) == raises and legal.can_raise() == bool(raises)
    rng = random.Random(seed)
    if by_membership:
        assert legal.sample(rng) in legal and legal.sample_by_kind(rng) in legal
    else:
        with pytest.raises(ValueError):
            legal.sample(rng)
    raise_ = legal.sample_raise(rng)
    assert (raise_ is None) == (not legal.can_raise()) and (raise_ is None or raise_ in legal)
    cheapest = legal.cheapest_raises()
    if cheapest:
        assert min(sums[m] for m in raises) == sums[cheapest[0]]


# ---------------------------------------------------------------- the flow blocks, on small rulesets

TINY = """\
format: 2
game: tiny
name: Tiny
players: {min: 2, max: 4}
tags:
  money: {name: Money}
  gem: {name: Gem}
  crown: {name: Crown}
counters:
  lives: {start: 2}
cards:
  - {id: gem, name: Gem, tags: [gem], value: 1, count: 4, tables: {harvest: {2: 1, 4: 3}}}
  - id: crown
    name: Crown
    tags: [crown]
    value: 3
    modifiers:
      - {kind: set-limit, while-in: won, limit: bids, to: 9}
      - {kind: raise-limit, while-in: won, limit: bids, by: 2}
      - {kind: raise-limit, while-in: won, limit: hand-size, by: -1}
      - {kind: replace-table, while-in: won, table: harvest, cards: {tag: gem}, with: {1: 1, 3: 5}}
      - {kind: lift-rule, while-in: won, rule: no-change, cards: {tag: gem}}
      - {kind: lift-rule, while-in: hand, rule: never-in-hand}
  - {id: coin, name: Coin, tags: [money], values: [1, 2], count: {per-player: 1}}
  - id: coin-4
    name: Coin
    tags: [money]
    value: 4
    count: {per-player: 1}
    modifiers:
      - {kind: raise-limit, while-in: bid, limit: raise, by: 1}
zones:
  hand: {owner: player, kind: set, visibility: owner}
  bid: {owner: player, kind: set, visibility: all}
  spent: {owner: player, kind: set, visibility: all}
  deck: {owner: shared, kind: stack, visibility: count}
  revealed: {owner: shared, kind: set, visibility: all}
  won: {owner: player, kind: row, visibility: all}
setup:
  - {kind: deal-each, cards: {tag: money}, to: hand}
  - {kind: shuffle, to: deck, cards: {not-tag: money}, log: deck}
scoring:
  zones: [won]
  steps:
    - {id: gems, kind: sum-attribute, attribute: value}
  elimination: {kind: none}
"""

DECK_EMPTY = "[{id: deck-empty, kind: deck-empty}]"


def round_flow(*steps: str, auction: str = "{id: auction, kind: ascending}") -> str:
    """A loop of rounds: check the end, reveal a card, sell it, then ``steps``."""
    return (
        "\n".join(
            [
                "- id: round",
                "  kind: repeat",
                "  steps:",
                "    - {id: round-start, kind: check-end}",
                "    - {id: reveal, kind: reveal, from: deck, to: revealed, player: start}",
                *("    - " + line for line in [auction, *steps]),
            ]
        )
        + "\n"
    )


def tiny(tmp_path, flow: str, *, end: str = "[]"):
    """A small auction game (four gems and a crown; coins 1, 2 and 4 each); ``flow`` and ``end`` as YAML."""
    text = TINY + f"end: {end}\n" + "flow:\n" + textwrap.indent(textwrap.dedent(flow), "  ")
    path = tmp_path / f"tiny-{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def tiny_game(tmp_path, flow: str, *, players: int = 3, first: int = 0, deck=None, end: str = "[]"):
    """A tiny game dealt with ``deck`` (top first; default: the gems, then the crown)."""
    game = Game(tiny(tmp_path, flow, end=end), players)
    return game, game.new_initial_state(deck=deck or ["gem"] * 4 + ["crown"], first_player=first)


def pass_to_the_end(state) -> list[int]:
    """Everyone passes until the game is over; returns who decided, in order."""
    deciders = []
    while not state.is_terminal():
        deciders.append(state.current_player())
        state.apply_action(PASS)
    return deciders


def told(state, kind: str) -> list:
    return [event for event in state.events if event.type == kind]


def test_a_sequence_runs_its_steps_once_in_order_and_the_game_ends_with_the_flow(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - kind: sequence
          steps:
            - {kind: reveal, from: deck, to: revealed, player: start}
            - {id: first-sale, kind: ascending}
            - {kind: reveal, from: deck, to: revealed, player: start}
            - {id: second-sale, kind: ascending}
        """,
    )
    assert hs_decision(state)["step"] == "first-sale"
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert hs_decision(state)["step"] == "second-sale"
    assert pass_to_the_end(state) == [0, 1]
    assert state.end_reason == "flow" and [take.player for take in told(state, "take")] == [2, 2]
    assert state.count_in("deck") == 3 and state.result().player("Player 3").score == 2


def test_repeat_runs_until_its_condition_holds_before_a_pass(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - id: round
          kind: repeat
          until: {empty: deck}
          steps:
            - {kind: reveal, from: deck, to: revealed, player: start}
            - {kind: ascending}
            - {kind: set-player, player: start, to: taker}
        """,
    )
    pass_to_the_end(state)
    assert state.end_reason == "flow" and state.round_number == 5
    assert [reveal.round for reveal in told(state, "reveal")] == [1, 2, 3, 4, 5]
    assert sum(state.count_in("won", p) for p in range(3)) == 5


def test_repeat_whose_condition_holds_at_once_runs_no_pass(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - kind: repeat
          until: {empty: revealed}
          steps:
            - {kind: reveal, from: deck, to: revealed, player: start}
            - {kind: ascending}
        """,
    )
    assert state.is_terminal() and state.end_reason == "flow"
    assert state.round_number == 0 and state.history == [] and told(state, "reveal") == []
    assert state.result().winners == ("Player 1", "Player 2", "Player 3")


def test_a_round_loop_ends_with_an_end_condition(tmp_path):
    game, state = tiny_game(tmp_path, round_flow("{kind: set-player, player: start, to: taker}"), end=DECK_EMPTY)
    pass_to_the_end(state)
    assert state.end_reason == "deck-empty" and state.round_number == 5
    assert [reveal.player for reveal in told(state, "reveal")] == [0, 2, 1, 0, 2]
    assert [take.player for take in told(state, "take")] == [2, 1, 0, 2, 1]


def test_set_player_next_gives_the_next_round_to_the_player_after_the_taker(tmp_path):
    game, state = tiny_game(
        tmp_path, round_flow("{kind: set-player, player: start, to: taker, next: true}"), end=DECK_EMPTY
    )
    state.apply_action(hs_mask(game, [1]))  # Ann bids; Bo and Cy pass: Ann takes the first gem
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.observation(0).variables["taker"] == 0
    assert told(state, "reveal")[-1].player == 1 and state.current_player() == 1  # Bo, after Ann, starts
    state.apply_action(PASS)
    state.apply_action(PASS)  # Bo, Cy pass: Ann takes again; Bo starts again
    assert state.current_player() == 1 and state.observation(0).variables["start"] == 1


def test_each_player_runs_the_steps_for_every_player_clockwise_and_skips_as_told(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - kind: each-player
          from: start
          as: seller
          skip: {not: {empty: won}}
          steps:
            - {kind: reveal, from: deck, to: revealed, player: seller}
            - {kind: ascending, start: seller}
        """,
        first=1,
    )
    # Bo sells first: Bo and Cy pass, Ann takes; Cy sells: Cy and Ann pass, Bo takes; Ann has a card: skipped
    assert pass_to_the_end(state) == [1, 2, 2, 0]
    assert [reveal.player for reveal in told(state, "reveal")] == [1, 2]
    assert [take.player for take in told(state, "take")] == [0, 1]
    assert state.end_reason == "flow" and state.count_in("deck") == 3


def test_each_player_keeps_its_order_when_the_steps_change_the_first_player(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - kind: each-player
          from: start
          steps:
            - {kind: reveal, from: deck, to: revealed, player: player}
            - {kind: ascending, start: player}
            - {kind: set-player, player: start, to: taker}
        """,
    )
    pass_to_the_end(state)
    assert [reveal.player for reveal in told(state, "reveal")] == [0, 1, 2]


def test_turns_pass_clockwise_from_the_first_player_and_count_rounds(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - id: turn
          kind: turns
          until: {empty: deck}
          steps:
            - {kind: reveal, from: deck, to: revealed, player: active}
            - {kind: ascending, start: active}
        """,
        first=2,
    )
    turns = []
    while not state.is_terminal():
        turns.append((state.round_number, state.observation(0).variables["active"]))
        state.apply_action(PASS)
    assert sorted(set(turns)) == [(1, 2), (2, 0), (3, 1), (4, 2), (5, 0)]
    assert [reveal.player for reveal in told(state, "reveal")] == [2, 0, 1, 2, 0]
    assert state.end_reason == "flow"


def test_phases_are_announced_and_observed(tmp_path):
    game, state = tiny_game(
        tmp_path,
        """
        - id: turn
          kind: turns
          until: {empty: deck}
          steps:
            - id: market
              kind: phase
              name: Market
              steps:
                - {kind: reveal, from: deck, to: revealed, player: active}
                - {kind: ascending, start: active}
        """,
        first=1,
    )
    assert state.observation(0).phases == ("market",)
    assert told(state, "phase") == [PhaseStarted("market", 1)]
    pass_to_the_end(state)
    assert [event.player for event in told(state, "phase")] == [1, 2, 0, 1, 2]
    assert state.observation(0).phases == ()


SWITCH = round_flow(
    "{kind: set-player, player: start, to: taker}",
    auction="""id: sale
      kind: switch
      zone: revealed
      cases:
        - {id: crown-sale, when: {tag: crown}, kind: first-pass-takes}
        - {id: gem-sale, kind: ascending}""",
)


def test_a_switch_holds_the_first_case_that_matches_the_card(tmp_path):
    game, state = tiny_game(tmp_path, SWITCH, deck=["crown"] + ["gem"] * 4, end=DECK_EMPTY)
    assert hs_decision(state)["kind"] == "first-pass-takes" and hs_decision(state)["step"] == "crown-sale"
    state.apply_action(PASS)  # Ann passes first: the crown is hers
    assert state.card_ids_in("won", 0) == ("crown",)
    assert hs_decision(state)["kind"] == "ascending" and hs_decision(state)["step"] == "gem-sale"
    pass_to_the_end(state)
    assert state.end_reason == "deck-empty"


def test_a_switch_must_have_a_case_for_every_card_and_no_unreachable_case(tmp_path):
    uncovered = SWITCH.replace("        - {id: gem-sale, kind: ascending}\n", "")
    with pytest.raises(RulesetError, match="no case is chosen for gem"):
        tiny(tmp_path, uncovered, end=DECK_EMPTY)
    unreachable = SWITCH.replace(
        "{id: crown-sale, when: {tag: crown}, kind: first-pass-takes}", "{id: crown-sale, kind: first-pass-takes}"
    )
    with pytest.raises(RulesetError, match="this case is never chosen"):
        tiny(tmp_path, unreachable, end=DECK_EMPTY)


def test_a_loop_that_never_decides_is_refused_instead_of_hanging(tmp_path):
    for flow in (
        """
        - id: idle
          kind: repeat
          steps:
            - {kind: set-player, player: start, to: active}
        """,
        """
        - id: idle
          kind: repeat
          steps:
            - kind: sequence
              steps:
                - {kind: set-player, player: start, to: active}
        """,
        """
        - id: idle
          kind: turns
          steps:
            - {id: nothing, kind: phase, steps: [{kind: set-player, player: start, to: active}]}
        """,
    ):
        game = Game(tiny(tmp_path, flow), 3)
        with pytest.raises(RulesetError, match=f"the loop idle ran {MAX_PASSES_WITHOUT_DECISION} times"):
            game.new_initial_state(seed=1)


def test_a_loop_with_a_decision_in_every_pass_is_never_refused(tmp_path):
    game, state = tiny_game(tmp_path, round_flow(), end=DECK_EMPTY)
    pass_to_the_end(state)
    assert state.end_reason == "deck-empty" and state.round_number == 5


# ---------------------------------------------------------------- conditions


@pytest.mark.parametrize(
    "spec, player, expected",
    [
        ({"empty": "deck"}, None, False),
        ({"empty": "revealed"}, None, False),
        ({"empty": "won"}, 0, False),  # Ann holds the first gem
        ({"empty": "won"}, 1, True),
        ({"empty": "won", "owner": "taker"}, 1, False),  # the variable names the player: Ann took it
        ({"empty": "won", "owner": "start"}, 0, True),  # Bo starts the next round
        ({"all-empty": "won"}, None, False),
        ({"all-empty": "spent"}, None, False),
        ({"all-empty": "bid"}, None, True),
        ({"counter": "lives", "at-least": 2}, None, True),
        ({"counter": "lives", "at-least": 3}, None, False),
        ({"not": {"empty": "deck"}}, None, True),
        ({"all": [{"empty": "bid", "owner": "start"}, {"counter": "lives", "at-least": 1}]}, None, True),
        ({"all": [{"empty": "bid", "owner": "start"}, {"empty": "deck"}]}, None, False),
        ({"any": [{"empty": "deck"}, {"empty": "won"}]}, 2, True),
        ({"any": [{"empty": "deck"}, {"empty": "won"}]}, 0, False),
        ({"not": {"any": [{"empty": "deck"}, {"not": {"all-empty": "bid"}}]}}, None, True),
    ],
)
def test_conditions_ask_about_zones_counters_and_combinations(tmp_path, spec, player, expected):
    game, state = tiny_game(
        tmp_path, round_flow("{kind: set-player, player: start, to: taker, next: true}"), end=DECK_EMPTY
    )
    state.apply_action(hs_mask(game, [2]))  # Ann pays 2 for the first gem
    state.apply_action(PASS)
    state.apply_action(PASS)
    condition = make_condition(spec)
    condition.compile(game)
    assert condition.holds(state, player) is expected


def test_no_condition_is_none():
    assert make_condition(None) is None and make_condition({}) is None


# ---------------------------------------------------------------- modifiers


def test_a_card_s_modifiers_apply_to_its_owner_while_it_lies_in_the_zone(tmp_path):
    game, state = tiny_game(tmp_path, SWITCH, deck=["gem", "crown"] + ["gem"] * 3, end=DECK_EMPTY)
    gem, crown = game.ruleset.card("gem"), game.ruleset.card("crown")
    before = [
        (
            state.limit(p, "bids", 3),
            state.limit(p, "hand-size", 5),
            state.table_for(p, gem, "harvest"),
            state.rule_lifted(p, "no-change"),
        )
        for p in range(3)
    ]
    assert before == [(3, 5, ((2, 1), (4, 3)), False)] * 3
    state.apply_action(PASS)
    state.apply_action(PASS)  # Ann, Bo pass: Cy takes the gem, then starts the crown's sale
    assert state.current_player() == 2 and state.card_ids_in("won", 2) == ("gem",)
    state.apply_action(PASS)  # Cy passes first: the crown is his
    assert state.card_ids_in("won", 2) == ("gem", "crown")
    assert state.limit(2, "bids", 3) == 11  # set to 9, then raised by 2
    assert state.limit(2, "hand-size", 5) == 4 and state.limit(2, "other", 7) == 7
    assert state.table_for(2, gem, "harvest") == ((1, 1), (3, 5))
    assert state.table_for(2, crown, "harvest") == ()  # the replacement is for gems only
    assert state.rule_lifted(2, "no-change") and state.rule_lifted(2, "no-change", gem)
    assert not state.rule_lifted(2, "no-change", crown) and not state.rule_lifted(2, "never-in-hand")
    assert [modifier.params["rule"] for modifier in state.modifiers("lift-rule", 2)] == ["no-change"]
    # The other players are not affected.
    assert [
        (state.limit(p, "bids", 3), state.table_for(p, gem, "harvest"), state.rule_lifted(p, "no-change"))
        for p in (0, 1)
    ] == [(3, ((2, 1), (4, 3)), False)] * 2


def test_a_modifier_stops_when_its_card_leaves_the_zone(tmp_path):
    game, state = tiny_game(tmp_path, round_flow(), end=DECK_EMPTY)
    assert state.limit(0, "raise", 0) == 0
    state.apply_action(hs_mask(game, [4]))  # Ann's coin-4 lies in her bid
    assert state.limit(0, "raise", 0) == 1 and state.limit(1, "raise", 0) == 0
    state.apply_action(hs_mask(game, [1, 4]))  # Bo's too
    assert state.limit(1, "raise", 0) == 1
    state.apply_action(PASS)  # Cy
    state.apply_action(PASS)  # Ann takes her bid back: her coin-4 is in her hand again
    assert state.limit(0, "raise", 0) == 0
    assert state.limit(1, "raise", 0) == 0  # Bo took the gem and paid: his coin-4 is spent
    assert hs_spent(state)[1] == [1, 4]


def test_a_state_without_modifiers_answers_with_the_base_rules():
    game = Game(RULESETS["high-society/ja"], PLAYERS)
    state = game.new_initial_state(seed=1)
    luxury = game.ruleset.card("luxury-3")
    assert state.modifiers("raise-limit", 0) == [] and state.limit(0, "anything", 4) == 4
    assert state.table_for(0, luxury, "harvest") == () and not state.rule_lifted(0, "anything")


# ---------------------------------------------------------------- properties of every shipped ruleset


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), policy_seed=st.integers(0, 1000), players=st.integers(3, 5))
def test_games_end_within_the_deck_s_length_of_rounds(name, seed, policy_seed, players):
    ruleset = RULESETS[name]
    players = min(max(players, ruleset.players_min), ruleset.players_max)
    game = Game(ruleset, PLAYERS[:players] + ["Ed"][: max(0, players - 4)])
    state = game.new_initial_state(seed=seed)
    play_random(state, random.Random(policy_seed))
    if has_bids(game):  # a round sells one card, and money only changes hands
        assert state.round_number <= len(status_cards(ruleset))
        assert money_accounted(state) == dealt_total(game)
    result = state.result()
    assert len(result.players) == players and set(result.winners) <= set(game.players)


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_same_seed_and_the_same_choices_give_the_same_log(name, seed):
    game = Game(RULESETS[name], PLAYERS)
    logs = []
    for _ in range(2):
        state = game.new_initial_state(seed=seed)
        play_random(state, random.Random(seed))
        logs.append(state.to_log())
    assert logs[0] == logs[1]


def _start_is_drawn(name):
    """Whether a seat drawn by chance starts (in a game where the first seat starts, rotating the seats is
    another game: someone else starts)."""
    game = Game(RULESETS[name], PLAYERS)
    return len({game.new_initial_state(seed=seed, record_events=False).first_player for seed in range(12)}) > 1


@pytest.mark.parametrize("name", [name for name in SHIPPED if _start_is_drawn(name)])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), shift=st.integers(1, 3))
def test_rotating_the_seats_rotates_the_result(name, seed, shift):
    """Deterministic bots that see the same things decide the same; only the seat numbers move."""
    ruleset = RULESETS[name]

    def play(state):
        bots = [make_bot("heuristic", 0) for _ in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.observation(seat), state.legal_actions()))
        return state

    first = play(Game(ruleset, PLAYERS).new_initial_state(seed=seed))
    rotated_names = PLAYERS[shift:] + PLAYERS[:shift]
    log = first.to_log()
    # The same deal and, if the draw pile is reshuffled, the same reshuffles.
    second = play(
        Game(ruleset, rotated_names).new_initial_state(
            deck=log["deck"], first_player=(first.first_player - shift) % 4, chance=log.get("chance")
        )
    )
    one, two = first.result(), second.result()
    assert {p.name: p for p in one.players} == {p.name: p for p in two.players}
    assert set(one.winners) == set(two.winners)


# ---------------------------------------------------------------- stateful invariants


class RandomPlay(RuleBasedStateMachine):
    """Apply random legal actions; the rules' invariants must hold after every one."""

    @initialize(name=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32), players=st.integers(3, 5))
    def new_game(self, name, seed, players):
        ruleset = RULESETS[name]
        players = min(max(players, ruleset.players_min), ruleset.players_max)
        self.game = Game(ruleset, (PLAYERS + ["Ed"])[:players])
        self.bids = has_bids(self.game)
        self.state = self.game.new_initial_state(seed=seed)
        self.round = self.state.round_number
        self.last_highest = 0

    def highest(self) -> int:
        return hs_decision(self.state).get("highest", 0) if not self.state.is_terminal() else 0

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def act(self, data):
        state = self.state
        seat = state.current_player()
        legal = state.legal_actions()
        action = legal.sample(random.Random(data.draw(st.integers(0, 2**32))))
        assert action in legal
        bid = self.bids and is_bid(self.game, action)
        if bid:
            hand = hs_hand(state, seat)
            assert all(value in hand for value in hs_mask_values(self.game, action)), "nobody bids money they lack"
        state.apply_action(action)
        if state.round_number == self.round and bid:
            assert self.highest() > self.last_highest, "bids strictly rise"
        self.round = state.round_number
        self.last_highest = self.highest()

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def illegal_bids_are_refused(self, data):
        state = self.state
        if not self.bids or choosing(state):
            return
        action = data.draw(st.integers(1, self.game.space("bid").full_hand))
        if action not in state.legal_actions():
            before = (list(state.zones), hs_decision(state), state.current_player(), len(state.events))
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
            assert before == (list(state.zones), hs_decision(state), state.current_player(), len(state.events))

    @precondition(lambda self: self.state.is_terminal())
    @rule(seed=st.integers(0, 2**32))
    def a_finished_game_is_scored_then_a_new_one_starts(self, seed):
        result = self.state.result()
        assert [player.name for player in result.players] == list(self.game.players)
        assert all(not self.state.result().player(name).eliminated for name in result.winners)
        self.state = self.game.new_initial_state(seed=seed)
        self.round = self.state.round_number
        self.last_highest = 0

    @invariant()
    def money_is_conserved(self):
        if self.bids:
            assert money_accounted(self.state) == dealt_total(self.game)

    @invariant()
    def every_card_is_in_exactly_one_zone(self):
        state = self.state
        seen = 0
        for content in state.zones:
            mask = content if type(content) is int else sum(1 << instance for instance in content)
            assert not seen & mask
            seen |= mask
        assert seen == (1 << self.game.cards.size) - 1

    @invariant()
    def the_current_player_has_a_legal_action(self):
        state = self.state
        if state.is_terminal():
            assert state.current_player() == TERMINAL and len(state.legal_actions()) == 0
        else:
            assert 0 <= state.current_player() < state.player_count and len(state.legal_actions()) >= 1
            if self.bids and not choosing(state):
                assert not hs_passed(state)[state.current_player()]

    @invariant()
    def the_highest_bid_is_the_largest_table_total(self):
        state = self.state
        if self.bids and not state.is_terminal() and not choosing(state):
            decision = hs_decision(state)
            assert decision["highest"] == max(decision["totals"])
            assert list(decision["totals"]) == [sum(bid) for bid in hs_bids(state)]


def test_the_properties_cover_the_editions_and_the_house_rules():
    assert {"high-society/ja", "high-society/ko"} <= set(SHIPPED)
    assert any("/house/" in name for name in SHIPPED)


TestRandomPlay = RandomPlay.TestCase
TestRandomPlay.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)
