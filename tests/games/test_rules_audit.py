"""The interpreter checked against the rulebooks of both editions and our rulings, rule by rule.

Each test names the rule it checks; most play a short scripted game with a
chosen deck, as a rulebook example would.
"""

from __future__ import annotations

import json
import pickle
import random
from fractions import Fraction

import pytest
from game_fixtures import (
    deck_with_top,
    hs_auction_kind,
    hs_bids,
    hs_decision,
    hs_discard,
    hs_hand,
    hs_mask,
    hs_revealed,
    hs_spent,
    hs_won,
    sample_ruleset,
    shipped,
    status_cards,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base.errors import IllegalActionError, LogError
from engine.base.i18n import set_language
from engine.core.game import Game
from engine.core.result import score_to_json
from engine.core.scoring import Holdings, score_players
from engine.core.state import TERMINAL
from engine.families.auction.rules.bidding import CHOICE_BASE, PASS
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import replay_record

FOUR = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def start(*top: str, ruleset=None, players=FOUR, first_player: int = 0):
    """A game whose deck reveals ``top`` first, the first round started by ``first_player``."""
    ruleset = ruleset or sample_ruleset()
    game = Game(ruleset, players)
    return game.new_initial_state(deck=deck_with_top(ruleset, *top), first_player=first_player)


def bid(state, *values: int) -> None:
    """The current player adds these money cards to their bid."""
    state.apply_action(hs_mask(state.game, values))


def passes(state, count: int = 1) -> None:
    for _ in range(count):
        state.apply_action(PASS)


def money_values(state) -> list[int]:
    """The face values of the money cards each player is dealt, ascending."""
    return sorted(int(card.attributes["value"]) for card in state.ruleset.cards if "money" in card.tags)


def bid_totals(state) -> list[int]:
    """Per player, the total of their bid on the table."""
    return [sum(values) for values in hs_bids(state)]


def start_player(state) -> int:
    """Who starts the next round (the flow's ``start`` player variable)."""
    return state.variables[state.game.variable("start")]


def holdings(name: str, cards, money) -> Holdings:
    """A seat's holdings for scoring without a game: the cards won and the money left."""
    return Holdings(name, tuple(cards), {"money": money}, {"won": tuple(cards)})


def score(ruleset, *players):
    """Score ``(name, cards, money)`` seats with the ruleset's pipeline."""
    return score_players(ruleset, [holdings(*player) for player in players])


def replay(log: dict):
    """Replay an in-memory log through the same path as ``cardrules replay``."""
    return replay_record(LogRecord(json.loads(json.dumps(log)), "game.json", 1, 0, None))


# --------------------------------------------------------------------------- bidding


def test_the_korean_seed_s_example_auction_for_the_yacht():
    # Dooly bids 6, Douner 8, Ddochi 4+6 = 10; Dooly passes and takes his 6 back;
    # Douner adds 6 (14); Ddochi passes; Douner takes the yacht and discards 8 and 6.
    state = start("luxury-5", ruleset=shipped("high-society/ko"), players=["Dooly", "Douner", "Ddochi"])
    bid(state, 6)
    bid(state, 8)
    bid(state, 4, 6)
    passes(state)
    assert hs_hand(state, 0) == money_values(state)
    bid(state, 6)
    assert bid_totals(state) == [0, 14, 10]
    assert hs_decision(state)["totals"] == (0, 14, 10) and hs_decision(state)["highest"] == 14
    passes(state)
    assert hs_won(state) == [[], ["luxury-5"], []]
    assert hs_spent(state) == [[], [6, 8], []]
    assert hs_hand(state, 2) == money_values(state)
    # The log names the cards added on each turn, not the new total.
    bids = [action["cards"] for action in state.to_log()["actions"] if action["action"] == "bid"]
    assert bids == [[6], [8], [4, 6], [6]]


def test_bidding_goes_clockwise_from_the_start_player_and_skips_players_who_passed():
    state = start("luxury-1", "luxury-2", first_player=2)
    order = []
    for amount in (1000, 2000):
        order.append(state.current_player())
        bid(state, amount)
    order.append(state.current_player())
    passes(state)  # seat 0 passes
    order.append(state.current_player())
    bid(state, 4000)  # seat 1
    order.append(state.current_player())
    bid(state, 6000)  # seat 2
    order.append(state.current_player())
    assert order == [2, 3, 0, 1, 2, 3]


def test_a_bid_must_beat_the_highest_total_strictly():
    state = start("luxury-9")
    bid(state, 3000)
    with pytest.raises(IllegalActionError):
        bid(state, 1000, 2000)  # 3000 only equals the highest total
    bid(state, 4000)
    assert bid_totals(state) == [3000, 4000, 0, 0]


def test_cards_on_the_table_cannot_be_taken_back_or_changed():
    state = start("luxury-9", players=["Ann", "Bo", "Cy"])
    bid(state, 10000)
    bid(state, 12000)
    passes(state)
    before = (list(state.zones), hs_decision(state), state.current_player())
    with pytest.raises(IllegalActionError):
        bid(state, 10000)  # Ann's 10000 is already on the table
    assert (list(state.zones), hs_decision(state), state.current_player()) == before
    bid(state, 3000)  # she can only add: 13000
    assert hs_bids(state)[0] == [3000, 10000]


def test_a_player_who_cannot_beat_the_highest_total_can_only_pass():
    ruleset = sample_ruleset(money_values=(1, 2, 4))
    state = start("luxury-9", ruleset=ruleset)
    bid(state, 1, 2, 4)  # Ann bets everything: 7
    legal = state.legal_actions()
    assert list(legal) == [PASS] and len(legal) == 1 and not legal.can_raise()
    with pytest.raises(IllegalActionError):
        bid(state, 1, 2, 4)  # Bo's whole hand only ties


def test_a_player_with_no_money_left_passes_and_the_turn_moves_on():
    ruleset = sample_ruleset(money_values=(1, 2))
    state = start("luxury-9", "luxury-8", ruleset=ruleset, players=["Ann", "Bo", "Cy"])
    bid(state, 1, 2)  # Ann spends everything
    passes(state, 2)
    assert hs_hand(state, 0) == [] and state.current_player() == 0
    assert list(state.legal_actions()) == [PASS]
    passes(state)  # Ann can do nothing but pass
    assert state.current_player() == 1
    passes(state)
    assert hs_won(state, 2) == ["luxury-8"]


def test_a_penniless_first_player_on_a_misfortune_passes_and_takes_it():
    ruleset = sample_ruleset(money_values=(1, 2))
    state = start("luxury-9", "debt", ruleset=ruleset, players=["Ann", "Bo", "Cy"])
    bid(state, 1, 2)
    passes(state, 2)  # Ann takes the luxury with all her money and starts the next round
    assert hs_revealed(state) == "debt" and state.current_player() == 0
    assert hs_auction_kind(state) == "first-pass-takes"
    passes(state)
    assert hs_won(state, 0) == ["luxury-9", "debt"]
    assert start_player(state) == 0


def test_the_winner_pays_and_the_others_take_their_bids_back():
    state = start("prestige-1", "luxury-1")
    bid(state, 1000)
    bid(state, 2000)
    bid(state, 3000)
    bid(state, 4000)
    passes(state, 3)  # Ann, Bo, Cy pass: Di is the last one left
    assert hs_won(state, 3) == ["prestige-1"]
    assert hs_spent(state) == [[], [], [], [4000]]
    assert all(hs_hand(state, seat) == money_values(state) for seat in range(3))
    assert start_player(state) == 3


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_when_nobody_bids_the_last_player_to_have_the_chance_gets_the_card_free(first):
    # Clockwise from the start player everyone passes; the player to the start
    # player's right, the last one the turn would reach, takes the card without acting.
    state = start("luxury-6", "luxury-1", first_player=first)
    passes(state, 3)
    last = (first + 3) % 4
    assert hs_won(state, last) == ["luxury-6"]
    assert len(state.history) == 3
    assert hs_spent(state) == [[], [], [], []]
    assert start_player(state) == last and state.current_player() == last


# --------------------------------------------------------------------------- misfortunes


def test_the_first_to_pass_on_a_misfortune_takes_it_back_with_their_bid_others_pay():
    state = start("scandal", "luxury-1", first_player=1)
    bid(state, 1000)  # Bo
    bid(state, 2000)  # Cy
    bid(state, 3000)  # Di
    bid(state, 1000, 3000)  # Ann: 4000
    passes(state)  # Bo passes first: the scandal is his, his 1000 comes back
    assert hs_won(state) == [[], ["scandal"], [], []]
    assert hs_hand(state, 1) == money_values(state)
    assert hs_spent(state) == [[1000, 3000], [], [2000], [3000]]
    assert start_player(state) == 1 and state.current_player() == 1


def test_a_start_player_who_passes_at_once_takes_the_misfortune_and_nobody_pays():
    state = start("debt", "luxury-1", first_player=2)
    passes(state)
    assert hs_won(state, 2) == ["debt"]
    assert hs_spent(state) == [[], [], [], []]
    assert start_player(state) == 2 and hs_revealed(state) == "luxury-1"


# --------------------------------------------------------------------------- theft


def test_theft_with_one_luxury_is_still_a_decision_written_in_the_log():
    state = start("luxury-4", "prestige-1", "theft", "luxury-1", players=["Ann", "Bo", "Cy"])
    bid(state, 1000)
    passes(state, 2)  # Ann takes luxury-4 and starts
    bid(state, 2000)
    passes(state, 2)  # Ann takes the title
    passes(state)  # Ann passes first on the theft: it is hers
    legal = state.legal_actions()
    assert hs_decision(state)["kind"] == "discard-choice" and legal.kinds() == ("discard",)
    assert list(legal) == [hs_discard(state.game, "luxury-4")] == [CHOICE_BASE + 3]
    assert state.current_player() == 0
    state.apply_action(CHOICE_BASE + 3)
    assert hs_won(state, 0) == ["prestige-1"]  # the title is never stolen
    assert state.to_log()["actions"][-1] == {"player": 0, "action": "discard", "card": "luxury-4"}
    assert hs_revealed(state) == "luxury-1" and state.current_player() == 0


def test_a_pending_theft_takes_the_next_luxury_at_once_with_no_action_in_the_log():
    state = start("theft", "prestige-2", "luxury-8", "luxury-2", players=["Ann", "Bo", "Cy"])
    passes(state)  # Ann takes the theft: no luxury yet, it waits
    assert hs_decision(state)["kind"] != "discard-choice" and "discard" not in state.legal_actions().kinds()
    assert state.observation(1).pending[0] == ("theft",)
    bid(state, 1000)
    passes(state, 2)  # Ann wins a title: it is safe
    bid(state, 2000)
    passes(state, 2)  # Ann wins luxury-8: discarded at once with the theft
    assert hs_won(state, 0) == ["prestige-2"]
    assert sorted(state.card_ids_in("discarded")) == ["luxury-8", "theft"]
    assert state.observation(1).pending[0] == ()
    assert [action["action"] for action in state.to_log()["actions"]].count("discard") == 0
    assert hs_revealed(state) == "luxury-2" and state.current_player() == 0


# --------------------------------------------------------------------------- the end


def test_the_fourth_red_card_ends_the_game_at_once_and_neither_it_nor_the_deck_is_scored():
    state = start("prestige-1", "prestige-2", "scandal", "prestige-3", "luxury-10", players=["Ann", "Bo", "Cy"])
    for _ in range(2):  # two titles, bought with 1000 and 2000
        bid(state, 1000 if state.round_number == 1 else 2000)
        passes(state, 2)
    passes(state)  # the scandal: Ann passes first
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert hs_revealed(state) == "prestige-3" and state.end_reason == "fourth-red"
    assert hs_won(state) == [["prestige-1", "prestige-2", "scandal"], [], []]
    result = state.result()
    assert all("prestige-3" not in p.cards and "luxury-10" not in p.cards for p in result.players)
    assert state.to_log()["deck"] == deck_with_top(
        state.ruleset, "prestige-1", "prestige-2", "scandal", "prestige-3", "luxury-10"
    )


def test_the_long_season_has_seventeen_cards_and_ends_when_the_fifth_red_is_revealed():
    ruleset = shipped("rulesets/high-society/house/long-season.yaml")
    assert len(status_cards(ruleset)) == 17
    reds = [card.id for card in ruleset.cards if "red" in card.tags]
    assert len(reds) == 5
    state = start(*reds, ruleset=ruleset, players=["Ann", "Bo", "Cy"])
    for number in range(4):
        assert hs_revealed(state) == reds[number] and not state.is_terminal()
        while hs_revealed(state) == reds[number]:
            passes(state)  # nobody pays: each card goes to whoever is left (or passed first)
    assert state.is_terminal() and hs_revealed(state) == reds[4]
    assert sum(len(cards) for cards in hs_won(state)) == 4


def test_no_theft_has_fifteen_cards_and_no_theft():
    ruleset = shipped("rulesets/high-society/house/no-theft.yaml")
    assert len(status_cards(ruleset)) == 15 and "theft" not in {card.id for card in ruleset.cards}
    log = _random_game(ruleset, seed=3).to_log()
    assert sorted(log["deck"]) == sorted(status_cards(ruleset))


def test_forgiving_lets_the_poorest_win_and_rounds_down():
    ruleset = shipped("rulesets/high-society/house/forgiving.yaml")
    result = score(ruleset, ("Ann", ["luxury-7", "scandal"], 1), ("Bo", ["luxury-3"], 50))
    assert [p.score for p in result.players] == [3, 3]
    assert not any(p.eliminated for p in result.players)
    assert result.winners == ("Ann",)  # the Korean tiebreak: the highest luxury


# --------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    "edition, cards, expected",
    [
        ("high-society/ja", ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"], 14),
        ("high-society/ja", ["luxury-2", "debt", "prestige-1"], -6),
        ("high-society/ja", ["luxury-2", "debt", "prestige-1", "scandal"], -3),
        ("high-society/ja", ["luxury-7", "scandal"], Fraction(7, 2)),
        ("high-society/ko", ["luxury-2", "debt", "prestige-1"], 0),
        ("high-society/ko", ["luxury-4", "debt", "prestige-1", "prestige-2"], 0),
        ("high-society/ko", ["luxury-6", "debt", "prestige-1"], 2),
        ("high-society/ko", ["debt"], 0),
    ],
)
def test_scores_sum_then_debt_then_floor_then_double_then_halve(edition, cards, expected):
    result = score(shipped(edition), ("Ann", cards, 10), ("Bo", [], 20), ("Cy", [], 30))
    assert result.player("Ann").score == expected


def test_everyone_tied_for_least_money_is_out_and_nobody_wins_but_all_are_scored():
    result = score(
        shipped("high-society/ja"), ("Ann", ["luxury-9"], 5000), ("Bo", ["luxury-1"], 5000), ("Cy", [], 5000)
    )
    assert result.winners == () and all(p.eliminated for p in result.players)
    data = result.to_json()
    assert data["winners"] == []
    assert [(p["name"], p["score"], p["eliminated"]) for p in data["players"]] == [
        ("Ann", 9, True),
        ("Bo", 1, True),
        ("Cy", 0, True),
    ]


def test_an_eliminated_player_is_scored_in_seat_order_but_cannot_win():
    result = score(
        shipped("high-society/ko"), ("Ann", ["luxury-10"], 1), ("Bo", ["luxury-2"], 9), ("Cy", ["luxury-3"], 9)
    )
    data = result.to_json()
    assert [p["name"] for p in data["players"]] == ["Ann", "Bo", "Cy"]
    assert data["players"][0] == {"name": "Ann", "money": 1, "eliminated": True, "score": 10, "cards": ["luxury-10"]}
    assert data["winners"] == ["Cy"]


def test_japanese_ties_go_to_money_then_are_shared():
    ruleset = shipped("high-society/ja")
    result = score(
        ruleset,
        ("Ann", ["luxury-5"], 9000),
        ("Bo", ["luxury-5"], 9000),
        ("Cy", ["luxury-4", "luxury-1"], 7000),
        ("Di", [], 1000),
    )
    assert result.winners == ("Ann", "Bo") and result.decided_by is None
    result = score(ruleset, ("Ann", ["luxury-5"], 9000), ("Bo", ["luxury-4", "luxury-1"], 8000), ("Cy", [], 1000))
    assert result.winners == ("Ann",) and result.decided_by == "money"


def test_korean_ties_go_to_the_highest_luxury_then_are_shared():
    ruleset = shipped("high-society/ko")
    result = score(ruleset, ("Ann", ["luxury-6"], 9), ("Bo", ["luxury-4", "luxury-2"], 20), ("Cy", [], 1))
    assert result.winners == ("Ann",) and result.decided_by == "highest-luxury"
    result = score(ruleset, ("Ann", ["prestige-1"], 9), ("Bo", ["prestige-2"], 20), ("Cy", [], 1))
    assert result.winners == ("Ann", "Bo")


@pytest.mark.parametrize(
    "score_value, written",
    [
        (Fraction(14), 14),
        (Fraction(-6), -6),
        (Fraction(7, 2), 3.5),
        (Fraction(-3, 4), -0.75),
        (Fraction(7, 3), "7/3"),
        (Fraction(14, 6), "7/3"),
        (Fraction(1, 10), 0.1),
    ],
)
def test_scores_in_json_are_an_int_an_exact_decimal_or_p_over_q_in_lowest_terms(score_value, written):
    assert score_to_json(score_value) == written
    assert type(score_to_json(score_value)) is type(written)


def test_a_third_is_written_as_a_fraction_in_a_result():
    # The pipeline cut down to two steps: the luxuries, then a third per scandal.
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "scoring:",
                "  steps:",
                *(
                    f"    - {{id: {step}, $remove: true}}"
                    for step in ("debt", "debt-floor", "prestige", "scandal", "rounding")
                ),
                "    - {id: third, kind: multiply-per-card, tag: scandal, factor: 1/3}",
            ]
        )
    )
    assert [step["id"] for step in ruleset.scoring_steps] == ["luxuries", "third"]
    result = score(ruleset, ("Ann", ["luxury-7", "scandal"], 5), ("Bo", [], 6), ("Cy", [], 7))
    assert result.to_json()["players"][0]["score"] == "7/3"


