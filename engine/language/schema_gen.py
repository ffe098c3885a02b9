"""The ruleset JSON Schema, generated from a catalog of blocks.

``schemas/ruleset.schema.json`` is this module's output for the engine's
catalog, committed so that editors (``# yaml-language-server: $schema=...``)
and other tools can use it; a test checks that the committed file is
current. Regenerate it with::

    python -m engine.fronts.formats.ruleset_schema --write

Every block category becomes a definition whose ``kind`` lists the
registered kinds and whose properties are the union of their parameters;
per kind, ``propertyNames`` restricts a block to its own parameters. A file
with ``extends`` may be partial (an overlay changing one key of an inherited
step); a file without it, and every merged chain, must be *complete*: every
block has a ``kind`` and the parameters that kind requires (the ``-complete``
definitions).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from engine.base.jsontypes import JSON, Spec
from engine.language.catalog import CATEGORIES, BlockCatalog
from engine.language.expressions.types import BY_NAME as TYPE_NAMES
from engine.language.params import (
    NAME_PATTERN,
    NUMBER,
    WHOLE_KEY_PATTERN,
    by_players_schema,
    condition_definition,
    selector_definition,
)

if TYPE_CHECKING:
    from engine.core.rules import BlockKind

SCHEMA_ID = "https://cardrules.example/schemas/ruleset.schema.json"
COMMON_KEYS = ("id", "kind", "description")
OVERLAY_KEYS = {
    "$replace": {
        "title": "Replace",
        "description": "Overlay only: replace the inherited item with this id whole instead of merging.",
        "type": "boolean",
    },
    "$remove": {
        "title": "Remove",
        "description": "Overlay only: remove the inherited item with this id.",
        "type": "boolean",
    },
    "$before": {
        "title": "Before",
        "description": "Overlay only: place this item before the item with the given id.",
        "type": "string",
    },
    "$after": {
        "title": "After",
        "description": "Overlay only: place this item after the item with the given id.",
        "type": "string",
    },
}
# Where in a category's blocks other blocks nest (and which category they are).
NESTED = {"steps": "step", "cases": "step"}
CATEGORY_TITLES = {
    "step": ("Step", "A step of the setup or of the turn flow."),
    "effect": ("Card effect", "What happens when a player takes the card."),
    "end": ("End condition", "A condition that ends the game."),
    "score-step": ("Scoring step", "One step of the scoring pipeline, run per player from 0, in order."),
    "elimination": ("Elimination", "Who is out and cannot win."),
    "tiebreak": ("Tiebreak criterion", "A way to break a tie for the best score."),
    "anytime": ("At-any-time action", "An action a player may take at any of their decision points."),
}


def _name(description: str, title: str, ref: str | None = None) -> dict[str, JSON]:
    schema = {"title": title, "description": description, "type": "string", "pattern": NAME_PATTERN, "maxLength": 200}
    if ref:
        schema["x-ref"] = ref
    return schema


def _summary(block: BlockKind) -> str:
    doc = (block.__doc__ or "").strip().splitlines()
    return doc[0] if doc else block.kind


def block_definition(category: str, catalog: BlockCatalog) -> dict[str, JSON]:
    """The schema of one category's blocks (partial: an overlay may give only some keys)."""
    blocks = catalog.kinds(category)
    title, description = CATEGORY_TITLES[category]
    properties: dict[str, JSON] = {
        "id": _name("Names this block so an overlay can change, replace, remove or place it by id.", "Id"),
        "kind": {
            "title": "Kind",
            "description": "The building block: " + ", ".join(sorted(blocks)) + ".",
            "enum": sorted(blocks),
        },
        "description": {
            "title": "Description",
            "description": "A note for readers of the ruleset (translatable).",
            "type": "string",
            "maxLength": 2000,
        },
        **OVERLAY_KEYS,
    }
    common = set(COMMON_KEYS)
    if category == "step":
        # Any step may be a case of a switch, chosen by the card it is for.
        properties["when"] = {
            "title": "When",
            "description": "In a switch: the cards this case is for.",
            "$ref": "#/$defs/card-selector",
        }
        common.add("when")
    # A parameter name several kinds use with different meanings (``zones``: a
    # tag for one, a list of zone ids for another) is checked by each kind's
    # own branch; a name with one meaning everywhere is checked once, here.
    schemas_by_name: dict[str, list[Spec]] = {}
    for kind in sorted(blocks):
        for parameter, schema in blocks[kind].parameters.items():
            schemas_by_name.setdefault(parameter, []).append(schema)
    varying = {
        parameter for parameter, schemas in schemas_by_name.items() if any(schema != schemas[0] for schema in schemas)
    }
    for parameter, schemas in schemas_by_name.items():
        if parameter in varying:
            properties.setdefault(
                parameter,
                {
                    "title": schemas[0].get("title", parameter),
                    "description": "Its meaning depends on the kind: see the kind's parameters.",
                },
            )
        else:
            properties.setdefault(parameter, schemas[0])
    all_of = []
    for kind in sorted(blocks):
        block = blocks[kind]
        allowed = sorted(common | set(OVERLAY_KEYS) | set(block.parameters))
        then: dict[str, JSON] = {"description": _summary(block), "propertyNames": {"enum": allowed}}
        own = {parameter: schema for parameter, schema in block.parameters.items() if parameter in varying}
        if own:
            then["properties"] = own
        all_of.append({"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": then})
    definition = {
        "title": title,
        "description": description,
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if all_of:
        definition["allOf"] = all_of
    return definition


def complete_block_definition(category: str, catalog: BlockCatalog) -> dict[str, JSON]:
    """What a complete block of a category must have: its kind and that kind's required parameters."""
    blocks = catalog.kinds(category)
    all_of = []
    for kind in sorted(blocks):
        required = list(getattr(blocks[kind], "required", ()))
        if required:
            all_of.append(
                {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": {"required": required}}
            )
    nested = {
        key: {"items": {"$ref": f"#/$defs/{inner}-complete"}} for key, inner in NESTED.items() if category == "step"
    }
    definition: dict[str, JSON] = {"required": ["kind"]}
    if all_of:
        definition["allOf"] = all_of
    if nested:
        definition["properties"] = nested
    return definition


def _id_list(items_ref: str, title: str, description: str) -> dict[str, JSON]:
    return {"title": title, "description": description, "type": "array", "maxItems": 1000, "items": {"$ref": items_ref}}


def modifier_definition(catalog: BlockCatalog) -> dict[str, JSON]:
    """The schema of a card's modifier: the keys every modifier has, then each kind's parameters (see the catalog)."""
    kinds = catalog.modifiers
    properties: dict[str, JSON] = {
        "kind": {
            "title": "Kind",
            "description": ", ".join(kinds) + ".",
            "enum": list(kinds),
        },
        "while-in": _name(
            "The player zone the card must lie in for the modifier to apply to its owner.", "While in", "zone"
        ),
    }
    for item in kinds.values():
        for parameter, schema in item.parameters.items():
            known = properties.get(parameter)
            if known is not None and known != dict(schema):
                raise ValueError(f"modifier parameter {parameter!r} is declared two ways")
            properties[parameter] = dict(schema)
    properties.update(
        {
            "enabled": {
                "title": "Enabled",
                "description": "false: the modifier does nothing (usually an option, "
                "for a rule a group may play either way). May be an "
                "option reference {option: NAME}.",
                "anyOf": [{"type": "boolean"}, {"$ref": "#/$defs/option-reference"}],
            },
            "cards": {"title": "Cards", "description": "Only for these card types.", "$ref": "#/$defs/card-selector"},
            "description": {
                "title": "Description",
                "description": "What the modifier does (translatable).",
                "type": "string",
            },
        }
    )
    return {
        "title": "Modifier",
        "description": "A rule this card applies while it lies in a zone (see docs/rulesets/reference.md, Modifiers).",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
        "required": ["kind", "while-in"],
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": item.kind}}, "required": ["kind"]},
                "then": {"required": list(item.required)},
            }
            for item in kinds.values()
        ],
    }


