"""What ``play`` does once its command line is read: the work of :mod:`engine.fronts.cli.play_cmd`.

``cardrules play``: a game in the terminal, or narrated when nobody is at the keyboard.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from engine.base.errors import EndlessGameError, LogError, RulesetError
from engine.base.formatting import format_list
from engine.base.i18n import _, current_language, ngettext, requested_language
from engine.core.game import Game
from engine.families.catalog import list_rulesets, load_ruleset
from engine.fronts.bots import BOT_KINDS, bot_kind_name, capped_from_file
from engine.fronts.cli.seats_option import parse_seats
from engine.fronts.conformance import require_trial
from engine.fronts.formats.gamelog import check_save_target, read_log
from engine.fronts.formats.log_lock import LogLock
from engine.fronts.formats.resume import resume_state
from engine.fronts.terminal.console import OutputConsole
from engine.fronts.terminal.seats import DEFAULT_BOT_KIND, Seat, SeatSpecError, all_bots, seats_from_log
from engine.fronts.terminal.session import GameSession, QuitRequested, default_log_path, relative_reference
from engine.language.overlay import reference_target


def choose_default_ruleset(notices: list[str]) -> str:
    """The edition that suits the user's language (else English readers' one); ``notices`` gets the announcement."""

    playable = [info for info in list_rulesets() if not info.abstract and not getattr(info, "error", None)]
    # Editions (GAME/EDITION) before house rules, which inherit their parent's languages.
    playable.sort(key=lambda info: info.name.count("/") != 1)
    language = current_language()
    base_language = language.split("_")[0]
    for wanted in (language, base_language, "en"):
        for info in playable:
            if wanted in (info.languages or ()):
                # TRANSLATORS: play without -r (keep it); {name} is the ruleset chosen for the user's language, e.g.
                # "mygame/classic".
                notices.append(_("No ruleset given (-r): playing {name}.", name=info.name))
                return info.name
    if playable:
        return playable[0].name
    raise RulesetError.at(_("no playable ruleset was found"))


def announce_narration(console: Console) -> None:
    """The first line of a narrated game, once the game is known to be playable (bad input is told first)."""
    console.print(
        # TRANSLATORS: the first line of a game played with no keyboard (input from a file or pipe): bots play it.
        _("No terminal on input: bots play every seat and the game is narrated."),
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def stand_in_bots(seats: list[Any], console: Console) -> list[Any]:
    """Every human seat handed to a bot (nobody can answer a prompt), and the reader told whose."""

    humans = [seat.name for seat in seats if seat.is_human]
    if humans:
        # TRANSLATORS: at the start of a narrated game; {names} are the human players
        # (e.g. the login name), {kind} a bot kind such as "heuristic".
        console.print(
            ngettext(
                "{names}'s seat is played by a {kind} bot.",
                "The seats of {names} are played by {kind} bots.",
                len(humans),
                names=format_list(humans),
                kind=bot_kind_name(DEFAULT_BOT_KIND),
            ),
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    return all_bots(seats)


def check_log_target(log_file: str) -> None:
    """A new game's ``--log`` file can be saved to: never a symbolic link, a device, a pipe or a missing folder."""

    path = Path(log_file)
    if os.path.islink(path):
        # Saving replaces the file: the link would become a file and what it points to keep the old game.
        # TRANSLATORS: the --log file given is a symbolic link; {path} is it as given, e.g. "game.json".
        raise click.BadParameter(
            _("{path} is a symbolic link: name the file itself", path=log_file), param_hint="--log"
        )
    check_save_target(path)  # a device, a pipe or a folder: told now, not after the game's first move


def check_no_game_there(log_file: str, force: bool) -> None:
    """An existing game is replaced only with ``--force`` (asked while holding the file's lock: a game that
    another ``play`` saved there a moment ago is seen)."""
    path = Path(log_file)
    if os.path.isfile(path) and not force:  # not a pipe or a device: saving refuses those, --force or not
        # TRANSLATORS: {path} is the --log file; keep the words --resume and --force.
        raise click.BadParameter(
            _(
                "{path} already holds a file: continue its game with --resume {path}, or replace it with --force",
                path=log_file,
            ),
            param_hint="--log",
        )


def is_ruleset_path(name: str) -> bool:
    """Whether ``-r`` names a YAML file rather than a GAME/EDITION ruleset."""
    return Path(name).suffix.lower() in (".yaml", ".yml") and os.path.isfile(Path(name))


