"""What one server accepts: tables, seats, message sizes and rates (documented in ``docs/web.md``).

Every limit answers a class of abuse: a client that floods, one that sends a
message of megabytes, one that opens tables until the disk is full. A client
that passes one is told so, in its language, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable

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
# The most a searching bot at a web table may think per move (seconds).
MOST_BOT_SECONDS = 30.0


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
