"""House rules players ask for, each a small YAML file in rulesets/high-society/house/, proven to do what they say."""

from __future__ import annotations

import json

import pytest
from cli_helpers import cardrules
from game_fixtures import REPO, deck_with_top, hs_hand, hs_mask, hs_spent

import engine
from engine.core.scoring import Holdings, Scoring
from engine.families.auction.rules.bidding import PASS

HOUSE = REPO / "rulesets" / "high-society" / "house"


def ruleset(name: str) -> engine.language.ruleset.Ruleset:
    return engine.load_ruleset(HOUSE / f"{name}.yaml")


def holdings(name: str, cards: list[str], money: int) -> Holdings:
    return Holdings(name, tuple(cards), {"money": money}, {"won": tuple(cards)})


def test_with_sole_poorest_a_tie_for_the_least_money_puts_nobody_out():
    scoring = Scoring(ruleset("sole-poorest"))
    tied = scoring.score(
        [holdings("Ann", ["luxury-3"], 1000), holdings("Bo", ["luxury-4"], 1000), holdings("Cy", ["luxury-9"], 9000)]
    )
    assert [p.eliminated for p in tied.players] == [False, False, False]
    alone = scoring.score(
        [holdings("Ann", ["luxury-3"], 1000), holdings("Bo", ["luxury-4"], 2000), holdings("Cy", ["luxury-9"], 9000)]
    )
    assert [p.eliminated for p in alone.players] == [True, False, False]


def test_the_edition_itself_still_puts_out_everyone_tied_for_the_least():
    scoring = Scoring(engine.load_ruleset("high-society/ja"))
    tied = scoring.score(
        [holdings("Ann", ["luxury-3"], 1000), holdings("Bo", ["luxury-4"], 1000), holdings("Cy", ["luxury-9"], 9000)]
    )
    assert [p.eliminated for p in tied.players] == [True, True, False]


def test_with_money_scores_every_full_ten_thousand_in_hand_is_a_point_added_after_the_multipliers():
    scoring = Scoring(ruleset("money-scores"))
    result = scoring.score(
        [holdings("Ann", ["luxury-3", "prestige-1"], 25000), holdings("Bo", [], 9000), holdings("Cy", [], 30000)]
    )
    # (3 x 2) + 2 points for 25,000; Bo's 9,000 is worth nothing yet.
    assert [p.score for p in result.players] == [8, 0, 3]
    from engine.base.i18n import set_language
    from engine.text.explain import explain_player

    set_language("en")
    lines = explain_player(scoring.ruleset, result.players[0])
    assert "  money in hand +2 = 8" in lines


def test_with_a_forfeit_on_pass_the_passer_pays_what_they_bid_in_a_normal_auction():
    rules = ruleset("forfeit-on-pass")
    game = engine.Game(rules, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(rules, "luxury-5"), first_player=0)
    state.apply_action(hs_mask(game, [1000]))  # Ann bids 1,000
    state.apply_action(hs_mask(game, [2000]))  # Bo bids 2,000
    state.apply_action(PASS)  # Cy passes with nothing bid
    state.apply_action(PASS)  # Ann passes: her 1,000 is lost
    assert hs_spent(state)[0] == [1000] and 1000 not in hs_hand(state, 0)
    assert hs_spent(state)[1] == [2000]  # Bo took the card and paid


def test_in_the_edition_a_pass_takes_the_bid_back():
    rules = engine.load_ruleset("high-society/ja")
    game = engine.Game(rules, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(rules, "luxury-5"), first_player=0)
    for action in (hs_mask(game, [1000]), hs_mask(game, [2000]), PASS, PASS):
        state.apply_action(action)
    assert hs_spent(state)[0] == [] and 1000 in hs_hand(state, 0)


def test_with_open_hands_everyone_sees_every_hand():
    for name, visible in (("open-hands", True), (None, False)):
        rules = ruleset(name) if name else engine.load_ruleset("high-society/ja")
        state = engine.Game(rules, ["Ann", "Bo", "Cy"]).new_initial_state(seed=1)
        seen = state.observation(0).cards("hand", 1)
        assert (seen is not None) is visible
        assert state.observation(0).count("hand", 1) == 11


def test_with_most_titles_a_tie_goes_to_the_player_holding_more_titles_before_money():
    scoring = Scoring(ruleset("most-titles"))
    result = scoring.score(
        [
            holdings("Ann", ["luxury-2", "prestige-1", "prestige-2"], 1000),
            holdings("Bo", ["luxury-8"], 20000),
            holdings("Cy", [], 500),
        ]
    )
    assert result.winners == ("Ann",) and result.decided_by == "most-titles"


@pytest.mark.parametrize("name", ["sole-poorest", "forfeit-on-pass", "money-scores", "open-hands", "most-titles"])
def test_each_house_rule_plays_to_the_end_with_bots_and_compares_with_the_edition(name):
    done = cardrules(
        "simulate",
        "-r",
        "high-society/ja",
        "-r",
        str(HOUSE / f"{name}.yaml"),
        "--games",
        "40",
        "--players",
        "bot:heuristic,bot:random,bot:random,bot:random",
        "--json",
        "--jobs",
        "1",
    )
    assert done.exit_code == 0, done.output
    summary = json.loads(done.output)
    assert [entry["games"] for entry in summary["rulesets"]] == [40, 40]
