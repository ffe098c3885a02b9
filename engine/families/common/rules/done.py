"""The ``done`` action: a player who may do more (plant another card, act at any time) stops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.decisions import ActionSpace

if TYPE_CHECKING:
    from engine.core.state import State


class DoneSpace(ActionSpace):
    """The ``done`` space: one int, ``{"action": "done"}`` in the log."""

    name = "done"
    json_actions = ("done",)
    bare_actions = ("done",)
    size = 1

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        return {"player": player, "action": "done"}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        return self.base

    def describe(self, state: State, action: int, player: int) -> str:
        # TRANSLATORS: ending a step where a player may do something more (plant another card) or stop.
        return _("done")
