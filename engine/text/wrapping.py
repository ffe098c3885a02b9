"""Text wrapped for a terminal by the columns it takes on screen, in English, Japanese and Korean alike.

One wrapper for every place that wraps text (click's help, a paragraph said
in play, the table's heading lines, ``cardrules rulesets``, the notes under
a simulation report), so that they break lines by the same rules:

* widths are display cells: an East Asian wide character takes two;
* a line breaks at a space, or between two Japanese or Chinese characters
  (those languages write no spaces); Korean breaks between words, at spaces;
* a run of ASCII without a space (``0.5``, ``1,000``, ``bot:KIND``, a URL) is
  never broken, unless it is wider than a whole line;
* closing punctuation, ``ー`` and small kana never start a line, and an
  opening bracket never ends one (the Japanese line-start rules, *kinsoku*).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len

# Characters a line may not start with: they stay with the character before them. ASCII closing punctuation is
# here for the place where it follows a wide character ("日本." stays whole); between ASCII characters there is no
# break anyway.
NO_LINE_START = frozenset(
    "、。，．：；！？）」』】〉》〕］｝〙〗｠»’”ー・…‥〜～゠々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.:;!?)]}%"
)
# ASCII signs that may also start a word (a file extension ".svg", "-1"): before a letter or digit they do not
# close what comes before them.
_ASCII_LEADING = frozenset(".,:;!?%")
# Where a run of ASCII wider than a whole line is best cut: after one of these (a list, a path, a URL).
_ASCII_SOFT_END = frozenset(",;/:&?=|")
# Characters a line may not end with: they stay with the character after them.
NO_LINE_END = frozenset("（「『【〈《〔［｛〘〖｟«‘“([{")

# An escape sequence (a colour) takes no cell and is never a place to break.
_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
_SPACE = re.compile(r"\s+")


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: a wide character two, an escape sequence none."""
    return cell_len(_ESCAPE.sub("", text))


def _atoms(text: str) -> list[str]:
    """``text`` as characters, each escape sequence kept as one (never cut in two)."""
    atoms: list[str] = []
    position = 0
    for match in _ESCAPE.finditer(text):
        atoms.extend(text[position : match.start()])
        atoms.append(match.group(0))
        position = match.end()
    atoms.extend(text[position:])
    return atoms


def breaks_anywhere(char: str) -> bool:
    """A wide character a line may break before or after, as Japanese and Chinese text does (Korean breaks at
    spaces, between words, as Korean is written)."""
    if len(char) != 1:
        return False
    hangul = "\uac00" <= char <= "\ud7a3" or "\u1100" <= char <= "\u11ff" or "\u3130" <= char <= "\u318f"
    return cell_len(char) > 1 and not hangul


def _may_break_between(before: str, after: str, following: str = "") -> bool:
    """Whether a line may break between two neighbouring characters of a word (no space between them);
    ``following`` is the character after ``after``, if any."""
    if not (breaks_anywhere(before) or breaks_anywhere(after)):
        return False  # ASCII, Korean and the like: a word is broken only at spaces
    if before.isascii() and before.isdigit():
        return False  # a number stays with its counter or unit (3体, 20回), never alone at a line's end
    if after in _ASCII_LEADING and following.isascii() and following.isalnum():
        return before not in NO_LINE_END  # ".svg", ":KIND": the sign starts an ASCII word, it closes nothing
    return after not in NO_LINE_START and before not in NO_LINE_END


def split_word(word: str) -> list[str]:
    """A word (no space in it) in the pieces a line may break between: every Japanese or Chinese character
    on its own, an ASCII or Korean run whole, punctuation with what it closes or opens."""
    atoms = _atoms(word)
    # The character after each atom (an escape sequence skipped), read from the end once: a word may be a whole
    # paragraph of a stranger's translation, so nothing here reads the rest of the word again per character.
    following = [""] * len(atoms)
    after = ""
    for index in range(len(atoms) - 1, -1, -1):
        following[index] = after
        if len(atoms[index]) == 1:
            after = atoms[index]
    pieces: list[str] = []
    current: list[str] = []
    previous = ""
    for index, atom in enumerate(atoms):
        if current and len(atom) == 1 and previous and _may_break_between(previous, atom, following[index]):
            pieces.append("".join(current))
            current = []
        current.append(atom)
        if len(atom) == 1:
            previous = atom
    if current:
        pieces.append("".join(current))
    return pieces


def split_chunks(chunks: Sequence[str]) -> list[str]:
    """Chunks as a wrapper splits text (words and runs of spaces), each word cut into the pieces a line may break
    between (see :func:`split_word`)."""
    pieces: list[str] = []
    for chunk in chunks:
        if not chunk or chunk.isspace():
            pieces.append(chunk)
        else:
            pieces.extend(split_word(chunk))
    return pieces


def _ascii_runs(atoms: Sequence[str]) -> list[int]:
    """For each atom, the display width of the run of non-space ASCII characters it belongs to (0: not in one)."""
    widths = [0] * len(atoms)
    start = 0
    for index in range(len(atoms) + 1):
        inside = index < len(atoms) and len(atoms[index]) == 1 and atoms[index].isascii() and not atoms[index].isspace()
        if not inside:
            for member in range(start, index):
                widths[member] = index - start
            start = index + 1
    return widths


