"""Love Letter: the engine's ``love-letter/classic`` and the independent reference agree, both ways.

``references/love_letter.py`` was written from the rules alone and shares no
code with the engine. Matches the engine plays (its random bot, uniformly
random legal actions, a heuristic seat) replay in the reference, every action
accepted, to the same result JSON (tokens, the match's winners, each round's
winners and how it ended); matches the reference's random bot plays replay
in the engine (every action checked, the stored result compared) to the same
result: for 2 to 4 players, with the Countess and with the Minister. Rounds
won by several players and matches won together are among them. Logs
tampered with are judged alike, and the actions the rules forbid are refused
by both at the same index.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_helpers import engine_log_of, engine_outcome_of, reference_outcome_of

from benchmarks.agree_bohnanza import imports_of, same_json
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.formats.replay import ReplayContext
from references import love_letter as reference

RULESET = "love-letter/classic"
NAMES = ["Ann", "Bo", "Cy", "Di"]
COUNTS = (2, 3, 4)
MINISTER = (False, True)
CONTEXT = ReplayContext()


@functools.cache
def engine_game(count: int, minister: bool) -> Game:
    """A Game of ``count`` seats (cached: loading a ruleset is the slow part)."""
    return Game(load_ruleset(RULESET, {"minister": minister}), NAMES[:count])


def engine_log(count: int, seed: int, kind: str = "random", minister: bool = False) -> dict:
    """A match the engine plays: its random bots (``random``), uniformly random legal actions (``uniform``), or
    a heuristic bot in the first seat against random bots (``heuristic``)."""
    return engine_log_of(engine_game(count, minister), seed, kind)


def engine_outcome(log: dict) -> tuple:
    """The engine's replay of a log: ``("ok", result JSON)``, or its refusal as ``("action", index)`` /
    ``("log", path)``."""
    return engine_outcome_of(log, CONTEXT)


def reference_outcome(log: dict) -> tuple:
    """The reference's verdict on a log, in the form ``engine_outcome`` gives."""
    return reference_outcome_of(reference, log)


def reference_log(seed: int, count: int, minister: bool = False) -> dict:
    return reference.play_random_game(seed, NAMES[:count], {"minister": minister})


def test_the_reference_shares_no_code_with_the_engine():
    absolute, relative = imports_of(reference.__file__)
    assert absolute <= {"__future__", "random", "collections", "typing"}
    assert not relative


# --------------------------------------------------------------------------- both ways


@pytest.mark.parametrize("minister", MINISTER, ids=["countess", "minister"])
@pytest.mark.parametrize("count", COUNTS)
def test_matches_the_engine_plays_replay_to_the_same_result_in_the_reference(count, minister):
    for seed in range(8):
        log = engine_log(count, seed, ("random", "uniform")[seed % 2], minister)
        assert log["options"] == {"minister": minister}
        assert len(log["chance"]) == len(log["result"]["rounds"]) - 1, "a shuffle for every later round"
        assert same_json(reference.replay(log), log["result"]), f"seed {seed}"


@pytest.mark.parametrize("count, minister, seed", [(2, False, 0), (2, True, 2), (3, True, 0)])
def test_a_match_a_heuristic_bot_plays_replays_to_the_same_result_in_the_reference(count, minister, seed):
    log = engine_log(count, seed, "heuristic", minister)
    assert same_json(reference.replay(log), log["result"])


@pytest.mark.parametrize("minister", MINISTER, ids=["countess", "minister"])
@pytest.mark.parametrize("count", COUNTS)
def test_matches_the_reference_plays_replay_to_the_same_result_in_the_engine(count, minister):
    for seed in range(25):
        log = reference_log(seed, count, minister)
        assert same_json(engine_outcome(log)[1], log["result"]), f"seed {seed}"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from(COUNTS), minister=st.booleans())
def test_any_match_the_reference_plays_replays_to_the_same_result_in_the_engine(seed, count, minister):
    log = reference_log(seed, count, minister)
    assert same_json(engine_outcome(log)[1], log["result"])


