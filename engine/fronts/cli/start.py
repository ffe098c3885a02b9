"""The ``cardrules`` console script's entry point: Ctrl-C means "stop" from the program's first line.

Loading the command line (click, Babel, the catalogs) takes a tenth of a
second, and a Ctrl-C then would end in Python's KeyboardInterrupt traceback.
This module imports nothing of the program before it can end as interrupted
(:func:`engine.fronts.cli.main.main` takes over once loaded). Only Python's own
start-up, before this module runs, is left: a Ctrl-C there is Python's.
"""

from __future__ import annotations

import os
import signal
import sys


def main() -> None:
    """Load the command line and run it; a Ctrl-C while it loads ends the program as interrupted."""
    try:
        from engine.fronts.cli.main import main as run  # lazy: a Ctrl-C while the program loads ends it as interrupted
    except KeyboardInterrupt:
        end_as_interrupted()
    run()


def end_as_interrupted() -> None:
    """End as a program that Ctrl-C stopped: killed by SIGINT, so the shell sees status 130 and a script that
    ran it stops too (as it would not for an exit status of 1)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # closed, or None under pythonw
            pass
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)
    sys.exit(130)  # where a signal cannot end the process (it is blocked): the status a shell would give
