"""Bohnanza as the engine plays it: one test per rule, for the base game and both editions.

Every situation is built through the public API: a game is started from a deck
ordered by the test (``new_initial_state(deck=..., first_player=...)``, top
card first, as a log writes it) and driven with log entries (``{"action":
"plant", "card": "red", "zone": "field-1"}``), exactly as a replay would. The
longer games are played "quietly" (every active player plants only the
compulsory card, keeps both face-up cards and trades nothing), so that the
deck order alone decides which cards a player sees, and a test can arrange an
exhaustion of the draw pile at the moment it wants.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import groupby
from typing import Any

import pytest
from game_fixtures import AMIGO, BEANOMETER, FIELDS, NAMES, RIO, beanometer_pays, edition

from engine.base.errors import IllegalActionError, LogError
from engine.core.events import CardsMoved, CounterChanged, DecisionMade, GameEnded, PhaseStarted, Shuffled
from engine.core.game import Game
from engine.core.scoring import Holdings, score_players
from engine.families.catalog import load_ruleset
from engine.families.harvest.rules.events import Harvested

AMIGO_BEANS = ("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")

# The cards of each type in the whole 154-card Rio Grande deck (the Amigo deck has the eight AMIGO_BEANS).
COPIES = {
    "coffee": 24,
    "wax": 22,
    "blue": 20,
    "chili": 18,
    "stink": 16,
    "green": 14,
    "soy": 12,
    "black-eyed": 10,
    "red": 8,
    "garden": 6,
    "cocoa": 4,
}


# --------------------------------------------------------------------------- building games


def new_game(name: str, players: int) -> Game:
    """An edition at a table of ``players`` (Ann, Bo, Cy... in seat order)."""
    return Game(edition(name), NAMES[:players])


def whole_deck(game: Game) -> list[str]:
    """Every card of the game once, in card-list order."""
    cards = game.cards
    return [card_id for index, card_id in enumerate(cards.ids) for _ in range(cards.count(index))]


def deck_from(game: Game, top: Sequence[str]) -> list[str]:
    """A deck (top card first) that starts with ``top``; the other cards follow in card-list order."""
    rest = whole_deck(game)
    for card in top:
        rest.remove(card)
    return list(top) + rest


def start(name: str, players: int, top: Sequence[str] = (), first: int = 0) -> Any:
    """A game whose deck starts with ``top`` and whose start player is ``first``.

    Reshuffles of the discard pile later on are drawn from seed 0.
    """
    game = new_game(name, players)
    return game.new_initial_state(seed=0, deck=deck_from(game, top), first_player=first)


def act(state: Any, player: int, action: str, **fields: Any) -> None:
    """``player`` makes the decision written as a log entry (IllegalActionError, nothing changed, if illegal)."""
    state.apply_action(state.action_from_json({"player": player, "action": action, **fields}))


def is_legal(state: Any, player: int, action: str, **fields: Any) -> bool:
    """Whether the decision written as a log entry is legal for ``player`` now."""
    return (
        state.current_player() == player
        and state.action_from_json({"player": player, "action": action, **fields}) in state.legal_actions()
    )


def legal_entries(state: Any) -> list[dict]:
    """Every legal decision as a log entry (only where no trade offer is possible: offers are never listed)."""
    legal = state.legal_actions()
    assert "offer" not in legal.kinds()
    return [state.action_to_json(action) for action in legal]


def hand(state: Any, seat: int) -> list[str]:
    """A hand, front first."""
    return list(state.card_ids_in("hand", seat))


def field(state: Any, seat: int, zone: str = "field-1") -> list[str]:
    return list(state.card_ids_in(zone, seat))


def coins(state: Any, seat: int) -> Counter:
    return Counter(state.card_ids_in("coins", seat))


def decision(state: Any) -> Mapping[str, Any]:
    """The public facts of the decision under way (its ``kind``, ``step``...)."""
    return state.observation(state.current_player()).decision


def zones_snapshot(state: Any) -> list:
    return list(state.zones)


def events_since(state: Any, mark: int) -> list:
    return state.events[mark:]


def dealt_order(players: int, first: int, shares: Sequence[int]) -> list[int]:
    """The seats the deal gives the deck's cards to, top card first: one card at a time, clockwise from ``first``.

    ``shares[k]`` is what the k-th player from the start player is dealt; a
    player who has their share is passed over.
    """
    order = []
    for round_number in range(max(shares)):
        for position in range(players):
            if round_number < shares[position]:
                order.append((first + position) % players)
    return order


def deal(players: int, first: int, hands: Mapping[int, Sequence[str]], then: Sequence[str] = ()) -> list[str]:
    """The top of a deck that deals each seat the hand ``hands[seat]`` (front first), then ``then`` (the pile's top)."""
    shares = [len(hands[(first + position) % players]) for position in range(players)]
    dealt = {seat: iter(cards) for seat, cards in hands.items()}
    return [next(dealt[seat]) for seat in dealt_order(players, first, shares)] + list(then)


# --------------------------------------------------------------------------- quiet play


def plant_where_it_fits(state: Any, player: int, card: str) -> bool:
    """Plant ``card`` on a field already growing it, else on an empty field; False if no field takes it."""
    growing = [zone for zone in FIELDS if field(state, player, zone)[:1] == [card]]
    for zone in growing + [zone for zone in FIELDS if zone not in growing]:
        if is_legal(state, player, "plant", card=card, zone=zone):
            act(state, player, "plant", card=card, zone=zone)
            return True
    return False


def harvest_fullest(state: Any, player: int) -> None:
    """Make room: harvest the player's fullest field they may harvest."""
    fields = sorted(FIELDS, key=lambda zone: -len(field(state, player, zone)))
    zone = next(zone for zone in fields if is_legal(state, player, "harvest", zone=zone))
    act(state, player, "harvest", zone=zone)


def quiet_move(state: Any) -> None:
    """One decision of quiet play: plant only the compulsory card, trade nothing, plant what must be planted."""
    player = state.current_player()
    facts = decision(state)
    kind = facts["kind"]
    if kind == "plant":
        if facts["planted"]:
            act(state, player, "done")
        elif not plant_where_it_fits(state, player, hand(state, player)[0]):
            harvest_fullest(state, player)
    elif kind == "plant-all":
        if not any(plant_where_it_fits(state, player, card) for card in state.card_ids_in("set-aside", player)):
            harvest_fullest(state, player)
    elif kind == "trade":
        if facts["stage"] == "answer":
            act(state, player, "decline")
        else:
            act(state, player, "end-trading" if player == facts["active"] else "pass")
    else:
        assert kind == "anytime-chance", kind
        act(state, player, "done")


def play_quietly(
    state: Any, until: Callable[[Any], bool] = lambda state: False, before: Callable[[Any], bool] = lambda state: False
) -> None:
    """Quiet play until the game is over or ``until(state)`` holds; ``before(state)`` may act first (True: it did)."""
    while not state.is_terminal() and not until(state):
        if not before(state):
            quiet_move(state)


def quiet_deck(
    game: Game,
    first: int,
    planted: Mapping[int, Sequence[tuple[str, int]]],
    *,
    turns: int,
    shares: Sequence[int] | None = None,
    draw: int = 3,
) -> list[str]:
    """A deck for quiet play in which seat ``s`` plants the beans ``planted[s]`` (type, number) in that order.

    Quiet play plants, in each turn of a seat, the front card of its hand and
    then both face-up cards, so the deck positions of those cards follow from
    the deal and the draws alone. ``turns`` is how many turns to arrange (the
    front cards of turns played after the deck has run out are arranged too);
    every other card of the deck goes where nobody plants it (the back of the
    hands), in card-list order. The lists must fill the planted positions
    exactly.
    """
    cards = whole_deck(game)
    size = len(cards)
    players = game.player_count
    shares = list(shares or [5] * players)
    joins_hand: dict[int, list[int]] = {seat: [] for seat in range(players)}
    for position, seat in enumerate(dealt_order(players, first, shares)):
        joins_hand[seat].append(position)
    next_card = sum(shares)
    planted_at: dict[int, list[int]] = {seat: [] for seat in range(players)}
    for turn in range(turns):
        seat = (first + turn) % players
        planted_at[seat].append(joins_hand[seat][turn // players])
        face_up = [position for position in (next_card, next_card + 1) if position < size]
        planted_at[seat].extend(face_up)
        next_card += 2
        joins_hand[seat].extend(position for position in range(next_card, next_card + draw) if position < size)
        next_card += draw
    deck: list[str | None] = [None] * size
    for seat, plan in planted.items():
        beans = [bean for bean, number in plan for _ in range(number)]
        assert len(beans) == len(planted_at[seat]), f"seat {seat} plants {len(planted_at[seat])} cards"
        for position, bean in zip(planted_at[seat], beans):
            deck[position] = bean
            cards.remove(bean)
    filler = iter(cards)
    return [card if card is not None else next(filler) for card in deck]


# --------------------------------------------------------------------------- setup


def test_the_amigo_deck_holds_104_cards_of_eight_beans():
    game = new_game(AMIGO, 4)
    assert Counter(whole_deck(game)) == {bean: COPIES[bean] for bean in AMIGO_BEANS}
    assert len(whole_deck(game)) == 104


@pytest.mark.parametrize(
    "players, removed, size",
    [
        (3, {"cocoa"}, 150),
        (4, {"coffee"}, 130),
        (5, {"coffee"}, 130),
        (6, {"cocoa", "garden"}, 144),
        (7, {"cocoa", "garden"}, 144),
    ],
)
def test_rio_grande_removes_beans_by_the_number_of_players(players, removed, size):
    state = new_game(RIO, players).new_initial_state(seed=players)
    in_play = list(state.card_ids_in("draw"))
    for seat in range(players):
        in_play += hand(state, seat)
    assert len(in_play) == size
    assert Counter(in_play) == {bean: count for bean, count in COPIES.items() if bean not in removed}


@pytest.mark.parametrize(
    "name, players, first", [(AMIGO, 3, 1), (AMIGO, 4, 3), (AMIGO, 5, 0), (RIO, 3, 2), (RIO, 4, 0), (RIO, 5, 4)]
)
def test_five_cards_each_are_dealt_one_at_a_time_clockwise_and_the_first_card_dealt_is_the_front(name, players, first):
    game = new_game(name, players)
    state = game.new_initial_state(seed=11, first_player=first)
    deck = state.to_log()["deck"]
    expected: dict[int, list[str]] = {seat: [] for seat in range(players)}
    for card, seat in zip(deck, dealt_order(players, first, [5] * players)):
        expected[seat].append(card)
    assert {seat: hand(state, seat) for seat in range(players)} == expected
    # The rest is the draw pile, in the deck's order; the discard pile, the fields and the coins are empty.
    assert state.count_in("draw") == len(deck) - 5 * players
    assert state.card_ids_in("draw")[-1] == deck[5 * players]
    assert state.count_in("discard") == 0
    for seat in range(players):
        assert all(not field(state, seat, zone) for zone in FIELDS) and not coins(state, seat)
    # The start player plays first.
    assert state.current_player() == first and decision(state)["kind"] == "plant"


@pytest.mark.parametrize("players, first", [(6, 0), (6, 4), (7, 2), (7, 6)])
def test_rio_grande_with_six_or_seven_deals_three_four_five_then_six(players, first):
    game = new_game(RIO, players)
    state = game.new_initial_state(seed=5, first_player=first)
    deck = state.to_log()["deck"]
    shares = [3, 4, 5] + [6] * (players - 3)
    expected: dict[int, list[str]] = {seat: [] for seat in range(players)}
    for card, seat in zip(deck, dealt_order(players, first, shares)):
        expected[seat].append(card)
    assert {seat: hand(state, seat) for seat in range(players)} == expected
    assert [len(hand(state, (first + k) % players)) for k in range(players)] == shares


def test_the_deal_is_round_by_round_each_card_behind_the_last():
    # Ann starts: the deck's cards go to Ann, Bo, Cy, Ann, Bo, Cy... each behind the cards already held.
    top = ["red", "blue", "soy", "green", "chili", "stink", "garden", "black-eyed", "blue"]
    state = start(AMIGO, 3, top, first=0)
    assert hand(state, 0)[:3] == ["red", "green", "garden"]
    assert hand(state, 1)[:3] == ["blue", "chili", "black-eyed"]
    assert hand(state, 2)[:3] == ["soy", "stink", "blue"]


@pytest.mark.parametrize(
    "name, players, open_fields",
    [(AMIGO, 3, 2), (AMIGO, 5, 2), (RIO, 3, 3), (RIO, 4, 2), (RIO, 5, 2), (RIO, 6, 2), (RIO, 7, 2)],
)
def test_each_player_starts_with_the_editions_number_of_fields(name, players, open_fields):
    state = start(name, players, ["red"], first=0)
    plants = [entry["zone"] for entry in legal_entries(state) if entry["action"] == "plant"]
    assert plants == list(FIELDS[:open_fields])


# --------------------------------------------------------------------------- hands and fields


def test_the_front_card_must_be_planted_first_and_a_second_card_may_follow():
    state = start(AMIGO, 3, ["red", "soy", "soy", "blue", "chili", "stink"], first=0)
    # Ann's hand is red, blue, ...: only the front card, on an empty field; stopping is not allowed yet.
    assert [entry for entry in legal_entries(state) if entry["action"] != "harvest"] == [
        {"player": 0, "action": "plant", "card": "red", "zone": "field-1"},
        {"player": 0, "action": "plant", "card": "red", "zone": "field-2"},
    ]
    with pytest.raises(IllegalActionError):
        act(state, 0, "done")
    with pytest.raises(IllegalActionError):
        act(state, 0, "plant", card="blue", zone="field-1")  # not the front card
    act(state, 0, "plant", card="red", zone="field-1")
    # Now the new front card (blue) may be planted, or Ann stops.
    assert legal_entries(state) == [
        {"player": 0, "action": "plant", "card": "blue", "zone": "field-2"},
        {"player": 0, "action": "done"},
        {"player": 0, "action": "harvest", "zone": "field-1"},
    ]


def test_never_a_third_card_from_the_hand():
    state = start(AMIGO, 3, ["red", "soy", "soy", "red", "chili", "stink", "red"], first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "plant", card="red", zone="field-1")
    # A third red would fit the field, but phase 1 is over: the top two cards are turned up for trading.
    assert hand(state, 0)[0] == "red"
    assert decision(state)["kind"] == "trade" and state.count_in("face-up") == 2


def test_a_field_grows_one_type_and_the_same_type_may_grow_in_two_fields():
    state = start(AMIGO, 3, ["red", "soy", "soy", "red", "chili", "stink", "blue"], first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    # The second red may join the first or start the other field.
    assert {entry["zone"] for entry in legal_entries(state) if entry["action"] == "plant"} == {"field-1", "field-2"}
    act(state, 0, "plant", card="red", zone="field-2")
    assert field(state, 0, "field-1") == ["red"] and field(state, 0, "field-2") == ["red"]


def test_a_field_never_takes_a_second_type():
    state = start(AMIGO, 3, ["red", "soy", "soy", "blue", "chili", "stink", "green"], first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    before = zones_snapshot(state)
    with pytest.raises(IllegalActionError):
        act(state, 0, "plant", card="blue", zone="field-1")
    assert zones_snapshot(state) == before
    assert [entry["zone"] for entry in legal_entries(state) if entry["action"] == "plant"] == ["field-2"]


def test_a_front_card_no_field_takes_must_wait_for_a_harvest():
    # Ann plants red and blue, and keeps the red and blue turned up; her next front card is green.
    top = deal(3, 0, {0: ["red", "blue", "green", "stink", "stink"], 1: ["soy"] * 5, 2: ["soy"] * 5}, ["red", "blue"])
    state = start(AMIGO, 3, top, first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "plant", card="blue", zone="field-2")
    play_quietly(state, until=lambda state: state.current_player() == 0 and decision(state)["kind"] == "plant")
    assert hand(state, 0)[0] == "green" and field(state, 0, "field-1") == ["red", "red"]
    # Green has no field. Only what may be done at any time is open: harvesting (the third field costs
    # coins she lacks). Nothing else, not even stopping.
    assert legal_entries(state) == [
        {"player": 0, "action": "harvest", "zone": "field-1"},
        {"player": 0, "action": "harvest", "zone": "field-2"},
    ]
    act(state, 0, "harvest", zone="field-2")
    assert [entry for entry in legal_entries(state) if entry["action"] == "plant"] == [
        {"player": 0, "action": "plant", "card": "green", "zone": "field-2"}
    ]


def test_the_order_of_a_hand_never_changes_and_drawn_cards_go_to_the_back_one_at_a_time():
    hands = {0: ["red", "blue", "green", "stink", "soy"], 1: ["soy"] * 5, 2: ["soy"] * 5}
    state = start(AMIGO, 3, deal(3, 0, hands, ["chili", "chili", "garden", "red", "black-eyed"]), first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "done")
    assert hand(state, 0) == ["blue", "green", "stink", "soy"]
    act(state, 0, "end-trading")
    mark = len(state.events)
    act(state, 0, "plant", card="chili", zone="field-2")
    act(state, 0, "plant", card="chili", zone="field-2")
    # Phase 4: the top three cards of the draw pile, in the order drawn, each behind the others.
    assert hand(state, 0) == ["blue", "green", "stink", "soy", "garden", "red", "black-eyed"]
    draws = [
        event for event in events_since(state, mark) if isinstance(event, CardsMoved) and event.step == "draw-cards"
    ]
    assert [(event.cards, event.target, event.target_owner) for event in draws] == [
        (("garden",), "hand", 0),
        (("red",), "hand", 0),
        (("black-eyed",), "hand", 0),
    ]


# --------------------------------------------------------------------------- a turn


def test_a_turn_is_four_phases_then_the_next_player_clockwise_is_active():
    state = new_game(AMIGO, 4).new_initial_state(seed=3, first_player=2)
    play_quietly(state, until=lambda state: state.round_number == 4)
    phases = [(event.phase, event.player) for event in state.events if isinstance(event, PhaseStarted)]
    four = ["plant", "trade", "plant-traded", "draw"]
    assert phases == [(phase, seat) for seat in (2, 3, 0) for phase in four] + [("plant", 1)]


def test_the_top_two_cards_of_the_draw_pile_are_turned_up_for_the_active_player():
    hands = {0: ["red", "blue", "green", "stink", "soy"], 1: ["soy"] * 5, 2: ["soy"] * 5}
    state = start(AMIGO, 3, deal(3, 0, hands, ["garden", "chili", "black-eyed"]), first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "done")
    assert sorted(state.card_ids_in("face-up")) == ["chili", "garden"]
    assert state.card_ids_in("draw")[-1] == "black-eyed"
    # They are Ann's: she may keep them (they go beside her fields to be planted) or trade them.
    facts = decision(state)
    assert (facts["kind"], facts["stage"], facts["active"], state.current_player()) == ("trade", "offer", 0, 0)
    assert is_legal(state, 0, "offer", to=1, give={"face-up": {"garden": 1}})
    act(state, 0, "end-trading")
    assert sorted(state.card_ids_in("set-aside", 0)) == ["chili", "garden"] and state.count_in("face-up") == 0


def test_a_player_with_an_empty_hand_skips_the_planting_phase():
    # Bo gives his whole hand to Ann; on his turn he has nothing to plant and turns up two cards at once.
    hands = {0: ["red", "blue", "blue", "blue", "blue"], 1: ["red"] * 5, 2: ["soy"] * 5}
    state = start(AMIGO, 3, deal(3, 0, hands, ["red", "red"]), first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "done")
    act(state, 0, "pass")
    act(state, 1, "offer", to=0, give={"hand": [0, 1, 2, 3, 4]})
    act(state, 0, "accept")
    act(state, 2, "pass")
    act(state, 0, "end-trading")
    while decision(state)["kind"] == "plant-all":
        act(state, 0, "plant", card="red", zone="field-1")
    assert field(state, 0) == ["red"] * 8 and hand(state, 1) == []
    mark = len(state.events)
    play_quietly(state, until=lambda state: state.observation(0).phases[-1:] == ("trade",))
    phases = [event.phase for event in events_since(state, mark) if isinstance(event, PhaseStarted)]
    assert phases == ["plant", "trade"]
    assert not any(isinstance(event, DecisionMade) and event.player == 1 for event in events_since(state, mark))
    assert (state.current_player(), decision(state)["kind"], state.count_in("face-up")) == (1, "trade", 2)


# --------------------------------------------------------------------------- trading


def trading_table(first: int = 0, players: int = 3) -> Any:
    """A game at its first trading phase: the start player planted red and turned up blue and soy.

    Hands (front first): Ann red, green, green, stink, chili; Bo red, blue, red, green, soy; Cy black-eyed x5
    (Di and Ed, if seated: chili x5).
    """
    hands = {
        0: ["red", "green", "green", "stink", "chili"],
        1: ["red", "blue", "red", "green", "soy"],
        2: ["black-eyed"] * 5,
        3: ["chili"] * 5,
        4: ["chili"] * 5,
    }
    hands = {(first + seat) % players: cards for seat, cards in hands.items() if seat < players}
    state = start(AMIGO, players, deal(players, first, hands, ["blue", "soy"]), first=first)
    act(state, first, "plant", card="red", zone="field-1")
    act(state, first, "done")
    return state


def test_trades_are_only_between_the_active_player_and_one_other_player():
    state = trading_table()
    # Ann, the active player, may offer to anyone; she passes, and Bo may offer only to her.
    assert is_legal(state, 0, "offer", to=1, give={"face-up": {"blue": 1}})
    assert is_legal(state, 0, "offer", to=2, give={"face-up": {"blue": 1}})
    act(state, 0, "pass")
    assert state.current_player() == 1
    before = zones_snapshot(state)
    with pytest.raises(IllegalActionError):
        act(state, 1, "offer", to=2, give={"hand": [0]}, ask={"hand": {"black-eyed": 1}})
    assert zones_snapshot(state) == before
    assert is_legal(state, 1, "offer", to=0, give={"hand": [0]}, ask={"face-up": {"blue": 1}})


def test_only_the_active_player_gives_face_up_cards_and_others_give_hand_cards():
    state = trading_table()
    assert is_legal(state, 0, "offer", to=1, give={"face-up": {"soy": 1}, "hand": [1, 2]}, ask={"hand": {"blue": 1}})
    act(state, 0, "pass")
    with pytest.raises(IllegalActionError):
        act(state, 1, "offer", to=0, give={"face-up": {"soy": 1}})
    assert is_legal(state, 1, "offer", to=0, give={"hand": [4]}, ask={"face-up": {"soy": 1}})


def test_the_active_player_may_go_on_trading_hand_cards_once_the_face_up_cards_are_gone():
    state = trading_table()
    act(state, 0, "offer", to=1, give={"face-up": {"blue": 1, "soy": 1}})
    act(state, 1, "accept")
    assert state.count_in("face-up") == 0
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 0, "offer", to=2, give={"hand": [0]}, ask={"hand": {"black-eyed": 2}})
    act(state, 2, "accept", positions=[1, 3])
    assert sorted(state.card_ids_in("set-aside", 0)) == ["black-eyed", "black-eyed"]
    assert state.card_ids_in("set-aside", 2) == ("green",)


def test_donations_go_either_way_and_nothing_moves_before_the_other_party_accepts():
    state = trading_table()
    before = zones_snapshot(state)
    act(state, 0, "offer", to=1, give={"face-up": {"blue": 1}})
    assert zones_snapshot(state) == before and state.current_player() == 1
    assert decision(state)["stage"] == "answer"
    act(state, 1, "decline")
    assert zones_snapshot(state) == before
    # After the answer the turn passes to the player after the offerer: Bo, who gives Ann a card for nothing.
    assert state.current_player() == 1
    act(state, 1, "offer", to=0, give={"hand": [4]})
    assert zones_snapshot(state) == before
    act(state, 0, "accept")
    assert state.card_ids_in("set-aside", 0) == ("soy",) and hand(state, 1) == ["red", "blue", "red", "green"]
    # Ann gives Cy a face-up card for nothing; Cy accepts.
    act(state, 2, "pass")
    act(state, 0, "offer", to=2, give={"face-up": {"blue": 1}})
    act(state, 2, "accept")
    assert state.card_ids_in("set-aside", 2) == ("blue",) and state.card_ids_in("face-up") == ("soy",)


def test_a_trade_need_not_be_even_and_the_giver_picks_the_hand_positions_of_the_cards_asked_for():
    state = trading_table()
    # One face-up card for three hand cards, asked for by type.
    act(state, 0, "offer", to=1, give={"face-up": {"soy": 1}}, ask={"hand": {"red": 2, "green": 1}})
    assert not is_legal(state, 1, "accept", positions=[0, 1, 3])  # blue is not what was asked
    assert not is_legal(state, 1, "accept", positions=[0, 2])  # too few
    assert is_legal(state, 1, "accept", positions=[0, 2, 3])
    act(state, 1, "accept", positions=[0, 2, 3])
    # Bo's other cards keep their order; each side's cards go beside the other's fields.
    assert hand(state, 1) == ["blue", "soy"]
    assert sorted(state.card_ids_in("set-aside", 0)) == ["green", "red", "red"]
    assert state.card_ids_in("set-aside", 1) == ("soy",)


def test_the_receiver_may_accept_only_with_the_cards_asked_for():
    state = trading_table()
    act(state, 0, "offer", to=2, give={"face-up": {"soy": 1}}, ask={"hand": {"red": 1}})
    # Cy holds no red: she can only decline.
    assert [state.action_to_json(action) for action in state.legal_actions()] == [{"player": 2, "action": "decline"}]


def test_fields_and_coins_are_never_traded():
    state = trading_table()
    for part in ("field-1", "coins", "set-aside"):
        with pytest.raises(LogError):
            act(state, 0, "offer", to=1, give={part: {"red": 1}})
        with pytest.raises(LogError):
            act(state, 0, "offer", to=1, ask={part: {"red": 1}})


def test_cards_received_are_set_aside_and_cannot_be_traded_again():
    state = trading_table()
    act(state, 0, "offer", to=1, give={"face-up": {"blue": 1}}, ask={"hand": {"green": 1}})
    act(state, 1, "accept", positions=[3])
    assert state.card_ids_in("set-aside", 1) == ("blue",) and hand(state, 1) == ["red", "blue", "red", "soy"]
    assert state.card_ids_in("set-aside", 0) == ("green",) and hand(state, 0) == ["green", "green", "stink", "chili"]
    # Bo's received blue is not in his hand: asked for his hand's blue cards, he can give only the one he held.
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 0, "offer", to=1, ask={"hand": {"blue": 2}})
    assert not any(state.action_to_json(action)["action"] == "accept" for action in state.legal_actions())
    act(state, 1, "decline")
    # Nor can Ann give on the green she received: it is neither in her hand nor among the face-up cards.
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert not is_legal(state, 0, "offer", to=2, give={"face-up": {"green": 1}})
    assert not is_legal(state, 0, "offer", to=2, give={"hand": [4]})
    assert is_legal(state, 0, "offer", to=2, give={"hand": [3]})


def test_each_player_makes_at_most_three_offers_a_turn_and_trading_ends_when_everyone_passes():
    state = trading_table()
    for round_number in range(3):
        act(state, 0, "offer", to=1, give={"face-up": {"blue": 1}}, ask={"hand": {"red": 1}})
        act(state, 1, "decline")
        act(state, 1, "offer", to=0, give={"hand": [0]}, ask={"face-up": {"soy": 1}})
        act(state, 0, "decline")
        if round_number < 2:
            act(state, 2, "pass")
    act(state, 2, "offer", to=0, give={"hand": [0]})
    act(state, 0, "decline")
    # Ann has made her three offers: she may only pass or end trading.
    assert state.current_player() == 0 and "offer" not in state.legal_actions().kinds()
    assert not is_legal(state, 0, "offer", to=2, give={"face-up": {"blue": 1}})
    # Bo has none left either: he is passed over; Cy's pass then ends the trading (everyone passed in a row
    # since the last offer).
    act(state, 0, "pass")
    assert state.current_player() == 2
    act(state, 2, "pass")
    assert decision(state)["kind"] == "plant-all" and state.current_player() == 0
    assert sorted(state.card_ids_in("set-aside", 0)) == ["blue", "soy"]


def test_the_offer_cap_is_an_option():
    rules = load_ruleset(AMIGO, {"offers-per-turn": 1})
    game = Game(rules, NAMES[:3])
    hands = {
        0: ["red", "green", "green", "stink", "chili"],
        1: ["red", "blue", "red", "green", "soy"],
        2: ["black-eyed"] * 5,
    }
    state = game.new_initial_state(seed=0, deck=deck_from(game, deal(3, 0, hands, ["blue", "soy"])), first_player=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "done")
    act(state, 0, "offer", to=2, give={"face-up": {"blue": 1}})
    act(state, 2, "decline")
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert not is_legal(state, 0, "offer", to=2, give={"face-up": {"blue": 1}})


def test_only_the_active_player_ends_trading_and_it_ends_at_once():
    state = trading_table()
    act(state, 0, "pass")
    with pytest.raises(IllegalActionError):
        act(state, 1, "end-trading")
    act(state, 1, "offer", to=0, give={"hand": [0]}, ask={"face-up": {"blue": 1}})
    act(state, 0, "decline")
    act(state, 2, "pass")
    # Cy could still offer, but Ann ends the trading: the face-up cards she kept wait to be planted.
    act(state, 0, "end-trading")
    assert decision(state)["kind"] == "plant-all" and state.current_player() == 0
    assert sorted(state.card_ids_in("set-aside", 0)) == ["blue", "soy"] and state.count_in("face-up") == 0


# --------------------------------------------------------------------------- planting what was traded


def test_phase_three_the_active_player_plants_first_then_the_others_clockwise_and_nothing_is_kept_back():
    # Bo is active: he keeps the face-up cards, gives Cy a hand card and trades one with Ann for two.
    hands = {
        1: ["red", "blue", "red", "green", "soy"],
        2: ["black-eyed"] * 5,
        0: ["chili", "green", "green", "stink", "chili"],
    }
    state = start(AMIGO, 3, deal(3, 1, hands, ["blue", "soy"]), first=1)
    act(state, 1, "plant", card="red", zone="field-1")
    act(state, 1, "done")
    act(state, 1, "offer", to=2, give={"hand": [1]})
    act(state, 2, "accept")
    act(state, 2, "pass")
    act(state, 0, "offer", to=1, give={"hand": [0, 3]}, ask={"hand": {"soy": 1}})
    act(state, 1, "accept", positions=[2])
    act(state, 1, "end-trading")
    assert sorted(state.card_ids_in("set-aside", 1)) == ["blue", "chili", "soy", "stink"]
    assert state.card_ids_in("set-aside", 2) == ("red",) and state.card_ids_in("set-aside", 0) == ("soy",)
    deciders = []
    while decision(state)["kind"] == "plant-all":
        player = state.current_player()
        deciders.append(player)
        entries = legal_entries(state)
        # Planting or harvesting: there is no stopping while a card is set aside; any card, in any order.
        assert {entry["action"] for entry in entries} <= {"plant", "harvest"}
        waiting = set(state.card_ids_in("set-aside", player))
        assert {entry["card"] for entry in entries if entry["action"] == "plant"} <= waiting
        if not plant_where_it_fits(state, player, sorted(waiting)[0]):
            harvest_fullest(state, player)
    assert [seat for seat, _ in groupby(deciders)] == [1, 2, 0]
    assert all(state.count_in("set-aside", seat) == 0 for seat in range(3))
    # Then Bo draws: phase 4.
    assert hand(state, 1)[-3:] == list(state.to_log()["deck"][17:20])


# --------------------------------------------------------------------------- harvesting


def harvest_in_a_copy(state: Any, seat: int, zone: str = "field-1") -> tuple[Counter, Counter, list[str]]:
    """Harvest a field in a copy of the game: the coins it adds, the cards it discards, what is left in the field."""
    copy = state.clone()
    coins_before, discard_before = coins(copy, seat), Counter(copy.card_ids_in("discard"))
    act(copy, seat, "harvest", zone=zone)
    discarded = Counter(copy.card_ids_in("discard")) - discard_before
    return coins(copy, seat) - coins_before, discarded, field(copy, seat, zone)


def filler_for(bean: str) -> str:
    return "chili" if bean == "blue" else "blue"


def growing_a_field(name: str, players: int, bean: str) -> list[tuple[int, Counter, Counter, list[str]]]:
    """Ann grows one field of ``bean`` as far as the deck allows, harvesting a copy of the game at every size.

    She plants two from her hand, keeps the two face-up beans and is given
    every such bean the others hold. Returns, for each size, the size, the
    coins the harvest adds, the cards it discards and what is left in the field.
    """
    filler = filler_for(bean)
    left = COPIES[bean]
    hands: dict[int, list[str]] = {0: [bean, bean, filler, filler, filler]}
    face_up = [bean, bean]
    left -= 4
    for seat in range(1, players):
        given = min(left, 5)
        hands[seat] = [bean] * given + [filler] * (5 - given)
        left -= given
    state = start(name, players, deal(players, 0, hands, face_up), first=0)
    sizes = []

    def plant_one() -> None:
        act(state, 0, "plant", card=bean, zone="field-1")
        assert state.current_player() == 0
        sizes.append((len(field(state, 0)), *harvest_in_a_copy(state, 0)))

    plant_one()  # from her hand
    plant_one()
    while decision(state)["kind"] == "trade":
        player = state.current_player()
        if decision(state)["stage"] == "answer":
            act(state, player, "accept")
        elif player == 0:
            still_held = any(bean in hand(state, seat) for seat in range(1, players))
            act(state, 0, "pass" if still_held else "end-trading")
        else:
            positions = [index for index, card in enumerate(hand(state, player)) if card == bean]
            if positions:
                act(state, player, "offer", to=0, give={"hand": positions})
            else:
                act(state, player, "pass")
    while decision(state)["kind"] == "plant-all" and state.current_player() == 0:
        plant_one()  # what she kept and was given
    return sizes


@pytest.mark.parametrize(
    "name, players, bean",
    [(AMIGO, 3, bean) for bean in AMIGO_BEANS] + [(RIO, 3, "coffee"), (RIO, 3, "wax"), (RIO, 4, "cocoa")],
)
def test_a_harvest_pays_what_the_beanometer_shows_for_the_number_of_cards(name, players, bean):
    sizes = growing_a_field(name, players, bean)
    highest = max(least for least in BEANOMETER[bean] if least is not None)
    assert [size for size, *_ in sizes] == list(range(1, len(sizes) + 1)) and len(sizes) >= highest
    for size, paid, discarded, left in sizes:
        expected = beanometer_pays(bean, size)
        # That many cards become coins of this bean; the others go to the discard pile; the field is empty.
        assert paid == (Counter({bean: expected}) if expected else Counter()), (bean, size)
        assert discarded == (Counter({bean: size - expected}) if size > expected else Counter()), (bean, size)
        assert left == []


def test_garden_and_cocoa_pay_nothing_for_a_single_card():
    assert [paid for size, paid, *_ in growing_a_field(AMIGO, 3, "garden")] == [
        Counter(),
        Counter(garden=2),
        Counter(garden=3),
        Counter(garden=3),
        Counter(garden=3),
        Counter(garden=3),
    ]
    assert [paid for size, paid, *_ in growing_a_field(RIO, 4, "cocoa")] == [
        Counter(),
        Counter(cocoa=2),
        Counter(cocoa=3),
        Counter(cocoa=4),
    ]


def seven_stink_beans(name: str) -> Any:
    """Three players; Ann plants her two stink beans from her hand, Bo gives her three more in trade, and she
    plants those with the two turned up: seven in field-1."""
    hands = {0: ["stink", "stink", "red", "red", "red"], 1: ["stink", "stink", "stink", "soy", "soy"], 2: ["soy"] * 5}
    state = start(name, 3, deal(3, 0, hands, ["stink", "stink"]), first=0)
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "pass")
    act(state, 1, "offer", to=0, give={"hand": [0, 1, 2]})
    act(state, 0, "accept")
    act(state, 2, "pass")
    act(state, 0, "end-trading")
    for _ in range(5):
        act(state, 0, "plant", card="stink", zone="field-1")
    return state


def test_the_worked_example_seven_stink_beans_pay_three_coins():
    state = seven_stink_beans(AMIGO)
    assert field(state, 0) == ["stink"] * 7
    # Ann harvests at her last chance of the turn.
    assert (state.current_player(), decision(state)["kind"]) == (0, "anytime-chance")
    mark = len(state.events)
    act(state, 0, "harvest", zone="field-1")
    assert coins(state, 0) == Counter(stink=3)
    assert Counter(state.card_ids_in("discard")) == Counter(stink=4)
    assert field(state, 0) == []
    harvests = [event for event in events_since(state, mark) if isinstance(event, Harvested)]
    assert harvests == [Harvested(0, "field-1", ("stink",) * 7, 3)]


def protected_table() -> Any:
    """Ann has planted red and blue from her hand and kept a blue and a soy turned up (phase 3, blue planted)."""
    hands = {0: ["red", "blue", "green", "green", "green"], 1: ["chili"] * 5, 2: ["chili"] * 5}
    state = start(AMIGO, 3, deal(3, 0, hands, ["blue", "soy"]), first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "plant", card="blue", zone="field-2")
    return state


def test_a_player_whose_fields_all_hold_one_card_may_harvest_any_of_them():
    state = protected_table()
    assert decision(state)["kind"] == "trade"
    assert is_legal(state, 0, "harvest", zone="field-1") and is_legal(state, 0, "harvest", zone="field-2")


def test_a_field_of_one_card_may_not_be_harvested_while_another_holds_two():
    state = protected_table()
    act(state, 0, "end-trading")
    act(state, 0, "plant", card="blue", zone="field-2")
    # The soy has no field; harvesting the single red would make room, but the protection rule forbids it.
    assert field(state, 0, "field-1") == ["red"] and field(state, 0, "field-2") == ["blue", "blue"]
    assert legal_entries(state) == [{"player": 0, "action": "harvest", "zone": "field-2"}]
    before = zones_snapshot(state)
    with pytest.raises(IllegalActionError):
        act(state, 0, "harvest", zone="field-1")
    assert zones_snapshot(state) == before
    # Once the blue field is harvested, the empty field does not count: the red may be harvested.
    act(state, 0, "harvest", zone="field-2")
    assert {(entry["action"], entry["zone"]) for entry in legal_entries(state)} == {
        ("plant", "field-2"),
        ("harvest", "field-1"),
    }


def test_the_protection_rule_counts_every_field_of_the_player():
    # Rio Grande with 3 players: red, blue, then two soy in the third field.
    hands = {0: ["red", "blue", "green", "green", "green"], 1: ["chili"] * 5, 2: ["chili"] * 5}
    state = start(RIO, 3, deal(3, 0, hands, ["soy", "soy"]), first=0)
    act(state, 0, "plant", card="red", zone="field-1")
    act(state, 0, "plant", card="blue", zone="field-2")
    act(state, 0, "end-trading")
    act(state, 0, "plant", card="soy", zone="field-3")
    assert {entry["zone"] for entry in legal_entries(state) if entry["action"] == "harvest"} == set(FIELDS)
    act(state, 0, "plant", card="soy", zone="field-3")
    assert (state.current_player(), decision(state)["kind"]) == (0, "anytime-chance")
    assert [entry["zone"] for entry in legal_entries(state) if entry["action"] == "harvest"] == ["field-3"]


def test_any_player_may_harvest_at_their_own_decision_points():
    state = trading_table()
    act(state, 0, "pass")
    # Bo is not active, but it is his turn to offer: he has no field yet, so nothing to harvest.
    assert not any(is_legal(state, 1, "harvest", zone=zone) for zone in FIELDS)
    state = start(
        AMIGO,
        3,
        deal(3, 1, {1: ["red", "red", "soy", "soy", "soy"], 2: ["chili"] * 5, 0: ["green"] * 5}, ["red", "red"]),
        first=1,
    )
    act(state, 1, "plant", card="red", zone="field-1")
    act(state, 1, "done")
    play_quietly(state, until=lambda state: state.current_player() == 2 and decision(state)["kind"] == "trade")
    # On Cy's turn, Bo (not active) may harvest when the trading asks him for an offer.
    act(state, 2, "pass")
    assert state.current_player() == 0
    act(state, 0, "pass")
    assert state.current_player() == 1 and is_legal(state, 1, "harvest", zone="field-1")
    act(state, 1, "harvest", zone="field-1")
    assert field(state, 1) == [] and state.current_player() == 1 and decision(state)["stage"] == "offer"


def test_every_player_gets_a_last_chance_each_turn_clockwise_from_the_active_player():
    state = new_game(AMIGO, 4).new_initial_state(seed=8, first_player=1)
    play_quietly(state, until=lambda state: state.round_number == 2 and decision(state)["kind"] == "anytime-chance")
    chances = []
    while decision(state)["kind"] == "anytime-chance":
        chances.append(state.current_player())
        act(state, state.current_player(), "done")
    # Everyone with a field to harvest gets one: the active player (Cy) first, then clockwise.
    holders = [seat for seat in (2, 3, 0, 1) if any(field(state, seat, zone) for zone in FIELDS)]
    assert chances == holders and chances[0] == 2


# --------------------------------------------------------------------------- the third field


def rich_table(name: str = AMIGO, players: int = 5) -> Any:
    """Ann, with a green waiting in phase 3, has harvested 11 stink and 12 chili: 4 stink and 4 chili coins."""
    hands = {
        0: ["stink", "chili", "red", "red", "red"],
        1: ["stink", "stink", "stink", "stink", "green"],
        2: ["stink"] * 5,
        3: ["chili"] * 5,
        4: ["chili"] * 5,
    }
    state = start(name, players, deal(players, 0, hands, ["stink", "chili"]), first=0)
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "plant", card="chili", zone="field-2")
    act(state, 0, "pass")
    for seat in range(1, 5):
        act(state, seat, "offer", to=0, give={"hand": [0, 1, 2, 3, 4]})
        act(state, 0, "accept")
    act(state, 0, "end-trading")
    for card in ["stink"] * 10 + ["chili"] * 11:
        act(state, 0, "plant", card=card, zone="field-1" if card == "stink" else "field-2")
    assert state.card_ids_in("set-aside", 0) == ("green",)
    assert not any(entry["action"] in ("plant", "buy") for entry in legal_entries(state))
    act(state, 0, "harvest", zone="field-1")
    act(state, 0, "harvest", zone="field-2")
    assert coins(state, 0) == Counter(stink=4, chili=4)
    return state


@pytest.mark.parametrize("name", [AMIGO, RIO])
def test_the_third_field_costs_three_coins_of_the_buyers_choice_and_is_usable_at_once(name):
    state = rich_table(name, 5)
    # Any three of her coins.
    offers = [Counter(entry["pay"]) for entry in legal_entries(state) if entry["action"] == "buy"]
    assert len(offers) == 4 and all(
        offer in offers
        for offer in (Counter(stink=3), Counter(stink=2, chili=1), Counter(stink=1, chili=2), Counter(chili=3))
    )
    for pay in ({"stink": 2}, {"stink": 4}, {"red": 3}):
        with pytest.raises(IllegalActionError, match="Third field costs 3 cards, paid with cards you have$"):
            act(state, 0, "buy", zone="field-3", pay=pay)
    discard = Counter(state.card_ids_in("discard"))
    act(state, 0, "buy", zone="field-3", pay={"stink": 2, "chili": 1})
    # The coins paid go to the discard pile; the field takes the waiting green at once.
    assert coins(state, 0) == Counter(stink=2, chili=3)
    assert Counter(state.card_ids_in("discard")) - discard == Counter(stink=2, chili=1)
    assert is_legal(state, 0, "plant", card="green", zone="field-3")
    act(state, 0, "plant", card="green", zone="field-3")
    assert field(state, 0, "field-3") == ["green"]


def test_the_third_field_is_bought_once():
    state = rich_table()
    act(state, 0, "buy", zone="field-3", pay={"stink": 3})
    assert sum(coins(state, 0).values()) == 5
    assert not any(entry["action"] == "buy" for entry in legal_entries(state))
    with pytest.raises(IllegalActionError):
        act(state, 0, "buy", zone="field-3", pay={"chili": 3})


def test_rio_grande_with_six_or_seven_sells_the_third_field_for_two_coins():
    # Ann (dealt 3) plants two stink, keeps two turned up and is given Bo's four: 8 stink pay 4 coins.
    hands = {
        0: ["stink", "stink", "red"],
        1: ["stink"] * 4,
        2: ["soy"] * 5,
        3: ["blue"] * 6,
        4: ["chili"] * 6,
        5: ["wax"] * 6,
    }
    state = start(RIO, 6, deal(6, 0, hands, ["stink", "stink"]), first=0)
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "pass")
    act(state, 1, "offer", to=0, give={"hand": [0, 1, 2, 3]})
    act(state, 0, "accept")
    for seat in range(2, 6):
        act(state, seat, "pass")
    act(state, 0, "end-trading")
    for _ in range(6):
        act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "harvest", zone="field-1")
    assert coins(state, 0) == Counter(stink=4)
    assert [entry["pay"] for entry in legal_entries(state) if entry["action"] == "buy"] == [{"stink": 2}]
    act(state, 0, "buy", zone="field-3", pay={"stink": 2})
    assert coins(state, 0) == Counter(stink=2)


