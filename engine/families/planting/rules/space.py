"""What the planting steps share: the ``plant`` action space and whether a zone takes a card."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import LogError
from engine.base.formatting import card_name, ruleset_text
from engine.base.i18n import _
from engine.core.decisions import ActionSpace
from engine.core.log_fields import CARD, ZONE
from engine.core.modifiers import held_type, joins_as_wild
from engine.core.selectors import card_selector

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


def takes(state: State, spec: Any, slot: int, card_type: Any) -> bool:
    """Whether the zone at ``slot`` (of ``spec``) may take a card of ``card_type`` now.

    Closed zones take nothing; ``accepts`` limits the types; ``capacity`` the
    number (as modifiers set it for the owner, when the zone names a
    ``limit``); ``holds: one-type`` locks a non-empty zone to its type (a
    ``wild`` modifier of the owner's lets its cards join too, past
    ``accepts``) and ``holds: distinct`` takes one card of each type.
    """
    if state.closed_slots and slot in state.closed_slots:
        return False
    content = state.zones[slot]
    capacity = spec.capacity
    if spec.capacity_limit is not None:
        capacity = state.limit(state.game.zones.slot_owner[slot], spec.capacity_limit, capacity or 0)
    if capacity is not None and (content.bit_count() if type(content) is int else len(content)) >= capacity:
        return False
    if spec.one_type and content:
        # Its type was accepted when the zone started; a wild card joins whatever `accepts` says of its own type.
        game = state.game
        if not game.modifiers.wild_mask:
            # No wild cards in this game: the zone's type is its first card's (what held_type finds, inlined: a
            # planting step asks this for every zone at every decision).
            held = content[0] if type(content) is not int else (content & -content).bit_length() - 1
            return game.cards.type_of[held] == card_type.index
        zone_type = held_type(game, content)
        return zone_type == card_type.index or joins_as_wild(state, game.zones.slot_owner[slot], card_type, zone_type)
    if spec.accepts and not _accepts(spec)(card_type):
        return False
    if spec.distinct and content:
        return (
            not content & state.game.cards.type_mask[card_type.index]
            if type(content) is int
            else all(state.game.cards.type_of[held] != card_type.index for held in content)
        )
    return True


_ACCEPTS: dict[int, Any] = {}


def _accepts(spec: Any) -> Any:
    """The compiled ``accepts`` selector of a zone spec (made once per spec)."""
    selector = _ACCEPTS.get(id(spec))
    if selector is None or selector[0] is not spec:
        selector = _ACCEPTS[id(spec)] = (spec, card_selector(spec.accepts))
    return selector[1]


class PlantSpace(ActionSpace):
    """The ``plant`` space: one int per (card type, zone), ``{"action": "plant", "card": ID, "zone": ZONE}`` in the log.

    The card names a type, not a copy: copies of a type are alike, and the
    step says which card of that type moves (the front of a hand, any card
    set aside).
    """

    name = "plant"
    json_actions = ("plant",)
    log_fields = MappingProxyType({"card": CARD, "zone": ZONE})
    required_fields = MappingProxyType({"plant": ("card", "zone")})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.zone_count = len(game.zones.specs)
        self.size = len(game.cards.types) * self.zone_count

    def action(self, type_index: int, zone_index: int) -> int:
        """The int of planting a card of type ``type_index`` into zone ``zone_index``."""
        return self.base + type_index * self.zone_count + zone_index

    def parts(self, action: int) -> tuple[int, int]:
        """``(type index, zone index)`` of an action of this space."""
        return divmod(action - self.base, self.zone_count)

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        type_index, zone_index = self.parts(action)
        return {
            "player": player,
            "action": "plant",
            "card": self.game.cards.ids[type_index],
            "zone": self.game.zones.specs[zone_index].id,
        }

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        card, zone_id = entry.get("card"), entry.get("zone")
        type_index = self.game.cards.index_of_id.get(card) if type(card) is str else None
        if type_index is None:
            raise LogError.at(_("there is no card {card}", card=str(card)[:80]))
        zone_index = self.game.zones.index_of_id.get(zone_id) if type(zone_id) is str else None
        if zone_index is None:
            raise LogError.at(_("there is no zone {zone}", zone=str(zone_id)[:80]))
        return self.action(type_index, zone_index)

    def describe(self, state: State, action: int, player: int) -> str:

        type_index, zone_index = self.parts(action)
        zone = ruleset_text(self.ruleset, self.game.zones.specs[zone_index].name)
        # TRANSLATORS: planting a card, e.g. "plant Red into First row".
        return _("plant {card} into {zone}", card=card_name(self.ruleset, self.game.cards.ids[type_index]), zone=zone)
