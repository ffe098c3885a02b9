"""How often the heuristic bot wins against three random bots, and against three copies of itself (4-player games).

Each game is seeded (deal and bots), and the heuristic bot's seat rotates
through all four seats, so the figure is reproducible and no seat is favoured.
A shared win counts as a win (for every player sharing it). Against copies of
itself each seat should win about a quarter of the games: the figure per seat
shows whether the bot is stable and whether a seat is favoured. Usage::

    python -m benchmarks.bot_strength [GAMES] [RULESET ...]

    python -m benchmarks.bot_strength --search KIND [--games N] [--workers W] [--curve B1,B2,...] RULESET ...

With ``--search`` it measures a searching bot (``ismcts``, ``ismcts:200``,
``ismcts:0.5s``) against three heuristic bots, its seat rotating, with a 95%
interval, the time its searched moves take (mean and the slowest), and with
``--curve`` the win rate at each budget (iterations) as well: the budget
curve. ``--workers`` plays the games in that many processes (one bot each).

Defaults: high-society/ja and high-society/ko (2,000 games each),
bohnanza/amigo and bohnanza/high-bohn (1,000 games each); GAMES sets the
number for every ruleset named. For a ruleset whose players build cards
from a supply (High Bohn), it also reports how often each kind (each group
of the ``build`` action) is built per game, by the heuristic bot and by a
random bot.
"""
from __future__ import annotations

import contextlib
import sys
import time

from .bench_games import compiled_game

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Games per ruleset when none is given: a Bohnanza game is some twenty times as long as a High Society one.
DEFAULT_GAMES = {"high-society/ja": 2000, "high-society/ko": 2000, "bohnanza/amigo": 1000, "bohnanza/high-bohn": 1000}


def _play(game, kinds: list[str], bot_seed: int, deal_seed: int):
    """One seeded game between bots of ``kinds`` (one per seat); the final state."""
    from engine.bots import make_bot

    bots = [make_bot(kind, bot_seed + seat) for seat, kind in enumerate(kinds)]
    state = game.new_initial_state(seed=deal_seed, record_events=False)
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    return state


def heuristic_win_rate(ruleset_name: str, games: int, seed: int = 2024,
                       built: dict[str, dict[str, int]] | None = None) -> tuple[int, int]:
    """``(wins, games)`` of one heuristic bot against three random bots.

    ``built``, when given, receives per group of the ruleset's ``build``
    action how many cards of it the heuristic bot (``"heuristic"``) and the
    three random bots together (``"random"``) built.
    """
    game = compiled_game(ruleset_name, tuple(PLAYERS))
    build = next((item for item in game.anytime if item.kind == "build"), None)
    wins = 0
    for number in range(games):
        hero = number % len(PLAYERS)
        kinds = ["heuristic" if seat == hero else "random" for seat in range(len(PLAYERS))]
        state = _play(game, kinds, seed * 7919 + number * 13, seed * 1_000_003 + number)
        if PLAYERS[hero] in state.result().winners:
            wins += 1
        if built is not None and build is not None:
            for seat, kind in enumerate(kinds):
                for card in state.card_ids_in(build.spec["to"], seat):
                    group = build.group_of[game.cards.index_of_id[card]]
                    if group is not None:
                        counts = built.setdefault(build.groups[group], {"heuristic": 0, "random": 0})
                        counts[kind] += 1
    return wins, games


def self_play_win_rates(ruleset_name: str, games: int, seed: int = 2024) -> tuple[list[int], int]:
    """``(wins per seat, games)`` of four heuristic bots playing each other."""
    game = compiled_game(ruleset_name, tuple(PLAYERS))
    wins = [0] * len(PLAYERS)
    for number in range(games):
        state = _play(game, ["heuristic"] * len(PLAYERS), seed * 7919 + number * 13, seed * 1_000_003 + number)
        winners = state.result().winners
        for seat, name in enumerate(PLAYERS):
            if name in winners:
                wins[seat] += 1
    return wins, games


def _searched_games(job: tuple[str, str, int, int, int]) -> tuple[int, int, list[float]]:
    """``(wins, games, seconds of each searched move)`` of the searching bot in games ``first..first+count-1``."""
    ruleset_name, kind, first, count, seed = job
    from engine.bots import make_bot

    game = compiled_game(ruleset_name, tuple(PLAYERS))
    wins, times = 0, []
    for number in range(first, first + count):
        hero = number % len(PLAYERS)
        bots = [make_bot(kind if seat == hero else "heuristic", seed * 7919 + number * 13 + seat)
                for seat in range(len(PLAYERS))]
        state = game.new_initial_state(seed=seed * 1_000_003 + number, record_events=False)
        while not state.is_terminal():
            player = state.current_player()
            started = time.perf_counter()
            action = bots[player].choose(state.observation(player), state.legal_actions())
            if player == hero and getattr(bots[player], "last_search", None):
                times.append(time.perf_counter() - started)
                bots[player].last_search = {}
            state.apply_action(action)
        wins += PLAYERS[hero] in state.result().winners
    return wins, count, times


