"""The searching bot and the learning adapters: ISMCTS iterations, OpenSpiel and PettingZoo steps per second.

Each is measured on High Society and one Bohnanza edition, the best of a
few runs of the same seeded work, and set against the figures recorded when
the speed issue was opened (:data:`BASELINE`): the target is three times
those (:mod:`benchmarks.targets`). The figures:

- **ISMCTS iterations per second**: the engine's searching bot
  (``engine.fronts.bots``, kind ``ismcts`` with its default budget) in the
  first seat against three heuristic bots, as ``benchmarks.bot_strength``
  times searched moves: the seconds of its searched moves only (a forced
  move is no search), and the iterations they ran. The seeds fix the games
  and the searches, so every run does the same work.
- **OpenSpiel steps per second**: whole games through
  ``pyspiel.load_game(register(...))`` (``engine.fronts.adapters.openspiel``),
  every chance node's outcome drawn by its probability and every player
  action uniformly among the legal ones; a step is one ``apply_action``,
  chance nodes included.
- **PettingZoo steps per second**: whole games of the AEC environment
  (``engine.fronts.adapters.pettingzoo.env``), each agent's action drawn
  uniformly among its action mask, ``last()`` and ``step()`` as a training
  loop calls them; a step is one action of an agent (the ``None`` steps of
  agents that are done are not counted).

``python -m benchmarks.bench_agents`` runs them alone.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from benchmarks.bench_games import compiled_game
from benchmarks.targets import Summary, run_alone

PLAYERS = ("Ann", "Bo", "Cy", "Di")
RULESETS = ("high-society/ja", "bohnanza/amigo")

# The figures when the speed issue was opened, per second, measured by this module with its default sizes
# (`python -m benchmarks.bench_agents`, fastest of 3 runs, one core; the faster of two such runs kept). The machine
# was loaded by one other process (a long measurement on its other core), so this baseline is pessimistic: a quiet
# machine gives somewhat higher figures, which flatters the ratios against it a little.
BASELINE = {
    "date": "2026-12-07",
    "machine": "AMD EPYC, 2 cores, Linux 6.18 x86_64, Python 3.11.7 (one other process running)",
    "commit": "0f9af63fbef5d1c506f4fda454370cd00db7c2d0",
    "figures": {
        "high-society/ja 4p": {"ismcts": 273.2, "openspiel": 24463.1, "pettingzoo": 5457.3},
        "bohnanza/amigo 4p": {"ismcts": 73.2, "openspiel": 6161.0, "pettingzoo": 3412.2},
    },
}
# Work per figure and run: searched moves, and whole games (a Bohnanza game is some twenty High Society games long).
SEARCHED_MOVES = 10
GAMES = {"high-society/ja": 50, "bohnanza/amigo": 3}


def ismcts_iterations(ruleset: str, moves: int, seed: int = 1) -> tuple[int, float]:
    """``(iterations, seconds)`` of the first ``moves`` searched moves of the ``ismcts`` bot in the first seat
    against three heuristic bots (games numbered from ``seed`` on, as many as it takes)."""
    from engine.fronts.bots import make_bot

    game = compiled_game(ruleset, PLAYERS)
    iterations, seconds, searched, number = 0, 0.0, 0, 0
    while searched < moves:
        bots = [make_bot("ismcts" if seat == 0 else "heuristic", seed * 7919 + number * 13 + seat) for seat in range(4)]
        state = game.new_initial_state(seed=seed * 1_000_003 + number, record_events=False)
        while not state.is_terminal() and searched < moves:
            player = state.current_player()
            started = time.perf_counter()
            action = bots[player].choose(state.observation(player), state.legal_actions())
            if player == 0 and getattr(bots[0], "last_search", None):
                seconds += time.perf_counter() - started
                iterations += bots[0].last_search["iterations"]
                searched += 1
                bots[0].last_search = {}
            state.apply_action(action)
        number += 1
    return iterations, seconds


def openspiel_steps(ruleset: str, games: int, seed: int = 1) -> tuple[int, float]:
    """``(steps, seconds)`` of ``games`` whole random games through OpenSpiel (chance nodes included)."""
    import pyspiel

    import engine.fronts.adapters.openspiel as adapter

    game = pyspiel.load_game(adapter.register(ruleset, len(PLAYERS)))
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, chances)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
    return steps, time.perf_counter() - start


def pettingzoo_steps(ruleset: str, games: int, seed: int = 1) -> tuple[int, float]:
    """``(steps, seconds)`` of ``games`` whole games of the PettingZoo environment, masked uniform actions."""
    import numpy as np

    from engine.fronts.adapters import pettingzoo

    environment = pettingzoo.env(ruleset, len(PLAYERS))
    steps = 0
    start = time.perf_counter()
    for number in range(games):
        environment.reset(seed=seed * 1_000_003 + number)
        rng = np.random.default_rng(seed * 1_000_003 + number)
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            environment.step(action)
    return steps, time.perf_counter() - start


def best_rate(measure: Callable[[], tuple[int, float]], repeats: int) -> tuple[float, int, float]:
    """``(per second, count, seconds)`` of the fastest of ``repeats`` runs of the same work."""
    runs = [measure() for _ in range(max(1, repeats))]
    count, seconds = min(runs, key=lambda run: run[1])
    return count / seconds, count, seconds


def run(args: argparse.Namespace, summary: Summary) -> None:
    """Measure and print every figure of every ruleset, with its ratio against the baseline."""
    print(
        f"\n== the searching bot and the learning adapters, against the baseline recorded on {BASELINE['date']} "
        f"(commit {BASELINE['commit'][:12]}, {BASELINE['machine']})"
    )
    if args.agents_moves != SEARCHED_MOVES or args.agents_games:
        print(
            "  NOTE: not the baseline's work (it was measured with the default --agents-moves and --agents-games): "
            "a small run's first moves and games build the engine's tables, so its ratios read low"
        )
    figures: list[tuple[str, str, Callable[[str], tuple[int, float]]]] = [
        ("ismcts", "ISMCTS iterations", lambda ruleset: ismcts_iterations(ruleset, args.agents_moves)),
    ]
    for figure, name, module, measure in (
        ("openspiel", "OpenSpiel steps", "pyspiel", openspiel_steps),
        ("pettingzoo", "PettingZoo steps", "pettingzoo", pettingzoo_steps),
    ):
        try:
            __import__(module)
        except ImportError:
            print(f"  {name}: not measured ({module} is not installed: pip install -e '.[test]')")
            continue
        figures.append((figure, name, lambda ruleset, measure=measure: measure(ruleset, games_for(args, ruleset))))
    for ruleset in filter(None, args.agents.split(",")):
        case = f"{ruleset} {len(PLAYERS)}p"
        print(f"{case}:")
        for figure, name, measure in figures:
            rate, count, seconds = best_rate(lambda measure=measure, ruleset=ruleset: measure(ruleset), args.repeats)
            recorded = BASELINE["figures"].get(case, {}).get(figure)
            line = f"  {name + ' per second':<30} {rate:>10.1f}/s  ({count} in {seconds:.2f} s)"
            if recorded:
                line += f"; now/baseline ({recorded:.1f}/s) {summary.against_baseline(case, figure, rate / recorded)}"
            else:
                line += "; no baseline recorded for it"
            print(line)


def games_for(args: argparse.Namespace, ruleset: str) -> int:
    """Whole games per run of an adapter's figure: ``--agents-games`` if given, else the ruleset's default."""
    return args.agents_games or GAMES.get(ruleset, GAMES["bohnanza/amigo"])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of these figures (shared with ``python -m benchmarks``)."""
    parser.add_argument(
        "--agents", default=",".join(RULESETS), help="rulesets of the ISMCTS and adapters' figures (empty: none)"
    )
    parser.add_argument(
        "--agents-moves", type=int, default=SEARCHED_MOVES, help="searched ISMCTS moves per ruleset and run"
    )
    parser.add_argument(
        "--agents-games",
        type=int,
        default=0,
        help="whole games per ruleset and run through OpenSpiel and PettingZoo (default: 50 High Society, 3 others)",
    )


def main(argv: list[str] | None = None) -> int:
    """Run these figures alone (``python -m benchmarks`` runs them with the others)."""
    return run_alone(argv, "python -m benchmarks.bench_agents", __doc__ or "", add_arguments, run)


if __name__ == "__main__":
    sys.exit(main())
