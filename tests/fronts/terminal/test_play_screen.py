"""What a player sees in an 80x24 terminal, in each language: a real pseudo-terminal (pexpect) drawn on a
VT100 screen (pyte), so that what scrolled away or was wrapped is seen as the player sees it."""

from __future__ import annotations

import re

import pexpect
import pyte
import pytest
from rich.cells import cell_len
from terminal_helpers import CARDRULES, ENV, ROOT

COLUMNS, LINES = 80, 24
ROUND = {"en": r"Round (\d+)", "ja": r"第(\d+)ラウンド", "ko": r"(\d+)라운드"}
BORDERS = set("┌┐└┘├┤┬┴┼─│╭╮╰╯━┃┏┓┗┛┣┫┳┻╋┡┩╇")


def session(
    lang: str, ruleset: str, *extra: str, players: str = "Ann,bot:heuristic,bot:heuristic", rows: int = LINES
) -> tuple[pexpect.spawn, pyte.Screen, pyte.Stream]:
    """``cardrules play`` for one person against bots in an 80x24 terminal (``rows`` high), and its screen."""
    env = dict(ENV, COLUMNS=str(COLUMNS), LINES=str(rows))
    child = pexpect.spawn(
        CARDRULES[0],
        [*CARDRULES[1:], "play", "-r", ruleset, "--lang", lang, "--seed", "5", "--players", players, *extra],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(rows, COLUMNS),
    )
    child.delaybeforesend = None
    screen = pyte.Screen(COLUMNS, rows)
    return child, screen, pyte.Stream(screen)


def next_prompt(child: pexpect.spawn, stream: pyte.Stream) -> bool:
    """Wait for the next question to the person (False once the game is over); draw what came on the screen."""
    found = child.expect([r"> $", pexpect.EOF])
    stream.feed(child.before + (child.after if found == 0 else ""))
    return found == 0


@pytest.mark.parametrize(
    "lang, ruleset", [("en", "high-society/ja"), ("ja", "high-society/ja"), ("ko", "high-society/ko")]
)
@pytest.mark.parametrize("ascii_boxes", [False, True])
def test_at_80x24_the_round_and_the_table_stay_on_screen_and_nothing_is_cut(lang, ruleset, ascii_boxes):
    child, screen, stream = session(lang, ruleset, *(["--ascii"] if ascii_boxes else []))
    rounds_seen = set()
    try:
        for _ in range(8):  # the person passes at every question: several rounds go by
            if not next_prompt(child, stream):
                break
            lines = [line.rstrip() for line in screen.display]
            text = "\n".join(lines)
            # The round under way (and the card up for auction, on the same line) is still on screen.
            heading = [line for line in lines if re.search(ROUND[lang], line)]
            assert heading, text
            rounds_seen.add(re.search(ROUND[lang], heading[-1]).group(1))
            # The table is whole: its borders line up, and no row is wider than the terminal.
            table = [line for line in lines if line[:1] in ("┌", "│", "├", "└", "+", "|")]
            assert len(table) >= 5, text
            assert len({cell_len(line) for line in table}) == 1, text
            if ascii_boxes:
                assert not BORDERS & set(text) and "▶" not in text, text
            else:
                assert "▶" in text
            # Amounts are never broken over two lines: each row of the table holds the whole amount.
            assert not re.search(r"[\d,]+,\s*$", text, re.M), text
            child.sendline("pass")
    finally:
        child.terminate(force=True)
    assert len(rounds_seen) >= 2  # the game went on, and each round's heading was there


