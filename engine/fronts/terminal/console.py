"""The rich console every command writes through."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.text import Text

from engine.text.wrapping import display_width, wrap


class OutputConsole(Console):
    """A rich Console that treats a reader who has gone (``cardrules play | head``) as the end of the output.

    rich's own answer to a closed pipe is ``SystemExit(1)``; the command line
    stops quietly with exit 0 instead (see ``engine.fronts.cli.main``), so the
    error is passed on as it came.
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError()


class Wrapped:
    """A paragraph wrapped to the width rich gives it by the program's one wrapper (:mod:`engine.text.wrapping`).

    rich breaks a line only at spaces and folds a longer run character by
    character: Japanese, which has spaces only around numbers, then broke at
    the one space of a sentence (a half-empty line) or started a line with
    ``ー`` or ``）。``. ``indent``: cells before every line; ``hanging``: more
    cells before every line but the first.
    """

    def __init__(self, text: str, style: str = "", indent: int = 0, hanging: int = 0) -> None:
        self.plain = text
        self.style = style
        self.indent = indent
        self.hanging = hanging

    def append(self, text: str) -> None:
        self.plain += text

    def lines(self, width: int) -> list[str]:

        return wrap(self.plain, width, " " * self.indent, " " * (self.indent + self.hanging)) or [""]

    def __rich_console__(self, console: Any, options: Any) -> Any:

        yield Text("\n".join(self.lines(options.max_width)), style=self.style)

    def __rich_measure__(self, console: Any, options: Any) -> Any:

        return Measurement(min(options.max_width, 1), min(options.max_width, display_width(self.plain) + self.indent))
