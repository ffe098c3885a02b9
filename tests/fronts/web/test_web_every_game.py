"""Every shipped ruleset plays to the end at a web table: a human seat answers from its page, bots fill the others.

The page is drawn generically (the terminal's view and prompts), so no game
needs web code of its own; the human answers as a newcomer reading the page
would: the bean games as the terminal's bean player does, a numbered choice
by its first number, an auction by passing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_bohnanza import WebBeanPlayer
from web_helpers import Page, drive, first_choice, new_table, seat_and_token, server

from engine.families.catalog import list_rulesets

SHIPPED = sorted(info.name for info in list_rulesets() if not info.abstract and info.error is None)


def test_the_shipped_rulesets_are_all_here() -> None:
    assert {"high-society/ja", "bohnanza/high-bohn", "love-letter/classic", "coloretto/classic"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_human_seat_plays_the_game_to_the_end(tmp_path: Path, name: str) -> None:
    beans = WebBeanPlayer("Ann", "bot1")

    def answer(_seat: int, frame: dict[str, Any]) -> str:
        if name.startswith("bohnanza/"):
            return beans.answer_frame(frame)
        return first_choice(frame) or "pass"

    with server(tmp_path) as client:
        made = new_table(client, ruleset=name, seats=[{"kind": "human", "name": "Ann"}, *[{"kind": "bot:random"}] * 2])
        table = client.app.state.registry.tables[made["table"]]
        page = Page(client, made["table"], *seat_and_token(made["links"][0]))
        assert drive(table, {0: page}, answer) > 0
        last = page.until(lambda frame: frame["finished"])
        page.close()
    assert table.failure is None and last["result"][0] == "Final scoring"
