"""The web table over time: a seat whose player is away is played by a bot until they come back, an owner
closes a table, idle tables expire, the data folder has a cap, and a bot's budget read from a folder is cut.

Time is a :class:`~web_helpers.Clock` the tests move by hand: nothing here waits for minutes or days.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect
from web_helpers import Clock, Page, drive, first_choice, new_table, seat_and_token, server

from engine.fronts.formats.gamelog import read_log
from engine.fronts.formats.replay import replay_record
from engine.fronts.web.limits import ServeLimits

A_HUMAN_AND_BOTS = [{"kind": "human", "name": "Aki"}, {"kind": "bot:random"}, {"kind": "bot:random"}]
# Long enough never to be reached by accident: each test moves its clock past the limit it tries.
NEVER = 1e12


def until(condition, seconds: float = 120.0) -> None:
    """Wait for something another thread does (not a timed assertion: the limit only keeps a failure from hanging)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.01)


def asked(table, seat: int) -> bool:
    return table.waiting_for == seat and table.prompts[seat] is not None


def silent_until_away(table, clock: Clock, seat: int, limit: float) -> None:
    """Let time pass until the seat is away (a question put again, say in the page's language, starts again)."""
    until(lambda: clock.advance(limit + 1) or table.away[seat] or table.finished)


# ---------------------------------------------------------------------- a seat whose player is away


def test_a_silent_seat_is_played_by_a_bot_and_every_page_is_told_in_its_language(tmp_path: Path) -> None:
    clock = Clock()
    limits = ServeLimits(away_seconds=60, idle_seconds=NEVER, finished_idle_seconds=NEVER)
    with server(tmp_path, limits=limits, clock=clock) as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=A_HUMAN_AND_BOTS)
        table = client.app.state.registry.tables[made["table"]]
        aki = Page(client, made["table"], *seat_and_token(made["links"][0]))
        watcher = Page(client, made["table"], language="ja")
        until(lambda: asked(table, 0))
        aki.until(lambda frame: frame["prompt"] is not None)
        clock.advance(59)
        time.sleep(0.5)  # two of the waiting question's looks at the clock
        assert not table.away[0]  # within the limit, the question waits
        silent_until_away(table, clock, 0, 60)
        until(lambda: table.finished)  # the bot plays the seat to the end, as no one came back
        seen = watcher.until(lambda frame: frame["finished"])
        mine = aki.until(lambda frame: frame["finished"])
        aki.close()
        watcher.close()
    assert mine["away"] == seen["away"] == [0]
    assert mine["notices"] == ["You were away for a while: a bot plays your seat until you come back."]
    assert mine["prompt"] is None and mine["labels"]["back"] == "I am back: let me play"
    assert len(seen["notices"]) == 1 and "Aki" in seen["notices"][0] and "bot" not in seen["notices"][0]
    # The bot's moves are ordinary actions: the log replays, its seat still the human's.
    log = read_log(tmp_path / "tables" / made["table"] / "game.json")
    assert log.log["seats"][0] == "human"
    assert replay_record(log).players[0].name == "Aki"


def test_the_bot_that_stands_in_is_seeded_from_the_table(tmp_path: Path) -> None:
    """Two copies of one table whose silent seat a bot plays end alike: the stand-in is seeded from the table."""
    with server(tmp_path / "first") as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=A_HUMAN_AND_BOTS)
        table = client.app.state.registry.tables[made["table"]]
        until(lambda: asked(table, 0))
    played = []
    for copy in ("one", "two"):
        shutil.copytree(tmp_path / "first" / "tables" / made["table"], tmp_path / copy / "tables" / made["table"])
        clock = Clock()
        limits = ServeLimits(away_seconds=1, idle_seconds=NEVER, finished_idle_seconds=NEVER)
        with server(tmp_path / copy, limits=limits, clock=clock) as client:
            table = client.app.state.registry.tables[made["table"]]
            until(lambda: asked(table, 0))
            silent_until_away(table, clock, 0, 1)
            until(lambda: table.finished)
            played.append(list(table.state.history))
    assert played[0] == played[1] and len(played[0]) > 1


