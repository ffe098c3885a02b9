"""The zones family's commands at any prompt: ``buy`` a closed zone (a third field), ``deposit`` cards (into a bank).

``buy`` alone asks which zone when several are for sale and which cards to
pay with when there is a choice (a numbered list); ``buy red 2 blue`` names
the payment at once. The help says what is for sale, its price and what the
player holds to pay with. ``deposit red 3`` deposits cards of one type;
``deposit`` alone asks which and how many.
"""

from __future__ import annotations

from typing import Any

from engine.base.formatting import card_name, ruleset_text
from engine.base.i18n import _
from engine.families.common.front.player_input import InputProblem
from engine.families.common.front.prompting import Turn, card_choices, choose, parse_card_counts, word_set
from engine.families.common.rules.card_counts import card_counts_text, held_by_type


def buy_words() -> set[str]:
    """Words that buy."""
    # TRANSLATORS: the command a player types to buy a zone (a third field).
    return word_set("buy", "b", _("buy"))


class BuyCommand:
    """Reads ``buy`` for an ``anytime`` zone purchase (:class:`~engine.families.zones.rules.buy_zone.BuyZone`)."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def words(self) -> set[str]:
        """The command's words."""
        return buy_words()

    def _zone_name(self, turn: Turn, zone_index: int) -> str:
        return ruleset_text(turn.ruleset, turn.game.zones.specs[zone_index].name)

    def _purse(self, turn: Turn) -> tuple[str, tuple[str, ...]]:
        """The name of the zone paid from, and its cards."""
        spec = turn.game.zones.specs[self.item.pay_from]
        return ruleset_text(turn.ruleset, spec.name), turn.observation.cards(spec.id, turn.player) or ()

    def hint(self, turn: Turn) -> str | None:
        """``buy`` when the player can buy now."""
        return _("buy") if self.item.legal(turn.state, turn.player) else None

    def help_lines(self, turn: Turn) -> list[str]:
        """What is for sale, at what price, and whether the player can pay."""
        lines = []
        cost = self.item.cost(turn.state, turn.player)
        if cost is None:
            return lines
        purse, held = self._purse(turn)
        can_pay = bool(self.item.legal(turn.state, turn.player))
        for zone_index in self.item.for_sale(turn.state, turn.player):
            zone = self._zone_name(turn, zone_index)
            if can_pay:
                # TRANSLATORS: a line of the help, e.g. "buy: pay 3 of your Coins to open Third field (you have 5)".
                lines.append(
                    _(
                        "buy: pay {cost} of your {purse} to open {zone} (you have {held})",
                        cost=cost,
                        purse=purse,
                        zone=zone,
                        held=len(held),
                    )
                )
            else:
                lines.append(
                    # TRANSLATORS: a line of the help, e.g. "buy: Third field costs 3 of your Coins; you have 2, not
                    # enough yet"; buy is the command typed (your word for it).
                    _(
                        "buy: {zone} costs {cost} of your {purse}; you have {held}, not enough yet",
                        zone=zone,
                        cost=cost,
                        purse=purse,
                        held=len(held),
                    )
                )
        return lines

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """The purchase the words name, or the one chosen from the lists that follow."""
        space = self.item.space
        buys = list(self.item.legal(turn.state, turn.player))
        if not buys:
            raise InputProblem(self._why_not(turn))
        zones = sorted({space.parts(action)[0] for action in buys})
        if len(zones) > 1:
            # TRANSLATORS: heading of a numbered list of the zones for sale, e.g. "Third field".
            picked = choose(turn, _("Which one do you buy?"), [self._zone_name(turn, zone) for zone in zones])
            if picked is None:
                return None
            zone_index = zones[picked]
        else:
            zone_index = zones[0]
        payments = [space.parts(action)[1] for action in buys if space.parts(action)[0] == zone_index]
        if words:
            held_types = sorted({turn.game.cards.index_of_id[card] for card in self._purse(turn)[1]})
            counts, _marked = parse_card_counts(words, card_choices(turn.ruleset, turn.game, held_types))
            wanted = [counts.get(type_index, 0) for type_index in range(len(turn.game.cards.types))]
            return space.action(zone_index, wanted)
        if len(payments) == 1:
            return space.action(zone_index, payments[0])
        cost = self.item.cost(turn.state, turn.player)
        purse = self._purse(turn)[0]
        picked = choose(
            turn,
            # TRANSLATORS: heading of a numbered list of ways to pay for a zone; {cost} is a number of cards, e.g. 3,
            # {purse} the zone paid from, e.g. "Coins".
            _("Pay {cost} of your {purse} with:", cost=cost, purse=purse),
            [card_counts_text(turn.ruleset, turn.game, counts) for counts in payments],
        )
        return None if picked is None else space.action(zone_index, payments[picked])

    def _why_not(self, turn: Turn) -> str:
        cost = self.item.cost(turn.state, turn.player)
        if cost is None:
            # TRANSLATORS: why buy is refused: the game has no zone to buy.
            return _("Nothing is for sale in this game.")
        if not self.item.for_sale(turn.state, turn.player):
            # TRANSLATORS: why buy is refused: the player has bought every zone for sale (e.g. their third field).
            return _("There is nothing left for you to buy.")
        purse, held = self._purse(turn)
        # TRANSLATORS: why buy is refused: too little to pay, e.g. "It costs 3 of your Coins; you have 2."
        return _("It costs {cost} of your {purse}; you have {held}.", cost=cost, purse=purse, held=len(held))