def new_game(
    ruleset_name: str | None,
    players_spec: str | None,
    seed: int | None,
    log_file: str | None,
    options: dict[str, str],
    interactive: bool,
    console: Console,
) -> Any:
    """A session for a new game (seats, deal, log file)."""

    seats = parse_seats(players_spec)
    notices: list[str] = []
    name = ruleset_name or choose_default_ruleset(notices)
    ruleset = load_ruleset(name, options or None)
    require_trial(name)  # what validate refuses is not played
    if not ruleset.players_min <= len(seats) <= ruleset.players_max:
        raise click.BadParameter(
            # TRANSLATORS: --players gives a number of seats the ruleset does not allow; {ruleset} is its id, e.g.
            # "mygame/classic". {low}, {high} and {count} are numbers of players.
            _(
                "{ruleset} is for {low} to {high} players, not {count}.",
                ruleset=ruleset.id,
                low=ruleset.players_min,
                high=ruleset.players_max,
                count=len(seats),
            ),
            param_hint="--players",
        )
    if not interactive:
        # Narration reads top to bottom: the edition first, then who plays whose seat.
        announce_narration(console)
        for text in notices:
            console.print(text, markup=False, highlight=False, soft_wrap=True)
        notices = []
        seats = stand_in_bots(seats, console)
    if seed is None:
        # A recorded seed makes the deal and the bots' play reproducible from the log.
        seed = random.SystemRandom().randrange(2**31)
    game = Game(ruleset, [seat.name for seat in seats], seats=[seat.log_kind() for seat in seats])
    state = game.new_initial_state(seed=seed)
    log_path = Path(log_file) if log_file else (default_log_path() if interactive else None)
    extras: dict[str, Any] = {}
    if is_ruleset_path(name):
        extras["ruleset"] = relative_reference(Path(name), log_path)
    session = GameSession(
        ruleset=ruleset,
        seats=seats,
        state=state,
        console=console,
        interactive=interactive,
        log_path=log_path,
        log_extras=extras,
        bot_seed=seed,
    )
    for text in notices:
        session.notice(text)
    return session


def resumed_game(resume_file: str, log_file: str | None, interactive: bool, console: Console) -> Any:
    """A session continuing a saved game; a corrupt, finished or unplayable log is refused."""

    record = read_log(resume_file)
    log = record.log
    result_at = record.location("$.result")
    finished = LogError.at(  # TRANSLATORS: play --resume of a game log whose game has ended.
        _("this game is already finished; there is nothing to resume"),
        result_at.file,
        result_at.line,
        result_at.column,
        json_path="$.result",
    )
    if "result" in log:
        raise finished
    seats: list[Any] = []
    capped: list[tuple[str, str | None, str | None]] = []  # (player, kind the log asks, kind played)

    def seated_game(ruleset: Any, players: list[str]) -> Game:
        # The seat kinds are checked once the ruleset is known: a log with a bad seat says so at that seat.
        try:
            for seat in seats_from_log(players, log.get("seats"), BOT_KINDS):
                kind = capped_from_file(seat.bot_kind) if seat.bot_kind is not None else None
                if kind != seat.bot_kind:
                    capped.append((seat.name, seat.bot_kind, kind))
                seats.append(Seat(seat.name, kind, from_file=kind is not None))
        except SeatSpecError as problem:
            where = record.location(f"$.seats[{problem.seat}]")
            raise LogError.at(problem.message, where.file, where.line, where.column, where.json_path) from None
        return Game(ruleset, players, seats=[seat.log_kind() for seat in seats])

    resumed = resume_state(record, seated_game)
    # What validate refuses is not played, resumed or not: a house rule's files may have changed since the save.
    require_trial(reference_target(log["ruleset"], Path(record.file), record.file))
    ruleset, state, seed = resumed.ruleset, resumed.state, resumed.seed
    if state.is_terminal():
        raise finished
    if not interactive:
        announce_narration(console)
        seats = stand_in_bots(seats, console)
    extras = {"ruleset": log["ruleset"]} if log["ruleset"] != ruleset.id else {}
    # The bots of a resumed game draw from a seed of their own, so a log resumes the same way twice.
    bot_seed = None if seed is None else seed + len(log["actions"])
    saved_in = Path(log_file or resume_file)
    if log_file is None and os.path.islink(saved_in):
        # A save replaces the file it writes: through a link, the link would become a copy and its target stay old.
        saved_in = Path(os.path.realpath(saved_in))
    session = GameSession(
        ruleset=ruleset,
        seats=seats,
        state=state,
        console=console,
        interactive=interactive,
        log_path=saved_in,
        log_extras=extras,
        bot_seed=bot_seed,
    )
    session.skip_told_events()
    # TRANSLATORS: at the start of play --resume; {path} is the game log file, e.g. "game.json".
    session.notice(_("Resuming the game saved in {path}.", path=resume_file))
    for player, asked, kind in capped:
        session.notice(
            # TRANSLATORS: play --resume of a log whose bot seat asks for a longer search than a file may; {player}
            # is the seat's name, {asked} the log's bot kind (e.g. "ismcts:3600s"), {kind} what it plays with
            # instead (e.g. "ismcts:30s"). Keep the kinds as they are.
            _(
                "{player} asked for {asked} in the saved game, more than a file may ask: it plays as {kind}.",
                player=player,
                asked=asked,
                kind=kind,
            )
        )
    return session