def test_rio_grande_with_three_players_sells_no_third_field():
    # Everyone has three fields from the start; Ann has coins but nothing to buy.
    state = seven_stink_beans(RIO)
    act(state, 0, "harvest", zone="field-1")
    assert coins(state, 0) == Counter(stink=3)
    assert "buy" not in state.legal_actions().kinds()
    with pytest.raises(IllegalActionError, match="Third field is not for sale$"):
        act(state, 0, "buy", zone="field-3", pay={"stink": 3})


def test_amigo_can_sell_no_third_field_as_an_option():
    rules = load_ruleset(AMIGO, {"third-field-price": None})
    game = Game(rules, NAMES[:5])
    hands = {
        0: ["stink", "chili", "red", "red", "red"],
        1: ["stink", "stink", "stink", "stink", "green"],
        2: ["stink"] * 5,
        3: ["chili"] * 5,
        4: ["chili"] * 5,
    }
    state = game.new_initial_state(seed=0, deck=deck_from(game, deal(5, 0, hands, ["stink", "chili"])), first_player=0)
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "plant", card="chili", zone="field-2")
    act(state, 0, "end-trading")
    act(state, 0, "plant", card="stink", zone="field-1")
    act(state, 0, "plant", card="chili", zone="field-2")
    assert "buy" not in state.legal_actions().kinds()
    # Asked anyway (a hand-written log, a program): the field is not for sale, not "it costs 0 cards".
    with pytest.raises(IllegalActionError, match="^.*Third field is not for sale$"):
        act(state, 0, "buy", zone="field-3", pay={})


