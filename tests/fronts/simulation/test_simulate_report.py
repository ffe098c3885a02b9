"""The simulation report on a tiny known case: every number checked by hand."""

from __future__ import annotations

import re
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simulate_helpers import KINDS, trading_summary

from engine.base import i18n
from engine.core.measures import measure_from_spec
from engine.fronts.simulation.report import findings, percent, points, reading_notes, render_report, summarize
from engine.fronts.simulation.stats import BatchTally, GameOutcome, wilson_interval


def game(
    winners, scores, *, eliminated=(False, False, False), money=(0, 0, 0), decided_by="score", rounds=12, actions=40
):
    """One game; ``money`` is what each seat has left, the measure the rulesets below report."""
    return GameOutcome(
        frozenset(winners),
        tuple(eliminated),
        tuple(Fraction(s) for s in scores),
        (("money", tuple(money)),),
        decided_by,
        rounds,
        actions,
    )


def made_up_ruleset(ruleset_id, options):
    """A ruleset as far as the report reads one: it reports the money a player has left, in plain numbers."""
    money = measure_from_spec(
        "money", {"sum": "value", "zones": ["hand"], "unit": "money", "name": "money in hand", "heading": "Money left"}
    )
    return SimpleNamespace(
        id=ruleset_id,
        options=options,
        tiebreak_criteria={},
        measures=(money,),
        measure=lambda name: {"money": money}[name],
        report=("money",),
        unit=lambda name=None: {"scale": 1, "style": "plain"},
        text_context="game",
    )


@pytest.fixture
def known_case():
    """Four deals under a baseline and a house rule.

    Baseline: the heuristic seat wins deals 0-2 alone; deal 3 is shared by the
    two random seats after every tiebreak. House rule: the heuristic seat wins
    deal 0 only; a random seat takes deals 1 and 2; nobody wins deal 3.
    """
    tally = BatchTally.empty(KINDS, 2)
    deals = [
        (game({0}, [14, 3, 2], money=(10, 20, 30)), game({0}, [14, 3, 2], money=(10, 20, 30))),
        (game({0}, ["7/2", 1, 0], money=(5, 5, 5), decided_by="money"), game({1}, [1, 9, 0], money=(5, 5, 5))),
        (
            game({0}, [20, 10, 5], eliminated=(False, False, True)),
            game({2}, [1, 2, 9], eliminated=(True, False, False)),
        ),
        (
            game({1, 2}, [0, 8, 8], decided_by=None, rounds=14, actions=60),
            game(set(), [0, 0, 0], eliminated=(True, True, True), decided_by=None, rounds=14, actions=60),
        ),
    ]
    for baseline, house in deals:
        tally.add_game([baseline, house])
    rulesets = [made_up_ruleset("game/base", {"floor": None}), made_up_ruleset("house/rule", {"floor": 0})]
    return rulesets, summarize(
        rulesets=rulesets, sources=["game/base", "rule.yaml"], seat_kinds=KINDS, games=4, seed=1, tally=tally
    )


def test_win_rates_count_shared_wins_for_each_sharer(known_case):
    _rulesets, summary = known_case
    baseline = summary["rulesets"][0]
    assert [seat["wins"]["count"] for seat in baseline["seats"]] == [3, 1, 1]
    assert [seat["sole_wins"]["count"] for seat in baseline["seats"]] == [3, 0, 0]
    assert baseline["seats"][0]["wins"]["rate"] == 0.75
    assert baseline["seats"][0]["wins"]["ci"] == [round(x, 6) for x in wilson_interval(3, 4)]
    # The two random seats pooled: 2 wins in 8 seat-games.
    assert baseline["kinds"][1] == {
        "kind": "random",
        "seats": 2,
        "wins": {"count": 2, "of": 8, "rate": 0.25, "ci": [round(x, 6) for x in wilson_interval(2, 8)]},
    }


