"""Playing many seeded bot games, in batches, in process or on other processes or machines.

Pairing. Game ``i`` is dealt the same way under every ruleset compared
(:class:`~engine.core.chance.PairedChance`): each card gets a sort key drawn
from a hash of ``(seed, i, card)`` and every shuffle puts its cards in key
order. Cards that two rulesets share therefore come up in the same relative
order in both, whatever other cards either adds or removes (a house rule with
an extra card gets that card slotted in somewhere, the rest of the deck
unchanged), and a ruleset's game ``i`` is the same whichever other rulesets it
is compared with. The first player and every bot's seed are drawn from the
same hash of ``(seed, i, ...)``, so the only thing that differs between the
rulesets is the rules.

Batches. A task plays a contiguous range of game indices under every ruleset
and returns a :class:`~engine.fronts.simulation.stats.BatchTally` (plus the logs when
asked for), never one object per game. Tallies are exact, so the merged
statistics are identical whatever the batch size, the number of jobs or the
executor (in process, a process pool, a Dask cluster).

Executors. Anything with the ``concurrent.futures.Executor`` interface runs the
batches: a ``ProcessPoolExecutor`` (see :func:`process_pool` for fork or
spawn) or a Dask ``Client.get_executor()``. The worker
function is a top-level function of this module, so any worker that can
import ``engine`` can run it.
"""

from __future__ import annotations

import ctypes
import json
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as WaitedTooLong
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.chance import PairedChance, hash64
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.bots import make_bot
from engine.fronts.simulation.stats import BatchTally, GameOutcome, reported_counters, reported_measures

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# A batch should be large enough that shipping its tally costs nothing next to
# playing it (50 games of the quickest ruleset take a tenth of a second), and
# small enough that the progress bar moves, the last batches do not leave
# workers idle, and Ctrl-C leaves out few finished games: only the first batch
# cut short is reported from, so the games other workers finished in theirs
# (at most MAX_BATCH_GAMES - 1 each) are not.
MAX_BATCH_GAMES = 50
BATCHES_PER_WORKER = 8
# Batches in flight per worker: enough to keep every worker busy while the
# parent consumes results in batch order.
IN_FLIGHT_PER_WORKER = 3


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class RulesetSpec:
    """How a worker gets a ruleset: a name (``game/edition``) or a file path, and option overrides.

    A house rule given as a file is loaded once, here, and the loaded ruleset
    travels with the spec (rulesets pickle), so a worker on another machine
    needs neither the file nor its parents. A name is loaded by each worker
    from its own installed rulesets.
    """

    name_or_path: str
    options: tuple[tuple[str, Any], ...] = ()
    loaded: Any = field(default=None, compare=False, repr=False)
    # What a game log records as its "ruleset" when not the ruleset's id: a house rule's path
    # relative to the logs file, for a file that cannot be found by its id.
    log_name: str | None = field(default=None, compare=False)

    @classmethod
    def from_argument(cls, name_or_path: str, options: Mapping[str, Any] | None = None) -> RulesetSpec:
        """A spec from a command-line ``-r`` value (raises the loader's located errors for a file)."""
        overrides = tuple(sorted((options or {}).items()))
        if os.path.exists(name_or_path):
            path = os.path.abspath(name_or_path)
            return cls(path, overrides, load_ruleset(name_or_path, dict(overrides) or None))
        return cls(name_or_path, overrides)

    def load(self) -> Any:
        """The Ruleset (raises the loader's located errors)."""
        if self.loaded is not None:
            return self.loaded

        return load_ruleset(self.name_or_path, dict(self.options) or None)