def test_the_seat_is_the_players_again_when_its_page_comes_back(tmp_path: Path) -> None:
    clock = Clock()
    limits = ServeLimits(away_seconds=60, idle_seconds=NEVER, finished_idle_seconds=NEVER)
    with server(tmp_path, limits=limits, clock=clock) as client:
        made = new_table(client, ruleset="high-society/ja", seats=A_HUMAN_AND_BOTS)
        table = client.app.state.registry.tables[made["table"]]
        seat, token = seat_and_token(made["links"][0])
        aki = Page(client, made["table"], seat, token)
        until(lambda: asked(table, 0))
        moves = len(table.state.history)
        silent_until_away(table, clock, 0, 60)
        # The page asks for its seat back: the next decision of the seat is asked of its player.
        aki.until(lambda frame: frame["away"] == [0])
        aki.send(type="back")
        until(lambda: not table.away[0] and (table.finished or asked(table, 0)))
        assert table.finished or len(table.state.history) > moves
        aki.close()
        if not table.finished:
            silent_until_away(table, clock, 0, 60)
            # A page that connects again gives the seat back too.
            again = Page(client, made["table"], seat, token)
            frame = again.until(
                lambda frame: frame["away"] == [] and (frame["prompt"] is not None or frame["finished"])
            )
            assert frame["notices"] == []
            again.close()


def test_a_line_from_a_player_back_answers_nothing_and_gives_the_seat_back(tmp_path: Path) -> None:
    clock = Clock()
    limits = ServeLimits(away_seconds=60, idle_seconds=NEVER, finished_idle_seconds=NEVER)
    with server(tmp_path, limits=limits, clock=clock) as client:
        made = new_table(client, ruleset="high-society/ja", seats=A_HUMAN_AND_BOTS)
        table = client.app.state.registry.tables[made["table"]]
        aki = Page(client, made["table"], *seat_and_token(made["links"][0]))
        until(lambda: asked(table, 0))
        silent_until_away(table, clock, 0, 60)
        aki.send(type="line", text="pass")
        until(lambda: not table.away[0])
        spectator = Page(client, made["table"])
        spectator.send(type="back")
        assert spectator.error() == "A spectator cannot play."
        aki.close()
        spectator.close()
    assert aki.errors == []


# ---------------------------------------------------------------------- an owner closes a table


def test_the_owner_closes_the_table_and_every_page_is_told(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="high-society/ja", seats=A_HUMAN_AND_BOTS)
        table_id = made["table"]
        owner = made["owner"].split("#owner=")[1]
        kept = json.loads((tmp_path / "tables" / table_id / "table.json").read_text(encoding="utf-8"))
        assert kept["owner"] == hashlib.sha256(owner.encode()).hexdigest() and owner not in json.dumps(kept)
        aki = Page(client, table_id, *seat_and_token(made["links"][0]))
        watcher = Page(client, table_id, accept="ko")
        aki.until(lambda frame: True)
        watcher.until(lambda frame: True)  # both pages are watching
        forged = owner[:-1] + ("A" if owner[-1] != "A" else "B")
        refused = [
            client.post(f"/api/tables/{table_id}/close", json={"token": forged}),
            client.post(f"/api/tables/{table_id}/close", json={"token": seat_and_token(made["links"][0])[1]}),
            client.post(f"/api/tables/{table_id}/close", json={}),
            client.post(f"/api/tables/{table_id}/close", content=b"not json"),
            client.post(f"/api/tables/{table_id}/close?lang=ja", json={"token": 12}),
        ]
        assert [answer.status_code for answer in refused] == [403] * 5
        assert refused[0].json() == {"problems": ["Only the table's owner can close it."]}
        assert refused[4].json()["problems"][0] != "Only the table's owner can close it."  # in Japanese
        assert table_id in client.app.state.registry.tables
        assert client.post("/api/tables/0123456789abcdef/close", json={"token": owner}).status_code == 404
        closed = client.post(f"/api/tables/{table_id}/close", json={"token": owner})
        assert closed.status_code == 200 and closed.json() == {"closed": table_id}
        told = {name: page.until(lambda frame: frame["closed"]) for name, page in (("aki", aki), ("ko", watcher))}
        for page in (aki, watcher):
            with pytest.raises(WebSocketDisconnect) as ended:
                page.receive()
            assert ended.value.code == 4410
            page.close()
        assert client.get(f"/table/{table_id}").status_code == 404
        assert client.post(f"/api/tables/{table_id}/close", json={"token": owner}).status_code == 404
        assert table_id not in client.app.state.registry.tables
    assert told["aki"]["status"] == "This table is closed." and told["ko"]["status"] != "This table is closed."
    assert not (tmp_path / "tables" / table_id).exists()
    with server(tmp_path) as client:
        assert client.app.state.registry.tables == {}


