"""Errors as values: every problem with user input carries where it is.

A :class:`Diagnostic` names a file, a line and column (1-based, where known)
and the JSON path of the offending value. It stays a value until the command
line prints it GNU style (``FILE:LINE:COL: $.path: message``) so editors can
jump to it. Bad input raises a :class:`CardrulesError` holding one or more
diagnostics; nothing else should escape to the user.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Location:
    """Where a value was written: file, 1-based line and column, JSON path."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    json_path: str = "$"

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
        path = self.location.json_path
        if path and path != "$":
            return f"{self.location.prefix()}: {path}: {self.message}"
        return f"{self.location.prefix()}: {self.message}"


@dataclass
class CardrulesError(Exception):
    """Bad input: one or more located diagnostics. The CLI exits 1 on it."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.diagnostics)

    @classmethod
    def at(cls, message: str, file: str | None = None, line: int | None = None,
           column: int | None = None, json_path: str = "$") -> "CardrulesError":
        """An error with a single diagnostic."""
        return cls([Diagnostic(Location(file, line, column, json_path), message)])

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


class RulesetError(CardrulesError):
    """A ruleset file (or an option given for it) is invalid."""


class OptionError(RulesetError):
    """An unknown option or a bad option value."""


class LogError(CardrulesError):
    """A game log is malformed or holds an illegal action."""


class TableError(CardrulesError):
    """A table file (a physical game to score) is invalid."""


class CatalogError(CardrulesError):
    """A translation catalog is malformed."""


class IllegalActionError(CardrulesError):
    """An action that the rules do not allow in this state."""
