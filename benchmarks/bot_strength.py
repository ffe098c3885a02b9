"""How often the heuristic bot wins against three random bots (4-player games).

Each game is seeded (deal and bots), and the heuristic bot's seat rotates
through all four seats, so the figure is reproducible and no seat is favoured.
A shared win counts as a win. Usage::

    python -m benchmarks.bot_strength [GAMES] [RULESET ...]

Defaults: 2,000 games each of high-society/ja and high-society/ko.
"""
from __future__ import annotations

import sys
import time

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def heuristic_win_rate(ruleset_name: str, games: int, seed: int = 2024) -> tuple[int, int]:
    """``(wins, games)`` of one heuristic bot against three random bots."""
    from engine.bots import make_bot
    from engine.core.game import Game
    from engine.language.ruleset import load_ruleset

    game = Game(load_ruleset(ruleset_name), PLAYERS)
    wins = 0
    for number in range(games):
        hero = number % len(PLAYERS)
        bots = [make_bot("heuristic" if seat == hero else "random", seed * 7919 + number * 13 + seat)
                for seat in range(len(PLAYERS))]
        state = game.new_initial_state(seed=seed * 1_000_003 + number)
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
        if PLAYERS[hero] in state.result().winners:
            wins += 1
    return wins, games


def main(argv: list[str]) -> None:
    """Print the heuristic bot's win rate per ruleset."""
    games = int(argv[0]) if argv else 2000
    rulesets = argv[1:] or ["high-society/ja", "high-society/ko"]
    for name in rulesets:
        start = time.perf_counter()
        wins, played = heuristic_win_rate(name, games)
        seconds = time.perf_counter() - start
        print(f"{name}: heuristic vs 3 random: {wins}/{played} wins = {wins / played:.1%} "
              f"({played / seconds:.0f} games/s)")


if __name__ == "__main__":
    main(sys.argv[1:])
