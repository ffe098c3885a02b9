"""Simulations are paired and repeatable: the same seed, the same games, the same numbers."""

from __future__ import annotations

import itertools
import json

import locations
import pytest
from game_fixtures import sample_ruleset, shipped
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.chance import PairedChance, hash64
from engine.core.game import Game
from engine.fronts.cli.main import main
from engine.fronts.simulation import runner
from engine.fronts.simulation.runner import (
    RulesetSpec,
    SimulationPlan,
    bot_seed,
    play_batch,
    run_simulation,
)

REPO = locations.REPO
HOUSE = REPO / "rulesets" / "high-society" / "house"
SEATS = ("heuristic", "random", "random")
NAMES = ("H", "R1", "R2")

STATUS_CARDS = [f"luxury-{value}" for value in range(1, 11)] + [
    "prestige-1",
    "prestige-2",
    "prestige-3",
    "scandal",
    "debt",
    "theft",
]
# The Japanese edition with its status cards listed the other way round (each moved before the previous one).
REVERSED_LISTING = sample_ruleset(
    extra="cards:\n"
    + "\n".join(f"  - {{id: {card}, $before: {previous}}}" for previous, card in zip(STATUS_CARDS, STATUS_CARDS[1:]))
)


def paired_game(ruleset, players: int = 3) -> Game:
    return Game(ruleset, [f"P{seat}" for seat in range(players)])


JAPANESE = paired_game(shipped("high-society/ja"))
LONG_SEASON = paired_game(shipped("high-society/house/long-season"))
WITHOUT_THEFT = paired_game(shipped("high-society/house/no-theft"))
REVERSED = paired_game(REVERSED_LISTING)


def deal(game: Game, seed: int, game_index: int):
    """Game ``game_index`` of a simulation with ``seed``, as dealt: its deck (top first) and first player."""
    state = game.new_initial_state(chance_source=PairedChance(seed, game_index), record_events=False)
    return state.to_log()["deck"], state.first_player


def plan(games: int = 12, seed: int = 99, *rulesets: str) -> SimulationPlan:
    specs = tuple(RulesetSpec.from_argument(name) for name in (rulesets or ("high-society/ja", "high-society/ko")))
    return SimulationPlan(specs, SEATS, NAMES, games, seed)


def test_the_same_seed_gives_the_same_tally_however_the_games_are_batched(monkeypatch):
    whole = play_batch(plan(), 0, 12).tally
    monkeypatch.setattr(runner, "MAX_BATCH_GAMES", 5)
    in_batches = run_simulation(plan(), jobs=1)
    assert in_batches == whole


def test_a_trillion_games_are_cut_into_batches_as_they_are_played_not_all_at_once():
    batches = plan(games=10**12).batches(2)
    first = list(itertools.islice(batches, 3))
    size = runner.MAX_BATCH_GAMES
    assert first == [(0, size), (size, 2 * size), (2 * size, 3 * size)]
    assert not isinstance(batches, (list, tuple))  # the rest is never made unless played


@pytest.mark.parametrize("other_threads", [False, True], ids=["forked workers", "spawned workers"])
def test_a_process_pool_gives_the_same_tally_as_playing_in_process(monkeypatch, other_threads):
    if other_threads:
        # A running thread (a progress bar, a Dask client) makes the pool spawn rather than fork.
        monkeypatch.setattr(runner.threading, "active_count", lambda: 2)
    assert run_simulation(plan(games=16), jobs=2) == run_simulation(plan(games=16), jobs=1)


def test_a_different_seed_deals_different_games():
    assert play_batch(plan(seed=1), 0, 8).tally != play_batch(plan(seed=2), 0, 8).tally


