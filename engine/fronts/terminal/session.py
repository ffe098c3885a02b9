"""The game loop of ``cardrules play``: prompts, bots, hot-seat screens, saving, resuming.

A session owns one game :class:`~engine.core.state.State` and the seats around it.
Humans answer prompts (every prompt ends with ``"> "``); bots choose from
their :class:`~engine.core.observation.Observation` only. After every action the log
is rewritten atomically, so stopping at any moment (``q``, Ctrl-C, end of
input, a killed process) leaves a file ``play --resume`` continues from.

Without a terminal on stdin nobody can answer a prompt: every seat is a bot
and the game is narrated, one line per event, down to the final scoring.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderableType
from rich.text import Text

from engine.base.errors import EndlessGameError, LogError
from engine.base.i18n import _
from engine.base.resources import user_data_root
from engine.base.shown import printable
from engine.families.common.front.narrating import event_field
from engine.families.common.front.player_input import (
    InputProblem,
    in_typed_form,
    normalize_input,
    quit_words,
    recap_words,
)
from engine.fronts.bots import MOST_SECONDS_FROM_FILES, make_bot
from engine.fronts.formats import gamelog
from engine.fronts.terminal.console import Wrapped
from engine.fronts.terminal.ending import final_report
from engine.fronts.terminal.prompts import PromptHost, forced_action, prompt_for
from engine.fronts.terminal.seats import Seat
from engine.fronts.terminal.table_view import (
    COMPACT_BELOW,
    Cut,
    heading_lines,
    render_table,
    round_card,
    story_line,
    story_lines,
)
from engine.text.narration import describe_events, setup_length

if TYPE_CHECKING:
    from engine.core.observation import Observation

# The most lines of events kept between two of a human's moves.
KEPT_EVENT_LINES = 400
# While only bots move, the log is rewritten at most this often (seconds): a save is an fsync'd rewrite of
# the whole file, and saving after every bot move made a long game quadratic. A human's move is saved at
# once, and so is the game before a human is asked, when it ends, and when it is stopped as endless.
BOTS_SAVE_INTERVAL = 0.5
# The rows the story needs under the table to show its latest line: its heading, the line (a cut marker before it
# when earlier lines are left out), and the row the cursor moves to when Enter is pressed.
STORY_LEAST_ROWS = 4
# The tables a screen tries in turn, the fullest first (short, cut: see render_table), until one leaves the story
# its latest line: the whole table; a line per player, the heading without how the decision works; the other
# players' lines held to one row each; the shared zones' lines too.
LAYOUTS = ((False, Cut.NOTHING), (True, Cut.NOTHING), (True, Cut.PLAYERS), (True, Cut.SHARED))


class QuitRequested(Exception):
    """The player asked to save and quit (``q``)."""


@dataclass
class GameSession(PromptHost):
    """One game being played in the terminal.

    ``log_extras`` are the keys the session adds to the engine's log (seat
    kinds, seed, ruleset reference); ``log_path`` None means nothing is saved.
    """

    ruleset: Any
    seats: list[Seat]
    state: Any
    console: Console
    interactive: bool
    log_path: Path | None = None
    log_extras: dict[str, Any] = field(default_factory=dict)
    bot_seed: int | None = None
    # The --lang the game was started with, repeated in the resume hint (None: the environment's).
    language: str | None = None
    read_line: Callable[[str], str] | None = None
    _bots: dict[int, Any] = field(default_factory=dict)
    _viewer: int | None = None
    _events_told: int = 0
    _recent: list[str] = field(default_factory=list)
    # The lines of ``_recent`` a story cut to fit the screen keeps (their indices): the human's last move and the
    # move that followed it (an answer to their offer, say), and each move played for them.
    _kept: list[int] = field(default_factory=list)
    # Whether the move after the human's (what answers it) is still to be told.
    _answer_due: bool = False
    # The table waiting to be drawn (observation, viewer) while what the prompt says first is captured: the
    # story under the table gets the rows the screen has once those lines and the prompt are known.
    _table_to_draw: tuple[Any, int | None] | None = None
    # The JSON text of the actions saved so far: each save encodes only the new ones.
    _encoded_actions: list[str] = field(default_factory=list)
    # When the log was last written, and how many actions it held then.
    _saved_at: float = 0.0
    _saved_actions: int = -1

    # ------------------------------------------------------------------ running

    def run(self) -> None:
        """Play until the game ends or a player stops it (QuitRequested, EOFError, KeyboardInterrupt)."""

        for index, seat in enumerate(self.seats):
            if not seat.is_human:
                seed = None if self.bot_seed is None else self.bot_seed * 1009 + index
                most = MOST_SECONDS_FROM_FILES if seat.from_file else None
                self._bots[index] = make_bot(seat.bot_kind, seed, most_seconds=most)
        self.save()
        if self._events_told == 0:
            # A new game: the deal and the first shuffle are not news.
            self._events_told = setup_length(self.state.events)
        self._tell_new_events()
        while not self.state.is_terminal():
            player = self.state.current_player()
            human = self.seats[player].is_human and self.interactive
            forced = self.forced_move(player) if human else None
            if forced is not None:
                action = forced  # told with what happened, under the table of the player's next question
            elif human:
                self.save_if_behind()  # what the player sees is saved before they are asked
                action = self.ask_human(player)
                # What happened before this human's move is old news from now on.
                self._recent, self._kept = [], []
            else:
                action = self._bots[player].choose(self.state.observation(player), self.state.checked_legal_actions())
            try:
                self.state.apply_action(action)
            except EndlessGameError:
                self.save_if_behind()  # the refused action is not in the history: the log keeps the game so far
                raise
            if human or time.monotonic() - self._saved_at >= BOTS_SAVE_INTERVAL:
                self.save()
            self._tell_new_events()
            asked = human and forced is None
            if asked or self._answer_due:  # the human's move, then the next one (what answers it), are kept
                self._kept = [*range(len(self._recent)), *(i for i in self._kept if i >= len(self._recent))]
                self._answer_due = asked
        try:
            self.save_if_behind()
        except LogError:
            # The game is over and its result is known: a full disk costs the log, not the result.
            self.finish(saved=False)
            raise
        self.finish()

    @property
    def players(self) -> list[str]:
        """Player names in seat order."""
        return [seat.name for seat in self.seats]

    def save_if_behind(self) -> None:
        """Save unless the log already holds every action."""
        if self._saved_actions != len(self.state.history):
            self.save()

    def save(self) -> None:
        """Rewrite the log atomically (nothing to do without a log file)."""
        self._saved_at = time.monotonic()
        self._saved_actions = len(self.state.history)
        if self.log_path is None:
            return

        log = dict(self.state.to_log())
        log.update(self.log_extras)
        try:
            gamelog.save_log_atomic(self.log_path, log, encoded_actions=self._encoded_actions)
        except OSError as error:
            # TRANSLATORS: play: the game log could not be written during the game; {reason} is the system's reason,
            # e.g. "No space left on device".
            raise LogError.at(
                _("cannot save the game log: {reason}", reason=error.strerror or str(error)), str(self.log_path)
            ) from None

    def notice(self, text: str, keep: bool = False) -> None:
        """A line about the session itself (edition chosen, game resumed, a move played for a player).

        Narrated at once; at a terminal it joins "what just happened", since the
        table is drawn on a cleared screen and would wipe a line printed before it
        (``keep``: a story cut to fit the screen keeps it).
        """
        if self.interactive:
            if keep:
                self._kept.append(len(self._recent))
            self._recent.append(text)
        else:
            self.say(text)

    def skip_told_events(self) -> None:
        """Treat the past rounds as told: a resumed game retells only the round under way.

        The round's reveal and bids so far are what a returning player needs
        (which card is up, who bid what); earlier rounds show on the table.
        """
        events = list(self.state.events)
        # A round starts with a reveal, or a turn with its first phase.
        reveals = [i for i, event in enumerate(events) if event_field(event, "type") in ("reveal",)] or [
            i for i, event in enumerate(events) if event_field(event, "type") == "phase"
        ]
        self._events_told = reveals[-1] if reveals else len(events)

    def _tell_new_events(self) -> None:
        """Narrate new events (no terminal) or keep them for the table drawn before a human's next prompt (terminal).

        Bots may make dozens of moves between two of a human's: the table is
        drawn once, when the human is asked, with everything that happened.
        """
        # Only the new ones: copying the whole list first made a long game's narration quadratic.
        events = self.state.events[self._events_told :]
        self._events_told += len(events)
        lines = describe_events(self.ruleset, self.players, events)
        if not self.interactive:
            for line in lines:
                self.say(line)
            return
        if lines:
            dropped = max(0, len(self._recent) + len(lines) - KEPT_EVENT_LINES)
            self._kept = [index - dropped for index in self._kept if index >= dropped]
            self._recent = (self._recent + lines)[-KEPT_EVENT_LINES:]

    def show_table(self) -> None:
        """Draw the table as the human at the keyboard may see it, on a cleared screen, before the prompt.

        The drawing waits for the prompt (see :meth:`_draw_table`): what the
        prompt says first is captured meanwhile, so the story under the table
        is given every row the screen has left, not a guess of what a prompt needs.
        """
        self._draw_table_later(*self._seen_table())

    def _seen_table(self) -> tuple[Observation, int | None]:
        """What the human at the keyboard may see of the game, and who they are (None: no hand is shown)."""
        player = self.state.current_player()
        viewer = self._viewer
        if viewer is None:
            humans = [i for i, seat in enumerate(self.seats) if seat.is_human]
            viewer = humans[0] if len(humans) == 1 else None
        observer = viewer if viewer is not None else player
        return self.state.observation(observer), viewer

    def _draw_table_later(self, observation: Observation, viewer: int | None) -> None:
        self._draw_table()  # one waiting already is drawn first (never the case in a game's loop)
        self._table_to_draw = (observation, viewer)
        self.console.begin_capture()

    def _draw_table(self, prompt: str | None = None) -> None:
        """The table waiting to be drawn, with the story that fits, then what was said meanwhile (``prompt``: next)."""
        if self._table_to_draw is None:
            return
        observation, viewer = self._table_to_draw
        self._table_to_draw = None
        said = self.console.end_capture()
        reserved = self._rows_of_text(said) + (self._rows_of_text(prompt) if prompt else 0)
        short, cut = self._layout(observation, viewer, reserved)
        table = self._table(
            observation, viewer, self._recent_lines(observation, viewer, reserved, short, cut), short, cut
        )
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(table)
        if said:
            self.console.file.write(said)
            self.console.file.flush()

    def _layout(self, observation: Observation, viewer: int | None, reserved: int) -> tuple[bool, Cut]:
        """The fullest of the ``LAYOUTS`` that leaves the story's latest line room under the table, ``reserved``
        rows kept for what follows it (the tightest when none does). Without a story, only the row the cursor
        moves to when Enter is pressed is kept: nothing is cut for a story that is not there."""
        under = STORY_LEAST_ROWS if self._recent else 1
        for short, cut in LAYOUTS[:-1]:
            rows = self._table_rows(observation, viewer, short, cut)
            if rows + reserved + under <= self.console.size.height:
                return short, cut
        return LAYOUTS[-1]

    def _rows_of_text(self, text: str) -> int:
        """The screen rows ``text`` (as printed, escape sequences and all) takes, each line wrapped at the width."""

        if not text:
            return 0
        width = max(1, self.console.width)
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()
        return sum(max(1, -(-Text.from_ansi(line).cell_len // width)) for line in lines)

    def _story_rows(self, line: str) -> int:
        """The rows one line of the story takes under the table, wrapped as it is drawn there."""
        return len(story_line(line).lines(max(1, self.console.width)))

    def _table_rows(
        self, observation: Observation, viewer: int | None, short: bool = False, cut: Cut = Cut.NOTHING
    ) -> int:
        """The screen rows the table takes without the story (``short``, ``cut``: see :func:`render_table`)."""
        return len(self.console.render_lines(self._table(observation, viewer, (), short, cut), pad=False))

    def _table(
        self,
        observation: Observation,
        viewer: int | None,
        events: Sequence[str],
        short: bool = False,
        cut: Cut = Cut.NOTHING,
    ) -> RenderableType:
        """The table at this screen's width, with ``events`` under it (``short``, ``cut``: see :func:`render_table`)."""
        return render_table(
            self.ruleset,
            observation,
            viewer,
            events,
            self.round_card(observation),
            state=self.state,
            width=self.console.width,
            short=short,
            cut=cut,
        )

    def _recent_lines(
        self,
        observation: Observation,
        viewer: int | None,
        reserved: int = 1,
        short: bool = False,
        cut: Cut = Cut.NOTHING,
    ) -> list[str]:
        """The latest events that fit on the screen under the table, ``reserved`` rows kept for what follows it.

        The table and the round's heading above it come first; the story gets
        the rows left. A story cut short says so on its first line, and how to
        see it all (``recap``, at any prompt).
        """
        if not self._recent:
            return []
        used = self._table_rows(observation, viewer, short, cut)
        # The list's own heading takes a row, and so does the line the cursor moves to when Enter is pressed
        # (where a refusal is said): a full screen would scroll the round's heading away.
        room = self.console.size.height - used - reserved - 2
        if room <= 0:
            return []
        rows = [self._story_rows(line) for line in self._recent]  # each line measured once
        if sum(rows) <= room:
            return list(self._recent)
        return self._fitted(rows, room)

    def _fitted(self, rows: list[int], room: int) -> list[str]:
        """The story cut to ``room`` rows: the lines kept (see ``_kept``), then the latest lines that fit, a marker
        for each run of lines left out. Kept lines that leave no room for the latest line go, the oldest first."""
        count = len(rows)
        kept = sorted({index for index in self._kept if 0 <= index < count - 1})
        while True:
            chosen = {*kept, count - 1}
            if self._rows_of(chosen, rows) <= room or not kept:
                break
            kept.pop(0)
        if self._rows_of(chosen, rows) > room:
            chosen = set()
        for index in range(count - 1, -1, -1):
            if index in chosen:
                continue
            if self._rows_of(chosen | {index}, rows) > room:
                break
            chosen.add(index)
        shown: list[str] = []
        left_out = 0
        for index, line in enumerate(self._recent):
            if index not in chosen:
                left_out += 1
                continue
            if left_out:
                shown.append(self._cut_marker(left_out, between=len(shown) > 0))
                left_out = 0
            shown.append(line)
        if left_out:
            shown.append(self._cut_marker(left_out, between=len(shown) > 0))
        return shown

    def _rows_of(self, chosen: set[int], rows: list[int]) -> int:
        """The rows the story takes with the lines ``chosen`` and a marker for each run of the others."""
        total = 0
        left_out = 0
        for index, line_rows in enumerate(rows):
            if index in chosen:
                if left_out:
                    total += self._story_rows(self._cut_marker(left_out, between=total > 0))
                    left_out = 0
                total += line_rows
            else:
                left_out += 1
        if left_out:
            total += self._story_rows(self._cut_marker(left_out, between=total > 0))
        return total

    @staticmethod
    def _cut_marker(count: int, between: bool = False) -> str:
        """The line that stands for ``count`` lines of the story left out (``between``: after its head, not first)."""
        if between:
            # TRANSLATORS: a line in the middle of a shortened list of what happened (after the player's own move and
            # the answer to it): how many lines are left out, and the word that shows them all ("recap").
            return _("(… {count} more lines: type {word} to see them)", count=count, word=_("recap"))
        # TRANSLATORS: the first line of a shortened list of what happened: how many earlier lines are left out,
        # and the word that shows them all (the translation of "recap").
        return _("(… {count} earlier lines: type {word} to see them)", count=count, word=_("recap"))

    def say_recap(self) -> None:
        """The whole table and everything that happened since the player's last move, which a short screen cuts."""
        self.console.print(self._table(*self._seen_table(), ()))
        if not self._recent:
            # TRANSLATORS: said when a player asks to see what happened since their last move and nothing did.
            self.say(_("Nothing has happened since your last move."))
            return
        for part in story_lines(self._recent):  # as under the table
            self.console.print(part)

    def recap_help_line(self) -> str:
        """The help's line for ``recap``: a short screen cuts the story and, shorter still, the players' lines."""
        # TRANSLATORS: a line of the help; "recap" is the command the player types (use your translation of "recap").
        return _(
            "{word}: the whole table and everything that happened since your last move (a short screen cuts them)",
            word=_("recap"),
        )

    def round_card(self, observation: Observation) -> str | None:
        """The card revealed this round, once it has left the table's heading zone (see :func:`round_card`)."""
        return round_card(self.ruleset, observation, self.state.events)

    def say(self, text: str) -> None:
        """One line of plain text.

        To a player at a terminal it is wrapped between words by display width
        (the terminal itself breaks a line inside a word, which Korean and long
        explanations made unreadable at 80 columns); narration (no terminal on
        input, or output to a file) is one line per event, wrapped by the
        terminal if at all, so it can be copied or read by a program whole.
        """
        if self.interactive and self.console.is_terminal:
            self.say_wrapped(text)
        else:
            self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def say_wrapped(self, text: str, indent: int = 0) -> None:
        """A paragraph wrapped to the screen by display width, ``indent`` cells in (see :class:`Wrapped`:
        between words, and in Japanese between characters by the line-start rules).

        For the help, whose lines are longer than a narrow screen: a command
        line to copy is said with :meth:`say` instead.
        """

        self.console.print(Wrapped(printable(text), indent=indent), soft_wrap=False, highlight=False)

    def say_heading(self) -> None:
        """The table's heading again (the round and the card in play), below a help that pushed the table away."""
        viewer = self._viewer if self._viewer is not None else self.state.current_player()
        observation = self.state.observation(viewer)
        lines = heading_lines(
            self.ruleset, observation, self.round_card(observation), compact=self.console.width < COMPACT_BELOW
        )
        self.console.print(lines[0])

    # ------------------------------------------------------------------ humans

    def _input(self, prompt: str) -> str:
        """One line from the keyboard after ``prompt`` (which ends with "> ")."""
        self._draw_table(prompt)
        if self.read_line is not None:
            return self.read_line(prompt)
        return self.console.input(prompt, markup=False)

    def hand_over(self, player: int) -> None:
        """Hot seat: hide the last human's hand until the next human is at the keyboard."""
        humans = [i for i, seat in enumerate(self.seats) if seat.is_human]
        if len(humans) < 2 or self._viewer == player:
            self._viewer = player
            return
        if self.console.is_terminal:
            self.console.clear()
        # TRANSLATORS: shown between two human players' turns in a hot-seat game, so that one does not see the other's hand.
        answer = self._input(
            _("Pass the keyboard to {name}, then press Enter (q to save and quit) > ", name=self.seats[player].name)
        )
        if normalize_input(answer) in quit_words():
            raise QuitRequested()
        self._viewer = player

    def forced_move(self, player: int) -> int | None:
        """The move the human in seat ``player`` has no choice about (see :func:`forced_action`), said; None: ask them."""
        action = forced_action(self, player, self.state.checked_legal_actions())
        if action is not None:
            self.notice(
                # TRANSLATORS: said instead of asking for a number when there is only one thing to choose.
                _(
                    "{name} has only one choice: {choice}.",
                    name=self.seats[player].name,
                    choice=self.state.describe_action(action, player),
                ),
                keep=True,
            )
        return action

    def ask_human(self, player: int) -> int:
        """Ask the human in seat ``player`` until they type a legal action (the decision's own prompt)."""
        self.hand_over(player)
        self.show_table()
        legal = self.state.checked_legal_actions()
        kind = self.state.observation(player).decision.get("kind", "")
        try:
            return prompt_for(kind).ask(self, player, legal)
        finally:
            self._draw_table()  # a decision taken without asking (one choice): the table and what it said

    def read_command(self, prompt: str, parse: Callable[[str], Any], show_help: Callable[[], None]) -> Any:
        """Ask until ``parse`` accepts an answer that is neither help nor quit, and return that command.

        Every prompt treats these alike: a bad answer is explained and asked
        again, ``?`` shows ``show_help`` and asks again, ``q`` saves and quits.
        """
        while True:
            answer = ""
            try:
                answer = self._input(prompt)
                if normalize_input(answer) in recap_words():
                    self.say_recap()
                    continue
                notes = self.card_notes(answer)
                if notes is not None:
                    for line in notes:
                        self.say_wrapped(line)
                    continue
                command = parse(answer)
            except InputProblem as problem:
                self.say(in_typed_form(problem.message, answer))
                continue
            finally:
                self.last_answer = answer  # a prompt that reads the command further quotes it as typed
            if command.kind == "quit":
                raise QuitRequested()
            if command.kind != "help":
                return command
            show_help()
            # A long help scrolls the table off a short screen: the round and its card are said again.
            if self.console.is_terminal:
                self.say_heading()

    # ------------------------------------------------------------------ the end

    def finish(self, saved: bool = True) -> None:
        """The final table, scoring, eliminations, winners and where the log is (``saved``: the last save worked)."""
        if self.interactive:
            # Drawn once the report under it is known, so the last round's story gets the rows left.
            self._draw_table_later(self.state.observation(self._viewer if self._viewer is not None else 0), None)
        try:
            for line in final_report(self.ruleset, self.state.result()):
                self.say(line)
            if self.log_path is not None and saved:
                self.say(_("The game log is saved in {path}.", path=str(self.log_path)))
        finally:
            self._draw_table()

    def stopped_message(self) -> str:
        """What to tell a player who stops the game: how to resume it, or that it is lost."""
        if self.log_path is None:
            # TRANSLATORS: play: the game was stopped (quit, Ctrl-C) with no game log written, so it cannot be resumed.
            return _("Game stopped (no log was kept).")
        # Quoted so the hint can be pasted into a shell even when the path has spaces.
        log = os.path.abspath(self.log_path) if not in_users_directory() else str(self.log_path)
        command = f"{program_as_typed()} play --resume {shlex.quote(log)}"
        if self.language is not None:
            command += f" --lang {shlex.quote(self.language)}"
        # TRANSLATORS: {command} is the command line to type to go on, shown as is.
        return _("Game saved in {path}. Resume it with: {command}", path=str(self.log_path), command=command)