# --------------------------------------------------------------------------- the draw pile and the end


def counted(event: Any) -> bool:
    """Whether an event counts an exhaustion of the draw pile."""
    return isinstance(event, CounterChanged) and event.counter == "exhaustions"


def amigo_without_harvests() -> Any:
    """Amigo, 3 players, played quietly from a deck in which nobody ever needs to harvest.

    Ann plants 18 blue, Bo 18 chili, Cy 16 stink and 2 green (one type per
    field), so nothing reaches the discard pile. 104 - 15 dealt = 17 turns of
    5 cards and 4 cards more: in the 18th turn (Cy's) two cards are turned up
    and the draw pile runs out at her second card drawn.
    """
    game = new_game(AMIGO, 3)
    deck = quiet_deck(game, 0, {0: [("blue", 18)], 1: [("chili", 18)], 2: [("stink", 16), ("green", 2)]}, turns=18)
    return game.new_initial_state(seed=0, deck=deck, first_player=0)


def test_an_exhaustion_with_an_empty_discard_pile_is_the_last_and_in_phase_four_play_ends_at_once():
    state = amigo_without_harvests()
    play_quietly(state, until=lambda state: state.round_number == 18 and decision(state)["kind"] == "plant-all")
    held = hand(state, 2)
    mark = len(state.events)
    play_quietly(state)
    after = events_since(state, mark)
    assert state.is_terminal() and state.end_reason == "final-exhaustion"
    assert state.round_number == 18 and state.counters[state.game.counter_index["exhaustions"]] == 1
    # Cy drew the last two cards; the first exhaustion found no discard pile to reshuffle, so it was the last:
    # no third card, no last chance, nobody decided anything more.
    ended = next(index for index, event in enumerate(after) if isinstance(event, GameEnded))
    draws = [event for event in after[:ended] if isinstance(event, CardsMoved) and event.step == "draw-cards"]
    assert [event.cards for event in draws] == [(card,) for card in state.to_log()["deck"][102:104]]
    assert counted(after[ended - 1]) and after[ended - 2] is draws[-1]
    assert not any(isinstance(event, (DecisionMade, Shuffled)) for event in after[after.index(draws[0]) :])
    assert len(hand(state, 2)) == len(held) + 2
    assert "chance" not in state.to_log()


