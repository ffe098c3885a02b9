"""What `validate` refuses is not played, and a game's errors are placed where the ruleset writes the rule.

`validate` plays a trial game at every number of players, and at each end of
a number option's declared range (`minimum`, `maximum`); `play` and
`simulate` refuse a user's ruleset whose trial fails, with the same located
problems (the trial runs once per content of the files). A rule that fails in
play (an expression dividing by zero) names the file, line and column of the
expression, in the house rule that wrote it, never "command line" or the top
of the flow.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import LOCATED, cardrules
from test_endless_games import DEAL_TOO_MANY  # five seats of 21 cards from 104: the game stalls

from engine.base.errors import OptionError, RulesetError
from engine.families.catalog import load_ruleset, validate
from engine.fronts import conformance

# A player who took one card divides by zero when scored.
DIVIDES_BY_ZERO = """\
extends: no-thanks/classic
id: divides
scoring:
  parts:
    - {id: chips, name: Chips, value: "-me.chips / (count(me.taken) - 1)"}
"""
FINE = """\
extends: no-thanks/classic
id: fine
name: A fine house rule
"""
# The match goal as an option: its maximum puts the end out of a trial game's reach.
GOAL = """\
extends: love-letter/classic
id: goal
option-definitions:
  goal: {type: integer, default: 4, minimum: 1, maximum: MAXIMUM, description: Tokens that win.}
flow:
  - id: rounds
    until: "any(p.tokens >= options.goal for p in players)"
end:
  - {id: goal-reached, kind: condition, when: "any(p.tokens >= options.goal for p in players)"}
scoring:
  winners: "[p for p in players if p.tokens >= options.goal]"
"""


def _written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


@pytest.mark.parametrize(
    "command",
    [
        ("play", "--players", "bot:random,bot:random,bot:random,bot:random,bot:random", "--seed", "1"),
        ("simulate", "--players", "bot:random,bot:random,bot:random", "--games", "2", "--jobs", "1", "--seed", "1"),
    ],
    ids=["play", "simulate"],
)
def test_play_and_simulate_refuse_what_validate_refuses_with_its_words(tmp_path, command):
    house = _written(tmp_path, "deal.yaml", DEAL_TOO_MANY)
    assert validate(house) == []  # every file is valid: only a game shows the problem
    refused = cardrules("validate", str(house))
    assert refused.exit_code == 1
    said = [line for line in refused.output.splitlines() if LOCATED.match(line)]
    assert said
    done = cardrules(command[0], "-r", str(house), *command[1:])
    assert done.exit_code == 1 and "Traceback" not in done.output
    assert [line for line in done.output.splitlines() if LOCATED.match(line)] == said
    assert "Winner" not in done.output


def test_a_house_rule_is_tried_once_per_content(tmp_path, own_cache, monkeypatch):
    house = _written(tmp_path, "fine.yaml", FINE)
    played = cardrules("play", "-r", str(house), "--players", "bot:random,bot:random,bot:random", "--seed", "2")
    assert played.exit_code == 0, played.output
    assert len(list((own_cache / "cardrules" / "trials").iterdir())) == 1

    def never(_name):
        raise AssertionError("the trial ran again for the same files")

    monkeypatch.setattr(conformance, "trial_problems", never)
    again = cardrules("play", "-r", str(house), "--players", "bot:random,bot:random,bot:random", "--seed", "3")
    assert again.exit_code == 0, again.output
    # A change to the file is tried again.
    house.write_text(FINE.replace("A fine", "Another fine"), encoding="utf-8")
    with pytest.raises(AssertionError, match="ran again"):
        conformance.require_trial(house)


def test_the_programs_own_rulesets_are_not_tried_at_each_game(monkeypatch):
    def never(_name):
        raise AssertionError("a shipped ruleset was tried")

    monkeypatch.setattr(conformance, "trial_problems", never)
    conformance.require_trial("no-thanks/classic")
    conformance.require_trial("high-society/ko")


def test_an_expression_that_fails_in_play_is_placed_where_the_house_rule_writes_it(tmp_path):
    house = _written(tmp_path, "divides.yaml", DIVIDES_BY_ZERO)
    done = cardrules("validate", str(house))
    assert done.exit_code == 1
    found = LOCATED.search(done.output)
    assert found, done.output
    # Line 5, at the expression; not line 1 at $.flow, nor "command line".
    assert (found["file"], found["line"], found["path"]) == (str(house), "5", "$.scoring.parts[1].value")
    assert int(found["column"]) == DIVIDES_BY_ZERO.splitlines()[4].index('"-me') + 1
    assert "division by zero" in found["message"] and "command line" not in done.output


def test_a_failing_expression_inside_a_step_is_placed_in_that_step():
    ruleset = load_ruleset("no-thanks/classic")
    told = ruleset.problem_at("$.flow", "it failed", step="turn", expression="active.chips > 0")
    assert told.location.json_path == "$.flow[0].steps[1].options[0].when"
    assert told.location.line is not None


@pytest.mark.parametrize(
    ("value", "refused"),
    [("0", "is at least 1, not 0"), ("1", None), ("7", None), ("8", "is at most 7, not 8"), ("-3", "at least")],
)
def test_a_value_past_a_declared_range_is_refused(tmp_path, value, refused):
    house = _written(tmp_path, "goal.yaml", GOAL.replace("MAXIMUM", "7"))
    if refused is None:
        assert load_ruleset(house, {"goal": value}).options["goal"] == int(value)
        return
    with pytest.raises(OptionError) as caught:
        load_ruleset(house, {"goal": value})
    assert refused in str(caught.value)


@pytest.mark.parametrize(
    ("definition", "path", "message"),
    [
        ("{type: integer, default: 4, minimum: 5, maximum: 2}", "minimum", "the `minimum` is more than the `maximum`"),
        ("{type: integer, default: 4, maximum: 5/2}", "maximum", "expects a whole number"),
        ("{type: boolean, default: false, minimum: 1}", "minimum", "a boolean option takes no `minimum`"),
        ("{type: choice, values: [a, b], default: a, maximum: 1}", "maximum", "a choice option takes no `maximum`"),
        ("{type: integer, default: 9, minimum: 1, maximum: 5}", "default", "is at most 5, not 9"),
        ("{type: number, default: 1/2, minimum: 1}", "default", "is at least 1, not 1/2"),
    ],
)
def test_a_declared_range_that_makes_no_sense_is_refused_at_its_key(tmp_path, definition, path, message):
    house = _written(
        tmp_path,
        "range.yaml",
        f"extends: no-thanks/classic\nid: ranged\noption-definitions:\n  size: {definition}\n",
    )
    problems = validate(house)
    assert any(
        p.location.json_path == f"$.option-definitions.size.{path}" and message in p.message for p in problems
    ), problems


def test_validate_plays_the_ends_of_a_declared_range(tmp_path):
    reachable = _written(tmp_path, "near.yaml", GOAL.replace("MAXIMUM", "7"))
    assert conformance.trial_problems(reachable) == []
    # 3,000 tokens to win: the trial game at the maximum does not end within its decisions.
    too_far = _written(tmp_path, "far.yaml", GOAL.replace("MAXIMUM", "3000"))
    assert validate(too_far) == []  # the files are valid; only a game at the maximum shows it
    problems = conformance.trial_problems(too_far)
    assert problems
    assert all(p.message.startswith("when option 'goal' is 3000: 2 players") for p in problems), problems
    assert problems[0].location.json_path == "$.end"
    with pytest.raises(RulesetError):
        conformance.require_trial(too_far)


def test_every_end_of_every_declared_range_is_tried_however_many_options_come_first(tmp_path):
    # Four harmless ranged options before the goal: each of their ends is tried, and the goal's maximum still is.
    harmless = "".join(
        f"  {name}: {{type: integer, default: 2, minimum: 1, maximum: 3, description: Unused.}}\n" for name in "abcd"
    )
    house = _written(
        tmp_path,
        "many.yaml",
        GOAL.replace("MAXIMUM", "3000").replace("option-definitions:\n", "option-definitions:\n" + harmless),
    )
    assert validate(house) == []
    problems = conformance.trial_problems(house)
    assert problems and all(p.message.startswith("when option 'goal' is 3000: ") for p in problems), problems


# A hand size as an option: 21 cards a player are dealt to three players from Bohnanza's 104, not to five.
HAND = """\
extends: bohnanza/amigo
id: hand
option-definitions:
  hand: {type: integer, default: 5, minimum: 1, maximum: 21, description: Cards dealt to each player.}