def _card_definition(catalog: BlockCatalog) -> tuple[dict[str, JSON], dict[str, JSON]]:
    """The schema of a card type, and of a lookup table (cards' and measures' tables)."""
    table: dict[str, JSON] = {
        "title": "Lookup table",
        "description": "Steps `threshold: value` (or [[threshold, value], ...]): the highest threshold reached gives the value.",
        "anyOf": [
            {
                "type": "object",
                "propertyNames": {"pattern": WHOLE_KEY_PATTERN},
                "additionalProperties": NUMBER,
                "maxProperties": 100,
            },
            {
                "type": "array",
                "maxItems": 100,
                "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": NUMBER},
            },
        ],
    }
    count = {
        "title": "Count",
        "description": "How many copies: a number, {per-player: N}, or {by-players: {PLAYERS: N}, otherwise: N}.",
        "anyOf": [
            {"type": "integer", "minimum": 0, "maximum": 10000},
            {
                "type": "object",
                "additionalProperties": False,
                "minProperties": 1,
                "properties": {
                    "per-player": {
                        "title": "Per player",
                        "description": "Copies per player.",
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 100,
                    },
                    "by-players": {
                        "title": "By players",
                        "description": "Copies by number of players.",
                        "type": "object",
                        "propertyNames": {"pattern": WHOLE_KEY_PATTERN},
                        "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 10000},
                    },
                    "otherwise": {
                        "title": "Otherwise",
                        "description": "Copies for any other number of players.",
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 10000,
                    },
                },
            },
        ],
    }
    modifier = modifier_definition(catalog)
    return {
        "title": "Card type",
        "description": "A kind of card: its id, name, tags, numbers and copies; `values` makes a series of types, one per value.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "id": _name(
                "Unique id of the card type (used in logs, table files and overlays); a series' types are ID-VALUE.",
                "Id",
            ),
            "name": {
                "title": "Name",
                "description": "The card's name, translated in the edition's text context; an option reference with a map when an option renames the card.",
                "anyOf": [
                    {"type": "string", "minLength": 1, "maxLength": 200},
                    {"$ref": "#/$defs/option-reference"},
                ],
            },
            "description": {
                "title": "Description",
                "description": "A note about the card (translatable); an option reference with a map when an option changes it.",
                "anyOf": [{"type": "string", "maxLength": 2000}, {"$ref": "#/$defs/option-reference"}],
            },
            "tags": {
                "title": "Tags",
                "description": "Tags the card carries; each must be declared under `tags`.",
                "type": "array",
                "uniqueItems": True,
                "maxItems": 100,
                "items": {"type": "string", "pattern": NAME_PATTERN},
            },
            "value": {
                "title": "Value",
                "description": "The card's `value` attribute (a shortcut for attributes: {value: N}).",
                **NUMBER,
            },
            "steps": {
                "title": "Steps",
                "description": "What the card does, by hook (play: the steps `run-card` runs when it is played).",
                "type": "object",
                "propertyNames": {"pattern": NAME_PATTERN},
                "maxProperties": 20,
                "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/step"}, "maxItems": 200},
            },
            "attributes": {
                "title": "Attributes",
                "description": "Named numbers of the card, used by scoring steps and tiebreaks.",
                "type": "object",
                "propertyNames": {"pattern": NAME_PATTERN},
                "maxProperties": 100,
                "additionalProperties": NUMBER,
            },
            "tables": {
                "title": "Tables",
                "description": "Named lookup tables (a harvest table: 4 cards pay 1, 6 pay 2...).",
                "type": "object",
                "propertyNames": {"pattern": NAME_PATTERN},
                "maxProperties": 20,
                "additionalProperties": {"$ref": "#/$defs/lookup-table"},
            },
            "count": count,
            "values": {
                "title": "Values",
                "description": "A series: one card type per value (id ID-VALUE, its `attribute` set to the value).",
                "type": "array",
                "minItems": 1,
                "maxItems": 100,
                "uniqueItems": True,
                "items": {"type": "integer", "minimum": 1, "maximum": 10**15},
            },
            "attribute": _name(
                "In a series: the attribute each type's value is stored in (default value).", "Attribute", "attribute"
            ),
            "on-take": {
                "title": "On take",
                "description": "An effect when a player takes the card.",
                "$ref": "#/$defs/effect",
            },
            "modifiers": {
                "title": "Modifiers",
                "description": "Rules the card applies while it lies in a zone.",
                "type": "array",
                "maxItems": 50,
                "items": modifier,
            },
            **OVERLAY_KEYS,
        },
    }, table


