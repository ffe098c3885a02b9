"""``choose`` with a count (several values, one action each, then ``done``) and with ``all`` (choices made at
once, in secret until everyone has chosen), on a small game written for it (docs/examples/sealed-bids.yaml).

In Sealed bids every player bids one or two cards of their hand at once (a
bid totals 5 at most), then each may throw away up to two cards.
"""

from __future__ import annotations

import json
import random

import locations
import pytest
from cli_helpers import cardrules

import engine
from engine.core.information import InformationSet
from engine.families.choice.rules.events import ChoiceRevealed
from engine.fronts.bots.strategies.lookahead import LookaheadPolicy
from engine.fronts.conformance import cards_misplaced, check_ruleset
from engine.language.yaml_loader import load_yaml
from engine.text.narration import describe_event

SEALED = locations.REPO / "docs" / "examples" / "sealed-bids.yaml"


@pytest.fixture(scope="module")
def game():
    return engine.Game(engine.load_ruleset(SEALED), 3)


def words(state, seat=None):
    """The legal actions as log entries (without the player)."""
    found = []
    for action in state.legal_actions():
        entry = dict(state.action_to_json(action))
        entry.pop("player", None)
        found.append(entry)
    return found


def act(state, **entry):
    state.apply_action(state.action_from_json({"player": state.current_player(), **entry}))


def hand(state, seat):
    return sorted(state.card_ids_in("hand", seat))


def test_the_game_validates_and_passes_the_conformance_suite():
    assert check_ruleset(SEALED) == []


def test_a_count_is_chosen_one_value_at_a_time_and_done_once_there_are_enough(game):
    state = game.new_initial_state(seed=4)
    first = state.current_player()
    held = hand(state, first)
    offered = words(state)
    # The first pick: one action per card type held; `done` is not open before the least count (1) is chosen.
    assert offered == [{"action": "stake", "card": card} for card in ("one", "two", "three") if card in held]
    assert {"action": "done"} not in offered
    act(state, action="stake", card=held[-1])
    # The same player picks on; `done` is open now; a card that would make the bid total more than 5 is not.
    assert state.current_player() == first
    offered = words(state)
    assert {"action": "done"} in offered
    total = {"one": 1, "two": 2, "three": 3}[held[-1]]
    left = list(held)
    left.remove(held[-1])
    assert [entry["card"] for entry in offered if entry["action"] == "stake"] == [
        card for card in ("one", "two", "three") if card in left and total + {"one": 1, "two": 2, "three": 3}[card] <= 5
    ]
    act(state, action="done")
    assert state.current_player() != first


def test_the_most_ends_a_count_without_done_and_the_values_are_bound_as_a_list(game):
    for seed in range(30):
        state = game.new_initial_state(seed=seed)
        held = hand(state, state.current_player())
        if held.count("one") >= 2:
            break
    else:
        pytest.fail("no deal gives two Ones")
    first = state.current_player()
    act(state, action="stake", card="one")
    act(state, action="stake", card="one")  # the second One: another card of the type, not the one picked
    assert state.current_player() != first  # two picked: the most, so the choice ended by itself
    while state.stack and state.stack[-1][0].id == "bids":
        act(state, **words(state)[0])
    # Revealed and carried out: both Ones moved (the list bound to `card`), to the bid or on to the winner.
    assert hand(state, first).count("one") == held.count("one") - 2


def test_a_min_of_zero_offers_done_at_once_and_chooses_nothing(game):
    state = game.new_initial_state(seed=2)
    while state.stack[-1][0].id != "throw":
        state.apply_action(state.legal_actions().sample(random.Random(len(state.history))))
    thrower = state.current_player()
    before = hand(state, thrower)
    assert {"action": "done"} in words(state)
    act(state, action="done")
    assert hand(state, thrower) == before


def _in_the_middle_of_the_bids(game, seed):
    """A state where the first bidder has bid (in secret) and the second is to bid."""
    state = game.new_initial_state(seed=seed)
    first = state.current_player()
    rng = random.Random(seed)
    while state.current_player() == first:
        state.apply_action(state.legal_actions().sample(rng))
    return state, first


