"""The prompts of the card decisions: ``move 3 1`` (``move-in-row``), ``order 3 1 2`` (``order-back``), ``bottom`` (``peek-top``)."""

from __future__ import annotations

from engine.base.formatting import card_name, list_separator, ruleset_text
from engine.base.i18n import _
from engine.families.common.front.player_input import InputProblem
from engine.families.common.front.prompting import CommandPrompt, Turn, done_words, parse_number, word_set


def move_words() -> set[str]:
    """Words that move a card within the row."""
    # TRANSLATORS: the command a player types to move a card within their hand: "move 3 1".
    return word_set("move", "mv", _("move"))


class MoveInRowPrompt(CommandPrompt):
    """Asks a human whether to move one card of their row, and where."""

    def _row(self, turn: Turn) -> tuple[str, int]:
        spec = turn.game.zones.specs[turn.node.zone_index]
        return ruleset_text(turn.ruleset, spec.name), len(turn.state.zones[turn.state.slot(spec.index, turn.player)])

    def introduce(self, turn: Turn) -> list[str]:
        zone, _count = self._row(turn)
        # TRANSLATORS: {zone} is the name of the player's row, e.g. "Hand".
        return [
            _(
                "You may take one card of your {zone} and put it back at another position (move FROM TO), "
                "or leave it as it is (done).",
                zone=zone,
            )
        ]

    def question(self, turn: Turn) -> str:
        # TRANSLATORS: the question of the prompt that moves a card within the player's hand; "move" and "done" are
        # commands the player types (use your translations of them); FROM and TO stand for two positions.
        return _("move FROM TO, or done")

    def empty_message(self, turn: Turn) -> str:
        # TRANSLATORS: when the player's answer to the move prompt cannot be read; "move" and "done" are commands the
        # player types (use your translations of them).
        return _("Type move and two positions, e.g. move 3 1, or done.")

    def help_lines(self, turn: Turn) -> list[str]:
        zone, count = self._row(turn)
        return [
            # TRANSLATORS: help line of the move prompt; "move" is the command the player types (use your translation);
            # FROM and TO stand for positions, as in "move FROM TO, or done"; {zone} is the row, e.g. "Hand".
            _(
                "move FROM TO: the card at position FROM of your {zone} goes to position TO (1 to {count}, the "
                "front is 1)",
                zone=zone,
                count=count,
            ),
            # TRANSLATORS: help line of the move prompt; "done" is the command the player types (use your translation);
            # {zone} is the player's row, e.g. "Hand".
            _("done: leave your {zone} as it is", zone=zone),
        ]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        if len(words) == 1 and words[0] in done_words():
            return turn.node.done
        if words and words[0] in move_words():
            words = words[1:]
        if len(words) != 2:
            raise InputProblem(self.empty_message(turn))
        _zone, count = self._row(turn)
        # TRANSLATORS: what the numbers after "move" stand for.
        source = parse_number(words[0], 1, count, _("position"))
        target = parse_number(words[1], 1, count, _("position"))
        return turn.node.space.action(source - 1, target - 1)


