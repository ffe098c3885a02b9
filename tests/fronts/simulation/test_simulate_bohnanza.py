"""`cardrules simulate` on Bohnanza: what the editions report, paired deals and reshuffles, the same numbers for any --jobs.

Bohnanza games are long (a thousand decisions and more), so these runs play a
handful of games: enough to check every number against the games' own logs.
"""

from __future__ import annotations

import json

import pytest
from simulate_helpers import run, wide_output  # noqa: F401  (wide_output: an autouse fixture)

from engine.core.chance import PairedChance
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.cli.main import main
from engine.fronts.simulation.runner import RulesetSpec, SimulationPlan, bot_seed, play_batch, run_simulation

BOTS = "bot:heuristic,bot:heuristic,bot:random,bot:random"
EDITIONS = ("-r", "bohnanza/amigo", "-r", "bohnanza/rio-grande")


def replayed(log: dict) -> tuple[Game, object]:
    """The final state of a logged game, replayed from its recorded chance and actions (no seed)."""
    game = Game(load_ruleset(log["ruleset"], log["options"]), log["players"])
    state = game.new_initial_state(
        deck=log["deck"], first_player=log["first_player"], chance=log.get("chance", []), record_events=False
    )
    for entry in log["actions"]:
        state.apply_action(state.action_from_json(entry))
    assert state.is_terminal()
    return game, state


# --------------------------------------------------------------------------- what is reported


def test_the_report_has_coins_harvests_trades_per_turn_and_the_game_length_in_turns_and_a_plot(capsys, tmp_path):
    picture = tmp_path / "bohnanza.png"
    code, out, err = run(
        capsys, *EDITIONS, "--games", "2", "--players", BOTS, "--seed", "5", "--jobs", "1", "--plot", str(picture)
    )
    assert code == 0, err
    labels = [line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")]
    for label in (
        "Seat 1 (heuristic)",
        "Decided by the highest score",
        "Turns per game",
        "Coins per player",
        "Harvests per player",
        "Trades per turn",
    ):
        assert label in labels
    # A Bohnanza round is a player's turn: no row speaks of rounds.
    assert "Rounds per game" not in labels
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert str(picture) in out


def test_every_reported_number_agrees_with_the_games_logs(capsys, tmp_path):
    logs = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys,
        *EDITIONS,
        "--games",
        "2",
        "--players",
        BOTS,
        "--seed",
        "12",
        "--jobs",
        "1",
        "--logs",
        str(logs),
        "--json",
    )
    assert code == 0, err
    summary = json.loads(out)
    games = [json.loads(line) for line in logs.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 4
    for entry in summary["rulesets"]:
        mine = [log for log in games if log["ruleset"] == entry["ruleset"]]
        assert len(mine) == 2
        assert entry["round_unit"] == "turn"
        turns = trades = harvests = 0
        for log in mine:
            game, state = replayed(log)
            assert state.result().to_json() == log["result"]
            turns += state.round_number
            # Each accepted offer is one trade; the counter counts nothing else.
            accepted = sum(1 for action in log["actions"] if action["action"] == "accept")
            assert state.counter(game.counter_index["trades"]) == accepted
            trades += accepted
            harvests += sum(state.counter(game.counter_index["harvests"], seat) for seat in range(4))
        players = [player for log in mine for player in log["result"]["players"]]
        assert entry["mean_rounds"] == pytest.approx(turns / 2, abs=1e-6)
        assert entry["mean_actions"] == pytest.approx(sum(len(log["actions"]) for log in mine) / 2, abs=1e-6)
        assert list(entry["mean_measures"]) == ["coins", "harvests"]
        assert entry["mean_measures"]["coins"] == pytest.approx(sum(p["coins"] for p in players) / 8, abs=1e-6)
        assert entry["mean_measures"]["harvests"] == pytest.approx(harvests / 8, abs=1e-6)
        assert entry["mean_counters"] == {
            "trades": {
                "per_game": pytest.approx(trades / 2, abs=1e-6),
                "per_round": pytest.approx(trades / turns, abs=1e-6),
            }
        }
        # The score is the coins; a tie goes to the cards in hand, never to anything else.
        assert set(entry["decided_by"]) <= {"score", "hand", "shared"}
    # Every game reshuffled its discard pile, and game i is dealt alike under both editions: the Amigo
    # deck is Rio Grande's without its own beans.
    assert all(log["chance"] and all(outcome["zone"] == "draw" for outcome in log["chance"]) for log in games)
    for amigo, rio_grande in zip(games[::2], games[1::2]):
        assert [card for card in rio_grande["deck"] if card not in ("wax", "coffee", "cocoa")] == amigo["deck"]
        assert amigo["first_player"] == rio_grande["first_player"]
    # `cardrules replay` agrees with every stored result.
    with pytest.raises(SystemExit) as exited:
        main(["replay", str(logs), "--json", "--lang", "en"])
    captured = capsys.readouterr()
    assert exited.value.code in (0, None), captured.err
    assert [json.loads(line) for line in captured.out.splitlines()] == [log["result"] for log in games]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "{counter: trade, per: round}",
            "$.presentation.report[1].counter: unknown counter 'trade' (did you mean 'trades'?)",
        ),
        ("{counter: trades, per: turn}", "$.presentation.report[1].per: 'turn' is not one of game, round"),
        ("{countr: trades}", "$.presentation.report[1].countr: unknown key 'countr' (did you mean 'counter'?)"),
    ],
)
@pytest.mark.parametrize(
    ("written", "line"),
    [("presentation:\n  report: [coins, {entry}]\n", 4), ("report: [coins, {entry}]\n", 3)],
    ids=["presentation", "the old place"],
)
def test_a_report_entry_naming_a_counter_is_checked_where_it_is_written(tmp_path, entry, message, written, line):
    """Where `report` belongs now, and at the top where older rulesets wrote it (read as if under presentation)."""
    from engine.base.errors import CardrulesError

    house_rule = tmp_path / "report.yaml"
    house_rule.write_text(
        "extends: bohnanza/amigo\nid: bohnanza/house/report\n" + written.format(entry=entry), encoding="utf-8"
    )
    with pytest.raises(CardrulesError) as caught:
        load_ruleset(str(house_rule))
    assert any(
        str(diagnostic).startswith(f"{house_rule}:{line}:") and message in str(diagnostic)
        for diagnostic in caught.value.diagnostics
    ), [str(d) for d in caught.value.diagnostics]


