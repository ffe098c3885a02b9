"""One web table: its game, its seats, and the thread that plays it.

The game runs in a thread of its own, as a terminal session runs in its
process: bots choose there (never on the server's event loop, so a searching
bot thinks while every other table stays responsive), and a human seat's
decision is asked there by the terminal's own prompt for it, in the seat's
language, reading the lines that seat's browser sends (:meth:`WebTable.submit_line`).
After every action the game log is saved atomically in the table's folder,
then every page watching the table is told that something changed
(:meth:`WebTable.watch`); each page is then sent a frame drawn for its seat
alone (:mod:`engine.fronts.web.frames`).

Only the table's thread changes the state, under :attr:`WebTable.lock`;
frames are drawn under the same lock, so a page never sees half an action.

Over time: a human seat asked a question for longer than ``away_after``
seconds is *away*: a bot (:data:`~engine.fronts.web.limits.STAND_IN_BOT`,
seeded from the table) plays it, its moves saved as any other, until the
seat's page connects again or its player asks for the seat back
(:meth:`WebTable.seat_back`). A table remembers when it last saw a move or
a page (:meth:`WebTable.idle_for`), and its owner may close it
(:meth:`WebTable.close`).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.base.errors import CardrulesError, IllegalActionError
from engine.base.i18n import _, set_language
from engine.fronts.bots import MOST_SECONDS_FROM_FILES, make_bot
from engine.fronts.formats import gamelog
from engine.fronts.terminal.prompts import forced_action, prompt_for
from engine.fronts.web.limits import STAND_IN_BOT, STORY_LINES
from engine.fronts.web.seat_prompter import SeatPrompter
from engine.fronts.web.store import LOG_FILE, WebSeat
from engine.text.narration import describe_events, setup_length

# What a waiting prompt checks between two lines, to notice that the server is stopping (seconds).
POLL_SECONDS = 0.25
# The most events told again under a page's table (older ones are on the table itself).
TOLD_EVENTS = 600


class TableStopped(Exception):
    """The server is stopping: the table's thread ends, its game saved as it stands."""


class _AskAgain(Exception):
    """The seat chose another language while being asked: the question is put again, in that language."""


class _SeatAway(Exception):
    """The seat was asked for longer than the table waits: a bot plays it until its player comes back."""


# Sent to a waiting prompt instead of a line (objects no text can equal): stop, or ask again.
_STOP, _ASK_AGAIN = object(), object()