class OrderBackPrompt(CommandPrompt):
    """Asks a human in which order the last cards of their row go: ``order 3 1 2``."""

    def _back(self, turn: Turn) -> list[str]:
        node = turn.node
        row = turn.state.card_ids_in(node.zone_index, turn.player)
        count = node.public_facts(turn.state, turn.frame)["cards"]
        return [card_name(turn.ruleset, card) for card in row[len(row) - count :]]

    def introduce(self, turn: Turn) -> list[str]:
        cards = self._back(turn)
        listed = list_separator().join(f"{number}. {card}" for number, card in enumerate(cards, start=1))
        # TRANSLATORS: {cards} numbers the last cards of the hand, e.g. "1. Tulip, 2. Rose, 3. Lily".
        return [
            _(
                "Put your last {count} cards in the order you want them, from the first to the last: {cards}.",
                count=len(cards),
                cards=listed,
            )
        ]

    def question(self, turn: Turn) -> str:
        # TRANSLATORS: the question of the order prompt; keep "order" as the command word of your language.
        return _("order and the numbers in their new order")

    def empty_message(self, turn: Turn) -> str:
        count = len(self._back(turn))
        # TRANSLATORS: when the player's answer to the order prompt cannot be read; "order" is the command the player
        # types (use your translation); {count} is the number of cards, {example} numbers to type, e.g. "3 2 1".
        return _(
            "Type order and the numbers 1 to {count} in the order you want, e.g. order {example}.",
            count=count,
            example=" ".join(str(n) for n in range(count, 0, -1)),
        )

    def help_lines(self, turn: Turn) -> list[str]:
        count = len(self._back(turn))
        # TRANSLATORS: help line of the order prompt; "order" is the command the player types (use your translation);
        # N stands for a number; {count} is the number of cards to put in order.
        return [_("order N N ...: the numbers 1 to {count}, each once, the card that goes first first", count=count)]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        if words and words[0] in order_words():
            words = words[1:]
        count = len(self._back(turn))
        if len(words) != count:
            raise InputProblem(self.empty_message(turn))
        order = [parse_number(word, 1, count, _("card number")) - 1 for word in words]
        if len(set(order)) != count:
            # TRANSLATORS: at the order prompt, a number typed twice; {count} is the number of cards to put in order.
            raise InputProblem(_("Each number from 1 to {count} once, please.", count=count))
        return turn.node.space.action(order)


def order_words() -> set[str]:
    """Words that order cards."""
    # TRANSLATORS: the command a player types to put drawn cards in order: "order 3 1 2".
    return word_set("order", "o", _("order"))


def bottom_words() -> set[str]:
    """Words that put the top card at the bottom."""
    # TRANSLATORS: the command a player types to put the card they looked at under the draw pile.
    return word_set("bottom", "b", _("bottom"))


class PeekTopPrompt(CommandPrompt):
    """Shows a human the top card of a stack and asks whether it goes to the bottom."""

    def _stack(self, turn: Turn) -> tuple[str, str]:
        node = turn.node
        spec = turn.game.zones.zone(node.zone_id)
        card = node.private_facts(turn.state, turn.frame)["card"]
        return ruleset_text(turn.ruleset, spec.name), card_name(turn.ruleset, card)

    def introduce(self, turn: Turn) -> list[str]:
        zone, card = self._stack(turn)
        # TRANSLATORS: {zone} is a stack such as "Draw pile", {card} the card on top, seen by this player only.
        return [
            _(
                "The top card of the {zone} is {card}. You may put it at the bottom (bottom) or leave it on top "
                "(done).",
                zone=zone,
                card=card,
            )
        ]

    def question(self, turn: Turn) -> str:
        # TRANSLATORS: the question of the prompt after looking at the top card of a pile; "bottom" and "done" are
        # commands the player types (use your translations of them).
        return _("bottom, or done")

    def empty_message(self, turn: Turn) -> str:
        # TRANSLATORS: when the answer to the top-card prompt cannot be read; "bottom" and "done" are commands the
        # player types (use your translations of them).
        return _("Type bottom or done.")

    def help_lines(self, turn: Turn) -> list[str]:
        zone, card = self._stack(turn)
        return [
            # TRANSLATORS: help line of the top-card prompt; "bottom" is the command the player types (use your
            # translation); {card} is the card seen, e.g. "Tulip"; {zone} a pile, e.g. "Draw pile".
            _("bottom: {card} goes to the bottom of the {zone}", card=card, zone=zone),
            # TRANSLATORS: help line of the top-card prompt; "done" is the command the player types (use your
            # translation); {card} is the card seen, e.g. "Tulip"; {zone} a pile, e.g. "Draw pile".
            _("done: {card} stays on top of the {zone}", card=card, zone=zone),
        ]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        if len(words) == 1 and words[0] in done_words():
            return turn.node.done
        if len(words) == 1 and words[0] in bottom_words():
            return turn.node.bottom
        raise InputProblem(self.empty_message(turn))