TURN = {"en": r"Turn (\d+):", "ja": r"第(\d+)ターン", "ko": r"(\d+)턴:"}
# Answers tried in turn until one is taken (every language reads the English words and the numbers).
ANSWERS = ["pass", "end", "decline", "done", "1", "2", "3"]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("ruleset", ["bohnanza/amigo", "bohnanza/high-bohn"])
def test_bohnanza_at_80x24_keeps_the_turn_heading_and_the_table_on_screen(lang, ruleset):
    """Fields, coins and hands of three players on 24 lines: the compact table moves fields under it."""
    child, screen, stream = session(lang, ruleset)
    redraws = 0
    answer = 0
    try:
        for _ in range(40):
            found = child.expect([r"> $", pexpect.EOF])
            chunk = child.before + (child.after if found == 0 else "")
            stream.feed(chunk)
            if found != 0:
                break
            if "\x1b[2J" in chunk:  # the table was drawn afresh for this question: all of it must be on screen
                redraws += 1
                answer = 0
                lines = [line.rstrip() for line in screen.display]
                text = "\n".join(lines)
                assert re.search(TURN[lang], text), text
                assert re.search(TURN[lang], lines[0]), text  # the heading is the screen's first line
                table = [line for line in lines if line[:1] in ("┌", "│", "├", "└")]
                if table:
                    assert len(table) >= 5 and len({cell_len(line) for line in table}) == 1, text
                    # No cell is cut short but a long name, which a narrow table shortens ("ボット 1（ヒューリス…").
                    assert "…" not in "".join(line.split("│", 2)[-1] for line in table), text
                else:  # too short for the table: a line per player, the one to play marked
                    assert any(line.startswith(("▶ ", "> ")) and (":" in line or "：" in line) for line in lines), text
            child.sendline(ANSWERS[answer % len(ANSWERS)])
            answer += 1
    finally:
        child.terminate(force=True)
    assert redraws >= 5


# A word the help says, and where a terminal left to wrap it at 80 columns used to cut it in two (Japanese breaks
# between characters: there the sentence is checked whole across lines, see below).
HELP_WORDS = {"en": ["Cheapest:", "is not played"], "ja": [], "ko": ["않습니다."]}


@pytest.mark.parametrize(
    "lang, ruleset", [("en", "high-society/ja"), ("ja", "high-society/ja"), ("ko", "high-society/ko")]
)
def test_at_80x24_help_wraps_between_words_and_the_round_is_said_again_below_it(lang, ruleset):
    child, screen, stream = session(lang, ruleset)
    try:
        assert next_prompt(child, stream)
        child.sendline("?")
        assert next_prompt(child, stream)
        lines = [line.rstrip() for line in screen.display]
        text = "\n".join(lines)
        for word in HELP_WORDS[lang]:
            assert any(word in line for line in lines), text  # whole, on one line
        if lang == "ja":
            # Broken between characters, by display width: the line does not stop at the space before the
            # number (a half-empty line), and no line starts with closing punctuation or a long-vowel mark.
            assert "最も安い出し方" in "".join(lines), text
            bid_help = next(line for line in lines if "合計が" in line)
            assert cell_len(bid_help) >= COLUMNS - 2 and "より多く" in bid_help, text
            assert not any(line.startswith(("、", "。", "）", "ー", "：")) for line in lines), text
            # The cheapest bids are set apart with 、 as Japanese lists are, not an English "; ".
            assert ";" not in "".join(lines) and "、" in "".join(lines).split("最も安い出し方")[1], text
        # The table scrolled away under the help; the round and its card are on screen all the same.
        assert re.search(ROUND[lang], "\n".join(lines[-3:])), text
    finally:
        child.terminate(force=True)


@pytest.mark.parametrize(
    "lang, ruleset, money", [("en", "high-society/ja", "106,000"), ("ko", "high-society/ko", "1억 600만 달러")]
)
def test_at_80x24_a_very_long_name_is_shortened_and_no_amount_is_cut(lang, ruleset, money):
    name = "AlexandraVeryLongNameThatGoesOnAndOnForever"
    child, screen, stream = session(lang, ruleset, players=",".join([name] + ["bot:heuristic"] * 4))
    try:
        assert next_prompt(child, stream)
        lines = [line.rstrip() for line in screen.display]
        text = "\n".join(lines)
        rows = [line for line in lines if line.startswith("│") and ("▶" in line or "Bot" in line or "봇" in line)]
        assert len(rows) == 5 and all(money in row for row in rows), text
        # The table shortens the name (the prompt under it still calls the player by their whole name).
        assert "…" in rows[0] and not any(name in row for row in rows), text
    finally:
        child.terminate(force=True)


