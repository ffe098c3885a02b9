"""Table borders and marks drawn one cell wide everywhere, on request (``--ascii`` or ``CARDRULES_ASCII=1``).

Box-drawing characters, the turn marker ``▶`` and the dash ``–`` are
"ambiguous width" in Unicode: a terminal set up for Japanese, Korean or
Chinese may draw them two cells wide, and then no table lines up. With
ASCII chosen, tables are drawn with ``+``, ``-`` and ``|``, the player to
move is marked ``>`` and an empty cell ``-``; inside a table (and in the
simulation report) the other ambiguous-width characters the program and its
catalogs write (``…``, ``–``, ``±``, ``×``...) become ASCII too (see
:func:`one_cell_wide`): one of them left in a row puts that row's right-hand
border out of line.
"""

from __future__ import annotations

import os

from rich import box

_chosen: bool | None = None


def use_ascii(on: bool) -> None:
    """Choose ASCII borders and marks for this run (the ``--ascii`` option)."""
    global _chosen
    _chosen = on


def ascii_wanted() -> bool:
    """Whether ASCII was chosen: by ``--ascii``, else by the environment's ``CARDRULES_ASCII`` (not empty or 0)."""
    if _chosen is not None:
        return _chosen
    return os.environ.get("CARDRULES_ASCII", "") not in ("", "0")


def table_box(unicode_box: box.Box = box.HEAVY_HEAD) -> box.Box:
    """The border of a table: ``unicode_box``, or ASCII when chosen."""
    return box.ASCII if ascii_wanted() else unicode_box


def turn_marker() -> str:
    """What marks the row of the player to move."""
    return "> " if ascii_wanted() else "▶ "


# The East Asian ambiguous-width characters the program's own words and the catalogs put into table cells, and the
# ASCII that says the same. (A ruleset's card name may hold others; those are its author's to choose.)
_ASCII_FOR = str.maketrans(
    {
        "…": "...",  # a cut name, "and so on"
        "–": "-",  # an empty cell, a range "39.9–41.3%"
        "—": "-",
        "±": "+/-",  # a mean and its standard deviation
        "×": "x",  # "3 × Bank"
        "·": "/",  # a list "Bank: 5 · Shop: Red", "3·5·7"
        "→": "->",
        "▶": ">",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
    }
)


def one_cell_wide(text: str) -> str:
    """``text`` with its ambiguous-width characters written in ASCII, when ASCII was chosen; else as it is.

    For what goes inside a table: every table cell and heading passes here
    (through :func:`engine.base.shown.literal`), and the report's notes, which
    name the table's ``±``.
    """
    return text.translate(_ASCII_FOR) if ascii_wanted() else text


def ellipsis() -> str:
    """What marks text cut short."""
    return "..." if ascii_wanted() else "…"


def cut_overflow() -> str:
    """rich's ``overflow`` for a table column that may cut its text: rich's own mark is ``…``, so none in ASCII."""
    return "crop" if ascii_wanted() else "ellipsis"


def nothing() -> str:
    """What an empty cell shows."""
    return "-" if ascii_wanted() else "–"
