"""Bohnanza: random-bot games and logs replayed per second, the engine against the reference implementation.

Both sides play whole games with their own random bot, dealt from their own
seeded shuffles: the engine's ``random`` bot (``engine.fronts.bots``) choosing from
each observation, and the reference's bot, which draws a kind of action
uniformly and then one action of that kind, the scheme the engine's bot
documents. The replay figures are for the same in-memory logs, recorded by the
reference's bot (so neither side replays only its own recordings), every action
checked on both sides. ``python -m benchmarks`` prints these next to the High
Society figures; ``python -m benchmarks.bench_bohnanza`` runs them alone.
High Bohn is measured against its own reference
(:mod:`references.high_bohn`), whose random bot favours building:
its games are not the engine random bot's kind, so for High Bohn the replay
figure (the same logs on both sides) is the one to compare. The measuring
itself is shared with the new games' figures (:mod:`benchmarks.against_plain`).
"""

from __future__ import annotations

import argparse
import sys

from benchmarks.against_plain import Plain, run_cases
from benchmarks.targets import Summary, run_alone
from references import bohnanza as reference_bohnanza
from references import high_bohn as reference_high_bohn


def reference_for(ruleset: str):
    """The reference implementation of ``ruleset`` (High Bohn has its own)."""
    return reference_high_bohn if ruleset == reference_high_bohn.RULESET else reference_bohnanza


CASES = (("bohnanza/amigo", 4), ("bohnanza/rio-grande", 6))
# Games played and logs replayed per turn of each side: a Bohnanza game is some twenty High Society games long.
GAMES_CHUNK = 5
LOGS_CHUNK = 10


def engine_game_log(game, seed: int, bot: bool = True, kind: str = "random") -> dict:
    """A whole game the engine plays (its bots of ``kind``, or uniformly random legal actions), as its log."""
    import random

    from engine.fronts.bots import make_bot

    state = game.new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    count = len(game.players)
    bots = [make_bot(kind, seed * 10 + seat) for seat in range(count)]
    while not state.is_terminal():
        legal = state.legal_actions()
        if bot:
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), legal))
        else:
            state.apply_action(legal.sample(rng))
    return state.to_log()


def plain_for(ruleset: str) -> Plain:
    """The reference implementation of ``ruleset`` as the shared measurements use it."""
    reference = reference_for(ruleset)
    return Plain(lambda seed, names: reference.play_random_game(seed, names, ruleset), reference.replay)


def add_bohnanza_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the Bohnanza figures (shared with ``python -m benchmarks``)."""
    parser.add_argument(
        "--bohnanza",
        default="bohnanza/amigo:4,bohnanza/rio-grande:6,bohnanza/high-bohn:4",
        help="Bohnanza editions and player counts, RULESET:PLAYERS,... (empty: none)",
    )
    parser.add_argument("--bohnanza-games", type=int, default=30, help="Bohnanza random games per case and side")
    parser.add_argument("--bohnanza-logs", type=int, default=200, help="Bohnanza logs replayed per case and side")


def run_bohnanza(args: argparse.Namespace, summary: Summary) -> None:
    """Bohnanza: the interpreter against the reference, random-bot games and logs replayed, sides in turns."""
    # A chunk at a time, the sides in turns after each: a Bohnanza game is some twenty High Society games long.
    run_cases(
        args.bohnanza,
        plain_for,
        games=args.bohnanza_games,
        logs=args.bohnanza_logs,
        repeats=args.repeats,
        games_chunk=GAMES_CHUNK,
        logs_chunk=LOGS_CHUNK,
        summary=summary,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the Bohnanza benchmarks alone (``python -m benchmarks`` runs them with the others)."""
    return run_alone(argv, "python -m benchmarks.bench_bohnanza", __doc__ or "", add_bohnanza_arguments, run_bohnanza)


if __name__ == "__main__":
    sys.exit(main())
