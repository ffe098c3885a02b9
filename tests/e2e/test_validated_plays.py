"""Whatever `validate` accepts plays: house rules with numbers at and past the limits, options at every value.

Hypothesis writes house rules of the kind people write (new money values,
amounts and factors in the scoring, the end condition's count, the options
the edition declares, set in the file or with `-o`), with numbers drawn up
to and past the limits (30 digits, exponents, fractions). Each is validated;
one that is accepted is played to the end by a heuristic and two random bots,
scored, explained and summarized in words. A refusal must be located; after
acceptance, nothing may fail.
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.base.errors import CardrulesError
from engine.core.game import Game
from engine.families.catalog import load_ruleset, validate
from engine.fronts.bots import make_bot
from engine.text.explain import explain_result, summarize_result

PLAYS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

# Numbers as a person might write them, from the ordinary to the limits (30 digits, exponent 30) and past them.
whole = st.one_of(
    st.integers(-1000, 1000),
    st.integers(-(10**30), 10**30),
    st.integers(10**30, 10**40),
    st.sampled_from([0, 1, -1, 10**29, 10**30 - 1, 10**30]),
)
written_number = st.one_of(
    whole.map(str),
    st.tuples(whole, st.integers(1, 10**31)).map(lambda pair: f"{pair[0]}/{pair[1]}"),
    st.sampled_from(["0.5", "-1.25", "1e30", "1e31", "1e-30", "2.5e3", "1/3", "-7/2", "0/1"]),
)
money_values = st.lists(
    st.one_of(st.integers(1, 10**6), st.integers(10**12, 10**15), st.integers(1, 10**30), st.integers(10**30, 10**32)),
    min_size=1,
    max_size=24,
    unique=True,
)
options = st.fixed_dictionaries(
    {},
    optional={
        "debt-floor": st.one_of(st.none(), written_number),
        "eliminate-poorest": st.booleans(),
        "rounding": st.sampled_from(["none", "floor", "ceiling", "half-up", "sideways"]),
        "tiebreak": st.lists(st.sampled_from(["money", "highest-luxury", "nonsense"]), max_size=3, unique=True),
    },
)


def yaml_value(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_value(item) for item in value) + "]"
    return str(value)


@st.composite
def house_rules(draw) -> tuple[str, dict[str, str]]:
    """A house rule's text (extending either edition) and the `-o` values given with it."""
    # The Korean edition writes amounts in a currency's compact words (1억 600만 달러), the Japanese one plainly.
    lines = [f"extends: {draw(st.sampled_from(['high-society/ja', 'high-society/ko']))}"]
    if draw(st.booleans()):
        lines += [f"units: {{money: {{scale: {draw(st.sampled_from([1, 10**6, 10**12, 10**13]))}}}}}"]
    if draw(st.booleans()):
        values = draw(money_values)
        lines += [
            "cards:",
            "  - id: money",
            "    $replace: true",
            "    name: Money",
            "    tags: [money]",
            f"    values: [{', '.join(map(str, values))}]",
            "    count: {per-player: 1}",
        ]
    steps = []
    if draw(st.booleans()):
        steps.append(f"    - {{id: debt, amount: {draw(written_number)}}}")
    if draw(st.booleans()):
        steps.append(f"    - {{id: bonus, kind: add-per-card, tag: luxury, amount: {draw(written_number)}}}")
    if draw(st.booleans()):
        steps.append(f"    - {{id: titles, kind: multiply-per-card, tag: prestige, factor: {draw(written_number)}}}")
    if steps:
        lines += ["scoring:", "  steps:", *steps]
    if draw(st.booleans()):
        lines += [
            "end:",
            f"  - {{id: fourth-red, count: {draw(st.one_of(st.integers(-1, 6), st.integers(10**29, 10**31)))}}}",
        ]
    return with_options(draw, lines, options)


def with_options(draw, lines: list[str], options) -> tuple[str, dict[str, str]]:
    """A house rule's text, with options drawn from ``options`` in the file, and others drawn for `-o`."""
    in_file = draw(options)
    if in_file:
        lines = [*lines, "options:", *(f"  {name}: {yaml_value(value)}" for name, value in in_file.items())]
    on_command_line = {name: yaml_value(value).strip("[]").replace(" ", "") for name, value in draw(options).items()}
    return "\n".join(lines) + "\n", on_command_line


def accepted(tmp_path, text: str, overrides: dict[str, str]):
    """The house rule ``text`` with its ``-o`` values, loaded if validate and the options accept it (else None).

    A refusal must be located and worded; hypothesis' statistics count the
    rules refused and those played.
    """
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    problems = validate(str(path))
    assert all(d.location.file and d.message for d in problems)
    if problems:
        event("refused by validate")
        return None
    try:
        ruleset = load_ruleset(str(path), overrides or None)
    except CardrulesError as error:  # a bad -o value: refused with a message, before any game
        assert error.diagnostics and all(d.message for d in error.diagnostics)
        event("refused on -o")
        return None
    event("played")
    return ruleset


@PLAYS
@given(house_rules(), st.integers(0, 2**32))
def test_a_house_rule_that_validates_plays_to_the_end_and_is_scored_and_explained(tmp_path, rule, seed):
    ruleset = accepted(tmp_path, *rule)
    if ruleset is None:
        return
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(seed=seed)
    bots = [make_bot("heuristic", seed), make_bot("random", seed + 1), make_bot("random", seed + 2)]
    rng = random.Random(seed)
    for _ in range(10_000):
        if state.is_terminal():
            break
        player = state.current_player()
        choice = bots[player].choose(state.observation(player), state.legal_actions())
        state.apply_action(choice if rng.random() < 0.9 else state.legal_actions().sample(rng))
    assert state.is_terminal()
    result = state.result()
    assert all(isinstance(player.score, (int, Fraction)) for player in result.players)
    assert summarize_result(ruleset, result) and explain_result(ruleset, result)
    result.to_json()


