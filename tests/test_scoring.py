"""Scoring whole tables: the rulebook's example, the editions' rulings, elimination and tiebreaks."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.result import score_from_json, score_to_json
from engine.scoring import score_players
from game_fixtures import sample_ruleset, shipped

JA = sample_ruleset()
KO = sample_ruleset(debt_floor=0, tiebreak=("highest-luxury",))

EXAMPLE = ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"]


def test_the_rulebook_example_scores_fourteen():
    # race horse 3 + castle 9 = 12; debt -5 = 7; x2 = 14; x2 = 28; scandal x1/2 = 14
    result = score_players(JA, [("Ann", EXAMPLE, 26000), ("Bo", ["luxury-10"], 12000), ("Cy", [], 1000)])
    ann = result.player("Ann")
    assert ann.score == 14
    assert [(step.step_id, step.before, step.after) for step in ann.explanation] == [
        ("luxuries", 0, 12), ("debt", 12, 7), ("debt-floor", 7, 7), ("prestige", 7, 28),
        ("scandal", 28, 14), ("rounding", 14, 14)]
    assert result.winners == ("Ann",) and result.decided_by == "score"


def test_the_rulebook_example_with_the_shipped_japanese_edition():
    result = score_players(shipped("high-society/ja"), [("Ann", EXAMPLE, 26000), ("Bo", [], 1000), ("Cy", [], 2000)])
    assert result.player("Ann").score == 14


def test_korean_edition_a_debt_below_zero_counts_as_zero():
    holdings = [("Ann", ["luxury-2", "debt", "prestige-1"], 9), ("Bo", ["luxury-1"], 5), ("Cy", [], 1)]
    assert score_players(KO, holdings).player("Ann").score == 0
    assert score_players(JA, holdings).player("Ann").score == -6


def test_korean_floor_in_the_shipped_edition():
    result = score_players(shipped("high-society/ko"), [("Ann", ["luxury-2", "debt"], 9), ("Bo", [], 5), ("Cy", [], 1)])
    assert result.player("Ann").score == 0


def test_halving_is_exact():
    result = score_players(JA, [("Ann", ["luxury-7", "scandal"], 3000), ("Bo", [], 1000), ("Cy", [], 2000)])
    assert result.player("Ann").score == Fraction(7, 2)
    assert result.to_json()["players"][0]["score"] == 3.5


def test_the_poorest_player_is_out_and_cannot_win_even_with_the_best_score():
    result = score_players(JA, [("Ann", ["luxury-10"], 1000), ("Bo", ["luxury-2"], 5000), ("Cy", ["luxury-1"], 4000)])
    assert result.player("Ann").eliminated and result.player("Ann").score == 10
    assert result.winners == ("Bo",)


def test_all_tied_for_least_money_nobody_wins():
    result = score_players(JA, [("Ann", ["luxury-10"], 3000), ("Bo", ["luxury-2"], 3000), ("Cy", [], 3000)])
    assert all(player.eliminated for player in result.players)
    assert result.winners == () and result.decided_by is None
    assert result.to_json()["winners"] == []


def test_japanese_tie_goes_to_the_most_money():
    result = score_players(JA, [("Ann", ["luxury-5"], 9000), ("Bo", ["luxury-5"], 12000), ("Cy", [], 1000)])
    assert result.winners == ("Bo",) and result.decided_by == "money"


def test_korean_tie_goes_to_the_highest_luxury_card():
    result = score_players(KO, [("Ann", ["luxury-9"], 9), ("Bo", ["luxury-4", "luxury-5"], 12), ("Cy", [], 1)])
    assert result.winners == ("Ann",) and result.decided_by == "highest-luxury"


def test_tiebreaks_apply_in_the_order_the_option_gives():
    ruleset = sample_ruleset(tiebreak=("highest-luxury", "money"))
    same_card = [("Ann", ["luxury-9", "prestige-1"], 9000), ("Bo", ["luxury-9", "prestige-2"], 12000), ("Cy", [], 1)]
    result = score_players(ruleset, same_card)
    assert result.winners == ("Bo",) and result.decided_by == "money"


def test_ties_left_after_every_tiebreak_share_the_win():
    result = score_players(JA, [("Ann", ["luxury-5"], 9000), ("Bo", ["luxury-5"], 9000), ("Cy", [], 1000)])
    assert result.winners == ("Ann", "Bo") and result.decided_by is None


def test_without_elimination_the_poorest_can_win():
    ruleset = sample_ruleset(eliminate=False)
    result = score_players(ruleset, [("Ann", ["luxury-10"], 1000), ("Bo", ["luxury-2"], 5000), ("Cy", [], 4000)])
    assert result.winners == ("Ann",)


def test_rounding_floor_rounds_the_final_score_down():
    ruleset = sample_ruleset(rounding="floor")
    result = score_players(ruleset, [("Ann", ["luxury-7", "scandal"], 3000), ("Bo", [], 1000), ("Cy", [], 2000)])
    assert result.player("Ann").score == 3


def test_result_json_is_the_contract_form():
    result = score_players(JA, [("Ann", EXAMPLE, 26000), ("Bo", ["luxury-10"], 12000), ("Cy", [], 1000)])
    assert result.to_json() == {
        "ruleset": JA.id,
        "players": [
            {"name": "Ann", "money": 26000, "eliminated": False, "score": 14, "cards": EXAMPLE},
            {"name": "Bo", "money": 12000, "eliminated": False, "score": 10, "cards": ["luxury-10"]},
            {"name": "Cy", "money": 1000, "eliminated": True, "score": 0, "cards": []},
        ],
        "winners": ["Ann"],
    }


@pytest.mark.parametrize("score, expected", [
    (Fraction(14), 14), (Fraction(7, 2), 3.5), (Fraction(7, 3), "7/3"), (Fraction(-5, 4), -1.25),
    (Fraction(1, 3), "1/3"), (Fraction(0), 0), (Fraction(1, 1024), 0.0009765625),
])
def test_scores_in_json_are_exact(score, expected):
    assert score_to_json(score) == expected
    assert type(score_to_json(score)) is type(expected)
    assert score_from_json(score_to_json(score)) == score