# --------------------------------------------------------------------------- the same numbers however they are run


def test_json_is_identical_with_one_job_and_with_two(capsys):
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = run(
            capsys, *EDITIONS, "--games", "2", "--players", BOTS, "--seed", "31", "--jobs", jobs, "--json"
        )
        assert code == 0, err
        outputs.append(out)
    assert outputs[0] == outputs[1]


def test_batches_of_any_size_give_the_same_tally(monkeypatch):
    from engine.fronts.simulation import runner

    plan = SimulationPlan(
        (RulesetSpec.from_argument("bohnanza/amigo"), RulesetSpec.from_argument("bohnanza/rio-grande")),
        ("heuristic", "random", "random"),
        ("A", "B", "C"),
        2,
        77,
    )
    whole = play_batch(plan, 0, 2).tally
    monkeypatch.setattr(runner, "MAX_BATCH_GAMES", 1)
    assert run_simulation(plan, jobs=1) == whole
    assert whole.rulesets[0].counter_totals["trades"] > 0


# --------------------------------------------------------------------------- paired deals


class RecordingChance(PairedChance):
    """Paired chance that keeps, for every shuffle, the zone and the cards' labels (``blue#3``) in order."""

    def __init__(self, seed: int, game_index: int) -> None:
        super().__init__(seed, game_index)
        self.orders: list[tuple[str, list[str]]] = []

    def shuffle(self, state, zone_id, instances, log_key):
        order = super().shuffle(state, zone_id, instances, log_key)
        self.orders.append((zone_id, [state.game.cards.label(instance) for instance in order]))
        return order


def shuffles_of(ruleset_name: str, players: int, seed: int, game_index: int, most: int = 3):
    """The first ``most`` shuffles of game ``game_index`` of a simulation, as ``simulate`` plays it, and its first player."""
    from engine.fronts.bots import make_bot

    names = [f"P{seat}" for seat in range(players)]
    chance = RecordingChance(seed, game_index)
    state = Game(load_ruleset(ruleset_name), names).new_initial_state(chance_source=chance, record_events=False)
    bots = [make_bot("heuristic", seed=bot_seed(seed, game_index, seat)) for seat in range(players)]
    while not state.is_terminal() and len(chance.orders) < most:
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    return chance.orders, state.first_player


def in_common(order: list[str], other: list[str]) -> list[str]:
    """``order`` without the cards ``other`` lacks."""
    kept = set(other)
    return [label for label in order if label in kept]


@pytest.mark.parametrize("players", [3, 4])
def test_amigo_and_rio_grande_deal_their_common_beans_in_the_same_order_and_reshuffle_them_alike(players):
    """Amigo's 8 bean types are all in Rio Grande at 3 and 4 players, as many of each: every Amigo card
    comes up in the same order in both; Rio Grande's own beans are slotted in between."""
    amigo, amigo_first = shuffles_of("bohnanza/amigo", players, 41, 0)
    rio_grande, rio_grande_first = shuffles_of("bohnanza/rio-grande", players, 41, 0)
    assert amigo_first == rio_grande_first
    (amigo_zone, amigo_deck), (rio_grande_zone, rio_grande_deck) = amigo[0], rio_grande[0]
    assert amigo_zone == rio_grande_zone == "draw"
    assert len(amigo_deck) == 104 and len(rio_grande_deck) == (150 if players == 3 else 130)
    assert in_common(rio_grande_deck, amigo_deck) == amigo_deck
    # The discard piles differ once the games differ, but the cards both reshuffle keep their order.
    reshuffles = list(zip(amigo[1:], rio_grande[1:]))
    assert reshuffles  # the check below runs on real reshuffles
    for (zone, mine), (other_zone, theirs) in reshuffles:
        assert zone == other_zone == "draw"
        assert len(in_common(mine, theirs)) > 1
        assert in_common(mine, theirs) == in_common(theirs, mine)
