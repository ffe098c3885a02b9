"""The kinds of modifier any family's blocks may ask for: a table replaced or changed, a limit raised or set, a rule
lifted, wild cards.

A card declares them (``cards[].modifiers``) and they apply to the owner of
the zone it lies in; the blocks ask the state (``table_for``,
``changed_value``, ``limit``, ``rule_lifted``, ``wild_types``), never the
card. A family whose blocks give a kind of its own a meaning declares it
beside them (the harvest family's ``claim-harvest``, the zones family's
``grant``).
"""

from __future__ import annotations

from engine.language.catalog import ModifierKind
from engine.language.params import SELECTOR, name, param

_LIMIT_NUMBER = {"type": "integer", "minimum": 0, "maximum": 1000}

REPLACE_TABLE = ModifierKind(
    "replace-table",
    "A lookup table of the cards it selects replaced (a better payout).",
    {
        "table": param("Table", "The lookup table replaced.", name(), option=False),
        "with": param("With", "The replacement table.", {"$ref": "#/$defs/lookup-table"}, option=False),
    },
    ("table", "with"),
)
CHANGE_VALUE = ModifierKind(
    "change-value",
    "A value read from a lookup table changed when it is exactly `from`.",
    {
        "table": param("Table", "The lookup table replaced.", name(), option=False),
        "from": param(
            "From", "change-value: the value looked up in `table` that changes.", _LIMIT_NUMBER, option=False
        ),
        "to": param(
            "To",
            "The limit's new value; for change-value, what a value of `from` becomes.",
            _LIMIT_NUMBER,
            option=False,
        ),
    },
    ("table", "from", "to"),
)
RAISE_LIMIT = ModifierKind(
    "raise-limit",
    "A number the blocks ask for (a limit) raised.",
    {
        "limit": param("Limit", "The limit changed.", name(), option=False),
        "by": param("By", "Added to the limit.", {"type": "integer", "minimum": -1000, "maximum": 1000}, option=False),
    },
    ("limit", "by"),
)
SET_LIMIT = ModifierKind(
    "set-limit",
    "A number the blocks ask for (a limit) set.",
    {
        "limit": param("Limit", "The limit changed.", name(), option=False),
        "to": param(
            "To",
            "The limit's new value; for change-value, what a value of `from` becomes.",
            _LIMIT_NUMBER,
            option=False,
        ),
    },
    ("limit", "to"),
)
LIFT_RULE = ModifierKind(
    "lift-rule",
    "A rule the blocks ask about lifted for its owner.",
    {"rule": param("Rule", "The rule lifted.", name(), option=False)},
    ("rule",),
)
WILD = ModifierKind(
    "wild",
    "The cards it selects may join a one-type zone of another type, and count as that type there.",
    {"onto": param("Onto", "wild: the types of the zones the wild cards may join.", SELECTOR, option=False)},
    ("cards", "onto"),
)

MODIFIERS = (REPLACE_TABLE, CHANGE_VALUE, RAISE_LIMIT, SET_LIMIT, LIFT_RULE, WILD)
