"""Scoring explained like the rulebook's worked example."""

from __future__ import annotations

from fractions import Fraction

import locations
import pytest
from game_fixtures import sample_ruleset

from engine.base.formatting import format_factor
from engine.base.i18n import set_language
from engine.core.scoring import Holdings
from engine.core.scoring import score_players as score_holdings
from engine.families.catalog import load_ruleset
from engine.text.explain import explain_result, summarize_result


@pytest.fixture(autouse=True)
def english():
    set_language("en")


@pytest.fixture(scope="module")
def japanese():
    return load_ruleset("high-society/ja")


def score_players(ruleset, players):
    """Score ``(name, cards won, money in hand)`` seats as a table gives them."""
    return score_holdings(
        ruleset,
        [Holdings(name, tuple(cards), {"money": money}, {"won": tuple(cards)}) for name, cards, money in players],
    )


RULEBOOK_HAND = ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"]


def test_the_rulebook_example_reads_step_by_step_with_running_totals(japanese):
    result = score_players(japanese, [("Ann", RULEBOOK_HAND, 26000), ("Bo", ["luxury-1"], 5000), ("Cy", [], 1000)])
    lines = explain_result(japanese, result)
    assert lines[:7] == [
        "Ann: 26,000 in hand",
        "  Possession 3 + Possession 9 = 12",
        "  Gambling debt -5 = 7",
        "  Title x2 = 14",
        "  Title x2 = 28",
        "  Scandal x1/2 = 14",
        "  Score: 14",
    ]


def test_the_poorest_player_is_named_as_out(japanese):
    result = score_players(japanese, [("Ann", [], 3000), ("Bo", [], 1000), ("Cy", [], 1000)])
    assert "Bo and Cy are out, tied for the least money in hand (1,000)." in explain_result(japanese, result)


def test_when_everyone_is_poorest_nobody_wins(japanese):
    result = score_players(japanese, [("Ann", ["luxury-9"], 0), ("Bo", [], 0), ("Cy", [], 0)])
    lines = explain_result(japanese, result)
    assert lines[-1] == "Everyone is tied for the least money in hand (0): everyone is out and nobody wins."
    assert summarize_result(japanese, result)[-1] == "Nobody wins."


def test_a_tie_broken_by_money_says_so(japanese):
    result = score_players(
        japanese, [("Ann", ["luxury-5"], 20000), ("Bo", ["luxury-2", "luxury-3"], 25000), ("Cy", [], 1000)]
    )
    assert explain_result(japanese, result)[-2:] == [
        "Winner: Bo with 5.",
        "Ann and Bo tied on score; decided by most money in hand.",
    ]


def test_a_tie_left_after_every_tiebreak_is_a_shared_win(japanese):
    result = score_players(
        japanese, [("Ann", ["luxury-5"], 20000), ("Bo", ["luxury-2", "luxury-3"], 20000), ("Cy", [], 1000)]
    )
    assert explain_result(japanese, result)[-2:] == [
        "Winners: Ann and Bo with 5 each.",
        "Ann and Bo are still tied after every tiebreak and share the win.",
    ]


def test_the_korean_floor_is_shown_when_it_lifts_a_score():
    korean = load_ruleset("high-society/ko")
    result = score_players(korean, [("Ann", ["luxury-2", "debt", "prestige-1"], 10), ("Bo", [], 5), ("Cy", [], 1)])
    assert explain_result(korean, result)[1:6] == [
        "  Luxury 2 = 2",
        "  Gambling debt -5 = -3",
        "  raised to at least 0 = 0",
        "  Prestige x2 = 0",
        "  Score: 0",
    ]


def test_rounding_down_is_shown_when_it_changes_the_score():
    path = locations.REPO / "rulesets" / "high-society" / "house" / "forgiving.yaml"
    forgiving = load_ruleset(path)
    result = score_players(forgiving, [("Ann", ["luxury-7", "scandal"], 10), ("Bo", [], 5), ("Cy", [], 1)])
    lines = explain_result(forgiving, result)
    assert "  Tax evasion x1/2 = 3.5" in lines
    assert "  rounded down = 3" in lines


def test_every_explanation_ends_on_the_score_it_explains(japanese):
    result = score_players(
        japanese, [("Ann", RULEBOOK_HAND, 1), ("Bo", ["luxury-10", "prestige-3"], 2), ("Cy", ["debt"], 3)]
    )
    lines = explain_result(japanese, result)
    for player in result.players:
        start = lines.index(next(line for line in lines if line.startswith(player.name + ":")))
        score_line = next(line for line in lines[start:] if line.startswith("  Score:"))
        assert score_line == f"  Score: {player.score}"


@pytest.mark.parametrize("factor, text", [(Fraction(1, 2), "1/2"), (2, "2"), (Fraction(3, 2), "3/2")])
def test_factors_are_written_as_the_rules_write_them(factor, text):
    assert format_factor(factor) == text


def test_points_for_a_measure_are_shown_with_the_measure_s_name():
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "scoring:",
                "  steps:",
                "    - {id: money-points, kind: add-measure, measure: money, factor: 1/10000, rounding: floor}",
            ]
        )
    )
    result = score_players(ruleset, [("Ann", RULEBOOK_HAND, 26000), ("Bo", [], 5000), ("Cy", [], 1000)])
    lines = explain_result(ruleset, result)
    assert lines[5:8] == ["  Scandal x1/2 = 14", "  money in hand +2 = 16", "  Score: 16"]


def test_a_tie_broken_by_the_most_cards_of_a_kind_says_so():
    ruleset = sample_ruleset(
        tiebreak=("most-titles",),
        extra="\n".join(
            [
                "tiebreak-criteria:",
                "  most-titles: {kind: most-cards, tag: prestige, description: most titles held}",
                "option-definitions:",
                "  tiebreak: {values: [money, highest-luxury, most-titles]}",
            ]
        ),
    )
    result = score_players(
        ruleset, [("Ann", ["luxury-2", "prestige-1", "prestige-2"], 1000), ("Bo", ["luxury-8"], 9000), ("Cy", [], 500)]
    )
    assert explain_result(ruleset, result)[-2:] == [
        "Winner: Ann with 8.",
        "Ann and Bo tied on score; decided by most titles held.",
    ]


def test_with_ties_sole_nobody_tied_for_the_least_is_named_as_out():
    ruleset = sample_ruleset(extra="scoring:\n  elimination: {ties: sole}")
    result = score_players(ruleset, [("Ann", ["luxury-9"], 1000), ("Bo", [], 1000), ("Cy", [], 3000)])
    lines = explain_result(ruleset, result)
    assert not any("out" in line for line in lines) and lines[-1] == "Winner: Ann with 9."
