"""Older ruleset formats, read as the current one.

A block family whose rulesets were once written differently brings an
upgrade of a file's tree (``upgrade(tree) -> tree``) in the catalog it adds
its blocks to (format 1 was the auction family's). Every file of a chain
is upgraded as it is loaded, before the schema sees it; an upgrade keeps the
positions of what it moves, so diagnostics still point at the user's text.
"""

from __future__ import annotations

import threading
import weakref

from engine.language import presentation
from engine.language.catalog import BlockCatalog
from engine.language.yaml_loader import Node

_lock = threading.Lock()
# A parsed file is cached and shared; its upgrade is made once per parse.
_upgraded: weakref.WeakKeyDictionary[Node, tuple[BlockCatalog, Node]] = weakref.WeakKeyDictionary()


def upgrade(tree: Node, catalog: BlockCatalog) -> Node:
    """``tree`` in the current format, by the upgrades of ``catalog`` (the same object when it already is)."""
    with _lock:
        known = _upgraded.get(tree)
    if known is not None and known[0] is catalog:
        return known[1]
    # The families' older formats first (format 1 was the auction family's), then the language's own: the
    # presentation parts once written at the top.
    result = presentation.upgrade(catalog.upgrade(tree))
    with _lock:
        _upgraded[tree] = (catalog, result)
    return result
