"""Table borders and marks drawn one cell wide everywhere, on request (``--ascii`` or ``CARDRULES_ASCII=1``).

Box-drawing characters, the turn marker ``▶`` and the dash ``–`` are
"ambiguous width" in Unicode: a terminal set up for Japanese, Korean or
Chinese may draw them two cells wide, and then no table lines up. With
ASCII chosen, tables are drawn with ``+``, ``-`` and ``|``, the player to
move is marked ``>`` and an empty cell ``-``.
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


def nothing() -> str:
    """What an empty cell shows."""
    return "-" if ascii_wanted() else "–"