def test_at_the_end_every_field_is_harvested_the_score_is_the_coins_and_a_tie_goes_to_the_bigger_hand():
    state = amigo_without_harvests()
    play_quietly(state)
    for seat in range(3):
        assert all(field(state, seat, zone) == [] for zone in FIELDS)
    # 18 blue, 18 chili, 16 stink pay 4 coins each; Cy's 2 green pay nothing.
    assert [coins(state, seat) for seat in range(3)] == [Counter(blue=4), Counter(chili=4), Counter(stink=4)]
    assert Counter(state.card_ids_in("discard")) == Counter(blue=14, chili=14, stink=12, green=2)
    result = state.result()
    assert [(player.score, player.measure("hand")) for player in result.players] == [(4, 17), (4, 17), (4, 16)]
    # Hand cards are worth nothing, but break the tie: Cy holds fewer; Ann and Bo, equal, share the win.
    assert sorted(result.winners) == ["Ann", "Bo"]
    assert result.to_json()["players"][0] == {
        "name": "Ann",
        "score": 4,
        "coins": 4,
        "coins_by_type": {"blue": 4},
        "hand": 17,
    }


def test_the_tiebreak_is_the_most_cards_in_hand_then_a_shared_win():
    def table(*players: tuple[str, int, int]) -> Any:
        return score_players(
            edition(AMIGO),
            [
                Holdings(
                    name,
                    ("blue",) * money,
                    {"coins": money, "hand": held, "harvests": 1},
                    {"coins": ("blue",) * money, "hand": ("red",) * held},
                )
                for name, money, held in players
            ],
        )

    assert table(("Ann", 9, 0), ("Bo", 8, 12), ("Cy", 3, 3)).winners == ("Ann",)
    assert table(("Ann", 9, 2), ("Bo", 9, 5), ("Cy", 3, 9)).winners == ("Bo",)
    assert sorted(table(("Ann", 9, 4), ("Bo", 9, 4), ("Cy", 9, 3)).winners) == ["Ann", "Bo"]
    assert table(("Ann", 9, 4), ("Bo", 9, 4), ("Cy", 9, 3)).player("Ann").score == 9


