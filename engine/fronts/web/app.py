"""The web table's Starlette application: pages, a table's creation and log, and the WebSocket protocol.

HTTP:

- ``GET /``: the lobby (``?lang=`` or the browser's ``Accept-Language``);
- ``POST /api/tables``: make a table (JSON: ``ruleset`` or ``house_rule`` with
  ``house_rule_name``, ``options``, ``seats``); answers the invite links and
  the owner's link, or 422 with every problem located (``FILE:LINE:COL: ...``),
  or 507 while the data folder is past its cap;
- ``POST /api/tables/ID/close``: the owner closes the table (JSON: ``token``);
- ``GET /table/ID``: a table's page (the seat and token ride in the link's
  ``#fragment``, so they never reach a server's access log);
- ``GET /api/tables/ID/log``: the game log of a finished game.

WebSocket ``/ws/ID``: the page says ``hello`` (its seat and token, or none
for a spectator; its language; its width), then receives a ``frame`` after
every change, drawn for its seat alone; it sends ``line`` (what its player
typed), ``language``, ``columns`` and ``back`` (its player is back from being
away). Anything else, too large, too fast or
out of turn is answered with an ``error`` and changes nothing. The whole
protocol and its limits: ``docs/web.md``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from engine.base.i18n import _, available_languages, negotiate, set_language
from engine.fronts.web.frames import frame
from engine.fronts.web.limits import (
    DEFAULT_COLUMNS,
    MAX_COLUMNS,
    MAX_LINE_CHARS,
    MAX_MESSAGE_BYTES,
    MAX_REQUEST_BYTES,
    MAX_WATCHERS,
    MESSAGES_PER_SECOND,
    MIN_COLUMNS,
    RateLimiter,
    ServeLimits,
)
from engine.fronts.web.pages import lobby_page, table_page
from engine.fronts.web.registry import TableRegistry, TableRequestError
from engine.fronts.web.security import SecurityHeaders, same_origin
from engine.fronts.web.store import LOG_FILE
from engine.fronts.web.table import WebTable

STATIC = Path(__file__).parent / "static"
# The WebSocket close code of a table closed by its owner or expired (a page does not reconnect to it).
CLOSED_CODE = 4410
LOGGER = logging.getLogger("cardrules.web")


def preferred_languages(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (``q=0`` ones left out)."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")[:32]):
        pieces = part.strip().split(";")
        tag = pieces[0].strip()
        quality = 1.0
        for parameter in pieces[1:]:
            name, _sep, value = parameter.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and tag != "*" and quality > 0 and len(tag) <= 35:
            weighted.append((-quality, position, tag.replace("-", "_")))
    return [tag for _quality, _position, tag in sorted(weighted)]


def reader_language(asked: str | None, accept: str | None) -> str:
    """The language to use: the one asked for if installed, else the browser's best among the installed."""
    installed = available_languages()
    if asked and asked in installed:
        return asked
    return negotiate(preferred_languages(accept))