def test_the_explanation_is_worked_out_when_read_and_survives_pickling():
    result = score(
        shipped("high-society/ja"),
        ("Ann", ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"], 9),
        ("Bo", [], 1),
        ("Cy", [], 2),
    )
    copied = pickle.loads(pickle.dumps(result))
    assert copied == result
    steps = [(step.step_id, step.after) for step in copied.player("Ann").explanation]
    assert steps == [
        ("luxuries", 12),
        ("debt", 7),
        ("debt-floor", 7),
        ("prestige", 28),
        ("scandal", 14),
        ("rounding", 14),
    ]
    assert result.player("Ann").explanation == copied.player("Ann").explanation


# --------------------------------------------------------------------------- logs


def _random_game(ruleset, seed: int, players=FOUR, record_events: bool = True):
    game = Game(ruleset, players)
    state = game.new_initial_state(seed=seed, record_events=record_events)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))
    return state


def test_the_log_holds_the_whole_deck_in_reveal_order_and_the_first_player():
    state = _random_game(shipped("high-society/ja"), seed=11)
    log = state.to_log()
    revealed = [event.card for event in state.events if event.type == "reveal"]
    # What was revealed, then what is still face down, top first (a stack keeps its top last).
    assert log["deck"] == revealed + list(reversed(state.card_ids_in("deck")))
    assert len(log["deck"]) == 16 and log["first_player"] == state.first_player
    assert sorted(log["deck"]) == sorted(status_cards(state.ruleset))
    assert log["result"] == state.result().to_json()


