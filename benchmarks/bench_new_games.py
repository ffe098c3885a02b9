"""The new games (No Thanks!, Coloretto, Love Letter): random-bot games and logs replayed per second, the engine
against each game's plain implementation (``references/``).

Measured as Bohnanza is (:mod:`benchmarks.against_plain`): each side plays
whole seeded games with its own random bot; the logs replayed are made by the
plain implementation's bot (so neither side replays only its own recordings),
without their stored results, every action checked on both sides; a chunk
at a time, the sides in turns after each chunk, the fastest of the repeats of
each chunk counting. The target of each figure: at least 0.5x the plain
implementation (:mod:`benchmarks.targets`). ``python -m benchmarks`` prints
these with the others; ``python -m benchmarks.bench_new_games`` runs them
alone.
"""

from __future__ import annotations

import argparse
import sys
from types import ModuleType

from benchmarks.against_plain import Plain, run_cases
from benchmarks.targets import Summary, run_alone
from references import coloretto, love_letter, no_thanks

PLAIN: dict[str, ModuleType] = {module.RULESET: module for module in (no_thanks, coloretto, love_letter)}
# Games played and logs replayed per turn of each side: a game of these is some two to six High Society games long.
GAMES_CHUNK = 20
LOGS_CHUNK = 20


def plain_for(ruleset: str) -> Plain:
    """The plain implementation of ``ruleset`` as the shared measurements use it (its default options)."""
    module = PLAIN.get(ruleset)
    if module is None:
        raise SystemExit(f"--new-games: no plain implementation of {ruleset!r} (one of {', '.join(PLAIN)})")
    return Plain(lambda seed, names: module.play_random_game(seed, names), module.replay)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the new games' figures (shared with ``python -m benchmarks``)."""
    parser.add_argument(
        "--new-games",
        default="no-thanks/classic:3,coloretto/classic:4,love-letter/classic:3",
        help="new games and player counts, RULESET:PLAYERS,... (empty: none)",
    )
    parser.add_argument("--new-games-games", type=int, default=200, help="new games' random games per case and side")
    parser.add_argument("--new-games-logs", type=int, default=200, help="new games' logs replayed per case and side")


def run(args: argparse.Namespace, summary: Summary) -> None:
    """Every case of ``--new-games``: the engine against the plain implementation, sides in turns."""
    run_cases(
        args.new_games,
        plain_for,
        games=args.new_games_games,
        logs=args.new_games_logs,
        repeats=args.repeats,
        games_chunk=GAMES_CHUNK,
        logs_chunk=LOGS_CHUNK,
        summary=summary,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the new games' benchmarks alone (``python -m benchmarks`` runs them with the others)."""
    return run_alone(argv, "python -m benchmarks.bench_new_games", __doc__ or "", add_arguments, run)


if __name__ == "__main__":
    sys.exit(main())
