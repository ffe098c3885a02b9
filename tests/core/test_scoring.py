"""Scoring whole tables: the rulebook's example, the editions' rulings, elimination and tiebreaks."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType

import pytest
from game_fixtures import sample_ruleset, shipped

from engine.core.result import score_from_json, score_to_json
from engine.core.scoring import Holdings, Scoring, score_players

JA = sample_ruleset()
KO = sample_ruleset(debt_floor=0, tiebreak=("highest-luxury",))

EXAMPLE = ["luxury-3", "luxury-9", "debt", "prestige-1", "prestige-2", "scandal"]


def seat(name: str, cards, money: int) -> Holdings:
    """A player's holdings as a table gives them: the cards won and the money left in hand."""
    return Holdings(name, tuple(cards), {"money": money}, MappingProxyType({"won": tuple(cards)}))


def score(ruleset, *players):
    return score_players(ruleset, [seat(*player) for player in players])


def test_the_rulebook_example_scores_fourteen():
    # race horse 3 + castle 9 = 12; debt -5 = 7; x2 = 14; x2 = 28; scandal x1/2 = 14
    result = score(JA, ("Ann", EXAMPLE, 26000), ("Bo", ["luxury-10"], 12000), ("Cy", [], 1000))
    ann = result.player("Ann")
    assert ann.score == 14
    assert [(step.step_id, step.before, step.after) for step in ann.explanation] == [
        ("luxuries", 0, 12),
        ("debt", 12, 7),
        ("debt-floor", 7, 7),
        ("prestige", 7, 28),
        ("scandal", 28, 14),
        ("rounding", 14, 14),
    ]
    assert result.winners == ("Ann",) and result.decided_by == "score"


def test_the_rulebook_example_with_the_shipped_japanese_edition():
    result = score(shipped("high-society/ja"), ("Ann", EXAMPLE, 26000), ("Bo", [], 1000), ("Cy", [], 2000))
    assert result.player("Ann").score == 14


def test_korean_edition_a_debt_below_zero_counts_as_zero():
    holdings = [("Ann", ["luxury-2", "debt", "prestige-1"], 9), ("Bo", ["luxury-1"], 5), ("Cy", [], 1)]
    assert score(KO, *holdings).player("Ann").score == 0
    assert score(JA, *holdings).player("Ann").score == -6


def test_korean_floor_in_the_shipped_edition():
    result = score(shipped("high-society/ko"), ("Ann", ["luxury-2", "debt"], 9), ("Bo", [], 5), ("Cy", [], 1))
    assert result.player("Ann").score == 0


def test_halving_is_exact():
    result = score(JA, ("Ann", ["luxury-7", "scandal"], 3000), ("Bo", [], 1000), ("Cy", [], 2000))
    assert result.player("Ann").score == Fraction(7, 2)
    assert result.to_json()["players"][0]["score"] == 3.5


def test_the_poorest_player_is_out_and_cannot_win_even_with_the_best_score():
    result = score(JA, ("Ann", ["luxury-10"], 1000), ("Bo", ["luxury-2"], 5000), ("Cy", ["luxury-1"], 4000))
    assert result.player("Ann").eliminated and result.player("Ann").score == 10
    assert result.winners == ("Bo",)


def test_all_tied_for_least_money_nobody_wins():
    result = score(JA, ("Ann", ["luxury-10"], 3000), ("Bo", ["luxury-2"], 3000), ("Cy", [], 3000))
    assert all(player.eliminated for player in result.players)
    assert result.winners == () and result.decided_by is None
    assert result.to_json()["winners"] == []


def test_japanese_tie_goes_to_the_most_money():
    result = score(JA, ("Ann", ["luxury-5"], 9000), ("Bo", ["luxury-5"], 12000), ("Cy", [], 1000))
    assert result.winners == ("Bo",) and result.decided_by == "money"


def test_korean_tie_goes_to_the_highest_luxury_card():
    result = score(KO, ("Ann", ["luxury-9"], 9), ("Bo", ["luxury-4", "luxury-5"], 12), ("Cy", [], 1))
    assert result.winners == ("Ann",) and result.decided_by == "highest-luxury"


def test_tiebreaks_apply_in_the_order_the_option_gives():
    ruleset = sample_ruleset(tiebreak=("highest-luxury", "money"))
    result = score(
        ruleset, ("Ann", ["luxury-9", "prestige-1"], 9000), ("Bo", ["luxury-9", "prestige-2"], 12000), ("Cy", [], 1)
    )
    assert result.winners == ("Bo",) and result.decided_by == "money"


def test_ties_left_after_every_tiebreak_share_the_win():
    result = score(JA, ("Ann", ["luxury-5"], 9000), ("Bo", ["luxury-5"], 9000), ("Cy", [], 1000))
    assert result.winners == ("Ann", "Bo") and result.decided_by is None