@dataclass(frozen=True)
class SimulationPlan:
    """Everything that determines a simulation's results (and nothing that does not, like --jobs)."""

    rulesets: tuple[RulesetSpec, ...]
    seat_kinds: tuple[str, ...]
    player_names: tuple[str, ...]
    games: int
    seed: int
    keep_logs: bool = False

    def batches(self, workers: int) -> Iterator[tuple[int, int]]:
        """Contiguous ``(start, stop)`` game ranges sized for ``workers`` workers, made as they are needed.

        A generator: ``--games 1000000000000`` must not build five billion ranges before the first game.
        """
        size = max(1, min(MAX_BATCH_GAMES, math.ceil(self.games / max(1, workers * BATCHES_PER_WORKER))))
        return ((start, min(start + size, self.games)) for start in range(0, self.games, size))


# --------------------------------------------------------------------------- derived randomness


def bot_seed(seed: int, game_index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for game ``game_index`` (the same under every ruleset)."""
    return hash64(seed, game_index, "seat", seat)


# --------------------------------------------------------------------------- playing (in a worker)

_loaded_lock = threading.Lock()
_loaded: dict[tuple[RulesetSpec, tuple[str, ...], tuple[str, ...]], tuple[Any, Any, Reported]] = {}


@dataclass(frozen=True)
class Reported:
    """What a ruleset's ``report`` asks to be counted: measures by name, and counters with their indices."""

    measures: tuple[str, ...] = ()
    # (counter id, its index in the game, whether each player has one)
    counters: tuple[tuple[str, int, bool], ...] = ()

    @classmethod
    def of(cls, ruleset: Ruleset, game: Game) -> Reported:
        """The measures and counters ``ruleset`` reports, resolved against its built ``game``."""
        per_player = {spec["id"]: spec.get("owner", "shared") == "player" for spec in ruleset.counters}
        return cls(
            reported_measures(ruleset),
            tuple((name, game.counter_index[name], per_player[name]) for name, _per in reported_counters(ruleset)),
        )


def _game_for(
    spec: RulesetSpec, player_names: tuple[str, ...], seat_kinds: tuple[str, ...]
) -> tuple[Any, Any, Reported]:
    """``(ruleset, game, what the ruleset reports)`` for a spec, loaded once per worker process."""
    key = (spec, player_names, seat_kinds)
    with _loaded_lock:
        cached = _loaded.get(key)
    if cached is not None:
        return cached

    ruleset = spec.load()
    seat_kinds_for_log = [f"bot:{kind}" for kind in seat_kinds]
    game = Game(ruleset, list(player_names), seats=seat_kinds_for_log)
    entry = (ruleset, game, Reported.of(ruleset, game))
    with _loaded_lock:
        _loaded[key] = entry
    return entry


def play_one_game(game: Game, plan: SimulationPlan, game_index: int) -> Any:
    """Play game ``game_index`` of the plan to the end with its bots; returns the terminal State."""

    state = game.new_initial_state(
        chance_source=PairedChance(plan.seed, game_index), record_events=False
    )  # nobody narrates a simulated game
    bots = [make_bot(kind, seed=bot_seed(plan.seed, game_index, seat)) for seat, kind in enumerate(plan.seat_kinds)]
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.checked_legal_actions()))
    return state


def counter_total(state: State, counter_index: int, per_player: bool) -> int:
    """A counter's final value; a per-player counter summed over the players (the table's total)."""
    if not per_player:
        return state.counter(counter_index)
    return sum(state.counter(counter_index, seat) for seat in range(state.game.player_count))


def outcome_of(state: State, player_names: Sequence[str], report: Reported | Sequence[str] = ()) -> GameOutcome:
    """The facts the statistics need from a finished game.

    ``report`` is what the ruleset reports (:class:`Reported`), or just the
    names of the measures it reports.
    """
    if not isinstance(report, Reported):
        report = Reported(tuple(report))
    result = state.result()
    seat_of = {name: seat for seat, name in enumerate(player_names)}
    players = result.players
    return GameOutcome(
        winning_seats=frozenset(seat_of[name] for name in result.winners),
        eliminated=tuple(bool(player.eliminated) for player in players),
        scores=tuple(player.score for player in players),
        measures=tuple((name, tuple(player.measure(name) for player in players)) for name in report.measures),
        decided_by=result.decided_by,
        rounds=int(state.round_number),
        actions=len(state.history),
        counters=tuple((name, counter_total(state, index, per_player)) for name, index, per_player in report.counters),
    )


