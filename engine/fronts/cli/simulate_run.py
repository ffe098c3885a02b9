"""``cardrules simulate``: many seeded bot games per ruleset, compared side by side.

Game ``i`` is dealt identically under every ruleset (see
:mod:`engine.fronts.simulation.runner`), so the differences reported are paired.
The work runs in this process (``--jobs 1``), a process pool (``--jobs N``,
default: every core) or on a Dask cluster (``--scheduler tcp://HOST:PORT``);
the statistics are the same whichever.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import random
import signal
import stat
import sys
import time
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, CancelledError
from pathlib import Path
from typing import Any

import click
from babel.numbers import format_decimal
from rich.cells import cell_len
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TimeRemainingColumn
from rich.table import Column

from engine.base.errors import CardrulesError
from engine.base.formatting import reader_locale
from engine.base.glyphs import cut_overflow, one_cell_wide
from engine.base.i18n import _, ngettext
from engine.base.shown import json_text, literal
from engine.fronts.bots import BOT_KINDS
from engine.fronts.cli.common import (
    end_as_interrupted,
    failing,
)
from engine.fronts.cli.seats_option import parse_seats
from engine.fronts.cli.simulate_cluster import close_client, cluster_liveness, dask_executor, lost_scheduler
from engine.fronts.conformance import require_trial
from engine.fronts.formats import gamelog
from engine.fronts.simulation.report import render_report, summarize
from engine.fronts.simulation.runner import (
    RulesetSpec,
    SimulationInterrupted,
    SimulationLost,
    SimulationPlan,
    WorkersLost,
    run_simulation,
)
from engine.fronts.terminal.console import OutputConsole, Wrapped
from engine.fronts.terminal.session import relative_reference
from engine.language.ruleset_files import find_ruleset_path

try:
    import fcntl
except ImportError:  # Windows has no flock: a --logs file is written there without the lock
    fcntl = None  # type: ignore[assignment]

# The progress bar appears only for runs that last longer than this (seconds).
PROGRESS_DELAY = 1.0
# Width of the report when stdout is not a terminal: wide enough for three
# rulesets side by side instead of rich's narrow default of 80 columns.
PIPE_WIDTH = 160


def plotting() -> Any:
    """The plot module, which needs the optional matplotlib (``pip install 'cardrules[plot]'``)."""
    try:
        from engine.fronts.simulation import plot  # lazy: matplotlib is an optional dependency
    except ImportError:
        # TRANSLATORS: --plot needs the optional matplotlib dependency.
        raise click.UsageError(_("--plot needs matplotlib: pip install 'cardrules[plot]'.")) from None
    return plot


def most_jobs() -> int:
    """The most worker processes ``--jobs`` may start: more than four per core only fight for the cores
    (and each holds the rulesets in memory), and --jobs 100000 would start processes without end."""
    return 4 * available_cores()


def available_cores() -> int:
    """The cores this process may use (the default for --jobs)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def bot_seats(spec: str) -> tuple[list[str], list[str]]:
    """``(names, bot kinds)`` from a ``--players`` list in which every seat must be a bot (exit 2 otherwise)."""

    seats = parse_seats(spec)
    humans = [seat.name for seat in seats if seat.is_human]
    if humans:
        # TRANSLATORS: {names} are seats of --players that are not bot:KIND; {kinds} lists the bot kinds.
        raise click.BadParameter(
            _(
                "simulate plays bots only, but {names} would be a person; write bot:KIND "
                "for every seat (kinds: {kinds}).",
                names=", ".join(humans),
                kinds=", ".join(BOT_KINDS),
            ),
            param_hint="--players",
        )
    return [seat.name for seat in seats], [str(seat.bot_kind) for seat in seats]


# The narrowest progress bar worth drawing (cells); a narrower terminal shows the numbers without it.
PROGRESS_BAR_LEAST = 10
# rich's own width of the bar.
PROGRESS_BAR_MOST = 40