def test_a_choice_made_at_once_is_told_as_secret_until_all_have_chosen(game):
    state, first = _in_the_middle_of_the_bids(game, seed=5)
    players = list(game.players)
    told = [describe_event(game.ruleset, players, event) for event in state.events]
    secret = [text for text in told if text and text.startswith(players[first])]
    assert secret and all(text == f"{players[first]}: chooses in secret" for text in secret)
    assert not any(isinstance(event, ChoiceRevealed) for event in state.events)
    rng = random.Random(1)
    while not any(isinstance(event, ChoiceRevealed) for event in state.events):
        state.apply_action(state.legal_actions().sample(rng))
    revealed = [event for event in state.events if isinstance(event, ChoiceRevealed)]
    # Each bidder's choice, in the order they chose, with every card of the bid.
    assert [event.player for event in revealed] == [first, (first + 1) % 3, (first + 2) % 3]
    assert describe_event(game.ruleset, players, revealed[0]).startswith(f"{players[first]} chose: stake ")


def test_a_secret_choice_is_not_in_the_other_players_views_nor_in_what_their_searches_draw(game):
    for seed in range(12):
        state, first = _in_the_middle_of_the_bids(game, seed)
        second = state.current_player()
        real = state.history[: len(state.history)]
        # What the second bidder sees is the same whatever the first bid: a twin with another first bid.
        twin = game.new_initial_state(seed=seed)
        alternatives = [a for a in twin.legal_actions() if a != real[0]]
        if not alternatives:
            continue
        twin.apply_action(alternatives[0])
        rng = random.Random(7)
        while twin.current_player() == first:
            twin.apply_action(twin.legal_actions().sample(rng))
        if twin.current_player() != second:
            continue
        assert twin.observation(second) == state.observation(second)
        assert state.observation(second).hidden_actions() == tuple(range(len(real)))
        assert state.observation(first).hidden_actions() == ()
        # Their searches draw the first bid among the legal ones: never pinned to the real one.
        information = InformationSet.of_observation(state.observation(second))
        draws = [information.sample(random.Random(number)) for number in range(30)]
        assert all(drawn is not None for drawn in draws)
        assert all(drawn.observation(second) == state.observation(second) for drawn in draws)
        assert len({tuple(drawn.history) for drawn in draws}) > 1
        # The first bidder's own search knows their bid.
        own = InformationSet.of_observation(state.observation(first))
        assert all(
            tuple(drawn.history) == tuple(state.history)
            for drawn in (own.sample(random.Random(number)) for number in range(5))
        )
        return
    pytest.fail("no deal left a second bid to compare")


def test_the_secret_is_over_once_revealed(game):
    state, _first = _in_the_middle_of_the_bids(game, seed=3)
    rng = random.Random(3)
    while state.stack and state.stack[-1][0].id == "bids" and not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))
    assert state.secret_actions == ()
    assert all(state.observation(seat).hidden_actions() == () for seat in range(3))


def test_whole_games_keep_every_card_in_one_place_and_their_logs_replay(tmp_path, game):
    logs = tmp_path / "games.jsonl"
    ran = cardrules(
        "simulate",
        "-r",
        str(SEALED),
        "--games",
        "20",
        "--players",
        "bot:heuristic,bot:random,bot:random",
        "--seed",
        "9",
        "--jobs",
        "1",
        "--logs",
        str(logs),
    )
    assert ran.exit_code == 0, ran.output
    lines = logs.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    assert any(entry["action"] == "done" for line in lines for entry in json.loads(line)["actions"])
    for number, line in enumerate(lines[:5]):
        single = tmp_path / f"game-{number}.json"
        single.write_text(line, encoding="utf-8")
        replayed = cardrules("replay", str(single))
        assert replayed.exit_code == 0, replayed.output
    state = game.new_initial_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))
        assert cards_misplaced(state) is None


def test_the_openspiel_information_state_hides_a_secret_bid_and_a_redraw_fits_it(game):
    eo = pytest.importorskip("engine.fronts.adapters.openspiel")
    wrapped = eo.load(engine.load_ruleset(SEALED), 3)
    rng = random.Random(0)
    spiel = wrapped.new_initial_state()
    while spiel.is_chance_node():
        outcomes = spiel.chance_outcomes()
        spiel.apply_action(rng.choices([a for a, _p in outcomes], [p for _a, p in outcomes])[0])
    first = spiel.current_player()
    action = spiel.legal_actions()[0]
    spiel.apply_action(action)
    while spiel.current_player() == first:
        spiel.apply_action(spiel.legal_actions()[0])
    second = spiel.current_player()
    # The bidder's own line names the bid's number; another seat's line names a secret choice only.
    assert f"\n{first}:{action}>" in spiel.information_state_string(first)
    seen = spiel.information_state_string(second)
    assert f"\n{first}:{eo.SECRET_ACTION}>" in seen
    assert f"\n{first}:{action}>" not in seen
    redrawn = spiel.resample_from_infostate(second, lambda: 0.25)
    assert redrawn.information_state_string(second) == seen


