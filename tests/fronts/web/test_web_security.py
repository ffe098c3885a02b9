"""Every response carries the Content-Security-Policy, and only the server's own pages open a table's WebSocket.

(The browser tests play whole games in Chromium under this policy: the pages need nothing it forbids.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect
from web_helpers import new_table, server

from engine.fronts.web.security import CONTENT_SECURITY_POLICY


@pytest.mark.parametrize(
    "path", ["/", "/static/table.js", "/static/cardrules.css", "/table/nosuch", "/api/tables/x/log"]
)
def test_every_response_carries_the_policy(tmp_path: Path, path: str) -> None:
    with server(tmp_path) as client:
        response = client.get(path)
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_the_policy_runs_only_the_servers_own_scripts() -> None:
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["script-src"] == "'self'"  # no inline script, no other site's
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in directives["style-src"]  # only style attributes (rich's colours) are inline


def test_the_pages_load_no_inline_script(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)
        for path in ("/", f"/table/{made['table']}"):
            text = client.get(path).text
            assert "<script>" not in text and "<script " in text
            assert "onclick" not in text and "javascript:" not in text


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),  # not a browser: what any HTTP client may ask
        ("http://testserver", True),
        ("http://TESTSERVER", True),
        ("http://evil.example", False),
        ("http://testserver.evil.example", False),
        ("https://testserver:8443", False),
        ("null", False),
    ],
)
def test_only_a_page_of_the_same_origin_opens_a_tables_websocket(tmp_path: Path, origin: str | None, allowed: bool):
    with server(tmp_path) as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)
        headers = {} if origin is None else {"Origin": origin}
        if allowed:
            with client.websocket_connect(f"/ws/{made['table']}", headers=headers) as socket:
                socket.send_json({"type": "hello", "columns": 80})
                assert socket.receive_json()["type"] == "frame"
        else:
            with pytest.raises(WebSocketDisconnect) as refused:
                with client.websocket_connect(f"/ws/{made['table']}", headers=headers) as socket:
                    socket.receive_json()
            assert refused.value.code == 4403
