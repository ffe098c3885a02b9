"""Games for the compiled core's test: run in a child process, in the compiled or the pure mode, it prints one
line per game (every shipped ruleset, seeded games of random legal moves and of bots) with the log, the result
and a digest of every observation the players were given; the two modes must print the same bytes.

Then Hypothesis (derandomized: both modes draw the same examples) draws rulesets and games: a shipped ruleset
with its options set at random (values out of their range too), a player count, a seed; each prints its game
played with random legal moves, or the error that refused it.

Usage: ``python compiled_core_games.py`` from a checkout (``CARDRULES_PURE=1`` for the pure mode).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.compiled import running_compiled
from engine.fronts.bots import make_bot
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record

SEEDS = (1, 2)


def playable(ruleset: object) -> engine.Game:
    """The game of ``ruleset`` for three players, or the first player count it plays."""
    for players in (3, 2, 4, 5, 6, 7):
        try:
            return engine.Game(ruleset, players)
        except engine.CardrulesError:
            continue
    raise SystemExit(f"{ruleset}: no player count plays")


def main() -> int:
    for info in engine.list_rulesets():
        if info.abstract:
            continue
        name = info.name
        game = playable(engine.load_ruleset(name))
        for seed in SEEDS:
            for kind in ("random-moves", "heuristic"):
                state = game.new_initial_state(seed=seed)
                rng = random.Random(seed)
                bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(game.player_count)]
                seen = hashlib.sha256()
                while not state.is_terminal():
                    player = state.current_player()
                    observation = state.observation(player)
                    seen.update(repr(observation.visible()).encode())
                    legal = state.legal_actions()
                    if kind == "heuristic":
                        state.apply_action(bots[player].choose(observation, legal))
                    else:
                        state.apply_action(legal.sample(rng))
                log = state.to_log()
                replayed = replay_record(LogRecord(json.loads(json.dumps(log)), "<games>", 1, 0, None), ReplayContext())
                line = {
                    "ruleset": name,
                    "players": game.player_count,
                    "seed": seed,
                    "kind": kind,
                    "log": log,
                    "result": repr(state.result()),
                    "replayed": repr(replayed),
                    "observations": seen.hexdigest(),
                }
                print(json.dumps(line, sort_keys=True, default=repr))
    drawn_games()
    print(json.dumps({"compiled": running_compiled()}))
    return 0


def played(game: engine.Game, seed: int) -> tuple[engine.State, str]:
    """A seeded game of random legal moves to its end, and a digest of every observation handed out."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = hashlib.sha256()
    while not state.is_terminal():
        player = state.current_player()
        seen.update(repr(state.observation(player).visible()).encode())
        state.apply_action(state.legal_actions().sample(rng))
    return state, seen.hexdigest()


def option_values(definition) -> st.SearchStrategy:
    """Values of an option: those it declares, and some it refuses."""
    kind = definition.get("type")
    if kind == "boolean":
        return st.sampled_from(["true", "false", "maybe"])
    if kind == "choice":
        return st.sampled_from([*map(str, definition.get("values") or ()), "nonsense"])
    if kind == "list":
        allowed = [*map(str, definition.get("values") or ()), "nonsense"]
        return st.lists(st.sampled_from(allowed), max_size=3).map(",".join)
    return st.one_of(st.integers(-3, 12).map(str), st.sampled_from(["1/2", "0", "none", "99999999999"]))


@st.composite
def drawn_rulesets(draw) -> tuple[str, dict[str, str], int]:
    """A shipped ruleset, options given to it as ``-o`` gives them, and a player count (one too few or too many at
    times)."""
    names = sorted(info.name for info in engine.list_rulesets() if not info.abstract)
    name = draw(st.sampled_from(names))
    ruleset = engine.load_ruleset(name)
    definitions = ruleset.option_definitions
    chosen = draw(st.lists(st.sampled_from(sorted(definitions)), unique=True)) if definitions else []
    options = {option: draw(option_values(definitions[option])) for option in chosen}
    return name, options, draw(st.integers(ruleset.players_min - 1, ruleset.players_max + 1))


def drawn_games() -> None:
    """Print a line per drawn ruleset and game: its log and result, or the error that refused it."""

    @settings(derandomize=True, database=None, max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(drawn_rulesets(), st.integers(0, 2**16))
    def one(rule: tuple[str, dict[str, str], int], seed: int) -> None:
        name, options, players = rule
        line: dict[str, object] = {"ruleset": name, "options": options, "players": players, "seed": seed}
        try:
            game = engine.Game(engine.load_ruleset(name, options), players)
        except engine.CardrulesError as refused:
            line["refused"] = str(refused)
        else:
            state, seen = played(game, seed)
            line.update(log=state.to_log(), result=repr(state.result()), observations=seen)
        print(json.dumps(line, sort_keys=True, default=repr))

    one()


if __name__ == "__main__":
    sys.exit(main())