def _question(value: Any) -> int | None:
    """The question a line answers (a page that names none answers the one put now)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _columns(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return max(MIN_COLUMNS, min(MAX_COLUMNS, value))
    return DEFAULT_COLUMNS


def make_app(
    data: Path,
    report: Callable[[str], None] | None = None,
    messages_per_second: float = MESSAGES_PER_SECOND,
    limits: ServeLimits | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The application serving the tables kept in ``data`` (resumed when it starts, stopped when it stops).

    ``report`` is told, one located line each, of the tables that could not be resumed, were changed at start
    (a bot's budget cut) or expired; ``messages_per_second`` is the rate one page may send at after its first
    burst; ``limits`` are the limits over time (away seats, idle tables, the data folder's cap) and ``clock``
    the time they are measured by, in seconds since the epoch.
    """
    registry = TableRegistry(data, limits, clock)

    def tell(lines: list[str]) -> None:
        for line in lines:
            if report is not None:
                report(line)

    async def sweep_now_and_then() -> None:
        while True:
            await asyncio.sleep(registry.limits.sweep_seconds)
            tell(await asyncio.to_thread(registry.sweep))

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await asyncio.to_thread(registry.resume_all)
        tell(registry.problems)
        sweeper = asyncio.create_task(sweep_now_and_then())
        try:
            yield
        finally:
            sweeper.cancel()
            await asyncio.to_thread(registry.stop_all)

    async def lobby(request: Request) -> Response:
        language = reader_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        html = await asyncio.to_thread(_in_language, language, lobby_page)
        return HTMLResponse(html)

    async def table(request: Request) -> Response:
        table_id = request.path_params["table"]
        language = reader_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        if registry.get(table_id) is None:
            # TRANSLATORS: web table: the address names no table on this server.
            return HTMLResponse(_in_language(language, lambda: _("No such table.")), status_code=404)
        return HTMLResponse(await asyncio.to_thread(_in_language, language, lambda: table_page(table_id)))

    async def create(request: Request) -> Response:
        language = reader_language(None, request.headers.get("accept-language"))
        body = await _limited_body(request)
        if body is None:
            # TRANSLATORS: web table: a request to make a table is larger than the server takes.
            return _problems(language, [lambda: _("The request is too large.")], 413)
        try:
            data = json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            reason = str(error)
            # TRANSLATORS: web table: a request to make a table is not JSON; keep JSON. {reason} says where it breaks.
            return _problems(language, [lambda: _("The request is not JSON: {reason}", reason=reason)], 400)
        if not isinstance(data, dict):
            # TRANSLATORS: web table: a request to make a table is JSON but not an object; keep JSON.
            return _problems(language, [lambda: _("The request is not a JSON object.")], 400)

        def made() -> Any:
            set_language(language)
            options = data.get("options") or {}
            seats = data.get("seats")
            if not isinstance(options, dict) or not isinstance(seats, list):
                # TRANSLATORS: web table: a request to make a table lacks its seats, or its options are not a mapping.
                raise TableRequestError([_("The request needs a list of seats and a mapping of options.")])
            house = data.get("house_rule")
            return registry.create(
                data.get("ruleset"),
                house if isinstance(house, str) else None,
                str(data.get("house_rule_name") or "house-rule.yaml")[:200],
                options,
                seats,
            )

        try:
            new = await asyncio.to_thread(made)
        except TableRequestError as error:
            return JSONResponse({"problems": error.problems}, status_code=error.status)
        base = str(request.base_url).rstrip("/")
        links = [
            {
                "seat": index,
                "name": seat.name,
                "url": f"{base}/table/{new.table.id}#seat={index}&token={new.tokens[index]}",
            }
            for index, seat in enumerate(new.table.seats)
            if index in new.tokens
        ]
        return JSONResponse(
            {
                "table": new.table.id,
                "links": links,
                "spectators": f"{base}/table/{new.table.id}",
                "owner": f"{base}/table/{new.table.id}#owner={new.owner_token}",
            }
        )

    async def close(request: Request) -> Response:
        language = reader_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        body = await _limited_body(request)
        try:
            data = json.loads(body) if body is not None else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            data = None
        token = data.get("token") if isinstance(data, dict) else None
        closed = await asyncio.to_thread(registry.close, request.path_params["table"], token)
        if closed is None:
            return _problems(language, [lambda: _("No such table.")], 404)
        if not closed:
            # TRANSLATORS: web table: someone tried to close a table without its owner's link (or with a forged one).
            return _problems(language, [lambda: _("Only the table's owner can close it.")], 403)
        return JSONResponse({"closed": request.path_params["table"]})

    async def download(request: Request) -> Response:
        found = registry.get(request.path_params["table"])
        language = reader_language(None, request.headers.get("accept-language"))
        if found is None:
            return _problems(language, [lambda: _("No such table.")], 404)
        if not found.finished:
            # TRANSLATORS: web table: the log holds the deck's order, so it is given only once the game is over.
            return _problems(language, [lambda: _("The game log can be downloaded once the game is over.")], 409)
        with found.lock:
            content = (found.folder / LOG_FILE).read_bytes()
        return Response(
            content,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="cardrules-{found.id}.json"'},
        )

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket):
            await websocket.close(code=4403)  # before accepting: the handshake is refused (HTTP 403)
            return
        await websocket.accept()
        found = registry.get(websocket.path_params["table"])
        accept = websocket.headers.get("accept-language")
        connection = _Connection(websocket, found, reader_language(None, accept), messages_per_second)
        if found is None:
            await connection.error(lambda: _("No such table."))
            await websocket.close(code=4404)
            return
        await connection.run(registry)

    routes = [
        Route("/", lobby),
        Route("/api/tables", create, methods=["POST"]),
        Route("/table/{table}", table),
        Route("/api/tables/{table}/log", download),
        Route("/api/tables/{table}/close", close, methods=["POST"]),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.registry = registry
    return app


def _in_language(language: str, make: Any) -> Any:
    set_language(language)
    return make()


def _problems(language: str, messages: list[Any], status: int) -> JSONResponse:
    set_language(language)
    return JSONResponse({"problems": [message() for message in messages]}, status_code=status)


async def _limited_body(request: Request) -> bytes | None:
    """The request's body, or None past :data:`MAX_REQUEST_BYTES` (read no further than that)."""
    received = bytearray()
    async for chunk in request.stream():
        received.extend(chunk)
        if len(received) > MAX_REQUEST_BYTES:
            return None
    return bytes(received)


class _Connection:
    """One page's WebSocket: who it is (a seat, or a spectator), its language and width, its frames."""

    def __init__(self, websocket: WebSocket, table: WebTable | None, language: str, rate: float) -> None:
        self.websocket = websocket
        self.table = table
        self.language = language
        self.seat: int | None = None
        self.columns = DEFAULT_COLUMNS
        self.limiter = RateLimiter(time.monotonic, rate=rate)
        self.changed = asyncio.Event()

    async def error(self, message: Any) -> None:
        text = await asyncio.to_thread(_in_language, self.language, message)
        await self.websocket.send_text(json.dumps({"type": "error", "message": text}, ensure_ascii=False))

    async def run(self, registry: TableRegistry) -> None:
        table = self.table
        assert table is not None
        if table.watchers >= MAX_WATCHERS:
            # TRANSLATORS: web table: too many pages watch this table at once.
            await self.error(lambda: _("Too many pages are watching this table."))
            await self.websocket.close(code=4429)
            return
        try:
            if not await self._hello(registry):
                return
        except WebSocketDisconnect:
            return  # gone before saying who it was
        # Frames start once the page has said who it is: a page whose hello is refused is sent none.
        loop = asyncio.get_running_loop()
        unwatch = table.watch(lambda: loop.call_soon_threadsafe(self.changed.set))
        sender = asyncio.create_task(self._send_frames())
        receiver = asyncio.create_task(self._receive_all(registry))
        try:
            self.changed.set()
            # Until the page leaves, or the table closes (the sender tells the page, and closes the socket).
            await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            unwatch()
            sender.cancel()
            receiver.cancel()

    async def _receive_all(self, registry: TableRegistry) -> None:
        try:
            while True:
                message = await self.websocket.receive_text()
                await self._receive(message, registry)
        except WebSocketDisconnect:
            pass

    async def _hello(self, registry: TableRegistry) -> bool:
        """The page's first message: its seat and token (or none: a spectator), language and width."""
        table = self.table
        assert table is not None
        message = await self.websocket.receive_text()
        data = self._decode(message)
        if data is None or data.get("type") != "hello":
            # TRANSLATORS: web table: a page's first message over the WebSocket must say hello; keep hello.
            await self.error(lambda: _("The first message must be a hello."))
            await self.websocket.close(code=4400)
            return False
        seat = data.get("seat")
        if seat is not None:
            valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(table.seats)
            if not valid or not table.seats[seat].holds(data.get("token")):
                # TRANSLATORS: web table: the invite link's seat or token is wrong (forged, or from another table).
                await self.error(lambda: _("This link does not open a seat of this table."))
                await self.websocket.close(code=4403)
                return False
            self.seat = seat
            table.seat_back(seat)  # the seat's page is here: if a bot played the seat, its player has it again
        asked = data.get("language")
        if self.seat is not None and not (isinstance(asked, str) and asked in available_languages()):
            asked = table.seats[self.seat].language
        if isinstance(asked, str) and asked in available_languages():
            self.language = asked
        if self.seat is not None:
            await self._choose_language(registry, self.language)
        self.columns = _columns(data.get("columns"))
        return True

    async def _choose_language(self, registry: TableRegistry, language: str) -> None:
        self.language = language
        table = self.table
        assert table is not None
        if self.seat is not None and table.seats[self.seat].language != language:
            table.set_language(self.seat, language)
            await asyncio.to_thread(registry.save_seats, table)

    def _decode(self, message: str) -> dict[str, Any] | None:
        if len(message.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
            return None
        try:
            data = json.loads(message)
        except json.JSONDecodeError:
            return None
        return data if isinstance(data, dict) else None

    async def _receive(self, message: str, registry: TableRegistry) -> None:
        table = self.table
        assert table is not None
        if not self.limiter.allow():
            # TRANSLATORS: web table: a page sent messages faster than the server allows.
            await self.error(lambda: _("Too many messages: wait a moment."))
            return
        data = self._decode(message)
        if data is None:
            # TRANSLATORS: web table: a message that is not a JSON object, or is too large ({limit} bytes at most).
            await self.error(
                lambda: _("A message must be a JSON object of at most {limit} bytes.", limit=MAX_MESSAGE_BYTES)
            )
            return
        kind = data.get("type")
        if kind == "line":
            text = data.get("text")
            if self.seat is None:
                # TRANSLATORS: web table: a spectator's page tried to play.
                await self.error(lambda: _("A spectator cannot play."))
            elif not isinstance(text, str) or len(text) > MAX_LINE_CHARS or not text.isprintable():
                # TRANSLATORS: web table: what was typed is too long or holds characters that are not text.
                await self.error(
                    lambda: _("That line cannot be read: at most {limit} characters of text.", limit=MAX_LINE_CHARS)
                )
            elif table.seat_back(self.seat):
                pass  # a player back from being away: the line answers nothing, their next decision is asked of them
            elif not table.submit_line(self.seat, text, _question(data.get("question"))):
                # TRANSLATORS: web table: a player sent a move while the game does not wait for them.
                await self.error(lambda: _("It is not your move."))
        elif kind == "language":
            asked = data.get("language")
            if isinstance(asked, str) and asked in available_languages():
                await self._choose_language(registry, asked)
                self.changed.set()
            else:
                # TRANSLATORS: web table: a language that is not installed was asked for.
                await self.error(lambda: _("That language is not installed."))
        elif kind == "columns":
            self.columns = _columns(data.get("columns"))
            self.changed.set()
        elif kind == "back":
            if self.seat is None:
                await self.error(lambda: _("A spectator cannot play."))
            else:
                table.seat_back(self.seat)
        else:
            # TRANSLATORS: web table: a message of a kind the server does not know.
            await self.error(lambda: _("Unknown message."))

    async def _send_frames(self) -> None:
        """A frame after every change (several changes while one is drawn make one frame)."""
        table = self.table
        assert table is not None
        while True:
            await self.changed.wait()
            self.changed.clear()
            try:
                drawn = await asyncio.to_thread(frame, table, self.seat, self.language, self.columns)
            except Exception:
                # A frame that cannot be drawn is the server's bug: logged, and the page keeps its last frame.
                LOGGER.exception("table %s: the frame of seat %s could not be drawn", table.id, self.seat)
                continue
            await self.websocket.send_text(json.dumps(drawn, ensure_ascii=False))
            if drawn["closed"]:
                await self.websocket.close(code=CLOSED_CODE)
                return