def _zone_definition() -> dict[str, JSON]:
    return {
        "title": "Zone",
        "description": "Where cards lie: per player or shared, a set, row or stack, and who may see it.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "$replace": OVERLAY_KEYS["$replace"],
            "name": {
                "title": "Name",
                "description": "The zone's name for players (translated).",
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
            },
            "description": {
                "title": "Description",
                "description": "A note about the zone (translatable).",
                "type": "string",
            },
            "owner": {
                "title": "Owner",
                "description": "player (every player has one) or shared (one for the table).",
                "enum": ["player", "shared"],
            },
            "kind": {
                "title": "Kind",
                "description": "set (order does not matter), row (ordered, front to back) or stack (face-down pile, drawn from the top).",
                "enum": ["set", "row", "stack"],
            },
            "visibility": {
                "title": "Visibility",
                "description": "all, owner (and the count to all), count (only how many) or none.",
                "enum": ["all", "owner", "count", "none"],
            },
            "capacity": {
                "title": "Capacity",
                "description": "The most cards the zone may hold (0: none until a modifier raises its `limit`).",
                "type": "integer",
                "minimum": 0,
                "maximum": 10000,
            },
            "accepts": {
                "title": "Accepts",
                "description": "Only cards this selector picks may go there.",
                "$ref": "#/$defs/card-selector",
            },
            "holds": {
                "title": "Holds",
                "description": "one-type: a non-empty zone takes only more cards of the type it holds; "
                "distinct: at most one card of each type.",
                "enum": ["any", "one-type", "distinct"],
            },
            "limit": {
                "title": "Limit",
                "description": "The name under which modifiers change `capacity` for the zone's owner.",
                "type": "string",
                "pattern": NAME_PATTERN,
            },
            "closed": {
                "title": "Closed",
                "description": "The zone starts closed (takes no card) until a block opens it (a field to buy).",
                "type": "boolean",
            },
            "tags": {
                "title": "Tags",
                "description": "Names for groups of zones (field): blocks may act on every zone with a tag.",
                "type": "array",
                "uniqueItems": True,
                "maxItems": 20,
                "items": {"type": "string", "pattern": NAME_PATTERN},
            },
            "refill": {
                "title": "Refill",
                "description": "For a stack: when its last card is taken, count it on `counter` and shuffle the zone `from` into it.",
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "from": _name("The zone reshuffled into the stack.", "From", "zone"),
                    "counter": _name("The shared counter of exhaustions.", "Counter", "counter"),
                    "empty-source": {
                        "title": "Empty source",
                        "description": "final: an exhaustion with nothing to reshuffle ends the game as the last one would.",
                        "enum": ["final"],
                    },
                },
            },
        },
    }


def _measure_definition() -> dict[str, JSON]:
    zones = {
        "anyOf": [
            {"type": "string", "pattern": NAME_PATTERN, "x-ref": "zone"},
            {
                "type": "array",
                "minItems": 1,
                "maxItems": 50,
                "items": {"type": "string", "pattern": NAME_PATTERN, "x-ref": "zone"},
            },
        ]
    }
    return {
        "title": "Measure",
        "description": "A named number about a player: the sum of an attribute over zones, a count of cards, or a counter.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "$replace": OVERLAY_KEYS["$replace"],
            "sum": _name("The attribute summed over the cards of `zones`.", "Sum", "attribute"),
            "count": {"title": "Count", "description": "Count the cards of these zones.", **zones},
            "zones": {"title": "Zones", "description": "The player's zones summed.", **zones},
            "counter": _name("A per-player counter.", "Counter", "counter"),
            "cards": {"title": "Cards", "description": "Only these cards count.", "$ref": "#/$defs/card-selector"},
            "unit": _name("How amounts are shown (a unit under `units`).", "Unit", "unit"),
            "name": {
                "title": "Name",
                "description": "The measure's name in sentences, e.g. money in hand (translated).",
                "type": "string",
                "maxLength": 200,
            },
            "says": {
                "title": "Says",
                "description": "An amount in a sentence, with {amount}: e.g. {amount} in hand (translated); "
                "or its singular and plural, {one: {amount} card in hand, other: {amount} cards in hand}.",
                "anyOf": [
                    {"type": "string", "maxLength": 200},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["one", "other"],
                        "properties": {
                            "one": {
                                "title": "One",
                                "description": "The sentence for one (translated).",
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 200,
                            },
                            "other": {
                                "title": "Other",
                                "description": "The sentence for any other amount (translated).",
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 200,
                            },
                        },
                    },
                ],
            },
            "heading": {
                "title": "Heading",
                "description": "The measure as a column heading, e.g. Money left (translated).",
                "type": "string",
                "maxLength": 200,
            },
            "public": {
                "title": "Public",
                "description": "Everyone may know every player's value (it follows from what is face up).",
                "type": "boolean",
            },
            "table": {
                "title": "Table",
                "description": "A lookup table the value is read through (a bonus by number of cards); "
                "replace-table and change-value modifiers naming the measure change it.",
                "$ref": "#/$defs/lookup-table",
            },
            "distinct": {
                "title": "Distinct",
                "description": "With count: count the different card types, not the cards.",
                "type": "boolean",
            },
        },
    }


