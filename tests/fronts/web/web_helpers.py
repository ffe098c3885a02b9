"""A web table server in process (Starlette's test client) and a page's side of the WebSocket protocol."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.testclient import TestClient

from engine.fronts.web.app import make_app
from engine.fronts.web.limits import ServeLimits

NUMBERED = re.compile(r"^\s+(\d+)\.\s")


class ServerClient(TestClient):
    """A test client that closes the pages a test left open before the server stops.

    The server stops only once every socket is closed: a test failing in the middle of a game (its pages still
    open) would otherwise wait for ever in the ``with``'s exit, and CI would see a hang instead of the failure.
    """

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.open_pages: list[Page] = []

    def __exit__(self, *exc_info: Any) -> None:
        for page in list(self.open_pages):
            page.close()
        super().__exit__(*exc_info)


def server(
    data: Path,
    messages_per_second: float = 1000.0,
    limits: ServeLimits | None = None,
    clock: Callable[[], float] = time.time,
    report: Callable[[str], None] | None = None,
) -> ServerClient:
    """A test client of a server keeping its tables in ``data`` (use it in a ``with``: start and stop).

    Its pages may send far faster than a person types (a test answers at once); the flood test sets the real rate.
    """
    return ServerClient(
        make_app(data, report=report, messages_per_second=messages_per_second, limits=limits, clock=clock)
    )


class Clock:
    """A clock the test moves by hand (seconds since the epoch), so tables age without anyone waiting."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def new_table(client: TestClient, language: str = "en", **request: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=request, headers={"Accept-Language": language})
    assert response.status_code == 200, response.text
    return response.json()


def seat_and_token(link: dict[str, Any]) -> tuple[int, str]:
    """The seat and token an invite link carries in its #fragment."""
    fragment = parse_qs(urlsplit(link["url"]).fragment)
    return int(fragment["seat"][0]), fragment["token"][0]


class Page:
    """One page's WebSocket: says hello, reads frames, sends lines."""

    def __init__(
        self,
        client: TestClient,
        table: str,
        seat: int | None = None,
        token: str | None = None,
        language: str | None = None,
        columns: int = 100,
        accept: str = "en",
    ) -> None:
        self.context = client.websocket_connect(f"/ws/{table}", headers={"Accept-Language": accept})
        self.socket = self.context.__enter__()
        self.pages = client.open_pages if isinstance(client, ServerClient) else []
        self.pages.append(self)
        hello: dict[str, Any] = {"type": "hello", "columns": columns}
        if seat is not None:
            hello.update(seat=seat, token=token)
        if language is not None:
            hello["language"] = language
        self.socket.send_text(json.dumps(hello))
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.last: dict[str, Any] | None = None

    def close(self) -> None:
        """Close the socket (once: the server's client closes what a failing test left open)."""
        if self in self.pages:
            self.pages.remove(self)
            self.context.__exit__(None, None, None)

    def receive(self) -> dict[str, Any]:
        message = json.loads(self.socket.receive_text())
        if message["type"] == "frame":
            self.frames.append(message)
            self.last = message
        else:
            self.errors.append(message["message"])
        return message

    def until(self, condition: Callable[[dict[str, Any]], bool], limit: int = 5000) -> dict[str, Any]:
        """Read messages until a frame meets ``condition``."""
        for _ in range(limit):
            message = self.receive()
            if message["type"] == "frame" and condition(message):
                return message
        raise AssertionError("no frame met the condition")

    def send(self, **message: Any) -> None:
        self.socket.send_text(json.dumps(message))

    def error(self) -> str:
        """The next error message (frames before it are kept)."""
        while True:
            message = self.receive()
            if message["type"] == "error":
                return message["message"]


def asked_or_over(frame: dict[str, Any]) -> bool:
    return frame["prompt"] is not None or frame["finished"]


def answer_next(page: Page, answered: int, answer: Callable[[dict[str, Any]], str]) -> dict[str, Any]:
    """Wait for ``page``'s seat to be asked a question later than ``answered`` (or the end), and answer it."""
    frame = page.until(lambda frame: frame["finished"] or (frame["question"] or 0) > answered)
    if not frame["finished"]:
        page.send(type="line", text=answer(frame), question=frame["question"])
    return frame


def drive(
    table: Any,
    pages: dict[int, Page],
    answer: Callable[[int, dict[str, Any]], str],
    moves: int | None = None,
    stop: Callable[[], bool] = lambda: False,
) -> int:
    """Answer the questions put to the human seats of ``pages`` until the game ends (or ``moves`` answers).

    The seat to ask is read from the server's table, so a page is read only
    when a question is coming to it (its frames never run dry while another
    seat is to move). Returns how many answers were sent.
    """
    answered = {seat: 0 for seat in pages}
    sent = 0
    deadline = time.monotonic() + 300
    while not table.finished and (moves is None or sent < moves) and not stop():
        assert time.monotonic() < deadline, "the game did not end in time"
        seat = table.waiting_for
        if seat not in pages or table.prompts[seat] is None or table.questions[seat] <= answered[seat]:
            time.sleep(0.005)  # a bot thinking, or a question being put
            continue
        frame = answer_next(pages[seat], answered[seat], lambda frame: answer(seat, frame))
        if not frame["finished"]:
            answered[seat] = frame["question"]
            sent += 1
    return sent


def first_choice(frame: dict[str, Any]) -> str | None:
    """The number of the first numbered choice the frame's prompt lists, if it lists any."""
    for line in frame["said"]:
        found = NUMBERED.match(line)
        if found:
            return found.group(1)
    return None


def view_text(frame: dict[str, Any]) -> str:
    """The table a frame shows, as the terminal shows it (its HTML spans taken away)."""
    return html.unescape(re.sub(r"<[^>]+>", "", frame["view"]))
