"""JSON Schema fragments for block parameters, shared by every block's ``parameters``.

Each block class declares ``parameters``: parameter name -> schema fragment,
built with :func:`param` so that it has a title and a description (the
ruleset schema is generated from these, see
``engine.language.schema_gen``). ``x-ref`` marks a parameter that names
something declared elsewhere in the ruleset (a zone, a tag, a card, an
attribute, a measure, a counter, a player variable); the semantic checks
make sure it exists.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.base.jsontypes import JSON

NAME_PATTERN = "^[a-z0-9][a-z0-9-]*$"
# A key that is a whole number (a number of players, a table's threshold), written one way only: "03" would
# be a second key for 3, read as the same number by the engine.
WHOLE_KEY_PATTERN = "^(0|[1-9][0-9]*)$"


def param(title: str, description: str, schema: dict[str, JSON], *, option: bool = True) -> dict[str, JSON]:
    """A parameter's schema with its title and description; ``option`` allows ``{option: NAME}`` in its place."""
    fragment = dict(schema)
    if option:
        fragment = {"anyOf": [fragment, {"$ref": "#/$defs/option-reference"}]}
        description += " May be an option reference {option: NAME}."
    return {"title": title, "description": description, **fragment}


def name(ref: str | None = None) -> dict[str, JSON]:
    """A name (lowercase letters, digits, hyphens); ``ref`` says what it names."""
    schema: dict[str, JSON] = {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200}
    if ref:
        schema["x-ref"] = ref
    return schema


def names(ref: str | None = None) -> dict[str, JSON]:
    """A name, or a list of names."""
    return {"anyOf": [name(ref), {"type": "array", "items": name(ref), "minItems": 1, "maxItems": 100}]}


NUMBER = {"$ref": "#/$defs/exact-number"}
WHOLE = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
COUNT = {"type": "integer", "minimum": 1, "maximum": 1_000_000}
BOOLEAN = {"type": "boolean"}
SELECTOR = {"$ref": "#/$defs/card-selector"}
STEPS = {"type": "array", "items": {"$ref": "#/$defs/step"}, "maxItems": 200}
TEXT = {"type": "string", "minLength": 1, "maxLength": 2000}


def one_of(*values: str) -> dict[str, JSON]:
    """One of a fixed set of words."""
    return {"enum": list(values)}


def zone(owner: str | None = None, kinds: tuple[str, ...] = (), default: str | None = None) -> dict[str, JSON]:
    """A zone id; ``owner`` (``player`` or ``shared``) and ``kinds`` (``set``, ``row``, ``stack``) say which zones
    the block can work with, and the semantic check refuses the others, also the ``default`` zone the block
    uses when the parameter is left out."""
    schema = name("zone")
    needs = {key: value for key, value in (("owner", owner), ("kinds", list(kinds)), ("default", default)) if value}
    if needs:
        schema["x-zone"] = needs
    return schema


def variable() -> dict[str, JSON]:
    """A player variable (``start``, ``active``, ``taker`` or any name a step sets)."""
    return name("variable")


# The ``tag``/``card`` parameters of blocks that act on some cards only.
SELECTOR_PARAMETERS = {
    "tag": param("Tag", "Only cards with this tag.", name("tag")),
    "card": param("Card", "Only the card with this id.", name("card")),
}


def selector_definition() -> dict[str, JSON]:
    """The ``$defs/card-selector`` schema."""
    return {
        "title": "Card selector",
        "description": "Picks card types: tag, card (an id), not-tag; several keys must all hold.",
        "type": "object",
        "additionalProperties": False,
        "minProperties": 1,
        "properties": {
            "tag": {"title": "Tag", "description": "Cards with this tag.", **name("tag")},
            "card": {"title": "Card", "description": "The card type with this id.", **name("card")},
            "not-tag": {"title": "Not tag", "description": "Cards without this tag.", **name("tag")},
        },
    }


def by_players_schema(number: Mapping[str, JSON] = WHOLE) -> dict[str, JSON]:
    """A number that depends on the number of players: ``{by-players: {3: 2, 4: 3}, otherwise: 3}``.

    Each number has the limits of ``number``, the plain number the parameter
    also takes: a count refused as 0 is refused as 0 for three players too.
    Where 0 is no count (its least is 1), every number of players the ruleset
    allows needs one, listed or ``otherwise``: the semantic checks look for the
    ``x-every-player-count`` mark.
    """
    limits = {key: number[key] for key in ("type", "minimum", "maximum") if key in number}
    schema = {
        "type": "object",
        "additionalProperties": False,
        "minProperties": 1,
        "properties": {
            "by-players": {
                "title": "By players",
                "description": "The number for each number of players.",
                "type": "object",
                "propertyNames": {"pattern": WHOLE_KEY_PATTERN},
                "additionalProperties": limits,
            },
            "otherwise": {"title": "Otherwise", "description": "The number for any other number of players.", **limits},
        },
    }
    if number.get("minimum", 0) >= 1:
        schema["x-every-player-count"] = True
    return schema


def condition_schema() -> dict[str, JSON]:
    """The schema fragment of a condition (recursive through ``$defs/condition``)."""
    return {"$ref": "#/$defs/condition"}


def condition_definition() -> dict[str, JSON]:
    """The ``$defs/condition`` schema."""
    zone = {"type": "string", "pattern": NAME_PATTERN, "x-ref": "zone"}
    return {
        "title": "Condition",
        "description": "A yes-or-no question about the game: empty, all-empty, counter with at-least, all, any or not.",
        "type": "object",
        "minProperties": 1,
        "additionalProperties": False,
        "properties": {
            "$replace": {
                "title": "Replace",
                "description": "Overlay only: replace the inherited condition whole instead of merging.",
                "type": "boolean",
            },
            "empty": {"title": "Empty", "description": "This zone holds no card.", **zone},
            "owner": {
                "title": "Owner",
                "description": "Whose zone `empty` asks about (a player variable).",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "variable",
            },
            "all-empty": {"title": "All empty", "description": "Every player's zone of this id is empty.", **zone},
            "counter": {
                "title": "Counter",
                "description": "A shared counter, compared with `at-least`.",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "counter",
            },
            "at-least": {"title": "At least", "description": "The value the counter must have reached.", **COUNT},
            "all": {
                "title": "All",
                "description": "Every condition of the list holds.",
                "type": "array",
                "items": {"$ref": "#/$defs/condition"},
                "minItems": 1,
            },
            "any": {
                "title": "Any",
                "description": "At least one condition of the list holds.",
                "type": "array",
                "items": {"$ref": "#/$defs/condition"},
                "minItems": 1,
            },
            "not": {"title": "Not", "description": "The condition does not hold.", "$ref": "#/$defs/condition"},
        },
    }