@pytest.mark.parametrize(
    "seed, count, minister, together",
    [
        pytest.param(14, 2, False, False, id="a-round-won-by-two"),
        pytest.param(3044, 2, False, True, id="two-players-win-the-match-together"),
        pytest.param(287, 3, False, True, id="three-players-two-win-together"),
        pytest.param(1133, 4, True, True, id="minister-four-players-win-together"),
    ],
)
def test_rounds_and_matches_won_by_several_replay_alike(seed, count, minister, together):
    """Equal cards and equal discards: each tied survivor wins the round; all who reach the goal win."""
    log = reference_log(seed, count, minister)
    assert any(len(entry["winners"]) > 1 for entry in log["result"]["rounds"])
    assert (len(log["result"]["winners"]) > 1) == together
    assert same_json(engine_outcome(log)[1], log["result"])


def test_random_play_reaches_the_rules_that_matter():
    """The Minister puts players out, a Prince takes the card set aside or discards a Princess, a Baron ties,
    rounds end both ways."""
    seen = Counter()

    class Watched(reference.ReferenceGame):
        def start_turn(self) -> None:
            before = sum(self.out)
            super().start_turn()
            seen["minister"] += self.minister and sum(self.out) > before

        def choose_target(self, target: int) -> None:
            if self.played == "prince":
                seen["prince takes the card set aside"] += not self.deck
                seen["prince discards the princess"] += "princess" in self.hands[target]
            if self.played == "baron":
                seen["baron tie"] += self.hands[target] == self.hands[self.turn]
            super().choose_target(target)

    for seed in range(40):
        log = reference_log(seed, COUNTS[seed % 3], seed % 2 == 1)
        game = Watched(
            log["players"],
            lambda number, log=log: ([log["deck"]] + [e["cards"] for e in log["chance"]])[number],
            seed % 2 == 1,
        )
        for action in log["actions"]:
            game.apply(action)
        assert game.result() == log["result"]
        for entry in log["result"]["rounds"]:
            seen[entry["how"]] += 1
    assert len(seen) == 6 and min(seen.values()) >= 3, seen


# --------------------------------------------------------------------------- what both refuse


def first_state(predicate: Callable, minister: bool = False) -> tuple[dict, int, reference.ReferenceGame]:
    """The first reference match (by seed) with a decision where ``predicate(game, action)`` holds: its log
    (without the result), the action's index, and the reference game just before it."""
    for seed in range(200):
        log = reference_log(seed, COUNTS[seed % 3], minister)
        del log["result"]
        game = reference.new_game(log)
        for index, action in enumerate(log["actions"]):
            if predicate(game, action):
                return log, index, game
            game.apply(action)
    raise AssertionError("no match reaches the state")


def countess_beside(game, action) -> bool:
    hand = game.hands[game.turn]
    return game.phase == "play" and "countess" in hand and ("king" in hand or "prince" in hand)


def refusals() -> list:
    """(how to find the state, how to change the action there) for actions the rules forbid."""

    def other_card(game, action):
        return {**action, "card": next(card for card in game.hands[game.turn] if card != "countess")}

    def protected_target(game, action):
        return action["action"] == "target" and any(
            game.protected[seat] and not game.out[seat] and seat != game.turn for seat in range(len(game.players))
        )

    def out_target(game, action):
        return action["action"] == "target" and any(game.out)

    def no_target_left(game, action):
        return (
            action["action"] == "play"
            and action["card"] in ("guard", "king")
            and not game.valid_targets(action["card"])
        )

    return [
        pytest.param(countess_beside, other_card, 0, id="the-countess-must-be-played"),
        pytest.param(
            lambda game, action: action["action"] == "name",
            lambda game, action: {**action, "name": "guard"},
            0,
            id="the-guard-names-a-guard",
        ),
        pytest.param(
            protected_target,
            lambda game, action: {
                **action,
                "target": next(
                    s for s in range(len(game.players)) if game.protected[s] and not game.out[s] and s != game.turn
                ),
            },
            0,
            id="a-protected-target",
        ),
        pytest.param(
            out_target,
            lambda game, action: {**action, "target": game.out.index(True)},
            0,
            id="a-target-out-of-the-round",
        ),
        pytest.param(
            lambda game, action: action["action"] == "target" and game.played == "king",
            lambda game, action: {**action, "target": game.turn},
            0,
            id="the-king-trades-with-oneself",
        ),
        pytest.param(
            lambda game, action: action["action"] == "play",
            lambda game, action: {
                **action,
                "card": next(c for c, _, _ in reference.CARDS if c not in game.hands[game.turn]),
            },
            0,
            id="a-card-not-in-hand",
        ),
        pytest.param(
            no_target_left,
            lambda game, action: {"player": game.turn, "action": "target", "target": game.turn},
            1,
            id="a-target-when-nobody-can-be-chosen",
        ),
    ]