@dataclass
class BatchResult:
    """What a worker sends back for games ``start`` to ``stop - 1``: their tally, and their logs if asked.

    ``interrupted``: Ctrl-C stopped the batch after game ``stop - 1`` (in
    this process, or in a worker of a pool of our own); the games after it
    were not played.
    """

    start: int
    stop: int
    tally: BatchTally
    log_lines: list[str] = field(default_factory=list)
    interrupted: bool = False


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a simulation: ``tally`` counts its first ``games`` games, under every ruleset.

    A KeyboardInterrupt, so a caller that does not look for it stops as on
    any Ctrl-C; ``cardrules simulate`` reports the games played. They are the
    first games in order, so the figures are those that ``--games`` of that
    number (and the same seed) gives.
    """

    def __init__(self, tally: BatchTally, games: int) -> None:
        super().__init__(games)
        self.tally = tally
        self.games = games


class WorkersLost(Exception):
    """The workers can play no more: raised by a liveness check (a cluster whose scheduler stopped answering,
    or with no worker left); its text says what happened, in the user's language."""


class SimulationLost(Exception):
    """The workers were lost part way: ``tally`` counts the first ``games`` games, under every ruleset.

    ``cause`` is what ended the run: a process pool broken by a worker that
    died (``BrokenExecutor``), games cancelled by a cluster that lost its
    scheduler (``CancelledError``), a :class:`WorkersLost` from a liveness
    check, or one of the caller's ``lost_errors``. As after Ctrl-C, the games
    counted are the first ones in order, so the figures are those of
    ``--games`` of that number with the same seed.
    """

    def __init__(self, tally: BatchTally, games: int, cause: BaseException) -> None:
        super().__init__(games, cause)
        self.tally = tally
        self.games = games
        self.cause = cause


# What a worker's game never raises, only the losing of workers does.
WORKERS_LOST: tuple[type[BaseException], ...] = (BrokenExecutor, CancelledError, WorkersLost)


def play_batch(plan: SimulationPlan, start: int, stop: int, *, keep_on_interrupt: bool = False) -> BatchResult:
    """Play games ``start`` .. ``stop - 1`` under every ruleset of the plan and tally them.

    This is the task a worker runs: a top-level function taking only plain,
    picklable values, so process pools and Dask workers can import it.
    With ``keep_on_interrupt`` (a batch played where Ctrl-C arrives: in this
    process, or in a pool's worker) a KeyboardInterrupt ends the batch with
    the games finished under every ruleset; the game under way is dropped
    under all of them.
    """
    global _playing
    tally = BatchTally.empty(plan.seat_kinds, len(plan.rulesets))
    log_lines: list[str] = []
    if keep_on_interrupt and _interrupted:
        return BatchResult(start, start, tally, log_lines, interrupted=True)  # queued before Ctrl-C: not begun
    loaded = [_game_for(spec, plan.player_names, plan.seat_kinds) for spec in plan.rulesets]
    for game_index in range(start, stop):
        try:
            _playing = keep_on_interrupt
            try:
                outcomes, lines = _play_deal(plan, loaded, game_index)
            finally:
                _playing = False
        except KeyboardInterrupt:
            if not keep_on_interrupt:
                raise
            return BatchResult(start, game_index, tally, log_lines, interrupted=True)
        tally.add_game(outcomes)
        log_lines.extend(lines)
    return BatchResult(start, stop, tally, log_lines)


# Ctrl-C while a simulation runs (in the parent, and in each worker of its pool): whether it came (the loops
# stop at their next turn, batches still queued return at once), and whether a game is being played (only
# then does Ctrl-C raise, to stop that game: anywhere else it would break a loop that must end cleanly).
_interrupted = False
_playing = False


