"""What every response of the web table carries, and which pages may open a table's WebSocket.

A page shows text that comes from others (player names, uploaded house
rules, catalogs): it is escaped on the server, and the Content-Security-Policy
lets the browser run only the server's own scripts and styles, so a text that
slipped through could run nothing. The frames' tables are rich's HTML export,
whose colours are inline ``style`` attributes: those alone are allowed inline.
A WebSocket is opened only by a page of the same origin: another site's page
cannot play a seat with a token it learnt, nor watch a table, from the
visitor's browser.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.websockets import WebSocket

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware: every HTTP response gets :data:`HEADERS`."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, sending)


def same_origin(websocket: WebSocket) -> bool:
    """Whether the page opening ``websocket`` is one of this server's (a client that sends no ``Origin``, not a
    browser, may connect: it holds what any HTTP client could ask for)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower()
