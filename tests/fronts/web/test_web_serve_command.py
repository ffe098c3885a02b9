"""``cardrules serve`` as a user starts it: its help in three languages, and the places it cannot serve from."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from cli_helpers import cardrules_process
from starlette.testclient import TestClient
from web_helpers import new_table, server

from engine.fronts.web.app import make_app


@pytest.mark.parametrize(("lang", "words"), [("en", "Serve web tables"), ("ja", "Webの卓"), ("ko", "웹 테이블")])
def test_the_help_is_in_three_languages(lang: str, words: str) -> None:
    shown = cardrules_process("serve", "--help", lang=lang)
    assert shown.returncode == 0 and words in shown.stdout and "--port" in shown.stdout
    for option in ("--away-minutes", "--idle-days", "--finished-idle-days", "--data-cap-mb"):
        assert option in shown.stdout


@pytest.mark.parametrize("limit", [("--away-minutes", "0"), ("--idle-days", "-1"), ("--data-cap-mb", "lots")])
def test_a_limit_that_is_no_number_of_the_right_sign_is_refused(tmp_path: Path, limit: tuple[str, str]) -> None:
    shown = cardrules_process("serve", "--data", str(tmp_path), *limit, lang="ja")
    assert shown.returncode == 2 and limit[0] in shown.stderr and "Traceback" not in shown.stderr


def test_a_port_in_use_is_refused_in_the_users_language(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        shown = cardrules_process("serve", "--port", str(port), "--data", str(tmp_path), lang="ja")
    assert shown.returncode == 1 and f"127.0.0.1:{port}" in shown.stderr and "Traceback" not in shown.stderr


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    shown = cardrules_process("serve", "--data", str(blocker / "inside"))
    assert shown.returncode == 1 and str(blocker / "inside") in shown.stderr and "Traceback" not in shown.stderr


def test_a_table_folder_that_cannot_be_read_is_reported_and_the_others_are_served(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        good = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)["table"]
        broken = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "bot:random"}] * 3)["table"]
    log = tmp_path / "tables" / broken / "game.json"
    log.write_text('{"format": 2, "ruleset": "no-thanks/classic",\n "players": 7}\n', encoding="utf-8")
    told: list[str] = []
    with TestClient(make_app(tmp_path, report=told.append)) as client:
        assert set(client.app.state.registry.tables) == {good}
        assert client.get(f"/table/{good}").status_code == 200 and client.get(f"/table/{broken}").status_code == 404
    assert told and all(line.startswith(f"{log}:") for line in told)
    assert any(line.startswith(f"{log}:2:13: $.players:") for line in told)


@pytest.mark.parametrize(
    ("seat", "reason"),
    [
        ({"kind": "bot:genius"}, "genius"),
        ({"token": 5}, "a seat's token and language must be text"),
        ({"language": ["ja"]}, "a seat's token and language must be text"),
        ({"name": "Somebody else"}, "the seats and the game log name different players"),
    ],
)
def test_a_tampered_seat_in_table_json_is_reported_and_the_server_serves_on(
    tmp_path: Path, seat: dict, reason: str
) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "human"}, *[{"kind": "bot:random"}] * 2])
    seats_file = tmp_path / "tables" / made["table"] / "table.json"
    kept = json.loads(seats_file.read_text(encoding="utf-8"))
    kept["seats"][1].update(seat)
    seats_file.write_text(json.dumps(kept), encoding="utf-8")
    told: list[str] = []
    with TestClient(make_app(tmp_path, report=told.append)) as client:
        assert client.app.state.registry.tables == {} and client.get("/").status_code == 200
    assert len(told) == 1 and told[0].startswith(f"{seats_file}: cannot resume this table: ") and reason in told[0]