def break_goodness(atoms: list[str], runs: list[int], index: int, line_cells: int) -> int:
    """How good a line break before ``atoms[index]`` is: 0 never (inside a run of ASCII that fits a line),
    1 or 2 inside a run too long for a line (2 after a soft end such as ``,`` or ``/``), 3 to 6 elsewhere
    (more where wide text may break anywhere and the line-start and line-end rules hold)."""
    before, after = atoms[index - 1], atoms[index]
    if runs[index - 1] and runs[index]:  # inside one run of ASCII
        if runs[index] <= line_cells:
            return 0
        return 2 if before in _ASCII_SOFT_END and after not in _ASCII_SOFT_END else 1
    return (
        3
        + (breaks_anywhere(before) or breaks_anywhere(after))
        + 2 * (after not in NO_LINE_START and before not in NO_LINE_END)
    )


def _cut(piece: str, start: int, cells: int, line_cells: int) -> int:
    """Where to cut ``piece[start:]``, wider than a whole line (``line_cells``), for its head to fit ``cells`` columns.

    Preferred: a place the line-start rules allow, between a Japanese character and what follows, then any place
    not inside a run of ASCII letters, digits and signs (the line-start rules set aside last); a run of ASCII is cut only when it is itself wider
    than a whole line (a list, a path or a URL), after a comma, slash or colon if it has one, else where the
    columns run out. The number of characters of the head; 0 when no cut fits in ``cells``.

    Only the part of the piece that can matter is read: what fits in ``cells`` and a line's width after it (to
    tell whether a run of ASCII is wider than a line), so that a piece of a whole paragraph is cut line by line in
    time that grows with its length, not with its square.
    """
    window = 2 * (max(cells, 0) + line_cells) + 16
    while True:
        end = min(start + window, len(piece))
        escape = piece.rfind("\x1b", start, end)  # an escape sequence holds no other: the last may run past the end
        if escape >= 0 and end < len(piece):
            sequence = _ESCAPE.match(piece, escape)
            if sequence is not None and sequence.end() > end:
                end = escape if escape > start else sequence.end()
        whole = end >= len(piece)
        atoms = _atoms(piece[start:end])
        best, index = best_break(atoms, cells, line_cells)
        # A run of ASCII is measured within the atoms read: enough of them must follow the last place looked at.
        if whole or index + line_cells + 1 < len(atoms):
            return len("".join(atoms[:best]))
        window *= 2


def best_break(atoms: list[str], cells: int, line_cells: int) -> tuple[int, int]:
    """``(the best place to break atoms, the last place looked at)``: the place within ``cells`` columns whose
    :func:`break_goodness` is highest (a later place of the same goodness fills the line better), 0 for none."""
    runs = _ascii_runs(atoms)
    best = (0, 0)  # (how good the place is, the place)
    used = 0
    index = 1
    for index in range(1, len(atoms)):
        used += display_width(atoms[index - 1])
        if used > cells:
            break
        goodness = break_goodness(atoms, runs, index, line_cells)
        if goodness:
            best = max(best, (goodness, index))
    return best[1], index


def _first_atom_length(text: str, start: int) -> int:
    """The characters of the first atom of ``text[start:]``: an escape sequence, else one character."""
    escape = _ESCAPE.match(text, start)
    return len(escape.group(0)) if escape else 1


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` columns (each line's indent included), broken as the module says.

    Spaces between words are kept inside a line and dropped where a line
    breaks; an empty or blank ``text`` gives no line.
    """
    return wrap_pieces(split_chunks(re.split(r"(\s+)", text.strip())), width, initial_indent, subsequent_indent)


def wrap_pieces(pieces: Sequence[str], width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """Pieces (from :func:`split_chunks`, runs of spaces among them) laid into lines of at most ``width`` columns."""
    lines: list[str] = []
    # A piece wider than a line is cut line by line: what is left of it is (the piece, where the rest starts, its
    # columns), never a copy of the rest nor measured again (a stranger's paragraph may be one piece).
    todo: list[tuple[str, int, int | None]] = [(piece, 0, None) for piece in reversed(pieces)]
    line: list[str] = []
    used = 0
    room = width - display_width(initial_indent)

    def finish() -> None:
        nonlocal line, used, room
        while line and line[-1].isspace():
            line.pop()
        lines.append((subsequent_indent if lines else initial_indent) + "".join(line))
        line, used = [], 0
        room = width - display_width(subsequent_indent)

    while todo:
        piece, start, cells = todo.pop()
        if start == 0 and piece.isspace():
            if line:  # a space never starts a line
                line.append(piece)
                used += display_width(piece)
            continue
        if cells is None:
            cells = display_width(piece)
        if used + cells <= room:
            line.append(piece[start:] if start else piece)
            used += cells
            continue
        if cells <= max(room, 1) and line:
            finish()  # the piece fits a line of its own: it goes whole to the next one
            todo.append((piece, start, cells))
            continue
        # Wider than a whole line: as much as fits here (a new line if nothing fits), the rest after it.
        cut = _cut(piece, start, room - used, room)
        if not cut and line:
            finish()
            todo.append((piece, start, cells))
            continue
        cut = cut or _first_atom_length(piece, start)  # not one character fits an empty line: one goes, past the edge
        head = piece[start : start + cut]
        line.append(head)
        if start + cut < len(piece):
            todo.append((piece, start + cut, cells - display_width(head)))
        finish()
    if line:
        finish()
    return lines
