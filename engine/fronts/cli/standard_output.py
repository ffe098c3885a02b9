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

import contextlib
import fcntl
import io
import os
import stat
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
    """A file descriptor's writes, each one repeated until all of its bytes are written.

    Written to a regular file (``> report.jsonl``), output that fails part way
    is cut back to its last whole line: a JSON Lines file never keeps a line
    cut short, which a program reading it would take for a damaged record.
    """

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd
        # Where the last whole line written ends in the file (None when the output is no regular file).
        self.whole_to: int | None = None
        # The system's refusal of a write, once there was one.
        self.refused: OutputUnwritable | None = None
        self.refused_file: tuple[int, int] | None = None
        with contextlib.suppress(OSError):
            status = os.fstat(fd)
            if stat.S_ISREG(status.st_mode):
                # Appended to (`>> file`), the file's end is where this output starts, whatever the offset says.
                appending = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_APPEND
                self.whole_to = status.st_size if appending else os.lseek(fd, 0, os.SEEK_CUR)

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: ReadableBuffer) -> int:
        if self.refused is not None and self._same_file_as_refused():
            # Once refused, nothing more is written there: a buffer flushed again would put a piece after the cut.
            raise OutputUnwritable(self.refused.errno, self.refused.strerror)
        view = memoryview(data).cast("B")
        written = 0
        while written < len(view):
            try:
                count = os.write(self.fd, view[written:])
            except BrokenPipeError:
                raise  # the reader went away (`| head`): no failure of ours, told apart where it is caught
            except OSError as error:
                self._cut_back_to_whole_line()
                self.refused = OutputUnwritable(error.errno, error.strerror)
                self.refused_file = _identity(self.fd)
                raise OutputUnwritable(error.errno, error.strerror) from None
            if self.whole_to is not None:
                last_newline = bytes(view[written : written + count]).rfind(b"\n")
                if last_newline >= 0:
                    with contextlib.suppress(OSError):
                        self.whole_to = os.lseek(self.fd, 0, os.SEEK_CUR) - (count - last_newline - 1)
            written += count
        return written

    def _same_file_as_refused(self) -> bool:
        """Whether the descriptor still leads to the file that refused (the program sends its output to
        ``/dev/null`` once it has told the failure)."""
        return _identity(self.fd) == self.refused_file

    def _cut_back_to_whole_line(self) -> None:
        """Remove what was written after the last whole line (a file only: a pipe's reader has it already)."""
        if self.whole_to is None:
            return
        with contextlib.suppress(OSError):  # the write's own failure is what is told
            os.ftruncate(self.fd, self.whole_to)
            os.lseek(self.fd, self.whole_to, os.SEEK_SET)


def _identity(fd: int) -> tuple[int, int] | None:
    """The device and inode a descriptor leads to (None when the system cannot tell)."""
    try:
        status = os.fstat(fd)
    except OSError:
        return None
    return status.st_dev, status.st_ino


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
