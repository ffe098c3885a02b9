"""The planting prompts of a human player: the front card into a zone by its number, set-aside cards by card and zone.

The zones planted into (those with the step's tag) are numbered from 1 in
the order the ruleset declares them, the numbers the table's columns and the
harvest command use. ``plant`` asks for a zone's number (or ``done`` once
planting is optional); ``plant-all`` for a card (its number in the list, or
its name) and a zone. The actions a player may take at any time are typed at
the same prompts (see :mod:`engine.families.common.front.prompting`).
"""

from __future__ import annotations

from typing import Any

from engine.base.formatting import card_name, counted_cards, list_separator, ruleset_text, zone_word
from engine.base.i18n import _
from engine.families.common.front.player_input import InputProblem
from engine.families.common.front.prompting import (
    CommandPrompt,
    Turn,
    card_choices,
    done_words,
    is_number,
    match_name,
    or_list,
    parse_number,
)


def word(turn: Turn) -> str:
    """The word for one of the zones planted into, as the ruleset names their tag (``field``), else "zone"."""
    return zone_word(turn.ruleset, turn.node.tag)


def zone_label(turn: Turn, spec: Any) -> str:
    """A zone's translated name."""
    return ruleset_text(turn.ruleset, spec.name)


def numbered_zones(turn: Turn, numbers: list[int]) -> str:
    """``1 (First row), 2 (Second row)``: zones by the number typed and their name."""
    targets = turn.node.targets
    # TRANSLATORS: a zone by the number a player types for it, and its name, e.g. "1 (First field)".
    return list_separator().join(
        _("{number} ({zone})", number=number, zone=zone_label(turn, targets[number - 1])) for number in numbers
    )


def open_numbers(turn: Turn, type_index: int) -> list[int]:
    """The numbers of the zones a card of ``type_index`` may be planted in now."""
    node = turn.node
    return [
        number
        for number, spec in enumerate(node.targets, start=1)
        if node.space.action(type_index, spec.index) in turn.legal
    ]


def why_not(turn: Turn, spec: Any, card_id: str) -> str:
    """Why a zone does not take the card: it is closed, or it holds other cards."""

    if not turn.observation.is_open(spec.id, turn.player):
        # TRANSLATORS: a field or zone that cannot take cards yet (it must be bought first).
        return _("{zone} is closed", zone=zone_label(turn, spec))
    held = turn.observation.cards(spec.id, turn.player) or ()
    if held:
        # TRANSLATORS: why a zone does not take a card, e.g. "First field holds 2 × Blue".
        return _("{zone} holds {cards}", zone=zone_label(turn, spec), cards=counted_cards(turn.ruleset, held))
    # TRANSLATORS: why a zone does not take a card, e.g. "Third plot does not take Tulip"; {zone} is a zone's
    # name, {card} a card's name.
    return _("{zone} does not take {card}", zone=zone_label(turn, spec), card=card_name(turn.ruleset, card_id))


def zone_number(turn: Turn, typed: str) -> int:
    """The zone index a typed number names."""
    targets = turn.node.targets
    # TRANSLATORS: what a number typed at a planting prompt stands for; {zone} is the ruleset's word for one of
    # the zones planted into, e.g. "field" (else your word for "zone").
    number = parse_number(typed, 1, len(targets), _("{zone} number", zone=word(turn)))
    return targets[number - 1].index


def checked_plant(turn: Turn, type_index: int, typed: str) -> int:
    """Planting a card of ``type_index`` in the zone numbered ``typed``; a zone that does not take it is explained."""
    node = turn.node
    zone_index = zone_number(turn, typed)
    action = node.space.action(type_index, zone_index)
    if action not in turn.legal and zone_index in [spec.index for spec in node.targets]:
        spec = turn.game.zones.specs[zone_index]
        # TRANSLATORS: {reason} says why a zone does not take a card, e.g. "Third field is closed".
        raise InputProblem(_("Not there: {reason}.", reason=why_not(turn, spec, turn.game.cards.ids[type_index])))
    return action


def no_room(turn: Turn) -> str:
    """Why the set-aside cards cannot be planted now, and what to do."""
    # TRANSLATORS: said when no zone of the player's takes the cards they must plant; {zone} is the ruleset's word for
    # a zone planted into, e.g. "field"; keep "?", what they type to see the actions (e.g. harvest) that make room.
    return _("No {zone} of yours takes them now: make room first (? shows how).", zone=word(turn))