def run_command(
    ruleset_name: str | None,
    players_spec: str | None,
    seed: int | None,
    log_file: str | None,
    resume_file: str | None,
    force: bool,
    options: dict[str, str],
) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.play_cmd`)."""

    console = OutputConsole(highlight=False)
    interactive = sys.stdin.isatty()
    if resume_file and (ruleset_name or players_spec or seed is not None or options):
        # TRANSLATORS: play --resume with other options; keep --resume, -r, --players, --seed and -o as they are.
        raise click.UsageError(_("--resume continues a saved game as it was: it takes no -r, --players, --seed or -o."))
    lock = None
    try:
        if log_file and not (resume_file and os.path.abspath(log_file) == os.path.abspath(resume_file)):
            check_log_target(log_file)
            # Locked before looking for a game there: two games started at once cannot both find it free.
            lock = LogLock(log_file).acquire()
            check_no_game_there(log_file, force)
        if resume_file:
            session = resumed_game(resume_file, log_file, interactive, console)
        else:
            session = new_game(ruleset_name, players_spec, seed, log_file, options, interactive, console)
        session.language = requested_language()
        if session.log_path is not None and (lock is None or not _same_file(lock.path, session.log_path)):
            if lock is not None:
                lock.release()
            lock = LogLock(session.log_path).acquire()
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if interactive:
        _ctrl_c_stops_the_game()
    ended_by = _ends_cleanly_when_terminated()
    try:
        session.run()
    except (QuitRequested, EOFError, KeyboardInterrupt):
        _tell_where_it_was_saved(console, session)
    except _Terminated:
        with contextlib.suppress(OSError):  # after SIGHUP nothing may read the output any more
            _tell_where_it_was_saved(console, session)
    except EndlessGameError:
        # Resuming would only stop again: the log is kept to be looked at (replay), the error says why.
        if session.log_path is not None:
            console.print(
                # TRANSLATORS: after a game that had to stop (it could not end); {path} is the game log file.
                _("The game log is saved in {path}.", path=str(session.log_path)),
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
        raise
    finally:
        if lock is not None:
            lock.release()
    if ended_by:
        # Ended by the signal itself, as a program that let it act would be: the shell and `timeout` see why.

        signal.signal(ended_by[0], signal.SIG_DFL)
        os.kill(os.getpid(), ended_by[0])


def _same_file(one: Path, other: str | os.PathLike) -> bool:
    """Whether two paths name the same file (a lock taken for ``--log`` serves the session saving there)."""
    return os.path.realpath(one) == os.path.realpath(other)


class _Terminated(BaseException):
    """The process was asked to end (SIGTERM) or lost its terminal (SIGHUP) while a game ran."""


def _ends_cleanly_when_terminated() -> list[int]:
    """Let `kill` or a closed terminal end the game as Ctrl-C does: saved, its log's lock file removed.

    By default these signals end Python at once, leaving the lock file beside
    the log. Returns the list that will hold the signal that stopped the game;
    a second signal during the clean-up waits for it. A signal the parent
    process ignored (``nohup``) stays ignored. SIGKILL cannot be caught: the
    next game on that log reuses the lock file and removes it.
    """

    received: list[int] = []

    def stop(signum: int, _frame: Any) -> None:
        if not received:
            received.append(signum)
            raise _Terminated()

    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, stop)
    return received


def _tell_where_it_was_saved(console: Console, session: Any) -> None:
    """The stop message: where the game is saved and how to resume it."""
    console.print()
    console.print(session.stopped_message(), markup=False, highlight=False, soft_wrap=True)


def _ctrl_c_stops_the_game() -> None:
    """Ctrl-C saves the game and stops, whatever the parent process did with the signal.

    A process inherits an ignored SIGINT (a job started under ``nohup`` or by a
    program that ignores it) and a blocked one; Python then never raises
    KeyboardInterrupt, and Ctrl-C at a prompt would do nothing at all.
    """

    signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
