"""What every harvest does: read the zone's table by its card count, pay that many cards, discard the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.core.modifiers import held_type, step_value
from engine.core.zones import count_of, instances_in
from engine.families.harvest.rules.events import Harvested
from engine.language.params import name, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State

# The parameters every harvesting block shares.
HARVEST_PARAMETERS = {
    "zones": param(
        "Zones", "The tag of the player's zones that are harvested (fields).", name("zone-tag"), option=False
    ),
    "table": param(
        "Table", "The card tables that say what a zone pays by its number of cards.", name("table"), option=False
    ),
    "pay-to": param("Pay to", "The player's zone the paid cards go to (their coins).", zone("player"), option=False),
    "rest-to": param(
        "Rest to", "The shared zone the other cards go to (the discard pile).", zone("shared"), option=False
    ),
    "counter": param(
        "Counter", "A per-player counter of harvests (of non-empty zones).", name("player-counter"), option=False
    ),
}
HARVEST_REQUIRED = ("zones", "table", "pay-to", "rest-to")


def lookup(steps: tuple[tuple[int, Fraction], ...], amount: int) -> int:
    """What ``amount`` cards pay by a table of ``(threshold, value)`` steps: the highest step reached, else 0."""
    return int(step_value(steps, amount, 0))


def wild_bounds(paid: int, own: int, jokers: int) -> tuple[int, int]:
    """The fewest and the most wild cards among ``paid`` cards of a zone of ``own`` cards and ``jokers`` wild ones."""
    return max(0, paid - own), min(paid, jokers)


class Harvester:
    """One harvesting block's zones and table, compiled for a game."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.tag = spec["zones"]
        self.table = spec["table"]
        self.pay_to_id = spec["pay-to"]
        self.rest_to_id = spec["rest-to"]
        self.counter_id = spec.get("counter")

    @staticmethod
    def card_paths(spec: Mapping[str, Any]) -> list[tuple]:
        """Where a harvest moves cards: from the tagged zones to the paid zone and to the rest zone."""
        source = f"#{spec.get('zones')}"
        return [(source, spec.get("pay-to"), None, False), (source, spec.get("rest-to"), None, False)]

    def compile(self, game: Game) -> None:
        self.zones = tuple(spec.index for spec in game.zones.specs if self.tag in spec.tags)
        self.zone_ids = {spec.index: spec.id for spec in game.zones.specs}
        self.pay_to = game.zone_index(self.pay_to_id)
        self.rest_to = game.zones.slot_of(self.rest_to_id)
        self.counter = game.counter_index[self.counter_id] if self.counter_id else None

    def payout(self, state: State, player: int, zone_index: int) -> int:
        """What harvesting ``player``'s zone would pay now (0 for an empty zone)."""
        content = state.zones[state.slot(zone_index, player)]
        if not content:
            return 0
        card_type = state.game.cards.types[held_type(state.game, content)]
        amount = count_of(content)
        paid = lookup(state.table_for(player, card_type, self.table), amount)
        if state.game.modifiers.any:
            paid = state.changed_value(player, card_type, self.table, paid)
        return min(paid, amount)

    def wild_range(self, state: State, player: int, zone_index: int) -> tuple[int, int]:
        """The fewest and the most wild cards a harvest of the zone may pay (``(0, 0)`` for a zone without any).

        A zone holding wild cards among its own (a ``wild`` modifier let them
        join) pays its own type's table; its owner chooses which cards become
        points, so how many of them are wild, within what the zone holds.
        """
        wild = state.game.modifiers.wild_mask
        if not wild:
            return 0, 0
        cards = instances_in(state.zones[state.slot(zone_index, player)])
        jokers = sum(1 for card in cards if wild >> card & 1)
        if not jokers or jokers == len(cards):
            return 0, 0
        return wild_bounds(self.payout(state, player, zone_index), len(cards) - jokers, jokers)

    def _claims(self, state: State, player: int, discarded: Sequence[int], step: str, zone_type: int) -> None:
        """Players whose ``claim-harvest`` modifiers apply take some of the cards a paying harvest discarded.

        They are asked in turn from the harvester clockwise (the harvester first,
        when their own harvests count), each taking what is still there. A wild
        card counts as a card of the zone's type, taken only when no card of
        the type itself is left.
        """
        game = state.game
        wild = game.modifiers.wild_mask
        players = state.player_count
        for offset in range(players):
            seat = (player + offset) % players
            for modifier in state.modifiers("claim-harvest", seat):
                params = modifier.params
                if seat == player and not params.get("own", True):
                    continue
                left = state.zones[self.rest_to]
                held = set(instances_in(left))
                wanted = [
                    card for card in discarded if card in held and modifier.applies_to_card(game.cards.type(card))
                ]
                if wild and modifier.applies_to_card(game.cards.types[zone_type]):
                    wanted += [card for card in discarded if card in held and wild >> card & 1 and card not in wanted]
                wanted = wanted[: int(params.get("count", 1))]
                if wanted:
                    target = state.slot(game.zone_index(params["into"]), seat)
                    state.move(wanted, self.rest_to, target, player=seat, step=step)

    def harvest(self, state: State, player: int, zone_index: int, step: str, wild: int | None = None) -> int:
        """Harvest ``player``'s zone: the paid cards to their ``pay-to`` zone, the rest to ``rest-to``; the amount paid.

        ``wild``: how many of the paid cards are wild cards (within
        :meth:`wild_range`; by default the fewest: the zone's own cards pay first).
        """
        slot = state.slot(zone_index, player)
        content = state.zones[slot]
        cards = instances_in(content)
        if not cards:
            return 0
        paid = self.payout(state, player, zone_index)
        zone_type = held_type(state.game, content)
        mask = state.game.modifiers.wild_mask
        if mask:
            own = [card for card in cards if not mask >> card & 1]
            others = [card for card in cards if mask >> card & 1]
            if own and others:
                low, high = wild_bounds(paid, len(own), len(others))
                jokers = min(max(low if wild is None else wild, low), high)
                paying = own[: paid - jokers] + others[:jokers]
                cards = paying + [card for card in cards if card not in paying]
        if state.recording:
            state.events.append(Harvested(player, self.zone_ids[zone_index], state.game.cards.ids_of(cards), paid))
        if paid:
            state.move(cards[:paid], slot, state.slot(self.pay_to, player), player=player, step=step)
        if len(cards) > paid:
            state.move(cards[paid:], slot, self.rest_to, player=player, step=step)
            if paid and "claim-harvest" in state.game.modifiers.by_kind:
                self._claims(state, player, cards[paid:], step, zone_type)
        if self.counter is not None:
            state.add_to_counter(self.counter, player, 1)
        return paid