def test_the_other_measures_of_the_known_case(known_case):
    _rulesets, summary = known_case
    baseline, house = summary["rulesets"]
    assert baseline["winning_score"]["histogram"] == {"3.5": 1, "8": 1, "14": 1, "20": 1}
    assert baseline["winning_score"]["mean"] == pytest.approx((3.5 + 8 + 14 + 20) / 4)
    assert baseline["decided_by"]["money"]["count"] == 1
    assert baseline["decided_by"]["shared"]["count"] == 1
    assert house["decided_by"]["no-winner"]["count"] == 1
    assert house["no_winner"]["count"] == 1 and baseline["no_winner"]["count"] == 0
    assert baseline["eliminated"] == {
        "count": 1,
        "of": 12,
        "rate": round(1 / 12, 6),
        "ci": [round(x, 6) for x in wilson_interval(1, 12)],
    }
    assert house["eliminated"]["count"] == 4
    assert baseline["mean_rounds"] == 12.5 and baseline["mean_actions"] == 45
    assert baseline["mean_measures"] == {"money": pytest.approx((60 + 15) / 12)}
    assert house["mean_measures"] == {"money": pytest.approx((60 + 15) / 12)}
    assert house["options"] == {"floor": 0}


def test_paired_differences_of_the_known_case(known_case):
    _rulesets, summary = known_case
    difference = summary["differences"][0]
    assert difference["baseline"] == "game/base" and difference["ruleset"] == "house/rule"
    heuristic = difference["seats"][0]
    # Per deal: 0, -1, -1, 0 -> mean -0.5, sample sd 0.57735.
    assert heuristic["difference"] == -0.5
    half_width = 1.959964 * (1 / 3) ** 0.5 / 2
    assert heuristic["ci"] == pytest.approx([-0.5 - half_width, -0.5 + half_width], abs=1e-5)
    assert heuristic["significant"] is False


def test_the_report_says_it_in_words_and_tables(known_case):
    rulesets, summary = known_case
    i18n.set_language("en")
    renderables = render_report(summary, rulesets)
    sentences = findings(summary)
    assert any("no clear difference in how often heuristic bots win" in sentence for sentence in sentences)
    assert any("Games without a winner: 0.0% under game/base, 25.0% under house/rule." == s for s in sentences)
    notes = reading_notes(summary)
    # A legend line per ruleset (the columns are lettered), the two tables, the findings and the notes.
    assert [str(line) for line in renderables[:2]] == ["A: game/base", "B: house/rule"]
    assert len(renderables) == 2 + 2 + len(sentences) + len(notes)
    assert notes[0].startswith("± is one standard deviation of the values over the games")
    intervals = sum(len(d["seats"]) + len(d["kinds"]) for d in summary["differences"])
    assert notes[1].startswith(f"Each 95% interval misses the true value once in 20: among the {intervals} intervals")
    # The reported measure gets a row of its own, headed as the ruleset words it: 75 / 12 = 6.25 each.
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(renderables[3])
    money_row = next(line for line in console.export_text().splitlines() if "Money left per player" in line)
    assert money_row.count("6.2") == 2


def test_percentages_and_points_follow_the_reader():
    i18n.set_language("en")
    assert percent(0.4062) == "40.6%"
    assert percent(0.0004) == "0.04%"
    assert points(0.0126) == "+1.3"
    assert points(-0.004) == "-0.40"
    i18n.set_language("ko")
    try:
        assert percent(0.5) == "50.0%"
    finally:
        i18n.set_language("en")


def test_a_reported_counter_is_given_per_game_and_per_round():
    _rulesets, summary = trading_summary()
    entry = summary["rulesets"][0]
    assert entry["mean_counters"] == {"trades": {"per_game": 10.5, "per_round": 0.35}}  # 21 / 2, 21 / 60
    assert entry["mean_rounds"] == 30 and entry["round_unit"] == "turn"
    assert entry["mean_measures"] == {"coins": 3.0}