def program_as_typed() -> str:
    """How to run this program again from where the user is: ``cardrules`` when the shell finds this one.

    After ``make play`` the command is ``.venv/bin/cardrules``, which the
    shell does not find by its name; the hint then names it by its path (and
    ``python -m engine`` runs as itself).
    """

    invoked = sys.argv[0] if sys.argv and sys.argv[0] else "cardrules"
    found = shutil.which("cardrules")
    if os.path.basename(invoked) == "cardrules":
        try:
            if found is not None and os.path.samefile(found, invoked):
                return "cardrules"
        except OSError:
            pass
        relative = os.sep in invoked and not os.path.isabs(invoked)
        return shlex.quote(invoked if relative and in_users_directory() else os.path.abspath(invoked))
    if found is not None:
        return "cardrules"
    return f"{shlex.quote(sys.executable)} -m engine"


def in_users_directory() -> bool:
    """Whether this program runs in the directory the user's shell is in.

    ``make -C /path/to/cardrules play`` runs it elsewhere: a relative path
    printed for the user to type would not run where they are. ``make play``
    says where the user is in ``CARDRULES_USER_DIR`` (a shell that runs a
    recipe resets ``PWD``); otherwise the shell's ``PWD`` tells.
    """
    shell = os.environ.get("CARDRULES_USER_DIR") or os.environ.get("PWD")
    if not shell:
        return True
    try:
        return os.path.samefile(shell, os.getcwd())
    except OSError:
        return False


def default_log_path() -> Path:
    """Where an interactive game without ``--log`` is saved: the user data directory."""

    directory = user_data_root() / "games"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # XDG_DATA_HOME naming a file, a read-only home...
        # TRANSLATORS: an interactive game without --log is saved in the user's data folder, which could not be made.
        raise LogError.at(
            _(
                "cannot make the folder for saved games ({reason}); name a file with --log",
                reason=error.strerror or str(error),
            ),
            str(directory),
        ) from None
    stem = time.strftime("game-%Y%m%d-%H%M%S")
    path = directory / f"{stem}.json"
    number = 1
    while path.exists() or path.is_symlink():  # two games started in the same second
        number += 1
        path = directory / f"{stem}-{number}.json"
    return path


def relative_reference(source: Path, log_path: Path | None) -> str:
    """A house rule's path as the log records it: relative to the log's directory."""
    base = (log_path.parent if log_path is not None else Path.cwd()).resolve()
    return os.path.relpath(Path(source).resolve(), base)
