"""The heuristic bot as seats grow: time per decision, 4 seats against 8 to 64, on one core.

A ruleset may allow many seats (``players: {max: 64}``), and the number of
decisions in a game grows with them: every seat decides in every auction,
and a deck that deals cards per player has more auctions. What the bot
controls is the time of one decision; this benchmark plays whole games of
heuristic bots at each seat count and prints the time per decision (engine
included) and its ratio to 4 seats measured in the same run. A bot that
looked at every seat's cards at every decision would make the ratio grow
with the seats (it was 1.8x at 32 seats and 2.3x at 64 when it did).

Two house rules of High Society are written to a temporary directory: one
only allows 64 seats (16 auctions whatever the seats), one also deals each
player three copies of each money card, the spare copies going into the
deck as lots (about 22 auctions per seat). Nothing here asserts timings: the
figures are for people. Run with ``python -m benchmarks.bench_seats`` or as
part of ``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks.cores import pin_to_one_core

HOUSE_RULES = {
    "many-seats": "extends: high-society/ja\nid: bench/many-seats\nplayers: {max: 64}\n",
    "money-in-the-deck": (
        "extends: high-society/ja\nid: bench/money-in-the-deck\nplayers: {max: 64}\n"
        "cards:\n  - id: money\n    count: {per-player: 3}\n"
    ),
}
BASELINE_SEATS = 4


def per_decision(ruleset_path: Path, seats: int, games: int, seed: int = 1) -> tuple[float, int]:
    """Seconds per decision of ``games`` games of heuristic bots at ``seats`` seats, and the decisions played."""
    import engine

    ruleset = engine.load_ruleset(str(ruleset_path))
    game = engine.Game(ruleset, [f"P{seat + 1}" for seat in range(seats)])
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_initial_state(seed=seed + index)  # shuffles drawn from the seed: no chance nodes
        bots = [engine.make_bot("heuristic", seed=seed + index * 100 + seat) for seat in range(seats)]
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
            decisions += 1
    return (time.perf_counter() - start) / max(1, decisions), decisions


def main(argv: list[str] | None = None) -> int:
    """Measure and print the time per decision at each seat count."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_seats", description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="4,8,16,32,64", help="seat counts, the first the baseline")
    parser.add_argument(
        "--decisions", type=int, default=20_000, help="play whole games until at least this many decisions per figure"
    )
    args = parser.parse_args(argv)
    pin_to_one_core()
    counts = [int(count) for count in args.seats.split(",")]
    print(
        f"\n== the heuristic bot as seats grow (one core; time per decision, engine included; "
        f"ratio to {counts[0]} seats)"
    )
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-seats-") as directory:
        for name, text in HOUSE_RULES.items():
            path = Path(directory) / f"{name}.yaml"
            path.write_text(text, encoding="utf-8")
            per_decision(path, counts[0], 1)  # warm up: imports, ruleset loading
            baseline = None
            for seats in counts:
                # One game tells how long a game is; then enough games for the decisions asked.
                _seconds, one_game = per_decision(path, seats, 1)
                games = max(1, -(-args.decisions // max(1, one_game)))
                seconds, decisions = per_decision(path, seats, games, seed=2)
                baseline = baseline or seconds
                print(
                    f"  {name:<18} {seats:>3} seats: {seconds * 1e6:7.0f} us a decision "
                    f"({decisions} decisions in {games} game{'s' if games > 1 else ''}), "
                    f"{seconds / baseline:.2f}x {counts[0]} seats"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
