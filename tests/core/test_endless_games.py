"""A ruleset whose game cannot end is refused by `validate`, and stopped in play with a located error.

A valid ruleset may still never end: an overlay deals more cards than the deck
holds, so nothing can refill the draw pile and the players only pass; a loop
whose steps never ask anyone anything. `validate` plays a game with the fewest
and with the most players and says so; in play the state stops such a game
(nothing changed for 2,048 decisions, or more decisions or shuffles than a log
holds) before it hangs or writes a log the reader refuses. The limits the
engine keeps are the log format's own.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from cli_helpers import LOCATED, REPO, cardrules, cardrules_process

from engine.base.errors import EndlessGameError
from engine.core import limits, moves
from engine.core import state as state_module
from engine.core.game import Game
from engine.families.catalog import load_ruleset, validate
from engine.fronts.formats.gamelog import read_log, validate_log

# Five seats of 21 cards from a deck of 104: the draw pile is empty after the deal and nothing refills it.
DEAL_TOO_MANY = """\
extends: bohnanza/amigo
id: deal-too-many
setup:
  - {id: deal, count: 21}
"""
# The round's steps reveal nothing and ask nobody: the loop spins.
NOTHING_REVEALED = """\
extends: high-society/ja
id: nothing-revealed
flow:
  - id: round
    steps:
      - {id: reveal, $remove: true}