def _view_definition() -> tuple[dict[str, JSON], dict[str, JSON]]:
    zone = {"type": "string", "pattern": NAME_PATTERN, "x-ref": "zone"}
    text = {"type": "string", "minLength": 1, "maxLength": 200}
    column = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "zone": {
                "title": "Zone",
                "description": "The zone shown (in `shared`, a shared zone).",
                **zone,
            },
            "zones": {
                "title": "Zones",
                "description": "Several zones shown together, in one column or on one line.",
                "type": "array",
                "minItems": 1,
                "maxItems": 10,
                "items": zone,
            },
            "show": {
                "title": "Show",
                "description": "names (card names), values (faces and their total), count, "
                "counts (the number of cards of each type), positions (a row's cards numbered from its front) "
                "or by-name (each name once, with its cards' values).",
                "enum": ["names", "values", "count", "counts", "positions", "by-name"],
            },
            "pays": {
                "title": "Pays",
                "description": "With show: counts, the id of an action taken at any time (a harvest) whose payout for the zone is shown.",
                "type": "string",
                "pattern": NAME_PATTERN,
            },
            "status": {
                "title": "Status",
                "description": "The player's status in the decision under way.",
                "const": True,
            },
            "measure": {
                "title": "Measure",
                "description": "A measure of the player.",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "measure",
            },
            "heading": {"title": "Heading", "description": "The column's heading (translated).", **text},
            "total": {
                "title": "Total",
                "description": "A measure added up after the cards.",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "measure",
            },
            "unit": {
                "title": "Unit",
                "description": "With show: values, the unit (under `units`) the faces count in "
                "(for faces that count millions): a column shows the "
                "cards' total as an amount in that unit; a line of "
                "faces says in its label what a face of 1 is worth.",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "unit",
            },
        },
    }
    tell = {
        "type": "object",
        "additionalProperties": False,
        "required": ["says"],
        "properties": {
            "step": {
                "title": "Step",
                "description": "Tell the cards this step moves.",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "step",
            },
            "from": {"title": "From", "description": "Tell cards moved out of this zone.", **zone},
            "to": {"title": "To", "description": "Tell cards moved into this zone.", **zone},
            "counter": {
                "title": "Counter",
                "description": "Tell this counter's changes (instead of card moves).",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "counter",
            },
            "says": {
                "title": "Says",
                "description": "The sentence (translated): {player} who moved them, {cards} the cards "
                "(their number when the zone they go to hides them), {count}, {owner} the owner "
                "of the zone they go to, {from}, {to}; for a counter {counter} and {value}.",
                **text,
            },
        },
    }
    view = {
        "title": "View",
        "description": "Layout hints for the terminal table: the zone heading it, the players' columns, the viewer's own zones.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "$replace": OVERLAY_KEYS["$replace"],
            "banner": {"title": "Banner", "description": "A shared zone whose top card heads the table.", **zone},
            "columns": {
                "title": "Columns",
                "description": "The players table's columns, left to right.",
                "type": "array",
                "maxItems": 20,
                "items": column,
            },
            "own": {
                "title": "Own",
                "description": "The viewer's own zones shown under the table.",
                "type": "array",
                "maxItems": 10,
                "items": column,
            },
            "shared": {
                "title": "Shared",
                "description": "Shared zones shown above the players table.",
                "type": "array",
                "maxItems": 10,
                "items": column,
            },
            "details": {
                "title": "Details",
                "description": "A line per player under the table: these zones and measures, when not empty.",
                "type": "array",
                "maxItems": 10,
                "items": column,
            },
            "turn": {
                "title": "Turn",
                "description": "A player variable (active): the table's heading counts turns and names this player.",
                "type": "string",
                "pattern": NAME_PATTERN,
                "x-ref": "variable",
            },
        },
    }
    return view, {
        "title": "Tell",
        "description": "Card moves and counter changes the narration tells, each with its sentence.",
        "type": "array",
        "maxItems": 50,
        "items": tell,
    }


