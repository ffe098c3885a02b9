"""Errors as values: every problem with user input carries where it is.

A :class:`Diagnostic` names a file, a line and column (1-based, where known)
and the JSON path of the offending value. It stays a value until the command
line prints it GNU style (``FILE:LINE:COL: $.path: message``) so editors can
jump to it. Bad input raises a :class:`CardrulesError` holding one or more
diagnostics; nothing else should escape to the user.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from engine.base.shown import printable


def display_path(path: str | os.PathLike[str], *, referrer: str | None = None) -> str:
    """How a file is named in a diagnostic; the one place that decides it.

    A path the user wrote (on the command line, or inside a file) is shown as
    written. A path written inside another file (``extends: b.yaml``, a table's
    ``ruleset: house.yaml``) is relative to that file, so it is shown joined to
    the referring file's name as shown (``referrer``): both then read from the
    same base, whether the user gave a relative or an absolute path. A file the
    program found by itself (a ruleset found by name) is shown relative to the
    working directory when it lies inside it, else in full.
    """
    text = os.fspath(path)
    if referrer is not None:
        if os.path.isabs(text) or text.startswith("~") or not os.path.dirname(referrer):
            return text
        return os.path.normpath(os.path.join(os.path.dirname(referrer), text))
    if isinstance(path, Path):
        try:
            relative = os.path.relpath(path)
        except ValueError:  # another drive on Windows
            return text
        return text if relative == os.pardir or relative.startswith(os.pardir + os.sep) else relative
    return text


@dataclass(frozen=True)
class Location:
    """Where a value was written: file, 1-based line and column, JSON path."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    json_path: str | None = "$"

    def prefix(self) -> str:
        """``FILE:LINE:COL`` as far as it is known."""
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass(frozen=True)
class Diagnostic:
    """One problem, already translated into the user's language."""

    location: Location
    message: str

    def __str__(self) -> str:

        # A file name or a JSON path can come from a stranger's file (a log naming its ruleset's path).
        # A diagnostic is one line: the place (file name, JSON path) never breaks it.
        path = self.location.json_path
        where = f"{self.location.prefix()}: {path}" if path and path != "$" else self.location.prefix()
        return f"{printable(where, keep_newlines=False)}: {printable(self.message)}"


@dataclass
class CardrulesError(Exception):
    """Bad input: one or more located diagnostics. The CLI exits 1 on it."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.diagnostics)

    @classmethod
    def at(
        cls,
        message: str,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        json_path: str = "$",
    ) -> CardrulesError:
        """An error with a single diagnostic."""
        return cls([Diagnostic(Location(file, line, column, json_path), message)])

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


class RulesetError(CardrulesError):
    """A ruleset file (or an option given for it) is invalid."""


class UnknownRulesetName(RulesetError):
    """A ruleset name (not a file) that names no shipped or installed ruleset."""


class EndlessGameError(RulesetError):
    """A game went on past what a log can hold (its ruleset lets it run forever), located in the ruleset."""


class RuleFailedError(EndlessGameError):
    """A rule could not be worked out in play (the least of no number, a division by zero), located in the
    ruleset: the game cannot go on, as one that never ends."""


class OptionError(RulesetError):
    """An unknown option or a bad option value."""


class LogError(CardrulesError):
    """A game log is malformed or holds an illegal action."""


class UnfinishedLogError(LogError):
    """A game log that ends before its game does. ``saved_by_play``: the log names its seats, as ``play --log``
    writes it while a game goes on (so ``play --resume`` can take it up again)."""

    saved_by_play: bool = False
    # How many actions the log holds.
    saved_actions: int = 0


class TableError(CardrulesError):
    """A table file (a physical game to score) is invalid."""


class CatalogError(CardrulesError):
    """A translation catalog is malformed."""


class IllegalActionError(CardrulesError):
    """An action that the rules do not allow in this state."""


class ArgumentTypeError(CardrulesError, TypeError):
    """A program handed an adapter a value of the wrong type (a text for a number of players): a ``TypeError``, as
    the libraries the adapters serve raise it, and a :class:`CardrulesError` with its message."""


class ArgumentValueError(CardrulesError, ValueError):
    """A program handed an adapter a value it cannot take (too few players, an unknown ruleset or option): a
    ``ValueError``, as the libraries the adapters serve raise it, and a :class:`CardrulesError` with its message."""