setup:
  - {id: deal, count: {option: hand}}
"""


def test_a_range_end_is_tried_at_the_most_players_as_well_as_the_fewest(tmp_path):
    house = _written(tmp_path, "hand.yaml", HAND)
    assert validate(house) == []
    problems = conformance.trial_problems(house)
    assert problems, "a deal of 21 to five players was not tried"
    assert all(p.message.startswith("when option 'hand' is 21: 5 players, seed ") for p in problems), problems
    refused = cardrules("play", "-r", str(house), "-o", "hand=21", "--players", ",".join(["bot:random"] * 5))
    assert refused.exit_code == 1 and "Traceback" not in refused.output


def test_the_last_number_of_players_an_otherwise_reaches_is_tried_when_the_players_are_many(tmp_path):
    # 3 to 20 players; 3 and 20 are named, every count between is dealt ten cards: 11 players and more cannot be.
    house = _written(
        tmp_path,
        "wide.yaml",
        """\
extends: bohnanza/amigo
id: wide
players: {min: 3, max: 20}
setup:
  - {id: deal, count: {by-players: {3: 5, 20: 1}, otherwise: 10}}
""",
    )
    ruleset = load_ruleset(house)
    assert conformance.trial_player_counts(ruleset) == [3, 4, 19, 20]
    problems = conformance.trial_problems(house)
    assert problems and problems[0].message.startswith("19 players, seed "), problems


def test_a_runs_ends_are_its_first_and_last_numbers():
    assert conformance._ends_of_runs([]) == set()
    assert conformance._ends_of_runs([4]) == {4}
    assert conformance._ends_of_runs([4, 5, 6, 9, 11, 12]) == {4, 6, 9, 11, 12}


def test_a_saved_game_of_a_house_rule_that_validate_now_refuses_is_not_resumed(tmp_path):
    house = _written(tmp_path, "later.yaml", FINE)
    saved = tmp_path / "saved.json"
    played = cardrules(
        "play", "-r", str(house), "--players", "bot:random,bot:random,bot:random", "--seed", "4", "--log", str(saved)
    )
    assert played.exit_code == 0, played.output
    log = json.loads(saved.read_text(encoding="utf-8"))
    del log["result"]
    log["actions"] = log["actions"][:5]
    saved.write_text(json.dumps(log), encoding="utf-8")
    house.write_text(DIVIDES_BY_ZERO, encoding="utf-8")  # the house rule changed since the save
    resumed = cardrules("play", "--resume", str(saved))
    assert resumed.exit_code == 1 and "Traceback" not in resumed.output
    found = LOCATED.search(resumed.output)
    assert found and found["file"] == str(house) and "division by zero" in found["message"], resumed.output