"""


def _written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_refuses_a_ruleset_whose_game_stalls_and_says_where_its_end_is(tmp_path):
    house = _written(tmp_path, "deal.yaml", DEAL_TOO_MANY)
    assert validate(house) == []  # every file is valid; only a game shows the problem
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    found = LOCATED.search(done.output)
    assert found, done.output
    # The house file caused it: the problem is placed where it says what it extends, and names the parent's line.
    assert (found["file"], found["line"], found["column"]) == (str(house), "1", "1")
    assert found["path"] == "$.end"
    assert found["message"].startswith("5 players, seed ")
    assert "no card moved and no counter changed" in found["message"]
    parent_end = re.search(r"\(at (.+):(\d+):(\d+) in the ruleset this file extends\)$", found["message"])
    assert parent_end and parent_end[1].endswith(str(Path("rulesets", "bohnanza", "base.yaml"))), found["message"]
    base_lines = (REPO / "rulesets" / "bohnanza" / "base.yaml").read_text(encoding="utf-8").splitlines()
    line = int(parent_end[2])
    assert base_lines.index("end:") < line - 1 and base_lines[line - 1].startswith("  - {id: ")  # its first item


def test_validate_still_accepts_every_shipped_ruleset():
    names = [str(path) for path in sorted((REPO / "rulesets").rglob("*.yaml"))]
    done = cardrules("validate", *names)
    assert done.exit_code == 0, done.output


def test_a_stalled_game_stops_in_play_with_the_located_error_and_its_log_reads_back(tmp_path, monkeypatch):
    # play refuses what validate refuses (tests/core/test_what_validate_refuses_is_not_played.py); a game the trial
    # did not catch (a stall at another seed) is stopped in play all the same.
    from engine.fronts.cli import play_run

    monkeypatch.setattr(play_run, "require_trial", lambda _name: None)
    house = _written(tmp_path, "deal.yaml", DEAL_TOO_MANY)
    log = tmp_path / "stalled.json"
    played = cardrules(
        "play", "-r", str(house), "--players", ",".join(["bot:random"] * 5), "--seed", "1", "--log", str(log)
    )
    assert played.exit_code == 1
    assert played.exception is None or isinstance(played.exception, SystemExit)
    found = LOCATED.search(played.output)
    assert found and found["path"] == "$.end", played.output
    assert found["file"] == str(house) and "in the ruleset this file extends" in found["message"]
    assert f"The game log is saved in {log}." in played.output
    saved = read_log(log)
    validate_log(saved)  # the reader takes what the writer wrote
    # Stopped at a check, once the cards have stood still for IDLE_WINDOWS checks (the deal's first turns moved some).
    actions = len(saved.log["actions"])
    assert actions % state_module.PROGRESS_WINDOW == 0
    idle = state_module.PROGRESS_WINDOW * state_module.IDLE_WINDOWS
    assert idle < actions < 2 * idle
    replayed = cardrules("replay", str(log))
    assert replayed.exit_code == 1
    assert "the log ends before the game does" in replayed.output


def test_a_loop_that_never_asks_anyone_is_located_at_the_loop(tmp_path):
    house = _written(tmp_path, "loop.yaml", NOTHING_REVEALED)
    ruleset = load_ruleset(house)
    with pytest.raises(EndlessGameError) as raised:
        Game(ruleset, 3).new_initial_state(seed=1)
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.location.file == str(house)
    assert diagnostic.location.json_path == "$.flow[0]"
    assert diagnostic.location.line == 4
    assert "the loop round ran 10000 times" in diagnostic.message
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    assert f"{house}:4:5: $.flow[0]: 3 players, seed " in done.output


def _random_game_until_stopped(name: str, players: int, seed: int) -> tuple[object, EndlessGameError | None]:
    state = Game(load_ruleset(name), players).new_initial_state(seed=seed)
    chooser = random.Random(seed)
    try:
        while not state.is_terminal():
            state.apply_action(state.legal_actions().sample(chooser))
    except EndlessGameError as error:
        return state, error
    return state, None


def test_a_game_is_stopped_before_it_has_more_decisions_than_a_log_holds(monkeypatch):
    monkeypatch.setattr(state_module, "MAX_ACTIONS", 20)
    monkeypatch.setattr(state_module, "PROGRESS_WINDOW", 8)
    state, error = _random_game_until_stopped("high-society/ja", 4, 3)
    assert error is not None
    assert len(state.history) == 20  # refused before the 21st: the state is as it was
    assert "within 20 decisions" in str(error)
    assert error.diagnostics[0].location.json_path == "$.end"
    assert not state.is_terminal() and state.legal_actions()  # still a state to save and resume


def test_a_game_is_stopped_before_it_has_more_shuffles_than_a_log_holds(monkeypatch):
    monkeypatch.setattr(moves, "MAX_CHANCE_OUTCOMES", 2)  # the deal's shuffle, then one reshuffle
    _state, error = _random_game_until_stopped("bohnanza/amigo", 3, 5)
    assert error is not None
    assert "within 2 shuffles" in str(error)


def test_the_engine_limits_are_the_log_formats_own():
    schema = json.loads((REPO / "schemas" / "game-log.schema.json").read_text(encoding="utf-8"))
    properties = schema["properties"]
    assert properties["players"]["maxItems"] == limits.MAX_PLAYERS
    assert properties["deck"]["maxItems"] == limits.MAX_CARDS
    assert properties["actions"]["maxItems"] == limits.MAX_ACTIONS
    assert properties["chance"]["maxItems"] == limits.MAX_CHANCE_OUTCOMES
    ruleset_schema = json.loads((REPO / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
    assert ruleset_schema["properties"]["players"]["properties"]["max"]["maximum"] == limits.MAX_PLAYERS


def _cards_at_most_players(name: str) -> int:
    from engine.core.cards import copies_for

    ruleset = load_ruleset(name)
    return sum(copies_for(card.count, ruleset.players_max) for card in ruleset.cards)


@pytest.mark.parametrize("more, refused", [(0, False), (1, True)])
def test_a_deck_larger_than_a_log_lists_is_refused(tmp_path, more, refused):
    count = limits.MAX_CARDS - _cards_at_most_players("high-society/ja") + more
    house = _written(
        tmp_path,
        "deck.yaml",
        f"""\
extends: high-society/ja
id: big-deck
cards:
  - {{id: crowd, name: Crowd, tags: [luxury], value: 1, count: {count}}}
""",
    )
    problems = validate(house)
    assert bool(problems) == refused, problems
    if refused:
        (problem,) = problems
        assert problem.location.json_path == "$.cards" and problem.location.line == 4
        assert problem.message == (
            "a game of 5 players would have 10001 cards; a game holds at most 10000, as many as a game log lists"
        )


def test_a_deck_is_counted_at_every_number_of_players_and_the_first_too_large_is_named(tmp_path):
    house = _written(
        tmp_path,
        "seats.yaml",
        """\
