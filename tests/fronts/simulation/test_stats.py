"""The statistics behind `cardrules simulate`: intervals against published values, exact merging."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fronts.simulation.stats import (
    BatchTally,
    GameOutcome,
    PairedTally,
    RulesetTally,
    mean_and_sd,
    mean_interval,
    wilson_interval,
)


# Newcombe (1998), "Two-sided confidence intervals for the single proportion",
# Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score, no continuity correction).
@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
        # The textbook small cases.
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_matches_the_published_values(successes, trials, low, high):
    interval = wilson_interval(successes, trials)
    assert interval is not None
    assert interval[0] == pytest.approx(low, abs=5e-5)
    assert interval[1] == pytest.approx(high, abs=5e-5)


def test_no_trials_means_no_interval():
    assert wilson_interval(0, 0) is None


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=10_000).flatmap(
        lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
    )
)
def test_a_wilson_interval_stays_in_zero_to_one_and_holds_the_observed_rate(case):
    successes, trials = case
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0


def test_a_paired_difference_interval_is_mean_plus_or_minus_z_sd_over_root_n():
    differences = [1, 0, 0, -1, 1, 1, 0, 0, 0, 1]
    summary = mean_interval(sum(differences), sum(d * d for d in differences), len(differences))
    mean = sum(differences) / len(differences)
    sd = math.sqrt(sum((d - mean) ** 2 for d in differences) / (len(differences) - 1))
    assert summary.mean == pytest.approx(0.3)
    assert summary.sd == pytest.approx(sd)
    assert summary.low == pytest.approx(mean - 1.959964 * sd / math.sqrt(10), abs=1e-6)
    assert summary.high == pytest.approx(mean + 1.959964 * sd / math.sqrt(10), abs=1e-6)


def test_a_single_value_has_a_mean_but_no_spread():
    summary = mean_interval(3, 9, 1)
    assert summary.mean == 3 and summary.sd is None and summary.low is None


def test_mean_and_sd_of_a_score_histogram_are_exact_until_the_end():
    mean, sd = mean_and_sd({Fraction(7, 2): 2, Fraction(14): 1, Fraction(-10): 1})
    assert mean == pytest.approx((3.5 + 3.5 + 14 - 10) / 4)
    assert sd == pytest.approx(math.sqrt(sum((x - mean) ** 2 for x in (3.5, 3.5, 14, -10)) / 3))


def outcome(
    winners,
    scores,
    eliminated=None,
    decided_by="score",
    money=(0, 0, 0),
    rounds=10,
    actions=40,
    measures=None,
    counters=(),
):
    """One finished game; ``money`` is the money each seat has left (the measure a High Society ruleset
    reports), ``measures`` replaces it with any other reported measures; ``counters`` are the reported
    counters' final values."""
    if measures is None:
        measures = (("money", tuple(money)),)
    return GameOutcome(
        frozenset(winners),
        tuple(eliminated or [False] * len(scores)),
        tuple(Fraction(s) for s in scores),
        tuple(measures),
        decided_by if winners else None,
        rounds,
        actions,
        tuple(counters),
    )


def test_a_shared_win_counts_for_each_sharer_but_is_nobodys_sole_win():
    tally = RulesetTally(("heuristic", "random", "random"))
    tally.add(outcome({0, 2}, [12, 5, 12], decided_by=None))
    tally.add(outcome({0}, [12, 5, 12], decided_by="money"))
    tally.add(outcome({1}, [3, 9, 4]))
    assert tally.wins == [2, 1, 1]
    assert tally.sole_wins == [1, 1, 0]
    assert tally.kind_wins("random") == 2
    assert tally.decided_by == {"shared": 1, "money": 1, "score": 1}
    assert tally.winning_scores == {Fraction(12): 2, Fraction(9): 1}