def test_the_known_case_reports_no_counters_and_counts_rounds(known_case):
    _rulesets, summary = known_case
    assert summary["rulesets"][0]["mean_counters"] == {}
    # The made-up rulesets have no flow to tell turns from rounds: rounds.
    assert summary["rulesets"][0]["round_unit"] == "round"


@pytest.mark.parametrize(
    ("flow_kind", "length", "trades"),
    [("turns", "Turns per game", "Trades per turn"), ("repeat", "Rounds per game", "Trades per round")],
)
def test_the_table_counts_the_game_in_turns_or_rounds_as_its_flow_does(flow_kind, length, trades):
    from rich.console import Console

    i18n.set_language("en")
    rulesets, summary = trading_summary(flow_kind)
    console = Console(width=200, record=True)
    console.print(render_report(summary, rulesets)[1])
    rows = {
        line.split("│")[1].strip(): line.split("│")[2].strip()
        for line in console.export_text().splitlines()
        if line.startswith("│")
    }
    assert rows[length] == "30.0"
    # One format for the whole table: 0.35 trades per turn has one decimal, as 30.0 turns have.
    assert rows[trades] == "0.4"
    assert rows["Coins per player"] == "3.0"
    # Nobody is put out in a game without elimination: no row says "0.0% (0.0%–...)" about it.
    assert "Players eliminated" not in rows and "Games without a winner" not in rows


def test_the_tables_means_get_a_second_decimal_together_when_one_would_read_zero():
    from engine.fronts.simulation.report import mean_decimals

    assert mean_decimals([30.0, 1.18, 1194.6, None]) == 1
    assert mean_decimals([30.0, 0.04, 0.0]) == 2  # 0.04 would read 0.0: every mean of the table gets two


@given(st.lists(st.one_of(st.none(), st.floats(min_value=0, max_value=1e6)), max_size=8))
def test_every_mean_of_a_table_shows_the_same_number_of_decimals_and_no_small_mean_reads_zero(means):
    from engine.fronts.simulation.report import decimal, mean_decimals

    digits = mean_decimals(means)
    assert digits in (1, 2)
    shown = [decimal(value, digits) for value in means if value is not None and value < 1e13]
    assert len({len(text.rpartition(".")[2]) for text in shown}) <= 1
    if digits == 1:
        assert all(
            text != "0.0"
            for value, text in zip([v for v in means if v is not None and v < 1e13], shown)
            if value >= 0.05
        )


def test_the_elimination_rows_are_reported_for_rulesets_that_can_put_a_player_out(known_case):
    from engine.families.catalog import load_ruleset
    from engine.fronts.simulation.report import can_eliminate

    assert can_eliminate(load_ruleset("high-society/ja"))
    assert not can_eliminate(load_ruleset("bohnanza/amigo"))
    # The made-up rulesets declare no elimination, but their games put players out: the data shows it, so it is told.
    assert "Players eliminated" in tables_text(known_case)


def tables_text(known_case) -> str:
    """The report's tables as an English reader sees them, 200 columns wide."""
    from rich.console import Console
    from rich.table import Table

    rulesets, summary = known_case
    i18n.set_language("en")
    console = Console(width=200, record=True)
    for renderable in render_report(summary, rulesets):
        if isinstance(renderable, Table):
            console.print(renderable)
    return console.export_text()


def test_every_percentage_and_difference_in_the_tables_has_one_decimal(known_case):
    text = tables_text(known_case)
    assert re.findall(r"\d%", text)
    assert not re.findall(r"\d\.\d\d+%", text)  # never 0.33% beside 98.3%
    assert not re.findall(r"[+-]\d+\.\d\d+\b", text)
    assert percent(0.0033) == "0.33%" and percent(0.0033, 1) == "0.3%"  # sentences keep the second decimal