@pytest.mark.parametrize("predicate, change, offset", refusals())
def test_an_action_the_rules_forbid_is_refused_by_both_at_the_same_index(predicate, change, offset):
    log, index, game = first_state(predicate)
    if offset:
        log["actions"].insert(index + offset, change(game, log["actions"][index]))
    else:
        log["actions"][index] = change(game, log["actions"][index])
    assert reference_outcome(log) == ("action", index + offset)
    assert engine_outcome(log) == ("action", index + offset)


def test_under_the_minister_a_hand_of_12_or_more_is_out_before_playing_in_both():
    """The same deal with the Minister: the player holding card 7 beside a Prince or the King is out right after
    drawing, so the card they played under the Countess is refused by both."""
    log, index, game = first_state(countess_beside)
    assert sum(reference.VALUE[card] for card in game.hands[game.turn]) >= 12
    log["options"] = {"minister": True}
    assert reference_outcome(log)[0] == "action" and reference_outcome(log)[1] <= index
    assert engine_outcome(log) == reference_outcome(log)


def tampered(log: dict, rng: random.Random) -> dict:
    """The log without its result and with one action changed: its player or value, dropped, doubled or
    swapped."""
    log = json.loads(json.dumps(log))
    log.pop("result", None)
    actions = log["actions"]
    index = rng.randrange(len(actions))
    entry = actions[index]
    change = rng.choice(["player", "value", "drop", "double", "swap"])
    count = len(log["players"])
    if change == "player":
        entry["player"] = (entry["player"] + rng.randrange(1, count)) % count
    elif change == "value":
        field = {"play": "card", "target": "target", "name": "name"}[entry["action"]]
        entry[field] = rng.randrange(count) if field == "target" else rng.choice(reference.FULL_DECK)
    elif change == "drop":
        del actions[index]
    elif change == "double":
        actions.insert(index, dict(entry))
    else:
        actions[index] = {**rng.choice(actions), "player": entry["player"]}
    return log


def test_randomly_tampered_logs_are_judged_alike_by_both():
    rng = random.Random(9)
    judged = Counter()
    for seed in range(80):
        log = tampered(reference_log(seed, COUNTS[seed % 3], seed % 2 == 1), rng)
        ours = reference_outcome(log)
        assert ours == engine_outcome(log), f"seed {seed}"
        judged[ours[0]] += 1
    assert judged["action"] >= 20, judged


@pytest.mark.parametrize(
    "change, path",
    [
        pytest.param(lambda log: log["deck"].pop(), "$.deck", id="a-card-short"),
        pytest.param(
            lambda log: log["chance"][2]["cards"].__setitem__(0, "princess"), "$.chance[2]", id="two-princesses"
        ),
        pytest.param(lambda log: log["chance"].pop(), "$.chance", id="a-round-without-a-shuffle"),
        pytest.param(lambda log: log["chance"].append(log["chance"][0]), "$.chance", id="a-shuffle-too-many"),
        pytest.param(lambda log: log["options"].__setitem__("minister", 3), "$.options.minister", id="not-a-boolean"),
        pytest.param(lambda log: log["players"].append("Ed"), "$.players", id="five-players"),
    ],
)
def test_a_log_that_cannot_be_a_match_is_refused_by_both_and_named(change, path):
    log = reference_log(4, 4)
    del log["result"]
    change(log)
    assert reference_outcome(log) == engine_outcome(log) == ("log", path)
