"""One game per log file: the lock a game holds on the file it saves to.

Two ``play --log same.json`` at once would both say "saved" while each
replaced the other's log. A game that saves to a file holds an exclusive
``flock`` on a lock file beside it (``.same.json.lock``) for as long as it
runs; a second game is refused. The operating system releases the lock when
the process ends, however it ends, so a killed game never blocks the next one.
``play`` removes the lock file when the game stops, also on SIGTERM and
SIGHUP; only SIGKILL leaves it (empty), and the next game on that file reuses
it and removes it, together with the temporary files a save cut short left.
"""

from __future__ import annotations

import fcntl
import glob
import os
from pathlib import Path

from engine.base.errors import LogError
from engine.base.i18n import _


class LogLock:
    """The exclusive right to save a game to ``path`` (see the module docstring)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.lock_path = self.path.parent / f".{self.path.name}.lock"
        self._descriptor: int | None = None

    def acquire(self) -> LogLock:
        """Take the lock, or raise a LogError naming the file when another game holds it."""
        try:
            descriptor = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError as error:
            raise LogError.at(
                _("cannot save the log: {reason}", reason=error.strerror or str(error)), str(self.path)
            ) from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(descriptor)
            raise LogError.at(
                # TRANSLATORS: two games were started with the same --log file.
                _("another game is being saved to this file right now; give this one another --log file"),
                str(self.path),
            ) from None
        self._descriptor = descriptor
        self._remove_interrupted_saves()
        return self

    def _remove_interrupted_saves(self) -> None:
        # Saves write .NAME.XXXX.tmp and rename it; a kill between the two leaves it. Only a holder of
        # the lock saves to this file, so what is there now is left over.
        # The name is matched as it is written: a game called "[x].json" is no pattern.
        for leftover in self.path.parent.glob(f".{glob.escape(self.path.name)}.*.tmp"):
            try:
                leftover.unlink()
            except OSError:
                pass

    def release(self) -> None:
        """Give the lock up and remove the lock file."""
        if self._descriptor is None:
            return
        try:
            self.lock_path.unlink()
        except OSError:
            pass
        os.close(self._descriptor)  # closing releases the flock
        self._descriptor = None

    def __enter__(self) -> LogLock:
        return self.acquire()

    def __exit__(self, *exc_info: object) -> None:
        self.release()
