"""Card effect ``open-zone``: the player who takes the card opens one of their closed zones (a building's field)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base.formatting import ruleset_text
from engine.base.i18n import _
from engine.language.params import param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class OpenZone:
    """``open-zone``: when a player takes (or builds) this card, their zone ``zone``, declared ``closed``, takes cards from then on.

    A zone already open stays as it is. With ``accepts`` on the zone, the
    card opens a field for some cards only.

    Parameters: ``zone`` (a player zone declared ``closed``).

    ```yaml
    cards:
      - {id: greenhouse, name: Greenhouse, tags: [building], value: 2, on-take: {kind: open-zone, zone: bed-3}}
    ```
    """

    category = "effect"
    kind = "open-zone"
    parameters = {"zone": param("Zone", "The player's closed zone that opens.", zone(), option=False)}
    required = ("zone",)

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> list[str]:
        """The effect in words, for the card's description."""

        declared = next((spec_ for spec_ in getattr(ruleset, "zones", ()) if spec_.id == spec.get("zone")), None)
        name = ruleset_text(ruleset, declared.name) if declared is not None else str(spec.get("zone"))
        # TRANSLATORS: a card effect; {zone} is the name of a zone, e.g. "Saloon field".
        return [_("Its owner gets the zone {zone}.", zone=name)]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Only a player zone declared closed can be opened."""
        declared = context.zones.get(spec.get("zone"))
        if isinstance(declared, dict) and not declared.get("closed"):
            # TRANSLATORS: a ruleset error of an open-zone effect: the zone is not closed; {zone} is a zone id,
            # e.g. "field-3"; "closed" is a ruleset keyword.
            context.add(
                f"{path}.zone", _("the zone {zone} is not declared closed: it is open already", zone=spec.get("zone"))
            )
        elif context.zone_differs(spec.get("zone"), owner="player"):
            context.add(
                f"{path}.zone",
                # TRANSLATORS: a ruleset error of an open-zone effect: it names a shared zone; {zone} is a zone id,
                # e.g. "discard".
                _("the zone {zone} is shared: only a player's own zone opens for them", zone=spec.get("zone")),
            )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        self.zone_id = spec["zone"]

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Opening a zone moves no card."""
        return []

    def decision_nodes(self) -> tuple:
        """Opening a zone asks nobody anything."""
        return ()

    def compile(self, game: Game) -> None:
        self.zone_index = game.zone_index(self.zone_id)

    def on_take(self, state: State, taker: int, instance: int, won_slot: int) -> None:
        """Open the taker's zone (nothing when it is open already)."""
        slot = state.slot(self.zone_index, taker)
        if slot in state.closed_slots:
            state.open_zone(slot)