def test_an_exhaustion_counts_and_the_discard_pile_is_reshuffled_at_once_to_draw_on():
    state = amigo_without_harvests()

    def ann_harvests_her_blue_before_her_sixth_turn(state: Any) -> bool:
        if state.round_number == 16 and decision(state)["kind"] == "plant" and len(field(state, 0)) == 15:
            act(state, 0, "harvest", zone="field-1")  # 15 blue: 4 coins, 11 to the discard pile
            return True
        return False

    play_quietly(
        state,
        until=lambda state: state.round_number == 18 and decision(state)["kind"] == "plant-all",
        before=ann_harvests_her_blue_before_her_sixth_turn,
    )
    assert Counter(state.card_ids_in("discard")) == Counter(blue=11) and coins(state, 0) == Counter(blue=4)
    held = hand(state, 2)
    mark = len(state.events)
    while state.current_player() == 2 and decision(state)["kind"] == "plant-all":
        quiet_move(state)
    after = [
        event
        for event in events_since(state, mark)
        if isinstance(event, (CardsMoved, Shuffled))
        and getattr(event, "step", "draw-cards") == "draw-cards"
        or counted(event)
    ]
    deck = state.to_log()["deck"]
    # Cy draws the last two cards, the exhaustion is counted, the 11 discarded blue are shuffled into a new
    # draw pile at once, and her third card comes from it.
    assert [type(event).__name__ for event in after] == [
        "CardsMoved",
        "CardsMoved",
        "CounterChanged",
        "Shuffled",
        "CardsMoved",
    ]
    assert [event.cards for event in after if isinstance(event, CardsMoved)] == [(deck[102],), (deck[103],), ("blue",)]
    assert (after[2].before, after[2].after) == (0, 1) and after[3] == Shuffled("draw", 11)
    assert hand(state, 2) == held + [deck[102], deck[103], "blue"]
    assert state.count_in("discard") == 0 and state.card_ids_in("draw") == ("blue",) * 10
    assert state.to_log()["chance"] == [{"zone": "draw", "cards": ["blue"] * 11}]
    assert not state.is_terminal()


