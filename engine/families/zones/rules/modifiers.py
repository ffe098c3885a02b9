"""The zones family's kind of modifier: ``grant``, what a card allows its owner (a bank allows deposits)."""

from __future__ import annotations

from engine.language.catalog import ModifierKind
from engine.language.params import name, param

GRANT = ModifierKind(
    "grant",
    "Allows its owner an action that asks for it (a deposit's `granted-by`).",
    {"grant": param("Grant", "What the modifier allows its owner (a deposit's `granted-by`).", name(), option=False)},
    ("grant",),
)

MODIFIERS = (GRANT,)
