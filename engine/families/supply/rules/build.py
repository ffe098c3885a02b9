"""At any time, ``build``: a player takes a card from a shared supply into their own zone, paying its price in cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import card_name, tag_name, zone_name
from engine.base.i18n import _, ngettext
from engine.core.cards import count_for_players
from engine.core.decisions import ActionList, ActionSpace
from engine.core.flow import DECIDE
from engine.core.log_fields import CARD, CARD_COUNTS
from engine.core.zones import count_of, instances_in
from engine.families.common.rules.anytime import AnytimeAction
from engine.families.common.rules.card_counts import (
    CountsCode,
    card_counts_text,
    count_of_type,
    counts_by_type,
    held_by_type,
    payments,
    take_counts,
)
from engine.language.params import BOOLEAN, COUNT, NAME_PATTERN, by_players_schema, name, param, zone
from engine.language.yaml_loader import json_path_child

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class BuildSpace(ActionSpace):
    """The ``build`` space: a card type and the cards paid, ``{"action": "build", "card": ID, "pay": {TYPE: N}}``.

    The payment is a count per card type (each up to the number of copies of
    the type), so an action int says exactly which card was built and what
    was paid for it.
    """

    name = "build"
    json_actions = ("build",)
    log_fields = MappingProxyType({"card": CARD, "pay": CARD_COUNTS})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.code = CountsCode(game)
        self.payments = self.code.size
        self.size = len(game.cards.types) * self.payments

    def action(self, type_index: int, counts: Sequence[int]) -> int:
        """The int of building a card of type ``type_index`` paid with ``counts[t]`` cards of each type ``t``."""
        return self.base + type_index * self.payments + self.code.encode(counts)

    def parts(self, action: int) -> tuple[int, list[int]]:
        """``(type index, counts paid by type)`` of an action."""
        type_index, code = divmod(action - self.base, self.payments)
        return type_index, self.code.decode(code)

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        type_index, counts = self.parts(action)
        ids = self.game.cards.ids
        return {
            "player": player,
            "action": "build",
            "card": ids[type_index],
            "pay": {ids[t]: count for t, count in enumerate(counts) if count},
        }

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        card = entry.get("card")
        type_index = self.game.cards.index_of_id.get(card) if type(card) is str else None
        if type_index is None:
            raise LogError.at(_("there is no card {card}", card=str(card)[:80]))
        return self.action(type_index, counts_by_type(self.game, entry.get("pay"), "pay"))

    def describe(self, state: State, action: int, player: int) -> str:

        type_index, counts = self.parts(action)
        card = card_name(self.ruleset, self.game.cards.ids[type_index])
        if not any(counts):
            # TRANSLATORS: taking a card from the supply (a building) for nothing.
            return _("build {card} for nothing", card=card)
        # TRANSLATORS: taking a card from the supply (a building), e.g. "build Mill 2 for 2 × Wheat".
        return _("build {card} for {cards}", card=card, cards=card_counts_text(self.ruleset, self.game, counts))


class Build(AnytimeAction):
    """``build``: at any of their decision points a player takes a card from the shared zone ``from`` into their zone ``to``, paying its price in cards from their zone ``pay-from`` to the shared zone ``pay-to``.

    The price is the card's attribute ``price`` (a whole number of cards).
    ``groups`` sorts the cards for sale into groups by tag and names, for each
    group, the card type its price is paid in (``null``: any cards); only
    cards of a group can be built. With ``one-per-group: true`` a player
    holds at most one card of each group in ``to``. ``cap`` (a number, or by
    number of players) is how many cards of one group may be built in all:
    once that many lie in players' ``to`` zones, the group's other cards
    leave the supply for the shared zone ``capped-to``. A built card's
    ``on-take`` effect runs when it arrives (an instant effect such as
    ``open-zone``), and its modifiers apply from that moment.

    Parameters: ``from``, ``to``, ``pay-from``, ``pay-to``, ``price`` (an
    attribute), ``groups`` (tag: card id or null), ``one-per-group``,
    ``cap``, ``capped-to``.

    ```yaml
    anytime:
      - {id: build, kind: build, from: supply, to: buildings, pay-from: coins, pay-to: discard, price: value,
         groups: {mill: wheat, well: null}, one-per-group: true, cap: {by-players: {3: 2}, otherwise: 3},
         capped-to: out-of-game}
    ```
    """

    kind = "build"
    word = "build"
    parameters = {
        "from": param("From", "The shared zone the cards are built from (the supply).", zone("shared"), option=False),
        "to": param("To", "The player's zone built cards go to.", zone("player"), option=False),
        "pay-from": param("Pay from", "The player's zone paid from (their coins).", zone("player"), option=False),
        "pay-to": param("Pay to", "The shared zone paid cards go to.", zone("shared"), option=False),
        "price": param(
            "Price", "The card attribute that says how many cards a card costs.", name("attribute"), option=False
        ),
        "groups": param(
            "Groups",
            "Tags that sort the cards for sale into groups, each with the card type its "
            "price is paid in (null: any cards).",
            {
                "type": "object",
                "propertyNames": {"pattern": NAME_PATTERN},
                "minProperties": 1,
                "maxProperties": 200,
                "additionalProperties": {"anyOf": [{"type": "string", "pattern": NAME_PATTERN}, {"type": "null"}]},
            },
            option=False,
        ),
        "one-per-group": param("One per group", "A player holds at most one card of each group.", BOOLEAN),
        "cap": param(
            "Cap",
            "How many cards of one group may be built in all (a number, or by number of players).",
            {"anyOf": [COUNT, by_players_schema(COUNT)]},
        ),
        "capped-to": param(
            "Capped to",
            "The shared zone a group's other cards go to once its cap is reached.",
            zone("shared"),
            option=False,
        ),
    }
    required = ("from", "to", "pay-from", "pay-to", "price", "groups")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.group_payers: dict[str, str | None] = dict(spec["groups"])
        self.one_per_group = bool(spec.get("one-per-group", False))
        self.cap_spec = spec.get("cap")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where building moves cards: the price paid, the card built, a capped group's rest."""
        paths = [
            (spec.get("pay-from"), spec.get("pay-to"), None, False),
            (spec.get("from"), spec.get("to"), None, False),
        ]
        if spec.get("capped-to"):
            paths.append((spec.get("from"), spec.get("capped-to"), None, False))
        return paths

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Groups name declared tags and cards; every card of a group has a whole price; a cap needs somewhere to go."""
        groups = spec.get("groups") or {}
        for tag, payer in groups.items():
            where = json_path_child(f"{path}.groups", tag)
            context.check_reference("tag", where, tag)
            if payer is not None:
                context.check_reference("card", where, payer)
        price = spec.get("price")
        for card in context.cards:
            if not any(tag in groups for tag in card["tags"] if isinstance(tag, str)):
                continue
            raw = card["spec"]
            if "series_value" in card and raw.get("attribute", "value") == price:
                value = card["series_value"]
            elif price == "value" and "value" in raw:
                value = raw["value"]
            else:
                value = (raw.get("attributes") or {}).get(price) if isinstance(raw.get("attributes"), dict) else None
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                context.add(
                    card["path"],
                    # TRANSLATORS: a ruleset error: a card for sale (build) has no whole price; {card} is a card id,
                    # e.g. "saloon-2", {attribute} the card attribute that holds the price, e.g. "value".
                    _(
                        "the card {card} is built, so it needs a whole-number {attribute}",
                        card=str(card["id"])[:80],
                        attribute=str(price),
                    ),
                )
            on_take = raw.get("on-take")
            if isinstance(on_take, dict) and on_take.get("kind") not in INSTANT_EFFECTS:
                context.add(
                    card["path"] + ".on-take",
                    # TRANSLATORS: a ruleset error about a card's on-take effect; {kinds} lists effect kinds (ruleset
                    # keywords such as open-zone): keep them as they are.
                    _(
                        "a card that is built can only have an effect that needs no decision ({kinds})",
                        kinds=", ".join(INSTANT_EFFECTS),
                    ),
                )
        if spec.get("cap") is not None and not spec.get("capped-to"):
            # TRANSLATORS: a ruleset error of a build step; `capped-to` is a ruleset keyword: keep it as it is.
            context.add(path, _("a cap needs `capped-to`, the shared zone a group's other cards go to"))

    def table_problem(
        self, ruleset: Ruleset, zone: str, held: Sequence[str], held_by_all: Sequence[str], card_id: str, players: int
    ) -> str | None:
        """Why a table file may not list ``card_id`` in a player's zone ``zone`` beside ``held`` (None: it may).

        The same rules as in play: one card of each group per player, and no
        more of a group at the whole table (``held_by_all``) than the cap.
        """

        if zone != self.spec["to"]:
            return None
        group = self._group_tag(ruleset, card_id)
        if group is None:
            return None
        if self.one_per_group:
            other = next((card for card in held if self._group_tag(ruleset, card) == group), None)
            if other is not None:
                # TRANSLATORS: a table file lists two buildings of one kind for a player; {group} is the kind.
                return _(
                    "{card} and {other} are both {group}: a player holds only one of each kind",
                    card=card_name(ruleset, card_id),
                    other=card_name(ruleset, other),
                    group=tag_name(ruleset, group),
                )
        if self.cap_spec is not None:
            cap = count_for_players(self.cap_spec, players)
            built = sum(1 for card in held_by_all if self._group_tag(ruleset, card) == group)
            if built >= cap:
                # TRANSLATORS: a table file lists more buildings of one kind than the game allows; {n} is that cap,
                # {group} the kind, e.g. "Saloon", {players} the number of players.
                return ngettext(
                    "with {players} players only {n} {group} is built in all",
                    "with {players} players only {n} {group} are built in all",
                    cap,
                    players=players,
                    group=tag_name(ruleset, group),
                )
        return None

    def _group_tag(self, ruleset: Ruleset, card_id: str) -> str | None:
        """The group (a tag of ``groups``) of a card, if it belongs to one."""
        tags = ruleset.card(card_id).tags
        return next((tag for tag in self.group_payers if tag in tags), None)

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("build", BuildSpace),)

    def compile(self, game: Game) -> None:
        cards = game.cards
        self.space = game.space("build")
        self.supply_slot = game.zones.slot_of(self.spec["from"])
        self.to_zone = game.zone_index(self.spec["to"])
        self.pay_from = game.zone_index(self.spec["pay-from"])
        self.pay_to = game.zones.slot_of(self.spec["pay-to"])
        self.capped_slot = game.zones.slot_of(self.spec["capped-to"]) if self.spec.get("capped-to") else None
        self.cap = count_for_players(self.cap_spec, game.player_count) if self.cap_spec is not None else None
        price_name = self.spec["price"]
        # Per card type: its group (index into self.groups, or None) and its price.
        self.groups = tuple(self.group_payers)
        group_of, prices = [], []
        for card in cards.types:
            group = next((index for index, tag in enumerate(self.groups) if tag in card.tags), None)
            price = card.attribute(price_name)
            if price is None or price.denominator != 1 or price < 0:
                group = None  # no whole price: not for sale (validate says so for cards of a group)
            group_of.append(group)
            prices.append(int(price) if group is not None else 0)
        self.group_of = tuple(group_of)
        self.grouped_types = tuple(t for t, group in enumerate(group_of) if group is not None)
        self.prices = tuple(prices)
        self.cheapest = min((prices[t] for t in self.grouped_types), default=0)
        # Per group, its card types cheapest first (``available`` stops at the first one too dear).
        self.by_price = tuple(
            tuple(sorted((t for t in self.grouped_types if group_of[t] == group), key=prices.__getitem__))
            for group in range(len(self.groups))
        )
        self.payer_of_group = tuple(
            cards.index_of_id[payer] if payer is not None else None for payer in self.group_payers.values()
        )
        self.group_mask = tuple(
            sum(cards.type_mask[t] for t, group in enumerate(group_of) if group == index)
            for index in range(len(self.groups))
        )

    # ------------------------------------------------------------------ what may be built

    def in_supply(self, state: State) -> list[int]:
        """The card types in the supply that belong to a group, in card order."""
        offered = self._offered(state, state.zones[self.supply_slot])
        return [card_type for card_type in self.grouped_types if offered(card_type)]

    def groups_held(self, state: State, player: int) -> set[int]:
        """The groups of which ``player`` holds a card in their ``to`` zone."""
        content = state.zones[state.slot(self.to_zone, player)]
        if type(content) is int:
            return {group for group, mask in enumerate(self.group_mask) if content & mask}
        type_of = state.game.cards.type_of
        return {
            self.group_of[type_of[instance]] for instance in content if self.group_of[type_of[instance]] is not None
        }

    def buildable(self, state: State, player: int) -> list[int]:
        """The card types ``player`` may build now, whether or not they can pay."""
        held = self.groups_held(state, player) if self.one_per_group else set()
        return [card_type for card_type in self.in_supply(state) if self.group_of[card_type] not in held]

    def payments_for(self, state: State, player: int, card_type: int, held: list[int] | None = None) -> list[list[int]]:
        """Every way ``player`` can pay for a card of ``card_type`` now."""
        if held is None:
            held = held_by_type(state, state.slot(self.pay_from, player))
        return list(payments(held, self.prices[card_type], self.payer_of_group[self.group_of[card_type]]))

    def available(self, state: State, player: int) -> bool:
        # Asked at every decision of every player, so the work is per group, not per card type: the coins a
        # group is paid with are counted once, and its cards are tried cheapest first until one is too dear.
        supply = state.zones[self.supply_slot]
        if not supply:
            return False
        game = state.game
        paying = state.zones[state.slot(self.pay_from, player)]
        total = count_of(paying)
        if total < self.cheapest:
            return False
        held = self.groups_held(state, player) if self.one_per_group else ()
        offered = self._offered(state, supply)
        prices = self.prices
        for group, payer in enumerate(self.payer_of_group):
            if group in held:
                continue
            have = count_of_type(game, paying, payer) if payer is not None else total
            for card_type in self.by_price[group]:
                if prices[card_type] > have:
                    break
                if offered(card_type):
                    return True
        return False

    @staticmethod
    def _offered(state: State, supply: Any) -> Any:
        """Whether a card type lies in the supply (whose content is ``supply``), as a test: one mask test for
        a set zone."""
        if type(supply) is int:
            type_mask = state.game.cards.type_mask
            return lambda card_type: supply & type_mask[card_type]
        return set(map(state.game.cards.type_of.__getitem__, supply)).__contains__

    def legal(self, state: State, player: int) -> ActionList:
        held = held_by_type(state, state.slot(self.pay_from, player))
        action = self.space.action
        return ActionList(
            [
                action(card_type, counts)
                for card_type in self.buildable(state, player)
                for counts in self.payments_for(state, player, card_type, held)
            ],
            kind="build",
        )

    # ------------------------------------------------------------------ building

    def apply(self, state: State, player: int, action: int) -> int:
        if action not in self.space:
            # TRANSLATORS: why a build is refused, shown after "Not allowed:": the move names no card for sale.
            raise IllegalActionError.at(_("that is not a card to build"))
        card_type, counts = self.space.parts(action)
        if card_type not in self.in_supply(state):
            # TRANSLATORS: why a build is refused: the card is no longer among the cards for sale; {zone} is the
            # ruleset's name of the zone they lie in, e.g. "Building supply" (so each game says its own word).
            raise IllegalActionError.at(
                _("that card is not in the {zone}", zone=zone_name(state.ruleset, self.spec["from"]))
            )
        if self.one_per_group and self.group_of[card_type] in self.groups_held(state, player):
            # TRANSLATORS: why a build is refused: a player holds at most one card of each kind (e.g. one Saloon).
            raise IllegalActionError.at(_("you already hold a card of that kind"))
        if counts not in self.payments_for(state, player, card_type):
            payer = self.payer_of_group[self.group_of[card_type]]

            if payer is None:
                raise IllegalActionError.at(
                    # TRANSLATORS: why a build is refused: the payment is wrong; {cost} is a number of cards, e.g. 3.
                    _("it costs {cost} cards, paid with cards you have", cost=self.prices[card_type])
                )
            raise IllegalActionError.at(
                # TRANSLATORS: why a build is refused: the payment is wrong; e.g. "it costs 2 × Green, paid with cards
                # you have" ({card} is the card type the price is paid in).
                _(
                    "it costs {count} × {card}, paid with cards you have",
                    count=self.prices[card_type],
                    card=card_name(self.ruleset, state.game.cards.ids[payer]),
                )
            )
        source = state.slot(self.pay_from, player)
        paid = take_counts(state, source, counts)
        if paid:
            state.move(paid, source, self.pay_to, player=player, step=self.id)
        instance = next(
            held for held in instances_in(state.zones[self.supply_slot]) if state.game.cards.type_of[held] == card_type
        )
        to_slot = state.slot(self.to_zone, player)
        state.move((instance,), self.supply_slot, to_slot, player=player, step=self.id)
        effect = state.game.effect_for_type[card_type]
        if effect is not None:
            effect.on_take(state, player, instance, to_slot)
        self._apply_cap(state, self.group_of[card_type])
        return DECIDE

    def _apply_cap(self, state: State, group: int) -> None:
        """Once a group's cap is reached, its cards left in the supply go to ``capped-to``."""
        if self.cap is None or self.capped_slot is None:
            return
        mask = self.group_mask[group]
        built = 0
        for seat in range(state.player_count):
            content = state.zones[state.slot(self.to_zone, seat)]
            built += sum(1 for instance in instances_in(content) if mask >> instance & 1)
        if built < self.cap:
            return
        rest = [instance for instance in instances_in(state.zones[self.supply_slot]) if mask >> instance & 1]
        if rest:
            state.move(rest, self.supply_slot, self.capped_slot, step=self.id)

    def price_of(self, card_type: int) -> tuple[int, int | None]:
        """``(price, the card type it is paid in or None for any)`` of a card type for sale."""
        group = self.group_of[card_type]
        return self.prices[card_type], (self.payer_of_group[group] if group is not None else None)


# Effects a built card may have: they happen at once, with no decision (the player goes on with theirs).
INSTANT_EFFECTS = ("open-zone",)