# ---------------------------------------------------------------------- idle tables expire


def test_idle_tables_expire_finished_ones_sooner_and_an_open_page_keeps_a_table(tmp_path: Path) -> None:
    clock = Clock()
    limits = ServeLimits(away_seconds=NEVER, idle_seconds=100, finished_idle_seconds=10)
    with server(tmp_path, limits=limits, clock=clock) as client:
        registry = client.app.state.registry
        over = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)["table"]
        going = new_table(client, ruleset="no-thanks/classic", seats=A_HUMAN_AND_BOTS)
        watched = going["table"]
        until(lambda: registry.tables[over].finished)
        page = Page(client, watched, *seat_and_token(going["links"][0]))
        page.until(lambda frame: True)  # the page is watching
        clock.advance(11)
        assert registry.sweep() == [f"{tmp_path / 'tables' / over}: removed: this table was idle for too long"]
        assert set(registry.tables) == {watched} and not (tmp_path / "tables" / over).exists()
        clock.advance(1000)
        assert registry.sweep() == [] and watched in registry.tables  # a page is open
        page.close()
        clock.advance(99)
        assert registry.sweep() == []
        clock.advance(2)
        assert len(registry.sweep()) == 1 and registry.tables == {}
    assert list((tmp_path / "tables").iterdir()) == []


def test_an_idle_table_expires_at_start_and_periodically(tmp_path: Path) -> None:
    clock = Clock()
    limits = ServeLimits(away_seconds=NEVER, idle_seconds=100, finished_idle_seconds=100, sweep_seconds=0.05)
    with server(tmp_path, limits=limits, clock=clock) as client:
        old = new_table(client, ruleset="no-thanks/classic", seats=A_HUMAN_AND_BOTS)["table"]
    kept = json.loads((tmp_path / "tables" / old / "table.json").read_text(encoding="utf-8"))
    assert kept["active"] == clock.now  # saved when the server stopped
    clock.advance(50)
    told: list[str] = []
    with server(tmp_path, limits=limits, clock=clock, report=told.append) as client:
        registry = client.app.state.registry
        assert old in registry.tables and told == []
        clock.advance(51)  # idle for 101 seconds in all, the server's stop and start between
        until(lambda: len(told) > 0)  # the server's own sweep finds it, and says so
        assert old not in registry.tables
    assert told == [f"{tmp_path / 'tables' / old}: removed: this table was idle for too long"]
    with server(tmp_path, limits=limits, clock=clock) as client:
        young = new_table(client, ruleset="no-thanks/classic", seats=A_HUMAN_AND_BOTS)["table"]
    clock.advance(101)
    told.clear()
    with server(tmp_path, limits=limits, clock=clock, report=told.append) as client:
        assert client.app.state.registry.tables == {}
    assert told == [f"{tmp_path / 'tables' / young}: removed: this table was idle for too long"]