class LazyProgress:
    """A rich progress bar on stderr that appears only once a run has lasted a second.

    Silent when stderr is not a terminal or when disabled (``--json``), so
    scripts and logs never see it.
    """

    def __init__(self, total: int, enabled: bool, rulesets: int = 1) -> None:
        # Counted as the user asked: games per ruleset (--games); the speed counts every game played.
        self.total = total
        self.rulesets = rulesets
        self.enabled = enabled and sys.stderr.isatty()
        self.started_at = time.monotonic()
        self.progress: Any = None
        self.task: Any = None

    def update(self, done: int) -> None:
        """``done`` games of ``total`` are finished under every ruleset."""
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.started_at
        if self.progress is None:
            if elapsed < PROGRESS_DELAY or done >= self.total:
                return
            self._start()
        # The whole run's average: steadier than the bar's own estimate over the last seconds.
        speed = format_decimal(done * self.rulesets / max(elapsed, 1e-9), "#,##0", locale=reader_locale())
        # TRANSLATORS: progress bar; {speed} is a number of games per second.
        self.progress.update(self.task, completed=done, rate=_("{speed} games/s", speed=speed))

    def _start(self, console: Any = None) -> None:

        console = console if console is not None else OutputConsole(stderr=True)
        self.progress = Progress(*self.columns(console.width), console=console, transient=True)
        self.progress.start()
        self.task = self.progress.add_task("", total=self.total, rate="")

    def columns(self, width: int) -> list[Any]:
        """The bar's columns for a terminal ``width`` cells wide: the count and the time always whole.

        The count is what the user asked to see (``152/300``): a long
        description (Japanese, Korean) once made rich cut it mid-number or drop
        it. The description is shortened first, then the bar itself left out;
        a terminal narrowed later cuts the description, never a number.
        """

        label = (
            # TRANSLATORS: the label of the progress bar while games are played; the count after the bar is
            # games per ruleset (as --games says).
            _("Simulating")
            if self.rulesets == 1
            # TRANSLATORS: the label of the progress bar when several rulesets are compared; {n} counts them; the count
            # after the bar is games per ruleset (as --games says).
            else ngettext(
                "Simulating ({n} ruleset, games per ruleset)",
                "Simulating ({n} rulesets, games per ruleset)",
                self.rulesets,
            )
        )
        # The widest the numbers get: the count at its end, a fast rate, an hour's time left; a space between columns.
        numbers = (
            cell_len(f"{self.total}/{self.total}")
            + cell_len(_("{speed} games/s", speed="99,999"))
            + cell_len("0:00:00")
            + 3
        )
        if cell_len(label) + 1 + numbers + 1 + PROGRESS_BAR_LEAST > width:
            label = _("Simulating")
        columns: list[Any] = [shown_column(lambda task: label, Column(no_wrap=True, overflow=cut_overflow()))]
        bar = min(PROGRESS_BAR_MOST, width - cell_len(label) - 1 - numbers - 1)
        if bar >= PROGRESS_BAR_LEAST:
            columns.append(BarColumn(bar_width=bar, table_column=Column(no_wrap=True)))
        columns += [
            MofNCompleteColumn(table_column=Column(no_wrap=True, min_width=cell_len(f"{self.total}/{self.total}"))),
            shown_column(lambda task: task.fields["rate"], Column(no_wrap=True)),
            TimeRemainingColumn(table_column=Column(no_wrap=True, min_width=7)),
        ]
        return columns

    def close(self) -> None:
        """Remove the bar (if it was shown)."""
        if self.progress is not None:
            self.progress.stop()


def shown_column(text_of: Any, table_column: Any) -> Any:
    """A progress-bar column showing ``text_of(task)`` as it is, through :func:`engine.base.shown.literal`.

    rich's ``TextColumn`` reads its text as markup and as a format string: a
    catalog's translation of the label or the speed could then make a live
    hyperlink (``[link=file:///...]``) or blink, as no other text does.
    """

    class ShownColumn(ProgressColumn):
        def render(self, task: Any) -> Any:
            return literal(text_of(task))

    return ShownColumn(table_column=table_column)