def _on_interrupt(signum: int, frame: Any) -> None:
    """The SIGINT handler while a simulation runs: note the stop, and stop the game under way."""
    global _interrupted
    first = not _interrupted
    _interrupted = True
    if first and _playing:  # the terminal's Ctrl-C and the parent's reach a worker both: one stop is enough
        raise KeyboardInterrupt


def _play_deal(plan: SimulationPlan, loaded: list, game_index: int) -> tuple[list[GameOutcome], list[str]]:
    """Game ``game_index`` under every ruleset: the outcomes, and the log lines when the plan keeps logs."""
    outcomes = []
    log_lines: list[str] = []
    for spec, (_ruleset, game, report) in zip(plan.rulesets, loaded):
        state = play_one_game(game, plan, game_index)
        outcomes.append(outcome_of(state, plan.player_names, report))
        if plan.keep_logs:
            log = state.to_log()
            if spec.log_name is not None:
                log["ruleset"] = spec.log_name
            # Not "seed": that key means new_initial_state(seed) would deal this game.
            log["simulation"] = {"seed": plan.seed, "game": game_index}
            log_lines.append(json.dumps(log, ensure_ascii=False, sort_keys=False))
    return outcomes, log_lines


# --------------------------------------------------------------------------- running (in the parent)

ProgressCallback = Callable[[int], None]


def _run_in_process(plan: SimulationPlan) -> Iterator[BatchResult]:
    """Every batch, one after the other, in this process (``--jobs 1``); Ctrl-C ends the batch under way
    with the games it finished, and the run after it."""
    for start, stop in plan.batches(1):
        result = play_batch(plan, start, stop, keep_on_interrupt=True)
        if _interrupted:
            result.interrupted = True
        yield result
        if result.interrupted:
            return


# Seconds the workers have, after Ctrl-C, to send back the games their batches finished.
DRAIN_SECONDS = 10
# How often the parent, waiting for a batch, looks whether Ctrl-C came.
WAIT_SECONDS = 0.2
# Seconds without a batch back after which a pool of our own is checked for dead workers (see _check_workers_alive).
POOL_ALIVE_EVERY = 1.0
# Seconds a stopped process pool's manager thread has to end (it ends as soon as it sees its workers gone).
MANAGER_EXIT_SECONDS = 10


def _run_on_executor(
    plan: SimulationPlan,
    executor: Executor,
    workers: int,
    interrupt_workers: Callable[[], None] | None = None,
    check_alive: Callable[[], None] | None = None,
    alive_every: float = 10.0,
) -> Iterator[BatchResult]:
    """Every batch on ``executor``, results yielded in batch order with a bounded number in flight.

    Keeping only a few batches in flight keeps memory flat in the number of
    games (logs, when kept, are written as their batch comes back). After
    Ctrl-C, with ``interrupt_workers`` (a pool of our own), every worker is
    asked to stop and the batches under way are yielded with the games they
    finished, up to the first one cut short; without it (a cluster, whose
    workers cannot be asked) the run ends with the batches already back.
    The last result yielded is then marked ``interrupted``.

    ``check_alive`` (a cluster's) is called whenever no batch has come back
    for ``alive_every`` seconds: a batch may well take longer, but a cluster
    that lost its last worker, or whose scheduler froze, would keep this
    loop waiting for ever; the check raises :class:`WorkersLost` then.
    """

    ranges = iter(plan.batches(workers))
    in_flight: deque[Future] = deque()
    window = max(2, workers * IN_FLIGHT_PER_WORKER)
    keep = interrupt_workers is not None

    def submit_next() -> None:
        for start, stop in ranges:
            in_flight.append(executor.submit(play_batch, plan, start, stop, keep_on_interrupt=keep))
            return

    for _ in range(window):
        submit_next()
    last_news = time.monotonic()
    while in_flight and not _interrupted:
        try:
            result = in_flight[0].result(timeout=WAIT_SECONDS)
        except WaitedTooLong:
            if check_alive is not None and time.monotonic() - last_news >= alive_every:
                check_alive()
                last_news = time.monotonic()
            continue
        last_news = time.monotonic()
        in_flight.popleft()
        submit_next()
        yield result
    if not _interrupted:
        return
    if interrupt_workers is not None:
        interrupt_workers()
        deadline = time.monotonic() + DRAIN_SECONDS
        for future in in_flight:
            try:
                result = future.result(timeout=max(0.0, deadline - time.monotonic()))
            except Exception:  # a worker gone, or too slow to answer: the batches before it are kept
                break
            yield result
            if result.interrupted:
                return
    yield BatchResult(0, 0, BatchTally.empty(plan.seat_kinds, len(plan.rulesets)), interrupted=True)


