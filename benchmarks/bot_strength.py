"""How often the heuristic bot wins against three random bots, and against three copies of itself (4-player games).

Each game is seeded (deal and bots), and the heuristic bot's seat rotates
through all four seats, so the figure is reproducible and no seat is favoured.
A shared win counts as a win (for every player sharing it). Against copies of
itself each seat should win about a quarter of the games: the figure per seat
shows whether the bot is stable and whether a seat is favoured. Usage::

    python -m benchmarks.bot_strength [GAMES] [RULESET ...]

Defaults: high-society/ja and high-society/ko (2,000 games each),
bohnanza/amigo and bohnanza/high-bohn (1,000 games each); GAMES sets the
number for every ruleset named. For a ruleset whose players build cards
from a supply (High Bohn), it also reports how often each kind (each group
of the ``build`` action) is built per game, by the heuristic bot and by a
random bot.
"""
from __future__ import annotations

import sys
import time

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


def _game(ruleset_name: str):
    from engine.core.game import Game
    from engine.language.ruleset import load_ruleset

    return Game(load_ruleset(ruleset_name), PLAYERS)


def heuristic_win_rate(ruleset_name: str, games: int, seed: int = 2024,
                       built: dict[str, dict[str, int]] | None = None) -> tuple[int, int]:
    """``(wins, games)`` of one heuristic bot against three random bots.

    ``built``, when given, receives per group of the ruleset's ``build``
    action how many cards of it the heuristic bot (``"heuristic"``) and the
    three random bots together (``"random"``) built.
    """
    game = _game(ruleset_name)
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
    game = _game(ruleset_name)
    wins = [0] * len(PLAYERS)
    for number in range(games):
        state = _play(game, ["heuristic"] * len(PLAYERS), seed * 7919 + number * 13, seed * 1_000_003 + number)
        winners = state.result().winners
        for seat, name in enumerate(PLAYERS):
            if name in winners:
                wins[seat] += 1
    return wins, games


def main(argv: list[str]) -> None:
    """Print the heuristic bot's win rates per ruleset."""
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
