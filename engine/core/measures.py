"""Measures: named numbers about a player, worked out from zones and counters.

A ruleset declares what is worth counting, by name: ``gold: {sum: value,
zones: [purse, table]}`` (the sum of an attribute over the cards of some of the
player's zones), ``hand: {count: [hand]}`` (how many cards), ``score-bonus:
{counter: bonus}``. Elimination, tiebreaks, score steps, results, tables and
simulation reports refer to measures by name, so none of them needs to know
what the number means.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .zones import iterate_bits


@dataclass(frozen=True)
class MeasureSpec:
    """A declared measure: ``kind`` is ``sum`` (of ``attribute``), ``count`` or ``counter``."""

    id: str
    kind: str
    attribute: str | None
    zones: tuple[str, ...]
    cards: Mapping[str, Any] | None
    counter: str | None
    unit: str | None
    name: str
    # A sentence with {amount}, or its (singular, plural) pair.
    says: str | tuple[str, str] | None = None
    heading: str | None = None
    public: bool = False


def measure_from_spec(measure_id: str, spec: Mapping[str, Any]) -> MeasureSpec:
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
    return MeasureSpec(measure_id, kind, attribute, tuple(zones), spec.get("cards"), spec.get("counter"),
                       spec.get("unit"), str(spec.get("name", measure_id)), _says(spec.get("says")),
                       spec.get("heading"), bool(spec.get("public", False)))


def _says(says: Any) -> str | tuple[str, str] | None:
    """A measure's ``says``: one sentence, or ``{one, other}`` as a (singular, plural) pair."""
    if isinstance(says, Mapping):
        return str(says["one"]), str(says["other"])
    return says


class Measure:
    """A measure compiled for one game: per-type worth, zone slots, counter slot."""

    def __init__(self, spec: MeasureSpec, game: Any) -> None:
        from ..blocks.selectors import card_selector

        self.spec = spec
        self.id = spec.id
        matches = card_selector(spec.cards)
        types = game.cards.types
        if spec.kind == "sum":
            self.worth = tuple(_whole(card.attributes.get(spec.attribute, 0)) if matches(card) else 0
                               for card in types)
        else:
            self.worth = tuple(1 if matches(card) else 0 for card in types)
        layout = game.zones
        self.zone_indices = tuple(layout.index_of_id[zone] for zone in spec.zones)
        self.counter_index = game.counter_index.get(spec.counter) if spec.counter else None
        self.type_of = game.cards.type_of
        self.specs = layout.specs
        # The worth of a set zone's content, remembered: the same hands come back game after game.
        self._set_worth: dict[int, int | Fraction] = {}

    def of(self, state: Any, player: int) -> int | Fraction:
        """The measure's value for ``player`` in ``state``."""
        if self.counter_index is not None:
            return state.counter(self.counter_index, player)
        return self.of_zones(state.game, state.zones, player)

    def of_zones(self, game: Any, zones: Any, player: int) -> int | Fraction:
        """The measure's value for ``player`` from zone contents (a state's, or an observation's snapshot)."""
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
        """The measure of a list of card types (for tables of a physical game)."""
        return sum((self.worth[t] for t in type_indices), 0)


def _whole(value: Any) -> int | Fraction:
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else value