class WebTable:
    """A game at a web table, its seats, what each human seat was told, and the watchers of its pages."""

    def __init__(
        self,
        table_id: str,
        folder: Path,
        ruleset: Any,
        seats: list[WebSeat],
        state: Any,
        log_extras: dict[str, Any],
        bot_seed: int | None,
        *,
        away_after: float | None = None,
        clock: Callable[[], float] = time.time,
        owner_digest: str | None = None,
        active: float | None = None,
    ) -> None:
        """``away_after``: the seconds a human seat may leave a question unanswered before a bot plays it (None:
        for ever); ``clock``: the time in seconds (the epoch's, as ``table.json`` keeps it); ``owner_digest``: the
        digest of the token that closes the table; ``active``: when it last saw a move or a page (None: now)."""
        self.id = table_id
        self.folder = folder
        self.ruleset = ruleset
        self.seats = seats
        self.state = state
        self.log_extras = log_extras
        self.bot_seed = bot_seed
        self.lock = threading.RLock()
        # Bumped at every change a page could see; a page drawn at this version is up to date.
        self.version = 0
        # Per seat: the question put to it now (None: it is not being asked), the lines said to it since it was
        # last asked, and the lines its browser sent that a prompt has not read yet.
        self.prompts: list[str | None] = [None] * len(seats)
        # How many questions each seat was asked: a line answers the question of its number, never a later one.
        self.questions: list[int] = [0] * len(seats)
        self.said: list[list[str]] = [[] for _seat in seats]
        # The language each seat's question is being worded in.
        self._asked_in: list[str | None] = [None] * len(seats)
        self._lines: list[queue.Queue[object]] = [queue.Queue() for _seat in seats]
        # The game's events before this index are the deal: not news to anyone.
        self.told_from = setup_length(state.events) if not state.history else 0
        # Why the game stopped for good (an endless game, a save that failed), as it was said when it was found.
        self.failure: str | None = None
        self._watchers: list[Callable[[], None]] = []
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._bots: dict[int, Any] = {}
        self._encoded_actions: list[str] = []
        self.away_after = away_after
        self.clock = clock
        self.owner_digest = owner_digest
        # Per seat: whether a bot plays it while its player is away (never saved: a restart gives every seat back).
        self.away: list[bool] = [False] * len(seats)
        self._stand_ins: dict[int, Any] = {}
        # Closed by its owner, or expired: the thread stops, and every page is told.
        self.closed = False
        # When the table last saw a move or a page, and the time table.json holds (saved when they differ).
        self.last_active = clock() if active is None else active
        self.saved_active: float | None = active

    # ------------------------------------------------------------------ watchers

    def watch(self, notify: Callable[[], None]) -> Callable[[], None]:
        """Call ``notify`` (from any thread) after every change; returns what stops it."""
        with self.lock:
            self._watchers.append(notify)
            self.last_active = self.clock()

        def unwatch() -> None:
            with self.lock:
                if notify in self._watchers:
                    self._watchers.remove(notify)
                self.last_active = self.clock()

        return unwatch

    @property
    def watchers(self) -> int:
        return len(self._watchers)

    def idle_for(self, now: float) -> float:
        """How long the table has seen no move and no page, at ``now`` (0 while a page is open)."""
        with self.lock:
            return 0.0 if self._watchers else max(0.0, now - self.last_active)

    def _changed(self) -> None:
        with self.lock:
            self.version += 1
            watchers = list(self._watchers)
        for notify in watchers:
            notify()

    # ------------------------------------------------------------------ the seats' side

    def tell_seat(self, seat: int, text: str) -> None:
        """A line for one seat's page (what its prompt says)."""
        with self.lock:
            self.said[seat] = (self.said[seat] + [text])[-STORY_LINES:]
        self._changed()

    def submit_line(self, seat: int, line: str, question: int | None = None) -> bool:
        """A line typed at ``seat``'s page, answering its question number ``question`` (None: the one put now).

        False, and nothing changes, when the seat is not being asked, or was
        asked another question since its page showed that one.
        """
        with self.lock:
            if self.prompts[seat] is None or self.state.is_terminal():
                return False
            if question is not None and question != self.questions[seat]:
                return False
            # One line a question: a second one sent before the first is read is out of turn, not an answer to the
            # next question (which its player has not seen yet).
            self.prompts[seat] = None
            self._lines[seat].put(line)
            return True

    def wait_for_line(self, seat: int, prompt: str) -> str:
        """Put ``prompt`` to ``seat`` and wait for the line its page sends (the table's thread only)."""
        with self.lock:
            if self.seats[seat].language != self._asked_in[seat]:
                raise _AskAgain()  # the page chose its language while the question was being worded
            self.prompts[seat] = prompt
            self.questions[seat] += 1
            asked_at = self.clock()
        self._changed()
        while True:
            if self._stopping.is_set():
                raise TableStopped()
            try:
                line = self._lines[seat].get(timeout=POLL_SECONDS)
            except queue.Empty:
                if self.away_after is not None and self.clock() - asked_at > self.away_after:
                    self._go_away(seat)
                continue
            if line is _STOP:
                raise TableStopped()
            if line is _ASK_AGAIN:
                raise _AskAgain()
            text = str(line)
            with self.lock:
                self.prompts[seat] = None
                self.said[seat] = (self.said[seat] + [prompt + text])[-STORY_LINES:]
            return text

    def _go_away(self, seat: int) -> None:
        """The seat left its question unanswered too long: withdraw it, and let a bot play the seat."""
        with self.lock:
            if self.prompts[seat] is None:
                return  # a line is on its way: the player answered in time
            self.prompts[seat] = None
            self.said[seat] = []
            self.away[seat] = True
            while not self._lines[seat].empty():
                self._lines[seat].get_nowait()  # an "ask again" for the question withdrawn
        raise _SeatAway()

    def seat_back(self, seat: int) -> bool:
        """The seat's player is back (its page connected, or asked for the seat): no bot plays it any more.

        A bot's move under way is made; the seat's next decision is asked of its player. False when the seat
        was not away.
        """
        with self.lock:
            if not self.away[seat]:
                return False
            self.away[seat] = False
        self._changed()
        return True

    def set_language(self, seat: int, language: str) -> None:
        """The seat's page reads ``language`` from now on; a question put to it is put again in that language."""
        with self.lock:
            if self.seats[seat].language == language:
                return
            self.seats[seat].language = language
            if self.prompts[seat] is not None:
                self._lines[seat].put(_ASK_AGAIN)
        self._changed()

    def story(self) -> list[str]:
        """What happened lately, in the current language (public: every seat is told the same)."""
        with self.lock:
            events = self.state.events
            start = max(self.told_from, len(events) - TOLD_EVENTS)
            lines = describe_events(self.ruleset, [seat.name for seat in self.seats], events[start:])
        return lines[-STORY_LINES:]

    # ------------------------------------------------------------------ the game's thread

    def start(self) -> None:
        """Play the game in a thread of its own (until it ends or :meth:`stop`)."""
        if self._thread is not None or self.state.is_terminal():
            return
        for index, seat in enumerate(self.seats):
            if not seat.is_human:
                seed = None if self.bot_seed is None else self.bot_seed * 1009 + index
                # A table's seats are a stranger's request, or read back from its folder: bounded in time too.
                self._bots[index] = make_bot(str(seat.bot_kind), seed, most_seconds=MOST_SECONDS_FROM_FILES)
        self._thread = threading.Thread(target=self._play, name=f"table-{self.id}", daemon=True)
        self._thread.start()

    def stop(self, wait: float = 5.0) -> None:
        """Stop the table's thread (its game stays saved as it stands)."""
        with self.lock:
            self._stopping.set()  # under the lock: no move is applied, nor saved, after this
        for lines in self._lines:
            lines.put(_STOP)
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(wait)

    def close(self) -> None:
        """Close the table for good (its owner did, or it expired): the thread stops, every page is told."""
        with self.lock:
            self.closed = True
        self.stop(wait=0)
        self._changed()

    def _play(self) -> None:
        state = self.state
        try:
            while not state.is_terminal() and not self._stopping.is_set():
                player = state.current_player()
                action = self._ask(player) if self.seats[player].is_human and not self.away[player] else None
                if action is None:
                    action = self._bot_move(player)
                with self.lock:
                    if self._stopping.is_set():
                        return  # stopped or closed while the move was chosen: nothing more is saved
                    try:
                        state.apply_action(action)
                    except IllegalActionError as error:
                        # A prompt offers legal actions only; should one not be, the seat is told why and asked again.
                        self.tell_seat(player, "; ".join(d.message for d in error.diagnostics))
                        continue
                    self.said[player] = []  # the question is answered
                    self.last_active = self.clock()
                    self.save()
                self._changed()
            if state.is_terminal():
                with self.lock:
                    self.save()
                self._changed()
        except TableStopped:
            return
        except CardrulesError as error:  # an endless game, a save that failed, a rule that fails: the log is kept
            self.failure = "; ".join(d.message for d in error.diagnostics)
            self._changed()

    def _ask(self, player: int) -> int | None:
        """The human seat's action, asked by the terminal's prompt for the decision, in the seat's language
        (None: the seat was silent too long, and is away)."""
        state = self.state
        while True:
            self._asked_in[player] = self.seats[player].language
            set_language(self._asked_in[player])
            kind = state.observation(player).decision.get("kind", "")
            legal = state.checked_legal_actions()
            host = SeatPrompter(self, player)
            forced = forced_action(host, player, legal)
            if forced is not None:
                return forced  # no choice: played for the seat, which sees it in the story
            try:
                return int(prompt_for(kind).ask(host, player, legal))
            except _AskAgain:
                with self.lock:
                    self.prompts[player] = None
                    self.said[player] = []
            except _SeatAway:
                self._changed()  # every page is told that a bot plays the seat
                return None

    def _bot_move(self, player: int) -> int:
        state = self.state
        with self.lock:
            observation = state.observation(player)
            legal = state.checked_legal_actions()
            observation.take()
        return int(self._bot(player).choose(observation, legal))

    def _bot(self, player: int) -> Any:
        """The seat's bot: its own, or the stand-in that plays a human seat while its player is away."""
        if player in self._bots:
            return self._bots[player]
        if player not in self._stand_ins:
            seed = None if self.bot_seed is None else self.bot_seed * 1009 + player
            self._stand_ins[player] = make_bot(STAND_IN_BOT, seed)
        return self._stand_ins[player]

    def save(self) -> None:
        """Rewrite the game log atomically (under the lock, after every action)."""
        log = dict(self.state.to_log())
        log.update(self.log_extras)
        gamelog.save_log_atomic(self.folder / LOG_FILE, log, encoded_actions=self._encoded_actions)

    @property
    def waiting_for(self) -> int | None:
        """The seat whose move the game waits for (None once it is over)."""
        state = self.state
        return None if state.is_terminal() else state.current_player()

    @property
    def finished(self) -> bool:
        return bool(self.state.is_terminal())

    def failure_text(self) -> str | None:
        if self.failure is None:
            return None
        # TRANSLATORS: web table: the game cannot go on; {reason} says why (already translated when it was found).
        return _("The game stopped: {reason}", reason=self.failure)