def load_rulesets(names: Sequence[str], options: dict[str, str]) -> tuple[list[Any], list[Any]]:
    """``(specs, rulesets)`` for the ``-r`` values; bad rulesets raise located errors (exit 1)."""

    specs = [RulesetSpec.from_argument(name, options) for name in names]
    rulesets = [spec.load() for spec in specs]
    for name in names:
        require_trial(name)  # what validate refuses is not played
    return specs, rulesets


def named_for_logs(specs: Sequence[Any], logs_path: str) -> list[Any]:
    """``specs``, each house rule file that its id does not find named by its path relative to ``logs_path``.

    As ``play --log`` does: ``replay`` then finds the file from any directory,
    as long as the logs stay next to it.
    """

    named = []
    for spec in specs:
        if spec.loaded is not None:
            found = find_ruleset_path(spec.loaded.id)
            if found is None or found.resolve() != Path(spec.name_or_path).resolve():
                spec = dataclasses.replace(spec, log_name=relative_reference(Path(spec.name_or_path), Path(logs_path)))
        named.append(spec)
    return named


def why_lost(cause: BaseException, scheduler: str | None) -> str:
    """What ended a run whose workers were lost (:class:`SimulationLost`), in the user's language."""
    if isinstance(cause, WorkersLost):
        return str(cause)
    if scheduler is None or isinstance(cause, BrokenExecutor):
        # A pool of our own is lost only by a process of it that ended (the pool is then broken).
        # TRANSLATORS: simulate --jobs: a worker process ended in the middle of its games (killed, out of memory).
        return _("a worker process ended before its games were over (killed, or out of memory)")
    if isinstance(cause, CancelledError):
        return lost_scheduler(scheduler)
    # TRANSLATORS: simulate --scheduler: the cluster's workers died each time they played some games; {reason} is
    # Dask's own account.
    return _(
        "the workers of the Dask cluster at {address} died while playing games: {reason}",
        address=scheduler,
        reason=str(cause) or type(cause).__name__,
    )


def _waits_for_a_reader(path: str) -> bool:
    """Whether ``path`` is a named pipe or a socket (a device such as /dev/null takes writes at once)."""

    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _unwritable_logs(path: str, problem: OSError) -> click.BadParameter:
    """The --logs file cannot be opened or written (``problem`` says why)."""
    return click.BadParameter(
        _("cannot write {path}: {reason}", path=path, reason=problem.strerror or str(problem)), param_hint="--logs"
    )