def process_pool(jobs: int, plan: SimulationPlan | None = None) -> Executor:
    """A pool of ``jobs`` worker processes, ready to play ``plan``.

    Where the platform forks (Linux) and this process runs no other thread,
    the workers are forked after the plan's rulesets and games are built
    here, so they start at once with everything loaded (spawned workers each
    spend a good fraction of a second importing and loading the rulesets).
    With another thread running (a progress bar, a Dask client) a fork could
    copy a lock that thread holds, so the workers are spawned instead; the
    worker function is a top-level function either way.
    """

    can_fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
    if can_fork and threading.active_count() == 1:
        if plan is not None:
            for spec in plan.rulesets:
                _game_for(spec, plan.player_names, plan.seat_kinds)
        context = multiprocessing.get_context("fork")
    else:
        context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=end_with_parent, initargs=(os.getpid(),)
    )


def end_with_parent(parent: int) -> None:
    """Make a worker process end when the process that started it does, however that one ends.

    A parent ended by ``kill`` (SIGTERM, or SIGKILL, which no program can
    catch) cannot shut its pool down, and its workers would play on for
    nobody. On Linux the kernel sends the worker SIGTERM when its parent
    dies (``PR_SET_PDEATHSIG``); elsewhere nothing is done. Ctrl-C (the
    terminal's, or the parent's) stops the worker's game under way: its
    batch returns the games it finished, and the parent reports them.
    """

    global _interrupted
    _interrupted = False
    signal.signal(signal.SIGINT, _on_interrupt)
    if not sys.platform.startswith("linux"):
        return

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


# prctl(2): the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