@pytest.mark.parametrize("width", [60, 80, 100])
@pytest.mark.parametrize("language", ["en", "ja", "ko"])
def test_tables_fit_the_terminal_and_never_cut_a_number(known_case, width, language):
    """Many rulesets side by side: the table is split by columns (row labels repeated), never a number cut."""
    from rich.cells import cell_len
    from rich.console import Console

    rulesets, summary = known_case
    # Four compared rulesets: the same figures under four names, three differences against the first.
    many = dict(summary)
    many["rulesets"] = [
        dict(summary["rulesets"][index % 2], ruleset=f"house/variant-number-{index}") for index in range(4)
    ]
    many["differences"] = [
        dict(summary["differences"][0], ruleset=f"house/variant-number-{index}", baseline="house/variant-number-0")
        for index in range(1, 4)
    ]

    def printed(at: int) -> str:
        console = Console(width=at, record=True, color_system=None)
        for renderable in render_report(many, [rulesets[index % 2] for index in range(4)], width=at):
            console.print(renderable)
        return console.export_text()

    i18n.set_language(language)
    try:
        text, wide = printed(width), printed(1000)
    finally:
        i18n.set_language("en")
    assert max(cell_len(line) for line in text.splitlines()) <= width
    assert re.search(r"^A\s*[:：]\s*house/variant-number-0$", text, re.M)
    assert re.search(r"^D\s*[:：]\s*house/variant-number-3$", text, re.M)
    # The numbers of one wide table, each whole: a number folded over two lines would read as two new ones
    # (the split tables repeat their row labels, so numbers are compared as sets).
    number = re.compile(r"[+-]?\d[\d,]*(?:\.\d+)?%?")
    assert set(number.findall(text)) == set(number.findall(wide))


def test_a_measures_plain_means_show_one_decimal_in_every_column(known_case):
    """The money left (plain numbers) reads 16.7 in one column and 15.0 in the other, never 15 beside 16.7."""
    [row] = [line for line in tables_text(known_case).splitlines() if "Money left per player" in line]
    cells = [cell.strip() for cell in row.split("│")[2:-1]]
    assert cells and all(re.fullmatch(r"\d[\d,]*\.\d", cell) for cell in cells), row


@pytest.mark.parametrize(
    ("mean", "shown"),
    [
        (74.6, "$74.6 million"),
        (1e15 + 0.0000096, "$1,000,000,000 trillion"),
        (316666666666666.67, "$316,666,666.7 trillion"),
    ],
)
def test_a_mean_in_a_currencys_words_keeps_a_tenth_of_its_word_and_no_float_noise(mean, shown):
    from engine.families.catalog import load_ruleset
    from engine.fronts.simulation.report import _mean_amounts

    i18n.set_language("en")
    korean = load_ruleset("high-society/ko")  # money in millions of dollars, in words
    assert _mean_amounts([korean], "money", [mean]) == [shown]


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e60, max_value=1e60))
def test_a_mean_or_spread_shows_only_the_digits_a_float_holds(value):
    """Every digit printed is the float's own: its repr's digits rounded to the places shown, at most 15
    significant ones, and never a zero standing for a digit the float does not hold (scientific from 10**15)."""
    from decimal import ROUND_HALF_EVEN, Context, Decimal

    from engine.fronts.simulation.report import decimal

    i18n.set_language("en")
    shown = decimal(value)
    own = Decimal(repr(value))
    printed = Decimal(shown.replace(",", ""))
    if "E" in shown:
        assert abs(value) >= 1e15 - 1, shown
        # Parsed back: the repr's digits rounded to 15 significant ones, the mantissa without trailing zeros.
        assert printed == Context(prec=15, rounding=ROUND_HALF_EVEN).plus(own), shown
        assert not shown.split("E")[0].endswith("0") or "." not in shown, shown
    else:
        whole, _, decimals = shown.lstrip("-").replace(",", "").partition(".")
        # At most 15 significant digits (a carry may round 999,999,999,999,999.9 up to 1,000,000,000,000,000).
        assert len((whole + decimals).lstrip("0").rstrip("0")) <= 15, shown
        assert printed == own.quantize(Decimal(1).scaleb(-len(decimals)), rounding=ROUND_HALF_EVEN), shown


