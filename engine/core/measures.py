"""Measures: named numbers about a player, worked out from zones and counters.

A ruleset declares what is worth counting, by name: ``gold: {sum: value,
zones: [purse, table]}`` (the sum of an attribute over the cards of some of the
player's zones), ``hand: {count: [hand]}`` (how many cards), ``score-bonus:
{counter: bonus}``. Elimination, tiebreaks, score steps, results, tables and
simulation reports refer to measures by name, so none of them needs to know
what the number means.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.base.jsontypes import JSON, Spec
from engine.core.modifiers import step_value, table_steps
from engine.core.selectors import card_selector
from engine.core.zones import ZoneContent, iterate_bits

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State


@dataclass(frozen=True)
class MeasureSpec:
    """A declared measure: ``kind`` is ``sum`` (of ``attribute``), ``count`` or ``counter``."""

    id: str
    kind: str
    attribute: str | None
    zones: tuple[str, ...]
    cards: Spec | None
    counter: str | None
    unit: str | None
    name: str
    # A sentence with {amount}, or its (singular, plural) pair.
    says: str | tuple[str, str] | None = None
    heading: str | None = None
    public: bool = False
    # A lookup table the value is read through (a bonus by number of cards), as sorted (threshold, value) steps.
    table: tuple[tuple[int, Fraction], ...] | None = None
    # ``count`` only: count the different card types rather than the cards.
    distinct: bool = False


def measure_from_spec(measure_id: str, spec: Spec) -> MeasureSpec:
    """A :class:`MeasureSpec` from its YAML mapping."""
    if "sum" in spec:
        kind, attribute = "sum", spec["sum"]
    elif "counter" in spec:
        kind, attribute = "counter", None
    else:
        kind, attribute = "count", None
    zones = spec.get("zones") or spec.get("count") or ()
    if isinstance(zones, str):
        zones = (zones,)
    return MeasureSpec(
        measure_id,
        kind,
        attribute,
        tuple(zones),
        spec.get("cards"),
        spec.get("counter"),
        spec.get("unit"),
        str(spec.get("name", measure_id)),
        _says(spec.get("says")),
        spec.get("heading"),
        bool(spec.get("public", False)),
        table_steps(spec["table"]) if spec.get("table") is not None else None,
        bool(spec.get("distinct", False)),
    )


def through_table(spec: MeasureSpec, value: int | Fraction, active: Callable[[str], Iterable[Spec]]) -> int | Fraction:
    """A measure's value read through its ``table``, as the owner's modifiers change that table.

    ``active(kind)`` gives the parameters of the modifiers of ``kind`` active
    for the owner: a ``replace-table`` or ``change-value`` whose ``table`` is
    the measure's id (and names no ``cards``) applies, as it does to a card's table.
    """
    if spec.table is None:
        return value
    steps = spec.table
    for params in active("replace-table"):
        if params.get("table") == spec.id and not params.get("cards"):
            steps = table_steps(params["with"])
    reached = step_value(steps, value, 0)
    value = int(reached) if Fraction(reached).denominator == 1 else Fraction(reached)
    for params in active("change-value"):
        if params.get("table") == spec.id and not params.get("cards") and value == params.get("from"):
            value = params["to"]
    return value


def _says(says: str | Mapping[str, JSON] | None) -> str | tuple[str, str] | None:
    """A measure's ``says``: one sentence, or ``{one, other}`` as a (singular, plural) pair."""
    if isinstance(says, Mapping):
        return str(says["one"]), str(says["other"])
    return says


class Measure:
    """A measure compiled for one game: per-type worth, zone slots, counter slot."""

    def __init__(self, spec: MeasureSpec, game: Game) -> None:

        self.spec = spec
        self.id = spec.id
        matches = card_selector(spec.cards)
        types = game.cards.types
        if spec.kind == "sum":
            attribute = spec.attribute or ""  # a sum names its attribute
            self.worth = tuple(_whole(card.attributes.get(attribute, 0)) if matches(card) else 0 for card in types)
        else:
            self.worth = tuple(1 if matches(card) else 0 for card in types)
        layout = game.zones
        self.zone_indices = tuple(layout.index_of_id[zone] for zone in spec.zones)
        self.counter_index = game.counter_index.get(spec.counter) if spec.counter else None
        self.type_of = game.cards.type_of
        self.specs = layout.specs
        # The worth of a set zone's content, remembered: the same hands come back game after game.
        self._set_worth: dict[int, int | Fraction] = {}

    def of(self, state: State, player: int) -> int | Fraction:
        """The measure's value for ``player`` in ``state``."""
        if self.counter_index is not None:
            value = state.counter(self.counter_index, player)
            if self.spec.table is None:
                return value
            return through_table(self.spec, value, lambda kind: [m.params for m in state.modifiers(kind, player)])
        return self.of_zones(state.game, state.zones, player)

    def of_zones(self, game: Game, zones: Sequence[ZoneContent], player: int) -> int | Fraction:
        """The measure's value for ``player`` from zone contents (a state's, or an observation's snapshot)."""
        value = self._counted(game, zones, player)
        if self.spec.table is None:
            return value
        index = game.modifiers
        if not index.any:
            return through_table(self.spec, value, lambda kind: ())
        # The modifiers active for the owner, read from the same zone contents (a snapshot has no state).
        holder = _Zones(game, zones)
        return through_table(self.spec, value, lambda kind: [m.params for m in index.active(holder, kind, player)])

    def _counted(self, game: Game, zones: Sequence[ZoneContent], player: int) -> int | Fraction:
        """The sum or count over the player's zones, before any table."""
        if self.spec.distinct:
            seen = set()
            for zone_index in self.zone_indices:
                content = zones[game.zones.slot(zone_index, player)]
                for instance in iterate_bits(content) if type(content) is int else content:
                    if self.worth[self.type_of[instance]]:
                        seen.add(self.type_of[instance])
            return len(seen)
        layout = game.zones
        state_zones = zones
        total: int | Fraction = 0
        worth = self.worth
        type_of = self.type_of
        for zone_index in self.zone_indices:
            content = state_zones[layout.slot(zone_index, player)]
            if type(content) is int:
                known = self._set_worth.get(content)
                if known is None:
                    known = sum((worth[type_of[instance]] for instance in iterate_bits(content)), 0)
                    if len(self._set_worth) < 100_000:
                        self._set_worth[content] = known
                total += known
            else:
                for instance in content:
                    total += worth[type_of[instance]]
        return total

    def of_types(self, type_indices: Sequence[int]) -> int | Fraction:
        """The measure of a list of card types, before any table (for tables of a physical game)."""
        if self.spec.distinct:
            return len({t for t in type_indices if self.worth[t]})
        return sum((self.worth[t] for t in type_indices), 0)


class _Zones:
    """Zone contents with their game: what the modifier index reads of a state."""

    __slots__ = ("game", "zones")

    def __init__(self, game: Game, zones: Sequence[ZoneContent]) -> None:
        self.game = game
        self.zones = zones


def _whole(value: int | Fraction) -> int | Fraction:
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else value