def test_an_empty_discard_pile_while_turning_up_ends_play_after_phase_three():
    # Amigo, 3 players: Ann harvests 12 blue before her fifth turn (4 coins, 8 to the discard pile) and nothing
    # else is ever discarded. The first exhaustion (Cy's 18th-turn draw) reshuffles the 8 blue; in turn 20 Bo
    # turns up the last two: the second exhaustion finds an empty discard pile, so it is the last one.
    game = new_game(AMIGO, 3)
    deck = quiet_deck(
        game, 0, {0: [("blue", 19)], 1: [("chili", 18), ("blue", 1)], 2: [("stink", 16), ("green", 2)]}, turns=20
    )
    state = game.new_initial_state(seed=0, deck=deck, first_player=0)

    def ann_harvests_before_her_fifth_turn(state: Any) -> bool:
        if state.round_number == 13 and decision(state)["kind"] == "plant" and len(field(state, 0)) == 12:
            act(state, 0, "harvest", zone="field-1")
            return True
        return False

    play_quietly(
        state,
        until=lambda state: state.round_number == 20 and decision(state)["kind"] == "trade",
        before=ann_harvests_before_her_fifth_turn,
    )
    assert state.current_player() == 1 and state.card_ids_in("face-up") == ("blue", "blue")
    assert state.count_in("draw") == 0 and state.count_in("discard") == 0
    assert state.counters[state.game.counter_index["exhaustions"]] == 2 and not state.is_terminal()
    assert state.to_log()["chance"] == [{"zone": "draw", "cards": ["blue"] * 8}]
    held = hand(state, 1)
    play_quietly(state)
    # Bo trades and plants what he turned up, then play ends: he draws nothing.
    assert state.end_reason == "final-exhaustion" and state.round_number == 20 and hand(state, 1) == held
    bo_harvests = {
        event.cards[0]: len(event.cards) for event in state.events if isinstance(event, Harvested) and event.player == 1
    }
    assert bo_harvests == {"chili": 18, "blue": 3}