class PlantPrompt(CommandPrompt):
    """Asks a human where the front card of their hand goes (or ``done``)."""

    def _front(self, turn: Turn) -> str | None:
        cards = turn.observation.cards(turn.node.source_id, turn.player) or ()
        return cards[0] if cards else None

    def _type(self, turn: Turn) -> int | None:
        card = self._front(turn)
        return None if card is None else turn.game.cards.index_of_id[card]

    def _done_open(self, turn: Turn) -> bool:
        return turn.node.done in turn.legal

    def introduce(self, turn: Turn) -> list[str]:
        card_id = self._front(turn)
        if card_id is None:
            return []
        card = card_name(turn.ruleset, card_id)
        numbers = open_numbers(turn, self._type(turn))
        if not numbers:
            if self._done_open(turn):
                # TRANSLATORS: said at the planting prompt; {zone} is the ruleset's word for a zone planted into, e.g.
                # "field"; {card} is a card's name, e.g. "Tulip"; "done" is the command the player types (use your
                # translation of it).
                return [
                    _(
                        "No {zone} takes {card}, now at the front of your hand: type done, or make room first.",
                        zone=word(turn),
                        card=card,
                    )
                ]
            # TRANSLATORS: said at the planting prompt; {card} is a card's name, e.g. "Tulip"; {zone} is the
            # ruleset's word for a zone planted into, e.g. "field"; keep "?", what the player types to see the actions
            # (e.g. harvest) that make room.
            return [
                _(
                    "{card}, the front card of your hand, must be planted, but no {zone} of yours takes it now: "
                    "make room first (? shows how).",
                    card=card,
                    zone=word(turn),
                )
            ]
        if self._done_open(turn):
            # TRANSLATORS: said at the planting prompt; {card} is a card's name, e.g. "Tulip"; {zones} lists zones
            # by number and name, e.g. "1 (First field), 2 (Second field)"; "done" is a command (use your translation).
            return [
                _(
                    "You may also plant {card}, now at the front of your hand: {zones}; or type done.",
                    card=card,
                    zones=numbered_zones(turn, numbers),
                )
            ]
        # TRANSLATORS: said at the planting prompt; {card} is a card's name, e.g. "Tulip"; {zones} lists zones by
        # number and name, e.g. "1 (First field), 2 (Second field)".
        return [
            _("Plant {card}, the front card of your hand: {zones}.", card=card, zones=numbered_zones(turn, numbers))
        ]

    def question(self, turn: Turn) -> str:
        card_id = self._front(turn)
        if card_id is None:
            return ""
        choices = [str(number) for number in open_numbers(turn, self._type(turn))]
        if self._done_open(turn):
            choices.append(_("done"))
        if not choices:
            return ""
        # TRANSLATORS: the question of the planting prompt, e.g. "plant Red: 1, 2, or done".
        return _("plant {card}: {choices}", card=card_name(turn.ruleset, card_id), choices=or_list(choices))

    def empty_message(self, turn: Turn) -> str:
        # TRANSLATORS: at the planting prompt, when the player typed nothing; {zone} is the ruleset's word for a zone
        # planted into, e.g. "field"; keep "?", what they type for help.
        return _("Type the number of the {zone} to plant in, or ? to see what you may do.", zone=word(turn))

    def help_lines(self, turn: Turn) -> list[str]:
        card_id = self._front(turn)
        lines = []
        if card_id is not None:
            type_index = self._type(turn)
            node = turn.node
            for number, spec in enumerate(node.targets, start=1):
                action = node.space.action(type_index, spec.index)
                if action in turn.legal:
                    lines.append(f"{number}: {turn.state.describe_action(action, turn.player)}")
                else:
                    # TRANSLATORS: a line of the planting help for a zone that does not take the card; {number} is the
                    # zone's number; {reason} says why, e.g. "Third field is closed".
                    lines.append(_("{number}: not now ({reason})", number=number, reason=why_not(turn, spec, card_id)))
        if self._done_open(turn):
            # TRANSLATORS: a line of the planting help; "done" is the command the player types (use your translation).
            lines.append(_("done: stop planting (the next card stays in your hand)"))
        return lines

    def action(self, turn: Turn, words: list[str]) -> int | None:
        if words[0] in done_words() and len(words) == 1:
            return turn.node.done
        type_index = self._type(turn)
        if len(words) != 1 or type_index is None:
            # TRANSLATORS: at the planting prompt, when what the player typed cannot be read; {zone} is the ruleset's
            # word for a zone planted into, e.g. "field"; "done" is the command the player types (your translation).
            raise InputProblem(_("Type one {zone} number (the front card goes there), or done.", zone=word(turn)))
        return checked_plant(turn, type_index, words[0])