def test_a_game_where_everyone_is_the_poorest_has_no_winner():
    tally = RulesetTally(("random",) * 3)
    tally.add(outcome(set(), [4, 4, 4], eliminated=[True, True, True], money=(5, 5, 5)))
    assert tally.games_without_winner == 1
    assert tally.eliminated == 3 and tally.player_games == 3
    assert tally.decided_by == {"no-winner": 1}
    assert tally.measure_totals == {"money": 15}


def test_every_reported_measure_is_summed_over_every_player_exactly():
    tally = RulesetTally(("random",) * 3)
    tally.add(outcome({0}, [4, 2, 1], measures=(("money", (5, 0, 7)), ("titles", (1, 0, 2)))))
    tally.add(outcome({1}, [1, 6, 1], measures=(("money", (0, 3, 0)), ("titles", (Fraction(1, 2), 0, 0)))))
    assert tally.measure_totals == {"money": 15, "titles": Fraction(7, 2)}
    assert isinstance(tally.measure_totals["titles"], Fraction)


def test_a_reported_counter_is_summed_over_the_games_with_the_rounds_they_took():
    tally = RulesetTally(("random",) * 3)
    tally.add(outcome({0}, [4, 2, 1], rounds=40, counters=(("trades", 31),)))
    tally.add(outcome({1}, [1, 6, 1], rounds=52, counters=(("trades", 45),)))
    assert tally.counter_totals == {"trades": 76}
    assert tally.rounds == 92
    other = RulesetTally(("random",) * 3)
    other.add(outcome({2}, [0, 0, 3], rounds=8, counters=(("trades", 4),)))
    tally.merge(other)
    assert tally.counter_totals == {"trades": 80} and tally.rounds == 100


def test_paired_differences_compare_the_same_deal_under_two_rulesets():
    paired = PairedTally(("heuristic", "random", "random"))
    paired.add(outcome({1}, [0, 9, 0]), outcome({0}, [9, 0, 0]))
    paired.add(outcome({0}, [9, 0, 0]), outcome({0}, [9, 0, 0]))
    assert paired.seat_sum == [-1, 1, 0]
    assert paired.seat_sum_of_squares == [1, 1, 0]
    assert paired.seat_difference(0).mean == pytest.approx(-0.5)
    # The two random seats together: one more of them won in the first game, out of two seats.
    assert paired.kind_difference("random").mean == pytest.approx(0.25)


game_outcomes = st.builds(
    lambda winners, scores, eliminated, rounds, money, titles, trades: outcome(
        winners,
        scores,
        eliminated,
        rounds=rounds,
        measures=(("money", tuple(money)), ("titles", tuple(titles))),
        counters=(("trades", trades),),
    ),
    st.sets(st.integers(min_value=0, max_value=2), max_size=3),
    st.lists(st.fractions(min_value=-20, max_value=80, max_denominator=4), min_size=3, max_size=3),
    st.lists(st.booleans(), min_size=3, max_size=3),
    st.integers(min_value=1, max_value=16),
    st.lists(st.integers(min_value=0, max_value=106), min_size=3, max_size=3),
    st.lists(st.fractions(min_value=0, max_value=4, max_denominator=3), min_size=3, max_size=3),
    st.integers(min_value=0, max_value=200),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(game_outcomes, game_outcomes), max_size=30), st.data())
def test_tallies_merge_to_the_same_numbers_however_the_games_are_split(games, data):
    kinds = ("heuristic", "random", "random")
    whole = BatchTally.empty(kinds, 2)
    for pair in games:
        whole.add_game(pair)
    cut_points = sorted(data.draw(st.lists(st.integers(min_value=0, max_value=len(games)), max_size=4)))
    pieces = []
    start = 0
    for end in [*cut_points, len(games)]:
        piece = BatchTally.empty(kinds, 2)
        for pair in games[start:end]:
            piece.add_game(pair)
        pieces.append(piece)
        start = end
    merged = BatchTally.empty(kinds, 2)
    for piece in reversed(pieces):
        merged.merge(piece)
    assert merged == whole
