"""``cardrules rulesets``: the rulesets you can play, with a description each.

At a terminal each description is wrapped under its column by display
width; to a pipe or a file each ruleset is one line (name, two spaces or
more, description), for a program or grep.

Built-in editions and house rules from every root (``CARDRULES_PATH``, the
user data directory, the program's own) are listed by name, the name to give
``-r``. Abstract rulesets (shared parts of editions) are shown only with
``--all``; a file that does not load is listed with its first problem.
"""

from __future__ import annotations

import shutil
import sys

import click

from engine.base.i18n import _, pgettext
from engine.base.shown import printable
from engine.families.catalog import list_rulesets
from engine.text.wrapping import display_width, wrap


def run_command(show_all: bool) -> None:
    """What ``command`` does (its options are declared in :mod:`engine.fronts.cli.rulesets_cmd`)."""

    infos = [info for info in list_rulesets() if show_all or not info.abstract]
    # A name (a file name) and a description from a user's root are a stranger's text.
    names = [printable(info.name, keep_newlines=False) for info in infos]
    width = max((display_width(name) for name in names), default=0)
    columns = screen_width()
    for info, name in zip(infos, names):
        if info.error is not None:
            # TRANSLATORS: shown after a ruleset's name when its file has a problem; {problem} is FILE:LINE:COL: message
            line = _("(does not load: {problem})", problem=info.error)
        else:
            line = pgettext(info.text_context, info.description) if info.description else ""
            if info.abstract:
                # TRANSLATORS: marks a ruleset that holds shared parts and cannot be played by itself
                line = _("[abstract] {description}", description=line)
        for shown in ruleset_lines(name, width, printable(line, keep_newlines=False), columns):
            click.echo(shown)
    if not infos:
        # TRANSLATORS: cardrules rulesets, when no ruleset is installed.
        click.echo(_("No rulesets found."))


# Below this many columns beside the names, a description goes on its own lines under its name: a column of a
# few words per line is harder to read than a line of its own.
DESCRIPTION_MIN_CELLS = 30


def screen_width() -> int | None:
    """The terminal's columns when the list goes to one, else None (a pipe or a file: one line per ruleset, to
    be read by a program or searched with grep)."""

    return shutil.get_terminal_size().columns if sys.stdout.isatty() else None


def ruleset_lines(name: str, name_cells: int, description: str, screen: int | None) -> list[str]:
    """One ruleset's name and description, laid out for a screen ``screen`` columns wide (None: one line).

    At a terminal the description is wrapped by display width (between words, and in Japanese between
    characters) under its column, with a hanging indent; the terminal itself would break it inside a word, at
    its edge and with no indent. When the names leave too little room, it goes under its name, indented.
    """
    padded = name + " " * (name_cells - display_width(name))
    if screen is None or not description:
        return [f"{padded}  {description}".rstrip()]
    column = name_cells + 2
    if screen - column >= DESCRIPTION_MIN_CELLS:
        return wrap(description, screen, padded + "  ", " " * column)
    return [name, *wrap(description, screen, " " * 4, " " * 4)]
