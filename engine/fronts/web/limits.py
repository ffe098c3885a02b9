"""What one server accepts: tables, seats, message sizes and rates (documented in ``docs/web.md``).

Every limit answers a class of abuse: a client that floods, one that sends a
message of megabytes, one that opens tables until the disk is full. A client
that passes one is told so, in its language, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# Tables one server keeps (finished ones included, until deleted from its data folder).
MAX_TABLES = 200
# The most bytes of one WebSocket message, and of one line typed at a prompt.
MAX_MESSAGE_BYTES = 4096
MAX_LINE_CHARS = 500
# A house-rule file uploaded to create a table.
MAX_RULESET_BYTES = 256 * 1024
# A table's creation request (the house rule, options and seats).
MAX_REQUEST_BYTES = MAX_RULESET_BYTES + 16 * 1024
# Messages one connection may send: a burst, then this many a second (a token bucket).
MESSAGE_BURST = 20
MESSAGES_PER_SECOND = 5.0
# Connections watching one table at once (seats and spectators).
MAX_WATCHERS = 32
# The widths a page may ask the table to be drawn at, in terminal cells.
MIN_COLUMNS, MAX_COLUMNS, DEFAULT_COLUMNS = 40, 160, 100
# Lines of what happened kept for a seat's page.
STORY_LINES = 200
# The kind of bot that plays a human seat whose player is away, until they come back.
STAND_IN_BOT = "heuristic"

# The defaults of the limits ``cardrules serve`` takes as options (see :class:`ServeLimits`).
AWAY_SECONDS = 5 * 60.0
IDLE_SECONDS = 7 * 24 * 3600.0
FINISHED_IDLE_SECONDS = 24 * 3600.0
DATA_CAP_BYTES = 1000 * 1000 * 1000
# How often idle tables are looked for (and each table's time of activity saved), in seconds.
SWEEP_SECONDS = 600.0


@dataclass(frozen=True)
class ServeLimits:
    """The limits over time a server is started with (``serve``'s options; tests give them tiny values).

    - ``away_seconds``: a human seat asked a question for longer than this is played by a
      :data:`STAND_IN_BOT` until its player comes back;
    - ``idle_seconds`` and ``finished_idle_seconds``: a table with no move and no page open for longer
      than this (a game not over; a finished one) is removed;
    - ``data_cap_bytes``: past this size of the data folder, no new table is made (games go on saving);
    - ``sweep_seconds``: how often idle tables are looked for.
    """

    away_seconds: float = AWAY_SECONDS
    idle_seconds: float = IDLE_SECONDS
    finished_idle_seconds: float = FINISHED_IDLE_SECONDS
    data_cap_bytes: int = DATA_CAP_BYTES
    sweep_seconds: float = SWEEP_SECONDS


class RateLimiter:
    """A token bucket: ``allow()`` is False once a client sends faster than the limit allows."""

    def __init__(
        self, clock: Callable[[], float], burst: int = MESSAGE_BURST, rate: float = MESSAGES_PER_SECOND
    ) -> None:
        self._clock = clock
        self._burst = float(burst)
        self._rate = rate
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True