SEARCH: dict[str, JSON] = {
    "title": "Search hints",
    "description": "Hints for the searching bot (`bot:ismcts`), which plays any ruleset without them.",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "try-first": {
            "title": "Try first",
            "description": "Log action words that need no more (pass, done, decline, end-trading, bottom...): when a decision has too many legal actions to try them all, these are tried right after the heuristic bot's choice.",
            "type": "array",
            "maxItems": 20,
            "uniqueItems": True,
            "items": {"type": "string", "pattern": NAME_PATTERN, "maxLength": 40},
        },
        "playout-depth": {
            "title": "Playout depth",
            "description": "How many actions a playout runs before the game is scored as if it ended there (default 120; 1 to 100000).",
            "type": "integer",
            "minimum": 1,
            "maximum": 100000,
        },
        "playout-until": {
            "title": "Playout until",
            "description": "Where a playout stops: `game` (the default: the end of the game, or `playout-depth` actions) or `round` (the end of the round under way, a match's `record-round` step; each seat is rewarded by the score it gained in that round, so a move is judged by the round it is played in).",
            "enum": ["game", "round"],
        },
        "evaluate": {
            "title": "Evaluate",
            "description": "An expression (me is the player) saying how good a position is for a player beyond the score: the heuristic bot's lookahead adds it to the score margin (being still in the round, in a game of rounds).",
            "type": "string",
            "minLength": 1,
            "maxLength": 2000,
            "x-expression": "number",
        },
        "switch-significance": {
            "title": "Switch significance",
            "description": "How many standard errors the search's favourite must lead the heuristic bot's choice by, in mean reward, to be played instead (0 to 100; default: any lead, once the favourite has 4 visits).",
            "type": "number",
            "minimum": 0,
            "maximum": 100,
        },
    },
    "examples": [{"try-first": ["pass"], "playout-depth": 200, "switch-significance": 3}],
}

REPORT: dict[str, JSON] = {
    "title": "Report",
    "description": "What `cardrules simulate` reports besides win rates and scores: a measure by name (its mean per player), or {counter: NAME, per: game or round} (a counter's total per game, or per round: per turn in a `turns` loop).",
    "type": "array",
    "maxItems": 20,
    # One schema for both shapes (a name, or a mapping): each keyword applies to its own type, so a
    # mistake inside a mapping is reported where it stands, not as "expected text".
    "items": {
        "title": "Reported",
        "description": "A measure's name, or {counter: NAME, per: game or round}.",
        "type": ["string", "object"],
        "pattern": NAME_PATTERN,
        "maxLength": 200,
        "additionalProperties": False,
        "required": ["counter"],
        "properties": {
            "counter": _name(
                "The counter reported (a per-player counter is summed over the players).", "Counter", "counter"
            ),
            "per": {
                "title": "Per",
                "description": "game (default): its mean total per game; round: its total over all games divided by their rounds (turns in a `turns` loop).",
                "enum": ["game", "round"],
            },
        },
    },
    "examples": [["coins", "harvests", {"counter": "trades", "per": "round"}]],
}


