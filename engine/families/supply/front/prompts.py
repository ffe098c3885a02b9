"""``build CARD`` at any prompt: a human takes a card from the supply, told first what they can build and at what price.

``build`` alone lists what the player can build now (a numbered list);
``build saloon-2`` (or the card's name in the reader's language) builds that
card; when the price may be paid with different cards, the player chooses
the payment from a list, or names it at once: ``build saloon-2 green 2``.
"""

from __future__ import annotations

from typing import Any

from engine.base.formatting import card_name, face_value, format_list, format_number, ruleset_text
from engine.base.i18n import _, ngettext
from engine.families.common.front.player_input import InputProblem
from engine.families.common.front.prompting import (
    Turn,
    card_choices,
    choose,
    match_name,
    parse_card_counts,
    squash,
    word_set,
)
from engine.families.common.rules.card_counts import card_counts_text, held_by_type


def build_words() -> set[str]:
    """Words that build."""
    # TRANSLATORS: the command a player types to build a card from the supply (a building).
    return word_set("build", "bd", _("build"))


class BuildCommand:
    """Reads ``build`` for an ``anytime`` build (:class:`~engine.families.supply.rules.build.Build`)."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def words(self) -> set[str]:
        """The command's words."""
        return build_words()

    def _price_text(self, turn: Turn, card_type: int) -> str:
        price, payer = self.item.price_of(card_type)
        if payer is None:
            return ngettext("{n} card", "{n} cards", price)
        return _("{count} × {card}", count=price, card=card_name(turn.ruleset, turn.game.cards.ids[payer]))

    def hint(self, turn: Turn) -> str | None:
        """``build`` when the player can build now."""
        return _("build") if self.item.available(turn.state, turn.player) else None

    def help_lines(self, turn: Turn) -> list[str]:
        """What the player can build now and at what price, and what they cannot pay for yet."""
        state, player = turn.state, turn.player
        purse = ruleset_text(turn.ruleset, turn.game.zones.specs[self.item.pay_from].name)
        affordable, too_dear = [], []
        held = held_by_type(state, state.slot(self.item.pay_from, player))
        # Cards not affordable yet, by name and paying card: "Mill 1/2/3 (Wheat)" in one item.
        waiting: dict[tuple[str, int | None], list[int]] = {}
        for card_type in self.item.buildable(state, player):
            if self.item.payments_for(state, player, card_type, held):
                affordable.append(
                    # TRANSLATORS: a card to build and its price, e.g. "Saloon 2 (3 cards)" or "Mill 1 (2 × Wheat)";
                    # also "Saloon 1/2/3 (Green)", several values of a card paid with Green cards.
                    _(
                        "{card} ({price})",
                        card=card_name(turn.ruleset, turn.game.cards.ids[card_type]),
                        price=self._price_text(turn, card_type),
                    )
                )
            else:
                name = ruleset_text(turn.ruleset, turn.game.cards.types[card_type].name)
                waiting.setdefault((name, self.item.price_of(card_type)[1]), []).append(card_type)
        for (name, payer), card_types in waiting.items():
            if len(card_types) == 1 or payer is None:
                too_dear.extend(
                    _(
                        "{card} ({price})",
                        card=card_name(turn.ruleset, turn.game.cards.ids[card_type]),
                        price=self._price_text(turn, card_type),
                    )
                    for card_type in card_types
                )
            else:
                values = "/".join(
                    format_number(face_value(turn.ruleset, turn.game.cards.ids[card_type]) or 0)
                    for card_type in card_types
                )
                too_dear.append(
                    _(
                        "{card} ({price})",
                        card=f"{name} {values}",
                        price=card_name(turn.ruleset, turn.game.cards.ids[payer]),
                    )
                )
        lines = []
        if affordable:
            # TRANSLATORS: a line of the help: the cards the player can build now, paid from their {purse} (Coins).
            lines.append(
                _("build: you can pay from your {purse} for {cards}", purse=purse, cards=format_list(affordable))
            )
        if too_dear:
            # TRANSLATORS: a line of the help: the cards the player cannot pay for yet from their {purse} (Coins);
            # "build" is the command typed.
            lines.append(
                _("build: not enough in your {purse} yet for {cards}", purse=purse, cards=format_list(too_dear))
            )
        return lines

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """The card the words name (and its payment), or the one chosen from the lists that follow."""
        state, player = turn.state, turn.player
        space = self.item.space
        builds = list(self.item.legal(state, player))
        if not builds:
            raise InputProblem(self._why_not(turn))
        cards = sorted({space.parts(action)[0] for action in builds})
        if words:
            card_type, used = self._named_card(turn, words)
            if card_type not in cards:
                raise InputProblem(
                    # TRANSLATORS: the player typed build and a card they may not build now, e.g. "Saloon 2".
                    _("You cannot build {card} now.", card=card_name(turn.ruleset, turn.game.cards.ids[card_type]))
                )
            rest = words[used:]
        else:
            picked = choose(
                turn,
                # TRANSLATORS: heading of a numbered list of the cards the player may build now (each with its price).
                _("Which card do you build?"),
                [
                    _(
                        "{card} ({price})",
                        card=card_name(turn.ruleset, turn.game.cards.ids[card_type]),
                        price=self._price_text(turn, card_type),
                    )
                    for card_type in cards
                ],
            )
            if picked is None:
                return None
            card_type, rest = cards[picked], []
        payments = [space.parts(action)[1] for action in builds if space.parts(action)[0] == card_type]
        if rest:
            held_types = sorted({t for counts in payments for t, count in enumerate(counts) if count})
            counts, _marked = parse_card_counts(rest, card_choices(turn.ruleset, turn.game, held_types))
            return space.action(card_type, [counts.get(t, 0) for t in range(len(turn.game.cards.types))])
        if len(payments) == 1:
            return space.action(card_type, payments[0])
        picked = choose(
            turn,
            # TRANSLATORS: heading of a numbered list of ways to pay for a building; {price} is e.g. "3 cards".
            _("Pay {price} with:", price=self._price_text(turn, card_type)),
            [card_counts_text(turn.ruleset, turn.game, counts) for counts in payments],
        )
        return None if picked is None else space.action(card_type, payments[picked])

    def _named_card(self, turn: Turn, words: list[str]) -> tuple[int, int]:
        """The card type the first words name among the cards for sale, and how many words its name took.

        A name may be several words (``Gold mine 2``): the longest run of
        words that spells a name exactly wins; else the first word is read.
        """
        choices = card_choices(turn.ruleset, turn.game, self.item.in_supply(turn.state))
        for used in range(len(words), 1, -1):
            key = squash(" ".join(words[:used]))
            spelled = [value for value, names in choices if any(squash(name) == key for name in names)]
            if len(spelled) == 1:
                return spelled[0], used
        # TRANSLATORS: what the player typed should have been, in "There is no card "x" here".
        return match_name(words[0], choices, _("card")), 1

    def _why_not(self, turn: Turn) -> str:
        if not self.item.in_supply(turn.state):
            # TRANSLATORS: why build is refused: the supply of cards to build is empty.
            return _("Nothing is left to build.")
        if not self.item.buildable(turn.state, turn.player):
            # TRANSLATORS: why build is refused: a player holds at most one card of each kind (e.g. one Saloon).
            return _("You already hold a card of every kind left to build.")
        purse = ruleset_text(turn.ruleset, turn.game.zones.specs[self.item.pay_from].name)
        # TRANSLATORS: why build is refused: the player's {purse} (a zone of theirs, e.g. "Coins") holds too little.
        return _("Your {purse} cannot pay for anything left to build yet.", purse=purse)
