"""`cardrules simulate` run in process for the tests, on a wide pretend terminal."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from engine.core.measures import measure_from_spec
from engine.fronts.cli.main import main
from engine.fronts.simulation.report import summarize
from engine.fronts.simulation.stats import BatchTally, GameOutcome


@pytest.fixture(autouse=True)
def wide_output(monkeypatch):
    """A wide pretend terminal, so table cells are not wrapped mid-phrase (autouse where imported)."""
    monkeypatch.setenv("COLUMNS", "200")


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``cardrules simulate ARGS`` in process; returns (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as exited:
        main(["simulate", *args, "--lang", "en"])
    captured = capsys.readouterr()
    code = exited.value.code
    return (0 if code is None else code), captured.out, captured.err


def trading_ruleset(ruleset_id, flow_kind="turns"):
    """A ruleset as far as the report reads one: it reports the coins a player ends with and the trades
    made at the table per round; its flow is one loop of ``flow_kind`` (a ``turns`` loop counts turns)."""
    coins = measure_from_spec("coins", {"count": ["coins"], "name": "coins", "heading": "Coins"})
    return SimpleNamespace(
        id=ruleset_id,
        options={},
        tiebreak_criteria={},
        measures=(coins,),
        measure=lambda name: {"coins": coins}[name],
        report=("coins", {"counter": "trades", "per": "round"}),
        counters=({"id": "trades", "owner": "shared", "name": "Trades"},),
        flow=({"id": "turn", "kind": flow_kind, "steps": ()},),
        unit=lambda name=None: {"scale": 1, "style": "plain"},
        text_context="game",
    )


def trading_summary(flow_kind="turns"):
    """Two games of a trading game: 12 trades in 40 turns, then 9 in 20."""
    tally = BatchTally.empty(KINDS, 1)
    for trades, turns, coins in ((12, 40, (3, 5, 7)), (9, 20, (0, 2, 1))):
        tally.add_game(
            [
                GameOutcome(
                    frozenset({0}),
                    (False,) * 3,
                    (Fraction(1),) * 3,
                    (("coins", coins),),
                    "score",
                    turns,
                    300,
                    (("trades", trades),),
                )
            ]
        )
    rulesets = [trading_ruleset("trading/game", flow_kind)]
    return rulesets, summarize(
        rulesets=rulesets, sources=["trading/game"], seat_kinds=KINDS, games=2, seed=1, tally=tally
    )


KINDS = ("heuristic", "random", "random")