def test_a_log_without_options_and_with_unknown_keys_replays():
    state = _random_game(shipped("high-society/ko"), seed=5)
    log = state.to_log()
    del log["options"]
    log["comment"] = "played at the club"
    log["seats"] = ["human", "bot:random", "bot:random", "bot:random"]
    log["actions"][0]["note"] = "a thought"
    assert replay(log).to_json() == state.result().to_json()


def test_a_log_whose_action_is_by_the_wrong_player_names_its_index():
    state = _random_game(shipped("high-society/ja"), seed=2)
    log = state.to_log()
    log["actions"][4]["player"] = (log["actions"][4]["player"] + 1) % 4
    with pytest.raises(LogError) as caught:
        replay(log)
    assert "action 4 " in str(caught.value)


def test_a_log_whose_player_is_not_a_number_is_refused():
    state = _random_game(shipped("high-society/ja"), seed=2)
    log = state.to_log()
    log["actions"][0]["player"] = str(log["actions"][0]["player"])
    with pytest.raises(LogError) as caught:
        replay(log)
    assert "action 0 " in str(caught.value)


def test_a_state_without_events_plays_and_scores_the_same_game():
    ruleset = shipped("high-society/ja")
    told = _random_game(ruleset, seed=9)
    silent = _random_game(ruleset, seed=9, record_events=False)
    assert silent.events == [] and told.events
    assert silent.to_log() == told.to_log()


# --------------------------------------------------------------------------- hidden information


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), shown=st.integers(1, 10), shuffle_seed=st.integers(0, 10_000))
def test_observations_do_not_depend_on_the_order_of_the_unrevealed_deck(seed, shown, shuffle_seed):
    # Two games with the same first `shown` cards and the rest of the deck in
    # another order: as long as the same cards have been revealed, every seat sees the same.
    ruleset = shipped("high-society/ja")
    game = Game(ruleset, FOUR)
    one = game.new_initial_state(seed=seed)
    deck = one.to_log()["deck"]
    rest = deck[shown:]
    random.Random(shuffle_seed).shuffle(rest)
    other = game.new_initial_state(deck=deck[:shown] + rest, first_player=one.first_player)
    rng = random.Random(seed)
    while not one.is_terminal() and len(deck) - one.count_in("deck") <= shown:
        for seat in range(4):
            assert one.observation(seat) == other.observation(seat)
        action = one.legal_actions().sample(rng)
        one.apply_action(action)
        other.apply_action(action)