def search_win_rate(ruleset_name: str, kind: str, games: int, workers: int = 1,
                    seed: int = 2024) -> tuple[int, int, list[float]]:
    """``(wins, games, move seconds)`` of one ``kind`` bot against three heuristic bots, seats rotating."""
    # Small chunks, so that a long run reports its progress (on stderr) and a stopped one tells how far it got.
    chunk = max(1, min(25, games // (workers * 4)))
    jobs = [(ruleset_name, kind, first, min(chunk, games - first), seed) for first in range(0, games, chunk)]
    parts: list[tuple[int, int, list[float]]] = []
    with contextlib.ExitStack() as stack:
        if workers <= 1:
            results = map(_searched_games, jobs)
        else:
            from concurrent.futures import ProcessPoolExecutor

            results = stack.enter_context(ProcessPoolExecutor(workers)).map(_searched_games, jobs)
        for part in results:
            parts.append(part)
            print(f"  {ruleset_name} {kind}: {sum(p[0] for p in parts)} wins in {sum(p[1] for p in parts)} games",
                  file=sys.stderr, flush=True)
    return (sum(part[0] for part in parts), sum(part[1] for part in parts),
            [moment for part in parts for moment in part[2]])


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((rate * (1 - rate) / games + z * z / (4 * games * games)) ** 0.5) / (1 + z * z / games)
    return centre - half, centre + half


def search_main(argv: list[str]) -> None:
    """``--search KIND``: the searching bot's win rate against three heuristic bots (and its budget curve)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m benchmarks.bot_strength --search")
    parser.add_argument("--search", required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--curve", default="")
    parser.add_argument("rulesets", nargs="*", default=["high-society/ja", "bohnanza/amigo"])
    options = parser.parse_args(argv)
    name = options.search.partition(":")[0]
    kinds = [options.search] + [f"{name}:{budget}" for budget in options.curve.split(",") if budget]
    for ruleset_name in options.rulesets:
        for kind in kinds:
            start = time.perf_counter()
            wins, played, times = search_win_rate(ruleset_name, kind, options.games, options.workers)
            low, high = wilson(wins, played)
            mean = sum(times) / len(times) if times else 0.0
            print(f"{ruleset_name}: {kind} vs 3 heuristic: {wins}/{played} wins = {wins / played:.1%} "
                  f"(95% {low:.1%}-{high:.1%}; parity 25%); searched moves {len(times)}, "
                  f"mean {mean:.3f} s, slowest {max(times, default=0):.3f} s; "
                  f"{time.perf_counter() - start:.0f} s in all", flush=True)


def main(argv: list[str]) -> None:
    """Print the heuristic bot's win rates per ruleset."""
    if "--search" in argv:
        search_main(argv)
        return
    if argv and (argv[0] in ("-h", "--help") or not argv[0].isdigit()):
        print(__doc__)
        return
    given = int(argv[0]) if argv else None
    rulesets = argv[1:] or list(DEFAULT_GAMES)
    for name in rulesets:
        games = given if given is not None else DEFAULT_GAMES.get(name, 1000)
        start = time.perf_counter()
        built: dict[str, dict[str, int]] = {}
        wins, played = heuristic_win_rate(name, games, built=built)
        seconds = time.perf_counter() - start
        print(f"{name}: heuristic vs 3 random: {wins}/{played} wins = {wins / played:.1%} "
              f"({played / seconds:.1f} games/s)")
        if built:
            print(f"{name}: built per game, by the heuristic bot / by one random bot (of three):")
            for group, counts in built.items():
                print(f"  {group:12} {counts['heuristic'] / played:5.2f} / {counts['random'] / played / 3:5.2f}")
        start = time.perf_counter()
        seats, played = self_play_win_rates(name, games)
        seconds = time.perf_counter() - start
        shares = ", ".join(f"seat {seat + 1} {count / played:.1%}" for seat, count in enumerate(seats))
        print(f"{name}: heuristic vs 3 heuristic, wins by seat: {shares} ({played / seconds:.1f} games/s)")


if __name__ == "__main__":
    main(sys.argv[1:])
