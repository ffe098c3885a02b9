"""A seat's side of the terminal prompts: what a family's prompt asks of the session that hosts it.

The prompts of :mod:`engine.fronts.terminal.prompts` (a bid's money cards,
planting, a trade offer, a numbered list of any decision's legal actions)
ask their session to ``say`` lines and to ``read_command`` until a line
parses. At a web table the lines said go to the seat's page (and only to
it), and a line is read from what that seat's browser sends. The prompt runs
in the table's thread, in the seat's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.families.common.front.player_input import InputProblem, in_typed_form, normalize_input, recap_words
from engine.fronts.terminal.prompts import PromptHost

if TYPE_CHECKING:
    from engine.fronts.web.table import WebTable


class SeatPrompter(PromptHost):
    """The session a prompt talks to, for one seat of one web table."""

    def __init__(self, table: WebTable, seat: int) -> None:
        self.table = table
        self.seat = seat

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def ruleset(self) -> Any:
        return self.table.ruleset

    @property
    def seats(self) -> list[Any]:
        return self.table.seats

    def say(self, text: str) -> None:
        """A line for this seat's page alone (help, a refused answer, what a prompt introduces)."""
        self.table.tell_seat(self.seat, text)

    def say_wrapped(self, text: str, indent: int = 0) -> None:
        """The page wraps lines itself: a paragraph is one line there (``indent`` kept as leading spaces)."""
        self.table.tell_seat(self.seat, " " * indent + text)

    def read_command(self, prompt: str, parse: Callable[[str], Any], show_help: Callable[[], None]) -> Any:
        """Ask until ``parse`` accepts a line that is neither help nor quit, and return that command.

        As at a terminal: a bad answer is explained and asked again, ``?``
        shows the help. Quitting means nothing here (the seat waits for its
        player, who may close the page and come back): the page says so.
        """
        while True:
            answer = self.table.wait_for_line(self.seat, prompt)
            try:
                if normalize_input(answer) in recap_words():
                    for line in self.table.story():
                        self.say(line)
                    continue
                notes = self.card_notes(answer)
                if notes is not None:
                    for line in notes:
                        self.say(line)
                    continue
                command = parse(answer)
            except InputProblem as problem:
                self.say(in_typed_form(problem.message, answer))
                continue
            finally:
                self.last_answer = answer  # a prompt that reads the command further quotes it as typed
            if command.kind == "quit":
                # TRANSLATORS: web table: a player typed q (save and quit); the game is saved after every move.
                saved = _(
                    "The game is saved after every move: close the page to leave, and open your link again to come back."
                )
                self.say(saved)
                continue
            if command.kind != "help":
                return command
            show_help()
