"""Bohnanza at a web table: two human seats, each in its own page, trade with each other through the server."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bean_player import BeanPlayer
from web_helpers import Page, drive, new_table, seat_and_token, server, view_text

# A prompt's own ending, the number list of a choice, a follow-up question (as the terminal's tests read them).
ASKED = re.compile(r"\s*\(\? help, q quit\) > $")
NUMBER_PROMPT = re.compile(r"Number \(1-\d+\), or back > $")
FOLLOW_UP = re.compile(r"(?:Give|Ask for|Positions) > $")


class WebBeanPlayer(BeanPlayer):
    """A bean player at a web page: it reads the frame as the terminal's player reads the screen."""

    def __init__(self, name: str, offer_to: str) -> None:
        super().__init__(name, offer_to)
        self.line = ""

    def type_line(self, line: str) -> None:
        self.line = line

    def answer_frame(self, frame: dict[str, Any]) -> str:
        prompt = frame["prompt"]
        screen = view_text(frame) + "\n" + "\n".join(frame["said"]) + "\n"
        if NUMBER_PROMPT.search(prompt):
            return "1"
        if FOLLOW_UP.search(prompt):
            return re.findall(r"e\.g\. ([\d ]+);", screen + prompt)[-1]
        self.answer(screen + ASKED.sub("", prompt))
        return self.line


def test_two_human_seats_complete_a_trade(tmp_path: Path) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}, {"kind": "bot:heuristic"}]
    with server(tmp_path) as client:
        made = new_table(client, ruleset="bohnanza/amigo", seats=seats)
        table = client.app.state.registry.tables[made["table"]]
        pages = {seat: Page(client, made["table"], seat, token) for seat, token in map(seat_and_token, made["links"])}
        players = {0: WebBeanPlayer("Ann", "bo"), 1: WebBeanPlayer("Bo", "ann")}

        def traded() -> bool:
            with table.lock:
                entries = table.state.to_log()["actions"]
            return any(
                entry["action"] == "accept"
                and entry["player"] in (0, 1)
                and previous["action"] == "offer"
                and {previous["player"], previous.get("to")} == {0, 1}
                for previous, entry in zip(entries, entries[1:])
            )

        drive(table, pages, lambda seat, frame: players[seat].answer_frame(frame), stop=traded)
        assert traded()
        for page in pages.values():
            page.close()