extends: high-society/ja
id: many-seats
players: {min: 3, max: 64}
cards:
  - {id: crowd, name: Crowd, tags: [luxury], value: 1, count: {per-player: 80}}
  - {id: throng, name: Throng, tags: [luxury], value: 2, count: {per-player: 80}}
""",
    )
    (problem,) = validate(house)
    assert problem.location.json_path == "$.cards"
    assert problem.message.startswith("a game of 59 players would have 10105 cards")  # 58 players: 9,938


@pytest.mark.parametrize(
    "factor, copies, refused",
    [
        ("2", 3, False),
        ("1/1000", 16, False),
        ("999999999999999999999999999999", 3, True),
        ("2", 190, False),
        ("2", 300, True),
        ("1/2", 300, True),
    ],
)
def test_factors_that_could_make_a_score_too_long_to_print_are_refused(tmp_path, factor, copies, refused):
    house = _written(
        tmp_path,
        "factor.yaml",
        f"""\
extends: high-society/ja
id: big-factor
cards:
  - {{id: crown, name: Crown, tags: [prestige], count: {copies}}}
scoring:
  steps:
    - {{id: prestige, factor: {factor}}}
""",
    )
    problems = validate(house)
    told = [problem for problem in problems if "could make it about" in problem.message]
    assert bool(told) == refused, problems
    if refused:
        assert told[0].location.json_path == "$.scoring.steps"


def test_a_hand_with_more_possible_offers_than_len_can_count_is_tried_without_a_crash(tmp_path):
    # The whole draw pile goes to the active player's hand: an offer may give any part of ~90 cards
    # (more than 2**63 offers, which Python's len() cannot return); the players soon have nothing to do.
    house = _written(
        tmp_path,
        "keep.yaml",
        """\
extends: bohnanza/amigo
id: keep-the-draw-pile
flow:
  - id: turn
    steps:
      - id: trade
        steps:
          - {id: keep-face-up, from: draw, to: hand}
""",
    )
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    assert not isinstance(done.exception, OverflowError)
    found = LOCATED.search(done.output)
    assert found and found["path"] == "$.end", done.output


def test_the_number_of_legal_offers_is_counted_past_what_len_can_return():
    ruleset = load_ruleset("bohnanza/amigo")
    state = Game(ruleset, 3).new_initial_state(seed=4)
    chooser = random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        if "offer" in legal.kinds():
            break
        state.apply_action(legal.sample(chooser))
    offers = next(part for part in legal.parts if "offer" in part.kinds())
    assert offers.size() == len(offers) > 0
    hand = ruleset.zone("hand")
    assert hand.kind == "row"
    # 2**hand choices of hand cards alone: a hand of 64 cards would be past len(); size() has no such bound.
    assert offers.choices  # worked out once
    receiver, _hand, *rest = offers._choices[0]
    offers._choices = ((receiver, 70, *rest),) + offers._choices[1:]
    offers._size = None  # worked out once too: counted again from the longer hand
    assert offers.size() > 2**64
    with pytest.raises(OverflowError):
        len(offers)
    assert offers.sample(chooser) in offers.space


def test_a_count_by_players_between_the_fewest_and_the_most_is_checked_too(tmp_path):
    deck = _written(
        tmp_path,
        "deck.yaml",
        """\
extends: bohnanza/rio-grande
id: wax-at-four
cards:
  - {id: wax, count: {by-players: {4: 10000}, otherwise: 22}}
""",
    )
    (problem,) = validate(deck)
    assert problem.message.startswith("a game of 4 players would have")
    factor = _written(
        tmp_path,
        "factor.yaml",
        """\
extends: high-society/ja
id: many-at-four
cards:
  - {id: luxury-1, count: {by-players: {4: 60}, otherwise: 1}}
scoring:
  steps:
    - {id: lux-mul, kind: multiply-per-card, card: luxury-1, factor: 100000000000000000000000000000, $before: rounding}
