"""Conditions: yes-or-no questions about the state, written as small mappings.

Used by ``repeat`` and ``turns`` (``until``), ``each-player`` (``skip``) and
the ``condition`` end condition:

- ``{empty: ZONE}``: a shared zone is empty; with ``owner: VARIABLE``, that
  player's zone;
- ``{all-empty: ZONE}``: the zone is empty for every player;
- ``{counter: NAME, at-least: N}``: a shared counter has reached ``N``;
- ``{all: [...]}``, ``{any: [...]}``, ``{not: ...}``: combinations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.base.jsontypes import Spec

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State


class Condition:
    """A compiled condition: ``holds(state, player)``."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.parts = [Condition(part) for part in spec.get("all") or spec.get("any") or ()]
        self.negated = make_condition(spec["not"]) if "not" in spec else None
        self._zone = -1
        self._owner_variable = -1
        self._counter = -1

    def compile(self, game: Game) -> None:
        """Resolve zone, counter and variable names."""
        spec = self.spec
        zone = spec.get("empty") or spec.get("all-empty")
        if zone:
            self._zone = game.zone_index(zone)
        if spec.get("owner"):
            self._owner_variable = game.variable(spec["owner"])
        if spec.get("counter"):
            self._counter = game.counter_index[spec["counter"]]
        for part in self.parts:
            part.compile(game)
        if self.negated is not None:
            self.negated.compile(game)

    def holds(self, state: State, player: int | None) -> bool:
        """Whether the condition holds now (``player``: the player a per-player question is about)."""
        spec = self.spec
        if "empty" in spec:
            owner = (
                state.variables[self._owner_variable]
                if self._owner_variable >= 0
                else (player if player is not None else -1)
            )
            return not state.zones[state.slot(self._zone, owner)]
        if "all-empty" in spec:
            return not any(state.zones[slot] for slot in state.game.zones.slots(self._zone))
        if "counter" in spec:
            return state.counter(self._counter) >= int(spec.get("at-least", 1))
        if "all" in spec:
            return all(part.holds(state, player) for part in self.parts)
        if "any" in spec:
            return any(part.holds(state, player) for part in self.parts)
        if self.negated is not None:
            return not self.negated.holds(state, player)
        return False


def make_condition(spec: Spec | None) -> Condition | None:
    """A compiled condition, or None for no condition."""
    return Condition(spec) if spec else None
