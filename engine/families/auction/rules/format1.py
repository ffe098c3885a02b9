"""Rulesets written in format 1, the auction-only format, read as format 2.

Before the generic core, a ruleset described an auction game with fixed
sections: ``money`` (the values every player is dealt, and their unit),
``round`` (reveal a card, the auctions by card, who starts next) and the
blocks ``deal-money``, ``shuffle-deck``, ``poorest-out`` and ``most-money``.
Files written that way (a user's house rule, a whole game) keep working: this
module rewrites their tree into format 2 before anything else reads it, every
new value placed where the old one was written, so a problem is still
reported at its line and column (under its new JSON path).

A complete format-1 ruleset also gets the zones, measures, result, table and
view every auction ruleset of format 2 declares (as the shipped auction
rulesets do); an overlay only has its sections moved to where they now live, with
the ids of format 2 (``round``, ``auction``, ``money``), so it merges with a
format-2 parent.
"""

from __future__ import annotations

from typing import Any

from engine.language.yaml_loader import Node, Position

LEGACY_KEYS = ("money", "round")

# What every auction game of format 2 declares beside its cards and flow.
STANDARD_SECTIONS: dict[str, Any] = {
    "zones": {
        "hand": {"name": "Hand", "owner": "player", "kind": "set", "visibility": "owner"},
        "bid": {"name": "Bid", "owner": "player", "kind": "set", "visibility": "all"},
        "spent": {"name": "Money paid", "owner": "player", "kind": "set", "visibility": "all"},
        "deck": {"name": "Deck", "owner": "shared", "kind": "stack", "visibility": "count"},
        "revealed": {"name": "Revealed card", "owner": "shared", "kind": "set", "visibility": "all"},
        "won": {"name": "Cards won", "owner": "player", "kind": "row", "visibility": "all"},
        "discarded": {"name": "Discarded", "owner": "shared", "kind": "set", "visibility": "all"},
    },
    "measures": {
        "money": {
            "sum": "value",
            "zones": ["hand", "bid"],
            "unit": "money",
            "public": True,
            "name": "money in hand",
            "says": "{amount} in hand",
            "heading": "Money left",
        }
    },
    "result": [
        {"field": "money", "measure": "money"},
        {"field": "eliminated"},
        {"field": "score"},
        {"field": "cards", "zone": "won"},
    ],
    "table": {
        "cards": {"zone": "won", "as": "ids", "cards": {"not-tag": "money"}},
        "money": {"zone": "hand", "as": "values", "measure": "money", "cards": {"tag": "money"}},
    },
    "presentation": {
        "view": {
            "banner": "revealed",
            "columns": [
                {"zone": "bid", "show": "values"},
                {"status": True},
                {"zones": ["hand", "bid"], "show": "count", "heading": "Money cards"},
                {"measure": "money"},
                {"zone": "won"},
            ],
            "own": [{"zone": "hand", "show": "values", "heading": "Your hand", "total": "money"}],
        },
        "report": ["money"],
    },
}


def _node(value: Any, position: Position) -> Node:
    """A tree of plain values as nodes, all placed at ``position``."""
    if isinstance(value, dict):
        return Node(
            {key: _node(child, position) for key, child in value.items()}, position, {key: position for key in value}
        )
    if isinstance(value, list):
        return Node([_node(child, position) for child in value], position)
    return Node(value, position)


def _mapping(items: dict[str, Node], position: Position) -> Node:
    return Node(items, position, {key: child.position for key, child in items.items()})


def is_format_1(tree: Node) -> bool:
    """Whether a file's tree is written in format 1 (its ``format`` says so, or it uses a format-1 section)."""
    if not tree.is_mapping:
        return False
    format_node = tree.get("format")
    return (format_node is not None and format_node.value == 1) or any(key in tree.value for key in LEGACY_KEYS)