""",
    )
    (problem,) = validate(factor)
    assert "could make it about" in problem.message


@pytest.mark.parametrize("parent", ["bohnanza/rio-grande", "bohnanza/amigo"])
def test_the_trial_plays_each_number_of_players_a_count_names(tmp_path, parent):
    # Forty cards each at four seats: the deal empties the deck; at the other counts the game ends. Amigo's
    # cards name no number of players (Rio Grande's do): the deal's own count must bring four to the trial.
    house = _written(
        tmp_path,
        "deal.yaml",
        f"""\
extends: {parent}
id: deal-at-four
setup:
  - {{id: deal, count: {{by-players: {{4: 40}}, otherwise: 5}}}}
""",
    )
    from engine.fronts.conformance import trial_player_counts

    assert 4 in trial_player_counts(load_ruleset(house))
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    found = LOCATED.search(done.output)
    assert found and found["path"] == "$.end" and found["message"].startswith("4 players, seed "), done.output


def test_the_trial_plays_a_number_of_players_reached_only_through_otherwise(tmp_path):
    # The deal names 3 and 7; five players get the "otherwise" deal, forty cards each, which the deck cannot
    # hold: the trial must play five (every number of players, when they are few), not only 3, 7 and the ends.
    house = _written(
        tmp_path,
        "otherwise.yaml",
        """\
extends: bohnanza/rio-grande
id: deal-otherwise
setup:
  - {id: deal, count: {by-players: {3: 5, 4: 5, 6: 5, 7: 5}, otherwise: 40}}
""",
    )
    from engine.fronts.conformance import trial_player_counts

    assert trial_player_counts(load_ruleset(house)) == [3, 4, 5, 6, 7]
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    found = LOCATED.search(done.output)
    assert found and found["message"].startswith("5 players, seed "), done.output


def test_many_numbers_of_players_are_tried_at_the_ends_the_named_ones_and_one_otherwise_each():
    from engine.fronts.conformance import trial_player_counts

    ruleset = load_ruleset("no-thanks/classic")
    assert trial_player_counts(ruleset) == [3, 4, 5, 6, 7]  # few: every one
    wide = ruleset.__class__.__new__(ruleset.__class__)
    wide.__dict__.update(ruleset.__dict__)
    object.__setattr__(wide, "players_min", 2)
    object.__setattr__(wide, "players_max", 40)
    object.__setattr__(wide, "data", {"cards": [{"count": {"by-players": {2: 1, 3: 2}, "otherwise": 9}}]})
    assert trial_player_counts(wide) == [2, 3, 4, 40]


def test_a_long_game_that_ends_is_not_refused_by_the_trial(tmp_path):
    # Twenty times the beans: some 24,000 decisions, more than the trial once allowed, fewer than a log holds.
    counts = {"blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12, "black-eyed": 10, "red": 8, "garden": 6}
    lines = "".join(f"  - {{id: {bean}, count: {count * 20}}}\n" for bean, count in counts.items())
    house = _written(tmp_path, "long.yaml", f"extends: bohnanza/amigo\nid: long-season\ncards:\n{lines}")
    done = cardrules("validate", str(house))
    assert done.exit_code == 0, done.output


# Fields that take no card: the first player who must plant has nothing legal to do.
NO_FIELD = """\
extends: bohnanza/amigo
id: no-field
zones:
  field-1: {capacity: 0}
  field-2: {capacity: 0}
