"""Files written whole or not at all: a reader never finds half of one.

The text goes to a temporary file in the target's folder (one file system,
so the rename is atomic), is flushed and fsynced, then replaces the target
with ``os.replace``; the folder is fsynced so the rename survives a crash. A
full disk (ENOSPC, EDQUOT), a file too large (EFBIG) or Ctrl-C leaves the old
file as it was and no temporary file behind; a kill (SIGTERM, SIGKILL) too
leaves the old file whole, but may leave the temporary file beside it (a
hidden ``.NAME.XXXX.tmp``), since a killed process cannot clean up. A
translator's catalog, a template, a report: each is the old one or the new
one. The new file keeps the permissions of the one it replaces (a new one
gets the usual ones: 0666 less the process's umask), not the temporary
file's private 0600.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; an ``OSError`` (the old file intact) when the system refuses."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise  # an OSError for the caller to word; an interrupt stays an interrupt
    fsync_directory(directory)


def _mode_for(target: Path) -> int:
    """The permissions ``target`` has (a file replaced keeps them), or those a new file gets."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it (``os.umask`` sets it to read it, which another thread
    creating a file at that moment would feel)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022  # the usual one, where the system does not say


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the system allows opening a folder)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