def _open_logs_alone(path: str) -> Any:
    """The --logs file, emptied and open for writing, once no other run writes it (else exit 1, located).

    Two runs writing one file would mix their lines, even cut into each other:
    the file is locked (``flock``, held until it is closed) before it is
    emptied, so a second run, with ``--force`` or started a moment after the
    first, is refused and the first run's lines stay as they are.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o666)
    except OSError as problem:
        raise _unwritable_logs(path, problem) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        return os.fdopen(fd, "wb")  # a device (/dev/null): nothing to mix up, and others may write it too
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise CardrulesError.at(
            # TRANSLATORS: simulate --logs names a file that another simulate run is writing at this moment.
            _("another cardrules simulate is writing this file: wait for it to end, or name another file"),
            file=path,
        ) from None
    except OSError:
        pass  # a file system without locks (some network drives): written as before, unguarded
    try:
        os.ftruncate(fd, 0)
    except OSError as problem:
        os.close(fd)
        raise _unwritable_logs(path, problem) from None
    return os.fdopen(fd, "wb")


def run_command(
    ruleset_names: tuple[str, ...],
    baseline: str | None,
    options: dict[str, str],
    games: int,
    players_spec: str,
    seed: int | None,
    jobs: int | None,
    scheduler: str | None,
    scheduler_timeout: float,
    logs_path: str | None,
    force: bool,
    plot_path: str | None,
    as_json: bool,
) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.simulate_cmd`)."""

    if baseline is not None:
        if baseline not in ruleset_names:
            # TRANSLATORS: --baseline names a ruleset that no -r gives; {rulesets} lists the -r values.
            raise click.BadParameter(
                _(
                    "{baseline} is not one of the rulesets compared: {rulesets}",
                    baseline=baseline,
                    rulesets=", ".join(ruleset_names),
                ),
                param_hint="--baseline",
            )
        # The baseline goes first: every difference is against the first. Game i is dealt alike under every
        # ruleset whatever their order, so the figures are those of the same games.
        ruleset_names = (baseline, *(name for name in ruleset_names if name != baseline))

    if jobs is not None and jobs > most_jobs():
        # TRANSLATORS: --jobs asked for more worker processes than the machine can usefully run.
        raise click.BadParameter(
            _("{jobs} is too many: at most {most} worker processes (four per core here)", jobs=jobs, most=most_jobs()),
            param_hint="--jobs",
        )
    names, seat_kinds = bot_seats(players_spec)
    specs, rulesets = load_rulesets(ruleset_names, options)
    for ruleset in rulesets:
        if not ruleset.players_min <= len(seat_kinds) <= ruleset.players_max:
            raise click.BadParameter(
                _(
                    "{ruleset} is for {low} to {high} players, not {count}.",
                    ruleset=ruleset.id,
                    low=ruleset.players_min,
                    high=ruleset.players_max,
                    count=len(seat_kinds),
                ),
                param_hint="--players",
            )
    if logs_path is not None and os.path.isfile(logs_path) and not force:
        # Logs are data (hours of games): not lost to a command recalled from the shell's history.
        # TRANSLATORS: {path} is the --logs file; keep the word --force.
        raise click.BadParameter(
            _("{path} already holds a file: replace it with --force, or name another", path=logs_path),
            param_hint="--logs",
        )
    if logs_path is not None and _waits_for_a_reader(logs_path):
        # Opening a pipe for writing waits for a reader: the run would hang before its first game.
        raise click.BadParameter(
            _(
                "cannot write {path}: {reason}",
                path=logs_path,
                reason=_("it is not a regular file (a pipe, a device or a socket)"),
            ),
            param_hint="--logs",
        )
    if plot_path is not None:
        plot = plotting()  # checked before hours of games, not after
        if plot.image_format(plot_path) not in plot.supported_image_formats():
            # TRANSLATORS: --plot names a file whose ending is no image format; {formats} lists the endings.
            raise click.BadParameter(
                _(
                    "cannot draw a plot into {path}: name it .png or one of {formats}",
                    path=plot_path,
                    formats=", ".join(plot.supported_image_formats()),
                ),
                param_hint="--plot",
            )
        directory = os.path.dirname(os.path.abspath(plot_path))
        if not os.path.isdir(directory) or not os.access(directory, os.W_OK):
            # Found out now rather than after hours of games.
            # TRANSLATORS: why the --plot file cannot be written: the {reason} of "cannot write {path}: {reason}".
            reason = _("its folder does not exist or is not writable")
            # TRANSLATORS: the --plot file cannot be written; {path} is the file, {reason} why.
            raise click.BadParameter(
                _(
                    "cannot write {path}: {reason}",
                    path=plot_path,
                    reason=reason,
                ),
                param_hint="--plot",
            )
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if logs_path is not None:
        specs = named_for_logs(specs, logs_path)
    plan = SimulationPlan(tuple(specs), tuple(seat_kinds), tuple(names), games, seed, keep_logs=logs_path is not None)

    logs_file = None
    # The bytes of whole lines the --logs file holds for sure (written and flushed): a write that fails (a full
    # disk, a file too large) cuts the file back to them, so it never ends in half a line that replay refuses.
    logs_kept = 0
    if logs_path is not None:
        logs_file = _open_logs_alone(logs_path)
    # Writes that fail once the games are under way (a full disk) cost the logs or the plot, never the
    # statistics: they are told after the report, and the exit status is 1.
    write_problems: list[str] = []
    client = None
    progress = LazyProgress(games, enabled=not as_json, rulesets=len(specs))
    try:
        executor, workers = None, None
        check_alive, lost_errors = None, ()
        if scheduler:
            client, executor, workers = dask_executor(scheduler, scheduler_timeout)
            check_alive = cluster_liveness(client, scheduler, scheduler_timeout)
            from distributed import KilledWorker  # lazy: Dask is an optional dependency (the cluster extra)

            lost_errors = (KilledWorker,)

        def write_logs(lines: list[str]) -> None:
            nonlocal logs_file, logs_kept
            if logs_file is None:
                return  # an earlier write failed: the games go on without logs

            try:
                for line in lines:
                    # A character is at most 4 bytes: only a line that long can be too long.
                    if (
                        len(line) > gamelog.MAX_LOG_LINE_BYTES // 4
                        and len(line.encode("utf-8")) > gamelog.MAX_LOG_LINE_BYTES
                    ):
                        # What replay could not read is not written: the file stops before it, and says so.
                        raise OSError(
                            errno.EFBIG,
                            # TRANSLATORS: simulate --logs: writing the log file stopped at a game whose log is too long
                            # for replay to read; {limit} is a number of bytes.
                            _(
                                "a game's log is longer than a log may be ({limit} bytes)",
                                limit=gamelog.MAX_LOG_LINE_BYTES,
                            ),
                        )
                    logs_file.write((line + "\n").encode("utf-8"))
                    logs_file.flush()  # line by line: a failure loses at most the line it was writing
                    logs_kept = logs_file.tell()
            except OSError as problem:  # a full disk, a vanished network drive
                write_problems.append(_cannot_write(logs_path, problem))
                _close_quietly(logs_file)
                logs_file = None
                _cut_back(logs_path, logs_kept)

        played = games
        lost = None
        try:
            tally = run_simulation(
                plan,
                jobs=jobs or available_cores(),
                executor=executor,
                workers=workers,
                on_progress=progress.update,
                on_logs=write_logs if logs_file is not None else None,
                check_alive=check_alive,
                alive_every=scheduler_timeout,
                lost_errors=lost_errors,
            )
        except SimulationInterrupted as stop:
            # Ctrl-C: the games played so far are reported (they are the first ones), then the program ends
            # as interrupted. A second Ctrl-C ends it at once.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            tally, played = stop.tally, stop.games
        except SimulationLost as stop:
            # Workers lost part way: as after Ctrl-C, the first games are reported, then what happened (exit 1).
            tally, played = stop.tally, stop.games
            lost = why_lost(stop.cause, scheduler)
    finally:
        progress.close()
        if logs_file is not None:
            try:
                logs_file.close()  # flushes the last lines, which can fail like any write
            except OSError as problem:
                write_problems.append(_cannot_write(logs_path, problem))
                _cut_back(logs_path, logs_kept)
        if client is not None:
            close_client(client, scheduler_timeout)

    if lost is not None and played == 0:
        failing(1)
        click.echo(lost, err=True)
        # TRANSLATORS: after why simulate stopped (a worker process or the cluster was lost) before any game was over.
        click.echo(_("No game was finished: nothing to report."), err=True)
        sys.exit(1)
    if played == 0:
        # TRANSLATORS: Ctrl-C stopped simulate before its first game was over: there is nothing to report.
        click.echo(_("Interrupted before any game was finished: nothing to report."), err=True)
        end_as_interrupted()
    summary = summarize(
        rulesets=rulesets, sources=list(ruleset_names), seat_kinds=seat_kinds, games=played, seed=seed, tally=tally
    )
    if as_json:
        click.echo(json_text(summary, indent=2))
    else:
        print_report(summary, rulesets)
    if plot_path is not None:
        try:
            warnings = plotting().save_plot(summary, plot_path, rulesets)
        except OSError as problem:
            write_problems.append(_cannot_write(plot_path, problem))
        except KeyboardInterrupt:
            # TRANSLATORS: Ctrl-C came while the --plot image was being drawn, after the report was printed.
            click.echo(f"{plot_path}: " + _("not written: interrupted while it was being drawn"), err=True)
            end_as_interrupted()
        else:
            for warning in warnings:
                click.echo(warning, err=True)
            if not as_json:
                # TRANSLATORS: {path} is the PNG file written by --plot.
                click.echo(_("Plot saved to {path}.", path=plot_path))
    if lost is not None:
        failing(1)
        click.echo(lost, err=True)
        # TRANSLATORS: after the report of a simulation whose worker process or cluster was lost part way (the line
        # before says which); keep --games and --seed as they are.
        click.echo(
            ngettext(
                "The report is of the first {played} game of {games} per ruleset, the same as --games {played} "
                "--seed {seed} gives.",
                "The report is of the first {played} games of {games} per ruleset, the same as --games {played} "
                "--seed {seed} gives.",
                played,
                played=played,
                games=games,
                seed=seed,
            ),
            err=True,
        )
    elif played < games:
        # TRANSLATORS: after the report of a simulation stopped by Ctrl-C; keep --games and --seed as they are.
        click.echo(
            ngettext(
                "Interrupted: the report is of the first {played} game of {games} per ruleset, the "
                "same as --games {played} --seed {seed} gives.",
                "Interrupted: the report is of the first {played} games of {games} per ruleset, the "
                "same as --games {played} --seed {seed} gives.",
                played,
                played=played,
                games=games,
                seed=seed,
            ),
            err=True,
        )
    if write_problems:
        failing(1)
        for problem in write_problems:
            click.echo(problem, err=True)
        sys.exit(1)
    if lost is not None:
        sys.exit(1)
    if played < games:
        end_as_interrupted()