def rio_three_ending_while_turning_up() -> Any:
    """Rio Grande, 3 players, quiet play, one wax harvested in the first turn and nothing else discarded.

    150 - 15 dealt = 27 turns of 5 cards: Cy's last draw of the 27th turn
    exhausts the pile (the first exhaustion) and the lone wax becomes the draw
    pile. In the 28th turn Ann turns it up: the second exhaustion, the last
    with 3 players.
    """
    game = new_game(RIO, 3)
    deck = quiet_deck(
        game,
        0,
        {
            0: [("wax", 1), ("coffee", 24), ("garden", 1), ("wax", 2)],
            1: [("wax", 19), ("blue", 8)],
            2: [("chili", 18), ("stink", 9)],
        },
        turns=28,
    )
    state = game.new_initial_state(seed=0, deck=deck, first_player=0)
    act(state, 0, "plant", card="wax", zone="field-1")
    act(state, 0, "harvest", zone="field-1")
    return state


def test_the_last_exhaustion_while_turning_up_finishes_the_trading_and_planting_with_the_card_turned_up():
    state = rio_three_ending_while_turning_up()
    play_quietly(state, until=lambda state: state.round_number == 28)
    assert state.counters[state.game.counter_index["exhaustions"]] == 1
    assert state.card_ids_in("draw") == ("wax",) and state.to_log()["chance"] == [{"zone": "draw", "cards": ["wax"]}]
    assert hand(state, 0)[0] == "wax"
    assert plant_where_it_fits(state, 0, "wax")
    act(state, 0, "done")
    # The wax is turned up: the draw pile is exhausted again.
    assert state.counters[state.game.counter_index["exhaustions"]] == 2 and not state.is_terminal()
    # Trading goes on with the one card turned up, then phase 3.
    assert state.card_ids_in("face-up") == ("wax",) and decision(state)["kind"] == "trade"
    assert is_legal(state, 0, "offer", to=1, give={"face-up": {"wax": 1}})
    act(state, 0, "end-trading")
    held = hand(state, 0)
    assert decision(state)["kind"] == "plant-all" and state.card_ids_in("set-aside", 0) == ("wax",)
    mark = len(state.events)
    quiet_move(state)
    # Then play ends: no phase 4 draw, no last chance; the second exhaustion was the last with 3 players.
    assert state.is_terminal() and state.end_reason == "final-exhaustion"
    assert hand(state, 0) == held
    assert not any(isinstance(event, (DecisionMade, PhaseStarted)) for event in events_since(state, mark)[1:])