def test_without_elimination_the_poorest_can_win():
    ruleset = sample_ruleset(eliminate=False)
    result = score(ruleset, ("Ann", ["luxury-10"], 1000), ("Bo", ["luxury-2"], 5000), ("Cy", [], 4000))
    assert result.winners == ("Ann",)


def test_rounding_floor_rounds_the_final_score_down():
    ruleset = sample_ruleset(rounding="floor")
    result = score(ruleset, ("Ann", ["luxury-7", "scandal"], 3000), ("Bo", [], 1000), ("Cy", [], 2000))
    assert result.player("Ann").score == 3


def test_result_json_is_the_contract_form():
    result = score(JA, ("Ann", EXAMPLE, 26000), ("Bo", ["luxury-10"], 12000), ("Cy", [], 1000))
    assert result.to_json() == {
        "ruleset": JA.id,
        "players": [
            {"name": "Ann", "money": 26000, "eliminated": False, "score": 14, "cards": EXAMPLE},
            {"name": "Bo", "money": 12000, "eliminated": False, "score": 10, "cards": ["luxury-10"]},
            {"name": "Cy", "money": 1000, "eliminated": True, "score": 0, "cards": []},
        ],
        "winners": ["Ann"],
    }
    # The fields come in the order the ruleset's `result` lists them.
    assert list(result.to_json()["players"][0]) == ["name", "money", "eliminated", "score", "cards"]


def test_a_player_s_measures_are_in_the_result():
    result = score(JA, ("Ann", EXAMPLE, 26000), ("Bo", ["luxury-10"], 12000), ("Cy", [], 1000))
    assert result.player("Ann").measure("money") == 26000 and result.player("Cy").measure("money") == 1000
    assert result.player("Bo").zones == {"won": ("luxury-10",)}


def test_scoring_a_table_and_score_players_agree():
    players = [seat("Ann", EXAMPLE, 26000), seat("Bo", ["luxury-10"], 12000), seat("Cy", [], 1000)]
    assert Scoring(JA).score(players) == score_players(JA, players)


@pytest.mark.parametrize(
    "score, expected",
    [
        (Fraction(14), 14),
        (Fraction(7, 2), 3.5),
        (Fraction(7, 3), "7/3"),
        (Fraction(-5, 4), -1.25),
        (Fraction(1, 3), "1/3"),
        (Fraction(0), 0),
        (Fraction(1, 1024), 0.0009765625),
    ],
)
def test_scores_in_json_are_exact(score, expected):
    assert score_to_json(score) == expected
    assert type(score_to_json(score)) is type(expected)
    assert score_from_json(score_to_json(score)) == score


MOST_TITLES = "\n".join(
    [
        "tiebreak-criteria:",
        "  most-titles: {kind: most-cards, tag: prestige, description: most titles held}",
        "option-definitions:",
        "  tiebreak: {values: [money, highest-luxury, most-titles]}",
    ]
)


def test_a_tie_can_go_to_the_most_cards_of_a_kind():
    ruleset = sample_ruleset(tiebreak=("most-titles", "money"), extra=MOST_TITLES)
    result = score(
        ruleset, ("Ann", ["luxury-2", "prestige-1", "prestige-2"], 1000), ("Bo", ["luxury-8"], 9000), ("Cy", [], 500)
    )
    assert result.player("Ann").score == result.player("Bo").score == 8
    assert result.winners == ("Ann",) and result.decided_by == "most-titles"


def test_with_ties_sole_a_tie_for_the_least_money_puts_nobody_out():
    ruleset = sample_ruleset(extra="scoring:\n  elimination: {ties: sole}")
    tied = score(ruleset, ("Ann", ["luxury-10"], 1000), ("Bo", ["luxury-2"], 1000), ("Cy", [], 4000))
    assert not any(player.eliminated for player in tied.players) and tied.winners == ("Ann",)
    single = score(ruleset, ("Ann", ["luxury-10"], 1000), ("Bo", ["luxury-2"], 2000), ("Cy", [], 4000))
    assert [player.eliminated for player in single.players] == [True, False, False] and single.winners == ("Bo",)


def test_money_left_can_score_points():
    ruleset = sample_ruleset(
        extra="\n".join(
            [
                "scoring:",
                "  steps:",
                "    - {id: money-points, kind: add-measure, measure: money, factor: 1/10000, rounding: floor}",
            ]
        )
    )
    result = score(ruleset, ("Ann", EXAMPLE, 26000), ("Bo", ["luxury-10"], 9999), ("Cy", [], 1000))
    assert result.player("Ann").score == 16 and result.player("Bo").score == 10
    assert result.player("Ann").explanation[-1].step_id == "money-points"
