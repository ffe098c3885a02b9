"""Score step ``table-by-count``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.formatting import format_score, format_signed, ruleset_text
from engine.base.i18n import _
from engine.language.params import name, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class TableByCount:
    """``table-by-count``: each of the player's zones tagged ``zones`` scores by the cards in it: the value of its
    card type's lookup ``table`` for the number of cards (the highest step reached; below the first step, 0).

    Each zone is scored as a group (a row of five red cards); the cards a
    player's score counts must come from those zones (``scoring.zones``).

    Parameters: ``table`` (the cards' table name), ``zones`` (a zone tag).

    ```yaml
    scoring:
      zones: [row-1, row-2]
      steps:
        - {id: rows, kind: table-by-count, table: row, zones: row}
    ```
    """

    category = "score-step"
    kind = "table-by-count"
    # Scored per zone: the pipeline passes the player's zones and the ruleset, and the record to explain.
    needs_zones = True
    parameters = {
        "table": param("Table", "The lookup table of the cards (by number of cards).", name("table")),
        "zones": param("Zones", "The tag of the zones scored, each as a group.", name("zone-tag"), option=False),
    }
    required = ("table", "zones")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.id = spec.get("id", self.kind)
        self.table = spec["table"]
        self.zone_tag = spec["zones"]
        self.zone_ids = tuple(zone.id for zone in getattr(ruleset, "zones", ()) if self.zone_tag in zone.tags)

    def groups(
        self, cards: Sequence[Any], zones: Mapping[str, Sequence[str]] | None, ruleset: Ruleset
    ) -> list[tuple[str, int]]:
        """``(card id, count)`` per scored zone that holds cards."""
        groups = []
        for zone_id in self.zone_ids:
            held = list((zones or {}).get(zone_id, ()))
            if held:
                groups.append((held[0], len(held)))
        return groups

    def _points(self, ruleset: Ruleset, card_id: str, count: int) -> int | Fraction:
        value = ruleset.card(card_id).lookup(self.table, count) if ruleset is not None else None
        if value is None:
            return 0
        return value.numerator if value.denominator == 1 else value

    def value(
        self,
        score: int | Fraction,
        cards: Sequence[Any],
        measures: Mapping[str, Any] | None = None,
        zones: Mapping[str, Sequence[str]] | None = None,
        ruleset: Ruleset = None,
    ) -> int | Fraction:
        """The new score only."""
        return score + sum(
            (self._points(ruleset, card, count) for card, count in self.groups(cards, zones, ruleset)), 0
        )

    def apply(
        self,
        score: Fraction,
        cards: Sequence[Any],
        measures: Mapping[str, Any] | None = None,
        zones: Mapping[str, Sequence[str]] | None = None,
        ruleset: Ruleset = None,
    ) -> tuple[Fraction, dict[str, Any]]:
        """The new score and what each zone paid."""
        paid = [(card, count, self._points(ruleset, card, count)) for card, count in self.groups(cards, zones, ruleset)]
        return score + sum((points for _c, _n, points in paid), 0), {"groups": tuple(paid)}

    @classmethod
    def explain(
        cls,
        ruleset: Ruleset,
        spec: Mapping[str, Any],
        before: Fraction,
        after: Fraction,
        held: Sequence[str],
        detail: Mapping[str, Any] | None = None,
    ) -> list[str] | None:
        """``3 × Red: +1 = 4`` per zone."""

        if not detail or "groups" not in detail:
            return None
        running = before
        lines = []
        for card, count, points in detail["groups"]:
            running += points
            # TRANSLATORS: a group of cards scored by its table, e.g. "3 × Red: +1 = 4".
            lines.append(
                _(
                    "{count} × {card}: {points} = {score}",
                    count=count,
                    card=ruleset_text(ruleset, ruleset.card(card).name),
                    points=format_signed(points),
                    score=format_score(running),
                )
            )
        return lines if running == after else None