def test_the_final_harvest_ignores_the_protection_rule():
    state = rio_three_ending_while_turning_up()
    play_quietly(state, until=lambda state: state.round_number == 28 and decision(state)["kind"] == "plant-all")
    quiet_move(state)
    assert state.is_terminal() and all(field(state, seat, zone) == [] for seat in range(3) for zone in FIELDS)
    harvests = [event for event in state.events if isinstance(event, Harvested) and event.player == 0]
    final = harvests[-3:]
    # Ann's single garden bean is harvested beside 24 coffee (no player could have harvested it then).
    assert sorted((event.cards[0], len(event.cards), event.paid) for event in final) == [
        ("coffee", 24, 4),
        ("garden", 1, 0),
        ("wax", 3, 0),
    ]
    assert coins(state, 0) == Counter(coffee=4)
    assert state.result().player("Ann").score == 4


@pytest.mark.parametrize(
    "name, players, last",
    [(AMIGO, 3, 3), (AMIGO, 4, 3), (AMIGO, 5, 3), (RIO, 3, 2), (RIO, 4, 3), (RIO, 5, 3), (RIO, 6, 3), (RIO, 7, 3)],
)
@pytest.mark.parametrize("seed", [0, 1])
def test_play_ends_at_the_editions_last_exhaustion_at_once_in_phase_four_after_phase_three_in_phase_two(
    name, players, last, seed
):
    state = new_game(name, players).new_initial_state(seed=seed)
    play_quietly(state)
    events = state.events
    assert state.end_reason == "final-exhaustion"
    assert state.counters[state.game.counter_index["exhaustions"]] == last
    # Every exhaustion but the last was followed by a reshuffle of the discard pile.
    exhaustions = [index for index, event in enumerate(events) if counted(event)]
    assert len(exhaustions) == last and len(state.to_log()["chance"]) == last - 1
    for index in exhaustions[:-1]:
        assert isinstance(events[index + 1], Shuffled)
    final = exhaustions[-1]
    ended = next(index for index, event in enumerate(events) if isinstance(event, GameEnded))
    phase = [event.phase for event in events[:final] if isinstance(event, PhaseStarted)][-1]
    between = events[final + 1 : ended]
    if phase == "draw":
        assert between == []
    else:
        # Turning up: the trading and phase 3 are played with the cards that could be turned up, then it ends.
        assert phase == "trade"
        assert [event.phase for event in between if isinstance(event, PhaseStarted)] == ["plant-traded"]
        assert not any(isinstance(event, CardsMoved) and event.step == "draw-cards" for event in between)
        turned_up = [event for event in events[:final] if isinstance(event, CardsMoved) and event.step == "turn-up"]
        assert turned_up[-1] is events[final - 1]
    assert not any(isinstance(event, DecisionMade) for event in events[ended:])


@pytest.mark.parametrize("players, drawn", [(3, 3), (5, 3), (6, 4), (7, 4)])
def test_rio_grande_draws_four_cards_in_phase_four_with_six_or_seven_players(players, drawn):
    state = new_game(RIO, players).new_initial_state(seed=4, first_player=0)
    deck = state.to_log()["deck"]
    dealt = sum(len(hand(state, seat)) for seat in range(players))
    play_quietly(state, until=lambda state: decision(state)["kind"] == "trade")
    kept = hand(state, 0)
    play_quietly(state, until=lambda state: state.round_number == 2)
    # Two cards were turned up, then Ann drew the next ones to the back of her hand.
    assert hand(state, 0) == kept + deck[dealt + 2 : dealt + 2 + drawn]