def build_schema(catalog: BlockCatalog) -> dict[str, JSON]:
    """The whole ruleset schema, for the blocks of ``catalog``."""
    card, lookup_table = _card_definition(catalog)
    view, tell = _view_definition()
    # A ruleset written before `presentation` wrote `tell` inside `view`: still read (moved as the file loads).
    view["properties"]["tell"] = {"$ref": "#/$defs/tell", "deprecated": True}
    defs: dict[str, JSON] = {
        "exact-number": {
            "title": "Exact number",
            "description": "An integer, a decimal, or a fraction written as text such as 1/2.",
            "x-expected": "number",
            "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^[-+]?[0-9]+/[1-9][0-9]*$"}],
        },
        "option-reference": {
            "title": "Option reference",
            "description": "Stands for the effective value of a declared option.",
            "type": "object",
            "properties": {
                "option": {
                    "title": "Option",
                    "description": "The name of a declared option.",
                    "type": "string",
                    "pattern": NAME_PATTERN,
                },
                "map": {
                    "title": "Map",
                    "description": "What each value of the option stands for, keyed by the value as text (true, false, a choice's word): `{option: short-deck, map: {'true': 24, 'false': 33}}`.",
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 100,
                },
            },
            "required": ["option"],
            "additionalProperties": False,
        },
        "card-selector": selector_definition(),
        "condition": condition_definition(),
        "lookup-table": lookup_table,
        "card": card,
        "zone": _zone_definition(),
        "view": view,
        "tell": tell,
        "search": SEARCH,
        "report": REPORT,
        "measure": _measure_definition(),
        "option-definition": {
            "title": "Option definition",
            "description": "Declares an option a house rule or -o NAME=VALUE may set.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "$replace": OVERLAY_KEYS["$replace"],
                "type": {
                    "title": "Type",
                    "description": "number, integer, boolean, choice (one of values) or list (ordered distinct values).",
                    "enum": ["number", "integer", "boolean", "choice", "list"],
                },
                "values": {
                    "title": "Values",
                    "description": "The allowed values of a choice or list option.",
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 100,
                    "items": {"type": ["string", "number", "boolean"]},
                },
                "minimum": {
                    "title": "Minimum",
                    "description": "A number or integer option's least value; validate plays a game with it.",
                    "$ref": "#/$defs/exact-number",
                },
                "maximum": {
                    "title": "Maximum",
                    "description": "A number or integer option's most value; validate plays a game with it.",
                    "$ref": "#/$defs/exact-number",
                },
                "nullable": {
                    "title": "Nullable",
                    "description": "Whether `none` (null) is a valid value.",
                    "type": "boolean",
                },
                "default": {
                    "title": "Default",
                    "description": "The value when neither the edition nor the command line sets one.",
                },
                "description": {
                    "title": "Description",
                    "description": "What the option does (translatable).",
                    "type": "string",
                },
            },
        },
    }
    for category in CATEGORIES:
        defs[category] = block_definition(category, catalog)
        defs[f"{category}-complete"] = complete_block_definition(category, catalog)
    steps = {"type": "array", "maxItems": 200, "items": {"$ref": "#/$defs/step"}}
    properties: dict[str, JSON] = {
        "format": {"title": "Format", "description": "The version of this ruleset format: 2.", "const": 2},
        "extends": {
            "title": "Extends",
            "description": "The parent ruleset: a name (GAME/EDITION) or a path relative to this file.",
            "type": "string",
            "minLength": 1,
            "maxLength": 1000,
        },
        "id": {
            "title": "Id",
            "description": "The ruleset's id (GAME/EDITION, or house/NAME); defaults to the file's name.",
            "type": "string",
            "pattern": "^[a-z0-9][a-z0-9/-]*$",
            "maxLength": 200,
        },
        "abstract": {
            "title": "Abstract",
            "description": "Shared parts of other rulesets, not playable by itself.",
            "type": "boolean",
        },
        "game": _name("The game this ruleset plays.", "Game"),
        "name": {
            "title": "Name",
            "description": "The ruleset's name (translatable).",
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
        },
        "description": {
            "title": "Description",
            "description": "One line about the ruleset (translatable).",
            "type": "string",
            "maxLength": 2000,
        },
        "text-context": {
            "title": "Text context",
            "description": "The catalog context of this ruleset's texts (its edition).",
            "type": "string",
            "pattern": "^[a-z0-9][a-z0-9/-]*$",
            "maxLength": 200,
        },
        "languages": {
            "title": "Languages",
            "description": "Languages whose players `cardrules play` offers this edition by default.",
            "type": "array",
            "uniqueItems": True,
            "maxItems": 50,
            "items": {"type": "string", "pattern": "^[a-z]{2,3}([_-][A-Za-z0-9]+)*$"},
        },
        "players": {
            "title": "Players",
            "description": "How many may play.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "min": {
                    "title": "Min",
                    "description": "The fewest players.",
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 64,
                },
                "max": {
                    "title": "Max",
                    "description": "The most players.",
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 64,
                },
            },
        },
        "units": {
            "title": "Units",
            "description": "How amounts of a measure are written (scale, style plain or currency, currency code), "
            "and the scale they are observed on (observed-scale).",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 20,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "scale": {
                        "title": "Scale",
                        "description": "What one unit of the amount is worth (1000000: millions).",
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 10**12,
                    },
                    "style": {
                        "title": "Style",
                        "description": "plain (a number) or currency.",
                        "enum": ["plain", "currency"],
                    },
                    "currency": {
                        "title": "Currency",
                        "description": "An ISO 4217 code (USD).",
                        "type": "string",
                        "pattern": "^[A-Z]{3}$",
                    },
                    "observed-scale": {
                        "title": "Observed scale",
                        "description": "What one observed unit stands for in the learning adapters' tensors: "
                        "an amount is observed divided by it (1000: in thousands; default 1), so that "
                        "editions that count in different units are observed on one scale.",
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 10**12,
                    },
                },
            },
        },
        "tags": {
            "title": "Tags",
            "description": "Tags: id -> {name}. A card tag is declared here; a zone tag may be, its name then the word the prompts use for one of its zones (field).",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 200,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "name": {
                        "title": "Name",
                        "description": "The tag's name (translatable).",
                        "type": "string",
                        "maxLength": 200,
                    },
                    "description": {"title": "Description", "description": "A note (translatable).", "type": "string"},
                },
            },
        },
        "cards": _id_list("#/$defs/card", "Cards", "The card types, in order; overlays merge them by id."),
        "zones": {
            "title": "Zones",
            "description": "Where cards lie, by id.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {"$ref": "#/$defs/zone"},
        },
        "counters": {
            "title": "Counters",
            "description": "Plain numbers a game keeps (exhaustions of the draw pile), by id.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "owner": {"title": "Owner", "description": "player or shared.", "enum": ["player", "shared"]},
                    "start": {
                        "title": "Start",
                        "description": "The value at the start: a number, or {by-players: {PLAYERS: N}, otherwise: N}.",
                        "anyOf": [
                            {"type": "integer", "minimum": -(10**9), "maximum": 10**9},
                            by_players_schema({"type": "integer", "minimum": -(10**9), "maximum": 10**9}),
                        ],
                    },
                    "visibility": {
                        "title": "Visibility",
                        "description": "all (the default: everyone sees it) or owner (a player's own counter, such as chips kept hidden, seen by its owner only).",
                        "enum": ["all", "owner"],
                    },
                    "name": {"title": "Name", "description": "The counter's name (translatable).", "type": "string"},
                },
            },
        },
        "statuses": {
            "title": "Statuses",
            "description": "What a player may be, by id (out of the round, protected): set by `status` and `eliminate`, read as p.NAME.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 50,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "name": {
                        "title": "Name",
                        "description": "The status's name (translatable).",
                        "type": "string",
                        "maxLength": 200,
                    },
                    "description": {
                        "title": "Description",
                        "description": "A note (translatable).",
                        "type": "string",
                        "maxLength": 2000,
                    },
                    "says": {
                        "title": "Says",
                        "description": "What the narration tells when a player gains the status, with {player} (translatable); a status without it is not told (the table's status column shows it).",
                        "type": "string",
                        "maxLength": 200,
                    },
                },
            },
        },
        "constants": {
            "title": "Constants",
            "description": "Named values for expressions: a number, a text, a list, or a number by players ({by-players: ..., otherwise: ...}).",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {
                "anyOf": [
                    NUMBER,
                    {"type": "string", "maxLength": 200},
                    {"type": "boolean"},
                    {
                        "type": "array",
                        "maxItems": 200,
                        "items": {"anyOf": [NUMBER, {"type": "string", "maxLength": 200}]},
                    },
                    by_players_schema({"type": "integer", "minimum": -(10**9), "maximum": 10**9}),
                ]
            },
        },
        "functions": {
            "title": "Functions",
            "description": "Named expressions with parameters, called from other expressions (never recursively).",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["value"],
                "properties": {
                    "parameters": {
                        "title": "Parameters",
                        "description": "Each parameter and its type (number, flag, text, player, card, cards, players, numbers, texts), in order.",
                        "type": "object",
                        "propertyNames": {"pattern": NAME_PATTERN},
                        "maxProperties": 20,
                        "additionalProperties": {"enum": sorted(TYPE_NAMES)},
                    },
                    "value": {
                        "title": "Value",
                        "description": "The expression.",
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 2000,
                    },
                    "description": {
                        "title": "Description",
                        "description": "A note.",
                        "type": "string",
                        "maxLength": 2000,
                    },
                },
            },
        },
        "procedures": {
            "title": "Procedures",
            "description": "Named steps with parameters, run by `call`.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["steps"],
                "properties": {
                    "parameters": {
                        "title": "Parameters",
                        "description": "Each parameter and its type, bound to the value a call gives.",
                        "type": "object",
                        "propertyNames": {"pattern": NAME_PATTERN},
                        "maxProperties": 20,
                        "additionalProperties": {"enum": sorted(TYPE_NAMES)},
                    },
                    "steps": {"title": "Steps", "description": "The steps run.", **steps},
                    "description": {
                        "title": "Description",
                        "description": "A note.",
                        "type": "string",
                        "maxLength": 2000,
                    },
                },
            },
        },
        "triggers": {
            "title": "Triggers",
            "description": "Steps run when a card enters a zone (a card that acts when discarded).",
            "type": "array",
            "maxItems": 100,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["enters", "steps"],
                "properties": {
                    "id": _name("The trigger's id.", "Id"),
                    "enters": _name("The zone watched.", "Enters", "zone"),
                    "card": _name("The name the card entering is bound to.", "Card"),
                    "owner": _name("The name the zone's owner is bound to.", "Owner"),
                    "when": {
                        "title": "When",
                        "description": "The trigger fires only when this holds (an expression).",
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 2000,
                    },
                    "steps": {"title": "Steps", "description": "The steps run (they decide nothing).", **steps},
                },
            },
        },
        "measures": {
            "title": "Measures",
            "description": "Named numbers about each player, by id.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {"$ref": "#/$defs/measure"},
        },
        "setup": {"title": "Setup", "description": "The steps that set up a game, in order.", **steps},
        "flow": {
            "title": "Flow",
            "description": "The steps of play after the setup (usually one loop of rounds or turns).",
            **steps,
        },
        "finish": {
            "title": "Finish",
            "description": "The steps run once play has ended, before scoring (a final harvest).",
            **steps,
        },
        "anytime": _id_list(
            "#/$defs/anytime", "At any time", "Actions a player may take at any of their decision points."
        ),
        "end": _id_list("#/$defs/end", "End", "End conditions; the first that triggers ends the game."),
        "option-definitions": {
            "title": "Option definitions",
            "description": "The options a house rule or -o may set, by name.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
            "additionalProperties": {"$ref": "#/$defs/option-definition"},
        },
        "options": {
            "title": "Options",
            "description": "This ruleset's values of declared options.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 100,
        },
        "scoring": {
            "title": "Scoring",
            "description": "How players are scored and who wins.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "$replace": OVERLAY_KEYS["$replace"],
                "zones": {
                    "title": "Zones",
                    "description": "The player zones whose cards are scored.",
                    "type": "array",
                    "maxItems": 50,
                    "items": {"type": "string", "pattern": NAME_PATTERN, "x-ref": "zone"},
                },
                "steps": _id_list("#/$defs/score-step", "Steps", "The scoring pipeline, run per player from 0."),
                "score": {
                    "title": "Score",
                    "description": "Each player's score as an expression (me is the player scored), instead of steps.",
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                },
                "parts": {
                    "title": "Parts",
                    "description": "Each player's score written in named parts (instead of score): the score is their sum, and `score --explain` shows one line per part.",
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 20,
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        # name and value are required of the merged ruleset (semantic): an overlay writes only
                        # what it changes of a part with an id.
                        "properties": {
                            "id": {
                                "title": "Id",
                                "description": "The part's id, by which an overlay changes or removes it (when every part has one).",
                                "type": "string",
                                "pattern": NAME_PATTERN,
                                "maxLength": 200,
                            },
                            "name": {
                                "title": "Name",
                                "description": "What the part counts, as the explanation shows it (translated).",
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 200,
                            },
                            "value": {
                                "title": "Value",
                                "description": "The part's points as an expression (me is the player scored).",
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 2000,
                            },
                        },
                    },
                },
                "lowest-wins": {
                    "title": "Lowest wins",
                    "description": "true: the lowest score wins (the result says so); default false.",
                    "type": "boolean",
                },
                "tiebreak-by": {
                    "title": "Tiebreak by",
                    "description": "Expressions that break a tie for the best score, in order (me is the player; higher wins, or lower with lowest-wins).",
                    "type": "array",
                    "maxItems": 20,
                    "items": {"type": "string", "minLength": 1, "maxLength": 2000},
                },
                "eliminated": {
                    "title": "Eliminated",
                    "description": "Who is out and cannot win, as an expression giving yes or no (me is the player; with score).",
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                },
                "winners": {
                    "title": "Winners",
                    "description": "Who wins, as an expression giving players (instead of the best score).",
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                },
                "elimination": {
                    "title": "Elimination",
                    "description": "Who is out and cannot win.",
                    "$ref": "#/$defs/elimination",
                },
                "tiebreak": {
                    "title": "Tiebreak",
                    "description": "The criteria that break a tie, in order (names under tiebreak-criteria).",
                    "anyOf": [
                        {"type": "array", "maxItems": 50, "items": {"type": "string", "pattern": NAME_PATTERN}},
                        {"$ref": "#/$defs/option-reference"},
                    ],
                },
            },
        },
        "tiebreak-criteria": {
            "title": "Tiebreak criteria",
            "description": "Named tiebreak criteria.",
            "type": "object",
            "propertyNames": {"pattern": NAME_PATTERN},
            "maxProperties": 50,
            "additionalProperties": {"$ref": "#/$defs/tiebreak"},
        },
        "result": {
            "title": "Result",
            "description": "Each player's result object, field by field: score, eliminated, a measure, a zone's cards or their counts by type.",
            "type": "array",
            "maxItems": 50,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["field"],
                "properties": {
                    "field": {
                        "title": "Field",
                        "description": "The key in the result object.",
                        "type": "string",
                        "pattern": "^[a-z][a-z0-9_]*$",
                    },
                    "measure": _name("The measure written.", "Measure", "measure"),
                    "zone": _name("The zone whose card ids are written.", "Zone", "zone"),
                    "counts": _name("The zone whose cards are written as counts by type.", "Counts", "zone"),
                    "cards": {
                        "title": "Cards",
                        "description": "With zone or counts: only the cards this selector picks.",
                        "$ref": "#/$defs/card-selector",
                    },
                    "value": {
                        "title": "Value",
                        "description": "An expression written as the field (me is the player): a number, a text, a list.",
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 2000,
                    },
                },
            },
        },
        "table": {
            "title": "Table",
            "description": "The fields of a table file (`cardrules score`) and the zone or measure each fills.",
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
            "maxProperties": 20,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "zone": _name("The player zone the listed cards go to.", "Zone", "zone"),
                    "measure": _name("A measure a total may be given for.", "Measure", "measure"),
                    "as": {
                        "title": "As",
                        "description": "ids (card ids), values (money card values or a total), counts ({type: n} or a total), count (a number of cards) or number (a measure's total that is no cards: chips, tokens).",
                        "enum": ["ids", "values", "counts", "count", "number"],
                    },
                    "cards": {
                        "title": "Cards",
                        "description": "Which cards the field may list.",
                        "$ref": "#/$defs/card-selector",
                    },
                },
            },
        },
        "presentation": {
            "title": "Presentation",
            "description": "How the game is shown and told, apart from its rules: the terminal table (view), what the narration tells (tell), what `cardrules simulate` reports (report), the searching bot's hints (search). An overlay may change it alone.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "$replace": OVERLAY_KEYS["$replace"],
                "view": {"$ref": "#/$defs/view"},
                "tell": {"$ref": "#/$defs/tell"},
                "report": {"$ref": "#/$defs/report"},
                "search": {"$ref": "#/$defs/search"},
            },
        },
        # Where rulesets written before `presentation` put them: still read (moved under it as a file loads).
        "view": {"$ref": "#/$defs/view", "deprecated": True},
        "report": {"$ref": "#/$defs/report", "deprecated": True},
        "search": {"$ref": "#/$defs/search", "deprecated": True},
    }
    complete = {
        "title": "Complete ruleset",
        "description": "What a ruleset without `extends` (or a merged one) must have.",
        "required": ["format", "game", "name", "players", "cards", "zones", "flow", "end", "scoring"],
        "properties": {
            "players": {"required": ["min", "max"]},
            "cards": {
                "items": {"required": ["id", "name"], "properties": {"on-take": {"$ref": "#/$defs/effect-complete"}}}
            },
            "zones": {"additionalProperties": {"required": ["owner", "kind", "visibility"]}},
            "setup": {"items": {"$ref": "#/$defs/step-complete"}},
            "flow": {"items": {"$ref": "#/$defs/step-complete"}, "minItems": 1},
            "finish": {"items": {"$ref": "#/$defs/step-complete"}},
            "anytime": {"items": {"$ref": "#/$defs/anytime-complete"}},
            "end": {"items": {"$ref": "#/$defs/end-complete"}},
            "scoring": {
                "properties": {
                    "steps": {"items": {"$ref": "#/$defs/score-step-complete"}},
                    "elimination": {"$ref": "#/$defs/elimination-complete"},
                }
            },
            "tiebreak-criteria": {"additionalProperties": {"$ref": "#/$defs/tiebreak-complete"}},
        },
    }
    defs["complete"] = complete
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "cardrules ruleset",
        "description": "A game, an edition or a house rule for the cardrules engine (format 2). Generated from the engine's blocks: see docs/rulesets/README.md.",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "if": {"not": {"required": ["extends"]}},
        "then": {"$ref": "#/$defs/complete"},
        "$defs": defs,
    }


def schema_text(catalog: BlockCatalog) -> str:
    """The schema as the committed file holds it."""
    return json.dumps(build_schema(catalog), indent=2, ensure_ascii=False) + "\n"
