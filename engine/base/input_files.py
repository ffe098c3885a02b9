"""Opening a file that a stranger may have named: rulesets, tables, logs and catalogs.

A path may lead to a FIFO (opening it for reading waits for a writer that
never comes), a device (``/dev/zero`` never ends, ``/dev/stdin`` waits for a
terminal), a socket, or a file far larger than any real input. Every reader
goes through :func:`open_input`, which opens without blocking, looks at what
it opened (not at the path, which could change in between) and refuses
anything but a regular file within the size limit, before reading a byte.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from engine.base.i18n import _


class InputFileError(Exception):
    """A path that is not a file we read; the message (translated) says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def open_input(path: str | os.PathLike[str], limit: int | None = None) -> BinaryIO:
    """``path`` opened for reading in binary, once it is known to be a regular file of at most ``limit`` bytes.

    Raises :class:`InputFileError` for a directory, a FIFO, a device or a
    socket, and for a file over ``limit``; ``OSError`` for a file that cannot
    be opened at all (missing, no permission).
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(descriptor)
        if stat.S_ISDIR(status.st_mode):
            # TRANSLATORS: error shown after the path of an input file (ruleset, game log, catalog) that is a folder.
            raise InputFileError(_("is a directory, not a file"))
        if not stat.S_ISREG(status.st_mode):
            # TRANSLATORS: a path given as an input file leads to a FIFO, a device such as /dev/zero, or a socket.
            raise InputFileError(_("it is not a regular file (a pipe, a device or a socket)"))
        if limit is not None and status.st_size > limit:
            # TRANSLATORS: error shown after the path of an input file (ruleset, game log, catalog); {size} and
            # {limit} are numbers of bytes, e.g. "5000000" and "4194304".
            raise InputFileError(
                _("file is too large ({size} bytes; the limit is {limit})", size=status.st_size, limit=limit)
            )
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_input(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` (a file that grows past it is refused too)."""
    with open_input(path, limit) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputFileError(_("file is too large ({size} bytes; the limit is {limit})", size=len(data), limit=limit))
    return data