def run_simulation(
    plan: SimulationPlan,
    *,
    jobs: int = 1,
    executor: Executor | None = None,
    workers: int | None = None,
    on_progress: ProgressCallback | None = None,
    on_logs: Callable[[list[str]], None] | None = None,
    check_alive: Callable[[], None] | None = None,
    alive_every: float = 10.0,
    lost_errors: tuple[type[BaseException], ...] = (),
) -> BatchTally:
    """Play the plan and return the merged tally.

    ``executor`` (with its number of ``workers``) runs the batches when given,
    e.g. a Dask cluster's; otherwise ``jobs`` 1 plays in process and more
    start a process pool. ``on_progress`` receives the number of games done
    (under every ruleset) after each batch; ``on_logs`` the batch's log lines
    in game order. ``check_alive`` and ``alive_every``: see
    :func:`_run_on_executor`. Workers lost part way (a pool's process
    killed, a cluster's scheduler or last worker gone, or one of the
    executor's own ``lost_errors``) end the run with
    :class:`SimulationLost`, which holds the tally of the first games.
    """
    global _interrupted
    merged = BatchTally.empty(plan.seat_kinds, len(plan.rulesets))
    own_pool: Executor | None = None
    # More workers than games would only start processes that find nothing to play.
    jobs = min(jobs, max(1, plan.games))
    done = 0
    interrupted = False
    lost: BaseException | None = None
    _interrupted = False
    handler = _catch_interrupts()
    try:
        if executor is None and jobs > 1:
            own_pool = executor = process_pool(jobs, plan)
            workers = jobs
        if executor is None:
            results = _run_in_process(plan)
        elif own_pool is not None:
            results = _run_on_executor(
                plan,
                executor,
                workers or jobs,
                lambda: _interrupt_workers(own_pool),
                lambda: _check_workers_alive(own_pool),
                POOL_ALIVE_EVERY,
            )
        else:
            results = _run_on_executor(plan, executor, workers or jobs, None, check_alive, alive_every)
        for result in results:
            # Batches arrive in order and tallies are exact: the same merge every time.
            merged.merge(result.tally)
            if on_logs is not None and result.log_lines:
                on_logs(result.log_lines)
            done += result.stop - result.start
            if on_progress is not None:
                on_progress(done)
            if result.interrupted:
                interrupted = True
                break
    except KeyboardInterrupt:  # not ours to catch as it came (no handler of ours: not the main thread)
        interrupted = True
    except WORKERS_LOST + lost_errors as cause:
        lost = cause
    finally:
        if handler is not None:
            signal.signal(signal.SIGINT, handler)
        if own_pool is not None:
            if interrupted or lost is not None:
                _stop_workers(own_pool)  # after a lost worker, the others would play on for nothing
            else:
                own_pool.shutdown(wait=True, cancel_futures=True)
        elif interrupted and executor is not None:
            executor.shutdown(wait=False)  # a cluster's: its batches are cancelled, its workers stay
        # A cluster that was lost is left to its client, which closes it with a time limit: cancelling its
        # batches here would wait for a scheduler that may never answer.
    if interrupted:
        raise SimulationInterrupted(merged, done)
    if lost is not None:
        raise SimulationLost(merged, done, lost)
    return merged


def _catch_interrupts() -> Any:
    """Take Ctrl-C over while a simulation runs (see :func:`_on_interrupt`); the handler it replaced, or None.

    Only in the main thread (the only one signals reach), and only where Ctrl-C would raise KeyboardInterrupt:
    an ignored SIGINT (a job started with ``nohup``) stays ignored.
    """
    if threading.current_thread() is not threading.main_thread():
        return None
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return None
    return signal.signal(signal.SIGINT, _on_interrupt)


def _interrupt_workers(pool: Executor) -> None:
    """Pass Ctrl-C on to a pool's workers (they get the terminal's own, but not a ``kill -INT`` of this one)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            os.kill(process.pid, signal.SIGINT)
        except (OSError, TypeError):
            pass  # already gone


def _check_workers_alive(pool: Executor) -> None:
    """Raise ``BrokenExecutor`` if one of a pool's worker processes has ended (killed, or out of memory).

    The pool notices a dead worker by itself, unless the worker died while
    it held the lock of the pipe the results come back through: the pool's
    manager then waits for the rest of a message that never comes, the other
    workers wait for the lock, and the run would wait for ever. A pool's
    workers end only when it shuts down, so one that has ended means the run
    is lost.
    """
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.exitcode is not None:
            raise BrokenExecutor(f"worker process {process.pid} ended with {process.exitcode}")


def _stop_workers(pool: Executor) -> None:
    """End a process pool's workers at once, in the middle of their batches (after Ctrl-C)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    # Before 3.14 the processes are only reachable through the pool, which forgets them once shut down.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    # A worker killed while it wrote a result leaves the pool's manager thread reading the rest of that message
    # for ever, and Python waits for that thread at exit. With every worker gone, this process holds the results
    # pipe's last writing end: closed, the read ends (the pool is broken) and the manager with it.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()
    # The manager closes its wake-up pipe as it ends; at exit, Python wakes every pool's manager through that pipe,
    # and one still closing it made that wake-up fail with a traceback ("Bad file descriptor") after the report.
    if manager is not None:
        manager.join(timeout=MANAGER_EXIT_SECONDS)
