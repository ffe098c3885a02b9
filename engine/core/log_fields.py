"""The values a game log's action entries hold, by the shape of the value: what action spaces declare of their entries.

An action's log entry is ``{"player": SEAT, "action": WORD, ...}``; the other
keys belong to the action space that writes the word. Each space declares
them (:attr:`~engine.core.decisions.ActionSpace.log_fields`: key ->
:class:`LogField`, and ``required_fields``: word -> keys its entries must
hold), from the generic shapes below. The game-log schema and the log
reader's quick check are made from those declarations, so neither names an
action of any block family. A key no space declares may hold any plain
value (:func:`plain_field`), as the schema allows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.base.jsontypes import JSON


def is_int(value: JSON, minimum: int | None = None) -> bool:
    """A whole number (not a bool), at least ``minimum`` when given."""
    return type(value) is int and (minimum is None or value >= minimum)


def is_text(value: JSON, longest: int, shortest: int = 1) -> bool:
    """A string of ``shortest`` to ``longest`` characters."""
    return type(value) is str and shortest <= len(value) <= longest


def plain_value(value: JSON) -> bool:
    """A scalar the schema accepts anywhere: a whole number, a bool, a string of at most 200 characters."""
    kind = type(value)
    return kind is int or kind is bool or (kind is str and len(value) <= 200)


def plain_list(value: JSON) -> bool:
    """A short list of plain scalars."""
    return type(value) is list and len(value) <= 100 and all(plain_value(item) for item in value)


def plain_mapping(value: JSON, depth: int) -> bool:
    """A small mapping of scalars and short lists (and, ``depth`` 2, of such mappings)."""
    return (
        type(value) is dict
        and len(value) <= 50
        and all(
            plain_value(item) or plain_list(item) or (depth > 1 and plain_mapping(item, depth - 1))
            for item in value.values()
        )
    )


def plain_field(value: JSON) -> bool:
    """An action's extra value the schema accepts: a scalar, a short list of scalars, or a small mapping of those."""
    return plain_value(value) or plain_list(value) or plain_mapping(value, 2)


_SCALAR = {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 200}, {"type": "boolean"}]}
_SCALARS = {"type": "array", "maxItems": 100, "items": _SCALAR}


def plain_mapping_schema(depth: int) -> dict[str, JSON]:
    """The JSON Schema :func:`plain_mapping` checks."""
    inner: list[dict[str, JSON]] = [_SCALAR, _SCALARS]
    if depth > 1:
        inner.append(plain_mapping_schema(depth - 1))
    return {"type": "object", "maxProperties": 50, "additionalProperties": {"anyOf": inner}}


# What a key no action space declares may hold (the schema's ``additionalProperties`` of an action).
PLAIN_FIELD_SCHEMA: Mapping[str, JSON] = MappingProxyType({"anyOf": [_SCALAR, _SCALARS, plain_mapping_schema(2)]})


@dataclass(frozen=True)
class LogField:
    """One shape of value an action's log entry holds under a key: its schema and the reader's quick check.

    ``quick`` accepts exactly what ``schema`` accepts, in a few steps: the
    log reader checks well-formed logs with it and leaves the rest to the
    schema, which words the errors.
    """

    shape: str  # a name for the shape, for equality and the schema's description
    description: str
    schema: Mapping[str, JSON]
    quick: Callable[[JSON], bool]
    # A narrower shape of a key other actions also use: what any action's entry may hold under the key.
    loose: LogField | None = None


def _card_counts(value: JSON) -> bool:
    return type(value) is dict and len(value) <= 50 and all(is_int(count, 0) for count in value.values())


CARD = LogField(
    "card",
    "A card id.",
    {"type": "string", "minLength": 1, "maxLength": 200},
    lambda value: is_text(value, 200),
)
CARDS = LogField(
    "cards",
    "Cards: their ids, or the numbers their faces show.",
    {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "items": {"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 1, "maxLength": 200}]},
    },
    lambda value: (
        type(value) is list
        and 1 <= len(value) <= 100
        and all(type(v) is int or (type(v) is str and 1 <= len(v) <= 200) for v in value)
    ),
)
FACE_VALUES = LogField(
    "face-values",
    "Cards by the numbers their faces show.",
    {"items": {"type": "integer"}},
    lambda value: type(value) is list and 1 <= len(value) <= 100 and all(type(v) is int for v in value),
    loose=CARDS,
)
ZONE = LogField(
    "zone",
    "A zone id.",
    {"type": "string", "minLength": 1, "maxLength": 200},
    lambda value: is_text(value, 200),
)
INDEX = LogField(
    "index",
    "A whole number from 0: a seat, or a position.",
    {"type": "integer", "minimum": 0},
    lambda value: is_int(value, 0),
)
WHOLE = LogField(
    "whole",
    "A whole number.",
    {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000},
    lambda value: is_int(value) and -1_000_000 <= value <= 1_000_000,
)
POSITIONS = LogField(
    "positions",
    "Positions in an ordered zone, from 0 (the front).",
    {"type": "array", "maxItems": 1000, "items": {"type": "integer", "minimum": 0}},
    lambda value: type(value) is list and len(value) <= 1000 and all(is_int(item, 0) for item in value),
)
CARD_COUNTS = LogField(
    "card-counts",
    "Cards counted by card id.",
    {"type": "object", "maxProperties": 50, "additionalProperties": {"type": "integer", "minimum": 0}},
    _card_counts,
)
BY_ZONE = LogField(
    "by-zone",
    "Cards by zone id: positions (a list) or counts by card id.",
    {"type": "object", "maxProperties": 50, "additionalProperties": {"anyOf": [_SCALARS, plain_mapping_schema(1)]}},
    lambda value: (
        type(value) is dict
        and len(value) <= 50
        and all(plain_list(part) or plain_mapping(part, 1) for part in value.values())
    ),
)
COUNTS_BY_ZONE = LogField(
    "counts-by-zone",
    "Cards by zone id, counted by card id.",
    {"type": "object", "maxProperties": 50, "additionalProperties": plain_mapping_schema(1)},
    lambda value: type(value) is dict and len(value) <= 50 and all(plain_mapping(part, 1) for part in value.values()),
)
