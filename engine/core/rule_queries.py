"""Counters, player variables and modifiers, as blocks read them from a state."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core.cards import CardType
from engine.core.events import CounterChanged, Event
from engine.core.modifiers import Modifier, table_steps
from engine.core.zones import SHARED, ZoneContent

if TYPE_CHECKING:
    from engine.core.game import Game


class RuleQueries:
    """The rule-reading half of :class:`~engine.core.state.State` (a mixin)."""

    counters: list[int]
    variables: list[int]
    game: Game
    zones: list[ZoneContent]
    recording: bool
    events: list[Event]

    def counter(self, counter_index: int, owner: int = SHARED) -> int:
        """A counter's value (``owner`` for a per-player counter)."""
        return self.counters[self.game.counter_slot(counter_index, owner)]

    def add_to_counter(self, counter_index: int, owner: int, amount: int) -> None:
        """Change a counter by ``amount``."""
        slot = self.game.counter_slot(counter_index, owner)
        before = self.counters[slot]
        self.counters[slot] = before + amount
        if self.recording:
            self.events.append(CounterChanged(self.game.counter_ids[counter_index], owner, before, before + amount))

    def variable(self, index: int) -> int:
        """A player variable (``start``, ``active``, ``taker``...) by its compiled index."""
        return self.variables[index]

    def modifiers(self, kind: str, player: int) -> list[Modifier]:
        """The modifiers of ``kind`` active for ``player`` (see :mod:`engine.core.modifiers`)."""
        index = self.game.modifiers
        return index.active(self, kind, player) if index.any else []

    def table_for(self, player: int, card_type: CardType, table: str) -> tuple[tuple[int, Fraction], ...]:
        """A card type's lookup table as it applies to ``player`` (a ``replace-table`` modifier may change it)."""
        steps = card_type.tables.get(table, ())
        for modifier in self.modifiers("replace-table", player):
            if modifier.params.get("table") == table and modifier.applies_to_card(card_type):
                steps = table_steps(modifier.params["with"])
        return steps

    def changed_value(
        self, player: int, card_type: CardType, table: str, value: int | Fraction | None
    ) -> int | Fraction | None:
        """A value looked up in ``table`` for ``player``, after ``change-value`` modifiers (exactly ``from`` -> ``to``)."""
        for modifier in self.modifiers("change-value", player):
            params = modifier.params
            if params.get("table") == table and value == params.get("from") and modifier.applies_to_card(card_type):
                value = params["to"]
        return value

    def limit(self, player: int, name: str, base: int) -> int:
        """A numeric limit of a rule for ``player``, after ``set-limit`` and ``raise-limit`` modifiers."""
        value = base
        for modifier in self.modifiers("set-limit", player):
            if modifier.params.get("limit") == name:
                value = int(modifier.params["to"])
        for modifier in self.modifiers("raise-limit", player):
            if modifier.params.get("limit") == name:
                value += int(modifier.params["by"])
        return value

    def granted(self, player: int, name: str) -> bool:
        """Whether a ``grant`` modifier called ``name`` is active for ``player`` (an action or a step it allows)."""
        return any(modifier.params.get("grant") == name for modifier in self.modifiers("grant", player))

    def rule_lifted(self, player: int, rule: str, card_type: CardType | None = None) -> bool:
        """Whether a ``lift-rule`` modifier lifts ``rule`` for ``player`` (for ``card_type``, when it names cards)."""
        for modifier in self.modifiers("lift-rule", player):
            if modifier.params.get("rule") == rule and (card_type is None or modifier.applies_to_card(card_type)):
                return True
        return False