def test_at_80_columns_what_a_prompt_explains_wraps_between_korean_words():
    # The trade prompt's explanation is longer than 80 cells; the terminal broke it inside a word.
    child, screen, stream = session("ko", "bohnanza/amigo", players="앤,bot:random,bot:random")
    try:
        assert next_prompt(child, stream)
        lines = [line.rstrip() for line in screen.display]
        text = "\n".join(lines)
        # Lines broken between words read back as the sentence when joined with spaces.
        assert '하나씩 물어보게 하려면 "제안"만 입력하세요.' in " ".join(lines), text
        assert all(cell_len(line) <= COLUMNS for line in lines)
    finally:
        child.terminate(force=True)


STORY = {"en": "What just happened:", "ja": "直前の出来事：", "ko": "방금 일어난 일:"}
TAKES = {"en": r" takes ", "ja": r"を取ります", "ko": r" 획득"}


@pytest.mark.parametrize(
    "lang, ruleset", [("en", "high-society/ja"), ("ja", "high-society/ja"), ("ko", "high-society/ko")]
)
def test_at_80x24_the_story_fills_the_rows_left_marks_a_cut_and_recap_shows_it_whole(lang, ruleset):
    """What happened since the player's last move gets every row the screen has under the table (the prompt's
    row and the one Enter moves to excepted); a cut says how many lines it left out, and ``recap`` shows them."""
    child, screen, stream = session(lang, ruleset, players="Ann,bot:heuristic,bot:heuristic,bot:random,bot:heuristic")
    cuts = 0
    try:
        for _ in range(10):
            if not next_prompt(child, stream):
                break
            lines = [line.rstrip() for line in screen.display]
            text = "\n".join(lines)
            prompt_row = max(index for index, line in enumerate(lines) if line.endswith(">"))
            story = [index for index, line in enumerate(lines) if line.startswith(STORY[lang])]
            # "(… 14 earlier lines: type recap ...)" first, or after the player's own move and its answer.
            marked = story and any(re.match(r"\s*[(（]….*\d", line) for line in lines[story[0] + 1 :])
            if marked:
                cuts += 1
                assert prompt_row == LINES - 2, text  # no row left blank but the one Enter moves to
                child.sendline("recap")
                assert next_prompt(child, stream)
                recap = "\n".join(line.rstrip() for line in screen.display)
                # The whole story, the last round's outcome (who took which card) included.
                assert re.search(TAKES[lang], recap.split(STORY[lang])[-1]), recap
            child.sendline("pass")
    finally:
        child.terminate(force=True)
    assert cuts


@pytest.mark.parametrize(
    "lang, ruleset", [("en", "high-society/ja"), ("ja", "high-society/ja"), ("ja", "bohnanza/amigo")]
)
def test_with_ascii_no_table_row_holds_an_ambiguous_width_character(lang, ruleset):
    """--ascii is for terminals that draw ``…``, ``–``, ``×`` two cells wide: such a row's border would stand out."""
    import unicodedata

    name = "AlexandraVeryLongNameThatGoesOnAndOnForever"  # cut to fit: "..." marks the cut
    players = ",".join([name] + ["bot:heuristic"] * (4 if ruleset.startswith("high") else 2))
    # Tall enough for the table (a short screen shows a line per player instead, tested above).
    child, screen, stream = session(lang, ruleset, "--ascii", players=players, rows=50)
    try:
        for _ in range(3):
            if not next_prompt(child, stream):
                break
            lines = [line.rstrip() for line in screen.display]
            text = "\n".join(lines)
            rows = [line for line in lines if line[:1] in ("+", "|")]
            assert len(rows) >= 5, text
            assert not {char for row in rows for char in row if unicodedata.east_asian_width(char) == "A"}, text
            assert any("..." in row for row in rows) and not any(name in row for row in rows), text
            child.sendline("pass")
    finally:
        child.terminate(force=True)
