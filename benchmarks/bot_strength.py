"""How often the heuristic bot wins against three random bots, and against three copies of itself (4-player games).

Each game is seeded (deal and bots), and the heuristic bot's seat rotates
through all four seats, so the figure is reproducible and no seat is favoured.
A shared win counts as a win (for every player sharing it). Against copies of
itself each seat should win about a quarter of the games: the figure per seat
shows whether the bot is stable and whether a seat is favoured. Usage::

    python -m benchmarks.bot_strength [GAMES] [RULESET ...]

    python -m benchmarks.bot_strength --search KIND [--games N] [--workers W] [--curve B1,B2,...] [--against KIND]
        [--against-set NAME=VALUE] [--scheduler ADDRESS] [--results FILE [--held]] RULESET ...

    python -m benchmarks.bot_strength --search KIND --decisions GAMES [--every K] [--set NAME=VALUE] RULESET ...

    python -m benchmarks.bot_strength --search KIND --inference GAMES [--every K] [--set NAME=VALUE] RULESET ...

With ``--search`` it measures a searching bot (``ismcts``, ``ismcts:200``,
``ismcts:0.5s``) against three heuristic bots, its seat rotating, with a 95%
interval, the time its searched moves take (mean and the slowest), and with
``--curve`` the win rate at each budget (iterations) as well: the budget
curve. ``--workers`` plays the games in that many processes (one bot each).
``--set NAME=VALUE`` (repeatable) sets one of the searching bot's options
(``paired=true``, ``depth=30``, ``spread=2``, ``rivalry=0``...; see
``engine.fronts.bots.ismcts``). ``--search`` takes any bot kind: ``--search
heuristic --set rivalry=0.5`` measures a heuristic bot that weighs what its
trades give a rival against three that play for their own points. The
report gives the seat's mean margin too (its score less the best other
score), with its standard error. ``--against KIND`` also plays the same deals,
with the same seeds, with a ``KIND`` bot (no ``--set`` options; its own with
``--against-set NAME=VALUE``) in that seat, and reports the wins and the
margin gained over it per game, each with its standard error: paired by
deal, so that the luck of the deal partly cancels out. ``--search ismcts
--against heuristic --against-set rivalry=0.5`` tells what the search adds
to the heuristic that guides it.

A thousand searched Bohnanza games are days of one core, so a ``--search``
run of whole games can go to a Dask cluster (``--scheduler tcp://HOST:PORT``;
the ``cluster`` extra, and this checkout's ``engine`` installed on the
workers) and keep its games in a file as they finish (``--results FILE``,
JSON lines: one line per game, its number, win, margin and move times).
Run again with the same file and options, it plays only the games the file
lacks: a stopped run goes on where it stopped, and its report covers every
game. A game is the same wherever it is played, so the figures are too; but
only with the same engine, so each line names the fingerprint of the engine
and rulesets that played it (``engine_fingerprint``; the front ends no game
loads are left out), and a change to either starts the run afresh (the old
lines stay, unused). ``--held`` plays nothing and reports on the games of
the first ``--games`` the file holds (with ``--against``, those it holds of
both bots): a long run's figures so far, while it goes on.

``--decisions GAMES`` measures the quality of single decisions instead, for
far less time than whole games: in ``GAMES`` games of four heuristic bots,
at every ``--every``-th decision that is not forced, the searching bot is
asked what it would do. Where it differs from the heuristic bot, the game is
played on from there twice by heuristic bots, once after each move, and the
report gives the mean difference in the deciding seat's final margin (its
score minus the best other score) per decision, with its standard error,
and the wins gained or lost. Heuristic play is deterministic, so the only
difference between the two continuations is the move: a positive mean is a
search that improves on the heuristic one decision at a time.

``--inference GAMES`` measures the games the searching bot draws at the same
decisions (``IsmctsBot.drawn_games``): the share of the cards the other
players hide from it (their hands) that a drawn game puts in the right zone,
by card type, and at the right place where the zone is ordered, against
plain deals drawn with its ``explain`` off at the same decisions, with the
time each takes. It tells whether a way of drawing games reads the others'
moves better, without searching.

Defaults: high-society/ja and high-society/ko (2,000 games each),
bohnanza/amigo and bohnanza/high-bohn (1,000 games each); GAMES sets the
number for every ruleset named. For a ruleset whose players build cards
from a supply (High Bohn), it also reports how often each kind (each group
of the ``build`` action) is built per game, by the heuristic bot and by a
random bot.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import stat
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any

from benchmarks.bench_games import compiled_game

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Games per ruleset when none is given: a Bohnanza game is some twenty times as long as a High Society one.
DEFAULT_GAMES = {"high-society/ja": 2000, "high-society/ko": 2000, "bohnanza/amigo": 1000, "bohnanza/high-bohn": 1000}


def _play(game, kinds: list[str], bot_seed: int, deal_seed: int):
    """One seeded game between bots of ``kinds`` (one per seat); the final state."""
    from engine.fronts.bots import make_bot

    bots = [make_bot(kind, bot_seed + seat) for seat, kind in enumerate(kinds)]
    return _played_out(game.new_initial_state(seed=deal_seed, record_events=False), bots)


def _played_out(state: Any, bots: list[Any]) -> Any:
    """``state`` played to its end by ``bots`` (one per seat); the same state, finished."""
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    return state


def heuristic_win_rate(
    ruleset_name: str, games: int, seed: int = 2024, built: dict[str, dict[str, int]] | None = None
) -> tuple[int, int]:
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


def searching_bot(kind: str, seed: int, options: dict[str, Any]) -> Any:
    """A bot of ``kind`` with ``options`` set on it (the searching bot's attributes: ``paired``, ``depth``...)."""
    from engine.fronts.bots import make_bot

    bot = make_bot(kind, seed)
    for name, value in options.items():
        if not hasattr(bot, name):
            raise SystemExit(f"--set {name}: a {kind} bot has no such option")
        setattr(bot, name, value)
    return bot


# One game's outcome for the measured seat: whether it won, and its margin (its score less the best other score).
Played = tuple[bool, float]


def _searched_games(job: tuple[str, str, int, int, int, dict[str, Any]]) -> tuple[list[Played], list[float]]:
    """``([(won, margin) per game], seconds of each searched move)`` of the ``kind`` bot in the rotating seat of
    games ``first..first+count-1``, against heuristic bots (its margin: its score less the best other score)."""
    ruleset_name, kind, first, count, seed, options = job
    from engine.fronts.bots import make_bot

    game = compiled_game(ruleset_name, tuple(PLAYERS))
    games, times = [], []
    for number in range(first, first + count):
        hero = number % len(PLAYERS)
        bots = [
            searching_bot(kind, seed * 7919 + number * 13 + seat, options)
            if seat == hero
            else make_bot("heuristic", seed * 7919 + number * 13 + seat)
            for seat in range(len(PLAYERS))
        ]
        state = game.new_initial_state(seed=seed * 1_000_003 + number, record_events=False)
        while not state.is_terminal():
            player = state.current_player()
            started = time.perf_counter()
            action = bots[player].choose(state.observation(player), state.legal_actions())
            if player == hero and getattr(bots[player], "last_search", None):
                times.append(time.perf_counter() - started)
                bots[player].last_search = {}
            state.apply_action(action)
        margin, won = _margin(state.result(), hero)
        games.append((won, margin))
    return games, times


def _searched_batch(job: tuple[str, str, int, int, int, dict[str, Any]]) -> tuple[int, list[Played], list[float], str]:
    """:func:`_searched_games` with the number of its first game (a batch may finish before the ones sent earlier)
    and the fingerprint of the engine that played it (a cluster's workers have their own install)."""
    games, times = _searched_games(job)
    return job[2], games, times, engine_fingerprint()


# The engine's front ends, which no game of a run loads (tests/test_benchmarks.py checks it), as paths under
# engine/: a change there leaves every game as it was, so the fingerprint leaves them out, and a run of days
# outlives work on them. (The bots play the games: they count.)
FRONT_ENDS = (
    "fronts/cli",
    "fronts/terminal",
    "fronts/simulation",
    "fronts/formats",
    "fronts/agents",
    "fronts/adapters",
    "fronts/conformance.py",
    "text",
    "openspiel.py",
    "pettingzoo.py",
    "__main__.py",
)


@functools.lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """A digest of the code and rulesets that play the games: the engine's Python files except its front ends
    (``FRONT_ENDS``), and the shipped rulesets.

    A results file keeps games only for the engine that played them: a change
    to either (a bot's constant, a card) makes other games, so a run measured
    before it is not one with the games played after it.
    """
    import hashlib
    from pathlib import Path

    import engine
    from engine.base.resources import package_root

    digest = hashlib.sha256()
    for root, pattern in ((Path(engine.__file__).resolve().parent, "*.py"), (package_root() / "rulesets", "*")):
        for path in sorted(path for path in root.rglob(pattern) if path.is_file()):
            relative = path.relative_to(root)
            if pattern == "*.py" and any(relative.as_posix().startswith(front) for front in FRONT_ENDS):
                continue
            digest.update(relative.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


class Results:
    """A ``--results`` file: the games of a run kept as they finish, so that a stopped run goes on where it stopped.

    One JSON line per batch of games (``search_games`` writes one game a
    batch): what was measured (``run``: ruleset, bot kind, options, seed, and
    the fingerprint of the engine that played it), the number of its first
    game, and each game's ``[won, margin]`` and searched moves' seconds. Lines
    of other runs (another engine's among them) are kept and left alone. A
    line cut short by a stop (the file's last, with no newline) is dropped;
    any other line that is not a batch is an error.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.batches: list[dict[str, Any]] = []
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                # A FIFO or a device would block the read or never end it.
                raise SystemExit(f"{path}: cannot read the results: not a regular file")
            with open(path, "rb") as file:
                text = file.read()
        except FileNotFoundError:
            return
        except OSError as problem:
            raise SystemExit(f"{path}: cannot read the results: {problem.strerror or problem}") from None
        if text and not text.endswith(b"\n"):
            # A batch cut short as it was written: keep what came before it.
            text = text[: text.rfind(b"\n") + 1]
            with open(path, "r+b") as file:
                file.truncate(len(text))
        for number, line in enumerate(text.decode("utf-8", "replace").splitlines(), 1):
            try:
                batch = json.loads(line)
                if not (
                    isinstance(batch, dict)
                    and isinstance(batch.get("run"), dict)
                    and type(batch.get("first")) is int
                    and isinstance(batch.get("games"), list)
                    and all(
                        isinstance(game, list) and len(game) == 2 and isinstance(game[0], bool) and _is_number(game[1])
                        for game in batch["games"]
                    )
                    and isinstance(batch.get("times", []), list)
                    and all(_is_number(seconds) for seconds in batch.get("times", []))
                ):
                    raise ValueError("not a batch of games")
            except ValueError as problem:
                raise SystemExit(f"{path}:{number}:1: not a results line ({problem})") from None
            self.batches.append(batch)

    @staticmethod
    def run_of(ruleset_name: str, kind: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        """What identifies a run's games: the same deals and bots, played by the same engine, give the same games."""
        return {"ruleset": ruleset_name, "kind": kind, "seed": seed, "options": options, "engine": engine_fingerprint()}

    def known(self, run: dict[str, Any]) -> dict[int, tuple[Played, list[float]]]:
        """The games of ``run`` the file holds, by number: ``((won, margin), [])``; the first game of each batch
        carries the batch's move times."""
        found: dict[int, tuple[Played, list[float]]] = {}
        for batch in self.batches:
            if batch["run"] == run:
                for offset, (won, margin) in enumerate(batch["games"]):
                    found[batch["first"] + offset] = (
                        (bool(won), float(margin)),
                        [float(t) for t in batch.get("times", [])] if not offset else [],
                    )
        return found

    def add(self, run: dict[str, Any], first: int, games: list[Played], times: list[float]) -> None:
        """Keep a finished batch (one line, written whole and flushed to the disk before the run goes on)."""
        line = (
            json.dumps({"run": run, "first": first, "games": [[won, margin] for won, margin in games], "times": times})
            + "\n"
        )
        with open(self.path, "a", encoding="utf-8") as file:
            file.write(line)
            file.flush()
            os.fsync(file.fileno())


def _is_number(value: Any) -> bool:
    """Whether a JSON value is a finite number (not a bool, which JSON keeps apart)."""
    return type(value) in (int, float) and math.isfinite(value)


def cluster_executor(address: str) -> tuple[Any, Any, int]:
    """``(client, executor, worker threads)`` of a Dask scheduler; exits with its message when it cannot be used."""
    import click

    from engine.fronts.cli.simulate_cluster import dask_executor

    try:
        client, executor, threads = dask_executor(address)
    except click.ClickException as problem:
        raise SystemExit(f"--scheduler: {problem.message}") from None
    # The workers import engine (installed with the project) but not this checkout's benchmarks: send this module
    # and its helpers by value.
    import cloudpickle

    import benchmarks

    cloudpickle.register_pickle_by_value(benchmarks)
    return client, executor, threads


def _in_workers(function: Callable[[Any], Any], jobs: list[Any], workers: int) -> Iterator[Any]:
    """``function`` of each job, in order: here, or in ``workers`` processes."""
    with contextlib.ExitStack() as stack:
        if workers <= 1:
            yield from map(function, jobs)
            return
        from concurrent.futures import ProcessPoolExecutor

        yield from stack.enter_context(ProcessPoolExecutor(workers)).map(function, jobs)


# The seed of a --search run's deals (game n of every run is the same deal).
SEARCH_SEED = 2024


def search_games(
    ruleset_name: str,
    kind: str,
    games: int,
    workers: int = 1,
    seed: int = SEARCH_SEED,
    options: dict[str, Any] | None = None,
    results: Results | None = None,
    executor: Any = None,
    numbers: Sequence[int] | None = None,
) -> tuple[list[Played], list[float]]:
    """One ``kind`` bot against three heuristic bots, seats rotating: ``(won, margin)`` of each game, in order, and
    the seconds of each searched move. Game ``n`` is the same deal, with the same seeds, for every ``kind``.

    ``results``: games already there are not played again, and each batch played is added as it finishes.
    ``executor``: where the batches are played (a Dask cluster's), rather than ``workers`` processes here.
    ``numbers``: which games (default: the first ``games``).
    """
    options = options or {}
    numbers = range(games) if numbers is None else numbers
    wanted = set(numbers)
    run = Results.run_of(ruleset_name, kind, seed, options)
    known = {
        number: held for number, held in (results.known(run) if results is not None else {}).items() if number in wanted
    }
    # Small batches, so that a long run reports its progress (on stderr); with a results file, a game at a time, so
    # that a stopped run loses only the games in play (a searched Bohnanza game is minutes).
    chunk = 1 if results is not None else max(1, min(25, games // (workers * 4)))
    jobs, first = [], 0
    missing = [number for number in numbers if number not in known]
    while first < len(missing):
        start = missing[first]
        count = 1
        while count < chunk and first + count < len(missing) and missing[first + count] == start + count:
            count += 1
        jobs.append((ruleset_name, kind, start, count, seed, options))
        first += count
    by_number = {number: game for number, (game, _times) in known.items()}
    times = [moment for _number, (_game, moments) in sorted(known.items()) for moment in moments]
    with contextlib.ExitStack() as stack:
        if executor is None and workers > 1 and len(jobs) > 1:
            from concurrent.futures import ProcessPoolExecutor

            executor = stack.enter_context(ProcessPoolExecutor(workers))
        if executor is None:
            finished: Iterator[Any] = map(_searched_batch, jobs)
        else:
            from concurrent.futures import as_completed

            finished = (
                future.result() for future in as_completed([executor.submit(_searched_batch, job) for job in jobs])
            )
        for start, part, moments, fingerprint in finished:
            if fingerprint != run["engine"]:
                raise SystemExit(
                    f"the games were played by another engine ({fingerprint}) than this checkout's "
                    f"({run['engine']}): install this checkout on the workers"
                )
            if results is not None:
                results.add(run, start, part, moments)
            by_number.update(zip(range(start, start + len(part)), part))
            times += moments
            print(
                f"  {ruleset_name} {kind}: {sum(won for won, _margin in by_number.values())} wins in "
                f"{len(by_number)} games",
                file=sys.stderr,
                flush=True,
            )
    return [by_number[number] for number in numbers], times


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    count = len(values)
    mean = sum(values) / count if count else 0.0
    error = math.sqrt(sum((value - mean) ** 2 for value in values) / (count - 1) / count) if count > 1 else 0.0
    return mean, error


def against_report(played: list[Played], baseline: list[Played], baseline_kind: str) -> str:
    """How the bot measured did against ``baseline_kind`` in the same seat of the same deals: the wins and the
    margin it gained per game, each with its standard error (paired by deal, so that the luck of the deal partly
    cancels out)."""
    wins, wins_error = mean_and_error([float(won) - float(other) for (won, _m), (other, _o) in zip(played, baseline)])
    margin, margin_error = mean_and_error([mine - other for (_w, mine), (_o, other) in zip(played, baseline)])
    won = sum(other for other, _margin in baseline)
    return (
        f"against {baseline_kind} in that seat on the same deals ({won}/{len(baseline)} wins): "
        f"wins {wins * 100:+.1f} points "
        f"(standard error {wins_error * 100:.1f}), margin {margin:+.2f} a game (standard error {margin_error:.2f})"
    )


def _margin(result: Any, seat: int) -> tuple[float, bool]:
    """``seat``'s final score minus the best other score, and whether it won."""
    scores = [float(player.score) for player in result.players]
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return scores[seat] - best_other, result.players[seat].name in result.winners


def _sampled_decisions(ruleset_name: str, number: int, every: int) -> Iterator[tuple[int, Any, Any, Any, int, list]]:
    """Heuristic game ``number``'s every ``every``-th decision that is not forced: ``(how many decisions not forced
    so far, state, observation, legal, the heuristic's move, the bots)`` each; the game goes on by the heuristic's
    move after each."""
    from engine.fronts.bots import make_bot

    game = compiled_game(ruleset_name, tuple(PLAYERS))
    bots = [make_bot("heuristic", number * 13 + seat) for seat in range(len(PLAYERS))]
    state = game.new_initial_state(seed=number, record_events=False)
    unforced = 0
    while not state.is_terminal():
        player = state.current_player()
        observation, legal = state.observation(player), state.legal_actions()
        heuristic = bots[player].choose(observation, legal)
        if len(list(islice(legal, 2))) > 1:
            unforced += 1
            if unforced % every == 0:
                yield unforced, state, observation, legal, heuristic, bots
        state.apply_action(heuristic)


def _judged_decisions(job: tuple[str, str, int, int, dict[str, Any]]) -> list[tuple[str, bool, float, int, float]]:
    """One heuristic game's sampled decisions: ``(kind, differs, margin gained, wins gained, seconds)`` each."""
    ruleset_name, kind, number, every, options = job
    judged = []
    for unforced, state, observation, legal, heuristic, bots in _sampled_decisions(ruleset_name, number, every):
        player = observation.player
        searcher = searching_bot(kind, number * 1_000 + unforced, options)
        started = time.perf_counter()
        searched = searcher.choose(observation, legal)
        seconds = time.perf_counter() - started
        decision = observation.decision.get("kind", "")
        if searched == heuristic:
            judged.append((decision, False, 0.0, 0, seconds))
            continue
        outcomes = []
        for move in (searched, heuristic):
            branch = state.clone()
            branch.apply_action(move)
            outcomes.append(_margin(_played_out(branch, bots).result(), player))
        (margin, won), (their_margin, they_won) = outcomes
        judged.append((decision, True, margin - their_margin, int(won) - int(they_won), seconds))
    return judged


def _over_games(
    measure: Callable[[Any], list[tuple]],
    ruleset_name: str,
    kind: str,
    games: int,
    every: int,
    workers: int,
    options: dict[str, Any] | None,
    first: int,
    done: str,
) -> list[tuple]:
    """``measure``'s rows for every sampled decision of ``games`` heuristic games, in game order."""
    jobs = [(ruleset_name, kind, first + number, every, options or {}) for number in range(games)]
    rows: list[tuple] = []
    for part in _in_workers(measure, jobs, workers):
        rows += part
        print(f"  {ruleset_name} {kind}: {len(rows)} decisions {done}", file=sys.stderr, flush=True)
    return rows


def inference_quality(
    ruleset_name: str,
    kind: str,
    games: int,
    every: int = 10,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    first: int = 100_000,
) -> list[tuple]:
    """Every measured decision of ``games`` heuristic games (see the module docstring), in game order."""
    return _over_games(_inferred_decisions, ruleset_name, kind, games, every, workers, options, first, "measured")


def decision_quality(
    ruleset_name: str,
    kind: str,
    games: int,
    every: int = 10,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    first: int = 100_000,
) -> list[tuple]:
    """Every judged decision of ``games`` heuristic games (see the module docstring), in game order."""
    return _over_games(_judged_decisions, ruleset_name, kind, games, every, workers, options, first, "judged")


def decision_report(ruleset_name: str, kind: str, judged: list[tuple]) -> str:
    """The decision-quality figures in one paragraph."""
    count = len(judged)
    mean, error = mean_and_error([row[2] for row in judged])
    by_kind: dict[str, list[float]] = {}
    for decision, differs, gain, _won, _seconds in judged:
        row = by_kind.setdefault(decision, [0, 0, 0.0])
        row[0] += 1
        row[1] += differs
        row[2] += gain
    kinds = "; ".join(
        f"{decision} {int(row[1])}/{int(row[0])} differ, {row[2]:+.0f} points"
        for decision, row in sorted(by_kind.items())
    )
    return (
        f"{ruleset_name}: {kind} vs the heuristic, one decision at a time: {count} decisions, "
        f"{sum(row[1] for row in judged)} differ; margin gained per decision {mean:+.3f} "
        f"(standard error {error:.3f}); wins gained {sum(row[3] for row in judged):+d}; "
        f"mean {sum(row[4] for row in judged) / max(count, 1):.2f} s a move ({kinds})"
    )


def _hidden_placed(truth: Any, drawn: Any, player: int) -> tuple[int, int, int, int]:
    """Of the cards the other players keep out of ``player``'s sight (their hands...): how many ``drawn`` puts in the
    right zone (by card type), of how many; and of those in ordered zones, how many at the right place, of how many.
    Shared hidden zones (a draw pile) are left out: nobody's actions tell anything of them."""
    from engine.core.zones import SHARED, instances_in, visible_to

    layout = truth.game.zones
    type_of = truth.game.cards.type_of
    right = hidden = placed = ordered = 0
    for slot in range(len(layout)):
        owner, spec = layout.slot_owner[slot], layout.specs[layout.slot_zone[slot]]
        if owner in (player, SHARED) or visible_to(spec, owner, player)[0]:
            continue
        true_types = [type_of[instance] for instance in instances_in(truth.zones[slot])]
        drawn_types = [type_of[instance] for instance in instances_in(drawn.zones[slot])]
        hidden += len(true_types)
        right += sum((Counter(true_types) & Counter(drawn_types)).values())
        if spec.kind == "row":
            ordered += len(true_types)
            placed += sum(1 for true_type, drawn_type in zip(true_types, drawn_types) if true_type == drawn_type)
    return right, hidden, placed, ordered


def _inferred_decisions(job: tuple[str, str, int, int, dict[str, Any]]) -> list[tuple[tuple[int, ...], ...]]:
    """One heuristic game's sampled decisions: for the searching bot's drawn games, then for plain deals (its
    ``explain`` off), the sums of :func:`_hidden_placed` over the games drawn, their number and the seconds."""
    ruleset_name, kind, number, every, options = job
    measured = []
    for unforced, state, observation, _legal, _heuristic, _bots in _sampled_decisions(ruleset_name, number, every):
        row = []
        for settings in (options, {**options, "explain": 0}):
            bot = searching_bot(kind, number * 1_000 + unforced, settings)
            started = time.perf_counter()
            games = bot.drawn_games(observation.information_set())
            seconds = time.perf_counter() - started
            sums = [0, 0, 0, 0]
            for drawn, _misses in games:
                sums = [total + part for total, part in zip(sums, _hidden_placed(state, drawn, observation.player))]
            row.append((*sums, len(games), seconds))
        measured.append(tuple(row))
    return measured


def inference_report(ruleset_name: str, kind: str, measured: list[tuple]) -> str:
    """How well the searching bot's drawn games place the others' hidden cards, against plain deals, in one line."""

    def shares(side: int) -> str:
        right, hidden, placed, ordered, games, seconds = (
            sum(row[side][index] for row in measured) for index in range(6)
        )
        text = f"{right / max(hidden, 1):.1%} in the right zone"
        if ordered:
            text += f", {placed / ordered:.1%} at the right place of an ordered zone"
        return (
            text + f" ({games / max(len(measured), 1):.1f} games, {seconds / max(len(measured), 1):.2f} s a decision)"
        )

    return (
        f"{ruleset_name}: the other players' hidden cards in {kind}'s drawn games, at {len(measured)} decisions: "
        f"{shares(0)}; in plain deals: {shares(1)}"
    )


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
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--against", default="", metavar="KIND")
    parser.add_argument("--against-set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--decisions", type=int, default=0, metavar="GAMES")
    parser.add_argument("--inference", type=int, default=0, metavar="GAMES")
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--scheduler", default="", metavar="ADDRESS")
    parser.add_argument("--results", default="", metavar="FILE")
    parser.add_argument("--held", action="store_true")
    parser.add_argument("rulesets", nargs="*", default=["high-society/ja", "bohnanza/amigo"])
    options = parser.parse_args(argv)
    if options.held and not options.results:
        parser.error("--held reports the games of a --results file: name it")
    if (options.results or options.scheduler) and (options.decisions or options.inference):
        parser.error("--results and --scheduler are for runs of whole games, not --decisions or --inference")
    bot_options = _settings(options.set)
    results = Results(options.results) if options.results else None
    with contextlib.ExitStack() as stack:
        executor, workers = None, options.workers
        if options.scheduler:
            client, executor, workers = cluster_executor(options.scheduler)
            stack.callback(client.close)
        _search_rulesets(options, bot_options, results, executor, workers)


def _settings(given: list[str]) -> dict[str, Any]:
    """A bot's options from ``NAME=VALUE`` settings (a VALUE in JSON, else the text itself)."""
    found: dict[str, Any] = {}
    for setting in given:
        key, _, value = setting.partition("=")
        try:
            found[key.strip()] = json.loads(value)
        except ValueError:
            found[key.strip()] = value
    return found


def _held(results: Results, ruleset_name: str, kind: str, options: dict[str, Any], games: int) -> set[int]:
    """The numbers, below ``games``, of the games of this run that ``results`` holds."""
    run = Results.run_of(ruleset_name, kind, SEARCH_SEED, options)
    return {number for number in results.known(run) if number < games}


def _search_rulesets(
    options: Any, bot_options: dict[str, Any], results: Results | None, executor: Any, workers: int
) -> None:
    """The measures ``search_main`` was asked for, ruleset by ruleset."""
    name = options.search.partition(":")[0]
    kinds = [options.search] + [f"{name}:{budget}" for budget in options.curve.split(",") if budget]
    for ruleset_name in options.rulesets:
        if options.inference:
            measured = inference_quality(
                ruleset_name, options.search, options.inference, max(1, options.every), options.workers, bot_options
            )
            print(inference_report(ruleset_name, options.search, measured), flush=True)
            continue
        if options.decisions:
            judged = decision_quality(
                ruleset_name, options.search, options.decisions, max(1, options.every), options.workers, bot_options
            )
            print(decision_report(ruleset_name, options.search, judged), flush=True)
            continue
        against_options = _settings(options.against_set)
        against = options.against + "".join(f" {key}={value}" for key, value in against_options.items())
        numbers = None
        if not options.held:
            baseline = (
                search_games(
                    ruleset_name,
                    options.against,
                    options.games,
                    workers,
                    options=against_options,
                    results=results,
                    executor=executor,
                )[0]
                if options.against
                else None
            )
        for kind in kinds:
            start = time.perf_counter()
            if options.held:
                # The games the file holds of this kind (and of the bot compared against): nothing is played.
                held = _held(results, ruleset_name, kind, bot_options, options.games)
                if options.against:
                    held &= _held(results, ruleset_name, options.against, against_options, options.games)
                if not held:
                    print(f"{ruleset_name}: {kind}: {options.results} holds none of these games", flush=True)
                    continue
                numbers = sorted(held)
                baseline = (
                    search_games(
                        ruleset_name,
                        options.against,
                        options.games,
                        options=against_options,
                        results=results,
                        numbers=numbers,
                    )[0]
                    if options.against
                    else None
                )
            played, times = search_games(
                ruleset_name,
                kind,
                options.games,
                workers,
                options=bot_options,
                results=results,
                executor=executor,
                numbers=numbers,
            )
            wins, count = sum(won for won, _margin in played), len(played)
            low, high = wilson(wins, count)
            mean = sum(times) / len(times) if times else 0.0
            searched = (
                f"searched moves {len(times)}, mean {mean:.3f} s, slowest {max(times, default=0):.3f} s; "
                if times
                else ""
            )
            margin, margin_error = mean_and_error([margin for _won, margin in played])
            compared = f"; {against_report(played, baseline, against)}" if baseline is not None else ""
            print(
                f"{ruleset_name}: {kind} vs 3 heuristic: {wins}/{count} wins = {wins / count:.1%} "
                f"(95% {low:.1%}-{high:.1%}; parity 25%); margin {margin:+.2f} a game (standard error "
                f"{margin_error:.2f}){compared}; {searched}{time.perf_counter() - start:.0f} s in all",
                flush=True,
            )


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
        print(
            f"{name}: heuristic vs 3 random: {wins}/{played} wins = {wins / played:.1%} "
            f"({played / seconds:.1f} games/s)"
        )
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
