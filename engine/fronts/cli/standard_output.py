"""Standard output that is written whole or fails loudly.

Python's own ``sys.stdout`` takes a short write (the system wrote part of the
text: a file that reached its size limit, ``ulimit -f``) as done and drops the
rest without a word, so a report cut short would end with status 0. Here every
write goes on until the whole text is written or the system refuses, and a
refusal is an :class:`OutputUnwritable`, which ``cardrules`` tells as a failure
of its output (status 1) rather than a traceback, whatever the reason: a full
disk, a quota, a file too large, an I/O error.
"""

from __future__ import annotations

import io
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class OutputUnwritable(OSError):
    """Standard output refused a write (the ``errno`` and ``strerror`` are the system's).

    An ``OSError``, so code that already guards a write with ``except OSError``
    keeps working; only this module raises it, so the program's edge knows the
    failure is its output's and not some file's.
    """


class WholeWrites(io.RawIOBase):
    """A file descriptor's writes, each one repeated until all of its bytes are written."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: ReadableBuffer) -> int:
        view = memoryview(data).cast("B")
        written = 0
        while written < len(view):
            try:
                written += os.write(self.fd, view[written:])
            except BrokenPipeError:
                raise  # the reader went away (`| head`): no failure of ours, told apart where it is caught
            except OSError as error:
                raise OutputUnwritable(error.errno, error.strerror) from None
        return written


def write_standard_output_whole() -> None:
    """Put :class:`WholeWrites` under ``sys.stdout`` (same encoding, errors and line buffering).

    Left as it is when ``sys.stdout`` is not the process's own descriptor (a
    test's capture).
    """
    stream = sys.stdout
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    if not isinstance(stream, io.TextIOWrapper):
        return
    stream.flush()
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(WholeWrites(fd)),
        encoding=stream.encoding,
        errors=stream.errors,
        newline=None,
        line_buffering=stream.line_buffering,
        write_through=stream.write_through,
    )


def where_output_goes() -> str | None:
    """The file standard output is written to, when the system can name it (``/tmp/report.txt``), else None."""
    try:
        target = os.readlink(f"/proc/self/fd/{sys.stdout.fileno()}")
    except (AttributeError, OSError, ValueError):
        return None
    return target if target.startswith("/") else None  # "pipe:[1234]" names no file