# Bohnanza: the same promise for a game of fields and trades. Card counts stay small enough for a test to play
# (a bean of 10,000 copies validates and plays, for hours); the limits are crossed in the tables and options.
def mostly(valid, past_the_limits):
    """Values a house-rule author writes, now and then one at or past a limit (three times in four valid)."""
    return st.one_of(valid, valid, valid, past_the_limits)


bean_counts = mostly(st.integers(1, 40), st.sampled_from([0, 10_001, -1]))
meter = st.dictionaries(
    mostly(st.integers(1, 20), st.sampled_from([0, -1, 10**30 - 1, 10**30])),
    mostly(st.integers(1, 6), st.sampled_from([0, -2, 10**30 - 1, 10**30])),
    max_size=4,
)
bohnanza_options = st.fixed_dictionaries(
    {},
    optional={
        "third-field-price": mostly(st.one_of(st.none(), st.integers(0, 10)), st.sampled_from([-1, 10**30, "free"])),
        "offers-per-turn": mostly(st.integers(0, 5), st.sampled_from([-1, 10**6, 10**30])),
        "tiebreak": st.lists(mostly(st.just("hand"), st.just("nonsense")), max_size=2, unique=True),
    },
)


@st.composite
def bohnanza_house_rules(draw) -> tuple[str, dict[str, str]]:
    """A Bohnanza house rule's text (extending an edition) and the `-o` values given with it."""
    base = draw(st.sampled_from(["bohnanza/amigo", "bohnanza/rio-grande", "bohnanza/high-bohn"]))
    lines = [f"extends: {base}"]
    beans = draw(st.lists(st.sampled_from(["blue", "chili", "stink", "red"]), max_size=2, unique=True))
    if beans:
        lines.append("cards:")
        for bean in beans:
            table = draw(meter)
            lines.append(f"  - id: {bean}")
            if draw(st.booleans()):
                lines.append(f"    count: {draw(bean_counts)}")
            if table:
                lines.append("    tables: {meter: {" + ", ".join(f"{k}: {v}" for k, v in table.items()) + "}}")
    if draw(st.booleans()):
        lines += [
            "end:",
            f"  - {{id: final-exhaustion, count: {draw(mostly(st.integers(1, 4), st.sampled_from([0, -1, 10**6 + 1])))}}}",
        ]
    return with_options(draw, lines, bohnanza_options)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(bohnanza_house_rules(), st.integers(0, 2**32))
def test_a_bohnanza_house_rule_that_validates_plays_to_the_end(tmp_path, rule, seed):
    ruleset = accepted(tmp_path, *rule)
    if ruleset is None:
        return
    text = rule[0]
    players = max(ruleset.players_min, 3)
    game = Game(ruleset, ["Ann", "Bo", "Cy", "Di", "Ed"][:players])
    state = game.new_initial_state(seed=seed)
    bots = [make_bot("heuristic", seed)] + [make_bot("random", seed + seat) for seat in range(1, players)]
    for _ in range(50_000):
        if state.is_terminal():
            break
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    assert state.is_terminal(), text
    result = state.result()
    assert summarize_result(ruleset, result) and explain_result(ruleset, result)
    result.to_json()


def play_heuristic_game(ruleset, players: int = 3, seed: int = 1):
    """A whole game of one heuristic and random bots; the final state."""
    game = Game(ruleset, ["Ann", "Bo", "Cy", "Di", "Ed"][:players])
    state = game.new_initial_state(seed=seed)
    bots = [make_bot("heuristic", seed)] + [make_bot("random", seed + seat) for seat in range(1, players)]
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    return state


def test_a_payout_step_no_field_can_reach_costs_the_heuristic_nothing(tmp_path):
    """A beanometer step at 10^30 cards validates; the heuristic bot read its table as a list that long."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: bohnanza/amigo\ncards:\n  - id: stink\n"
        "    tables: {meter: {19: 1, 999999999999999999999999999999: 0}}\n",
        encoding="utf-8",
    )
    assert not validate(str(path))
    state = play_heuristic_game(load_ruleset(str(path)))
    assert state.result().winners


def test_twenty_money_values_play_without_tables_of_every_seats_copies(tmp_path):
    """20 values make 2^20 sets of money cards: per-seat tables of them (150 MB a seat) are not built."""
    from engine.families.auction.rules.bidding import MOST_TABULATED_TYPES, CopiesOnDemand
    from engine.fronts.bots.strategies.bidding import _SHARED_SETS_LIMIT, _SHARED_TABLES

    values = [10**14 + 7919 * index * index for index in range(20)]
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: high-society/ja\ncards:\n  - id: money\n    $replace: true\n    name: Money\n"
        f"    tags: [money]\n    values: [{', '.join(map(str, values))}]\n    count: {{per-player: 1}}\n",
        encoding="utf-8",
    )
    assert not validate(str(path))
    state = play_heuristic_game(load_ruleset(str(path)))
    space = state.game.space("bid")
    assert len(values) > MOST_TABULATED_TYPES and isinstance(space.own_copies(0), CopiesOnDemand)
    assert space.own_types(0) == {}
    # Every bid the game saw took the bidder's own copies, worked out on demand.
    copies = space.own_copies(1)
    assert all(copies[1 << position] == 1 << space.instances_by_type[position][1] for position in range(len(values)))
    assert sum(len(tables.sums) for tables in _SHARED_TABLES.values()) <= _SHARED_SETS_LIMIT
