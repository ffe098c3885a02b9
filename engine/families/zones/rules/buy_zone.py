"""At any time, ``buy-zone``: a player opens one of their closed zones (a third field) by paying cards (coins)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import ruleset_text, zone_name
from engine.base.i18n import _
from engine.core.cards import count_for_players
from engine.core.decisions import ActionList, ActionSpace
from engine.core.flow import DECIDE
from engine.core.log_fields import CARD_COUNTS, ZONE
from engine.core.zones import count_of
from engine.families.common.rules.anytime import AnytimeAction
from engine.families.common.rules.card_counts import (
    CountsCode,
    card_counts_text,
    counts_by_type,
    held_by_type,
    payments,
    take_counts,
)
from engine.language.params import WHOLE, by_players_schema, name, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# How many sets of legal purchases a game remembers (a bound on memory).
_LEGAL_KEPT = 1024


class BuySpace(ActionSpace):
    """The ``buy`` space: a zone and the cards paid, ``{"action": "buy", "zone": Z, "pay": {TYPE: N}}`` in the log.

    The payment is encoded as a count per card type (each up to the number of
    copies of the type), so an action int says exactly what was paid.
    """

    name = "buy"
    json_actions = ("buy",)
    log_fields = MappingProxyType({"zone": ZONE, "pay": CARD_COUNTS})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.code = CountsCode(game)
        self.payments = self.code.size
        self.size = len(game.zones.specs) * self.payments

    def action(self, zone_index: int, counts: Sequence[int]) -> int:
        """The int of buying ``zone_index`` paid with ``counts[t]`` cards of each type ``t``."""
        return self.base + zone_index * self.payments + self.code.encode(counts)

    def parts(self, action: int) -> tuple[int, list[int]]:
        """``(zone index, counts paid by type)`` of an action."""
        zone_index, code = divmod(action - self.base, self.payments)
        return zone_index, self.code.decode(code)

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        zone_index, counts = self.parts(action)
        ids = self.game.cards.ids
        return {
            "player": player,
            "action": "buy",
            "zone": self.game.zones.specs[zone_index].id,
            "pay": {ids[t]: count for t, count in enumerate(counts) if count},
        }

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        zone_id = entry.get("zone")
        zone_index = self.game.zones.index_of_id.get(zone_id) if type(zone_id) is str else None
        if zone_index is None:
            raise LogError.at(_("there is no zone {zone}", zone=str(zone_id)[:80]))
        return self.action(zone_index, counts_by_type(self.game, entry.get("pay"), "pay"))

    def describe(self, state: State, action: int, player: int) -> str:

        zone_index, counts = self.parts(action)
        zone = ruleset_text(self.ruleset, self.game.zones.specs[zone_index].name)
        # TRANSLATORS: buying a zone (a third field) with cards, e.g. "buy Third field for 2 × Red, 1 × Blue".
        return _("buy {zone} for {cards}", zone=zone, cards=card_counts_text(self.ruleset, self.game, counts))


class BuyZone(AnytimeAction):
    """``buy-zone``: at any of their decision points a player may open one of their closed ``zones`` by paying ``cost`` cards of their choice from their ``pay-from`` zone to the shared ``pay-to`` zone.

    A bought zone is open for the rest of the game (once per game: only
    closed zones are for sale). ``cost`` may depend on the number of players,
    be an option, or be ``none`` (nothing for sale); a ``set-limit`` or
    ``raise-limit`` modifier naming ``limit`` changes it for its owner.

    Parameters: ``zones`` (player zones declared ``closed``), ``cost``, ``pay-from``, ``pay-to``, ``limit``.

    ```yaml
    anytime:
      - {id: buy-third-field, kind: buy-zone, zones: [field-3], cost: 3, pay-from: coins, pay-to: discard}
    ```
    """

    kind = "buy-zone"
    word = "buy"
    parameters = {
        "zones": param(
            "Zones",
            "The closed player zones for sale.",
            {"type": "array", "items": zone(), "minItems": 1, "maxItems": 100},
            option=False,
        ),
        "cost": param(
            "Cost",
            "How many cards it costs (a number, by number of players, or none).",
            {"anyOf": [WHOLE, by_players_schema(WHOLE), {"const": "none"}, {"type": "null"}]},
        ),
        "pay-from": param("Pay from", "The player's zone paid from (their coins).", zone("player"), option=False),
        "pay-to": param("Pay to", "The shared zone paid cards go to.", zone("shared"), option=False),
        "limit": param("Limit", "The name under which modifiers change the cost.", name(), option=False),
    }
    required = ("zones", "cost", "pay-from", "pay-to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.zone_ids = tuple(spec["zones"])
        self.cost_spec = spec["cost"]
        self.limit_name = spec.get("limit")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where buying moves cards."""
        return [(spec.get("pay-from"), spec.get("pay-to"), None, False)]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Only zones declared closed can be bought."""
        for index, zone_id in enumerate(spec.get("zones") or ()):
            declared = context.zones.get(zone_id)
            if isinstance(declared, dict) and not declared.get("closed"):
                context.add(
                    f"{path}.zones[{index}]",
                    # TRANSLATORS: a ruleset error of a buy step: it sells a zone that is not closed; {zone} is a zone
                    # id, e.g. "field-3"; "closed" is a ruleset keyword.
                    _("the zone {zone} is not declared closed: there is nothing to buy", zone=zone_id),
                )

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("buy", BuySpace),)

    def compile(self, game: Game) -> None:
        self.space = game.space("buy")
        self.zones = tuple(game.zone_index(zone_id) for zone_id in self.zone_ids)
        self.pay_from = game.zone_index(self.spec["pay-from"])
        self.pay_to = game.zones.slot_of(self.spec["pay-to"])
        # Asked at every decision of every player: each seat's slots, looked up once.
        self.slots_of_player = tuple(
            frozenset(game.zones.slot(index, seat) for index in self.zones) for seat in range(game.player_count)
        )
        self.pay_slot_of_player = tuple(game.zones.slot(self.pay_from, seat) for seat in range(game.player_count))
        # A nullable option set to none arrives as None: nothing for sale, as with ``cost: none``.
        self.base_cost = (
            None if self.cost_spec in (None, "none") else count_for_players(self.cost_spec, game.player_count)
        )
        # The legal purchases by (zones for sale, cards held by type, cost): asked at every decision late in a game,
        # while what a player holds changes only at a harvest or a purchase.
        self._legal_known: dict[tuple, ActionList] = {}

    def cost(self, state: State, player: int) -> int | None:
        """What a zone costs ``player`` now (None: not for sale)."""
        if self.base_cost is None:
            return None
        return state.limit(player, self.limit_name, self.base_cost) if self.limit_name else self.base_cost

    def zone_price(self, state: State, player: int, zone_index: int) -> int | None:
        """What buying the zone costs ``player`` now, if it is for sale."""
        return self.cost(state, player) if zone_index in self.for_sale(state, player) else None

    def for_sale(self, state: State, player: int) -> list[int]:
        """The zones ``player`` could buy now if they can pay."""
        closed = state.closed_slots
        if not closed or self.cost(state, player) is None:
            return []  # nothing closed, or no price: nothing for sale
        return [index for index in self.zones if state.slot(index, player) in closed]

    def available(self, state: State, player: int) -> bool:
        """A zone for sale and enough cards to pay for it."""
        closed = state.closed_slots
        if not closed or closed.isdisjoint(self.slots_of_player[player]):
            return False
        cost = self.cost(state, player)
        return cost is not None and count_of(state.zones[self.pay_slot_of_player[player]]) >= cost

    def legal(self, state: State, player: int) -> ActionList:
        zones = self.for_sale(state, player)
        cost = self.cost(state, player) if zones else None
        if not zones or cost is None:
            return ActionList((), kind="buy")
        held = held_by_type(state, state.slot(self.pay_from, player))
        key = (tuple(zones), tuple(held), cost)
        known = self._legal_known.get(key)
        if known is None:
            found = list(payments(held, cost))
            if len(self._legal_known) >= _LEGAL_KEPT:
                self._legal_known.clear()
            known = self._legal_known[key] = ActionList(
                [self.space.action(index, counts) for index in zones for counts in found], kind="buy"
            )
        return known

    def apply(self, state: State, player: int, action: int) -> int:
        if action not in self.legal(state, player):
            zone_index, counts = self.space.parts(action)
            zone = zone_name(state.ruleset, state.game.zones.specs[zone_index].id)
            cost = self.cost(state, player)
            if cost is None or zone_index not in self.for_sale(state, player):
                # TRANSLATORS: {zone} is the ruleset's name of a zone one may buy, e.g. "Third plot".
                raise IllegalActionError.at(_("{zone} is not for sale", zone=zone))
            # TRANSLATORS: {zone} is a zone one may buy, e.g. "Third plot"; {cost} its price in cards.
            raise IllegalActionError.at(_("{zone} costs {cost} cards, paid with cards you have", zone=zone, cost=cost))
        zone_index, counts = self.space.parts(action)
        source = state.slot(self.pay_from, player)
        paid = take_counts(state, source, counts)
        state.move(paid, source, self.pay_to, player=player, step=self.id)
        state.open_zone(state.slot(zone_index, player))
        return DECIDE
