"""Files written whole or not at all: a reader never finds half of one.

The text goes to a temporary file in the target's folder (one file system,
so the rename is atomic), is flushed and fsynced, then replaces the target
with ``os.replace``; the folder is fsynced so the rename survives a crash. A
full disk (ENOSPC, EDQUOT), a file too large (EFBIG) or a kill leaves the old
file as it was and no temporary file behind. A translator's catalog, a
template, a report: each is the old one or the new one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; an ``OSError`` (the old file intact) when the system refuses."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
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
