"""Did-you-mean: the name a stranger most likely meant, and valid names listed for a message."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from engine.base.i18n import _


def close_match(word: str, choices: list[str]) -> list[str]:
    """The choice (at most one) that ``word`` most looks like a misspelling of; a difference in case counts as none."""
    by_lower: dict[str, str] = {}
    for choice in choices:
        by_lower.setdefault(choice.lower(), choice)
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return [by_lower[close[0]]] if close else []


def did_you_mean(word: str, choices: Iterable[object]) -> str:
    """`` (did you mean 'x'?)`` when ``word`` looks like a misspelling of a choice, else ``""``."""
    close = close_match(str(word), [str(c) for c in choices])
    # TRANSLATORS: appended right after a name that was not recognized; keep the leading space if your language uses one
    return _(" (did you mean '{suggestion}'?)", suggestion=close[0]) if close else ""


# A list of valid names in a message names at most this many (a deck may have hundreds of ids).
MOST_NAMES_LISTED = 40


def listed(names: list[str] | tuple[str, ...]) -> str:
    """Valid names for a message, comma-separated: every one, up to ``MOST_NAMES_LISTED`` ("-" for none)."""
    shown = ", ".join(str(name)[:80] for name in names[:MOST_NAMES_LISTED])
    return (shown + ", …" if len(names) > MOST_NAMES_LISTED else shown) or "-"
