"""The ``presentation`` key: how a game is shown and told, apart from its rules.

A ruleset's rules say what happens; its presentation says how people and
programs see it, and never changes a game:

- ``view``: the terminal table (its columns, the banner, the viewer's own
  zones, the shared ones, the players' details);
- ``tell``: the card moves and counter changes the narration tells, each
  with its sentence;
- ``report``: what ``cardrules simulate`` reports besides win rates;
- ``search``: hints for the searching bot (``bot:ismcts``).

Rulesets written before this key wrote them at the top (and ``tell`` inside
``view``). Such a file still loads: :func:`upgrade` moves them under
``presentation`` as the file is read, keeping where each was written, and
:func:`moved_keys` says where, for ``validate``'s warning. An overlay may
change the presentation alone (``presentation: {view: ...}``).
"""

from __future__ import annotations

from engine.base.errors import Diagnostic
from engine.base.i18n import _
from engine.language.yaml_loader import Node, Position

KEY = "presentation"
# What it holds, in the order the docs give them.
PARTS = ("view", "tell", "report", "search")
# Where a file written before the key puts each part: at the top, and ``tell`` inside ``view``.
_AT_THE_TOP = ("view", "report", "search")


def _mapping(items: dict[str, Node], positions: dict[str, Position], at: Position) -> Node:
    return Node(items, at, positions, size=1 + sum(child.size for child in items.values()))


def moved_keys(tree: Node) -> list[tuple[str, Position]]:
    """The parts a file writes where files written before ``presentation`` did: ``(old path, where)``."""
    if not tree.is_mapping:
        return []
    found = [(key, tree.key_positions.get(key) or tree.value[key].position) for key in _AT_THE_TOP if key in tree.value]
    view = tree.value.get("view")
    if view is not None and view.is_mapping and "tell" in view.value:
        found.append(("view.tell", view.key_positions.get("tell") or view.value["tell"].position))
    return found


def upgrade(tree: Node) -> Node:
    """``tree`` with the parts written at the top moved under ``presentation`` (the same tree when there are none).

    A part the file also writes under ``presentation`` keeps that one: the
    newer place wins.
    """
    if not tree.is_mapping or not moved_keys(tree):
        return tree
    items = dict(tree.value)
    positions = dict(tree.key_positions)
    existing = items.get(KEY)
    parts = dict(existing.value) if existing is not None and existing.is_mapping else {}
    part_positions = dict(existing.key_positions) if existing is not None and existing.is_mapping else {}
    for key in _AT_THE_TOP:
        node = items.pop(key, None)
        at = positions.pop(key, None)
        if node is None or key in parts:
            continue
        if key == "view" and node.is_mapping and "tell" in node.value:
            view_items = dict(node.value)
            view_positions = dict(node.key_positions)
            tell = view_items.pop("tell")
            tell_at = view_positions.pop("tell", None) or tell.position
            node = Node(view_items, node.position, view_positions, size=max(1, node.size - tell.size))
            if "tell" not in parts:
                parts["tell"] = tell
                part_positions["tell"] = tell_at
        parts[key] = node
        part_positions[key] = at or node.position
    where = existing.position if existing is not None else next(iter(part_positions.values()), tree.position)
    items[KEY] = _mapping(parts, part_positions, where)
    positions.setdefault(KEY, where)
    return Node(items, tree.position, positions, size=tree.size + 1)


def moved_key_warnings(tree: Node) -> list[Diagnostic]:
    """A located warning for each part a file writes where files written before ``presentation`` did."""
    warnings = []
    for old, position in moved_keys(tree):
        new = f"{KEY}.{old.rsplit('.', 1)[-1]}"
        # TRANSLATORS: a warning of `cardrules validate`: {old} is a key of a ruleset file (view, report, search,
        # view.tell), {new} where it belongs now (presentation.view...). Keep both as they are.
        message = _("`{old}` belongs under `presentation` now: write it as `{new}` (it still works)", old=old, new=new)
        warnings.append(Diagnostic(position.location("$." + old), message))
    return warnings