def upgrade(tree: Node) -> Node:
    """The format-2 tree of a format-1 file (any other tree is returned as it is)."""
    if not is_format_1(tree):
        return tree
    items = dict(tree.value)
    keys = dict(tree.key_positions)
    complete = "extends" not in items
    if "format" in items:
        items["format"] = Node(2, items["format"].position)
    money = items.pop("money", None)
    round_spec = items.pop("round", None)
    cards = list(items["cards"].value) if items.get("cards") is not None and items["cards"].is_sequence else []
    cards_position = items["cards"].position if "cards" in items else tree.position
    if money is not None and money.is_mapping:
        series: dict[str, Node] = {"id": Node("money", money.position)}
        if complete:
            series.update(
                name=Node("Money", money.position),
                tags=_node(["money"], money.position),
                count=_node({"per-player": 1}, money.position),
            )
        if money.get("values") is not None:
            series["values"] = money.get("values")
        cards.append(_mapping(series, money.position))
        if money.get("unit") is not None:
            units = dict(items["units"].value) if "units" in items and items["units"].is_mapping else {}
            units["money"] = money.get("unit")
            items["units"] = _mapping(units, money.position)
            keys["units"] = keys.get("money", money.position)
    if cards:
        items["cards"] = Node(cards, cards_position)
        keys.setdefault("cards", cards_position)
    if round_spec is not None and round_spec.is_mapping:
        items["flow"] = _flow(round_spec, complete)
        keys["flow"] = keys.get("round", round_spec.position)
    if items.get("setup") is not None and items["setup"].is_sequence:
        items["setup"] = Node([_setup_step(step) for step in items["setup"].value], items["setup"].position)
    if items.get("scoring") is not None and items["scoring"].is_mapping:
        items["scoring"] = _scoring(items["scoring"], complete)
    if items.get("tiebreak-criteria") is not None and items["tiebreak-criteria"].is_mapping:
        criteria = items["tiebreak-criteria"]
        items["tiebreak-criteria"] = Node(
            {
                name: _renamed(spec, "most-money", "highest-measure", measure="money")
                for name, spec in criteria.value.items()
            },
            criteria.position,
            criteria.key_positions,
        )
    if complete:
        tags = items.get("tags")
        if tags is not None and tags.is_mapping and "money" not in tags.value:
            items["tags"] = Node(
                {**tags.value, "money": _node({"name": "Money"}, tags.position)},
                tags.position,
                {**tags.key_positions, "money": tags.position},
            )
        for key, value in STANDARD_SECTIONS.items():
            if key not in items:
                items[key] = _node(value, tree.position)
                keys[key] = tree.position
    return Node(items, tree.position, {key: keys.get(key, tree.position) for key in items}, tree.size)


def _renamed(spec: Node, old: str, new: str, **parameters: Any) -> Node:
    """A block spec of kind ``old`` as the format-2 kind ``new`` with extra parameters."""
    if not spec.is_mapping or spec.get("kind") is None or spec.get("kind").value != old:
        return spec
    kind = spec.get("kind")
    items = dict(spec.value)
    items["kind"] = Node(new, kind.position)
    for key, value in parameters.items():
        items.setdefault(key, _node(value, kind.position))
    return Node(items, spec.position, {**spec.key_positions, **{key: kind.position for key in parameters}})


def _setup_step(step: Node) -> Node:
    step = _renamed(step, "deal-money", "deal-each", cards={"tag": "money"}, to="hand")
    return _renamed(step, "shuffle-deck", "shuffle", to="deck", log="deck")


def _scoring(scoring: Node, complete: bool) -> Node:
    items = dict(scoring.value)
    if items.get("elimination") is not None:
        items["elimination"] = _renamed(items["elimination"], "poorest-out", "lowest-out", measure="money")
    if complete and "zones" not in items:
        items["zones"] = _node(["won"], scoring.position)
    return Node(
        items,
        scoring.position,
        {**scoring.key_positions, **{k: scoring.position for k in items if k not in scoring.key_positions}},
    )


def _flow(round_spec: Node, complete: bool) -> Node:
    """``round: {reveal, auctions, next-start}`` as the ``round`` loop of format 2."""
    position = round_spec.position
    steps: list[Node] = []
    if complete:
        steps.append(_node({"id": "round-start", "kind": "check-end"}, position))
        steps.append(
            _node(
                {"id": "reveal", "kind": "reveal", "from": "deck", "to": "revealed", "player": "start"},
                round_spec.get("reveal").position if round_spec.get("reveal") else position,
            )
        )
    auctions = round_spec.get("auctions")
    if auctions is not None:
        case_list = Node(
            [_renamed(case, "", "") for case in auctions.value] if auctions.is_sequence else auctions.value,
            auctions.position,
        )
        switch = {"id": Node("auction", auctions.position), "cases": case_list}
        if complete:
            switch["kind"] = Node("switch", auctions.position)
            switch["zone"] = Node("revealed", auctions.position)
        steps.append(_mapping(switch, auctions.position))
    if complete:
        steps.append(
            _node(
                {"id": "next-start", "kind": "set-player", "player": "start", "to": "taker"},
                round_spec.get("next-start").position if round_spec.get("next-start") else position,
            )
        )
    loop: dict[str, Node] = {"id": Node("round", position), "steps": Node(steps, position)}
    if complete:
        loop["kind"] = Node("repeat", position)
    return Node([_mapping(loop, position)], position)
