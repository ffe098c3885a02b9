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

from typing import Any

NAME_PATTERN = "^[a-z0-9][a-z0-9-]*$"
# A key that is a whole number (a number of players, a table's threshold), written one way only: "03" would
# be a second key for 3, read as the same number by the engine.
WHOLE_KEY_PATTERN = "^(0|[1-9][0-9]*)$"


def param(title: str, description: str, schema: dict[str, Any], *, option: bool = True) -> dict[str, Any]:
    """A parameter's schema with its title and description; ``option`` allows ``{option: NAME}`` in its place."""
    fragment = dict(schema)
    if option:
        fragment = {"anyOf": [fragment, {"$ref": "#/$defs/option-reference"}]}
        description += " May be an option reference {option: NAME}."
    return {"title": title, "description": description, **fragment}


def name(ref: str | None = None) -> dict[str, Any]:
    """A name (lowercase letters, digits, hyphens); ``ref`` says what it names."""
    schema: dict[str, Any] = {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200}
    if ref:
        schema["x-ref"] = ref
    return schema


def names(ref: str | None = None) -> dict[str, Any]:
    """A name, or a list of names."""
    return {"anyOf": [name(ref), {"type": "array", "items": name(ref), "minItems": 1, "maxItems": 100}]}


NUMBER = {"$ref": "#/$defs/exact-number"}
WHOLE = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
COUNT = {"type": "integer", "minimum": 1, "maximum": 1_000_000}
BOOLEAN = {"type": "boolean"}
SELECTOR = {"$ref": "#/$defs/card-selector"}
STEPS = {"type": "array", "items": {"$ref": "#/$defs/step"}, "maxItems": 200}
TEXT = {"type": "string", "minLength": 1, "maxLength": 2000}


def one_of(*values: str) -> dict[str, Any]:
    """One of a fixed set of words."""
    return {"enum": list(values)}


def zone(owner: str | None = None, kinds: tuple[str, ...] = (), default: str | None = None) -> dict[str, Any]:
    """A zone id; ``owner`` (``player`` or ``shared``) and ``kinds`` (``set``, ``row``, ``stack``) say which zones
    the block can work with, and the semantic check refuses the others, also the ``default`` zone the block
    uses when the parameter is left out."""
    schema = name("zone")
    needs = {key: value for key, value in (("owner", owner), ("kinds", list(kinds)), ("default", default)) if value}
    if needs:
        schema["x-zone"] = needs
    return schema


def variable() -> dict[str, Any]:
    """A player variable (``start``, ``active``, ``taker`` or any name a step sets)."""
    return name("variable")