def _cannot_write(path: str | None, problem: OSError) -> str:
    """A located message for an output file that could not be written after the games had begun."""
    # TRANSLATORS: after "FILE: ", an output file (--logs, --plot) could not be written; {reason} comes from the system.
    return f"{path}: " + _("cannot write the file: {reason}", reason=problem.strerror or str(problem))


def _cut_back(path: str | None, size: int) -> None:
    """End the file at ``size`` bytes, its last whole line (a write failed in the middle of one)."""
    if path is None:
        return
    try:
        os.truncate(path, size)
    except OSError:
        pass  # a file that cannot even be cut back: the failure is told already


def _close_quietly(handle: Any) -> None:
    try:
        handle.close()
    except OSError:
        pass  # what was buffered is lost with the rest: the failure is told already


def print_report(summary: dict[str, Any], rulesets: Sequence[Any]) -> None:
    """The tables and findings on stdout, in the user's language."""

    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else PIPE_WIDTH
    console = OutputConsole(width=width, highlight=False)
    # TRANSLATORS: the first line of the report; {games} (also {n}) counts the games, {seats} lists the bot kinds by seat.
    console.print(
        ngettext(
            "{games} game per ruleset, seats {seats}, seed {seed}.",
            "{games} games per ruleset, seats {seats}, seed {seed}.",
            summary["games"],
            games=summary["games"],
            seats=", ".join(summary["players"]),
            seed=summary["seed"],
        ),
        markup=False,
    )
    for renderable in render_report(summary, rulesets, width=console.width):
        if isinstance(renderable, str):
            # A finding or a note: plain text, brackets and all, wrapped as all the program's text is (rich breaks
            # only at spaces: Japanese lost "±" or "95%" to a line of their own, and a line started with "）。").
            # With --ascii its characters are the tables' (the notes explain their "+/-").
            console.print(Wrapped(one_cell_wide(renderable)))
        else:
            console.print(renderable)
