"""The web table without a browser: tables made and refused, seats and tokens, languages, a game to the end,
a restart that resumes it, and every bad message answered with an error that changes nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from catalog_helpers import write_catalog
from web_helpers import Page, drive, first_choice, new_table, seat_and_token, server

from engine.fronts.formats.gamelog import read_log
from engine.fronts.formats.replay import replay_record
from engine.fronts.web.limits import MESSAGES_PER_SECOND

HUMANS_AND_A_BOT = [{"kind": "human", "name": "Aki"}, {"kind": "human", "name": "Min"}, {"kind": "bot:heuristic"}]


def test_the_lobby_speaks_the_browsers_language(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        english = client.get("/", headers={"Accept-Language": "en-US,en;q=0.9"}).text
        japanese = client.get("/", headers={"Accept-Language": "ja,en;q=0.5"}).text
        korean = client.get("/?lang=ko", headers={"Accept-Language": "ja"}).text
    assert '<html lang="en">' in english and "high-society/ja" in english
    assert '<html lang="ja">' in japanese and '<html lang="ko">' in korean
    assert "cardrules: a new table" in english
    assert "cardrules: a new table" not in japanese and "cardrules: a new table" not in korean


def test_a_table_request_with_problems_is_refused_with_each_located(tmp_path: Path) -> None:
    house = "extends: high-society/ja\noptions:\n  debt-floor: {default: [1, 2]}\n"
    with server(tmp_path) as client:
        unknown = client.post("/api/tables", json={"ruleset": "no-such/game", "seats": HUMANS_AND_A_BOT})
        too_few = client.post("/api/tables", json={"ruleset": "high-society/ja", "seats": HUMANS_AND_A_BOT[:1]})
        bad_kind = client.post(
            "/api/tables", json={"ruleset": "high-society/ja", "seats": [*HUMANS_AND_A_BOT, {"kind": "bot:genius"}]}
        )
        bad_rule = client.post(
            "/api/tables", json={"house_rule": house, "house_rule_name": "mine.yaml", "seats": HUMANS_AND_A_BOT}
        )
        a_file = client.post(
            "/api/tables",
            json={
                "house_rule": "extends: /etc/hosts.yaml\n",
                "house_rule_name": "mine.yaml",
                "seats": HUMANS_AND_A_BOT,
            },
        )
        not_json = client.post("/api/tables", content=b"{", headers={"Content-Type": "application/json"})
        huge = client.post("/api/tables", content=b"x" * (600 * 1024))
        assert client.app.state.registry.tables == {}
    assert unknown.status_code == 422 and "no-such/game" in unknown.json()["problems"][0]
    assert too_few.status_code == 422 and "3 to 5 players, not 1" in too_few.json()["problems"][0]
    assert "bot:genius" in bad_kind.json()["problems"][0]
    assert bad_rule.status_code == 422 and bad_rule.json()["problems"][0].startswith("mine.yaml:3:")
    assert a_file.json()["problems"] == [
        "mine.yaml:1:10: $.extends: /etc/hosts.yaml is not one of the server's rulesets: a house rule sent to the web"
        " table extends a ruleset by its name (GAME/EDITION), never a file"
    ]
    assert not_json.status_code == 400 and huge.status_code == 413
    assert not any((tmp_path / "tables").iterdir())


def test_an_uploaded_house_rule_plays_and_its_log_names_it(tmp_path: Path) -> None:
    house = "extends: high-society/ja\ndescription: No theft.\ncards:\n  - {id: theft, $remove: true}\n"
    with server(tmp_path) as client:
        made = new_table(client, house_rule=house, house_rule_name="floor.yaml", seats=[{"kind": "bot:random"}] * 3)
        watcher = Page(client, made["table"])
        over = watcher.until(lambda frame: frame["finished"])
        watcher.close()
        log = client.get(f"/api/tables/{made['table']}/log")
    saved = json.loads(log.content)
    assert saved["ruleset"] == "house.yaml" and "result" in saved
    assert "theft" not in saved["deck"] and over["result"]
    # The log replays beside the house rule it names, as a downloaded pair would.
    (tmp_path / "house.yaml").write_text(house, encoding="utf-8")
    (tmp_path / "game.json").write_bytes(log.content)
    assert len(replay_record(read_log(tmp_path / "game.json")).players) == 3


def test_a_forged_token_opens_no_seat(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="high-society/ja", seats=HUMANS_AND_A_BOT)
        seat, token = seat_and_token(made["links"][0])
        for hello in (
            {"seat": seat, "token": token[:-1] + ("y" if token.endswith("x") else "x")},
            {"seat": 1, "token": token},
            {"seat": 7, "token": token},
            {"seat": True, "token": token},
            {"seat": 0},
        ):
            with client.websocket_connect(f"/ws/{made['table']}") as socket:
                socket.send_text(json.dumps({"type": "hello", **hello}))
                message = json.loads(socket.receive_text())
                assert message == {"type": "error", "message": "This link does not open a seat of this table."}
        with client.websocket_connect("/ws/0123456789abcdef") as socket:
            assert json.loads(socket.receive_text())["message"] == "No such table."


def test_two_seats_in_two_languages_play_a_whole_game_against_a_bot(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="high-society/ja", seats=HUMANS_AND_A_BOT)
        aki = Page(client, made["table"], *seat_and_token(made["links"][0]), language="ja")
        min_ = Page(client, made["table"], *seat_and_token(made["links"][1]), accept="ko-KR,ko;q=0.9")
        table = client.app.state.registry.tables[made["table"]]
        words = {0: "パス", 1: "패스"}
        assert drive(table, {0: aki, 1: min_}, lambda seat, frame: first_choice(frame) or words[seat]) > 10
        finished = {seat: page.until(lambda frame: frame["finished"]) for seat, page in ((0, aki), (1, min_))}
        log = client.get(f"/api/tables/{made['table']}/log")
        aki.close()
        min_.close()
    assert finished[0]["language"] == "ja" and finished[1]["language"] == "ko"
    assert finished[0]["status"] != finished[1]["status"]
    assert finished[0]["result"][0] != finished[1]["result"][0]  # "Final scoring" in each language
    path = tmp_path / "downloaded.json"
    path.write_bytes(log.content)
    replayed = replay_record(read_log(path))
    assert [player.name for player in replayed.players] == ["Aki", "Min", "Bot 1 (heuristic)"]


def test_a_move_out_of_turn_and_bad_messages_change_nothing(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="high-society/ja", seats=HUMANS_AND_A_BOT)
        pages = [Page(client, made["table"], *seat_and_token(link)) for link in made["links"]]
        spectator = Page(client, made["table"])
        table = client.app.state.registry.tables[made["table"]]
        while not (table.waiting_for in (0, 1) and table.prompts[table.waiting_for] is not None):
            time.sleep(0.005)  # the bot's move, or the question being put
        idle = pages[1 - table.waiting_for]
        before = len(table.state.history)
        idle.send(type="line", text="pass")
        assert idle.error() == "It is not your move."
        spectator.send(type="line", text="pass")
        assert spectator.error() == "A spectator cannot play."
        idle.socket.send_text("{not json")
        assert idle.error().startswith("A message must be a JSON object")
        idle.socket.send_text(json.dumps({"type": "line", "text": "x" * 5000}))
        assert idle.error().startswith("A message must be a JSON object of at most 4096 bytes")
        idle.send(type="line", text="pass\x00")
        assert idle.error().startswith("That line cannot be read")
        pages[table.waiting_for].send(type="line", text="pass", question=0)
        assert pages[table.waiting_for].error() == "It is not your move."
        idle.send(type="dance")
        assert idle.error() == "Unknown message."
        idle.send(type="language", language="tlh")
        assert idle.error() == "That language is not installed."
        assert len(table.state.history) == before
        for page in (*pages, spectator):
            page.close()


def test_a_flood_from_one_page_is_refused(tmp_path: Path) -> None:
    with server(tmp_path, messages_per_second=MESSAGES_PER_SECOND) as client:
        made = new_table(client, ruleset="high-society/ja", seats=HUMANS_AND_A_BOT)
        spectator = Page(client, made["table"])
        for _ in range(60):
            spectator.send(type="columns", columns=80)
        assert "Too many messages: wait a moment." in [spectator.error() for _ in range(5)]
        spectator.close()


def test_a_restarted_server_resumes_the_table_and_the_seat(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = new_table(client, ruleset="high-society/ja", seats=HUMANS_AND_A_BOT)
        seat, token = seat_and_token(made["links"][0])
        pages = {
            0: Page(client, made["table"], seat, token),
            1: Page(client, made["table"], *seat_and_token(made["links"][1])),
        }
        table = client.app.state.registry.tables[made["table"]]
        drive(table, pages, lambda seat, frame: first_choice(frame) or "pass", moves=4)
        deadline = time.monotonic() + 60
        while len(table.state.history) < 4:  # the last answer sent is applied in the table's own thread
            assert time.monotonic() < deadline
            time.sleep(0.01)
        for page in pages.values():
            page.close()
        with table.lock:
            history = list(table.state.history)
    with server(tmp_path) as client:
        table = client.app.state.registry.tables[made["table"]]
        assert list(table.state.history)[: len(history)] == history and len(history) >= 4
        pages = {
            0: Page(client, made["table"], seat, token),
            1: Page(client, made["table"], *seat_and_token(made["links"][1])),
        }
        drive(table, pages, lambda seat, frame: first_choice(frame) or "pass")
        assert pages[0].until(lambda frame: frame["finished"])["result"]
        for page in pages.values():
            page.close()


@pytest.mark.parametrize("columns", [40, 160])
def test_a_page_gets_the_table_at_its_width(tmp_path: Path, columns: int) -> None:
    with server(tmp_path) as client:
        made = new_table(
            client, ruleset="bohnanza/amigo", seats=[{"kind": "human"}, {"kind": "bot:random"}, {"kind": "bot:random"}]
        )
        page = Page(client, made["table"], *seat_and_token(made["links"][0]), columns=columns)
        frame = page.until(lambda frame: True)
        page.close()
    import re

    text = re.sub(r"<[^>]+>", "", frame["view"])
    assert max(len(line) for line in text.splitlines()) <= columns


def test_a_language_added_through_cardrules_path_is_offered_and_spoken(tmp_path: Path, monkeypatch) -> None:
    write_catalog(tmp_path / "root", "fr", 'msgid "Your move."\nmsgstr "À vous de jouer."\n')
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path / "root"))
    with server(tmp_path / "data") as client:
        made = new_table(client, ruleset="no-thanks/classic", seats=[{"kind": "human"}, *[{"kind": "bot:random"}] * 2])
        table = client.app.state.registry.tables[made["table"]]
        page = Page(client, made["table"], *seat_and_token(made["links"][0]), accept="fr-FR,fr;q=0.9")
        frame = page.until(lambda frame: frame["prompt"] is not None and table.waiting_for == 0)
        page.close()
    assert frame["language"] == "fr" and "fr" in [language["code"] for language in frame["languages"]]
    assert frame["status"] == "À vous de jouer."
    assert {"code": "fr", "name": "français"} in frame["languages"]
