"""At any time, ``harvest``: a player empties one of their zones, paid by its cards' table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import ruleset_text, zone_word
from engine.base.i18n import _, ngettext
from engine.core.decisions import ActionList, ActionSpace
from engine.core.flow import DECIDE
from engine.core.log_fields import ZONE
from engine.core.modifiers import held_type
from engine.core.zones import count_of
from engine.families.common.rules.anytime import AnytimeAction
from engine.families.harvest.rules.payout import HARVEST_PARAMETERS, HARVEST_REQUIRED, Harvester
from engine.language.params import name, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class HarvestSpace(ActionSpace):
    """The ``harvest`` space: ``{"action": "harvest", "zone": ZONE}`` in the log, one int per zone.

    A zone holding wild cards among its own also says how many of the paid
    cards are wild: ``{"action": "harvest", "zone": ZONE, "wild": N}`` (left
    out when 0), one int per zone and number.
    """

    name = "harvest"
    json_actions = ("harvest",)
    log_fields = MappingProxyType({"zone": ZONE})
    tells_itself = True  # the harvest event says what was harvested and what it paid

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.zone_count = len(game.zones.specs)
        self.most_wild = game.modifiers.wild_mask.bit_count()
        self.size = self.zone_count * (self.most_wild + 1)

    def action(self, zone_index: int, wild: int = 0) -> int:
        """The int of harvesting zone ``zone_index`` with ``wild`` wild cards among the paid ones."""
        return self.base + wild * self.zone_count + zone_index

    def parts(self, action: int) -> tuple[int, int]:
        """``(zone index, wild cards paid)`` of an action."""
        wild, zone_index = divmod(action - self.base, self.zone_count)
        return zone_index, wild

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        zone_index, wild = self.parts(action)
        entry = {"player": player, "action": "harvest", "zone": self.game.zones.specs[zone_index].id}
        if wild:
            entry["wild"] = wild
        return entry

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        zone_id = entry.get("zone")
        index = self.game.zones.index_of_id.get(zone_id) if type(zone_id) is str else None
        if index is None:
            # TRANSLATORS: error in a game log file: a "harvest" entry names a zone the ruleset does not have; {zone}
            # is the zone id written there, e.g. "field-4".
            raise LogError.at(_("there is no zone {zone}", zone=str(zone_id)[:80]))
        wild = entry.get("wild", 0)
        if type(wild) is not int or not 0 <= wild <= self.most_wild:
            # TRANSLATORS: error in a game log file: a "harvest" entry; keep "wild" (its key); wild cards are cards that
            # join a field of another kind; {most} is a number, e.g. 2.
            raise LogError.at(_("wild must be a number of wild cards, from 0 to {most}", most=self.most_wild))
        return self.action(index, wild)

    def describe(self, state: State, action: int, player: int) -> str:

        zone_index, wild = self.parts(action)
        zone = ruleset_text(self.ruleset, self.game.zones.specs[zone_index].name)
        if wild:
            # TRANSLATORS: harvesting a field holding wild cards; {zone} is the field's name, {n} how many of the
            # cards paid are wild ones.
            return ngettext(
                "harvest {zone}, {n} wild card among the coins",
                "harvest {zone}, {n} wild cards among the coins",
                wild,
                zone=zone,
            )
        # TRANSLATORS: harvesting one of your zones (a field), e.g. "harvest First field".
        return _("harvest {zone}", zone=zone)


class Harvest(AnytimeAction):
    """``harvest``: at any of their decision points a player may harvest one of their non-empty zones tagged ``zones``.

    The zone pays by the ``table`` of its cards (the highest step its number
    of cards reaches; below the first step nothing): that many of its cards
    go to the player's ``pay-to`` zone, the others to the shared ``rest-to``
    zone. With ``protection``, a zone holding a single card may not be
    harvested while another of the player's tagged zones holds two or more
    (empty zones do not count); a ``lift-rule`` modifier naming the rule
    ``protection`` lifts it, for the cards its selector picks.

    Parameters: ``zones`` (a zone tag), ``table``, ``pay-to``, ``rest-to``, ``counter``, ``protection`` (the rule's name; no protection when absent).

    ```yaml
    anytime:
      - {id: harvest, kind: harvest, zones: field, table: meter, pay-to: coins, rest-to: discard, protection: protection}
    ```
    """

    kind = "harvest"
    word = "harvest"
    parameters = {
        **HARVEST_PARAMETERS,
        "protection": param(
            "Protection",
            "The name of the protection rule (a single card is not harvested "
            "while another zone holds more); none when absent.",
            name(),
            option=False,
        ),
    }
    required = HARVEST_REQUIRED
    card_paths = staticmethod(Harvester.card_paths)

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.harvester = Harvester(spec)
        self.protection = spec.get("protection")

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("harvest", HarvestSpace),)

    def compile(self, game: Game) -> None:
        self.space = game.space("harvest")
        self.harvester.compile(game)
        # Asked at every decision of every player: each seat's zone slots, looked up once.
        self.slots_of_player = tuple(
            tuple(game.zones.slot(index, seat) for index in self.harvester.zones) for seat in range(game.player_count)
        )

    def harvestable(self, state: State, player: int) -> list[int]:
        """The indices of ``player``'s zones they may harvest now."""
        zones = state.zones
        slot = state.slot
        counts = [(index, count_of(zones[slot(index, player)])) for index in self.harvester.zones]
        filled = [(index, count) for index, count in counts if count]
        if not self.protection or all(count == 1 for _, count in filled):
            return [index for index, _ in filled]
        allowed = []
        for index, count in filled:
            if count >= 2 or self._protection_lifted(state, player, index):
                allowed.append(index)
        return allowed

    def available(self, state: State, player: int) -> bool:
        """Any non-empty zone can be harvested: the protection rule never blocks the fullest one."""
        zones = state.zones
        for slot in self.slots_of_player[player]:
            if zones[slot]:
                return True
        return False

    def _protection_lifted(self, state: State, player: int, zone_index: int) -> bool:
        content = state.zones[state.slot(zone_index, player)]
        card_type = state.game.cards.types[held_type(state.game, content)]
        return state.rule_lifted(player, self.protection, card_type)

    def legal(self, state: State, player: int) -> ActionList:
        base = self.space.base
        if not state.game.modifiers.wild_mask:
            return ActionList([base + index for index in self.harvestable(state, player)], kind="harvest")
        actions = []
        for index in self.harvestable(state, player):
            low, high = self.harvester.wild_range(state, player, index)
            actions.extend(self.space.action(index, wild) for wild in range(low, high + 1))
        return ActionList(actions, kind="harvest")

    def may_harvest(self, state: State, player: int, zone_index: int) -> bool:
        """Whether ``player`` may harvest their zone ``zone_index`` now (what :meth:`harvestable` lists, for one)."""
        if zone_index not in self.harvester.zones:
            return False
        zones = state.zones
        count = count_of(zones[state.slot(zone_index, player)])
        if count >= 2 or (count and not self.protection):
            return True
        if not count:
            return False
        # A single card: protected while another zone holds more, unless the rule is lifted for it.
        if all(count_of(zones[slot]) <= 1 for slot in self.slots_of_player[player]):
            return True
        return self._protection_lifted(state, player, zone_index)

    def apply(self, state: State, player: int, action: int) -> int:
        zone_index, wild = self.space.parts(action)
        if not self.may_harvest(state, player, zone_index):
            filled = count_of(state.zones[state.slot(zone_index, player)]) if zone_index in self.harvester.zones else 0
            if not filled:
                # TRANSLATORS: why a harvest is refused (shown e.g. after "Not allowed: "): the zone has no card.
                raise IllegalActionError.at(_("there is nothing to harvest there"))
            # TRANSLATORS: why a harvest is refused (shown e.g. after "Not allowed: "): a zone (a field) with one card
            # is protected while another of the player's zones holds more; {zone} is the ruleset's word for one of
            # the zones harvested, e.g. "field" (else your word for "zone").
            raise IllegalActionError.at(
                _(
                    "a {zone} with a single card may not be harvested while another holds more",
                    zone=zone_word(state.game.ruleset, self.harvester.tag),
                )
            )
        low, high = self.harvester.wild_range(state, player, zone_index)
        if wild and not low <= wild <= high:
            # TRANSLATORS: why a harvest is refused: it turns too few or too many wild cards (cards that join a field
            # of another kind) into coins; {low}, {high} and {count} are numbers of cards.
            raise IllegalActionError.at(
                _("this harvest pays {low} to {high} wild cards, not {count}", low=low, high=high, count=wild)
            )
        if not wild and low:
            # TRANSLATORS: why a harvest is refused: it must say how many wild cards (cards that join a field of
            # another kind) it turns into coins; {low} is a number of cards.
            raise IllegalActionError.at(_("this harvest pays at least {low} wild cards: say how many", low=low))
        self.harvester.harvest(state, player, zone_index, self.id, wild)
        return DECIDE

    def payout(self, state: State, player: int, zone_index: int) -> int:
        """What harvesting the zone would pay now (for views and bots)."""
        return self.harvester.payout(state, player, zone_index)

    def zone_payout(self, state: State, player: int, zone_index: int) -> int | None:
        """What harvesting the zone would pay ``player`` now."""
        return self.payout(state, player, zone_index)
