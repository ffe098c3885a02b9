"""The one wrapper of the program's text (engine/text/wrapping.py): display width, Japanese line breaks, ASCII whole.

It serves click's help, the paragraphs and heading of play, ``cardrules
rulesets`` and the simulation report's notes, so its rules are proved here
on any text, and on the sentences the audit found broken.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from engine.text.wrapping import NO_LINE_END, NO_LINE_START, display_width, split_word, wrap

# Words as the catalogs write them: ASCII tokens (numbers, option values, URLs), kana and kanji, Korean, and the
# punctuation of the three languages.
ASCII_WORDS = st.text(alphabet="abcKIND019.,:;!?)]}(/%-+=", min_size=1, max_size=14)
JAPANESE = st.text(alphabet="あいうかきくさしすーっゃョ漢字数語、。：（）「」・…〜０", min_size=1, max_size=20)
KOREAN = st.text(alphabet="가나다라마바사아자차는을를에서", min_size=1, max_size=8)
WORD = st.lists(
    st.one_of(
        ASCII_WORDS, JAPANESE, KOREAN, st.sampled_from(["±", "95%", "0.5", "1,000", "bot:KIND", "tcp://127.0.0.1:8786"])
    ),
    min_size=1,
    max_size=3,
).map("".join)
TEXT = st.lists(WORD, min_size=1, max_size=12).flatmap(
    lambda words: st.lists(st.sampled_from([" ", "", "  "]), min_size=len(words) - 1, max_size=len(words) - 1).map(
        lambda gaps: "".join(word + gap for word, gap in zip(words, [*gaps, ""]))
    )
)


def break_positions(text: str, lines: list[str]) -> list[int]:
    """Where in ``text`` each line but the last ends; asserts the lines are ``text`` with only spaces dropped."""
    position, breaks = 0, []
    for line in lines:
        assert text.startswith(line, position), (text, lines)
        position += len(line)
        breaks.append(position)
        while position < len(text) and text[position].isspace():
            position += 1
    assert position == len(text), (text, lines)
    return breaks[:-1]


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(min_value=4, max_value=60))
def test_lines_fit_give_the_text_back_and_never_split_an_ascii_run_that_fits(text, width):
    text = text.strip()
    lines = wrap(text, width)
    assert all(cell_len(line) <= width for line in lines), lines
    breaks = set(break_positions(text, lines))
    for run in re.finditer(r"[!-~]+", text):
        if len(run.group()) < width:
            inside = set(range(run.start() + 1, run.end()))
            assert not breaks & inside, (run.group(), lines)


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(min_value=6, max_value=60))
def test_no_line_starts_with_closing_punctuation_nor_ends_with_an_opening_one(text, width):
    text = text.strip()
    lines = wrap(text, width)
    # Where a line may break inside a word, by the line-start rules; elsewhere only inside a word too wide for a line.
    allowed, too_wide, position = set(), set(), 0
    for word in re.finditer(r"\S+", text):
        position = word.start()
        for piece in split_word(word.group()):
            if cell_len(piece) > width:
                too_wide.update(range(position + 1, position + len(piece)))
            position += len(piece)
            allowed.add(position)
    for position in break_positions(text, lines):
        if text[position].isspace() or position in too_wide:
            continue  # a break at a space the text has, or a word wider than a line
        assert position in allowed, (position, lines)
        assert not (text[position] in NO_LINE_START and not text[position].isascii()), lines
        assert not (text[position - 1] in NO_LINE_END and not text[position - 1].isascii()), lines


def test_the_help_sentences_the_audit_found_cut_stay_whole():
    korean = "게임이 진행되는 동안 기록을 FILE에 저장합니다. 사람이 둘 때마다, 봇만 두는 동안에는 적어도 0.5초마다 저장합니다."
    assert "0.5초마다" in "\n".join(wrap(korean, 50))
    japanese = "席をコンマ区切りで：人間なら名前、ボットなら bot:KIND。既定値：あなたとボット3体。"
    assert any("bot:KIND。" in line for line in wrap(japanese, 50))
    for width in range(12, 60):
        for line in wrap(
            "例：tcp://127.0.0.1:8786（cardrules[cluster] が必要）。合計1,000で少なくとも0.5秒ごと", width
        ):
            assert cell_len(line) <= width
            assert not line.startswith(("）", "。", "ー")), line
        assert "tcp://127.0.0.1:8786" in "".join(wrap("例：tcp://127.0.0.1:8786（x）", width))


def test_japanese_breaks_between_characters_and_korean_between_words():
    japanese = (
        "最初にパスしたプレイヤーがこれを取り、出した金銭は手元に戻ります。ほかのプレイヤーは出した金銭を失います。"
    )
    lines = wrap(japanese, 40)
    assert all(cell_len(line) >= 36 for line in lines[:-1]), lines  # no half-empty line
    assert not any(line.startswith(("ー", "。", "）")) for line in lines)
    korean = "거래할 때는 다른 사람에게 제안하거나 패스할 수 있습니다. 제안은 세 번까지 할 수 있습니다."
    for line in wrap(korean, 30):
        assert all(word in korean.split() for word in line.split()), line  # every word whole


def test_a_paragraph_in_play_breaks_between_japanese_characters_not_at_its_one_space():
    import io

    from rich.console import Console

    from engine.fronts.terminal.console import Wrapped

    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    console.print(
        Wrapped(
            "第2ラウンド：ギャンブル負債（不幸）：-5点 最初にパスしたプレイヤーがこれを取り、出した金銭は"
            "手元に戻ります。ほかのプレイヤーは出した金銭を失います。"
        )
    )
    console.print(
        Wrapped("それでは競り値が 1,000 ですが、1,000 より多くなければなりません。もっと出すか、パスしてください。")
    )
    lines = out.getvalue().splitlines()
    assert all(cell_len(line) <= 80 for line in lines)
    assert not any(line.startswith(("ー", "。", "）", "、")) for line in lines), lines
    assert cell_len(lines[0]) >= 78 and cell_len(lines[2]) >= 78, lines  # no half-empty line before a number


def cut_reading_the_whole_piece(piece: str, cells: int, line_cells: int) -> int:
    """The cut of :func:`engine.text.wrapping._cut` as it was written first: every atom of the piece measured."""
    from engine.text.wrapping import _atoms, best_break

    atoms = _atoms(piece)
    best, _looked_at = best_break(atoms, cells, line_cells)  # every atom at once, where _cut reads a window
    return len("".join(atoms[:best]))


# Pieces wider than a line, with long runs of ASCII, escape sequences (one longer than any window), characters that
# take no column and Japanese.
LONG_PIECE = st.lists(
    st.one_of(
        st.integers(1, 150).map(lambda n: "x" * n),
        st.sampled_from(
            [
                ",",
                "/",
                "あ",
                "ー",
                "。",
                "(",
                "「",
                "1",
                ".svg",
                "\x1b[1m",
                "\x1b[" + "0" * 120 + "m",
                "\u0301" * 40,
                "日本語",
            ]
        ),
    ),
    min_size=1,
    max_size=12,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(LONG_PIECE, st.integers(0, 60), st.integers(1, 60), st.integers(0, 300))
def test_a_long_piece_is_cut_where_reading_all_of_it_would_cut_it(piece, cells, line_cells, start):
    # A piece of a whole paragraph is cut reading only a line's worth of it (linear time): at the same place.
    from engine.text.wrapping import _ESCAPE, _cut

    start = min(start, len(piece))
    while start and _ESCAPE.search(piece[:start]) and any(m.start() < start < m.end() for m in _ESCAPE.finditer(piece)):
        start -= 1  # a piece's rest never starts inside an escape sequence
    assert _cut(piece, start, cells, line_cells) == cut_reading_the_whole_piece(piece[start:], cells, line_cells)


def test_a_translated_paragraph_of_300000_characters_is_wrapped():
    # A stranger's msgstr as one word (the audit: 300,000 "{" took click's --help over 20 s, growing with the
    # square of the length); read line by line it takes about a second.
    for text in ("x" * 300_000, "{" * 300_000, "%(" * 150_000, "あ" * 100_000, "\x1b[1mab" * 30_000):
        lines = wrap(text, 78, "  ", "    ")
        assert all(display_width(line) <= 78 for line in lines)
        assert "".join(line.strip() for line in lines) == text
