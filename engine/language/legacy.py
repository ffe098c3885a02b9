"""Older ruleset formats, read as the current one.

A block family whose rulesets were once written differently registers an
upgrade of a file's tree (``upgrade(tree) -> tree``): format 1 was the
auction family's (``engine.blocks.auction.format1``). Every file of a chain
is upgraded as it is loaded, before the schema sees it; an upgrade keeps the
positions of what it moves, so diagnostics still point at the user's text.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable

from .yaml_loader import Node

_lock = threading.Lock()
# A parsed file is cached and shared; its upgrade is made once per parse.
_upgraded: weakref.WeakKeyDictionary[Node, Node] = weakref.WeakKeyDictionary()


def _upgrades() -> list[Callable[[Node], Node]]:
    from ..blocks.auction import format1

    return [format1.upgrade]


def upgrade(tree: Node) -> Node:
    """``tree`` in the current format (the same object when it already is)."""
    with _lock:
        known = _upgraded.get(tree)
    if known is not None:
        return known
    result = tree
    for step in _upgrades():
        result = step(result)
    with _lock:
        _upgraded[tree] = result
    return result
