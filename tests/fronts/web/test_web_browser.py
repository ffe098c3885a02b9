"""The web table in a real browser (Chromium, driven by Playwright) against the real server (``cardrules serve``).

Two seats in two browser contexts, one Japanese and one Korean, play a
whole High Society game against a bot and each reads it in its own language;
a reload mid-game resumes the seat; a restart of the server mid-game resumes
the table; and neither page ever holds what the game said to the other seat.
A seat whose player is away is given back by its button, and the owner's
button closes the table for every page.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from served import Served

from engine.base import i18n

# Waits go through Playwright's expect, which runs outside the page: the page's Content-Security-Policy forbids
# the string evaluation wait_for_function does. As long as wait_for_function would wait.
expect.set_options(timeout=30_000)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# Between two answers of a page: the server takes 5 messages a second from a page (after a burst), as a person types.
PACE_MS = 210
SEATS = [{"kind": "human", "name": "Aki"}, {"kind": "human", "name": "Min"}, {"kind": "bot:heuristic"}]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM, "the browser tests need Chromium (Debian: apt-get install chromium)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(tmp_path / "data")
    yield server
    server.stop()


def translated(language: str, message: str) -> str:
    i18n.set_language(language)
    try:
        return i18n._(message)
    finally:
        i18n.set_language("en")


def seat_page(browser: Browser, url: str, locale: str, frames: list[dict[str, Any]]) -> Page:
    """A page of its own browser context (language ``locale``), keeping every frame its WebSocket receives."""
    context = browser.new_context(locale=locale)
    page = context.new_page()

    def watch(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", watch)
    page.goto(url)
    return page


def answer_until_over(
    pages: dict[str, Page], words: dict[str, str], most: int = 400, stop_after: int | None = None
) -> int:
    """Answer at each page whose player is asked (the first numbered choice, else the pass word) until the end."""
    answered = 0
    for _ in range(most * 20):
        over = 0
        for name, page in pages.items():
            if page.locator("#result-section").is_visible():
                over += 1
                continue
            if page.locator("#answer").is_visible() and page.locator("#prompt").inner_text().strip():
                choice = page.locator(".said .choice").first
                if choice.count():
                    choice.click()
                else:
                    page.fill("#line", words[name])
                    page.press("#line", "Enter")
                answered += 1
                page.wait_for_timeout(PACE_MS)
                if stop_after is not None and answered >= stop_after:
                    return answered
        if over == len(pages):
            return answered
        next(iter(pages.values())).wait_for_timeout(20)
    raise AssertionError("the game did not end")


def test_a_japanese_and_a_korean_seat_play_high_society_to_the_end(browser: Browser, served: Served) -> None:
    made = served.new_table(ruleset="high-society/ja", seats=SEATS)
    aki_frames: list[dict[str, Any]] = []
    min_frames: list[dict[str, Any]] = []
    aki = seat_page(browser, made["links"][0]["url"], "ja-JP", aki_frames)
    min_ = seat_page(browser, made["links"][1]["url"], "ko-KR", min_frames)
    expect(aki.locator("#status")).not_to_have_text("")
    # A reload mid-game resumes the seat where it was.
    answer_until_over({"aki": aki, "min": min_}, {"aki": "パス", "min": "패스"}, stop_after=4)
    aki.reload()
    expect(aki.locator("#status")).not_to_have_text("")
    answer_until_over({"aki": aki, "min": min_}, {"aki": "パス", "min": "패스"})
    assert aki.locator("#status").inner_text() == "ゲームは終わりました。"
    assert min_.locator("#status").inner_text() == "게임이 끝났습니다."
    assert aki.locator("html").get_attribute("lang") == "ja" and min_.locator("html").get_attribute("lang") == "ko"
    assert aki.locator("#result").inner_text().startswith(translated("ja", "Final scoring"))
    assert min_.locator("#result").inner_text().startswith(translated("ko", "Final scoring"))
    # Every frame a page received was drawn for its own seat, and never holds what the game said to the other.
    assert aki_frames and min_frames
    assert {frame["seat"] for frame in aki_frames if frame["type"] == "frame"} == {0}
    assert {frame["seat"] for frame in min_frames if frame["type"] == "frame"} == {1}
    assert not any("Min 님" in json.dumps(frame, ensure_ascii=False) for frame in aki_frames)
    assert not any(re.search("Akiさん、", json.dumps(frame, ensure_ascii=False)) for frame in min_frames)
    # The finished game downloads as a log.
    with aki.expect_download() as download:
        aki.click("#download")
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["players"] == ["Aki", "Min", "Bot 1 (heuristic)"] and "result" in saved


def test_a_server_restarted_mid_game_resumes_the_table(browser: Browser, served: Served) -> None:
    made = served.new_table(ruleset="high-society/ja", seats=SEATS)
    frames: list[dict[str, Any]] = []
    aki = seat_page(browser, made["links"][0]["url"], "en-US", frames)
    min_ = seat_page(browser, made["links"][1]["url"], "en-US", [])
    answer_until_over({"aki": aki, "min": min_}, {"aki": "pass", "min": "pass"}, stop_after=3)
    before = json.loads((served.data / "tables" / made["table"] / "game.json").read_text(encoding="utf-8"))
    served.restart()
    # The pages reconnect by themselves, and the game goes on from where it was saved.
    answer_until_over({"aki": aki, "min": min_}, {"aki": "pass", "min": "pass"})
    after = json.loads((served.data / "tables" / made["table"] / "game.json").read_text(encoding="utf-8"))
    assert after["actions"][: len(before["actions"])] == before["actions"] and "result" in after


def test_two_human_seats_trade_beans_in_their_browsers(browser: Browser, served: Served) -> None:
    from test_web_bohnanza import ASKED, FOLLOW_UP, NUMBER_PROMPT, WebBeanPlayer

    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}, {"kind": "bot:heuristic"}]
    made = served.new_table(ruleset="bohnanza/amigo", seats=seats)
    pages = {seat: seat_page(browser, made["links"][seat]["url"], "en-US", []) for seat in (0, 1)}
    players = {0: WebBeanPlayer("Ann", "bo"), 1: WebBeanPlayer("Bo", "ann")}
    answered = {0: "", 1: ""}
    log = served.data / "tables" / made["table"] / "game.json"

    def traded() -> bool:
        entries = json.loads(log.read_text(encoding="utf-8"))["actions"]
        return any(
            entry["action"] == "accept"
            and previous["action"] == "offer"
            and {previous["player"], previous.get("to"), entry["player"]} == {0, 1}
            for previous, entry in zip(entries, entries[1:])
        )

    for _ in range(3000):
        if traded():
            break
        for seat, page in pages.items():
            question = page.locator("#answer").get_attribute("data-question") or ""
            if not question or question == answered[seat] or not page.locator("#answer").is_visible():
                continue
            prompt = page.locator("#prompt").inner_text().strip() + " "  # the page's text ends "> "
            screen = page.locator("#view").inner_text() + "\n" + page.locator("#said").inner_text() + "\n"
            if NUMBER_PROMPT.search(prompt):
                line = "1"
            elif FOLLOW_UP.search(prompt):
                line = re.findall(r"e\.g\. ([\d ]+);", screen + prompt)[-1]
            else:
                players[seat].answer(screen + ASKED.sub("", prompt))
                line = players[seat].line
            answered[seat] = question
            page.fill("#line", line)
            page.press("#line", "Enter")
            page.wait_for_timeout(PACE_MS)
        pages[0].wait_for_timeout(20)
    assert traded()
    # Each page shows its own row as "(you)": Ann's never Bo's.
    assert "Ann (you)" in pages[0].locator("#view").inner_text()
    assert "Bo (you)" not in pages[0].locator("#view").inner_text()


def test_a_phone_sized_page_is_read_and_played_from_the_keyboard(browser: Browser, served: Served) -> None:
    made = served.new_table(
        ruleset="no-thanks/classic", seats=[{"kind": "human", "name": "Ann"}, *[{"kind": "bot:random"}] * 2]
    )
    context = browser.new_context(locale="ko-KR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(made["links"][0]["url"])
    expect(page.locator("#answer")).to_have_attribute("data-question", re.compile(r"."))
    # Nothing but the table's own box scrolls sideways: the page fits the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#line").is_visible() and page.locator("#line").bounding_box()["width"] > 150
    # The answer box has the focus: a number and Enter answer the question, with no mouse.
    question = page.locator("#answer").get_attribute("data-question")
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(
        page.locator(f"#answer:not([data-question='{question}']), #result-section:not([hidden])").first
    ).to_be_attached()
    log = json.loads((served.data / "tables" / made["table"] / "game.json").read_text(encoding="utf-8"))
    assert any(entry["player"] == 0 for entry in log["actions"])
    context.close()


def test_a_seat_away_is_given_back_and_the_owner_closes_the_table(browser: Browser, tmp_path: Path) -> None:
    # A question unanswered for 1.2 seconds makes the seat away: the page is left alone until the bot plays it.
    served = Served(tmp_path / "data", "--away-minutes", "0.02")
    try:
        made = served.new_table(
            ruleset="no-thanks/classic", seats=[{"kind": "human", "name": "Aki"}, *[{"kind": "bot:random"}] * 2]
        )
        aki = seat_page(browser, made["links"][0]["url"], "ja-JP", [])
        owner = seat_page(browser, made["owner"], "en-US", [])
        expect(aki.locator("#back")).to_be_visible()
        assert aki.locator("#notices").inner_text() == translated(
            "ja", "You were away for a while: a bot plays your seat until you come back."
        )
        expect(owner.locator("#notices")).to_contain_text("Aki is away")
        assert aki.locator("#close").is_hidden() and owner.locator("#close").is_visible()
        aki.click("#back")
        expect(aki.locator("#back")).to_be_hidden()
        # The owner's button asks first (the question in the page's language), then closes the table for every page.
        asked: list[str] = []

        def accept(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept()

        owner.on("dialog", accept)
        owner.click("#close")
        closed = translated("ja", "This table is closed.")
        expect(aki.locator("#status")).to_have_text(closed)
        expect(owner.locator("#status")).to_have_text("This table is closed.")
        assert asked == ["Close this table for everyone? Its game cannot be resumed."]
        assert owner.locator("#close").is_hidden() and not (served.data / "tables" / made["table"]).exists()
    finally:
        served.stop()