class PlantAllPrompt(CommandPrompt):
    """Asks a human which of their set-aside cards goes to which zone, one card at a time."""

    def _waiting(self, turn: Turn) -> list[tuple[int, int]]:
        """``(type index, number of cards)`` set aside, in the order they first appear."""
        counts: dict[int, int] = {}
        for card in turn.observation.cards(turn.node.source_id, turn.player) or ():
            type_index = turn.game.cards.index_of_id[card]
            counts[type_index] = counts.get(type_index, 0) + 1
        return list(counts.items())

    def _listed(self, turn: Turn) -> str:
        ids = turn.game.cards.ids
        listed = []
        for number, (type_index, count) in enumerate(self._waiting(turn), start=1):
            name = card_name(turn.ruleset, ids[type_index])
            if count > 1:
                # TRANSLATORS: several cards of one kind waiting to be planted, e.g. "Red ×2".
                name = _("{card} ×{count}", card=name, count=count)
            # TRANSLATORS: a card waiting to be planted and the number typed for it, e.g. "1. Red ×2".
            listed.append(_("{number}. {card}", number=number, card=name))
        return list_separator().join(listed)

    def _plants(self, turn: Turn) -> list[tuple[int, int, int]]:
        """``(card number, zone number, action)`` of every planting open now."""
        node = turn.node
        found = []
        for card_number, (type_index, _count) in enumerate(self._waiting(turn), start=1):
            for zone in open_numbers(turn, type_index):
                found.append((card_number, zone, node.space.action(type_index, node.targets[zone - 1].index)))
        return found

    def introduce(self, turn: Turn) -> list[str]:
        # TRANSLATORS: said when a player must plant the cards they set aside (e.g. after trading); {cards} numbers
        # them, e.g. "1. Tulip ×2, 2. Rose".
        lines = [
            _(
                "Plant every card you set aside, one at a time, in the order you choose: {cards}.",
                cards=self._listed(turn),
            )
        ]
        if not self._plants(turn):
            lines.append(no_room(turn))
        return lines

    def question(self, turn: Turn) -> str:
        plants = self._plants(turn)
        if not plants:
            return ""
        waiting = self._waiting(turn)
        if len(waiting) == 1:
            card = card_name(turn.ruleset, turn.game.cards.ids[waiting[0][0]])
            return _("plant {card}: {choices}", card=card, choices=or_list(str(zone) for _c, zone, _a in plants))
        # TRANSLATORS: the question of the prompt planting set-aside cards; {zone} is the ruleset's word for a zone
        # planted into, e.g. "field"; {example} is e.g. "1 2" (card 1 into zone 2).
        return _("card and {zone}, e.g. {example}", zone=word(turn), example=f"{plants[0][0]} {plants[0][1]}")

    def empty_message(self, turn: Turn) -> str:
        # TRANSLATORS: at the prompt planting set-aside cards, when the player typed nothing: "1 2" plants card 1 into
        # zone 2; {zone} is the ruleset's word for a zone planted into, e.g. "field"; keep "?", what they type for help.
        return _(
            "Type the card's number and the {zone}'s number (e.g. 1 2), or ? to see what you may do.", zone=word(turn)
        )

    def help_lines(self, turn: Turn) -> list[str]:
        lines = [
            f"{card} {zone}: {turn.state.describe_action(action, turn.player)}"
            for card, zone, action in self._plants(turn)
        ]
        if not lines:
            # TRANSLATORS: a line of the help when no zone takes the set-aside cards; {zone} is the ruleset's word for a
            # zone planted into, e.g. "field"; the actions that may make room (e.g. harvest) are listed below it.
            return [_("(no {zone} takes your cards now: make room with an action below)", zone=word(turn))]
        if len(self._waiting(turn)) == 1:
            # TRANSLATORS: a line of the help when the set-aside cards are all of one kind: typing a zone's number
            # alone plants one; {zone} is the ruleset's word for a zone planted into, e.g. "field".
            lines.append(_("(with one kind of card left, the {zone}'s number is enough)", zone=word(turn)))
        return lines

    def action(self, turn: Turn, words: list[str]) -> int | None:
        waiting = self._waiting(turn)
        if not waiting:
            # TRANSLATORS: at the prompt planting set-aside cards, when none is left.
            raise InputProblem(_("You have no card left to plant."))
        if not self._plants(turn):
            raise InputProblem(no_room(turn))
        if len(words) == 1 and len(waiting) == 1:
            card_word, zone_typed = None, words[0]
        elif len(words) == 2:
            card_word, zone_typed = words
        else:
            # TRANSLATORS: at the prompt planting set-aside cards, when what the player typed cannot be read: "1 2"
            # plants card 1 into zone 2; {zone} is the ruleset's word for a zone planted into, e.g. "field".
            raise InputProblem(_("Type the card's number and the {zone}'s number, e.g. 1 2.", zone=word(turn)))
        if card_word is None:
            type_index = waiting[0][0]
        elif is_number(card_word):
            # TRANSLATORS: what a number typed for a card in a numbered list stands for.
            type_index = waiting[parse_number(card_word, 1, len(waiting), _("card number")) - 1][0]
        else:
            type_index = match_name(
                card_word,
                card_choices(turn.ruleset, turn.game, [t for t, _n in waiting]),
                # TRANSLATORS: the kind of thing typed, in messages such as "There is no card \"x\" here" (a noun).
                _("card"),
            )
        return checked_plant(turn, type_index, zone_typed)