def deposit_words() -> set[str]:
    """Words that deposit."""
    # TRANSLATORS: the command a player types to deposit cards (coins into a bank).
    return word_set("deposit", "dp", _("deposit"))


class DepositCommand:
    """Reads ``deposit`` for an ``anytime`` deposit (:class:`~engine.families.zones.rules.deposit.Deposit`)."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def words(self) -> set[str]:
        """The command's words."""
        return deposit_words()

    def _zone(self, turn: Turn, zone_index: int) -> str:
        return ruleset_text(turn.ruleset, turn.game.zones.specs[zone_index].name)

    def hint(self, turn: Turn) -> str | None:
        """``deposit`` when the player may deposit now."""
        return _("deposit") if self.item.available(turn.state, turn.player) else None

    def help_lines(self, turn: Turn) -> list[str]:
        """What a deposit does, when the player may make one."""
        if not self.item.available(turn.state, turn.player):
            return []
        # TRANSLATORS: a line of the help, e.g. "deposit: move cards of one kind from your Coins to your Bank, for good".
        return [
            _(
                "deposit: move cards of one kind from your {source} to your {target}, for good",
                source=self._zone(turn, self.item.from_zone),
                target=self._zone(turn, self.item.to_zone),
            )
        ]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """The deposit the words name, or the one chosen from the lists that follow."""
        state, player = turn.state, turn.player
        if not self.item.granted(state, player):
            # TRANSLATORS: why deposit is refused: the player lacks what allows it (e.g. a Bank building).
            raise InputProblem(_("You may not deposit anything yet."))
        held = held_by_type(state, state.slot(self.item.from_zone, player))
        types = [t for t, count in enumerate(held) if count]
        if not types:
            # TRANSLATORS: why deposit is refused: nothing to deposit; {source} is the player's zone, e.g. "Coins".
            raise InputProblem(_("Your {source} is empty.", source=self._zone(turn, self.item.from_zone)))
        if words:
            counts, _marked = parse_card_counts(words, card_choices(turn.ruleset, turn.game, types))
            if len(counts) != 1:
                raise InputProblem(
                    # TRANSLATORS: the player typed deposit with several kinds of card; {card} is a card, e.g. "Red";
                    # deposit is the command typed (your word for it).
                    _(
                        "Deposit one kind of card at a time, e.g. deposit {card} 2.",
                        card=card_name(turn.ruleset, turn.game.cards.ids[types[0]]),
                    )
                )
            ((type_index, count),) = counts.items()
            return self.item.space.action(type_index, count)
        picked = choose(
            turn,
            # TRANSLATORS: heading of a numbered list of the kinds of card the player may deposit.
            _("Which cards do you deposit?"),
            [
                # TRANSLATORS: a kind of card to deposit and how many the player holds, e.g. "Red (you have 3)".
                _("{card} (you have {count})", card=card_name(turn.ruleset, turn.game.cards.ids[t]), count=held[t])
                for t in types
            ],
        )
        if picked is None:
            return None
        type_index = types[picked]
        if held[type_index] == 1:
            return self.item.space.action(type_index, 1)
        # TRANSLATORS: heading of a numbered list of how many cards of the chosen kind to deposit.
        number = choose(turn, _("How many?"), [str(n) for n in range(1, held[type_index] + 1)])
        return None if number is None else self.item.space.action(type_index, number + 1)
