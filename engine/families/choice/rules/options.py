"""The options of a ``choose`` step, read from its spec: a word, what it chooses among, its condition, its steps.

An option is a word alone (``pass``), or a word and one of four domains:
``card`` (cards an expression gives: a card type is chosen, the first such
card is bound), ``target`` (players an expression gives), ``name`` (card
ids an expression gives: naming a card that is nowhere in sight) and
``number`` (whole numbers ``from`` .. ``to``). The word, and the value the
domain gives, make the log entry: ``{"action": "play", "card": "spy"}``.

With ``count``, an option chooses several values of its domain, one action
each (``{"action": "discard", "card": "red"}`` twice), ended by the word
``done`` once at least the least count is chosen; its name is then bound to
the list chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.language.expressions.types import CARD, CARDS, NUMBER, PLAYER, PLAYERS, TEXT, TEXTS, Type

# domain key -> (the type of the expression listing the values, the type of one value)
DOMAINS: dict[str, tuple[Type, Type]] = {
    "card": (CARDS, CARD),
    "target": (PLAYERS, PLAYER),
    "name": (TEXTS, TEXT),
    "number": (NUMBER, NUMBER),
}


@dataclass(frozen=True)
class OptionShape:
    """What the action space needs of an option: its word and its domain (None for a word alone)."""

    word: str
    domain: str | None


def option_shape(option: Mapping[str, Any]) -> OptionShape:
    """The word and domain of an option spec."""
    domain = next((key for key in DOMAINS if key in option), None)
    return OptionShape(str(option.get("action")), domain)


def bound_name(option: Mapping[str, Any]) -> str | None:
    """The name an option binds its value to: ``as``, else its domain's key (None for a word alone)."""
    shape = option_shape(option)
    if shape.domain is None:
        return None
    return str(option.get("as") or shape.domain)


# The most values one option may choose at once (``count``).
MOST_PICKED = 100

# The word that ends a choice of several values (``count``) once enough are chosen: one word for the whole ruleset,
# so no option of a ruleset with a count may have it.
DONE_WORD = "done"


def count_range(option: Mapping[str, Any]) -> tuple[int, int] | None:
    """How many values an option chooses, ``(least, most)``: ``count: 2`` is (2, 2), ``count: {min: 0, max: 3}``
    is (0, 3); None for an option that chooses one value (no ``count``)."""
    count = option.get("count")
    if count is None:
        return None
    if isinstance(count, Mapping):
        most = int(count.get("max", MOST_PICKED))
        return int(count.get("min", 0)), most
    return int(count), int(count)


def number_range(option: Mapping[str, Any]) -> tuple[int, int]:
    """The numbers an option of domain ``number`` ranges over (``{from: 0, to: 10}``)."""
    spec = option.get("number") or {}
    return int(spec.get("from", 0)), int(spec.get("to", 0))