# ---------------------------------------------------------------------- the data folder's cap


def test_no_table_is_made_past_the_data_cap_and_a_game_under_way_saves_on(tmp_path: Path) -> None:
    limits = ServeLimits(data_cap_bytes=1)
    with server(tmp_path, limits=limits) as client:
        made = new_table(client, ruleset="high-society/ja", seats=A_HUMAN_AND_BOTS)
        refused = client.post("/api/tables", json={"ruleset": "high-society/ja", "seats": A_HUMAN_AND_BOTS})
        in_japanese = client.post(
            "/api/tables",
            json={"ruleset": "high-society/ja", "seats": A_HUMAN_AND_BOTS},
            headers={"Accept-Language": "ja"},
        )
        table = client.app.state.registry.tables[made["table"]]
        aki = Page(client, made["table"], *seat_and_token(made["links"][0]))
        drive(table, {0: aki}, lambda seat, frame: first_choice(frame) or "pass", moves=3)
        until(lambda: table.finished or len(table.state.history) >= 3)
        aki.close()
        with table.lock:
            played = list(table.state.history)
    assert refused.status_code == 507 and in_japanese.status_code == 507
    assert refused.json() == {
        "problems": ["The server has no room for a new table: its tables hold more than 1 bytes."]
    }
    assert in_japanese.json()["problems"] != refused.json()["problems"]
    assert len(list((tmp_path / "tables").iterdir())) == 1
    saved = read_log(tmp_path / "tables" / made["table"] / "game.json").log["actions"]
    assert len(saved) >= len(played) >= 3  # the bots may have moved on since


# ---------------------------------------------------------------------- a bot's budget read from a folder


def test_a_bot_budget_past_the_web_limit_in_table_json_is_cut_and_reported(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)
        table = client.app.state.registry.tables[made["table"]]
        until(lambda: table.finished)
    seats_file = tmp_path / "tables" / made["table"] / "table.json"
    kept = json.loads(seats_file.read_text(encoding="utf-8"))
    kept["seats"][0]["kind"] = "bot:ismcts:999999"
    kept["seats"][1]["kind"] = "bot:ismcts:3600s"
    kept["seats"][2]["kind"] = "bot:ismcts:2s"
    seats_file.write_text(json.dumps(kept), encoding="utf-8")
    told: list[str] = []
    with server(tmp_path, report=told.append) as client:
        table = client.app.state.registry.tables[made["table"]]
        kinds = [seat.bot_kind for seat in table.seats]
    assert kinds == ["ismcts:50000", "ismcts:30s", "ismcts:2s"]
    assert told == [
        f"{seats_file}: seat 1: bot:ismcts:999999 thinks longer than a web table allows; it now plays as"
        " bot:ismcts:50000",
        f"{seats_file}: seat 2: bot:ismcts:3600s thinks longer than a web table allows; it now plays as bot:ismcts:30s",
    ]
    assert [seat["kind"] for seat in json.loads(seats_file.read_text(encoding="utf-8"))["seats"]] == [
        "bot:ismcts:50000",
        "bot:ismcts:30s",
        "bot:ismcts:2s",
    ]


@pytest.mark.parametrize(("field", "value"), [("owner", 5), ("active", "yesterday"), ("active", True)])
def test_a_tampered_owner_or_time_in_table_json_is_reported(tmp_path: Path, field: str, value: object) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)
    seats_file = tmp_path / "tables" / made["table"] / "table.json"
    kept = json.loads(seats_file.read_text(encoding="utf-8"))
    kept[field] = value
    seats_file.write_text(json.dumps(kept), encoding="utf-8")
    told: list[str] = []
    with server(tmp_path, report=told.append) as client:
        assert client.app.state.registry.tables == {}
    assert told == [
        f"{seats_file}: cannot resume this table: a table's owner must be text and its time of activity a number"
    ]