def test_json_output_is_identical_with_one_job_and_with_two(capsys):
    outputs = []
    for jobs in ("1", "2"):
        with pytest.raises(SystemExit):
            main(
                [
                    "simulate",
                    "-r",
                    "high-society/ja",
                    "-r",
                    str(HOUSE / "forgiving.yaml"),
                    "--games",
                    "24",
                    "--players",
                    "bot:heuristic,bot:random,bot:random",
                    "--seed",
                    "17",
                    "--jobs",
                    jobs,
                    "--json",
                    "--lang",
                    "en",
                ]
            )
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["games"] == 24


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=0, max_value=10**6))
def test_cards_two_rulesets_share_come_up_in_the_same_order(seed, game_index):
    assert [card.id for card in REVERSED_LISTING.cards][: len(STATUS_CARDS)] == STATUS_CARDS[::-1]
    deck, _first = deal(JAPANESE, seed, game_index)
    assert sorted(deck) == sorted(STATUS_CARDS)
    # Each card goes by its key, the hash of S:i:card:ID (docs/simulate.md), as simulate has always dealt.
    assert deck == sorted(STATUS_CARDS, key=lambda card: (hash64(seed, game_index, "card", card), card))
    assert [card for card in deal(LONG_SEASON, seed, game_index)[0] if card != "prestige-4"] == deck
    assert deal(WITHOUT_THEFT, seed, game_index)[0] == [card for card in deck if card != "theft"]
    # The order the ruleset lists its cards in does not matter either.
    assert deal(REVERSED, seed, game_index)[0] == deck


def test_deals_vary_from_game_to_game_and_every_seat_gets_to_start():
    four_seats = paired_game(shipped("high-society/ja"), players=4)
    deals = [deal(four_seats, 5, index) for index in range(200)]
    assert len({tuple(deck) for deck, _first in deals}) == 200
    assert {first for _deck, first in deals} == {0, 1, 2, 3}
    assert len({bot_seed(5, index, seat) for index in range(50) for seat in range(4)}) == 200


def test_game_i_is_dealt_the_same_under_every_ruleset(capsys, tmp_path):
    logs = tmp_path / "games.jsonl"
    with pytest.raises(SystemExit):
        main(
            [
                "simulate",
                "-r",
                "high-society/ja",
                "-r",
                "high-society/ko",
                "-r",
                str(HOUSE / "long-season.yaml"),
                "--games",
                "4",
                "--players",
                "bot:random,bot:random,bot:random,bot:random",
                "--seed",
                "3",
                "--jobs",
                "1",
                "--logs",
                str(logs),
                "--json",
                "--lang",
                "en",
            ]
        )
    capsys.readouterr()
    games = [json.loads(line) for line in logs.read_text(encoding="utf-8").splitlines()]
    for index in range(4):
        ja, ko, long_season = games[3 * index : 3 * index + 3]
        assert ja["deck"] == ko["deck"]
        assert [card for card in long_season["deck"] if card != "prestige-4"] == ja["deck"]
        assert ja["first_player"] == ko["first_player"] == long_season["first_player"]


def test_a_rulesets_games_do_not_depend_on_what_it_is_compared_with():
    alone = play_batch(plan(8, 4, "high-society/ja"), 0, 8).tally.rulesets[0]
    compared = play_batch(plan(8, 4, "high-society/ja", str(HOUSE / "no-theft.yaml")), 0, 8).tally.rulesets[0]
    assert alone == compared


def test_a_ruleset_compared_with_itself_shows_no_difference_at_all():
    tally = play_batch(plan(10, 6, "high-society/ja", "high-society/ja"), 0, 10).tally
    assert tally.rulesets[0] == tally.rulesets[1]
    assert tally.paired[0].seat_sum == [0, 0, 0]
    assert tally.paired[0].seat_sum_of_squares == [0, 0, 0]


def test_json_output_does_not_depend_on_the_language(capsys):
    outputs = []
    for lang in ("en", "ja", "ko"):
        with pytest.raises(SystemExit):
            main(
                [
                    "simulate",
                    "-r",
                    "high-society/ko",
                    "--games",
                    "10",
                    "--players",
                    "bot:heuristic,bot:random,bot:random",
                    "--seed",
                    "5",
                    "--jobs",
                    "1",
                    "--json",
                    "--lang",
                    lang,
                ]
            )
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