"""


def test_a_player_left_with_no_legal_action_stops_every_command_at_the_step_that_waits(tmp_path, monkeypatch):
    house = _written(tmp_path, "no-field.yaml", NO_FIELD)
    seats = "bot:random,bot:random,bot:random"
    validated = cardrules("validate", str(house))
    played = cardrules_process(
        "play", "-r", str(house), "--players", seats, "--seed", "1", "--log", str(tmp_path / "refused.json")
    )
    simulated = cardrules_process(
        "simulate", "-r", str(house), "--players", seats, "--games", "3", "--jobs", "1", "--seed", "1"
    )
    for output, status in (
        (validated.output, validated.exit_code),
        (played.stderr, played.returncode),
        (simulated.stderr, simulated.returncode),
    ):
        assert status == 1 and "Traceback" not in output, output
        found = LOCATED.search(output)
        assert found and found["file"] == str(house), output
        assert "has no legal action at step plant-from-hand: the game cannot go on" in found["message"]
    assert not (tmp_path / "refused.json").exists()  # refused as validate refuses it, before a game starts
    # A game the trial did not catch (another seed) stops at the same step, and so does its resumption.
    from engine.fronts.cli import play_run

    monkeypatch.setattr(play_run, "require_trial", lambda _name: None)
    stuck = cardrules(
        "play", "-r", str(house), "--players", seats, "--seed", "1", "--log", str(tmp_path / "stuck.json")
    )
    assert stuck.exit_code == 1 and "has no legal action at step plant-from-hand" in stuck.output, stuck.output
    assert f"The game log is saved in {tmp_path / 'stuck.json'}." in stuck.output
    resumed = cardrules_process("play", "--resume", str(tmp_path / "stuck.json"))
    assert resumed.returncode == 1 and "has no legal action" in resumed.stderr


def test_an_end_condition_far_away_is_played_to_its_end_but_refused_by_validate(tmp_path, monkeypatch):
    # A million exhaustions can never be counted (each is a shuffle, and a log holds 10,000), yet the game ends:
    # the last exhaustion comes when the discard pile is empty, whatever the count. Nothing in play guesses from
    # the count's pace, so the game is played to its end; `validate` refuses it as too far away, since a random
    # game takes over 40,000 decisions, twenty times the longest shipped game (and so `simulate` refuses it too).
    house = _written(
        tmp_path, "far.yaml", "extends: bohnanza/amigo\nid: far-end\nend:\n  - {id: final-exhaustion, count: 1000000}\n"
    )
    from engine.fronts.cli import simulate_run

    monkeypatch.setattr(simulate_run, "require_trial", lambda _name: None)
    played = cardrules(
        "simulate",
        "-r",
        str(house),
        "--players",
        "bot:random,bot:random,bot:random",
        "--games",
        "1",
        "--jobs",
        "1",
        "--seed",
        "1",
        "--json",
    )
    assert played.exit_code == 0, played.output
    assert json.loads(played.output)["rulesets"][0]["games"] == 1
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    found = LOCATED.search(done.output)
    assert found and found["file"] == str(house) and found["path"] == "$.end", done.output
    assert re.match(
        r"3 players, seed \d+: a random game did not end within 20000 decisions: its end conditions "
        r"are out of reach, or too far away",
        found["message"],
    ), found["message"]


HIGH_BOHN_400 = """\
extends: bohnanza/high-bohn
id: four-hundred
end: [{id: final-exhaustion, count: 400}]
"""


def test_a_game_that_pays_its_cards_back_into_the_discard_pile_is_refused_without_playing_it_out(tmp_path):
    # Buildings are paid with coins that go back to the discard pile, so the last exhaustion may never come:
    # with five players a random game reaches the log's 100,000 decisions. validate stops at its own limit.
    house = _written(tmp_path, "four-hundred.yaml", HIGH_BOHN_400)
    done = cardrules("validate", str(house))
    assert done.exit_code == 1 and "Traceback" not in done.output
    found = LOCATED.search(done.output)
    assert (found["file"], found["line"], found["path"]) == (str(house), "3", "$.end"), done.output
    assert "did not end within 20000 decisions" in found["message"]


def test_the_decisions_a_checked_game_may_take_grow_with_its_deck_up_to_what_a_log_holds():
    from types import SimpleNamespace

    from engine.fronts.conformance import TRIAL_DECISIONS, TRIAL_DECISIONS_PER_CARD, decision_limit

    def limit(cards: int) -> int:
        return decision_limit(SimpleNamespace(cards=SimpleNamespace(size=cards)))

    assert limit(1) == limit(TRIAL_DECISIONS // TRIAL_DECISIONS_PER_CARD) == TRIAL_DECISIONS
    assert limit(2000) == 2000 * TRIAL_DECISIONS_PER_CARD
    assert limit(limits.MAX_CARDS) == limits.MAX_ACTIONS