def _problems(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    result = cardrules("validate", str(path))
    assert result.exit_code == 1
    return result.output


def _with_choice(choice: str) -> str:
    data = SEALED.read_text(encoding="utf-8")
    tree = load_yaml(data, "x.yaml").plain()
    assert tree["flow"][0]["steps"][1]["id"] == "bids"
    return data.replace(
        data[data.index("      - kind: choose\n        id: bids") : data.index("      - id: take\n")], choice
    )


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        (
            "      - {kind: choose, id: bids, player: active, all: players, options: [{action: pass}]}\n",
            "a choice is made by one player (player), by each of several in turn (each) or by all at once (all)",
        ),
        (
            "      - {kind: choose, id: bids, options: [{action: say, number: {from: 1, to: 3}, count: 2}]}\n",
            "a count is for an option that chooses cards, players or names",
        ),
        (
            "      - {kind: choose, id: bids, options: [{action: stake, card: active.hand, count: {min: 3, max: 2}}]}\n",
            "the count's min is more than its max",
        ),
        (
            "      - {kind: choose, id: bids, options: [{action: stake, card: active.hand, count: {max: 2}},"
            " {action: give, target: players, count: {max: 1}}]}\n",
            "one option of a choice at most may be chosen with nothing",
        ),
        (
            "      - {kind: choose, id: bids, options: [{action: done}]}\n",
            "the word 'done' ends a choice of several values (count) in this ruleset",
        ),
        (
            "      - {kind: choose, id: bids, options: [{action: stake, card: active.hand, count: 101}]}\n",
            "$.flow[0].steps[1].options[0].count",
        ),
        (
            "      - {kind: choose, id: bids, options: [{action: bid, card: active.hand}]}\n",
            "the word 'bid' is written in game logs with cards by other blocks: give the option another word",
        ),
    ],
)
def test_a_wrong_choice_is_refused_at_its_place(tmp_path, choice, message):
    output = _problems(tmp_path, _with_choice(choice))
    assert message in output
    assert "house.yaml:" in output


def test_the_heuristic_bot_never_replays_a_secret_choice_it_did_not_see(game):
    """Its drawn games are carried from one decision to the next by replaying the actions since: not the other
    players' secret choices, which it draws afresh instead."""
    state = game.new_initial_state(seed=6)
    first = state.current_player()
    policy = LookaheadPolicy(seed=1)
    policy.choose(state.observation(first), state.legal_actions())
    seen, drawn = policy._drawn
    assert drawn
    rng = random.Random(2)
    while state.current_player() == first:
        state.apply_action(state.legal_actions().sample(rng))
    # The first bidder's own bid is carried (they know it) ...
    mine = state.observation(first)
    assert mine.hidden_actions() == ()
    assert policy._carried(mine, mine.record()[1])
    # ... but once another bidder has bid in secret, that bid is never replayed onto the drawn games.
    second = state.current_player()
    while state.current_player() == second:
        state.apply_action(state.legal_actions().sample(rng))
    policy._drawn = (tuple(mine.record()[1]), drawn)
    later = state.observation(state.current_player())
    assert later.hidden_actions()
    assert policy._carried(later, later.record()[1]) == []


def test_the_heuristic_bot_bids_against_the_others_drawn_secret_bids_and_beats_random_bots(tmp_path):
    """Weighing a bid alone, every bid looks alike (nothing shows before the reveal): the bot draws the others'
    secret bids after its own and weighs the position after the reveal."""
    ran = cardrules(
        "simulate", "-r", str(SEALED), "--games", "120", "--players", "bot:heuristic,bot:random,bot:random",
        "--seed", "5", "--jobs", "1", "--json",
    )  # fmt: skip
    assert ran.exit_code == 0, ran.output
    heuristic = json.loads(ran.output)["rulesets"][0]["kinds"][0]
    assert heuristic["kind"] == "heuristic"
    assert heuristic["wins"]["ci"][0] > 1 / 3  # clearly above a third, a random seat's share