def test_a_mean_past_the_floats_digits_is_written_in_scientific_notation_without_invented_zeros():
    """The audit's 30-digit scores: 5,166,666,666,666,670,000,000,000,000,000 read as an exact mean."""
    from engine.fronts.simulation.report import decimal

    i18n.set_language("en")
    assert decimal(5.166666666666667e30) == "5.16666666666667E30"
    assert decimal(1e15) == "1E15"
    assert decimal(999999999999999.4) == "999,999,999,999,999"
    assert decimal(123456789012345.6) == "123,456,789,012,346"
    i18n.set_language("ja")
    try:
        assert decimal(-2.5e20) == "-2.5E20"
    finally:
        i18n.set_language("en")


def test_a_mean_of_a_thousand_trillion_units_of_a_trillion_shows_no_float_noise(tmp_path):
    """Money values near 10**15 in units of 10**12 dollars: the mean's float cannot hold a tenth."""
    from engine.families.catalog import load_ruleset
    from engine.fronts.simulation.report import _mean_amounts

    i18n.set_language("en")
    house = tmp_path / "big.yaml"
    house.write_text(
        "extends: high-society/ko\nid: house/big\nunits: {money: {scale: 1000000000000}}\n", encoding="utf-8"
    )
    ruleset = load_ruleset(str(house))
    assert _mean_amounts([ruleset], "money", [1912499999999830.2]) == ["$1,912,499,999,999,830 trillion"]
    assert _mean_amounts([ruleset], "money", [19.7]) == ["$19.7 trillion"]


@pytest.mark.parametrize("language", ["en", "ja", "ko"])
def test_a_finding_writes_an_interval_as_the_table_row_for_the_same_difference_does(known_case, language):
    import copy

    rulesets, summary = known_case
    # An interval under a hundredth (the audit's -0.46 to +0.46, which the table rounds to -0.5 to +0.5).
    summary = copy.deepcopy(summary)
    for kind in summary["differences"][0]["kinds"]:
        kind.update(difference=-0.0001, ci=(-0.0046, 0.0046), significant=False)
    i18n.set_language(language)
    try:
        text, sentences = tables_text_in((rulesets, summary), language), findings(summary)
    finally:
        i18n.set_language("en")
    # The kind rows of the table hold each difference as "d (low to high)"; a sentence quotes the same low and high.
    number = r"[+-]\d+(?:\.\d+)?"
    quoted = [re.search(rf"({number})\s*(?:to|〜|~)\s*({number})", sentence) for sentence in sentences]
    quoted = [match for match in quoted if match]
    assert quoted
    cells = re.findall(rf"\(\s*({number})\s*(?:to|〜|~)\s*({number})\s*\)|（({number})〜({number})）", text)
    pairs = {(a or c, b or d) for a, b, c, d in cells}
    for match in quoted:
        assert match.groups() in pairs, (match.group(0), pairs)
    assert ("-0.5", "+0.5") in {match.groups() for match in quoted}


def tables_text_in(known_case, language: str) -> str:
    """The report's tables as a reader of ``language`` sees them, 200 columns wide (language already set)."""
    from rich.console import Console
    from rich.table import Table

    rulesets, summary = known_case
    console = Console(width=200, record=True)
    for renderable in render_report(summary, rulesets):
        if isinstance(renderable, Table):
            console.print(renderable)
    return console.export_text()


def test_a_mean_the_formatter_rounds_to_zero_gets_the_second_decimal():
    # 0.05 is written 0.0 by the reader's notation (half to even): the table then shows 0.05.
    from engine.fronts.simulation.report import decimal, mean_decimals

    assert decimal(0.05, 1) == "0.0"
    assert mean_decimals([0.05, 3.0]) == 2
