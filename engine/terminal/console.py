"""The rich console every command writes through."""
from __future__ import annotations

from rich.console import Console


class OutputConsole(Console):
    """A rich Console that treats a reader who has gone (``cardrules play | head``) as the end of the output.

    rich's own answer to a closed pipe is ``SystemExit(1)``; the command line
    stops quietly with exit 0 instead (see ``engine.cli.main``), so the
    error is passed on as it came.
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError()
