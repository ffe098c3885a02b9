"""The game-log schema's actions, made from what the catalog's action spaces declare of their entries.

``schemas/game-log.schema.json`` is written by hand but for ``$defs/action``,
which this module makes: the keys an entry may hold beside ``player`` and
``action`` (each space's ``log_fields``), and per word the keys its entries
must hold (``required_fields``). A test checks that the committed file holds
what this module makes from the engine's catalog; regenerate it with::

    python -m engine.fronts.formats.log_schema --write
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.base import resources
from engine.core.log_fields import PLAIN_FIELD_SCHEMA, LogField
from engine.families.catalog import CATALOG
from engine.language.catalog import BlockCatalog


def _shapes_by_key(catalog: BlockCatalog) -> dict[str, list[LogField]]:
    """Every key some space's entries hold, with the shapes any action may give it (in the catalog's order)."""
    found: dict[str, list[LogField]] = {}
    for space in catalog.spaces:
        for key, field in space.log_fields.items():
            shape = field.loose or field
            if shape not in found.setdefault(key, []):
                found[key].append(shape)
    return found


def _words_with(catalog: BlockCatalog, key: str) -> list[str]:
    return [word for space in catalog.spaces if key in space.log_fields for word in space.json_actions]


def _property(catalog: BlockCatalog, key: str, shapes: list[LogField]) -> dict[str, Any]:
    words = ", ".join(_words_with(catalog, key))
    description = " Or: ".join(shape.description for shape in shapes) + f" (in the entries of: {words})."
    schema: dict[str, Any] = dict(shapes[0].schema) if len(shapes) == 1 else {"anyOf": [s.schema for s in shapes]}
    return {"title": key.replace("-", " ").capitalize(), "description": description, **schema}


def _word_rules(catalog: BlockCatalog) -> list[dict[str, Any]]:
    """Per word: the keys its entries must hold, and the narrower shape they take there."""
    rules = []
    for space in catalog.spaces:
        for word, keys in space.required_fields.items():
            then: dict[str, Any] = {"required": list(keys)}
            narrowed = {key: dict(space.log_fields[key].schema) for key in keys if space.log_fields[key].loose}
            if narrowed:
                then["properties"] = narrowed
            rules.append({"if": {"required": ["action"], "properties": {"action": {"const": word}}}, "then": then})
    return rules


def action_definition(catalog: BlockCatalog) -> dict[str, Any]:
    """The ``$defs/action`` schema of a game log whose actions are those of ``catalog``."""
    words = [word for space in catalog.spaces for word in space.json_actions]
    properties: dict[str, Any] = {
        "player": {
            "title": "Player",
            "description": "0-based seat index of the player deciding; must be the player whose turn it is.",
            "type": "integer",
            "minimum": 0,
        },
        "action": {
            "title": "Action kind",
            "description": "The kind of action: a word of one of the ruleset's decisions.",
            "type": "string",
            "pattern": "^[a-z][a-z0-9-]*$",
            "maxLength": 60,
        },
    }
    for key, shapes in _shapes_by_key(catalog).items():
        properties[key] = _property(catalog, key, shapes)
    definition: dict[str, Any] = {
        "title": "Action",
        "description": (
            "One player's decision. `action` names its kind, the other keys are that kind's (see docs/formats.md "
            "and the game pages under docs/games/). The engine's blocks write these words: "
            + ", ".join(dict.fromkeys(words))
            + "."
        ),
        "type": "object",
        "required": ["player", "action"],
        "properties": properties,
        "additionalProperties": dict(PLAIN_FIELD_SCHEMA),
    }
    rules = _word_rules(catalog)
    if rules:
        definition["allOf"] = rules
    return definition


def with_actions(schema: Mapping[str, Any], catalog: BlockCatalog) -> dict[str, Any]:
    """``schema`` (the game-log schema) with its ``$defs/action`` made from ``catalog``."""
    updated = json.loads(json.dumps(schema))
    updated["$defs"]["action"] = action_definition(catalog)
    return updated


def schema_text(catalog: BlockCatalog = CATALOG) -> str:
    """The game-log schema as the committed file should hold it."""
    with open(resources.schema_path("game-log"), encoding="utf-8") as handle:
        committed = json.load(handle)
    return json.dumps(with_actions(committed, catalog), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.fronts.formats.log_schema [--write]``: print the game-log schema, or write the file."""
    argv = sys.argv[1:] if argv is None else argv
    text = schema_text()
    if "--write" in argv:
        Path(resources.schema_path("game-log")).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
